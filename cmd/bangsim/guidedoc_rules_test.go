package main

import (
	"slices"
	"testing"
)

// TestGuideRewrite pins the count rules of guidedoc_test.go on the documents' kinds
// of command: a count lowered, a default count added, nothing added to a balance of a
// directory or to a duel replay, card caps for --game card, and exact left true only
// for a command whose output depends on its arguments alone.
func TestGuideRewrite(t *testing.T) {
	for _, c := range []struct {
		in, want string
		exact    bool
	}{
		{"go run ./cmd/bangsim run", "bangsim run --games 20000", false},
		{"bangsim run --players 3-8 --games 200000 --out sizes", "bangsim run --players 3-8 --games 20000 --out sizes", false},
		{"bangsim run --games 200 --out s", "bangsim run --games 200 --out s", false},
		{"bangsim run --game card --games=20000", "bangsim run --game card --games=300", false},
		{"bangsim run --policy-for outlaw='search(rollouts=20)' --games 2000", "bangsim run --policy-for outlaw='search(rollouts=20)' --games 20", false},
		{"bangsim balance results --tune-life", "bangsim balance results --tune-life", false},
		{"bangsim balance --precision 0.01", "bangsim balance --games 5000 --max-games 20000 --precision 0.01", false},
		{"bangsim duel --replay 3", "bangsim duel --replay 3", true},
		{"bangsim league --seasons 1000", "bangsim league --value-games 2000 --seasons 2", false},
		{"bangsim sweep examples/sweep.yaml --dry-run", "bangsim sweep --calibrate 100ms examples/sweep.yaml --dry-run", false},
		{"bangsim replay --game card --index 3 --json | jq -c .", "bangsim replay --game card --index 3 --json | jq -c .", true},
		{"bangsim odds gatling --check 100000", "bangsim odds gatling --check 5000", false},
		{"bangsim sweep x.yaml && bangsim report sweep", "bangsim sweep x.yaml && bangsim report sweep", false},
	} {
		got := rewrite(c.in)
		if got.code != c.want || got.exact != c.exact {
			t.Errorf("rewrite(%q) = %q (exact %v), want %q (exact %v)", c.in, got.code, got.exact, c.want, c.exact)
		}
	}
}

// TestGuideShape pins the output rules' shape of a line: numbers, bounds and
// durations as N, spaces collapsed, significance marks dropped; words kept.
func TestGuideShape(t *testing.T) {
	for _, c := range []struct{ a, b string }{
		{"      5  Sheriff   1000000  592617    59.26%  [59.17%, 59.36%]", "5  Sheriff 2000 1229 61.5% [59.3%, 63.6%]"},
		{"keep vs heuristic, Sheriff: -27.4 points [-28.2, -26.5], p<0.0001 (Holm <0.0001) — significant", "keep vs heuristic, Sheriff: +3.1 points [-1.0, +7.2], p=0.0020 (Holm 0.0567) — significant"},
		{"players 5: 1000000/1000000 games (100%), 446490 games/s, done in 2.2s", "players 5: 2000/2000 games (100%), 160498 games/s, done in 100ms"},
		{"Vulture Sam      +11.8 [+11.3, +12.3] *  +15.1 [+14.3, +15.9] *", "Vulture Sam +6.9 [+0.9, +12.8] +13.2 [+5.2, +21.1]"},
	} {
		if shape(c.a) != shape(c.b) {
			t.Errorf("shape(%q) = %q, shape(%q) = %q: want equal", c.a, shape(c.a), c.b, shape(c.b))
		}
	}
	if shape("Win rate by role") == shape("Win rates by role") {
		t.Error("shape hides a changed word")
	}
}

// TestGuideSplitCommands pins how a ```sh block is cut into commands: a quote or a
// for loop spans lines, a comment is not code, and `# exits N` is the expected status.
func TestGuideSplitCommands(t *testing.T) {
	f := fence{file: "x.md", lines: []docLine{
		{n: 1, text: "bangsim run --players 9   # exits 2"},
		{n: 2, text: `duckdb -c "SELECT 1`},
		{n: 3, text: `  FROM t"`},
		{n: 4, text: "for n in 4 5; do"},
		{n: 5, text: "  bangsim league --out l-$n   # one size"},
		{n: 6, text: "done"},
		{n: 7, text: ""},
		{n: 8, text: "bangsim merge --out m a b     # add the shards up"},
	}}
	var got []string
	var exits []int
	for _, c := range splitCommands(f) {
		got = append(got, c.code)
		exits = append(exits, c.exits)
	}
	want := []string{"bangsim run --players 9", "duckdb -c \"SELECT 1\n  FROM t\"", "for n in 4 5; do\n  bangsim league --out l-$n\ndone", "bangsim merge --out m a b"}
	if !slices.Equal(got, want) || !slices.Equal(exits, []int{2, 0, 0, 0}) {
		t.Errorf("splitCommands: %q exits %v, want %q exits [2 0 0 0]", got, exits, want)
	}
	if p := programs("mkdir d && echo x > d/f; for n in 1 2; do bangsim run | jq .; done"); !slices.Equal(p, []string{"mkdir", "echo", "bangsim", "jq"}) {
		t.Errorf("programs: %q", p)
	}
}
