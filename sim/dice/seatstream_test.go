package dice_test

// Each seat draws from its own policy stream, and what a policy needs from the Table
// can be declared (Table.RoleNeeds, Table.SeatNeeds) as well as discovered.

import (
	"fmt"
	"slices"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
)

// draws is what every seat's policy drew from View.Rand, in order.
type draws [dice.MaxPlayers][]uint64

// drawer always takes the lowest legal option, so the game does not depend on what it
// draws, and draws per(i) values at its i-th decision.
type drawer struct {
	per  func(i int) int
	i    int
	log  *draws
	look bool // declares Lookahead, so the game runs on the state machine
}

// Choose implements dice.Policy.
func (d *drawer) Choose(v *dice.View) int {
	for range d.per(d.i) {
		d.log[v.Self] = append(d.log[v.Self], v.Rand.Uint64())
	}
	d.i++
	return v.Decision.Nth(0)
}

// Lookahead implements dice.LookaheadPolicy.
func (d *drawer) Lookahead() bool { return d.look }

func oneToThree(i int) int { return 1 + i%3 }
func four(int) int         { return 4 }

// drivers are the ways a Table calls its policies: the straight-line driver untraced
// (decide) and traced (ask), the state machine (a lookahead seat), and Finish from a
// set-up game.
var drivers = []string{"play", "traced", "lookahead", "finish"}

// playDraws plays game gs at n players with a drawer at every seat (seat s drawing
// per[s], seat salts as given) and returns what each seat drew.
func playDraws(t *testing.T, driver string, n int, gs uint64, per [dice.MaxPlayers]func(int) int, salt [dice.MaxPlayers]uint64) (out draws) {
	t.Helper()
	r := dice.DefaultRules(n)
	tb := &dice.Table{Rules: r, SeatSalt: salt}
	for s := 0; s < n; s++ {
		tb.BySeat[s] = &drawer{per: per[s], log: &out, look: driver == "lookahead" && s == 1}
	}
	switch driver {
	case "traced":
		tb.OnEvents = func([]dice.Event) {}
	case "finish":
		s1, s2, s3, s4 := seed.Streams(gs)
		tb.State.Setup(&r, s1, s2)
		tb.Finish(s3, s4)
		return out
	}
	tb.Play(gs)
	return out
}

// TestSeatStreamsAreIndependent: a seat's policy stream depends on the game and the seat
// (and its salt) only. Changing one seat's policy to one that draws a different number
// of values, or salting that seat, leaves every other seat's draws exactly as they were;
// salting changes the salted seat's own draws; and no two seats draw the same values.
func TestSeatStreamsAreIndependent(t *testing.T) {
	t.Parallel()
	games := uint64(20)
	if testing.Short() {
		games = 4
	}
	for _, driver := range drivers {
		for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
			for i := range games {
				gs := seed.ForGame(51, i)
				focal := int(i) % n
				var per [dice.MaxPlayers]func(int) int
				for s := range per {
					per[s] = oneToThree
				}
				var salt [dice.MaxPlayers]uint64
				base := playDraws(t, driver, n, gs, per, salt)
				what := fmt.Sprintf("%s, %d players, seed %#x, focal seat %d", driver, n, gs, focal)

				for a := 0; a < n; a++ { // (b) seats draw from different streams
					if len(base[a]) == 0 {
						continue
					}
					for b := a + 1; b < n; b++ {
						if len(base[b]) > 0 && base[a][0] == base[b][0] {
							t.Fatalf("%s: seats %d and %d drew the same first value", what, a, b)
						}
					}
				}

				per[focal] = four // (a) another policy at the focal seat
				other := playDraws(t, driver, n, gs, per, salt)
				salt[focal] = 7 // and its own stream too
				salted := playDraws(t, driver, n, gs, per, salt)
				for s := 0; s < n; s++ {
					if s == focal {
						continue
					}
					if !slices.Equal(base[s], other[s]) || !slices.Equal(base[s], salted[s]) {
						t.Fatalf("%s: seat %d drew otherwise when only the focal seat changed\nbase:   %x\nother:  %x\nsalted: %x",
							what, s, base[s], other[s], salted[s])
					}
				}
				if len(base[focal]) == 0 {
					continue // the focal seat never decided
				}
				if len(base[focal]) == len(other[focal]) {
					t.Fatalf("%s: the focal seat's policies drew alike (%d values): the test proves nothing", what, len(base[focal]))
				}
				if k := min(len(base[focal]), len(other[focal])); !slices.Equal(base[focal][:k], other[focal][:k]) {
					t.Fatalf("%s: the focal seat's unsalted stream depends on its policy", what)
				}
				if len(salted[focal]) == 0 || salted[focal][0] == other[focal][0] {
					t.Fatalf("%s: salting the focal seat did not change its draws", what)
				}
			}
		}
	}
}

