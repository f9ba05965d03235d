package strategy

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/internal/textscan"
)

// ErrUnknownPolicy is wrapped by Lookup's error for a name nobody registered, so a tool
// can tell a typo in the name from a bad parameter.
var ErrUnknownPolicy = errors.New("unknown policy")

// ErrPolicySpec is wrapped by ParseSpec's and Lookup's errors for a spec that does not
// parse, or sets a parameter the policy does not have, or a value out of range.
var ErrPolicySpec = errors.New("bad policy spec")

// Spec is a parsed policy spec, `name` or `name(key=value,key=value)`, before any
// registry checks that the policy and its parameters exist.
type Spec struct {
	Name string // lower case
	Args []Arg  // in the order written
}

// Arg is one key=value of a spec; the value stays text until the Param reads it.
type Arg struct {
	Key   string // lower case
	Value string // as written
}

// String writes the spec back, name then (key=value,...) if it has arguments, so that a
// parsed spec can be shown and parsed again to the same Spec.
func (s Spec) String() string {
	if len(s.Args) == 0 {
		return s.Name
	}
	var b strings.Builder
	b.WriteString(s.Name)
	b.WriteByte('(')
	for i, a := range s.Args {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(a.Key)
		b.WriteByte('=')
		b.WriteString(a.Value)
	}
	b.WriteByte(')')
	return b.String()
}

// maxSpec bounds a spec's length; a longer one is surely a mistake.
const maxSpec = 1024

// ParseSpec reads a policy spec without checking that the policy or its parameters
// exist (Lookup does), so every game's specs share one grammar. Names are letters,
// digits, '-' and '_'; keys letters, digits and '_'; values letters, digits and '.',
// '+', '-', '_'. Spaces may surround any token. Names and keys are lowered; values are
// kept as written. Errors wrap ErrPolicySpec.
func ParseSpec(spec string) (Spec, error) {
	bad := func(format string, a ...any) (Spec, error) {
		return Spec{}, fmt.Errorf("%w %q: %s (want name or name(key=value,...))", ErrPolicySpec, clip(spec), fmt.Sprintf(format, a...))
	}
	if len(spec) > maxSpec {
		return bad("longer than %d bytes", maxSpec)
	}
	p := specParser{textscan.Scanner{S: spec}}
	p.Space()
	name := p.While(isNameByte)
	if name == "" {
		if p.Done() {
			return bad("empty")
		}
		return bad("a policy name must start it, not %q", p.rest())
	}
	sp := Spec{Name: strings.ToLower(name)}
	p.Space()
	if p.Done() {
		return sp, nil
	}
	if !p.Eat('(') {
		return bad("unexpected %q after the name", p.rest())
	}
	p.Space()
	if p.Eat(')') {
		p.Space()
		if !p.Done() {
			return bad("unexpected %q after ')'", p.rest())
		}
		return sp, nil
	}
	for {
		p.Space()
		key := p.While(isKeyByte)
		if key == "" {
			return bad("expected a parameter name at %q", p.rest())
		}
		p.Space()
		if !p.Eat('=') {
			return bad("expected '=' after %s", key)
		}
		p.Space()
		val := p.While(isValueByte)
		if val == "" {
			return bad("expected a value for %s", key)
		}
		sp.Args = append(sp.Args, Arg{Key: strings.ToLower(key), Value: val})
		p.Space()
		if p.Eat(',') {
			continue
		}
		if p.Eat(')') {
			break
		}
		if p.Done() {
			return bad("missing ')'")
		}
		return bad("unexpected %q", p.rest())
	}
	p.Space()
	if !p.Done() {
		return bad("unexpected %q after ')'", p.rest())
	}
	return sp, nil
}

// clip shortens a spec for an error message.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

// specParser reads a spec with the shared scanner; rest clips what is left for a message.
type specParser struct{ textscan.Scanner }

func (p *specParser) rest() string { return clip(p.Rest()) }

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
func isNameByte(c byte) bool  { return isAlnum(c) || c == '-' || c == '_' }
func isKeyByte(c byte) bool   { return isAlnum(c) || c == '_' }
func isValueByte(c byte) bool { return isAlnum(c) || c == '.' || c == '+' || c == '-' || c == '_' }

// validName reports whether a registered name can be written in a spec as it is.
func validName(s string) bool {
	if s == "" || strings.ToLower(s) != s {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isNameByte(s[i]) {
			return false
		}
	}
	return true
}

// validKey reports whether a parameter name can be written in a spec as it is.
func validKey(s string) bool {
	if s == "" || strings.ToLower(s) != s {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isKeyByte(s[i]) {
			return false
		}
	}
	return true
}
