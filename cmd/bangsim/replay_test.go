package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
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

// `bangsim replay --game league` plays a season of `bangsim league` again and narrates
// one of its games, the same game the record holds: its auction has as many steps as
// auctions.csv's rows for the game, and its payouts are games.csv's (payout, money
// after); and one knock-out match, whose duel names the match's seed and players.
// Requests the season does not have, or flags of the other games, are bad usage.
func TestReplayLeague(t *testing.T) {
	out := filepath.Join(t.TempDir(), "l")
	cfg := []string{"--players", "8", "--value-games", "60", "--seed", "4"}
	mustCLI(t, append([]string{"league", "--seasons", "2", "-q", "--out", out}, cfg...)...)
	games := readCSV(t, filepath.Join(out, "games.csv"))
	auctions := readCSV(t, filepath.Join(out, "auctions.csv"))
	matches := readCSV(t, filepath.Join(out, "matches.csv"))
	text, _ := mustCLI(t, append([]string{"replay", "--game", "league", "--season", "1", "--game-index", "3"}, cfg...)...)
	steps := 0
	for _, r := range auctions[1:] {
		if r[0] == "1" && r[1] == "3" {
			steps++
		}
	}
	_, section, _ := strings.Cut(text, "\nThe auction (")
	section, _, _ = strings.Cut(section, "\n\n")
	got := strings.Count(section, "\n") // a line per step, after the heading's
	if got != steps {
		t.Errorf("the replay's auction has %d steps, auctions.csv %d\n%s", got, steps, text)
	}
	seats := 0
	for _, r := range games[1:] {
		if r[0] != "1" || r[2] != "3" {
			continue
		}
		seat, _ := strconv.Atoi(r[4])
		want := fmt.Sprintf("P%d, player %s: %s, paid $%s, earned $%s, money after the game $%s\n", seat-1, r[5], r[11], r[8], r[13], r[14])
		if !strings.Contains(text, want) {
			t.Errorf("the replay has no line %q\n%s", want, text)
		}
		seats++
	}
	if seats < 4 {
		t.Fatalf("games.csv has %d seats of season 1's game 3", seats)
	}
	var final []string
	for _, r := range matches[1:] {
		if r[0] == "1" && r[1] == "final" {
			final = r
		}
	}
	if final == nil {
		t.Fatal("season 1 has no final")
	}
	duel, _ := mustCLI(t, append([]string{"replay", "--game", "league", "--season", "1", "--match", "final"}, cfg...)...)
	if !strings.Contains(duel, "duel seed "+final[10]) || !strings.Contains(duel, "seat 0 is player "+final[2]) || !strings.HasSuffix(duel, "player "+final[7]+" goes through\n") {
		t.Errorf("the final's replay does not match matches.csv %v:\n%s", final, duel)
	}
	for _, bad := range [][]string{
		{"--season", "1", "--game-index", "999"},
		{"--season", "1", "--match", "quarter-9"},
		{"--season", "1", "--match", "last"},
		{"--season", "1"},
		{"--season", "1", "--game-index", "1", "--match", "final"},
		{"--season", "1", "--game-index", "1", "--json"},
		{"--season", "1", "--game-index", "1", "--characters", "plain"},
	} {
		if code, _, errs := cli(t, append(append([]string{"replay", "--game", "league"}, cfg...), bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", bad, code, errs)
		}
	}
	if code, _, errs := cli(t, "replay", "--season", "1"); code != 2 {
		t.Errorf("--season without --game league: exit %d, want 2\n%s", code, errs)
	}
}

// replay --config takes the configuration in its one text, as run, compare and balance
// do: the game it narrates is the one the separate flags give; a configuration of more
// than one player count, or one beside --game league or duel, is bad usage.
func TestReplayConfig(t *testing.T) {
	want, _ := mustCLI(t, "replay", "--game", "card", "--players", "6", "--remove-cards", "Dynamite", "--policy", "random", "--index", "3", "--seed", "2")
	got, _ := mustCLI(t, "replay", "--config", "card(players=6,policy=random,remove-cards=Dynamite)", "--index", "3", "--seed", "2")
	if got != want || got == "" {
		t.Fatalf("replay --config narrates\n%s\nthe flags\n%s", got, want)
	}
	for _, bad := range [][]string{
		{"--config", "card(players=4-6)", "--index", "1"},
		{"--config", "card(players=6)", "--players", "6"},
		{"--config", "card", "--game", "card"},
		{"--config", "card", "--game", "duel"},
		{"--config", "card", "--game", "league", "--game-index", "1"},
	} {
		if code, _, errs := cli(t, append([]string{"replay"}, bad...)...); code != 2 {
			t.Errorf("replay %v: exit %d, want 2\n%s", bad, code, errs)
		}
	}
}
