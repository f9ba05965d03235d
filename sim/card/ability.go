package card

import "fmt"

// Abilities holds the numbers of the characters' abilities that a designer may vary
// (--ability): the one place the engine reads them from, in fixed fields so that no
// game step looks anything up. Each field holds the value less the printed card's, so
// the zero value (every Rules a caller builds without them) is the printed cards
// (rules.md's character table); AbilityParams names each one with its range.
type Abilities struct {
	bartCards, blackJackExtra, gringoCards, jourdonnaisDraws, sidCards, slabMissed, suzyCards int8
	// The printed cards' choices, which the engine reads from each unit's profile
	// (PrintedPowers carries them there): Kit Carlson's cards looked at and kept, Lucky
	// Duke's cards flipped, Paul Regret's and Rose Doolan's distance, Willy the Kid's
	// BANG!s a turn (0: any number).
	kitLook, kitKeep, luckyCards, paulDistance, roseDistance, willyPerTurn int8
}

// The printed cards' values of the ability parameters.
const (
	printedBartCards        = 1 // Bart Cassidy: cards drawn per life point lost
	printedBlackJackExtra   = 1 // Black Jack: cards drawn more when his second shows a heart or a diamond
	printedGringoCards      = 1 // El Gringo: cards taken per life point lost
	printedJourdonnaisDraws = 1 // Jourdonnais: "draw!"s his built-in Barrel gives
	printedSidCards         = 2 // Sid Ketchum: cards discarded for one life
	printedSlabMissed       = 2 // Slab the Killer: Missed! needed against his BANG!
	printedSuzyCards        = 1 // Suzy Lafayette: cards drawn when her hand is empty
	printedKitLook          = 3 // Kit Carlson: cards looked at in phase 1
	printedKitKeep          = 2 // Kit Carlson: cards kept of them
	printedLuckyCards       = 2 // Lucky Duke: cards flipped per "draw!"
	printedPaulDistance     = 1 // Paul Regret: distance others see him farther
	printedRoseDistance     = 1 // Rose Doolan: distance she sees others closer
	printedWillyPerTurn     = 0 // Willy the Kid: BANG!s a turn (0: any number)
)

// BartCards is the cards Bart Cassidy draws per life point lost (C19).
func (a *Abilities) BartCards() int { return printedBartCards + int(a.bartCards) }

// BlackJackExtra is the cards Black Jack draws more on a red second card.
func (a *Abilities) BlackJackExtra() int { return printedBlackJackExtra + int(a.blackJackExtra) }

// GringoCards is the cards El Gringo takes per life point lost (C19).
func (a *Abilities) GringoCards() int { return printedGringoCards + int(a.gringoCards) }

// JourdonnaisDraws is the "draw!"s Jourdonnais's built-in Barrel gives a shot (C3).
func (a *Abilities) JourdonnaisDraws() int { return printedJourdonnaisDraws + int(a.jourdonnaisDraws) }

// SidCards is the cards Sid Ketchum discards for one life (C19).
func (a *Abilities) SidCards() int { return printedSidCards + int(a.sidCards) }

// SlabMissed is the Missed! needed against Slab the Killer's BANG! (C18).
func (a *Abilities) SlabMissed() int { return printedSlabMissed + int(a.slabMissed) }

// SuzyCards is the cards Suzy Lafayette draws when her hand empties (C6, C20).
func (a *Abilities) SuzyCards() int { return printedSuzyCards + int(a.suzyCards) }

// AbilityParam is one ability parameter of the card game: the character whose card it
// is on, its name (snake case), its range, the printed value, a one-line doc.
type AbilityParam struct {
	Character Character
	Name      string
	Min, Max  int
	Default   int
	Doc       string
	field     func(a *Abilities) *int8
}

// Get returns the parameter's value in a.
func (p *AbilityParam) Get(a *Abilities) int { return p.Default + int(*p.field(a)) }

// Set sets the parameter's value in a (Validate checks the range).
func (p *AbilityParam) Set(a *Abilities, v int) { *p.field(a) = int8(v - p.Default) }

// abilityParams is the card game's one table of ability parameters, in character order.
var abilityParams = []AbilityParam{
	{BartCassidy, "cards", 0, 3, printedBartCards, "cards he draws from the deck per life point lost, if he survives the hit",
		func(a *Abilities) *int8 { return &a.bartCards }},
	{BlackJack, "extra", 0, 3, printedBlackJackExtra, "cards he draws more in phase 1 when his second card is a heart or a diamond",
		func(a *Abilities) *int8 { return &a.blackJackExtra }},
	{ElGringo, "cards", 0, 3, printedGringoCards, "cards he takes at random from the hand of the player who hit him, per life point lost",
		func(a *Abilities) *int8 { return &a.gringoCards }},
	{Jourdonnais, "draws", 0, 3, printedJourdonnaisDraws, "\"draw!\"s his built-in Barrel gives against a shot (a real Barrel adds one more)",
		func(a *Abilities) *int8 { return &a.jourdonnaisDraws }},
	{KitCarlson, "look", 2, 4, printedKitLook, "cards he looks at from the top of the deck in phase 1",
		func(a *Abilities) *int8 { return &a.kitLook }},
	{KitCarlson, "keep", 1, 3, printedKitKeep, "cards he keeps of them (fewer than he looks at), the others back on top",
		func(a *Abilities) *int8 { return &a.kitKeep }},
	{LuckyDuke, "cards", 2, 3, printedLuckyCards, "cards he flips on a \"draw!\", choosing the one that counts",
		func(a *Abilities) *int8 { return &a.luckyCards }},
	{PaulRegret, "distance", 0, 2, printedPaulDistance, "distance the others see him farther (a real Mustang adds one more)",
		func(a *Abilities) *int8 { return &a.paulDistance }},
	{RoseDoolan, "distance", 0, 2, printedRoseDistance, "distance she sees the others closer (a real Scope takes one more off)",
		func(a *Abilities) *int8 { return &a.roseDistance }},
	{SidKetchum, "cards", 1, 4, printedSidCards, "cards he discards to gain 1 life",
		func(a *Abilities) *int8 { return &a.sidCards }},
	{SlabTheKiller, "missed", 1, 3, printedSlabMissed, "Missed! needed to cancel his BANG! (a Barrel success counts as one)",
		func(a *Abilities) *int8 { return &a.slabMissed }},
	{SuzyLafayette, "cards", 1, 3, printedSuzyCards, "cards she draws as soon as her hand is empty",
		func(a *Abilities) *int8 { return &a.suzyCards }},
	{WillyTheKid, "per_turn", 0, 3, printedWillyPerTurn, "BANG! cards he may play a turn (0: any number)",
		func(a *Abilities) *int8 { return &a.willyPerTurn }},
}

// AbilityParams returns the card game's ability parameters (a copy of the one table).
func AbilityParams() []AbilityParam { return append([]AbilityParam(nil), abilityParams...) }

// check reports the first parameter of a outside its range.
func (a *Abilities) check() error {
	for i := range abilityParams {
		p := &abilityParams[i]
		if v := p.Get(a); v < p.Min || v > p.Max {
			return fmt.Errorf("%s's %s is %d, want %d to %d", p.Character, p.Name, v, p.Min, p.Max)
		}
	}
	if look, keep := printedKitLook+int(a.kitLook), printedKitKeep+int(a.kitKeep); keep >= look {
		return fmt.Errorf("%s keeps %d of %d cards looked at, want fewer than he looks at", KitCarlson, keep, look)
	}
	return nil
}
