package lab

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/internal/textscan"
)

// maxConfig bounds a configuration's text; a longer one is surely a mistake.
const maxConfig = 8192

// splitConfig reads the syntax of a configuration, name or name(key=value,...), without
// knowing the game: a value is either a Go double-quoted string or bare text up to the
// next ',' or ')' outside parentheses (so a bot spec heuristic(a=1,b=2) is one value),
// with the spaces around it dropped.
func splitConfig(s string) (name string, kvs [][2]string, err error) {
	if len(s) > maxConfig {
		return "", nil, fmt.Errorf("longer than %d bytes", maxConfig)
	}
	p := specText{textscan.Scanner{S: s}}
	p.Space()
	name = p.While(func(c byte) bool { return isAlnumByte(c) || c == '-' || c == '_' })
	if name == "" {
		if p.Done() {
			return "", nil, errors.New("empty")
		}
		return "", nil, fmt.Errorf("a game's name must start it, not %q", p.rest())
	}
	p.Space()
	if p.Done() {
		return name, nil, nil
	}
	if !p.Eat('(') {
		return "", nil, fmt.Errorf("unexpected %q after the game's name", p.rest())
	}
	p.Space()
	if p.Eat(')') {
		p.Space()
		if !p.Done() {
			return "", nil, fmt.Errorf("unexpected %q after ')'", p.rest())
		}
		return name, nil, nil
	}
	for {
		p.Space()
		key := p.While(func(c byte) bool { return isAlnumByte(c) || c == '-' || c == '_' })
		if key == "" {
			return "", nil, fmt.Errorf("expected an option's name at %q", p.rest())
		}
		p.Space()
		if !p.Eat('=') {
			return "", nil, fmt.Errorf("expected '=' after %s", key)
		}
		p.Space()
		val, err := p.value()
		if err != nil {
			return "", nil, fmt.Errorf("%s: %w", key, err)
		}
		kvs = append(kvs, [2]string{key, val})
		p.Space()
		if p.Eat(',') {
			continue
		}
		if p.Eat(')') {
			break
		}
		if p.Done() {
			return "", nil, errors.New("missing ')'")
		}
		return "", nil, fmt.Errorf("unexpected %q", p.rest())
	}
	p.Space()
	if !p.Done() {
		return "", nil, fmt.Errorf("unexpected %q after ')'", p.rest())
	}
	return name, kvs, nil
}

// quoteValue writes v so that splitConfig reads it back as v: bare when it can be,
// else as a Go string.
func quoteValue(v string) string {
	if bareValue(v) {
		return v
	}
	return strconv.Quote(v)
}

// bareValue reports whether v reads back alone and reads easily: not empty, no quote,
// backslash or space, and no ',' or ')' outside balanced parentheses.
func bareValue(v string) bool {
	if v == "" || strings.ContainsAny(v, "\"\\ ") {
		return false
	}
	depth := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '(':
			depth++
		case ')':
			if depth == 0 {
				return false
			}
			depth--
		case ',':
			if depth == 0 {
				return false
			}
		case '\n', '\r', '\t':
			return false
		}
	}
	return depth == 0
}

// specText reads a spec with the shared scanner; rest clips what is left for a message.
type specText struct{ textscan.Scanner }

func (p *specText) rest() string { return clipConfig(p.Rest()) }

// value reads a quoted or a bare value (see splitConfig).
func (p *specText) value() (string, error) {
	if p.I < len(p.S) && p.S[p.I] == '"' {
		q, err := strconv.QuotedPrefix(p.S[p.I:])
		if err != nil {
			return "", fmt.Errorf("a quoted value that does not end at %q", p.rest())
		}
		v, err := strconv.Unquote(q)
		if err != nil {
			return "", fmt.Errorf("a quoted value that does not read at %q", p.rest())
		}
		p.I += len(q)
		return v, nil
	}
	j, depth := p.I, 0
	for ; j < len(p.S); j++ {
		c := p.S[j]
		if c == '"' || c == '\\' || c == '\n' || c == '\r' {
			return "", fmt.Errorf("a %q inside a bare value; quote the whole value", string(c))
		}
		if c == '(' {
			depth++
		} else if c == ')' {
			if depth == 0 {
				break
			}
			depth--
		} else if c == ',' && depth == 0 {
			break
		}
	}
	if depth != 0 {
		return "", errors.New("a '(' without its ')'")
	}
	v := strings.TrimRight(p.S[p.I:j], " \t")
	p.I = j
	if v == "" {
		return "", errors.New("expected a value")
	}
	return v, nil
}

func isAlnumByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
