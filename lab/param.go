package lab

import (
	"fmt"
	"strings"
)

// Param is one rule option of a game: the table entry that its flag, its validation,
// its run.json key and the replay header are all made from, so adding an option is
// adding an entry.
type Param struct {
	Name    string // kebab-case flag name: "sheriff-bonus"
	Bool    bool   // an on/off option (value 0 or 1)
	Min     int    // smallest allowed value
	Max     int    // largest allowed value
	Default int    // the rulebook's value
	Doc     string // one line for --help
	// Phrase names the setting in a replay's header: a format with one %d for a number
	// ("%d arrows"); an on/off option's phrase is shown only when it is on.
	Phrase string
}

// Key is the option's name in run.json: the flag name in snake case.
func (p *Param) Key() string { return strings.ReplaceAll(p.Name, "-", "_") }

// Check reports a value outside the option's range, naming the flag.
func (p *Param) Check(v int) error {
	if v < p.Min || v > p.Max {
		return fmt.Errorf("--%s %d is out of range (%d to %d)", p.Name, v, p.Min, p.Max)
	}
	return nil
}

// Value returns v as run.json writes it: a bool for an on/off option, else the number.
func (p *Param) Value(v int) any {
	if p.Bool {
		return v != 0
	}
	return v
}

// Defaults returns the default value of every option of ps, in order.
func Defaults(ps []Param) []int {
	out := make([]int, len(ps))
	for i, p := range ps {
		out[i] = p.Default
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

// Describe writes the rules for a replay's header, "9 arrows, Sheriff +2 life, …":
// every number option's phrase, then the phrases of the on/off options that are on.
func Describe(ps []Param, vals []int) string {
	var parts []string
	for i, p := range ps {
		switch {
		case p.Phrase == "":
		case !p.Bool:
			parts = append(parts, fmt.Sprintf(p.Phrase, vals[i]))
		case vals[i] != 0:
			parts = append(parts, p.Phrase)
		}
	}
	return strings.Join(parts, ", ")
}
