package lab

import (
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/sim/bang"
)

// Param is one rule option of a game: the table entry that its flag, its validation,
// its run.json key and the replay header are all made from, so adding an option is
// adding an entry.
type Param struct {
	Name string // kebab-case flag name: "sheriff-bonus"
	Bool bool   // an on/off option (value 0 or 1)
	Text bool   // a text option (a list of card names, say), checked by the game
	// Repeat marks a text option whose flag may be given more than once, the values
	// joined by commas (--ability).
	Repeat bool
	// DefaultText is a text option's default ("" when the rulebook sets nothing).
	DefaultText string
	Min         int    // smallest allowed value
	Max         int    // largest allowed value
	Default     int    // the rulebook's value
	Doc         string // one line for --help
	// Phrase names the setting in a replay's header: a format with one %d for a number
	// ("%d arrows"), or one %s for a text shown when not empty; an on/off option's
	// phrase is shown only when it is on.
	Phrase string
	// OffAtZero marks a number option whose 0 means "off": its phrase is shown only
	// when it is set.
	OffAtZero bool
	// Canon, for a text option the lab may check (a list of character names, say),
	// returns the value's canonical text, which run.json records, and the phrase a
	// replay's header shows for it, or the user's mistake; nil keeps the text as given.
	Canon func(text string) (canonical, phrase string, err error)
	// OmitEmpty leaves a text option that is not set out of run.json, so that an option
	// added after results were written changes nothing in a run that does not use it
	// (its files stay byte-identical and merge with the older ones).
	OmitEmpty bool
}

// Value is one rule option's value: Int for a number or an on/off option (0 or 1),
// Text for a text option.
type Value struct {
	Int  int
	Text string
}

// LifeParam is the --life rule option every BANG! game offers for balance studies: a
// life change per character ("Willy the Kid=+2,el-gringo=-1", each −5 to +5, parsed by
// bang.ParseLifeDeltas), left out of run.json when not set. A game adds it to its table
// with the function that puts bang.ParseLifeDeltas's result into its rules.
func LifeParam() Param { return LifeParamIn(bang.PrintedNames()) }

// LifeParamIn is LifeParam naming the characters of set.
func LifeParamIn(set *bang.CharacterSet) Param {
	return Param{Name: "life", Text: true, OmitEmpty: true, Canon: set.CanonLifeDeltas, Phrase: "life %s",
		Doc: "change characters' life, NAME=DELTA,... (each -5 to +5), e.g. \"Willy the Kid=+2,el-gringo=-1\""}
}

// Key is the option's name in run.json: the flag name in snake case.
func (p *Param) Key() string { return strings.ReplaceAll(p.Name, "-", "_") }

// Check reports a number outside the option's range, naming the flag, and a text that
// the option's Canon refuses; any other text option's value is the game's to check.
func (p *Param) Check(v Value) error {
	if p.Text {
		if p.Canon != nil {
			if _, _, err := p.Canon(v.Text); err != nil {
				return fmt.Errorf("--%s: %w", p.Name, err)
			}
		}
		return nil
	}
	if v.Int < p.Min || v.Int > p.Max {
		return fmt.Errorf("--%s %d is out of range (%d to %d)", p.Name, v.Int, p.Min, p.Max)
	}
	return nil
}

// Value returns v as run.json writes it: a bool for an on/off option, the (canonical)
// text of a text option, else the number.
func (p *Param) Value(v Value) any {
	switch {
	case p.Bool:
		return v.Int != 0
	case p.Text:
		return p.canonical(v.Text)
	}
	return v.Int
}

// canonical returns a text option's canonical text (the text itself without Canon, or
// when Canon refuses it).
func (p *Param) canonical(text string) string {
	if p.Canon != nil {
		if c, _, err := p.Canon(text); err == nil {
			return c
		}
	}
	return text
}

// Defaults returns the default value of every option of ps, in order.
func Defaults(ps []Param) []Value {
	out := make([]Value, len(ps))
	for i, p := range ps {
		out[i] = Value{Int: p.Default, Text: p.DefaultText}
	}
	return out
}

// Lookup returns the index of the option named name in ps, or -1.
func Lookup(ps []Param, name string) int {
	for i := range ps {
		if ps[i].Name == name {
			return i
		}
	}
	return -1
}

// Describe writes the rules for a replay's header, "9 arrows, Sheriff +2 life, …": in
// the table's order, every number option's phrase, and those of the on/off options that
// are on and the text options that are set.
func Describe(ps []Param, vals []Value) string {
	var parts []string
	for i, p := range ps {
		switch {
		case p.Phrase == "":
		case p.Text:
			if p.Canon != nil {
				if _, phrase, err := p.Canon(vals[i].Text); err == nil {
					if phrase != "" {
						parts = append(parts, phrase)
					}
					continue
				}
			}
			if vals[i].Text != "" {
				parts = append(parts, fmt.Sprintf(p.Phrase, vals[i].Text))
			}
		case !p.Bool:
			if !p.OffAtZero || vals[i].Int != 0 {
				parts = append(parts, fmt.Sprintf(p.Phrase, vals[i].Int))
			}
		case vals[i].Int != 0:
			parts = append(parts, p.Phrase)
		}
	}
	return strings.Join(parts, ", ")
}

// Base returns the Param itself, so a game's option table, whose entries embed a Param
// beside their setter, yields its Params (lab.Params).
func (p Param) Base() Param { return p }
