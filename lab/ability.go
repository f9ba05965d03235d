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
	Default   int    `json:"default"` // the printed card's value (an added character's: its file's)
	Doc       string `json:"doc"`
	// Choices, when set, names the values Min..Max (0..len-1): --ability takes the name
	// or the number, and the canonical text writes the name ("by=duel").
	Choices []string `json:"choices,omitempty"`
	// Added marks a parameter of an added character (--characters-file): its default is
	// the file's value, not a printed card's.
	Added bool `json:"added,omitempty"`
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
// of table: the given value (a number, or a choice's name) where set, the default
// elsewhere. A parameter set twice, an unknown one and a value out of range are
// refused, naming what is allowed.
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
		v, err := p.parseValue(strings.TrimSpace(val))
		if err != nil {
			return nil, err
		}
		if set[i] {
			return nil, fmt.Errorf("%s is set twice", p.Key())
		}
		set[i], vals[i] = true, v
	}
	return vals, nil
}

// parseValue reads one value of p: a whole number in range, or one of its choices by
// name (any case).
func (p *AbilityParam) parseValue(val string) (int, error) {
	for i, c := range p.Choices {
		if strings.EqualFold(val, c) {
			return i, nil
		}
	}
	v, err := strconv.Atoi(strings.TrimPrefix(val, "+"))
	switch {
	case err != nil && p.Choices != nil:
		return 0, fmt.Errorf("%s=%q is not one of %s (or 0 to %d)", p.Key(), val, strings.Join(p.Choices, ", "), p.Max)
	case err != nil:
		return 0, fmt.Errorf("%s=%q is not a whole number (%d to %d)", p.Key(), val, p.Min, p.Max)
	case v < p.Min || v > p.Max:
		return 0, fmt.Errorf("%s=%d is out of range (%d to %d; the %s: %s)", p.Key(), v, p.Min, p.Max, p.source(), p.Text(p.Default))
	}
	return v, nil
}

// Text writes value v of p as the canonical text does: a choice's name, else the number.
func (p *AbilityParam) Text(v int) string {
	if v >= 0 && v < len(p.Choices) {
		return p.Choices[v]
	}
	return strconv.Itoa(v)
}

// source names where p's default comes from, for messages: the printed card or, for
// an added character, its file.
func (p *AbilityParam) source() string {
	if p.Added {
		return "file"
	}
	return "card"
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
			parts = append(parts, table[i].Key()+"="+table[i].Text(vals[i]))
		}
	}
	return strings.Join(parts, ",")
}

// describeAbilities is the replay header's phrase: "Lucky Duke rerolls 2 (card 1)", an
// added character's "Duel Dodger cards 2 (file 1)".
func describeAbilities(table []AbilityParam, vals []int) string {
	var parts []string
	for i := range table {
		if p := &table[i]; vals[i] != p.Default {
			parts = append(parts, fmt.Sprintf("%s %s %s (%s %s)", p.Character, p.Name, p.Text(vals[i]), p.source(), p.Text(p.Default)))
		}
	}
	return strings.Join(parts, ", ")
}

// AbilitySlot is where a row of AddedAbilities lives in an engine's rules: argument Arg
// of power Power of added character Added (numbered from 0 after Plain), that is
// CharacterDeal.AddedPowers[Added][Power].Args[Arg].
type AbilitySlot struct{ Added, Power, Arg int }

// AddedAbilities returns every parameter of every power of set's added characters as
// ability rows, in the set's order and each character's powers' order, with where each
// lives in the rules: Name is the primitive's parameter name ("cards"), or
// "<primitive>_<param>" ("draw_on_hit_cards") for a name two of the character's powers
// share (and that with "_<power number>" after it should it still repeat), so that a
// key names one value; the range and choices are the primitive's, the default the
// file's value. A game of the printed characters only has none.
func AddedAbilities(set *bang.CharacterSet, prims []bang.Primitive) ([]AbilityParam, []AbilitySlot) {
	var table []AbilityParam
	var slots []AbilitySlot
	specs := set.Specs()
	for a := int(bang.NumCharacters); a < len(specs); a++ {
		sp := &specs[a]
		first := len(table)
		for j, pw := range sp.Powers {
			if pw.Prim == 0 || int(pw.Prim) > len(prims) {
				continue
			}
			pr := &prims[pw.Prim-1]
			for k, par := range pr.Params {
				doc := fmt.Sprintf("%s %s: %s (%s)", pr.Name, par.Name, par.Doc, pr.Doc)
				if par.Choices != nil {
					doc = fmt.Sprintf("%s %s: %s, one of %s (%s)", pr.Name, par.Name, par.Doc, strings.Join(par.Choices, ", "), pr.Doc)
				}
				table = append(table, AbilityParam{Character: sp.Name, Slug: bang.Slugify(sp.Name), Name: par.Name,
					Min: par.Min, Max: par.Max, Default: int(pw.Args[k]), Choices: par.Choices, Added: true, Doc: doc})
				slots = append(slots, AbilitySlot{Added: a - int(bang.NumCharacters), Power: j, Arg: k})
			}
		}
		rows := table[first:]
		count := func(name string) int {
			n := 0
			for _, p := range rows {
				if p.Name == name {
					n++
				}
			}
			return n
		}
		for _, rename := range []func(i int) string{
			func(i int) string { return prims[sp.Powers[slots[first+i].Power].Prim-1].Name + "_" + rows[i].Name },
			func(i int) string { return rows[i].Name + "_" + strconv.Itoa(slots[first+i].Power+1) },
		} {
			var clash []int
			for i := range rows {
				if count(rows[i].Name) > 1 {
					clash = append(clash, i)
				}
			}
			for _, i := range clash {
				rows[i].Name = rename(i)
			}
		}
	}
	return table, slots
}

// AbilityTableOf returns the --ability table of a game of set's characters whose
// printed characters' rows are printed: those rows, then AddedAbilities' (printed
// itself when set adds none), and where each added row lives in the rules.
func AbilityTableOf(printed []AbilityParam, set *bang.CharacterSet, prims []bang.Primitive) ([]AbilityParam, []AbilitySlot) {
	added, slots := AddedAbilities(set, prims)
	if added == nil {
		return printed, nil
	}
	return append(append([]AbilityParam(nil), printed...), added...), slots
}

// SetAddedAbilities writes vals, one per row of the AddedAbilities that gave slots,
// into the added characters' powers d holds: what the engines read at the deal.
func SetAddedAbilities(d *bang.CharacterDeal, slots []AbilitySlot, vals []int) {
	for i, s := range slots {
		d.AddedPowers[s.Added][s.Power].Args[s.Arg] = uint8(vals[i])
	}
}
