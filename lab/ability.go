package lab

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/sim/bang"
)

// AbilityParam is one ability parameter of a game's character as the lab sees it: a row
// of the game's one table (the dice game's is dice.AbilityParams).
type AbilityParam struct {
	Character string `json:"character"` // the printed name: "Lucky Duke"
	Slug      string `json:"slug"`      // "lucky-duke"
	Name      string `json:"name"`      // snake case, unique for the character: "rerolls"
	Min       int    `json:"min"`
	Max       int    `json:"max"`
	Default   int    `json:"default"` // the printed card's value
	Doc       string `json:"doc"`
}

// Key is the parameter as --ability names it: "lucky-duke.rerolls".
func (p *AbilityParam) Key() string { return p.Slug + "." + p.Name }

// AbilityOptionName is the rule option that sets ability parameters (--ability).
const AbilityOptionName = "ability"

// AbilityOption returns the --ability rule option of a game whose table is table: a text
// option, repeatable on the command line, whose canonical text lists the parameters set
// away from the card in the table's order ("lucky-duke.rerolls=2,sid-ketchum.heal=2"),
// left out of run.json when none is.
func AbilityOption(table []AbilityParam) Param {
	return Param{Name: AbilityOptionName, Text: true, Repeat: true, OmitEmpty: true,
		Phrase: "abilities %s",
		Canon: func(text string) (string, string, error) {
			vals, err := ParseAbilities(table, text)
			if err != nil {
				return "", "", err
			}
			return FormatAbilities(table, vals), describeAbilities(table, vals), nil
		},
		Doc: `set an ability parameter, CHARACTER.PARAM=VALUE (repeatable; see 'bangsim characters'), e.g. "Lucky Duke.rerolls=2"`}
}

// ParseAbilities reads an --ability text, CHARACTER.PARAM=VALUE entries joined by
// commas (the character by printed name or slug, in any case), into one value per row
// of table: the given value where set, the card's elsewhere. A parameter set twice, an
// unknown one and a value out of range are refused, naming what is allowed.
func ParseAbilities(table []AbilityParam, text string) ([]int, error) {
	vals := make([]int, len(table))
	for i := range table {
		vals[i] = table[i].Default
	}
	set := make([]bool, len(table))
	for _, item := range strings.Split(text, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		key, val, ok := strings.Cut(item, "=")
		if !ok {
			return nil, fmt.Errorf("%q has no '=': write CHARACTER.PARAM=VALUE, e.g. lucky-duke.rerolls=2", item)
		}
		dot := strings.LastIndexByte(key, '.')
		if dot < 0 {
			return nil, fmt.Errorf("%q has no '.' between the character and the parameter, e.g. lucky-duke.rerolls=2", item)
		}
		slug, name := bang.Slugify(strings.TrimSpace(key[:dot])), strings.TrimSpace(key[dot+1:])
		i, err := findAbility(table, slug, name)
		if err != nil {
			return nil, err
		}
		p := &table[i]
		v, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(val), "+"))
		if err != nil {
			return nil, fmt.Errorf("%s=%q is not a whole number (%d to %d)", p.Key(), strings.TrimSpace(val), p.Min, p.Max)
		}
		if v < p.Min || v > p.Max {
			return nil, fmt.Errorf("%s=%d is out of range (%d to %d; the card: %d)", p.Key(), v, p.Min, p.Max, p.Default)
		}
		if set[i] {
			return nil, fmt.Errorf("%s is set twice", p.Key())
		}
		set[i], vals[i] = true, v
	}
	return vals, nil
}

// findAbility returns the row of table for a character's slug and a parameter name, or
// an error listing what that character (or the table) allows.
func findAbility(table []AbilityParam, slug, name string) (int, error) {
	var names, chars []string
	for i := range table {
		p := &table[i]
		if p.Slug == slug {
			if p.Name == name {
				return i, nil
			}
			names = append(names, p.Name)
		}
		if len(chars) == 0 || chars[len(chars)-1] != p.Slug {
			chars = append(chars, p.Slug)
		}
	}
	if names != nil {
		return -1, fmt.Errorf("%s has no parameter %q (it has %s)", slug, name, strings.Join(names, ", "))
	}
	return -1, fmt.Errorf("no character %q has ability parameters (those that do: %s)", slug, strings.Join(chars, ", "))
}

// FormatAbilities writes vals (one per row of table) as ParseAbilities reads them back:
// only the rows away from the card, in the table's order ("" when none is).
func FormatAbilities(table []AbilityParam, vals []int) string {
	var parts []string
	for i := range table {
		if vals[i] != table[i].Default {
			parts = append(parts, table[i].Key()+"="+strconv.Itoa(vals[i]))
		}
	}
	return strings.Join(parts, ",")
}

// describeAbilities is the replay header's phrase: "Lucky Duke rerolls 2 (card 1)".
func describeAbilities(table []AbilityParam, vals []int) string {
	var parts []string
	for i := range table {
		if p := &table[i]; vals[i] != p.Default {
			parts = append(parts, fmt.Sprintf("%s %s %d (card %d)", p.Character, p.Name, vals[i], p.Default))
		}
	}
	return strings.Join(parts, ", ")
}
