package sweep_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/sweep"
)

// A sweep file is one YAML document: a second one after "---" used to be dropped
// without a word (yaml.Unmarshal reads the first), so a sweep cut in two played half its
// cells. A "---" with nothing after it is no second document. Numbers beyond int64 are
// "too large" with the largest allowed, not "not a whole number"; a cell, and the
// sweep, whose games add up past lab.MaxGames are refused (the dry run printed
// 18,446,744,073,709,551,614 games from wrapped sums).
func TestSweepFileFailsFast(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		line       int
		field, msg string
	}{
		{"second document", "game: dice\ngames: 100\n---\naxes:\n  players: [4, 5]\n", 3, "(file)", "a second YAML document starts here (---): a sweep file is one document"},
		{"third document", "game: dice\ngames: 100\n---\n---\naxes:\n  players: [4, 5]\n", 4, "(file)", "a second YAML document"},
		{"games too large", "game: dice\ngames: 100000000000000000000\n", 2, "games", "100000000000000000000 is too large: the largest allowed is 9223372036854775807"},
		{"axis games too large", "game: dice\ngames: 10\naxes:\n  games: [18446744073709551615, 10]\n", 4, "axes.games", "is too large: the largest allowed is 9223372036854775807"},
		{"players too large", "game: dice\ngames: 10\naxes:\n  players: [99999999999999999999]\n", 4, "axes.players", "is too large: the largest allowed is 8"},
		{"seed too large", "game: dice\ngames: 10\nseed: 18446744073709551616\n", 3, "seed", "is too large: the largest allowed is 18446744073709551615"},
		{"cell too many games", "game: dice\ngames: 4611686018427387904\nplayers: 4-5\n", 0, "cell base", "games 4611686018427387904 at 2 player counts is too many games in all: at most 9,223,372,036,854,775,807"},
		{"sweep too many games", "game: dice\ngames: 9223372036854775807\naxes:\n  players: [4, 5]\n", 0, "games", "the 2 cells together are too many games: at most 9,223,372,036,854,775,807"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := sweep.Parse("s.yaml", []byte(tc.text))
			var e *sweep.Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want a *sweep.Error", err)
			}
			if e.Line != tc.line || e.Field != tc.field || !strings.Contains(e.Msg, tc.msg) {
				t.Fatalf("got line %d, field %q, %q; want line %d, field %q, containing %q", e.Line, e.Field, e.Msg, tc.line, tc.field, tc.msg)
			}
		})
	}
	// What still parses: a trailing "---" or "---" with comments only, a leading one,
	// and the largest games that fit.
	for _, text := range []string{
		"game: dice\ngames: 100\n---\n",
		"game: dice\ngames: 100\n---\n# nothing more\n",
		"---\ngame: dice\ngames: 100\n",
		"game: dice\ngames: 9223372036854775807\n",
		"game: dice\ngames: 4611686018427387903\naxes:\n  players: [4, 5]\n",
	} {
		if _, err := sweep.Parse("s.yaml", []byte(text)); err != nil {
			t.Errorf("%q: %v", text, err)
		}
	}
	if lab.MaxGames != 1<<63-1 {
		t.Fatalf("lab.MaxGames is %d; the messages above name int64's largest", lab.MaxGames)
	}
}
