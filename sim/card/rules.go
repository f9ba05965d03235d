package card

import (
	"errors"
	"fmt"

	"github.com/bangsim/bangsim/data"
	"github.com/bangsim/bangsim/sim/bang"
)

// Role is a player's secret role (the Sheriff's is public); shared with the dice game.
type Role = bang.Role

// The roles; RoleUnknown is what a View shows for a role its seat may not see.
const (
	Sheriff     = bang.Sheriff
	Deputy      = bang.Deputy
	Outlaw      = bang.Outlaw
	Renegade    = bang.Renegade
	NumRoles    = bang.NumRoles
	RoleUnknown = bang.RoleUnknown
)

// Character is a character card (the shared BANG! characters); Plain has no ability.
type Character = bang.Character

// The 16 characters in the order of data/characters.tsv, then Plain.
const (
	BartCassidy   = bang.BartCassidy
	BlackJack     = bang.BlackJack
	CalamityJanet = bang.CalamityJanet
	ElGringo      = bang.ElGringo
	JesseJones    = bang.JesseJones
	Jourdonnais   = bang.Jourdonnais
	KitCarlson    = bang.KitCarlson
	LuckyDuke     = bang.LuckyDuke
	PaulRegret    = bang.PaulRegret
	PedroRamirez  = bang.PedroRamirez
	RoseDoolan    = bang.RoseDoolan
	SidKetchum    = bang.SidKetchum
	SlabTheKiller = bang.SlabTheKiller
	SuzyLafayette = bang.SuzyLafayette
	VultureSam    = bang.VultureSam
	WillyTheKid   = bang.WillyTheKid
	Plain         = bang.Plain
	NumCharacters = bang.NumCharacters
)

// NumRealCharacters is the number of characters in the box (Plain excluded).
const NumRealCharacters = bang.NumRealCharacters

// Deal says how characters are given to seats (the shared BANG! deals).
type Deal = bang.Deal

// Character deals: Random from the 16 without repeats (the rulebook), Plain (no ability,
// life 4, the Sheriff 5) for everyone, Pool dealt at random without repeats from a
// list, Seats giving list[i] to seat i (seat 0 is the Sheriff).
const (
	DealRandom = bang.DealRandom
	DealPlain  = bang.DealPlain
	DealPool   = bang.DealPool
	DealSeats  = bang.DealSeats
)

// MaxSeats is the size of every per-seat array (the shared bang.MaxSeats, 8).
const MaxSeats = bang.MaxSeats

// MinPlayers and MaxPlayers bound the card game's table sizes.
const (
	MinPlayers = 4
	MaxPlayers = 7
)

// MaxPool bounds the character list of DealPool and DealSeats.
const MaxPool = bang.MaxPool

// PlainLife is the life of the Plain baseline character (the Sheriff adds 1).
const PlainLife = 4

// DefaultMaxTurns is the default turn cap (C11), the dice game's too (D17). Games of the
// `random` yardstick last 28 (4 players) to 38 turns (7) on average, and the longest of
// 80,000 of them, 4 to 7 players, characters at random and plain, took 139 turns
// (TestLongestRandomGames measures it and fails if one comes within a quarter of the
// cap), so no real game reaches it.
const DefaultMaxTurns = 1000

// MaxTurnPlays bounds the cards played in one turn's phase 2; the turn then goes on to
// phase 3. It is an engine safeguard, not a rule: with the deck and the discard pile
// exhausted a Wells Fargo, Stagecoach or General Store draws itself back (C9), so a
// policy that kept replaying it would never end its turn. No real turn comes near it;
// Counters.PlayCaps counts the turns it cut.
const MaxTurnPlays = 255

// Rules is everything a designer may vary; DefaultRules is the rulebook.
type Rules struct {
	Players            uint8  // 4..7
	MaxTurns           uint16 // turn cap; a game passing it is a draw (C11); DefaultMaxTurns
	bang.CharacterDeal        // how characters are dealt (Deal, PoolLen, Pool)
	// Removed is the set of cards taken out of the deck (the simplified first games, or
	// any designer's set): bit i of word i/64 removes CardID i. Default none.
	Removed [2]uint64
	// HighNoon, when K > 0, is a tournament timer: once the deck has been reshuffled K
	// times, every player loses 1 life at the start of each of their turns (nobody's
	// doing, like Dynamite). 0 (the rulebook) is off.
	HighNoon uint8
	// LifeDelta[c] is added to character c's printed life at the deal, so to its maximum
	// life and its starting hand too (a balance study's --life); each within
	// ±bang.MaxLifeDelta, and the life it leaves at least 1.
	LifeDelta bang.LifeDeltas
	// Ability is the characters' ability parameters (--ability); the zero value is the
	// printed cards.
	Ability Abilities
}

// DefaultRules returns the rulebook's rules for n players.
func DefaultRules(n int) Rules {
	return Rules{Players: uint8(n), MaxTurns: DefaultMaxTurns}
}

// ErrRules is wrapped by every Validate and SetPool error.
var ErrRules = errors.New("invalid rules")

