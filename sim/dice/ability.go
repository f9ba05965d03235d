package dice

import "fmt"

// Abilities holds every number and choice of the characters' abilities, in fixed fields
// so that no game step looks anything up: the printed cards' values in Rules.Ability,
// and each seat's primitives' arguments in its Profile (Profile.Arg), which is what the
// game steps read. DefaultAbilities is the printed cards (dice.md); AbilityParams names
// each field.
type Abilities struct {
	BartKeepPile    uint8 // Bart Cassidy takes an arrow only while the pile holds more than this (1: never its last)
	BlackJackMax    uint8 // Black Jack may reroll Dynamite while at most this many show (5: however many)
	CalamitySwap    uint8 // Calamity Janet: 1, each Bull's Eye reaches both faces' distances; 0, neither
	ElGringoArrows  uint8 // arrows a roller takes per step in which it makes El Gringo lose life
	JesseHeal       uint8 // life one Beer on himself gives Jesse Jones when low
	JesseAtMost     uint8 // Jesse Jones is low with at most this much life (tested before the Beers, D10)
	JourdonnaisCap  uint8 // the most life Jourdonnais loses to one Indian attack
	KitDiscards     uint8 // arrows Kit Carlson may discard per Gatling die
	LuckyRerolls    uint8 // Lucky Duke's extra rerolls
	PaulGatlingLoss uint8 // life Paul Regret loses to the Gatling (0 or 1)
	PedroReturns    uint8 // arrows Pedro Ramirez may return per life point he loses
	RoseReach       uint8 // distance Rose Doolan's Bull's Eyes reach beyond their face's
	SidHeal         uint8 // life Sid Ketchum gives at the start of his turn
	SlabDamage      uint8 // damage of Slab the Killer's doubled Bull's Eye
	SlabBeers       uint8 // Beer dice the doubled Bull's Eye costs (0 or 1)
	SuzyHeal        uint8 // life Suzy Lafayette gains at the end of her turn
	SuzyBullsEyes   uint8 // the most Bull's Eyes her final dice may show for it
	VultureHeal     uint8 // life Vulture Sam gains per other player eliminated
	WillyFewer      uint8 // Gatlings fewer than the threshold Willy the Kid needs (never below 1)
	// _ pads the struct to 32 bytes: a seat's row of Profile.Arg then copies at the deal
	// in two 16-byte moves that a later load can forward from (19 or 24 bytes copy as
	// two overlapping moves, whose reload stalls), and indexes by a shift.
	_ [13]uint8
}

// DefaultAbilities returns the printed cards' abilities.
func DefaultAbilities() Abilities {
	return Abilities{
		BartKeepPile: 1, BlackJackMax: NumDice, CalamitySwap: 1, ElGringoArrows: 1,
		JesseHeal: 2, JesseAtMost: 4, JourdonnaisCap: 1, KitDiscards: 1, LuckyRerolls: 1,
		PaulGatlingLoss: 0, PedroReturns: 1, RoseReach: 1, SidHeal: 1, SlabDamage: 2,
		SlabBeers: 1, SuzyHeal: 2, SuzyBullsEyes: 0, VultureHeal: 2, WillyFewer: 1,
	}
}

// AbilityParam is one ability parameter: the character whose card it is on, its name
// (snake case, unique for the character), its range, a one-line doc and its field.
type AbilityParam struct {
	Character Character
	Name      string
	Min, Max  int
	Doc       string
	field     func(a *Abilities) *uint8
}

// Get returns the parameter's value in a.
func (p *AbilityParam) Get(a *Abilities) int { return int(*p.field(a)) }

// Set sets the parameter's value in a; the value must be within Min and Max.
func (p *AbilityParam) Set(a *Abilities, v int) { *p.field(a) = uint8(v) }

// Default returns the printed card's value.
func (p *AbilityParam) Default() int {
	d := DefaultAbilities()
	return p.Get(&d)
}

