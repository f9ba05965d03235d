package card

import (
	"fmt"
	"hash"
	"hash/fnv"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/internal/seed"
)

// The fingerprint tests pin the games themselves: the same seed must play the same game
// (the same decisions offered in the same order, the same choices by `random`, the same
// outcome) through every change made for speed. The hashes were recorded from the
// engine before its speed work, and again when Suzy Lafayette's draw moved after her
// last card's effect (C20 as amended, 2026-11-26); a change that alters one changes the
// games, which is a rules change, not an optimisation.

// fingerprintSeeds is how many games each table size and deal plays.
var fingerprintSeeds = map[Deal]uint64{DealRandom: 2000, DealPlain: 500}

// wantGames holds the recorded hash of every game's end state, by deal and players.
var wantGames = map[string]uint64{
	"random/p4": 0x92db388c2dd03f19, "random/p5": 0x77da32bddf8953ee,
	"random/p6": 0xb472b35202aaf5e9, "random/p7": 0xc884e2a3ecffe581,
	"plain/p4": 0xac9b3cb513736b3a, "plain/p5": 0x58120441f29b3af,
	"plain/p6": 0xde6d1ac8a6e0403, "plain/p7": 0xf3cfd5606803f85d,
}

// wantRuleGames holds the recorded hash of every game's end state under rule options,
// characters at random, ruleSeeds games each: the High Noon timer after the first
// reshuffle, and a removed card set (every Dynamite, Jail and Volcanic, one Barrel).
var wantRuleGames = map[string]uint64{
	"noon/p4": 0x602f52bc6c000f30, "noon/p5": 0x25d52d1aa3dd6124,
	"noon/p6": 0xbdd96264ea835c5d, "noon/p7": 0x3c790feb813ede2f,
	"removed/p4": 0x4c58b880fbf686af, "removed/p5": 0x5fca2e5128e51bae,
	"removed/p6": 0x355ae414da1754d2, "removed/p7": 0x3cd396240365e006,
}

const ruleSeeds = 500

// ruleVariants returns the rule options wantRuleGames covers, for n players.
func ruleVariants(n int) map[string]Rules {
	noon := DefaultRules(n)
	noon.HighNoon = 1
	removed := DefaultRules(n)
	for _, k := range []Kind{Dynamite, Jail, Volcanic} {
		removed.Remove(KindSet(k).Cards(nil)...)
	}
	removed.Remove(KindSet(Barrel).First())
	return map[string]Rules{"noon": noon, "removed": removed}
}

// wantDecisions holds the recorded hash of every decision asked (its header, its
// options and the choice), by players, over decisionSeeds games with characters at random.
var wantDecisions = map[string]uint64{
	"p4": 0x47c94b14de853185, "p5": 0xd22010e925836fa0,
	"p6": 0x10f767885e63ec85, "p7": 0xf2909a38ac96bb38,
}

const decisionSeeds = 300

// hashGame writes everything a finished game left behind into h: the board, the record,
// the counters, the outcome, the roles, the hands and both piles.
func hashGame(h hash.Hash64, g *State) {
	enginetest.Write(h, &g.Board, &g.Record, &g.Counters, &g.Outcome, &g.Role, &g.Hand,
		g.deck[:g.DeckLen], g.pile[:g.DiscardLen])
}

// hashDecision writes a decision asked and the choice applied into h.
func hashDecision(h hash.Hash64, d *Decision, choice int) {
	enginetest.Write(h, d.Kind, d.Seat, d.From, d.Card, d.Need, d.N, d.Yard, d.Options[:d.N], int32(choice))
}

// gamesHash plays games seeds 0..n-1 on tb and hashes their end states.
func gamesHash(tb *Table, n uint64) uint64 {
	h := fnv.New64a()
	for i := uint64(0); i < n; i++ {
		g := tb.Play(seed.ForGame(11, i))
		hashGame(h, g)
	}
	return h.Sum64()
}

// fingerprintTable returns a table of `random` at every seat. wrap hides Random behind
// a plain Policy (only Choose), so the table plays it through the full View.
func fingerprintTable(t testing.TB, r Rules, wrap bool) *Table {
	tb := randomTable(t, r)
	if wrap {
		for i := range tb.ByRole {
			tb.ByRole[i] = opaque{p: &Random{}}
		}
	}
	return tb
}

// opaque hides a policy's optional interfaces: the Table sees only Choose. With h set
// it hashes every decision its View shows and the choice made.
type opaque struct {
	p Policy
	h hash.Hash64
}

func (o opaque) Choose(v *View) int {
	c := o.p.Choose(v)
	if o.h != nil {
		hashDecision(o.h, &v.Decision, c)
	}
	return c
}

func deals() []Deal { return []Deal{DealRandom, DealPlain} }

// TestFingerprintGames: every game of `random` ends exactly as recorded, whether the
// Table plays Random on its fast path or through a full View.
func TestFingerprintGames(t *testing.T) {
	for _, deal := range deals() {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			name := fmt.Sprintf("%s/p%d", deal, n)
			r := DefaultRules(n)
			r.Deal = deal
			for _, wrap := range []bool{false, true} {
				seeds := fingerprintSeeds[deal]
				if wrap {
					seeds /= 4
				}
				got := gamesHash(fingerprintTable(t, r, wrap), seeds)
				want := wantGames[name]
				if wrap {
					want = gamesHash(fingerprintTable(t, r, false), seeds)
				}
				if got != want {
					t.Errorf("%s (wrapped %v): games hash %#x, want %#x", name, wrap, got, want)
				}
			}
		}
	}
}

// TestFingerprintRules: games under rule options end exactly as recorded.
func TestFingerprintRules(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for v, r := range ruleVariants(n) {
			name := fmt.Sprintf("%s/p%d", v, n)
			if got := gamesHash(fingerprintTable(t, r, false), ruleSeeds); got != wantRuleGames[name] {
				t.Errorf("%s: games hash %#x, want %#x", name, got, wantRuleGames[name])
			}
		}
	}
}

// TestFingerprintDecisions: every decision asked in games of `random` (characters at
// random) is the one recorded, with the same options in the same order and the same
// choice, as the OnDecision hook sees them (Random on the Table's fast path, or behind
// a plain Policy) and as a policy's View shows them (no hook).
func TestFingerprintDecisions(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		name := fmt.Sprintf("p%d", n)
		for _, mode := range []string{"hook", "hook-wrapped", "view"} {
			tb := fingerprintTable(t, DefaultRules(n), mode != "hook")
			h := fnv.New64a()
			if mode == "view" {
				for i := range tb.ByRole {
					tb.ByRole[i] = opaque{&Random{}, h}
				}
			} else {
				tb.OnDecision = func(d *Decision, choice int) { hashDecision(h, d, choice) }
			}
			for i := uint64(0); i < decisionSeeds; i++ {
				g := tb.Play(seed.ForGame(12, i))
				hashGame(h, g)
			}
			if got := h.Sum64(); got != wantDecisions[name] {
				t.Errorf("%s (%s): decisions hash %#x, want %#x", name, mode, got, wantDecisions[name])
			}
		}
	}
}
