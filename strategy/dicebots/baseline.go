package dicebots

import "github.com/bangsim/bangsim/sim/dice"

// Random makes every decision uniformly among its legal options (see randomChoice).
type Random struct{}

// Choose implements dice.Policy.
func (Random) Choose(v *dice.View) int { return randomChoice(v) }

// Keep never rerolls; every other decision is Random's.
type Keep struct{}

// Choose implements dice.Policy.
func (Keep) Choose(v *dice.View) int {
	if v.Decision.Kind == dice.DecideReroll {
		return 0
	}
	return randomChoice(v)
}

// RerollAll rerolls every die it may on every reroll it has; otherwise Random's.
type RerollAll struct{}

// Choose implements dice.Policy.
func (RerollAll) Choose(v *dice.View) int {
	if v.Decision.Kind == dice.DecideReroll {
		return int(v.Decision.Options)
	}
	return randomChoice(v)
}
