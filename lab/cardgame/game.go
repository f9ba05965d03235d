package cardgame

import (
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// option is one rule option: its table entry and where its value goes in the rules.
type option struct {
	lab.Param
	set func(r *card.Rules, v lab.Value) error
}

// options are the card game's rule options for the printed characters (the long duel's,
// DuelRuleParams).
var options = optionsFor(Printed, abilitiesOf(Printed))

// optionsFor returns the card game's rule options for a game of the characters of set
// (--life names them) and its --ability table ab (abilitiesOf(set)), the rulebook as
// defaults. Adding an option is adding an entry here (and the field it sets in
// card.Rules).
func optionsFor(set *bang.CharacterSet, ab abilities) []option {
	return []option{
		{lab.Param{Name: "max-turns", Min: 1, Max: 65535, Default: card.DefaultMaxTurns, Phrase: "turn cap %d",
			Doc: "turn cap; a game reaching it is a draw"},
			func(r *card.Rules, v lab.Value) error { r.MaxTurns = uint16(v.Int); return nil }},
		{lab.Param{Name: "remove-cards", Text: true, Phrase: "without %s", Canon: canonRemoved,
			Doc: "card game: card names taken out of the deck, every copy, e.g. \"Dynamite,Jail\" (the simplified first games)"},
			setRemoved},
		{lab.Param{Name: "high-noon", Min: 0, Max: 255, Default: 0, Phrase: "high noon after %d reshuffles", OffAtZero: true,
			Doc: "card game: after this many reshuffles everyone loses 1 life at the start of each turn (0: off)"},
			func(r *card.Rules, v lab.Value) error { r.HighNoon = uint8(v.Int); return nil }},
		{lab.LifeParamIn(set), func(r *card.Rules, v lab.Value) error { return setLife(set, r, v) }},
		{lab.AbilityOption(ab.table), ab.set},
	}
}

// setLife reads --life, naming the characters of set, into the rules' life changes; the
// engine's Validate keeps each character's life at least 1.
func setLife(set *bang.CharacterSet, r *card.Rules, v lab.Value) error {
	d, err := set.ParseLifeDeltas(v.Text)
	if err != nil {
		return fmt.Errorf("--life: %w", err)
	}
	r.LifeDelta = d
	return nil
}

// setRemoved reads --remove-cards: card names (printed or slug, any case), each
// removing every copy of that card from the deck.
func setRemoved(r *card.Rules, v lab.Value) error {
	kinds, err := removedKinds(v.Text)
	if err != nil {
		return fmt.Errorf("--remove-cards: %w", err)
	}
	for c := card.CardID(0); c < card.NumCards; c++ {
		if kinds>>c.Kind()&1 != 0 {
			r.Remove(c)
		}
	}
	return nil
}

// removedKinds is the set of kinds (bit k for Kind k) a --remove-cards text names.
func removedKinds(text string) (uint32, error) {
	var kinds uint32
	if strings.TrimSpace(text) == "" {
		return 0, nil
	}
	for _, name := range strings.Split(text, ",") {
		k, err := parseKind(name)
		if err != nil {
			return 0, err
		}
		kinds |= 1 << k
	}
	return kinds, nil
}

// canonRemoved is --remove-cards' canonical text, which run.json and tally.json
// record: the printed names in the deck's order, each once ("dynamite,jail" and
// "Jail,Dynamite,jail" play the same games, so their shards merge); and the replay
// header's phrase.
func canonRemoved(text string) (canonical, phrase string, err error) {
	kinds, err := removedKinds(text)
	if err != nil || kinds == 0 {
		return "", "", err
	}
	var names []string
	for k := card.Kind(0); k < card.NumKinds; k++ {
		if kinds>>k&1 != 0 {
			names = append(names, k.String())
		}
	}
	return strings.Join(names, ","), "without " + strings.Join(names, ", "), nil
}

// parseKind accepts a card's printed name or slug in any case ("Rev. Carabine",
// rev-carabine, bang).
func parseKind(s string) (card.Kind, error) {
	slug := bang.Slugify(s)
	var names []string
	for k := card.Kind(0); k < card.NumKinds; k++ {
		if bang.Slugify(k.String()) == slug {
			return k, nil
		}
		names = append(names, k.String())
	}
	if strings.TrimSpace(s) == "" { // "Jail,,Beer": say so, not that "" is no card
		return 0, fmt.Errorf("an empty name in the list (the cards: %s)", strings.Join(names, ", "))
	}
	return 0, fmt.Errorf("unknown card %q (the cards: %s)", strings.TrimSpace(s), strings.Join(names, ", "))
}

// Printed is the card game's own characters: the 16 and Plain with their card-game
// life and ability.
var Printed = bang.PrintedSet(card.Life, card.Ability)

// Game is the BANG! card game's descriptor.
var Game = NewGame(Printed)

// declaration is the card game's for the printed characters: the shared roles at 4 to
// 7 players and the printed characters and Plain with their card-game life and ability.
var declaration = Game.Declaration

// NewGame returns the card game's descriptor playing the characters of set (Printed,
// or a set made with Printed.Extend): its declaration, its --characters and --life
// names, its tallies' rows. An added character plays its Powers (card.Primitives) and
// its declared life. Every parameter of an added character's powers is a row of its
// --ability table too (lab.AddedAbilities), after the printed ones. The game is not registered: pass it to the lab's functions
// (RunSpec.Game, BalanceSpec...) directly.
func NewGame(set *bang.CharacterSet) *lab.Game {
	ab := abilitiesOf(set)
	opts := optionsFor(set, ab)
	decl := bang.Declare(card.MinPlayers, card.MaxPlayers, set)
	return &lab.Game{
		Name:           "card",
		Title:          "BANG! (the card game)",
		Luck:           "deck",
		MinPlayers:     card.MinPlayers,
		MaxPlayers:     card.MaxPlayers,
		DefaultPlayers: 5,
		Rules:          lab.Params(opts),
		Declaration:    decl,
		Characters:     characterInfos(set, ab.table),
		Abilities:      ab.table,
		Primitives:     card.Primitives(),
		PrintedPowers:  printedPowers,
		WithCharacters: func(added []bang.CharacterSpec) (*lab.Game, error) { return WithCharacters(added...) },
		Policies:       func() []lab.PolicyInfo { return lab.PolicyInfos(cardbots.Registry, cardbots.DefaultPolicy) },
		DefaultPolicy:  cardbots.DefaultPolicy,
		LookupPolicy:   lab.CanonicalName(cardbots.Registry),
		PolicyParams:   lab.PolicyParamsOf(cardbots.Registry),
		Prepare:        func(c lab.Choice) (lab.Prepared, error) { return prepare(decl, opts, c) },
	}
}

// WithCharacters returns the card game playing the printed characters, Plain and the
// added ones (numbered from bang.NumCharacters in order): NewGame(Printed.Extend(added)).
// Each added character's Powers must be ones the engine plays (card.CheckPowers).
func WithCharacters(added ...bang.CharacterSpec) (*lab.Game, error) {
	for _, sp := range added {
		if err := card.CheckPowers(&sp.Powers); err != nil {
			return nil, fmt.Errorf("%s: %v", sp.Name, err)
		}
	}
	set, err := Printed.Extend(added...)
	if err != nil {
		return nil, err
	}
	return NewGame(set), nil
}

// printedPowers is a printed character's ability as primitives at the printed values.
func printedPowers(c bang.Character) bang.Powers {
	var a card.Abilities
	return card.PrintedPowers(c, &a)
}
