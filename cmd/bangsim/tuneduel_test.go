package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// TestTuneDuelCommand tunes a duel search's z10 in a tiny budget: tune.json records the
// duel, both seats and the draft bot; the tuned spec is a duel bot's; the Next: line is
// a duel ladder; what a duel does not take is refused in one line.
func TestTuneDuelCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tune")
	out, _ := mustCLI(t, "tune", "--game", "duel", "--policy", "search(rollouts=1,z10=0)", "--params", "z10", "--games", "4",
		"--budget", "1", "--validate-games", "4", "--seed", "5", "--out", dir)
	if !strings.Contains(out, "Next: bangsim ladder --game duel --policies ") || !strings.Contains(out, "Tuned spec: search(rollouts=1") {
		t.Errorf("summary:\n%s", out)
	}
	rec, err := resultfile.ReadTune(dir)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Game != resultfile.DuelGame || rec.Role != "all" || len(rec.Players) != 1 || rec.Players[0] != 2 || rec.Field != "heuristic" ||
		rec.Rules.Get("draft_policy") != "random" || rec.Validation == nil || rec.Validation.Rows[0].Seats != 8 {
		t.Errorf("tune.json: game %s, role %s, players %v, field %s, rules %v, validation %+v", rec.Game, rec.Role, rec.Players, rec.Field, rec.Rules, rec.Validation)
	}
	for _, bad := range [][]string{
		{"--policy", "search", "--role", "outlaw"},
		{"--policy", "search", "--players", "3"},
		{"--policy", "nosuchbot"},
		{"--policy", "search", "--draft-policy", "nosuchdraft"},
		{"--policy", "search", "--field", "nosuchbot"},
	} {
		a := append([]string{"tune", "--game", "duel", "--out", filepath.Join(t.TempDir(), "x")}, bad...)
		if code, _, errs := cli(t, a...); code != exitUsage || !strings.HasPrefix(errs, "bangsim: error: ") {
			t.Errorf("bangsim %v: exit %d, stderr %q; want a usage error", a, code, errs)
		}
	}
}
