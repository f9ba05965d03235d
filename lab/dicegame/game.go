package dicegame

import (
	"fmt"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// option is one rule option: its table entry and where its value goes in the rules (a
// text option's set parses its text; the entry's Param has checked it already).
type option struct {
	lab.Param
	set func(r *dice.Rules, v lab.Value) error
}

// optionsFor returns the dice game's rule options for a game of the characters of set
// (--life names them), the rulebook's values as defaults; the ranges are the engine's
// (Rules.Validate), and ab is its --ability table (abilitiesOf(set)). Adding an option
// is adding an entry here (and the field it sets in dice.Rules).
func optionsFor(set *bang.CharacterSet, ab abilities) []option {
	d := dice.DefaultRules(5)
	return []option{
		{lab.Param{Name: "arrows", Min: 1, Max: 60, Default: int(d.Arrows), Phrase: "%d arrows", Doc: "arrows in the pile"},
			func(r *dice.Rules, v lab.Value) error { r.Arrows = uint8(v.Int); return nil }},
		{lab.Param{Name: "sheriff-bonus", Min: 0, Max: 10, Default: int(d.SheriffBonus), Phrase: "Sheriff +%d life", Doc: "extra life for the Sheriff"},
			func(r *dice.Rules, v lab.Value) error { r.SheriffBonus = uint8(v.Int); return nil }},
		{lab.Param{Name: "rerolls", Min: 0, Max: 10, Default: int(d.Rerolls), Phrase: "%d rerolls", Doc: "rerolls after the first roll (Lucky Duke has one more)"},
			func(r *dice.Rules, v lab.Value) error { r.Rerolls = uint8(v.Int); return nil }},
		{lab.Param{Name: "gatling", Min: 1, Max: dice.NumDice + 1, Default: int(d.GatlingThreshold), Phrase: "Gatling %d", Doc: "Gatlings needed to fire (Willy the Kid needs one fewer; 6: never)"},
			func(r *dice.Rules, v lab.Value) error { r.GatlingThreshold = uint8(v.Int); return nil }},
		{lab.Param{Name: "dynamite", Min: 1, Max: dice.NumDice + 1, Default: int(d.DynamiteThreshold), Phrase: "Dynamite %d", Doc: "Dynamite that stop the rolling and cost a life (6: never)"},
			func(r *dice.Rules, v lab.Value) error { r.DynamiteThreshold = uint8(v.Int); return nil }},
		{lab.Param{Name: "max-turns", Min: 1, Max: 65535, Default: int(d.MaxTurns), Phrase: "turn cap %d", Doc: "turn cap; a game reaching it is a draw"},
			func(r *dice.Rules, v lab.Value) error { r.MaxTurns = uint16(v.Int); return nil }},
		{lab.Param{Name: "resolve-after-death", Bool: true, Max: 1, Phrase: "resolve after death", Doc: "resolve a roller's remaining dice even after the roller is eliminated"},
			func(r *dice.Rules, v lab.Value) error { r.ResolveAfterDeath = v.Int != 0; return nil }},
		{lab.Param{Name: "distance-either-way", Bool: true, Max: 1, Phrase: "distance either way", Doc: "count distance either way round the table instead of the shorter way"},
			func(r *dice.Rules, v lab.Value) error { r.DistanceEitherWay = v.Int != 0; return nil }},
		{lab.LifeParamIn(set), func(r *dice.Rules, v lab.Value) error { return setLife(set, r, v) }},
		{lab.AbilityOption(ab.table), ab.set},
	}
}

// setLife reads --life, naming the characters of set, into the rules' life changes; the
// engine's Validate keeps each character's life at least 1.
func setLife(set *bang.CharacterSet, r *dice.Rules, v lab.Value) error {
	d, err := set.ParseLifeDeltas(v.Text)
	if err != nil {
		return fmt.Errorf("--life: %w", err)
	}
	r.LifeDelta = d
	return nil
}

// Printed is the dice game's own characters: the 16 and Plain with their dice-game
// life and ability.
var Printed = bang.PrintedSet(dice.Life, dice.Ability)

// primitives is the engine's table of ability primitives, for writing powers out.
var primitives = dice.Primitives()

// Game is BANG! The Dice Game's descriptor.
var Game = NewGame(Printed)

// NewGame returns the dice game's descriptor playing the characters of set (Printed,
// or a set made with Printed.Extend): its declaration, its --characters and --life
// names, its tallies' rows. An added character has its declared life and its Powers,
// the engine's primitives (dice.Primitives), which the engine reads from each seat's
// profile as it reads a printed card's. Every parameter of an added character's powers is a row of its
// --ability table too (lab.AddedAbilities), after the printed ones. The game is not registered: pass it to the
// lab's functions (RunSpec.Game, BalanceSpec...) directly.
func NewGame(set *bang.CharacterSet) *lab.Game {
	ab := abilitiesOf(set)
	opts := optionsFor(set, ab)
	decl := bang.Declare(dice.MinPlayers, dice.MaxPlayers, set)
	return &lab.Game{
		Name:           "dice",
		Title:          "BANG! The Dice Game",
		Luck:           "dice",
		MinPlayers:     decl.MinSeats,
		MaxPlayers:     decl.MaxSeats,
		DefaultPlayers: 5,
		Declaration:    decl,
		Rules:          lab.Params(opts),
		Characters:     characterInfos(set, ab.table),
		Abilities:      ab.table,
		Primitives:     dice.Primitives(),
		PrintedPowers:  printedPowers,
		WithCharacters: func(added []bang.CharacterSpec) (*lab.Game, error) { return WithCharacters(added...) },
		Policies:       func() []lab.PolicyInfo { return lab.PolicyInfos(dicebots.Registry, dicebots.DefaultPolicy) },
		DefaultPolicy:  dicebots.DefaultPolicy,
		LookupPolicy:   lab.CanonicalName(dicebots.Registry),
		PolicyParams:   lab.PolicyParamsOf(dicebots.Registry),
		Prepare:        func(c lab.Choice) (lab.Prepared, error) { return prepare(decl, opts, c) },
	}
}

// WithCharacters returns the dice game playing the printed characters, Plain and the
// added ones (numbered from bang.NumCharacters in order): NewGame(Printed.Extend(added)).
// Each added character's Powers must be ones the engine plays (dice.CheckPowers).
func WithCharacters(added ...bang.CharacterSpec) (*lab.Game, error) {
	for _, sp := range added {
		if err := dice.CheckPowers(&sp.Powers); err != nil {
			return nil, fmt.Errorf("%s: %v", sp.Name, err)
		}
	}
	set, err := Printed.Extend(added...)
	if err != nil {
		return nil, err
	}
	return NewGame(set), nil
}

// printedPowers is a printed character's ability as primitives at the printed cards'
// values (Game.PrintedPowers).
func printedPowers(c bang.Character) bang.Powers {
	a := dice.DefaultAbilities()
	return dice.PrintedPowers(c, &a)
}

// characterInfos lists the characters of set with their dice-game life and ability,
// each with its ability parameters in table (an added character's are its powers'; its
// Ability line is its spec's, or else its powers written out).
func characterInfos(set *bang.CharacterSet, table []lab.AbilityParam) []lab.CharacterInfo {
	out := lab.CharacterInfos(set)
	specs := set.Specs()
	for i := range out {
		if sp := &specs[i]; i >= int(bang.NumCharacters) && out[i].Ability == "" {
			out[i].Ability = sp.Powers.Format(primitives)
		}
		for _, p := range table {
			if p.Slug == out[i].Slug {
				out[i].Params = append(out[i].Params, p)
			}
		}
	}
	return out
}
