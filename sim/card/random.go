package card

import (
	"math/rand/v2"

	"github.com/bangsim/bangsim/internal/fastrand"
)

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
//     nothing; nor does one whose yard is one option with legal plays past it (the
//     end of phase 2 beside a Beer that would not heal): R lists one option, so there
//     is nothing to decide, and a reimplementation of R would draw nothing there.
//
// Random reads nothing but the decision's size and draws nothing else: it is
// record-blind and a CountPolicy (the Table plays it without a View, making the very
// same draw itself).
type Random struct{}

// Choose implements Policy.
func (p *Random) Choose(v *View) int {
	return p.ChooseCount(v.Decision.Kind, int(v.Decision.N), int(v.Decision.Yard), v.Rand)
}

// ChooseCount implements CountPolicy: one uniform draw among the first yard options
// (all n when yard is 0).
func (*Random) ChooseCount(_ DecisionKind, n, yard int, r *rand.PCG) int {
	return randomChoice(n, yard, r)
}

// drawn is the number of options Random draws among at d (R1): the yardstick's, Yard,
// or every option when the decision counts no yard; the Table's loops draw over it.
func (d *Decision) drawn() uint64 {
	if d.Yard == 0 {
		return uint64(d.N)
	}
	return uint64(d.Yard)
}

// randomChoice is Random's draw. Table.run writes the same draw out for a Random seat
// (the fingerprint tests play Random both ways and find the same games).
func randomChoice(n, yard int, r *rand.PCG) int {
	if yard == 0 {
		yard = n
	}
	if yard <= 1 { // the yardstick's one option: nothing to decide, nothing drawn
		return 0
	}
	return int(fastrand.UintN(r, uint64(yard)))
}

// RecordBlind implements RecordBlindPolicy: Random never reads the public record.
func (*Random) RecordBlind() bool { return true }
