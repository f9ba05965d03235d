package odds

import (
	"errors"
	"fmt"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/dice"
)

// MaxRerolls bounds Setup.Rerolls, as dice.Rules.Validate does.
const MaxRerolls = 10

// Setup is the rules a turn's odds depend on. Rerolls and the thresholds are the rule
// options before the roller's ability; the three ability fields apply it, read from the
// powers the roller holds (WithPowers), not from its name, so that a printed character,
// a printed one with other ability values and a designer's character holding the same
// primitives all roll alike: extra_rerolls (Lucky Duke: one more reroll),
// gatling_discount (Willy the Kid: one Gatling fewer, never fewer than 1) and
// reroll_dynamite (Black Jack: Dynamite may be rerolled while at most max_dynamite
// show; rolling stops on the threshold all the same). No other primitive changes the
// dice.
type Setup struct {
	Rerolls           int // rerolls after the first roll (2)
	GatlingThreshold  int // Gatlings needed to fire (3); NumDice+1 never fires
	DynamiteThreshold int // Dynamite that stop the rolling (3); NumDice+1 never stops
	ExtraRerolls      int // the roller's extra_rerolls.rerolls (0 without)
	GatlingDiscount   int // the roller's gatling_discount.fewer (0 without)
	// DynamiteRerollMax is the most Dynamite showing that the roller may still reroll
	// (reroll_dynamite.max_dynamite); 0 without the primitive: Dynamite locked.
	DynamiteRerollMax int
}

// DefaultSetup returns the rulebook: 2 rerolls, thresholds 3, no ability (Plain).
func DefaultSetup() Setup {
	return Setup{Rerolls: 2, GatlingThreshold: 3, DynamiteThreshold: 3}
}

// SetupFromRules returns the setup of character ch's turn under the engine's rules r:
// its powers under r (r.PowersOf: a printed card with r's ability values, or an added
// character's declared powers).
func SetupFromRules(r dice.Rules, ch dice.Character) Setup {
	s := Setup{
		Rerolls:           int(r.Rerolls),
		GatlingThreshold:  int(r.GatlingThreshold),
		DynamiteThreshold: int(r.DynamiteThreshold),
	}
	return s.WithPowers(r.PowersOf(ch))
}

// WithCharacter returns s with printed character c's card at its printed values (Plain:
// no ability).
func (s Setup) WithCharacter(c dice.Character) Setup {
	a := dice.DefaultAbilities()
	return s.WithPowers(dice.PrintedPowers(c, &a))
}

// WithPowers returns s with the roller holding powers p (the dice game's primitives,
// dice.Primitives) and nothing else: the ability fields set from the primitives that
// change the dice, zero for those it does not hold.
func (s Setup) WithPowers(p bang.Powers) Setup {
	s.ExtraRerolls, s.GatlingDiscount, s.DynamiteRerollMax = 0, 0, 0
	for _, w := range p {
		switch int(w.Prim) - 1 {
		case dice.PrimExtraRerolls:
			s.ExtraRerolls = int(w.Args[0])
		case dice.PrimGatlingDiscount:
			s.GatlingDiscount = int(w.Args[0])
		case dice.PrimRerollDynamite:
			s.DynamiteRerollMax = int(w.Args[0])
		}
	}
	return s
}

// ErrSetup is wrapped by every Validate error.
var ErrSetup = errors.New("invalid odds setup")

// Validate reports the first option outside the ranges dice.Rules accepts.
func (s Setup) Validate() error {
	switch {
	case s.Rerolls < 0 || s.Rerolls > MaxRerolls:
		return fmt.Errorf("%w: %d rerolls, want 0 to %d", ErrSetup, s.Rerolls, MaxRerolls)
	case s.GatlingThreshold < 1 || s.GatlingThreshold > dice.NumDice+1:
		return fmt.Errorf("%w: Gatling threshold %d, want 1 to %d", ErrSetup, s.GatlingThreshold, dice.NumDice+1)
	case s.DynamiteThreshold < 1 || s.DynamiteThreshold > dice.NumDice+1:
		return fmt.Errorf("%w: Dynamite threshold %d, want 1 to %d", ErrSetup, s.DynamiteThreshold, dice.NumDice+1)
	case s.ExtraRerolls < 0 || s.Rerolls+s.ExtraRerolls > 2*MaxRerolls:
		return fmt.Errorf("%w: %d extra rerolls, want 0 to %d", ErrSetup, s.ExtraRerolls, 2*MaxRerolls-s.Rerolls)
	case s.GatlingDiscount < 0 || s.GatlingDiscount > dice.NumDice:
		return fmt.Errorf("%w: Gatling discount %d, want 0 to %d", ErrSetup, s.GatlingDiscount, dice.NumDice)
	case s.DynamiteRerollMax < 0 || s.DynamiteRerollMax > dice.NumDice:
		return fmt.Errorf("%w: Dynamite reroll max %d, want 0 to %d", ErrSetup, s.DynamiteRerollMax, dice.NumDice)
	}
	return nil
}

// TotalRerolls returns the rerolls of the turn, the roller's extra ones included.
func (s Setup) TotalRerolls() int { return s.Rerolls + s.ExtraRerolls }

// GatlingNeed returns the Gatlings the roller needs to fire, as the engine counts them
// (dice.State.refreshProfile): the threshold less the discount, never below 1, and a
// threshold past the dice stays off.
func (s Setup) GatlingNeed() int {
	if s.GatlingThreshold > dice.NumDice {
		return s.GatlingThreshold
	}
	return s.GatlingThreshold - min(s.GatlingDiscount, s.GatlingThreshold-1)
}

// DynamiteLocked reports whether Dynamite dice may never be rerolled (everyone but a
// roller with reroll_dynamite).
func (s Setup) DynamiteLocked() bool { return s.DynamiteRerollMax == 0 }

// LockedAt reports whether the Dynamite of a roll showing dyn of them may not be
// rerolled: as the engine has it, the roller may reroll them while at most
// DynamiteRerollMax show.
func (s Setup) LockedAt(dyn int) bool { return dyn > s.DynamiteRerollMax }
