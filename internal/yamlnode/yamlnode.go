package yamlnode

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Error is a mistake in a file: where it is (its line, when it has one place), the
// field (its path, e.g. "characters[1].life" or "axes.arrows") and what is wrong and
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

// Reader reads the nodes of one file, every error naming the file and a line.
type Reader struct {
	File string
	// UnknownField is the message of a key Pairs does not allow, with %s for the allowed
	// keys (each file's readers word it their way).
	UnknownField string
}

// Fail returns the Error of field at node n.
func (r *Reader) Fail(n *yaml.Node, field, format string, a ...any) *Error {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &Error{File: r.File, Line: line, Field: field, Msg: fmt.Sprintf(format, a...)}
}

// errLine finds the line in a YAML syntax error, "yaml: line 7: did not find ...".
var errLine = regexp.MustCompile(`line (\d+): (.*)`)

// parserErrors start the messages of the YAML parser's errors, which count lines from 0
// (its scanner's count from 1).
var parserErrors = []string{
	"did not find expected <document start>", "did not find expected node content", "did not find expected key",
	"did not find expected '-' indicator", "did not find expected ',' or ']'", "did not find expected ',' or '}'",
}

// Document parses data, one YAML document, and returns its top-level mapping. what names
// the file's expected content when it is empty or no mapping; oneDocument ends the
// message of a second document, which is refused: yaml.Unmarshal would read the first
// and drop the rest, and a file cut in two by a stray "---" must not play half of it.
func (r *Reader) Document(data []byte, what, oneDocument string) (*yaml.Node, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	err := dec.Decode(&doc)
	if errors.Is(err, io.EOF) {
		err = nil // no document at all: refused as empty below
	}
	for err == nil && doc.Kind != 0 { // past empty documents ("---" and comments) to the end
		var next yaml.Node
		if err = dec.Decode(&next); errors.Is(err, io.EOF) {
			err = nil
			break
		}
		if err == nil && !isEmptyDocument(&next) {
			return nil, r.Fail(&next, "(file)", "a second YAML document starts here (---): %s", oneDocument)
		}
	}
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line := 0
		if m := errLine.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
			if slices.ContainsFunc(parserErrors, func(p string) bool { return strings.HasPrefix(msg, p) }) {
				line++
			}
		}
		return nil, &Error{File: r.File, Line: line, Field: "(syntax)", Msg: msg + ": the file is not valid YAML"}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &Error{File: r.File, Field: "(file)", Msg: "the file is empty: want " + what}
	}
	root := Deref(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil, r.Fail(root, "(file)", "want %s, not %s", what, KindName(root))
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

// Deref follows an alias to the node it names.
func Deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// KindName names a node's kind for messages.
func KindName(n *yaml.Node) string {
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

// Pair is one key of a mapping and its value.
type Pair struct {
	Key  string
	K, V *yaml.Node
}

// Pairs returns a mapping's entries in order; keys must be plain text, each once. When
// allowed is not nil, a key outside it is refused, naming what is allowed.
func (r *Reader) Pairs(n *yaml.Node, field string, allowed []string) ([]Pair, error) {
	n = Deref(n)
	if n.Kind != yaml.MappingNode {
		return nil, r.Fail(n, field, "want a mapping (key: value lines), not %s", KindName(n))
	}
	var out []Pair
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := Deref(n.Content[i]), Deref(n.Content[i+1])
		if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" {
			return nil, r.Fail(k, field, "want a plain key, not %s", KindName(k))
		}
		path := Join(field, k.Value)
		if line, dup := seen[k.Value]; dup {
			return nil, r.Fail(k, path, "given twice (first on line %d); give each key once", line)
		}
		seen[k.Value] = k.Line
		if allowed != nil && !slices.Contains(allowed, k.Value) {
			return nil, r.Fail(k, path, r.UnknownField, strings.Join(allowed, ", "))
		}
		out = append(out, Pair{Key: k.Value, K: k, V: v})
	}
	return out, nil
}

// Text reads a scalar as text; an empty value (key: with nothing after it) is "".
func (r *Reader) Text(n *yaml.Node, field string) (string, error) {
	n = Deref(n)
	if n.Kind != yaml.ScalarNode {
		return "", r.Fail(n, field, "want a text, not %s", KindName(n))
	}
	if n.Tag == "!!null" {
		return "", nil
	}
	return n.Value, nil
}

// Join appends a key to a field path.
func Join(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}
