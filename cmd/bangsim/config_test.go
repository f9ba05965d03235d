package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// run.json records the configuration's canonical text, and `run --config` with that
// text plays the very same games as the flags did: every result file byte-identical.
func TestRunConfigReplaysFlags(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	mustCLI(t, "run", "--game", "card", "--players", "4,5", "--games", "30", "--seed", "3", "--policy", "heuristic(suspect=3,beer_below=3)",
		"--policy-for", "Outlaw=random", "--characters", "plain", "--remove-cards", "Jail", "-q", "--out", a)
	rec := readRunJSON(t, a)
	want := "card(players=4-5,policy=heuristic(beer_below=3),policy-for=outlaw=random,characters=plain,remove-cards=Jail)"
	if rec.Config != want {
		t.Fatalf("run.json config = %q, want %q", rec.Config, want)
	}
	mustCLI(t, "run", "--config", rec.Config, "--games", "30", "--seed", "3", "-q", "--out", b)
	for _, f := range []string{resultfile.RolesFile, resultfile.CharactersFile, resultfile.SeatsFile, resultfile.EventsFile, resultfile.TallyFile} {
		x, err := os.ReadFile(filepath.Join(a, f))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between the flags and --config %s", f, rec.Config)
		}
	}
	if got := readRunJSON(t, b); got.Config != rec.Config || !sameRules(got, rec) {
		t.Errorf("the --config run records %q %v %v, the flags' %q %v %v", got.Config, got.Rules, got.Policies, rec.Config, rec.Rules, rec.Policies)
	}
}

// sameRules reports whether two runs record the same rules and bots.
func sameRules(a, b resultfile.Run) bool {
	return resultfile.Plain(a.Rules) == resultfile.Plain(b.Rules) && resultfile.Plain(a.Policies) == resultfile.Plain(b.Policies)
}

// --config replaces the configuration's flags: beside any of them, or with a mistake
// in it, it is a usage error (exit 2) of one line.
func TestConfigFlagRefusals(t *testing.T) {
	out := filepath.Join(t.TempDir(), "r")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--config", "card(players=5)", "--game", "card"}, "--config and --game both set the configuration"},
		{[]string{"run", "--config", "dice", "--arrows", "6"}, "--config and --arrows both set the configuration"},
		{[]string{"run", "--config", "dice", "--policy-for", "outlaw=random"}, "--config and --policy-for both set"},
		{[]string{"run", "--config", "card(players=5)", "--players", "4"}, "--config names the players (card(players=5)) and so does --players"},
		{[]string{"run", "--config", "card(arrows=6)"}, `--config: config "card(arrows=6)": arrows is not an option of game card`},
		{[]string{"compare", "--config", "card(players=4,policy=random)", "--policies", "heuristic,random"}, "compare's come from --policies"},
		{[]string{"compare", "--config", "card(players=4-5)", "--policies", "heuristic,random"}, "names 2 player counts; compare plays one"},
		{[]string{"balance", "--config", "dice", "--sheriff-bonus", "3"}, "--config and --sheriff-bonus both set"},
		{[]string{"balance", "some-dir", "--config", "dice"}, "--config cannot be given with DIR"},
	} {
		code, _, errs := cli(t, append(tc.args, "--games", "5", "-q", "--out", out)...)
		if code != 2 || !strings.Contains(errs, tc.want) || !strings.HasPrefix(errs, "bangsim: error: ") {
			t.Errorf("bangsim %v: exit %d, stderr %q; want 2 and %q", tc.args, code, errs, tc.want)
		}
	}
}

// Without --players, --config's players are played; with neither, --players' default.
func TestRunConfigPlayers(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "run", "--config", "card(players=4-6)", "--games", "4", "-q", "--out", filepath.Join(dir, "a"))
	if got := readRunJSON(t, filepath.Join(dir, "a")); resultfile.Plain(got.Players) != resultfile.Plain([]int{4, 5, 6}) || got.Config != "card(players=4-6)" {
		t.Errorf("run --config card(players=4-6) played %v, recorded %q", got.Players, got.Config)
	}
	mustCLI(t, "run", "--config", "card", "--players", "7", "--games", "4", "-q", "--out", filepath.Join(dir, "b"))
	if got := readRunJSON(t, filepath.Join(dir, "b")); got.Config != "card(players=7)" {
		t.Errorf("run --config card --players 7 recorded %q", got.Config)
	}
}

// Each sweep cell's run.json records a `bangsim run --config` command line that plays
// the cell's games again: the same result files.
func TestSweepCellCommandReplays(t *testing.T) {
	dir := inSweepDir(t, "life.yaml", sweepFile)
	mustCLI(t, "sweep", "life.yaml", "--out", "life", "-q")
	cell := filepath.Join(dir, "life", resultfile.SweepCellsDir, "life.el-gringo=2,high-noon=3")
	rec := readRunJSON(t, cell)
	if len(rec.Command) < 3 || rec.Command[1] != "run" || rec.Command[2] != "--config" || rec.Config == "" || rec.Command[3] != rec.Config {
		t.Fatalf("the cell's command line %q (config %q) is not a run --config", rec.Command, rec.Config)
	}
	if want := `card(players=4-5,policy=random,high-noon=3,life="El Gringo=+2")`; rec.Config != want {
		t.Errorf("the cell's config = %q, want %q", rec.Config, want)
	}
	args := rec.Command[1:]
	for i, a := range args {
		if a == "--out" {
			args[i+1] = filepath.Join(dir, "again")
		}
	}
	mustCLI(t, append(args, "-q")...)
	for _, f := range []string{resultfile.RolesFile, resultfile.CharactersFile, resultfile.TallyFile} {
		x, _ := os.ReadFile(filepath.Join(cell, f))
		y, err := os.ReadFile(filepath.Join(dir, "again", f))
		if err != nil || len(x) == 0 || !bytes.Equal(x, y) {
			t.Errorf("%s: the cell's command line %q plays otherwise (%v)", f, rec.Command, err)
		}
	}
}

// A merge of shards records their configuration.
func TestMergeKeepsConfig(t *testing.T) {
	dir := t.TempDir()
	for _, k := range []string{"1", "2"} {
		mustCLI(t, "run", "--config", "dice(players=4,arrows=7)", "--games", "10", "--shard", k+"/2", "-q", "--out", filepath.Join(dir, "s"+k))
	}
	mustCLI(t, "merge", filepath.Join(dir, "s1"), filepath.Join(dir, "s2"), "-q", "--out", filepath.Join(dir, "m"))
	if got := readRunJSON(t, filepath.Join(dir, "m")).Config; got != "dice(players=4,arrows=7)" {
		t.Errorf("the merged run.json's config = %q", got)
	}
}
