package card

import "github.com/bangsim/bangsim/internal/fastrand"

// Random is the `random` yardstick (shared/rules/card.md, R1–R7): at every decision it
// chooses uniformly among the options the rules list for it, which the engine puts
// first: Options[:Yard]. One draw of fastrand.UintN(v.Rand, Yard) a decision, from the
// seat's own stream. How R's composite choices come out of that:
//   - R3, phase 3: the engine asks for one card at a time until the hand fits; a card
//     drawn uniformly each time, without replacement, makes a uniformly random subset
//     of the needed size.
//   - R2/R5, Sid Ketchum's "heal": one option; the engine then asks for his two cards
//     one at a time (DecideSidCard), and two uniform draws without replacement make a
//     uniformly random pair.
//   - Decisions with one option are not asked (the engine takes it), so they draw
//     nothing.
//
// Random reads nothing but the decision and draws nothing else: it is record-blind.
type Random struct{}

// Choose implements Policy.
func (*Random) Choose(v *View) int {
	n := uint64(v.Decision.Yard)
	if n == 0 {
		n = uint64(v.Decision.N)
	}
	return int(fastrand.UintN(v.Rand, n))
}

// RecordBlind implements RecordBlindPolicy: Random never reads the public record.
func (*Random) RecordBlind() bool { return true }
