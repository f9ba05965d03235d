package strategy

import (
	"fmt"
	"strconv"
	"strings"
)

// ParamKind says how a parameter's value is written, so specs, listings and errors
// agree on it.
type ParamKind uint8

// Parameter kinds: an integer in [Min, Max], or a boolean (true/false, yes/no, on/off,
// 1/0; stored as 1 or 0) so that every parameter reaches Build as one int.
const (
	ParamInt ParamKind = iota
	ParamBool
)

// Param documents one parameter of a policy: what a spec may set, and what
// `bangsim policies` and error messages show.
type Param struct {
	Name        string // as written in a spec: lower case letters, digits and '_'
	Kind        ParamKind
	Default     string // the value when the spec leaves it out, as a spec writes it
	Min, Max    int    // ParamInt's range
	Description string // one line
}

// Range describes the values the parameter accepts, e.g. "0..20" or "true|false", for
// listings and error messages.
func (p Param) Range() string {
	if p.Kind == ParamBool {
		return "true|false"
	}
	return strconv.Itoa(p.Min) + ".." + strconv.Itoa(p.Max)
}

// Parse reads a value of the parameter as a spec writes it, checked against its range;
// the error names the parameter and what it wants.
func (p Param) Parse(s string) (int, error) {
	if p.Kind == ParamBool {
		switch strings.ToLower(s) {
		case "true", "yes", "on", "1":
			return 1, nil
		case "false", "no", "off", "0":
			return 0, nil
		}
		return 0, fmt.Errorf("%s=%s: want true or false", p.Name, clip(s))
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < p.Min || v > p.Max {
		return 0, fmt.Errorf("%s=%s: want an integer from %d to %d", p.Name, clip(s), p.Min, p.Max)
	}
	return v, nil
}

// Format writes a value of the parameter as a canonical spec does, so that a bot's
// package can write its defaults the way Lookup compares them.
func (p Param) Format(v int) string {
	if p.Kind == ParamBool {
		if v != 0 {
			return "true"
		}
		return "false"
	}
	return strconv.Itoa(v)
}
