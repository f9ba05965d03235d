package sweep_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab/sweep"
)

// Every mistake in a sweep file is reported with its line, its field and what is
// allowed.
func TestSweepFileErrors(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		line       int
		field, msg string
	}{
		{"empty file", "", 0, "(file)", "the file is empty"},
		{"not a mapping", "- a\n- b\n", 1, "(file)", "want a mapping"},
		{"unclosed list", "game: dice\naxes: [1, 2\n", 2, "(syntax)", "did not find expected ',' or ']': the file is not valid YAML"},
		{"unclosed mapping", "game: dice\ngames: 1\naxes: {x: 1\nc: 2\n", 3, "(syntax)", "not valid YAML"},
		{"bad indentation", "game: dice\ngames: 10\n  axes: 3\n", 3, "(syntax)", "mapping values are not allowed"},
		{"tab", "game: dice\n\tgames: 10\n", 2, "(syntax)", "tab character"},
		{"unknown field", "game: dice\ngmaes: 10\n", 2, "gmaes", "unknown field: want one of description, config, game, players, games"},
		{"key twice", "game: dice\ngames: 10\ngames: 20\n", 3, "games", "given twice (first on line 2)"},
		{"no game", "games: 10\n", 1, "game", "missing: want card or dice"},
		{"config beside game", "config: dice(arrows=9)\ngame: dice\ngames: 10\n", 2, "game", "config and game both set the base run"},
		{"config beside rules", "config: dice\ngames: 10\nrules:\n  arrows: 9\n", 3, "rules", "give the rules inside config"},
		{"bad config", "config: dice(arows=9)\ngames: 10\n", 1, "config", "arows is not an option of game dice"},
		{"unknown game", "game: poker\ngames: 10\n", 1, "game", `"poker" is not a game: want card or dice`},
		{"no games", "game: dice\n", 0, "games", "missing"},
		{"games zero", "game: dice\ngames: 0\n", 2, "games", "0 is out of range: want a whole number of 1 or more"},
		{"games text", "game: dice\ngames: many\n", 2, "games", `"many" is not a whole number`},
		{"players out of range", "game: card\ngames: 10\nplayers: 3-5\n", 3, "players", "3 players is outside 4 to 7"},
		{"unknown rule", "game: dice\ngames: 10\nrules:\n  arows: 9\n", 4, "rules.arows", "the dice game has no rule option \"arows\": want arrows, sheriff-bonus"},
		{"bad bot", "game: dice\ngames: 10\npolicy-for:\n  outlaw: nobot\n", 4, "policy-for.outlaw", `unknown policy "nobot"`},
		{"bad role", "game: dice\ngames: 10\npolicy-for:\n  bandit: random\n", 4, "policy-for.bandit", "unknown role"},
		{"rule out of range", "game: dice\ngames: 10\naxes:\n  arrows: [9, 70]\n", 4, "axes.arrows", "70 is out of range: want a whole number from 1 to 60"},
		{"unknown axis", "game: dice\ngames: 10\naxes:\n  arows: [9]\n", 4, "axes.arows", "unknown name: want players, games, seed, policy, policy-for.ROLE, characters, fixed-seats, life.CHARACTER, or a rule option of the dice game (arrows,"},
		{"another game's rule", "game: card\ngames: 10\naxes:\n  sheriff-bonus: [1]\n", 4, "axes.sheriff-bonus", "rule option of the card game (max-turns"},
		{"value twice", "game: dice\ngames: 10\naxes:\n  arrows: [9, 8,\n    9]\n", 5, "axes.arrows", `"9" is listed twice (first on line 4)`},
		{"axis not a list", "game: dice\ngames: 10\naxes:\n  arrows: 9\n", 4, "axes.arrows", "want a list such as [a, b]"},
		{"axis empty", "game: dice\ngames: 10\naxes:\n  arrows: []\n", 4, "axes.arrows", "at least one value"},
		{"bad bool", "game: dice\ngames: 10\naxes:\n  resolve-after-death: [maybe]\n", 4, "axes.resolve-after-death", `want true or false, not "maybe"`},
		{"bad life delta", "game: dice\ngames: 10\naxes:\n  life.el-gringo: [0, 6]\n", 4, "axes.life.el-gringo", "6 is out of range: want a whole number from -5 to 5"},
		{"no such character", "game: dice\ngames: 10\naxes:\n  life.nobody: [1]\n", 4, "axes.life.nobody", `"nobody" is not a character`},
		{"bad life text", "game: dice\ngames: 10\naxes:\n  life: [\"El Gringo=2\"]\n", 4, "axes.life", "want a signed change"},
		{"bad characters", "game: dice\ngames: 10\naxes:\n  characters: [random, \"el-gringo,nobody\"]\n", 4, "axes.characters", `unknown character "nobody"`},
		{"axes and cells", "game: dice\ngames: 10\naxes:\n  arrows: [9]\ncells:\n  - {arrows: 9}\n", 5, "cells", "axes (every combination of their values) or cells (a list), not both"},
		{"exclude without axes", "game: dice\ngames: 10\nexclude:\n  - {arrows: 9}\n", 3, "exclude", "this file has no axes"},
		{"exclude unknown axis", "game: dice\ngames: 10\naxes:\n  arrows: [8, 9]\nexclude:\n  - {rerolls: 2}\n", 6, "exclude[1].rerolls", "not an axis of this sweep: want one of the axes arrows"},
		{"exclude unknown value", "game: dice\ngames: 10\naxes:\n  arrows: [8, 9]\nexclude:\n  - {arrows: 7}\n", 6, "exclude[1].arrows", `"7" is not a value of the axis arrows: want one of "8", "9"`},
		{"exclude everything", "game: dice\ngames: 10\naxes:\n  arrows: [8, 9]\nexclude:\n  - {arrows: [8, 9]}\n", 5, "exclude", "leaves out every one of the 2 combinations"},
		{"cells differ", "game: dice\ngames: 10\ncells:\n  - {arrows: 9, rerolls: 2}\n  - {arrows: 8}\n", 5, "cells[2]", "names no value for rerolls"},
		{"cell repeated", "game: dice\ngames: 10\ncells:\n  - {arrows: 9}\n  - {arrows: 9}\n", 5, "cells[2]", "repeats cells[1]"},
		{"a games axis has a column of its own", "game: dice\ngames: 10\naxes:\n  games: [10, 20]\n  arrows: [9]\n", 0, "", ""},
		{"role not dealt", "game: dice\ngames: 10\naxes:\n  players: [4, 5]\n  policy-for.deputy: [random]\n", 5, "cell players=4,policy-for.deputy=random",
			"no Deputy sits at a table of 4 players; leave the cell out with exclude: or change the values (lines 4, 5)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := sweep.Parse("s.yaml", []byte(tc.text))
			if tc.field == "" {
				if err != nil {
					t.Fatalf("want no error, got %v", err)
				}
				return
			}
			var e *sweep.Error
			if !errors.As(err, &e) {
				t.Fatalf("want a *sweep.Error, got %v", err)
			}
			if e.Line != tc.line || e.Field != tc.field || !strings.Contains(e.Msg, tc.msg) || e.File != "s.yaml" {
				t.Errorf("got line %d, field %q, message %q\nwant line %d, field %q, message containing %q", e.Line, e.Field, e.Msg, tc.line, tc.field, tc.msg)
			}
			if want := "s.yaml:"; !strings.HasPrefix(err.Error(), want) {
				t.Errorf("message %q does not start with %q", err, want)
			}
		})
	}
}

// TestSweepTooManyCells: axes whose values multiply past MaxCells are refused, with
// the axes' line, before any cell is made (three axes of 100, 100 and 60 values once
// ran a dry run out of memory).
func TestSweepTooManyCells(t *testing.T) {
	var b strings.Builder
	b.WriteString("game: dice\ngames: 10\naxes:\n  seed: [")
	for i := 1; i <= 200; i++ {
		fmt.Fprintf(&b, "%d, ", i)
	}
	b.WriteString("201]\n  arrows: [")
	for i := 1; i < 60; i++ {
		fmt.Fprintf(&b, "%d, ", i)
	}
	b.WriteString("60]\n")
	_, err := sweep.Parse("big.yaml", []byte(b.String()))
	var e *sweep.Error
	if !errors.As(err, &e) || e.Line != 4 || e.Field != "axes" || !strings.Contains(e.Msg, "201 x 60 values make more than 10000 combinations") {
		t.Fatalf("err = %v", err)
	}
}
