package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// TestCardRunPipeline runs the card game through the same pipeline as the dice game:
// the tables are byte-identical for any worker count and for shards merged, and a
// replay of game I shows the winner the run counted for it.
func TestCardRunPipeline(t *testing.T) {
	root := t.TempDir()
	dir := func(name string) string { return filepath.Join(root, name) }
	common := []string{"--game", "card", "--players", "4-7", "--games", "600", "--seed", "5", "-q"}
	mustCLI(t, append([]string{"run", "--out", dir("w1"), "--workers", "1"}, common...)...)
	mustCLI(t, append([]string{"run", "--out", dir("w3"), "--workers", "3"}, common...)...)
	var shards []string
	for k := 1; k <= 3; k++ {
		d := dir("s" + strconv.Itoa(k))
		mustCLI(t, append([]string{"run", "--out", d, "--shard", strconv.Itoa(k) + "/3"}, common...)...)
		shards = append(shards, d)
	}
	mustCLI(t, append([]string{"merge", "-q", "--out", dir("m")}, shards...)...)
	for _, f := range []string{resultfile.RolesFile, resultfile.CharactersFile, resultfile.SeatsFile, resultfile.EventsFile} {
		a := readFile(t, filepath.Join(dir("w1"), f))
		for _, other := range []string{"w3", "m"} {
			if b := readFile(t, filepath.Join(dir(other), f)); a != b {
				t.Errorf("%s differs between 1 worker and %s", f, other)
			}
		}
	}
	if rec := readRunJSON(t, dir("m")); rec.Game != "card" || rec.Partial || rec.GamesPlayed != 2400 {
		t.Errorf("merged run.json: game %s partial %v games %d", rec.Game, rec.Partial, rec.GamesPlayed)
	}
	events := readFile(t, filepath.Join(dir("w1"), resultfile.EventsFile))
	for _, col := range []string{"played_bang", "barrel_successes", "jail_escapes", "dynamite_explosions", "reshuffles", "elim_duel"} {
		if !strings.Contains(strings.SplitN(events, "\n", 2)[0], col) {
			t.Errorf("events.csv lacks column %s", col)
		}
	}

	// Game 123 of the 5-player run, replayed, has the winner the run counted: the
	// difference between runs of 124 and 123 games.
	for _, g := range []string{"123", "124"} {
		mustCLI(t, "run", "--game", "card", "-q", "--players", "5", "--games", g, "--out", dir("g"+g))
	}
	w0, d0 := sideWins(t, dir("g123"), 5)
	w1, d1 := sideWins(t, dir("g124"), 5)
	out, _ := mustCLI(t, "replay", "--game", "card", "--players", "5", "--index", "123", "--json")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	switch {
	case d1 != d0:
		if !strings.Contains(last, `"draw":true`) {
			t.Errorf("the run counted a draw for game 123; the replay ends %s", last)
		}
	default:
		side := ""
		for s := range w1 {
			if w1[s] != w0[s] {
				side = s
			}
		}
		if !strings.Contains(last, `"side":"`+side+`"`) {
			t.Errorf("the run counted a %s win for game 123; the replay ends %s", side, last)
		}
	}
}

// TestCardCompareAndFlags checks compare works for the card game and that a rule
// option of another game is refused.
func TestCardCompareAndFlags(t *testing.T) {
	out, _ := mustCLI(t, "compare", "--game", "card", "--policies", "random,random", "--games", "200", "--out", t.TempDir())
	if !strings.Contains(out, "random#2 vs random, all:") {
		t.Errorf("compare summary:\n%s", out)
	}
	code, _, stderr := cli(t, "run", "--game", "card", "--arrows", "5", "--out", t.TempDir())
	if code != exitUsage || !strings.Contains(stderr, "--arrows is not an option of --game card") {
		t.Errorf("dice option on the card game: exit %d, %s", code, stderr)
	}
	code, _, stderr = cli(t, "run", "--game", "card", "--players", "8", "--out", t.TempDir())
	if code != exitUsage || !strings.Contains(stderr, "8 players is outside 4 to 7") {
		t.Errorf("8 card players: exit %d, %s", code, stderr)
	}
	if out, _ := mustCLI(t, "characters", "--game", "card"); !strings.Contains(out, "Vulture Sam") {
		t.Errorf("card characters:\n%s", out)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