// SetPool sets the character list for DealPool or DealSeats.
func (r *Rules) SetPool(cs []Character) error {
	if err := r.CharacterDeal.SetPool(cs); err != nil {
		return fmt.Errorf("%w: %v", ErrRules, err)
	}
	return nil
}

// RemovedSet returns the removed cards as a Set.
func (r *Rules) RemovedSet() Set { return Set(r.Removed) }

// Remove takes cards out of the deck (Rules.Removed).
func (r *Rules) Remove(cs ...CardID) {
	for _, c := range cs {
		if c < NumCards {
			r.Removed[c>>6] |= 1 << (c & 63)
		}
	}
}

// Validate reports the first rule outside what the engine supports.
func (r *Rules) Validate() error {
	n := int(r.Players)
	switch {
	case n < MinPlayers || n > MaxPlayers:
		return fmt.Errorf("%w: %d players, want %d to %d", ErrRules, n, MinPlayers, MaxPlayers)
	case r.MaxTurns < 1:
		return fmt.Errorf("%w: turn cap must be at least 1", ErrRules)
	case r.Removed[1]>>(NumCards-64) != 0:
		return fmt.Errorf("%w: removed card set names cards beyond the %d of the deck", ErrRules, NumCards)
	}
	if err := r.LifeDelta.CheckCount(r.Count(), r.life); err != nil {
		return fmt.Errorf("%w: %v", ErrRules, err)
	}
	if err := r.Ability.check(); err != nil {
		return fmt.Errorf("%w: %v", ErrRules, err)
	}
	if err := r.CharacterDeal.Check(n); err != nil {
		return fmt.Errorf("%w: %v", ErrRules, err)
	}
	if err := r.checkAdded(); err != nil {
		return fmt.Errorf("%w: %v", ErrRules, err)
	}
	return nil
}

// checkAdded reports an added character's power the engine cannot play (CheckPowers).
func (r *Rules) checkAdded() error {
	for i := range int(r.Added) {
		c := NumCharacters + Character(i)
		pw := r.AddedPowersOf(c)
		if err := CheckPowers(&pw); err != nil {
			return fmt.Errorf("%s: %v", c, err)
		}
	}
	return nil
}

// CheckPowers reports why the engine cannot play a character of powers p: a primitive
// past the table, an argument outside its range, look_keep keeping as many as it looks
// at. The lab checks an added character's powers with it once --ability has set them,
// to name the character (the rules know it by number only).
func CheckPowers(p *bang.Powers) error {
	for _, w := range p {
		if w.Prim == 0 {
			continue
		}
		if int(w.Prim) > NumPrimitives {
			return fmt.Errorf("primitive number %d out of range", w.Prim-1)
		}
		pr := &primitives[w.Prim-1]
		for j, par := range pr.Params {
			if v := int(w.Args[j]); v < par.Min || v > par.Max {
				return fmt.Errorf("%s.%s %d, want %d to %d", pr.Name, par.Name, v, par.Min, par.Max)
			}
		}
		if int(w.Prim)-1 == PrimLookKeep && w.Args[1] >= w.Args[0] {
			return fmt.Errorf("look_keep keeps %d of %d cards looked at, want fewer than it looks at", w.Args[1], w.Args[0])
		}
	}
	return nil
}

var characterLife [NumCharacters]int8

func init() {
	infos := data.Characters()
	for i, c := range infos {
		if i < NumRealCharacters {
			characterLife[i] = int8(c.CardLife)
		}
	}
	characterLife[Plain] = PlainLife
}

// Life returns a character's printed life in the card game (card_life; Plain 4); the
// Sheriff adds 1.
func Life(c Character) int {
	if c < NumCharacters {
		return int(characterLife[c])
	}
	return 0
}

var characterAbilities = [NumCharacters]string{
	"draws a card from the deck for each life point he loses, if he survives the hit",
	"shows the second card he draws in phase 1; on a heart or diamond he draws one more",
	"uses BANG! as Missed! and Missed! as BANG! (a Missed! played as BANG! counts for the limit)",
	"for each life point lost to another player's card, takes a random card from that player's hand",
	"may draw his first phase-1 card from another player's hand (at random)",
	"always has a Barrel in play; with a real Barrel too, he draws twice",
	"looks at the top three cards in phase 1, keeps two and puts one back on top",
	"on every \"draw!\" turns two cards and picks the one that counts",
	"always has a Mustang in play (others see him 1 further; 2 with a real Mustang)",
	"may draw his first phase-1 card from the top of the discard pile",
	"always has a Scope in play (she sees others 1 closer; 2 with a real Scope)",
	"may discard 2 cards to gain 1 life, in his turn or against a lethal hit, never above his maximum",
	"his BANG! cards need two Missed! to cancel (a Barrel success counts as one)",
	"draws a card as soon as her hand is empty",
	"takes into his hand all the cards of every eliminated player",
	"may play any number of BANG! cards in his turn",
	"no ability",
}

// Ability returns a one-line description of a character's card-game ability.
func Ability(c Character) string {
	if c < NumCharacters {
		return characterAbilities[c]
	}
	return ""
}
