package dice

import (
	"errors"
	"fmt"

	"github.com/bangsim/bangsim/sim/bang"
)

// Deal says how characters are given to seats (the shared BANG! deals).
type Deal = bang.Deal

// Character deals: Random from the 16 without repeats (the rulebook), Plain (no ability,
// 8 life) for everyone, Pool dealt at random without repeats from a given list, Seats
// giving list[i] to seat i (seat 0 is the Sheriff, or the Deputy with 3 players).
const (
	DealRandom = bang.DealRandom
	DealPlain  = bang.DealPlain
	DealPool   = bang.DealPool
	DealSeats  = bang.DealSeats
)

// MaxPool bounds the character list of DealPool and DealSeats.
const MaxPool = bang.MaxPool

// Rules is everything a designer may vary; DefaultRules is the rulebook.
type Rules struct {
	Players            uint8  // 3..8
	Arrows             uint8  // arrows in the pile (9, ruling D21)
	SheriffBonus       uint8  // extra life for the Sheriff (2)
	Rerolls            uint8  // rerolls after the first roll (2; Lucky Duke has one more)
	GatlingThreshold   uint8  // Gatlings needed to fire (3; Willy the Kid needs one fewer)
	DynamiteThreshold  uint8  // Dynamite that stop the rolling and cost a life (3)
	MaxTurns           uint16 // turn cap; a game reaching it is a draw (1,000, ruling D17)
	bang.CharacterDeal        // how characters are dealt (Deal, PoolLen, Pool)
	// ResolveAfterDeath is the literal reading of "the other dice still resolve": a roller
	// killed during resolution still has their remaining dice resolved (ruling D3 option).
	ResolveAfterDeath bool
	// DistanceEitherWay counts seats one way round or the other instead of the shorter way,
	// so with 4 alive Rose Doolan's Bull's Eye 2 also reaches her neighbours (D22 option).
	DistanceEitherWay bool
	// LifeDelta[c] is added to character c's printed life at the deal, so to its maximum
	// life too (a balance study's --life); each within ±bang.MaxLifeDelta, and the life
	// must stay at least 1. It is read once a game, in Refresh.
	LifeDelta bang.LifeDeltas
	// Ability is every printed ability's numbers and choices (the printed cards by
	// default, a run's --ability otherwise), copied into the seats' Profile at the deal.
	Ability Abilities
}

// DefaultRules returns the rulebook's rules for n players.
func DefaultRules(n int) Rules {
	return Rules{
		Players:           uint8(n),
		Arrows:            9,
		SheriffBonus:      2,
		Rerolls:           2,
		GatlingThreshold:  3,
		DynamiteThreshold: 3,
		MaxTurns:          1000,
		Ability:           DefaultAbilities(),
	}
}

// ErrRules is wrapped by every Validate error.
var ErrRules = errors.New("invalid rules")

// SetPool sets the character list for DealPool or DealSeats.
func (r *Rules) SetPool(cs []Character) error {
	if err := r.CharacterDeal.SetPool(cs); err != nil {
		return fmt.Errorf("%w: %v", ErrRules, err)
	}
	return nil
}

// Validate reports the first rule outside what the engine supports.
func (r *Rules) Validate() error {
	n := int(r.Players)
	switch {
	case n < MinPlayers || n > MaxPlayers:
		return fmt.Errorf("%w: %d players, want %d to %d", ErrRules, n, MinPlayers, MaxPlayers)
	case r.Arrows < 1 || r.Arrows > 60:
		return fmt.Errorf("%w: %d arrows in the pile, want 1 to 60", ErrRules, r.Arrows)
	case r.SheriffBonus > 10:
		return fmt.Errorf("%w: Sheriff bonus %d, want 0 to 10", ErrRules, r.SheriffBonus)
	case r.Rerolls > 10:
		return fmt.Errorf("%w: %d rerolls, want 0 to 10", ErrRules, r.Rerolls)
	case r.GatlingThreshold < 1 || r.GatlingThreshold > NumDice+1:
		return fmt.Errorf("%w: Gatling threshold %d, want 1 to %d (%d: never fires)", ErrRules, r.GatlingThreshold, NumDice+1, NumDice+1)
	case r.DynamiteThreshold < 1 || r.DynamiteThreshold > NumDice+1:
		return fmt.Errorf("%w: Dynamite threshold %d, want 1 to %d (%d: never stops)", ErrRules, r.DynamiteThreshold, NumDice+1, NumDice+1)
	case r.MaxTurns < 1:
		return fmt.Errorf("%w: turn cap must be at least 1", ErrRules)
	}
	if err := r.Ability.check(); err != nil {
		return err
	}
	if err := r.checkPowers(); err != nil {
		return err
	}
	if err := r.LifeDelta.CheckCount(r.Count(), r.life); err != nil {
		return fmt.Errorf("%w: %v", ErrRules, err)
	}
	if err := r.CharacterDeal.Check(n); err != nil {
		return fmt.Errorf("%w: %v", ErrRules, err)
	}
	return nil
}

// life is c's life before any change: the printed table's, or an added character's
// declared life (CharacterDeal.SetCharacters).
func (r *Rules) life(c Character) int { return r.CharacterDeal.Life(c, Life) }
