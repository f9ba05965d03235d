package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAbilityFlag: --ability is repeatable, recorded in run.json's config in its
// canonical text, read back by --config to the same games, changes the games, and a
// mistake is one line with exit 2.
func TestAbilityFlag(t *testing.T) {
	dir := t.TempDir()
	a, b, c := filepath.Join(dir, "a"), filepath.Join(dir, "b"), filepath.Join(dir, "plain")
	mustCLI(t, "run", "--games", "300", "--ability", "Lucky Duke.rerolls=3", "--ability", "vulture-sam.heal=0", "--out", a)
	cfg := readRunJSON(t, a).Config
	if want := `dice(players=5,ability="lucky-duke.rerolls=3,vulture-sam.heal=0")`; cfg != want {
		t.Fatalf("config %s, want %s", cfg, want)
	}
	mustCLI(t, "run", "--games", "300", "--config", cfg, "--out", b)
	mustCLI(t, "run", "--games", "300", "--out", c)
	ta, _ := os.ReadFile(filepath.Join(a, "tally.json"))
	tb, _ := os.ReadFile(filepath.Join(b, "tally.json"))
	tc, _ := os.ReadFile(filepath.Join(c, "tally.json"))
	if string(ta) != string(tb) {
		t.Error("--config of the recorded text plays other games")
	}
	if string(ta) == string(tc) {
		t.Error("--ability changed nothing")
	}
	code, _, stderr := cli(t, "run", "--games", "10", "--ability", "lucky-duke.rerolls=9", "--out", filepath.Join(dir, "x"))
	if code != 2 || !strings.Contains(stderr, "--ability: lucky-duke.rerolls=9 is out of range (0 to 5; the card: 1)") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	// The card game has its own table: a dice parameter is refused naming the card's.
	code, _, stderr = cli(t, "run", "--game", "card", "--games", "10", "--ability", "lucky-duke.rerolls=2", "--out", filepath.Join(dir, "y"))
	if code != 2 || !strings.Contains(stderr, `lucky-duke has no parameter "rerolls" (it has cards)`) {
		t.Errorf("card: exit %d, stderr %q", code, stderr)
	}
	// ... and its own parameters play other games, recorded in run.json, read back by
	// --config, in a duel too.
	ca, cb, cc := filepath.Join(dir, "ca"), filepath.Join(dir, "cb"), filepath.Join(dir, "cc")
	mustCLI(t, "run", "--game", "card", "--games", "200", "--ability", "slab-the-killer.missed=3", "--ability", "Bart Cassidy.cards=2", "--out", ca)
	ccfg := readRunJSON(t, ca).Config
	if want := `card(players=5,ability="bart-cassidy.cards=2,slab-the-killer.missed=3")`; ccfg != want {
		t.Fatalf("card config %s, want %s", ccfg, want)
	}
	mustCLI(t, "run", "--games", "200", "--config", ccfg, "--out", cb)
	mustCLI(t, "run", "--game", "card", "--games", "200", "--out", cc)
	ta, _ = os.ReadFile(filepath.Join(ca, "tally.json"))
	tb, _ = os.ReadFile(filepath.Join(cb, "tally.json"))
	tc, _ = os.ReadFile(filepath.Join(cc, "tally.json"))
	if string(ta) != string(tb) || string(ta) == string(tc) {
		t.Error("card --ability: --config plays other games, or the parameters changed nothing")
	}
	mustCLI(t, "duel", "--duels", "50", "--ability", "sid-ketchum.cards=1", "--out", filepath.Join(dir, "d"))
}

