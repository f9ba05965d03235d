package card

import "fmt"

// The deck's cards are grouped by kind, in Kind order (data/card-deck.tsv), so a kind
// lies within one word of a Set (the Barrels but one). The hot paths (phase 2's count
// and its options, the turn's start, a shot, an answer, a lethal hit, derive) test a
// hand or the cards in play against these constants (an immediate operand, one word)
// rather than against kindSet in memory (two words); checkLayout holds them to the deck
// at start-up.
const (
	bang0     = 1<<25 - 1                     // BANG! 0–24, the first word
	missed0   = 1<<37 - 1<<25                 // Missed! 25–36, the first word
	beer0     = beerField << beerAt           // Beer 37–42, the first word
	panicCat0 = 1<<57 - 1<<49                 // Panic! 49–52 and Cat Balou 53–56, the first word
	noTarget0 = 1<<49 - 1<<37 | 1<<60 - 1<<57 // Beer, Saloon, Stagecoach, Wells Fargo, General Store 37–48; Gatling, Indians! 57–59
	duel0     = duelField << duelAt           // Duel 60–62, the first word
	// oneOption0 is the first word's kinds of one phase-2 option a card: Saloon,
	// Stagecoach, Wells Fargo, General Store 43–48, Gatling, Indians! 57–59, Barrel 63.
	oneOption0 = noTarget0&^beer0 | barrel0
	barrel0    = 1 << 63             // Barrel 63, the first word
	barrel1    = 1                   // Barrel 64, the second word
	dynamite1  = 1 << 1              // Dynamite 65, the second word
	jail1      = jailField << jailAt // Jail 66–68, the second word
	mustang1   = 0b11 << 5           // Mustang 69–70, the second word
	scope1     = 1 << 7              // Scope 71, the second word
	volcanic1  = 0b11 << 8           // Volcanic 72–73, the second word
	weapons1   = 0xff << 8           // Volcanic … Winchester 72–79, the second word
)

// The kinds of at most 8 cards, as a field of one word: its lowest bit (…At) and its
// mask once shifted down (…Field), from which their masks above are made. Phase 2's
// count reads such a field's cards from a byte table (bits.OnesCount8) rather than by a
// population count, which under GOAMD64=v1 tests the processor first.
const (
	beerAt, beerField   = 37, 0x3f
	panicAt, panicField = 49, 0xf
	catAt, catField     = 53, 0xf
	duelAt, duelField   = 60, 0x7
	jailAt, jailField   = 2, 0x7 // the second word
)

var _ = checkLayout()

// checkLayout panics unless the constants are exactly the deck's cards of their kinds.
func checkLayout() bool {
	for _, c := range []struct {
		name      string
		got, want Set
	}{
		{"BANG!", Set{bang0, 0}, kindSet[BANG]},
		{"Missed!", Set{missed0, 0}, kindSet[Missed]},
		{"Beer", Set{beer0, 0}, kindSet[Beer]},
		{"Panic! and Cat Balou", Set{panicCat0, 0}, kindSet[Panic].Or(kindSet[CatBalou])},
		{"Panic!", Set{panic0, 0}, kindSet[Panic]},     // options_next.go
		{"Cat Balou", Set{cat0, 0}, kindSet[CatBalou]}, // options_next.go
		{"no target", Set{noTarget0, 0}, kindSet[Beer].Or(kindSet[Saloon]).Or(kindSet[Stagecoach]).Or(kindSet[WellsFargo]).Or(kindSet[GeneralStore]).Or(kindSet[Gatling]).Or(kindSet[Indians])},
		{"Duel", Set{duel0, 0}, kindSet[Duel]},
		{"one option, first word", Set{oneOption0, 0}, Set{oneOption[0], 0}},
		{"Barrel", Set{barrel0, barrel1}, kindSet[Barrel]},
		{"Dynamite", Set{0, dynamite1}, kindSet[Dynamite]},
		{"Jail", Set{0, jail1}, kindSet[Jail]},
		{"Mustang", Set{0, mustang1}, kindSet[Mustang]},
		{"Scope", Set{0, scope1}, kindSet[Scope]},
		{"Volcanic", Set{0, volcanic1}, kindSet[Volcanic]},
		{"weapon", Set{0, weapons1}, weapons},
		{"blue", Set{barrel0, 1<<16 - 1}, blueSet}, // options.go's blockedLow and blockedHigh
	} {
		if c.got != c.want {
			panic(fmt.Sprintf("card: the deck's %s cards are not where layout.go has them", c.name))
		}
	}
	return true
}
