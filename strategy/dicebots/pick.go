package dicebots

import (
	"github.com/bangsim/bangsim/internal/fastrand"
	"github.com/bangsim/bangsim/sim/dice"
)

// uniform returns a legal choice of d drawn uniformly.
func uniform(v *dice.View) int {
	d := &v.Decision
	return d.Nth(int(fastrand.UintN(v.Rand, uint64(d.Count()))))
}

// coin returns true with probability 1/2.
func coin(v *dice.View) bool { return v.Rand.Uint64()>>63 == 1 }

// randomChoice is the random policy's rule for every kind of decision: rerolls are a
// uniformly random subset (each die with probability 1/2), yes/no abilities a fair coin,
// optional abilities (Slab, Kit Carlson) a fair coin and then a uniform choice, and
// targets, Beers and Sid Ketchum's heal uniform over the legal players.
func randomChoice(v *dice.View) int {
	d := &v.Decision
	switch d.Kind {
	case dice.DecideReroll:
		return int(uint32(v.Rand.Uint64()) & d.Options)
	case dice.DecideBartArrow, dice.DecidePedroReturn:
		return int(v.Rand.Uint64() >> 63)
	case dice.DecideSlab, dice.DecideKitDiscard:
		if !coin(v) {
			return dice.Skip
		}
		rest := d.Options &^ (1 << dice.Skip)
		sub := dice.Decision{Kind: d.Kind, Options: rest}
		return sub.Nth(int(fastrand.UintN(v.Rand, uint64(sub.Count()))))
	default:
		return uniform(v)
	}
}
