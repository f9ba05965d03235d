package dicebots_test

import (
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/sim/dice/odds"
	_ "github.com/bangsim/bangsim/strategy/dicebots"
)

// The habits' dice rules are registered with the exact odds, follow the rules of the
// dice (Exact rejects an illegal reroll), and never beat the optimum.
func TestHabitsFollowedByOdds(t *testing.T) {
	for _, name := range []string{"heuristic", "chase-gatling", "no-third-dynamite", "reroll-arrows", "keep-bullseyes", "bank-beers"} {
		for _, ch := range []dice.Character{dice.Plain, dice.BlackJack, dice.WillyTheKid, dice.LuckyDuke} {
			for _, o := range []string{"gatling", "dynamite", "bullseyes=2", "no-arrows"} {
				obj, err := odds.ParseObjective(o)
				if err != nil {
					t.Fatal(err)
				}
				s := odds.DefaultSetup()
				s = s.WithCharacter(ch)
				p, err := odds.NamedPolicy(name, obj, s)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				got, err := odds.Exact(obj, s, p)
				if err != nil {
					t.Fatalf("%s %s %s: %v", name, ch, o, err)
				}
				best, err := odds.Exact(obj, s, nil)
				if err != nil {
					t.Fatal(err)
				}
				if got.Cmp(best) > 0 {
					t.Errorf("%s %s %s: %s beats the optimum %s", name, ch, o, got.FloatString(6), best.FloatString(6))
				}
			}
		}
	}
}

// Chasing the Gatling must fire it more often than the heuristic's dice rule, and the
// heuristic's rule more often than never rerolling: the habits are really different.
func TestChaseGatlingFiresMore(t *testing.T) {
	obj, _ := odds.ParseObjective("gatling")
	s := odds.DefaultSetup()
	val := func(name string) float64 {
		p, err := odds.NamedPolicy(name, obj, s)
		if err != nil {
			t.Fatal(err)
		}
		r, err := odds.Exact(obj, s, p)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := r.Float64()
		return f
	}
	chase, heur, keep := val("chase-gatling"), val("heuristic"), val("keep")
	if !(chase > heur && heur > keep) {
		t.Fatalf("P(gatling): chase-gatling %.6f, heuristic %.6f, keep %.6f; want strictly decreasing", chase, heur, keep)
	}
}
