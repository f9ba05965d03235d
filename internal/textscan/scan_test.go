package textscan

import "testing"

// The scanner reads a name, skips blanks, eats a byte and leaves the rest.
func TestScanner(t *testing.T) {
	p := Scanner{S: "abc  (x"}
	if got := p.While(func(c byte) bool { return c >= 'a' && c <= 'z' }); got != "abc" {
		t.Fatalf("While: %q", got)
	}
	p.Space()
	if !p.Eat('(') || p.Eat('(') || p.Rest() != "x" || p.Done() {
		t.Fatalf("after the name: rest %q", p.Rest())
	}
	p.While(func(byte) bool { return true })
	if !p.Done() || p.Rest() != "" {
		t.Fatalf("not done: %q", p.Rest())
	}
}