// abilityParams is the dice game's one table of ability parameters, by character in
// the order of the characters table.
var abilityParams = []AbilityParam{
	{BartCassidy, "keep_pile", 1, 60, "takes an arrow instead of a life point only while the pile holds more arrows than this (1: never its last)",
		func(a *Abilities) *uint8 { return &a.BartKeepPile }},
	{BlackJack, "max_dynamite", 0, NumDice, "may reroll Dynamite while at most this many show (0: never; the Dynamite stop still ends the rolling)",
		func(a *Abilities) *uint8 { return &a.BlackJackMax }},
	{CalamityJanet, "swap", 0, 1, "1: either Bull's Eye reaches distance 1 or 2 (ruling D18 first); 0: each its own",
		func(a *Abilities) *uint8 { return &a.CalamitySwap }},
	{ElGringo, "arrows", 0, 3, "arrows the roller takes per step in which it makes him lose life (D9)",
		func(a *Abilities) *uint8 { return &a.ElGringoArrows }},
	{JesseJones, "heal", 1, 5, "life one Beer he uses on himself gives while he is low",
		func(a *Abilities) *uint8 { return &a.JesseHeal }},
	{JesseJones, "at_most", 0, 15, "he is low with at most this much life, tested once before the Beers (D10)",
		func(a *Abilities) *uint8 { return &a.JesseAtMost }},
	{Jourdonnais, "max_loss", 0, 9, "the most life he loses to one Indian attack",
		func(a *Abilities) *uint8 { return &a.JourdonnaisCap }},
	{KitCarlson, "discards", 0, 3, "arrows (of any player) he may discard per Gatling die, before it fires (D7)",
		func(a *Abilities) *uint8 { return &a.KitDiscards }},
	{LuckyDuke, "rerolls", 0, 5, "extra rerolls a turn",
		func(a *Abilities) *uint8 { return &a.LuckyRerolls }},
	{PaulRegret, "gatling_loss", 0, 1, "life he loses to the Gatling (0: none, the card; 1: like everyone)",
		func(a *Abilities) *uint8 { return &a.PaulGatlingLoss }},
	{PedroRamirez, "returns", 0, 3, "arrows he may return per life point he loses",
		func(a *Abilities) *uint8 { return &a.PedroReturns }},
	{RoseDoolan, "reach", 0, 2, "distance her Bull's Eyes reach beyond their face's (1: 1 reaches 1-2, 2 reaches 2-3)",
		func(a *Abilities) *uint8 { return &a.RoseReach }},
	{SidKetchum, "heal", 0, 3, "life a player of his choice gains at the start of his turn (D11)",
		func(a *Abilities) *uint8 { return &a.SidHeal }},
	{SlabTheKiller, "damage", 1, 5, "damage of the one Bull's Eye he doubles, once a turn",
		func(a *Abilities) *uint8 { return &a.SlabDamage }},
	{SlabTheKiller, "beers", 0, 1, "Beer dice the doubled Bull's Eye costs (that Beer heals no one)",
		func(a *Abilities) *uint8 { return &a.SlabBeers }},
	{SuzyLafayette, "heal", 0, 5, "life she gains at the end of her turn",
		func(a *Abilities) *uint8 { return &a.SuzyHeal }},
	{SuzyLafayette, "bullseyes", 0, NumDice, "the most Bull's Eyes her final dice may show for the heal",
		func(a *Abilities) *uint8 { return &a.SuzyBullsEyes }},
	{VultureSam, "heal", 0, 5, "life he gains per other player eliminated (D12)",
		func(a *Abilities) *uint8 { return &a.VultureHeal }},
	{WillyTheKid, "fewer", 0, NumDice - 1, "Gatlings fewer than the threshold he needs to fire (never below 1; a threshold of 6 stays off)",
		func(a *Abilities) *uint8 { return &a.WillyFewer }},
}

// AbilityParams returns the table of ability parameters (a copy: the table is fixed).
func AbilityParams() []AbilityParam { return append([]AbilityParam(nil), abilityParams...) }

// check reports the first parameter outside its range.
func (a *Abilities) check() error {
	for i := range abilityParams {
		p := &abilityParams[i]
		if v := p.Get(a); v < p.Min || v > p.Max {
			return fmt.Errorf("%w: %s.%s %d, want %d to %d", ErrRules, p.Character.Slug(), p.Name, v, p.Min, p.Max)
		}
	}
	return nil
}
