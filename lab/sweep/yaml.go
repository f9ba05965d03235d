package sweep

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Error is a mistake in a sweep file: where it is (the line, when it has one place),
// the field (its path, e.g. "axes.arrows" or "exclude[2].players") and what is wrong and
// allowed.
type Error struct {
	File  string
	Line  int // from 1; 0 for a mistake with no one place
	Field string
	Msg   string
}

// Error writes "FILE:LINE: FIELD: MSG", the form editors and CI logs link to a line.
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Field, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", e.File, e.Field, e.Msg)
}

// reader reads the nodes of one sweep file, every error naming the file and a line.
type reader struct {
	file string
}

// fail returns the Error of field at node n.
func (r *reader) fail(n *yaml.Node, field, format string, a ...any) *Error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &Error{File: r.file, Line: line, Field: field, Msg: fmt.Sprintf(format, a...)}
}

// yamlLine finds the line in a YAML syntax error, "yaml: line 7: did not find ...".
var yamlLine = regexp.MustCompile(`line (\d+): (.*)`)

// parserErrors start the messages of the YAML parser's errors.
var parserErrors = []string{
	"did not find expected <document start>", "did not find expected node content", "did not find expected key",
	"did not find expected '-' indicator", "did not find expected ',' or ']'", "did not find expected ',' or '}'",
}

// document parses data and returns its top-level mapping.
func (r *reader) document(data []byte) (*yaml.Node, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	err := dec.Decode(&doc)
	if errors.Is(err, io.EOF) {
		err = nil // no document at all: refused as empty below
	}
	for err == nil && doc.Kind != 0 {
		// yaml.Unmarshal would read the first document and drop the rest: a sweep
		// cut in two by a stray "---" must not play half its cells.
		var next yaml.Node
		if err = dec.Decode(&next); errors.Is(err, io.EOF) {
			err = nil
			break
		}
		if err == nil && !isEmptyDocument(&next) {
			return nil, &Error{File: r.file, Line: next.Line, Field: "(file)",
				Msg: "a second YAML document starts here (---): a sweep file is one document; remove the --- line or put the second part in a file of its own"}
		}
	}
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line := 0
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
			// The YAML library counts lines from 0 in its parser's errors (and from 1
			// in its scanner's): these are the parser's.
			if slices.ContainsFunc(parserErrors, func(p string) bool { return strings.HasPrefix(msg, p) }) {
				line++
			}
		}
		return nil, &Error{File: r.file, Line: line, Field: "(syntax)", Msg: msg + ": the file is not valid YAML"}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &Error{File: r.file, Field: "(file)", Msg: "the file is empty: want a mapping with game, games and axes (see examples/sweep.yaml)"}
	}
	root := deref(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil, r.fail(root, "(file)", "want a mapping with game, games and axes (see examples/sweep.yaml), not %s", kindName(root))
	}
	return root, nil
}

// isEmptyDocument reports whether a document holds nothing (a "---" at the end of a
// file, or followed by comments only).
func isEmptyDocument(d *yaml.Node) bool {
	if len(d.Content) == 0 {
		return true
	}
	c := d.Content[0]
	return c.Kind == yaml.ScalarNode && c.Tag == "!!null" && c.Value == ""
}

// deref follows an alias to the node it names.
func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// kindName names a node's kind for messages.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			return "nothing"
		}
		return fmt.Sprintf("%q", n.Value)
	}
	return "something else"
}

// pair is one key of a mapping and its value.
type pair struct {
	key  string
	k, v *yaml.Node
}

