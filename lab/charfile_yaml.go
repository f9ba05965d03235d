package lab

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

// FileError is a mistake in a character file: where it is (its line, when it has one
// place), the field (its path, e.g. "characters[1].life") and what is wrong and allowed.
type FileError struct {
	File  string
	Line  int // from 1; 0 for a mistake with no one place
	Field string
	Msg   string
}

// Error writes "FILE:LINE: FIELD: MSG", the form editors and CI logs link to a line.
func (e *FileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Field, e.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", e.File, e.Field, e.Msg)
}

// yamlReader reads the nodes of one file, every error naming the file and a line (the
// sweep file's reader, lab/sweep, is the same in its own package).
type yamlReader struct {
	file string
}

// fail returns the FileError of field at node n.
func (r *yamlReader) fail(n *yaml.Node, field, format string, a ...any) *FileError {
	line := 0
	if n != nil {
		line = n.Line
	}
	return &FileError{File: r.file, Line: line, Field: field, Msg: fmt.Sprintf(format, a...)}
}

// yamlErrLine finds the line in a YAML syntax error, "yaml: line 7: did not find ...".
var yamlErrLine = regexp.MustCompile(`line (\d+): (.*)`)

// yamlParserErrors start the messages of the YAML parser's errors, which count lines
// from 0 (its scanner's count from 1).
var yamlParserErrors = []string{
	"did not find expected <document start>", "did not find expected node content", "did not find expected key",
	"did not find expected '-' indicator", "did not find expected ',' or ']'", "did not find expected ',' or '}'",
}

// document parses data, one YAML document, and returns its top-level mapping; what
// names the file's expected content when it is empty or no mapping.
func (r *yamlReader) document(data []byte, what string) (*yaml.Node, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	err := dec.Decode(&doc)
	if errors.Is(err, io.EOF) {
		err = nil
	}
	if err == nil && doc.Kind != 0 {
		var next yaml.Node
		if err = dec.Decode(&next); errors.Is(err, io.EOF) {
			err = nil
		} else if err == nil && len(next.Content) > 0 && !(next.Content[0].Tag == "!!null" && next.Content[0].Value == "") {
			return nil, r.fail(&next, "(file)", "a second YAML document starts here (---): the file is one document; remove the --- line")
		}
	}
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line := 0
		if m := yamlErrLine.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			msg = m[2]
			if slices.ContainsFunc(yamlParserErrors, func(p string) bool { return strings.HasPrefix(msg, p) }) {
				line++
			}
		}
		return nil, &FileError{File: r.file, Line: line, Field: "(syntax)", Msg: msg + ": the file is not valid YAML"}
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, &FileError{File: r.file, Field: "(file)", Msg: "the file is empty: want " + what}
	}
	root := yamlDeref(doc.Content[0])
	if root.Kind != yaml.MappingNode {
		return nil, r.fail(root, "(file)", "want %s, not %s", what, yamlKind(root))
	}
	return root, nil
}

// yamlDeref follows an alias to the node it names.
func yamlDeref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// yamlKind names a node's kind for messages.
func yamlKind(n *yaml.Node) string {
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

// yamlPair is one key of a mapping and its value.
type yamlPair struct {
	key  string
	k, v *yaml.Node
}

// pairs returns a mapping's entries in order; keys must be plain text, each once. When
// allowed is not nil, a key outside it is refused, naming what is allowed.
func (r *yamlReader) pairs(n *yaml.Node, field string, allowed []string) ([]yamlPair, error) {
	n = yamlDeref(n)
	if n.Kind != yaml.MappingNode {
		return nil, r.fail(n, field, "want a mapping (key: value lines), not %s", yamlKind(n))
	}
	var out []yamlPair
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := yamlDeref(n.Content[i]), yamlDeref(n.Content[i+1])
		if k.Kind != yaml.ScalarNode || k.Tag == "!!merge" {
			return nil, r.fail(k, field, "want a plain key, not %s", yamlKind(k))
		}
		path := joinField(field, k.Value)
		if line, dup := seen[k.Value]; dup {
			return nil, r.fail(k, path, "given twice (first on line %d); give each key once", line)
		}
		seen[k.Value] = k.Line
		if allowed != nil && !slices.Contains(allowed, k.Value) {
			return nil, r.fail(k, path, "unknown field (allowed: %s)", strings.Join(allowed, ", "))
		}
		out = append(out, yamlPair{key: k.Value, k: k, v: v})
	}
	return out, nil
}

// list returns a sequence's items.
func (r *yamlReader) list(n *yaml.Node, field string) ([]*yaml.Node, error) {
	n = yamlDeref(n)
	if n.Kind != yaml.SequenceNode {
		return nil, r.fail(n, field, "want a list (lines starting with -), not %s", yamlKind(n))
	}
	out := make([]*yaml.Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = yamlDeref(c)
	}
	return out, nil
}

// text reads a scalar as text; an empty value (key: with nothing after it) is "".
func (r *yamlReader) text(n *yaml.Node, field string) (string, error) {
	n = yamlDeref(n)
	if n.Kind != yaml.ScalarNode {
		return "", r.fail(n, field, "want a text, not %s", yamlKind(n))
	}
	if n.Tag == "!!null" {
		return "", nil
	}
	return n.Value, nil
}

// integer reads a whole number from lo to hi; a sign is allowed ("+2").
func (r *yamlReader) integer(n *yaml.Node, field string, lo, hi int) (int, error) {
	n = yamlDeref(n)
	want := fmt.Sprintf("allowed: %d to %d", lo, hi)
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return 0, r.fail(n, field, "want a whole number, not %s (%s)", yamlKind(n), want)
	}
	v, err := strconv.Atoi(strings.TrimPrefix(strings.ReplaceAll(n.Value, "_", ""), "+"))
	if err != nil {
		return 0, r.fail(n, field, "%q is not a whole number (%s)", n.Value, want)
	}
	if v < lo || v > hi {
		return 0, r.fail(n, field, "%d is out of range (%s)", v, want)
	}
	return v, nil
}

// joinField appends a key to a field path.
func joinField(field, key string) string {
	if field == "" {
		return key
	}
	return field + "." + key
}
