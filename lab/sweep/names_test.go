package sweep

import (
	"strings"
	"testing"
)

// A cell's directory is named by its settings, with what a shell would need quoted made
// "-"; names too long, or that two cells would share, end in a hash of the labels.
func TestCellNames(t *testing.T) {
	axes := []Axis{{Name: "policy-for.outlaw"}, {Name: "characters"}}
	vals := func(a, b string) []value { return []value{{label: a}, {label: b}} }
	long := strings.Repeat("Willy the Kid,", 12)
	names := cellNames(axes, [][]value{
		vals("heuristic(beer_below=2)", "random"),
		vals("random", "El Gringo,Bart Cassidy"),
		vals("a(b)", ""),
		vals("a b", ""),
		vals("random", long),
	})
	if names[0] != "policy-for.outlaw=heuristic-beer_below=2,characters=random" {
		t.Errorf("name %q", names[0])
	}
	if names[1] != "policy-for.outlaw=random,characters=El-Gringo-Bart-Cassidy" {
		t.Errorf("name %q", names[1])
	}
	if names[2] == names[3] || !strings.HasPrefix(names[2], "policy-for.outlaw=a-b,characters=~") || !strings.HasPrefix(names[3], "policy-for.outlaw=a-b,characters=~") {
		t.Errorf("colliding names %q and %q", names[2], names[3])
	}
	if len(names[4]) > maxName || !strings.Contains(names[4], "~") {
		t.Errorf("long name %q (%d bytes)", names[4], len(names[4]))
	}
	if again := cellNames(axes, [][]value{vals("a(b)", ""), vals("a b", "")}); again[0] != names[2] {
		t.Errorf("names differ from one call to the next: %q, %q", again[0], names[2])
	}
	if n := cellNames(nil, [][]value{nil}); n[0] != "base" {
		t.Errorf("a sweep without axes names its cell %q", n[0])
	}
}
