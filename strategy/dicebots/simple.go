package dicebots

import (
	"math/bits"

	"github.com/bangsim/bangsim/sim/dice"
)

// Simple is the simple heuristic, a yardstick defined exactly (docs/policies.md) and
// cheap: a few dozen instructions a decision, against several hundred for Heuristic. It
// is the "first heuristic" of the dice-engine issue, whose speed targets it measures
// (benchmarks/BenchmarkDiceSimple): it keeps Gatlings and Bull's Eyes, keeps Beers only
// when hurt, rerolls the rest; heals itself when hurt, as a Deputy a hurt Sheriff; aims
// by role (an Outlaw at the Sheriff, everyone else away from him) at the player in range
// with the least life. It draws no random numbers.
type Simple struct{}

// Choose implements dice.Policy (a pointer receiver, as the other yardsticks').
func (*Simple) Choose(v *dice.View) int {
	d := &v.Decision
	s := v.Self & 7
	switch d.Kind {
	case dice.DecideReroll: // the commonest decision
		hurt := v.Life[s] < v.MaxLife[s]
		x := faceBits(v) // no branch on what each die shows: the dice decide that
		keep := faceOf(x, dice.Gatling) | faceOf(x, dice.BullsEye1) | faceOf(x, dice.BullsEye2) |
			faceOf(x, dice.Beer)&-b2u8(hurt)
		return int(d.Options &^ uint32(keep))
	case dice.DecideTarget:
		return simpleTarget(v, uint8(d.Options))
	case dice.DecideBeer, dice.DecideSidHeal:
		sh := v.Sheriff & 7
		if v.Life[s] >= v.MaxLife[s] && v.Sheriff >= 0 && v.Role == dice.Deputy && v.Life[sh] < v.MaxLife[sh] && d.Options>>uint(sh)&1 == 1 {
			return int(sh)
		}
		if d.Options>>uint(s)&1 == 1 {
			return int(s)
		}
		return d.Nth(0) // a roller who died mid-turn (--resolve-after-death): the first seat
	case dice.DecideBartArrow: // the arrow, unless the Indians could then kill him
		return int(b2u8(int(v.Arrows[s])+1 < int(v.Life[s])))
	case dice.DecidePedroReturn:
		return 1
	case dice.DecideKitDiscard: // his own arrow, or nothing
		if d.Options>>uint(s)&1 == 1 {
			return int(s)
		}
		return dice.Skip
	}
	return d.Nth(0) // Slab the Killer: his first Bull's Eye that can hit
}

// RecordBlind implements dice.RecordBlindPolicy: it never reads the public record.
func (*Simple) RecordBlind() bool { return true }

// simpleTarget narrows the legal targets by role (an Outlaw takes the Sheriff when in
// range; the others leave him out while anyone else is in range), then takes the one
// with the least life, the lowest seat on a tie. Selects and a minimum rather than
// branches: who is in range, and with how much life, is the dice's doing.
func simpleTarget(v *dice.View, opts uint8) int {
	if v.Sheriff >= 0 { // false only with 3 players: the same all game
		sh := uint8(1) << uint(v.Sheriff&7)
		at, away := opts&sh, opts&^sh
		if at == 0 {
			at = opts
		}
		if away == 0 {
			away = opts
		}
		outlaw := -b2u8(v.Role == dice.Outlaw)
		opts = at&outlaw | away&^outlaw
	}
	// The least (life, seat) pair, packed in one key: life is at most 127.
	best := 1 << 12
	for m := opts; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m) & 7
		best = min(best, int(v.Life[j])<<3|j)
	}
	return best & 7
}