// pairs returns a mapping's entries in order; keys must be plain text, each once. When
// allowed is not nil, a key outside it is refused, naming what is allowed.
func (r *reader) pairs(n *yaml.Node, field string, allowed []string) ([]pair, error) {
	n = deref(n)
	if n.Kind != yaml.MappingNode {
		return nil, r.fail(n, field, "want a mapping (key: value lines), not %s", kindName(n))
	}
	var out []pair
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := deref(n.Content[i]), deref(n.Content[i+1])
		if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" {
			return nil, r.fail(k, field, "want a plain key, not %s", kindName(k))
		}
		path := join(field, k.Value)
		if line, dup := seen[k.Value]; dup {
			return nil, r.fail(k, path, "given twice (first on line %d); give each key once", line)
		}
		seen[k.Value] = k.Line
		if allowed != nil && !slices.Contains(allowed, k.Value) {
			return nil, r.fail(k, path, "unknown field: want one of %s", strings.Join(allowed, ", "))
		}
		out = append(out, pair{key: k.Value, k: k, v: v})
	}
	return out, nil
}

// list returns a sequence's items; a single value stands for a list of one when one is
// true.
func (r *reader) list(n *yaml.Node, field string, one bool) ([]*yaml.Node, error) {
	n = deref(n)
	switch {
	case n.Kind == yaml.SequenceNode:
		out := make([]*yaml.Node, len(n.Content))
		for i, c := range n.Content {
			out[i] = deref(c)
		}
		return out, nil
	case one && n.Kind == yaml.ScalarNode:
		return []*yaml.Node{n}, nil
	}
	return nil, r.fail(n, field, "want a list such as [a, b], not %s", kindName(n))
}

// text reads a scalar as text; an empty value (key: with nothing after it) is "".
func (r *reader) text(n *yaml.Node, field string) (string, error) {
	n = deref(n)
	if n.Kind != yaml.ScalarNode {
		return "", r.fail(n, field, "want a text, not %s", kindName(n))
	}
	if n.Tag == "!!null" {
		return "", nil
	}
	return n.Value, nil
}

// integer reads a whole number from lo to hi; a sign is allowed ("+2").
func (r *reader) integer(n *yaml.Node, field string, lo, hi int64) (int64, error) {
	n = deref(n)
	want := fmt.Sprintf("want a whole number from %d to %d", lo, hi)
	if hi == math.MaxInt64 {
		want = fmt.Sprintf("want a whole number of %d or more", lo)
	}
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return 0, r.fail(n, field, "%s, not %s", want, kindName(n))
	}
	digits := strings.TrimPrefix(strings.ReplaceAll(n.Value, "_", ""), "+")
	v, err := strconv.ParseInt(digits, 10, 64)
	if errors.Is(err, strconv.ErrRange) { // a whole number, but beyond int64
		if strings.HasPrefix(digits, "-") {
			return 0, r.fail(n, field, "%s is too small: the smallest allowed is %d", n.Value, lo)
		}
		return 0, r.fail(n, field, "%s is too large: the largest allowed is %d", n.Value, hi)
	}
	if err != nil {
		return 0, r.fail(n, field, "%q is not a whole number: %s", n.Value, want)
	}
	if v < lo || v > hi {
		return 0, r.fail(n, field, "%d is out of range: %s", v, want)
	}
	return v, nil
}

// unsigned reads a whole number of 0 or more that may need all 64 bits (a seed).
func (r *reader) unsigned(n *yaml.Node, field string) (uint64, error) {
	n = deref(n)
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return 0, r.fail(n, field, "want a whole number of 0 or more, not %s", kindName(n))
	}
	v, err := strconv.ParseUint(strings.TrimPrefix(strings.ReplaceAll(n.Value, "_", ""), "+"), 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		return 0, r.fail(n, field, "%s is too large: the largest allowed is 18446744073709551615", n.Value)
	}
	if err != nil {
		return 0, r.fail(n, field, "%q is not a whole number of 0 to 18446744073709551615", n.Value)
	}
	return v, nil
}

// boolean reads true or false.
func (r *reader) boolean(n *yaml.Node, field string) (bool, error) {
	n = deref(n)
	if n.Kind == yaml.ScalarNode {
		switch strings.ToLower(n.Value) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	return false, r.fail(n, field, "want true or false, not %s", kindName(n))
}

// join appends a key to a field path.
func join(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}
