package odds

import (
	"errors"
	"fmt"

	"github.com/bangsim/bangsim/sim/dice"
)

// MaxRerolls bounds Setup.Rerolls, as dice.Rules.Validate does.
const MaxRerolls = 10

// Setup is the rules a turn's odds depend on. Rerolls and the thresholds are the rule
// options before the character's ability; Character applies it: Lucky Duke has one more
// reroll, Willy the Kid needs one Gatling fewer (never fewer than 1), Black Jack may
// reroll Dynamite (rolling stops on the threshold all the same). Other characters roll
// like Plain.
type Setup struct {
	Rerolls           int // rerolls after the first roll (2)
	GatlingThreshold  int // Gatlings needed to fire (3); NumDice+1 never fires
	DynamiteThreshold int // Dynamite that stop the rolling (3); NumDice+1 never stops
	Character         dice.Character
}

// DefaultSetup returns the rulebook: 2 rerolls, thresholds 3, the Plain character.
func DefaultSetup() Setup {
	return Setup{Rerolls: 2, GatlingThreshold: 3, DynamiteThreshold: 3, Character: dice.Plain}
}

// SetupFromRules returns the setup of character ch's turn under the engine's rules r.
func SetupFromRules(r dice.Rules, ch dice.Character) Setup {
	return Setup{
		Rerolls:           int(r.Rerolls),
		GatlingThreshold:  int(r.GatlingThreshold),
		DynamiteThreshold: int(r.DynamiteThreshold),
		Character:         ch,
	}
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
	case s.Character >= dice.NumCharacters:
		return fmt.Errorf("%w: character number %d out of range", ErrSetup, s.Character)
	}
	return nil
}

// TotalRerolls returns the rerolls of the turn, Lucky Duke's extra one included.
func (s Setup) TotalRerolls() int {
	if s.Character == dice.LuckyDuke {
		return s.Rerolls + 1
	}
	return s.Rerolls
}

// GatlingNeed returns the Gatlings the character needs to fire, as the engine counts them.
func (s Setup) GatlingNeed() int {
	if s.Character == dice.WillyTheKid && s.GatlingThreshold > 1 {
		return s.GatlingThreshold - 1
	}
	return s.GatlingThreshold
}

// DynamiteLocked reports whether Dynamite dice may not be rerolled (everyone but Black Jack).
func (s Setup) DynamiteLocked() bool { return s.Character != dice.BlackJack }
