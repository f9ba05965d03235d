package dice

import (
	"strings"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// resumeCheck is a policy that, at every decision, checks that the copy of the live game
// it took at its previous decision, played on by the machine with the choice made then,
// arrives at this very decision and table: what a policy that calls Determinize relies
// on. Its choices are a hash of the position, so they vary without a random stream.
type resumeCheck struct {
	t         *testing.T
	where     *string
	prev      *State
	prevShown *bool
	prevPick  *int
	checked   *int
	lookahead bool
}

func (c resumeCheck) Lookahead() bool { return c.lookahead }

func (c resumeCheck) Choose(v *View) int {
	c.t.Helper()
	if c.lookahead { // the straight-line driver's State is not a machine's: no check
		c.compare(v.game)
	}
	d := &v.Decision
	pick := 0
	if d.Kind == DecideReroll {
		pick = int(uint32(v.Turn)*2654435761>>7) & int(d.Options)
	} else {
		pick = d.Nth(int(uint(v.Turn)+uint(d.Die)+uint(d.Kind)) % d.Count())
	}
	*c.prev = *v.game
	*c.prevShown, *c.prevPick = true, pick
	return pick
}

// compare plays the previous copy on with the previous choice and requires g.
func (c resumeCheck) compare(g *State) {
	c.t.Helper()
	if !*c.prevShown {
		return
	}
	cp := *c.prev
	cp.trace.on = false
	cp.Apply(*c.prevPick)
	*c.checked++
	if cp.Public != g.Public || cp.Outcome != g.Outcome || cp.dec != g.dec {
		c.t.Fatalf("%s: the copy taken at the previous decision, played on, is not the game\ncopy: %+v %+v\ngame: %+v %+v",
			*c.where, cp.dec, cp.Board, g.dec, g.Board)
	}
}

// TestLookaheadGamesCanBeCopiedAnywhere: with a LookaheadPolicy at a seat, the Table
// plays on the state machine, and a copy of the game taken at any decision resumes
// exactly as the game goes on (3 to 8 players, characters at random, both Play and
// Finish). And the same games, without the policy's Lookahead, end exactly alike: the
// machine and the straight-line driver play the same rules.
func TestLookaheadGamesCanBeCopiedAnywhere(t *testing.T) {
	where := ""
	var prev State
	var shown bool
	var pick, checked int
	for n := MinPlayers; n <= MaxPlayers; n++ {
		r := DefaultRules(n)
		for i := range uint64(150) {
			gs := 0x5eed + i*0x9e3779b97f4a7c15 + uint64(n)
			var ends [2]State
			for k, look := range []bool{true, false} {
				var by [NumRoles]Policy
				for j := range by {
					by[j] = resumeCheck{t, &where, &prev, &shown, &pick, &checked, look}
				}
				tb, err := NewTable(r, by)
				if err != nil {
					t.Fatal(err)
				}
				shown = false
				if look {
					where = "Play"
					tb.Play(gs)
					// The last decision's copy, played on, ends the game as it ended.
					resumeCheck{t, &where, &prev, &shown, &pick, &checked, look}.compare(&tb.State)
					played := tb.State
					// Finish from a game set up, and from one waiting at its first
					// decision, plays the same game on the machine.
					s1, s2, s3, s4 := seed.Streams(gs)
					for _, start := range []bool{false, true} {
						where, shown = "Finish", false
						tb.State.Setup(&r, s1, s2)
						if start {
							tb.State.Start()
						}
						tb.Finish(s3, s4)
						if tb.State.Public != played.Public || tb.State.Outcome != played.Outcome {
							t.Fatalf("%d players, seed %#x: Finish (started %v) ends otherwise than Play", n, gs, start)
						}
					}
				} else {
					tb.Play(gs)
				}
				ends[k] = tb.State
			}
			if ends[0].Public != ends[1].Public || ends[0].Outcome != ends[1].Outcome {
				t.Fatalf("%d players, seed %#x: the stepped game ends otherwise than the straight-line one", n, gs)
			}
		}
	}
	t.Logf("%d copies checked", checked)
	if checked < 10_000 {
		t.Fatalf("only %d copies checked", checked)
	}
}

// determinizer calls Determinize but does not say so.
type determinizer struct{ dst *State }

func (p determinizer) Choose(v *View) int {
	v.Determinize(p.dst, 1, 2)
	return v.Decision.Nth(0)
}

// TestDeterminizeRefusesTheStraightLineDriver: a policy that calls Determinize without
// implementing LookaheadPolicy gets a panic that says what to do, not a copy that would
// resume at the wrong place.
func TestDeterminizeRefusesTheStraightLineDriver(t *testing.T) {
	var by [NumRoles]Policy
	var dst State
	for j := range by {
		by[j] = determinizer{&dst}
	}
	tb, err := NewTable(DefaultRules(5), by)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		msg, _ := recover().(string)
		if !strings.Contains(msg, "LookaheadPolicy") {
			t.Fatalf("recovered %q, want a panic naming LookaheadPolicy", msg)
		}
	}()
	tb.Play(1)
	t.Fatal("Determinize copied a game the straight-line driver was playing")
}

// tamperingSearcher writes its View's Omniscient and Self (a policy may write its View)
// and then calls Determinize, counting the copies that hold a living player's hidden
// role other than its own.
type tamperingSearcher struct {
	dst                 *State
	copies, hiddenShown *int
}

func (tamperingSearcher) Lookahead() bool { return true }

func (p tamperingSearcher) Choose(v *View) int {
	self := v.Self
	v.Omniscient = true
	v.Self = (v.Self + 1) % int8(v.Players)
	v.Determinize(p.dst, 1, 2)
	*p.copies++
	for s := range int(p.dst.Players) {
		if int8(s) != self && v.game.Revealed[s] == RoleUnknown && p.dst.Role[s] != RoleUnknown {
			*p.hiddenShown++
			break
		}
	}
	return v.Decision.Nth(0)
}

// TestDeterminizeIgnoresATamperedView: a policy that sets its View's Omniscient and
// Self before calling Determinize still gets a copy in which every role its player
// cannot see is unknown (the Table, not the View, says who decides and who is
// omniscient; an audit found every role shown at 1,543 of 1,543 such decisions).
func TestDeterminizeIgnoresATamperedView(t *testing.T) {
	var dst State
	copies, shown := 0, 0
	var by [NumRoles]Policy
	for j := range by {
		by[j] = tamperingSearcher{&dst, &copies, &shown}
	}
	tb, err := NewTable(DefaultRules(5), by)
	if err != nil {
		t.Fatal(err)
	}
	for i := range uint64(30) {
		tb.Play(seed.ForGame(3, i))
	}
	if copies == 0 {
		t.Fatal("no copies made")
	}
	if shown != 0 {
		t.Errorf("%d of %d copies showed a hidden role to a non-omniscient policy", shown, copies)
	}
}
