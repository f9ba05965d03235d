package sweep

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/bangsim/bangsim/internal/yamlnode"
)

// Error is a mistake in a sweep file: where it is (the line, when it has one place),
// the field (its path, e.g. "axes.arrows" or "exclude[2].players") and what is wrong and
// allowed. It is the one error of the files a user writes (yamlnode.Error; a character
// file's, lab.FileError, is too).
type Error = yamlnode.Error

// reader reads the nodes of one sweep file, every error naming the file and a line: the
// shared reader (yamlnode), with the sweep file's lists and numbers.
type reader struct {
	yamlnode.Reader
}

// newReader returns the reader of a sweep file.
func newReader(file string) *reader {
	return &reader{yamlnode.Reader{File: file, UnknownField: "unknown field: want one of %s"}}
}

// document parses data and returns its top-level mapping.
func (r *reader) document(data []byte) (*yaml.Node, error) {
	return r.Document(data, "a mapping with game, games and axes (see examples/sweep.yaml)",
		"a sweep file is one document; remove the --- line or put the second part in a file of its own")
}

// list returns a sequence's items; a single value stands for a list of one when one is
// true.
func (r *reader) list(n *yaml.Node, field string, one bool) ([]*yaml.Node, error) {
	n = yamlnode.Deref(n)
	switch {
	case n.Kind == yaml.SequenceNode:
		out := make([]*yaml.Node, len(n.Content))
		for i, c := range n.Content {
			out[i] = yamlnode.Deref(c)
		}
		return out, nil
	case one && n.Kind == yaml.ScalarNode:
		return []*yaml.Node{n}, nil
	}
	return nil, r.Fail(n, field, "want a list such as [a, b], not %s", yamlnode.KindName(n))
}

// integer reads a whole number from lo to hi; a sign is allowed ("+2").
func (r *reader) integer(n *yaml.Node, field string, lo, hi int64) (int64, error) {
	n = yamlnode.Deref(n)
	want := fmt.Sprintf("want a whole number from %d to %d", lo, hi)
	if hi == math.MaxInt64 {
		want = fmt.Sprintf("want a whole number of %d or more", lo)
	}
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return 0, r.Fail(n, field, "%s, not %s", want, yamlnode.KindName(n))
	}
	digits := strings.TrimPrefix(strings.ReplaceAll(n.Value, "_", ""), "+")
	v, err := strconv.ParseInt(digits, 10, 64)
	if errors.Is(err, strconv.ErrRange) { // a whole number, but beyond int64
		if strings.HasPrefix(digits, "-") {
			return 0, r.Fail(n, field, "%s is too small: the smallest allowed is %d", n.Value, lo)
		}
		return 0, r.Fail(n, field, "%s is too large: the largest allowed is %d", n.Value, hi)
	}
	if err != nil {
		return 0, r.Fail(n, field, "%q is not a whole number: %s", n.Value, want)
	}
	if v < lo || v > hi {
		return 0, r.Fail(n, field, "%d is out of range: %s", v, want)
	}
	return v, nil
}

// unsigned reads a whole number of 0 or more that may need all 64 bits (a seed).
func (r *reader) unsigned(n *yaml.Node, field string) (uint64, error) {
	n = yamlnode.Deref(n)
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return 0, r.Fail(n, field, "want a whole number of 0 or more, not %s", yamlnode.KindName(n))
	}
	v, err := strconv.ParseUint(strings.TrimPrefix(strings.ReplaceAll(n.Value, "_", ""), "+"), 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		return 0, r.Fail(n, field, "%s is too large: the largest allowed is 18446744073709551615", n.Value)
	}
	if err != nil {
		return 0, r.Fail(n, field, "%q is not a whole number of 0 to 18446744073709551615", n.Value)
	}
	return v, nil
}

// boolean reads true or false.
func (r *reader) boolean(n *yaml.Node, field string) (bool, error) {
	n = yamlnode.Deref(n)
	if n.Kind == yaml.ScalarNode {
		switch strings.ToLower(n.Value) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	return false, r.Fail(n, field, "want true or false, not %s", yamlnode.KindName(n))
}
