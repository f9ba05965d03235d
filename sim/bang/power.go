package bang

import (
	"fmt"
	"strings"
)

// MaxPowers bounds the primitives one character composes, and MaxPowerArgs the
// parameters of one primitive: what a plain-value Power holds.
const (
	MaxPowers    = 4
	MaxPowerArgs = 3
)

// Primitive is one ability primitive an engine offers: a rule step a character's
// ability switches on, with its parameters. A game's engine lists its primitives in one
// table (dice.Primitives, card.Primitives); every printed ability is one or more of
// them (PrintedPowers), and a character file composes them (lab.ReadCharacterFile).
type Primitive struct {
	Name   string           // snake case, unique in the game: "extra_rerolls"
	Doc    string           // one line, what it does with its parameters
	Params []PrimitiveParam // in Power.Args order, at most MaxPowerArgs
}

// PrimitiveParam is one parameter of a primitive: its range and the printed card's
// value. Choices, when set, names the values 0..len-1 (Min 0, Max len-1): a file may
// write the name ("by: duel") or the number.
type PrimitiveParam struct {
	Name     string // snake case, unique in the primitive: "rerolls"
	Min, Max int
	Default  int
	Doc      string
	Choices  []string
}

// Power is one primitive with its arguments, as an engine carries it: plain values, so
// that a Rules or a State holding powers copies whole. Prim is the primitive's index in
// its game's table plus one (0: no power); Args[i] is the value of Params[i].
type Power struct {
	Prim uint8
	Args [MaxPowerArgs]uint8
}

// Powers is a character's ability as primitives: up to MaxPowers, the unused ones zero.
type Powers [MaxPowers]Power

// Len counts the powers set.
func (p *Powers) Len() int {
	n := 0
	for _, pw := range p {
		if pw.Prim != 0 {
			n++
		}
	}
	return n
}

// NewPower returns primitive i of table with args (the defaults where args is short),
// checked against the parameters' ranges.
func NewPower(table []Primitive, i int, args ...int) (Power, error) {
	if i < 0 || i >= len(table) {
		return Power{}, fmt.Errorf("primitive number %d out of range (0 to %d)", i, len(table)-1)
	}
	pr := &table[i]
	if len(args) > len(pr.Params) {
		return Power{}, fmt.Errorf("%s takes %d parameters, %d given", pr.Name, len(pr.Params), len(args))
	}
	pw := Power{Prim: uint8(i + 1)}
	for j, p := range pr.Params {
		v := p.Default
		if j < len(args) {
			v = args[j]
		}
		if v < p.Min || v > p.Max {
			return Power{}, fmt.Errorf("%s.%s %d, want %d to %d", pr.Name, p.Name, v, p.Min, p.Max)
		}
		pw.Args[j] = uint8(v)
	}
	return pw, nil
}

// FindPrimitive returns the index of the primitive named name in table, or an error
// listing the table's names.
func FindPrimitive(table []Primitive, name string) (int, error) {
	for i := range table {
		if table[i].Name == name {
			return i, nil
		}
	}
	names := make([]string, len(table))
	for i := range table {
		names[i] = table[i].Name
	}
	return -1, fmt.Errorf("no primitive %q (the game's: %s)", name, strings.Join(names, ", "))
}

// Format writes p as a character file's short form would: "extra_rerolls(rerolls=2)",
// a choice by its name ("by=duel"); "" for no power.
func (p Power) Format(table []Primitive) string {
	if p.Prim == 0 || int(p.Prim) > len(table) {
		return ""
	}
	pr := &table[p.Prim-1]
	if len(pr.Params) == 0 {
		return pr.Name
	}
	parts := make([]string, len(pr.Params))
	for j, par := range pr.Params {
		v := int(p.Args[j])
		if v < len(par.Choices) {
			parts[j] = par.Name + "=" + par.Choices[v]
		} else {
			parts[j] = fmt.Sprintf("%s=%d", par.Name, v)
		}
	}
	return pr.Name + "(" + strings.Join(parts, ",") + ")"
}

// Format writes the powers set, joined by " + ".
func (p *Powers) Format(table []Primitive) string {
	var parts []string
	for _, pw := range p {
		if s := pw.Format(table); s != "" {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, " + ")
}
