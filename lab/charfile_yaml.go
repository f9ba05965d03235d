package lab

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/bangsim/bangsim/internal/yamlnode"
)

// FileError is a mistake in a character file: where it is (its line, when it has one
// place), the field (its path, e.g. "characters[1].life") and what is wrong and allowed.
// It is the one error of the files a user writes (yamlnode.Error; a sweep file's is too).
type FileError = yamlnode.Error

// yamlReader reads the nodes of one character file, every error naming the file and a
// line: the shared reader (yamlnode), with the character file's lists and numbers.
type yamlReader struct {
	yamlnode.Reader
}

// newYAMLReader returns the reader of a character file.
func newYAMLReader(file string) *yamlReader {
	return &yamlReader{yamlnode.Reader{File: file, UnknownField: "unknown field (allowed: %s)"}}
}

// list returns a sequence's items.
func (r *yamlReader) list(n *yaml.Node, field string) ([]*yaml.Node, error) {
	n = yamlnode.Deref(n)
	if n.Kind != yaml.SequenceNode {
		return nil, r.Fail(n, field, "want a list (lines starting with -), not %s", yamlnode.KindName(n))
	}
	out := make([]*yaml.Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = yamlnode.Deref(c)
	}
	return out, nil
}

// integer reads a whole number from lo to hi; a sign is allowed ("+2").
func (r *yamlReader) integer(n *yaml.Node, field string, lo, hi int) (int, error) {
	n = yamlnode.Deref(n)
	want := fmt.Sprintf("allowed: %d to %d", lo, hi)
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return 0, r.Fail(n, field, "want a whole number, not %s (%s)", yamlnode.KindName(n), want)
	}
	v, err := strconv.Atoi(strings.TrimPrefix(strings.ReplaceAll(n.Value, "_", ""), "+"))
	if err != nil {
		return 0, r.Fail(n, field, "%q is not a whole number (%s)", n.Value, want)
	}
	if v < lo || v > hi {
		return 0, r.Fail(n, field, "%d is out of range (%s)", v, want)
	}
	return v, nil
}
