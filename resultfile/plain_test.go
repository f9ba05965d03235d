package resultfile

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Difference names the first field that differs with both values in words, never as
// JSON or Go prints them (the merge of two sweeps printed `{"players":[5],...`
// cut at 120 characters).
func TestDifference(t *testing.T) {
	base := SweepBase{Players: []int{5}, GamesPerCount: 50, Seed: 1, Policy: "heuristic", Characters: "random",
		Rules: Settings{{Name: "arrows", Value: 9}}}
	other := base
	other.Seed = 2
	other.Rules = Settings{{Name: "arrows", Value: 9}}
	for _, tc := range []struct {
		name      string
		got, want any
		say       string
	}{
		{"seed", 2, 1, "seed 2 against 1"},
		{"players", []int{4, 5}, []int{5}, "players 4, 5 against 5"},
		{"base run", other, base, "base run: seed 2 against 1"},
		{"rules", Settings{{Name: "arrows", Value: 8}}, Settings{{Name: "arrows", Value: 9}}, "rules: arrows 8 against 9"},
		{"bots", map[string]any{"default": "heuristic", "by_role": map[string]string{"Outlaw": "random"}},
			map[string]any{"default": "heuristic"}, "bots: by_role Outlaw=random against none"},
		{"game", "card", "", "game card against empty"},
		{"cells", []SweepCell{{Name: "a", Players: []int{4}}}, []SweepCell{{Name: "a", Players: []int{5}}}, "cells: item 1.players 4 against 5"},
	} {
		if got := Difference(tc.name, tc.got, tc.want); got != tc.say {
			t.Errorf("Difference(%s) = %q, want %q", tc.name, got, tc.say)
		}
	}
	if got := Difference("base run", base, base); got != "" {
		t.Errorf("the same values differ: %q", got)
	}
	if got := Plain([]string{"a", "b"}); got != "a, b" {
		t.Errorf("Plain of a list = %q", got)
	}
	if got := PlainList(nil); got != "none" {
		t.Errorf("PlainList(nil) = %q", got)
	}
}

// ExplainPath says which part of a path is in the way, in words, and keeps the cause
// for errors.Is; PlainPathErrors rewrites Go's text inside a wrapped message.
func TestExplainPath(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "afile")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := os.ReadFile(filepath.Join(file, "run.json"))
	e := ExplainPath(file, err)
	if e.Error() != "it is a file, not a directory" || !errors.Is(e, syscall.ENOTDIR) {
		t.Errorf("a file as a directory: %q (is ENOTDIR: %v)", e, errors.Is(e, syscall.ENOTDIR))
	}
	if e := ExplainPath(filepath.Join(file, "x"), err); e.Error() != file+" is a file, not a directory" {
		t.Errorf("a file above the path: %q", e)
	}
	_, err = os.ReadFile(filepath.Join(dir, "none"))
	if e := ExplainPath(filepath.Join(dir, "none"), err); e.Error() != "it does not exist" || !errors.Is(e, fs.ErrNotExist) {
		t.Errorf("a missing file: %q", e)
	}
	_, err = os.ReadFile(dir)
	if e := ExplainPath(dir, err); e.Error() != "it is a directory, not a file" {
		t.Errorf("a directory as a file: %q", e)
	}
	if e := ExplainPath(dir, errors.New("other")); e.Error() != "other" {
		t.Errorf("an error not about a file changed: %q", e)
	}
	err = os.MkdirAll(file, 0o755)
	msg := PlainPathErrors(`cannot create --out directory "afile": `+err.Error(), errors.Join(errors.New("x"), err))
	if msg != `cannot create --out directory "afile": `+file+" is a file, not a directory" {
		t.Errorf("PlainPathErrors: %q", msg)
	}
}

// JSONProblem and CSVProblem say what is wrong with a damaged file without
// encoding/json's or encoding/csv's words.
func TestFileProblems(t *testing.T) {
	var r Run
	for text, want := range map[string]string{
		`{"seed": 1`:      "it is not valid JSON: it ends at byte 10, in the middle of a value",
		`hello`:           "it is not valid JSON: something other than JSON at byte 1",
		`{"seed": "x"}`:   `field "seed" holds a JSON string where a whole number of 0 or more belongs`,
		`{"seed": -1}`:    `field "seed" holds the JSON number -1 where a whole number of 0 or more belongs`,
		`{"players": {}}`: `field "players" holds a JSON object where a list belongs`,
		`[1]`:             "the file holds a JSON array where an object belongs",
	} {
		err := json.Unmarshal([]byte(text), &r)
		if got := JSONProblem(err); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
	_, err := csv.NewReader(strings.NewReader("a,b\n\"x\n")).ReadAll()
	if got := CSVProblem(err); got != `line 2, column 4: a quote (") is missing or out of place` {
		t.Errorf("CSVProblem: %q", got)
	}
}

// Two values that read alike but are of other kinds are told apart.
func TestDifferenceKinds(t *testing.T) {
	if got := Difference("seed", "1", 1); got != "seed 1 (a text) against 1 (a number)" {
		t.Errorf("Difference of a text and a number: %q", got)
	}
}
