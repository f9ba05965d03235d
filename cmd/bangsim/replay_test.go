package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run 'go test ./cmd/bangsim -run %s -update' to create it)", err, t.Name())
	}
	if got != string(want) {
		t.Errorf("output differs from %s (if the change is intended, rerun with -update):\n%s", path, firstDiff(string(want), got))
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + itoa(i+1) + ":\n want: " + a + "\n  got: " + b
		}
	}
	return ""
}

func TestReplayGolden(t *testing.T) {
	for _, tc := range []struct {
		file string
		args []string
	}{
		{"replay-5p-seed1-game3.txt", []string{"replay", "--seed", "1", "--index", "3"}},
		{"replay-3p-seed2-game5-decisions.txt", []string{"replay", "--players", "3", "--seed", "2", "--index", "5", "--decisions", "--policy-for", "renegade=random"}},
		// The card game: the deal, then every event and decision (with the options the
		// random yardstick draws among) of a short game.
		{"replay-card-4p-seed1-game6-decisions.txt", []string{"replay", "--game", "card", "--players", "4", "--index", "6", "--decisions"}},
	} {
		out, _ := mustCLI(t, tc.args...)
		golden(t, tc.file, out)
	}
}

// TestReplayJSON checks the JSON Lines: every line an object with a known event name,
// the game line first and game_over last.
func TestReplayJSON(t *testing.T) {
	out, _ := mustCLI(t, "replay", "--json", "--decisions", "--players", "6", "--index", "9")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	known := map[string]bool{"game": true, "decision": true}
	for _, n := range []string{"turn", "roll", "keep", "arrow", "indians", "dynamite", "lose_life", "arrow_instead",
		"arrow_returned", "arrow_discard", "shot", "slab", "heal", "gatling", "return_arrows", "eliminated", "game_over"} {
		known[n] = true
	}
	var game struct {
		Event string            `json:"event"`
		Index uint64            `json:"index"`
		Seats []json.RawMessage `json:"seats"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &game); err != nil || game.Event != "game" || len(game.Seats) != 6 || game.Index != 9 {
		t.Fatalf("first line %s: %v", lines[0], err)
	}
	seen := map[string]bool{}
	for _, l := range lines[1:] {
		var e map[string]any
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		name, _ := e["event"].(string)
		if !known[name] {
			t.Errorf("unknown event %q in %s", name, l)
		}
		if _, ok := e["seat"]; !ok {
			t.Errorf("line without seat: %s", l)
		}
		seen[name] = true
	}
	for _, want := range []string{"turn", "roll", "decision", "shot", "lose_life", "eliminated"} {
		if !seen[want] {
			t.Errorf("no %q line in the replay", want)
		}
	}
	if !strings.Contains(lines[len(lines)-1], `"event":"game_over"`) {
		t.Errorf("last line %s, want game_over", lines[len(lines)-1])
	}
}

// TestReplayAcceptsAnyCharacterSpelling checks names and slugs in any case.
func TestReplayAcceptsAnyCharacterSpelling(t *testing.T) {
	out, _ := mustCLI(t, "replay", "--players", "3", "--fixed-seats", "--characters", "WILLY THE KID,el-gringo,Bart cassidy")
	for _, want := range []string{"P0 (Deputy, Willy the Kid)", "P1 (", "El Gringo", "Bart Cassidy"} {
		if !strings.Contains(out, want) {
			t.Errorf("replay does not show %q:\n%s", want, out[:min(len(out), 600)])
		}
	}
}
