package benchmarks

import (
	"math/bits"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
)

// simpleHeuristic is the dice-engine issue's "simple heuristic", so its speed targets
// can be measured in their own words: it keeps Gatlings and Bull's Eyes, rerolls the
// rest (Arrows included), keeps Beers only when hurt, heals itself when hurt and
// otherwise a hurt Sheriff it serves, and aims by role as far as it can see (an Outlaw
// at the Sheriff; the law and the Renegade away from him), at the weakest player in
// range. Abilities: Bart takes the arrow unless the Indians could then kill him, Pedro
// returns an arrow, Slab doubles his first Bull's Eye, Kit discards his own arrow. It
// reads the View only, a few dozen instructions a decision: much cheaper than the
// default heuristic, which the strategy-lab issue grew from it.
type simpleHeuristic struct{}

// Choose implements dice.Policy.
func (simpleHeuristic) Choose(v *dice.View) int {
	d := &v.Decision
	s := v.Self & 7
	hurt := v.Life[s] < v.MaxLife[s]
	switch d.Kind {
	case dice.DecideReroll:
		var keep uint32
		for i, f := range v.Dice {
			if f == dice.Gatling || f == dice.BullsEye1 || f == dice.BullsEye2 || (f == dice.Beer && hurt) {
				keep |= 1 << uint(i)
			}
		}
		return int(d.Options &^ keep)
	case dice.DecideTarget:
		return simpleTarget(v, uint8(d.Options))
	case dice.DecideBeer, dice.DecideSidHeal:
		sh := v.Sheriff & 7
		if !hurt && v.Sheriff >= 0 && v.Role == dice.Deputy && v.Life[sh] < v.MaxLife[sh] && d.Options>>uint(sh)&1 == 1 {
			return int(sh)
		}
		return int(s) // the deciding player is alive, so always a legal recipient
	case dice.DecideBartArrow:
		return b2i(int(v.Arrows[s])+1 < int(v.Life[s]))
	case dice.DecidePedroReturn:
		return 1
	case dice.DecideKitDiscard:
		if d.Options>>uint(s)&1 == 1 {
			return int(s)
		}
		return dice.Skip
	}
	return d.Nth(0)
}

// simpleTarget picks the Bull's Eye's target by role among the legal seats, then the
// one with the least life (the lowest seat on a tie).
func simpleTarget(v *dice.View, opts uint8) int {
	if v.Sheriff >= 0 {
		sh := uint8(1) << uint(v.Sheriff&7)
		switch {
		case v.Role == dice.Outlaw && opts&sh != 0:
			return int(v.Sheriff)
		case v.Role != dice.Outlaw && opts&^sh != 0:
			opts &^= sh
		}
	}
	best, least := -1, int8(127)
	for m := opts; m != 0; m &= m - 1 {
		if j := bits.TrailingZeros8(m); v.Life[j] < least {
			best, least = j, v.Life[j]
		}
	}
	return best
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// BenchmarkDiceSimple plays five-player games with simpleHeuristic at every seat: the
// dice-engine issue's targets as it words them (a simple heuristic; plain characters,
// and characters at random).
func BenchmarkDiceSimple(b *testing.B) {
	b.Run("random", func(b *testing.B) {
		benchPolicy(b, dice.DefaultRules(5), func() dice.Policy { return simpleHeuristic{} }, "simple")
	})
	b.Run("plain", func(b *testing.B) {
		r := dice.DefaultRules(5)
		r.Deal = dice.DealPlain
		benchPolicy(b, r, func() dice.Policy { return simpleHeuristic{} }, "simple")
	})
}

// TestSimpleHeuristicLegal checks that the benchmark's simple heuristic never makes an
// illegal choice (which the engine would replace, so the benchmark would time another
// policy) at any table size, with characters at random and plain.
func TestSimpleHeuristicLegal(t *testing.T) {
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		for _, deal := range []dice.Deal{dice.DealRandom, dice.DealPlain} {
			r := dice.DefaultRules(n)
			r.Deal = deal
			var byRole [dice.NumRoles]dice.Policy
			for i := range byRole {
				byRole[i] = simpleHeuristic{}
			}
			tb, err := dice.NewTable(r, byRole)
			if err != nil {
				t.Fatal(err)
			}
			for i := range uint64(2000) {
				if g := tb.Play(seed.ForGame(3, i)); g.Illegal != 0 || !g.Over {
					t.Fatalf("%d players, deal %v, game %d: %d illegal choices, over %v", n, deal, i, g.Illegal, g.Over)
				}
			}
		}
	}
}
