package dicebots

import "github.com/bangsim/bangsim/sim/dice"

// Random makes every decision uniformly among its legal options (see randomChoice).
type Random struct{}

// Choose implements dice.Policy. The yardsticks take pointer receivers: an interface
// then calls them directly, without the wrapper Go adds for a value receiver.
func (*Random) Choose(v *dice.View) int { return randomChoice(v) }

// RecordBlind implements dice.RecordBlindPolicy: it never reads the public record.
func (*Random) RecordBlind() bool { return true }

// Keep never rerolls; every other decision is Random's.
type Keep struct{}

// Choose implements dice.Policy.
func (*Keep) Choose(v *dice.View) int {
	if v.Decision.Kind == dice.DecideReroll {
		return 0
	}
	return randomChoice(v)
}

// RecordBlind implements dice.RecordBlindPolicy: it never reads the public record.
func (*Keep) RecordBlind() bool { return true }

// RerollAll rerolls every die it may on every reroll it has; otherwise Random's.
type RerollAll struct{}

// Choose implements dice.Policy.
func (*RerollAll) Choose(v *dice.View) int {
	if v.Decision.Kind == dice.DecideReroll {
		return int(v.Decision.Options)
	}
	return randomChoice(v)
}

// RecordBlind implements dice.RecordBlindPolicy: it never reads the public record.
func (*RerollAll) RecordBlind() bool { return true }