// TestPolicySeedDistinct: every (seat, salt) pair of one game gets its own seed words,
// and so does every game.
func TestPolicySeedDistinct(t *testing.T) {
	seen := map[[2]uint64]string{}
	for g := range uint64(50) {
		_, _, w1, w2 := seed.Streams(seed.ForGame(52, g))
		for s := range dice.MaxPlayers {
			for _, salt := range []uint64{0, 1, 2, 1 << 40} {
				a, b := dice.PolicySeed(w1, w2, s, salt)
				key := fmt.Sprintf("game %d seat %d salt %d", g, s, salt)
				if prev, dup := seen[[2]uint64{a, b}]; dup {
					t.Fatalf("%s and %s get the same stream", prev, key)
				}
				seen[[2]uint64{a, b}] = key
			}
		}
	}
}

// hiding wraps a policy and forwards only Choose: the OmniscientPolicy, RecordBlindPolicy
// and LookaheadPolicy methods of the policy inside are invisible to the Table.
type hiding struct{ p dice.Policy }

// Choose implements dice.Policy.
func (h hiding) Choose(v *dice.View) int { return h.p.Choose(v) }

// needsCheck checks, at every decision, the View a policy with the given needs must get.
type needsCheck struct {
	t       *testing.T
	needs   dice.Needs
	checked *int
	scratch *dice.State
}

// Omniscient implements dice.OmniscientPolicy.
func (c needsCheck) Omniscient() bool { return c.needs&dice.NeedsAllRoles != 0 }

// RecordBlind implements dice.RecordBlindPolicy.
func (c needsCheck) RecordBlind() bool { return c.needs&dice.NeedsNoRecord != 0 }

// Lookahead implements dice.LookaheadPolicy.
func (c needsCheck) Lookahead() bool { return c.needs&dice.NeedsLookahead != 0 }

// Choose implements dice.Policy.
func (c needsCheck) Choose(v *dice.View) int {
	c.t.Helper()
	*c.checked++
	if c.needs&dice.NeedsAllRoles != 0 {
		for s := 0; s < int(v.Players); s++ {
			if !v.Omniscient || v.Revealed[s] == dice.RoleUnknown {
				c.t.Fatalf("omniscient seat %d sees seat %d as %s (Omniscient %v)", v.Self, s, v.Revealed[s], v.Omniscient)
			}
		}
	} else if v.Omniscient {
		c.t.Fatalf("seat %d is shown every role without asking", v.Self)
	}
	if c.needs&dice.NeedsNoRecord != 0 && (v.Hits != [dice.MaxPlayers][dice.MaxPlayers]uint8{} || v.Heals != [dice.MaxPlayers][dice.MaxPlayers]uint8{}) {
		c.t.Fatalf("record-blind seat %d is shown the record", v.Self)
	}
	if c.needs&dice.NeedsLookahead != 0 {
		v.Determinize(c.scratch, 1, 2) // panics on the straight-line driver
	}
	return v.Decision.Nth(0)
}

// TestDeclaredNeeds: a wrapper that hides its policy's interfaces, declared through
// RoleNeeds (or SeatNeeds for a BySeat policy), gets what the declaration asks for; and
// NeedsOf reads what the interfaces say.
func TestDeclaredNeeds(t *testing.T) {
	t.Parallel()
	var scratch dice.State
	for _, needs := range []dice.Needs{0, dice.NeedsAllRoles, dice.NeedsNoRecord, dice.NeedsLookahead,
		dice.NeedsAllRoles | dice.NeedsNoRecord | dice.NeedsLookahead} {
		checked := 0
		inner := needsCheck{t, needs, &checked, &scratch}
		if got := dice.NeedsOf(inner); got != needs {
			t.Fatalf("NeedsOf = %b, want %b", got, needs)
		}
		if got := dice.NeedsOf(hiding{inner}); got != 0 {
			t.Fatalf("NeedsOf(wrapper) = %b, want 0", got)
		}
		for _, bySeat := range []bool{false, true} {
			r := dice.DefaultRules(5)
			var by [dice.NumRoles]dice.Policy
			for i := range by {
				by[i] = hiding{inner}
			}
			tb, err := dice.NewTable(r, by)
			if err != nil {
				t.Fatal(err)
			}
			if bySeat {
				for s := range tb.BySeat {
					tb.BySeat[s] = hiding{inner}
					tb.SeatNeeds[s] = needs
				}
			} else {
				for i := range tb.RoleNeeds {
					tb.RoleNeeds[i] = needs
				}
			}
			for i := range uint64(20) {
				tb.Play(seed.ForGame(53, i))
			}
		}
		if checked < 100 {
			t.Fatalf("needs %b: only %d decisions checked", needs, checked)
		}
	}
}