// TestBalanceFix: balance --fix finds a planted ability (lives pinned) and prints it
// as flags and YAML with the before/after on fresh seeds; its flags need --fix.
func TestBalanceFix(t *testing.T) {
	dir := t.TempDir()
	out, _ := mustCLI(t, "balance", "--games", "30000", "--characters", "lucky-duke,black-jack,willy-the-kid,el-gringo,pedro-ramirez,calamity-janet,bart-cassidy",
		"--ability", "willy-the-kid.fewer=2", "--fix", "--epsilon", "0.065", "--pin", "life", "--out", filepath.Join(dir, "b"))
	for _, want := range []string{"Fix (--epsilon 6.5 points): --ability willy-the-kid.fewer=1", `{key: "willy-the-kid.fewer", from: 2, to: 1}`,
		"On fresh seeds (seed 2), 5 players", "every character within ±6.5 points after the fix on fresh seeds", "plot-balance-fix-5p.svg", "Next: "} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if fi, err := os.Stat(filepath.Join(dir, "b", "plot-balance-fix-5p.svg")); err != nil || fi.Size() < 1000 || fi.Size() > 100_000 {
		t.Errorf("the before/after chart: %v", err)
	}
	if code, _, stderr := cli(t, "balance", "--games", "10", "--pin", "life", "--out", filepath.Join(dir, "c")); code != 2 || !strings.Contains(stderr, "--pin needs --fix") {
		t.Errorf("exit %d, %q", code, stderr)
	}
}

// TestBalanceFixChecksFirst: a --pin naming nothing is refused before the run is played
// (nothing written).
func TestBalanceFixChecksFirst(t *testing.T) {
	out := filepath.Join(t.TempDir(), "b")
	code, _, stderr := cli(t, "balance", "--games", "100000000", "--fix", "--pin", "nobody.at_all", "--out", out)
	if code != 2 || !strings.Contains(stderr, "--pin nobody.at_all") {
		t.Fatalf("exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Fatalf("the run was played: %v", err)
	}
}

// TestAddedAbilityFlag: an added character's power parameters are --ability keys
// (listed by `characters` with the file's values), recorded in run.json, shown in the
// replay header, swept as ability values, and refused out of range in one line.
func TestAddedAbilityFlag(t *testing.T) {
	dir := t.TempDir()
	file := writeFile(t, "chars.yaml", fileCharacters)
	list, _ := mustCLI(t, "characters", "--characters-file", file)
	for _, want := range []string{"file-medic.end_heal_heal", "file-medic.heal_on_elimination_heal", "file-medic.bullseyes", "file-scout.rerolls", "file-gunner.reach"} {
		if !strings.Contains(list, want) {
			t.Errorf("characters lists no %s:\n%s", want, list)
		}
	}
	a := filepath.Join(dir, "a")
	mustCLI(t, "run", "--characters-file", file, "--games", "50", "--ability", "File Scout.rerolls=3", "--out", a)
	if cfg := readRunJSON(t, a).Config; !strings.Contains(cfg, "ability=file-scout.rerolls=3") {
		t.Errorf("run.json config %s", cfg)
	}
	if text, _ := mustCLI(t, "replay", "--run", a, "--index", "0"); !strings.Contains(text, "File Scout rerolls 3 (file 1)") {
		t.Errorf("the replay header:\n%.400s", text)
	}
	code, _, stderr := cli(t, "run", "--characters-file", file, "--games", "10", "--ability", "file-gunner.reach=3", "--out", filepath.Join(dir, "x"))
	if code != 2 || !strings.Contains(stderr, "--ability: file-gunner.reach=3 is out of range (0 to 2; the file: 2)") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	sw := filepath.Join(filepath.Dir(file), "sweep.yaml")
	if err := os.WriteFile(sw, []byte("game: dice\ngames: 50\ncharacters-file: chars.yaml\naxes:\n  ability: [\"file-scout.rerolls=0\", \"file-scout.rerolls=2\"]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustCLI(t, "sweep", "-q", "--out", filepath.Join(dir, "sw"), sw)
	cells, err := os.ReadDir(filepath.Join(dir, "sw", "cells"))
	if err != nil || len(cells) != 2 {
		t.Fatalf("sweep cells %v %v", cells, err)
	}
	if cfg := readRunJSON(t, filepath.Join(dir, "sw", "cells", cells[0].Name())).Config; !strings.Contains(cfg, "file-scout.rerolls=") {
		t.Errorf("the cell's run.json config %s", cfg)
	}
}
