package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/dice"
)

// fileCharacters are four characters a file adds to the dice game: with the 16 printed
// ones, a box of 20.
const fileCharacters = `game: dice
characters:
  - name: File Gunner
    life: 9
    powers:
      - reach: {reach: 2}
  - name: File Medic
    life: 7
    powers: [end_heal, heal_on_elimination(heal=1)]
  - name: File Scout
    life: 8
    ability: rerolls once more a turn
    powers:
      - extra_rerolls: {rerolls: 1}
  - name: File Tank
    life: 11
`

// writeFile writes text to name in a new directory and returns its path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A file of 20 characters in all runs end to end from the command line: two shards,
// merged, analysed, plotted, reported and replayed, the directory never needing the
// file again (run.json records the added characters).
func TestCharacterFileEndToEnd(t *testing.T) {
	file := writeFile(t, "chars.yaml", fileCharacters)
	root := t.TempDir()
	var shards []string
	for k := 1; k <= 2; k++ {
		dir := filepath.Join(root, fmt.Sprint("shard", k))
		mustCLI(t, "run", "-q", "--characters-file", file, "--players", "4,6", "--games", "600", "--seed", "21",
			"--shard", fmt.Sprintf("%d/2", k), "--out", dir)
		shards = append(shards, dir)
	}
	rec := readRunJSON(t, shards[0])
	if len(rec.Characters) != 4 || rec.Characters[1].Name != "File Medic" ||
		!reflect.DeepEqual(rec.Characters[1].Powers, []string{"end_heal(heal=2,bullseyes=0)", "heal_on_elimination(heal=1)"}) {
		t.Fatalf("run.json added_characters %+v", rec.Characters)
	}
	merged := filepath.Join(root, "merged")
	mustCLI(t, append([]string{"merge", "-q", "--out", merged}, shards...)...)
	if got := readRunJSON(t, merged).Characters; !reflect.DeepEqual(got, rec.Characters) {
		t.Errorf("merged run.json added_characters %+v", got)
	}
	rows := csvMaps(t, filepath.Join(merged, resultfile.CharactersFile))
	for _, name := range []string{"File Gunner", "File Medic", "File Scout", "File Tank"} {
		if !slices.ContainsFunc(rows, func(r map[string]string) bool { return r["character"] == name && r["players"] == "6" }) {
			t.Errorf("characters.csv has no row for %s at 6 players", name)
		}
	}
	var ts resultfile.TallySet
	data, err := os.ReadFile(filepath.Join(merged, resultfile.TallyFile))
	if err != nil || json.Unmarshal(data, &ts) != nil {
		t.Fatal(err)
	}
	for _, ct := range ts.Counts {
		if len(ct.Tally.Characters) != 21 {
			t.Errorf("%d players: %d characters in tally.json, want 21", ct.Players, len(ct.Tally.Characters))
		}
	}

	out, _ := mustCLI(t, "balance", merged)
	if !strings.Contains(out, "File Tank") {
		t.Errorf("balance of the merged run does not name File Tank:\n%s", out)
	}
	// Tuning replays the run's games: the game rebuilt from run.json, no file given.
	mustCLI(t, "balance", "-q", "--tune-life", "--out", filepath.Join(root, "tuned"), merged)
	mustCLI(t, "plot", "-q", "--format", "svg", merged)
	if heat, err := os.ReadFile(filepath.Join(merged, "plot-characters.svg")); err != nil || !strings.Contains(string(heat), "File Scout") {
		t.Errorf("plot-characters.svg does not name File Scout (%v)", err)
	}
	mustCLI(t, "report", "-q", merged)
	if page, err := os.ReadFile(filepath.Join(merged, "report.html")); err != nil || !strings.Contains(string(page), "File Gunner") {
		t.Errorf("report.html does not name File Gunner (%v)", err)
	}

	// The replay from the directory is the replay from the flags and the file.
	fromDir, _ := mustCLI(t, "replay", "--run", merged, "--players", "6", "--index", "7")
	fromFlags, _ := mustCLI(t, "replay", "--characters-file", file, "--players", "6", "--seed", "21", "--index", "7")
	if fromDir != fromFlags {
		t.Errorf("replay --run differs from the replay of the flags:\n%.800s\n---\n%.800s", fromDir, fromFlags)
	}
	// Fixed seats name the added characters; their life is the file's (the Sheriff +2).
	text, _ := mustCLI(t, "replay", "--characters-file", file, "--players", "4", "--characters", "file tank,file medic,plain,plain", "--fixed-seats")
	for _, want := range []string{"P0 (Sheriff, File Tank): 13 life", "File Medic): 7 life"} {
		if !strings.Contains(text, want) {
			t.Errorf("the replay has no %q:\n%.600s", want, text)
		}
	}
}

// `characters --characters-file` lists the added characters after the printed ones,
// each with its powers; the printed ones show theirs.
func TestCharactersListsFile(t *testing.T) {
	file := writeFile(t, "chars.yaml", fileCharacters)
	out, _ := mustCLI(t, "characters", "--characters-file", file)
	lucky, medic := strings.Index(out, "extra_rerolls(rerolls=1)"), strings.Index(out, "File Medic")
	if lucky < 0 || medic < lucky || !strings.Contains(out, "heal_on_elimination(heal=1)") {
		t.Errorf("the listing:\n%s", out)
	}
	js, _ := mustCLI(t, "characters", "--characters-file", file, "--json")
	var list []struct {
		Name, Powers string
		Life         int
		Added        bool
	}
	if err := json.Unmarshal([]byte(js), &list); err != nil {
		t.Fatal(err)
	}
	if len(list) != int(bang.NumCharacters)+4 || list[len(list)-1].Name != "File Tank" || !list[len(list)-1].Added || list[len(list)-1].Life != 11 {
		t.Fatalf("--json: %+v", list)
	}
	if l := list[bang.LuckyDuke]; l.Powers != "extra_rerolls(rerolls=1)" || l.Added {
		t.Errorf("Lucky Duke: %+v", l)
	}
	prims, _ := mustCLI(t, "characters", "--primitives", "--game", "card")
	if !strings.Contains(prims, "any|bang|gatling|indians|duel|dynamite") || !strings.Contains(prims, "draw_on_hit") {
		t.Errorf("--primitives --game card:\n%s", prims)
	}
}

// A mistake in the file is one line naming its line and field, exit 2, in every
// command that takes the file.
func TestCharacterFileErrorExits2(t *testing.T) {
	bad := writeFile(t, "bad.yaml", "game: dice\ncharacters:\n  - name: Twin\n    life: 8\n    powers:\n      - extra_rerolls: {rerolls: 9}\n")
	want := bad + ":6: characters[0].powers[0].extra_rerolls.rerolls: extra_rerolls.rerolls: 9 is out of range (allowed: 0 to 5; default 1)"
	other := writeFile(t, "card.yaml", "game: card\ncharacters:\n  - {name: Twin, life: 4}\n")
	for _, args := range [][]string{
		{"run", "--games", "10", "--out", t.TempDir()},
		{"compare", "--games", "10", "--policies", "heuristic,random", "--out", t.TempDir()},
		{"ladder", "--games", "10", "--policies", "heuristic,random", "--out", t.TempDir()},
		{"balance", "--games", "10", "--out", t.TempDir()},
		{"tune", "--games", "10", "--out", t.TempDir()},
		{"replay"},
		{"characters"},
	} {
		code, _, stderr := cli(t, append(args, "--characters-file", bad)...)
		if code != 2 || !strings.Contains(stderr, want) {
			t.Errorf("%s: exit %d, stderr:\n%s\nwant %s", args[0], code, stderr, want)
		}
	}
	code, _, stderr := cli(t, "run", "--games", "10", "--out", t.TempDir(), "--characters-file", other)
	if code != 2 || !strings.Contains(stderr, other+":1: game: the file is for the card game, and the command plays dice") {
		t.Errorf("a card file in a dice run: exit %d\n%s", code, stderr)
	}
	code, _, stderr = cli(t, "run", "--games", "10", "--out", t.TempDir(), "--characters-file", filepath.Join(t.TempDir(), "none.yaml"))
	if code != 2 || !strings.Contains(stderr, "--characters-file: ") || !strings.Contains(stderr, "none.yaml does not exist") {
		t.Errorf("a missing file: exit %d\n%s", code, stderr)
	}
}

// twinFile re-creates Lucky Duke from his primitive at the printed value and his life,
// and probe is a character of many rerolls, or of none (powers ""), with the same life.
func twinFile(name, powers string) string {
	return fmt.Sprintf("game: dice\ncharacters:\n  - name: %s\n    life: %d\n    powers: [%s]\n", name, dice.Life(bang.LuckyDuke), powers)
}

// fixedRun runs 300 games of 5 players with character first at the Sheriff's seat and
// Plain elsewhere, the file's characters added, and returns its directory.
func fixedRun(t *testing.T, file, first string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "run")
	args := []string{"run", "-q", "--players", "5", "--games", "300", "--seed", "5", "--fixed-seats",
		"--characters", first + ",plain,plain,plain,plain", "--out", dir}
	if file != "" {
		args = append(args, "--characters-file", file)
	}
	mustCLI(t, args...)
	return dir
}

// tallies returns a run's characters.csv rows of the character named name (its name
// left out) and its roles.csv rows.
func tallies(t *testing.T, dir, name string) (chars, roles []map[string]string) {
	for _, r := range csvMaps(t, filepath.Join(dir, resultfile.CharactersFile)) {
		if r["character"] == name {
			delete(r, "character")
			chars = append(chars, r)
		}
	}
	return chars, csvMaps(t, filepath.Join(dir, "roles.csv"))
}

// A printed character re-created in a file from his primitive plays the very same
// games: Lucky Twin, extra_rerolls(rerolls=1) at Lucky Duke's life, in Lucky Duke's
// seat, wins what Lucky Duke wins.
func TestCharacterFileTwinPlaysSameGames(t *testing.T) {
	// The engine honours the file's powers if a character of 5 extra rerolls plays other
	// games than one of none; until it does, there is nothing to compare.
	many := fixedRun(t, writeFile(t, "many.yaml", twinFile("Probe", "extra_rerolls(rerolls=5)")), "probe")
	none := fixedRun(t, writeFile(t, "none.yaml", twinFile("Probe", "")), "probe")
	mc, mr := tallies(t, many, "Probe")
	nc, nr := tallies(t, none, "Probe")
	if reflect.DeepEqual(mc, nc) && reflect.DeepEqual(mr, nr) {
		t.Skip("the dice engine does not honour an added character's powers yet (extra_rerolls(rerolls=5) plays the games of no power)")
	}
	twin := fixedRun(t, writeFile(t, "twin.yaml", twinFile("Lucky Twin", "extra_rerolls(rerolls=1)")), "lucky twin")
	duke := fixedRun(t, "", "lucky duke")
	tc, tr := tallies(t, twin, "Lucky Twin")
	dc, dr := tallies(t, duke, "Lucky Duke")
	if len(tc) == 0 || !reflect.DeepEqual(tc, dc) {
		t.Errorf("Lucky Twin's rows %v\nLucky Duke's      %v", tc, dc)
	}
	if !reflect.DeepEqual(tr, dr) {
		t.Errorf("roles.csv with Lucky Twin %v\nwith Lucky Duke %v", tr, dr)
	}
}

// A sweep file names a character file (a path from its own folder): the cells play the
// added characters, a life axis may change theirs, and each cell's run.json records
// them.
func TestSweepCharacterFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "chars.yaml"), []byte(fileCharacters), 0o644); err != nil {
		t.Fatal(err)
	}
	sw := filepath.Join(dir, "sweep.yaml")
	if err := os.WriteFile(sw, []byte("game: dice\ngames: 100\ncharacters-file: chars.yaml\naxes:\n  life.file-tank: [-2, 0]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	mustCLI(t, "sweep", "-q", "--out", out, sw)
	rows := csvMaps(t, filepath.Join(out, "sweep-characters.csv"))
	if !slices.ContainsFunc(rows, func(r map[string]string) bool { return r["character"] == "File Tank" && r["life_file_tank"] == "-2" }) {
		t.Error("sweep-characters.csv has no row of File Tank at -2 life")
	}
	if rec := readRunJSON(t, filepath.Join(out, "cells", "life.file-tank=-2")); len(rec.Characters) != 4 {
		t.Errorf("the cell's run.json added_characters %+v", rec.Characters)
	}
	code, _, stderr := cli(t, "sweep", "-q", "--out", filepath.Join(dir, "out2"), "--characters-file", filepath.Join(dir, "chars.yaml"), sw)
	if code != 2 || !strings.Contains(stderr, sw+":3: characters-file: given in the file and on the command line") {
		t.Errorf("the file twice: exit %d\n%s", code, stderr)
	}
}

// --config may name the file's characters when --characters-file is given, and not
// without it.
func TestCharacterFileConfig(t *testing.T) {
	file := writeFile(t, "chars.yaml", fileCharacters)
	config := `dice(players=4,characters="file tank,file medic,plain,plain",fixed-seats=true)`
	dir := filepath.Join(t.TempDir(), "run")
	mustCLI(t, "run", "-q", "--config", config, "--characters-file", file, "--games", "50", "--out", dir)
	if rec := readRunJSON(t, dir); rec.Config != `dice(players=4,characters="File Tank,File Medic,Plain,Plain",fixed-seats=true)` || len(rec.Characters) != 4 {
		t.Errorf("run.json config %s, added %d", rec.Config, len(rec.Characters))
	}
	code, _, stderr := cli(t, "run", "-q", "--config", config, "--games", "50", "--out", filepath.Join(t.TempDir(), "run"))
	if code != 2 || !strings.Contains(stderr, `"file tank"`) {
		t.Errorf("without the file: exit %d\n%s", code, stderr)
	}
}

// TestCharacterFileFixByLife: the guide's new card character, "draws a card when hit by
// a Duel; 3 life", stands out far below the others, and balance --fix finds his life
// (an added character's, named as the file names him) and not a printed one's.
func TestCharacterFileFixByLife(t *testing.T) {
	out := filepath.Join(t.TempDir(), "fix")
	code, stdout, stderr := cli(t, "balance", "--game", "card", "--characters-file", filepath.Join("..", "..", "examples", "card-characters.yaml"),
		"--games", "20000", "--fix", "--epsilon", "0.08", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, `Fix (--epsilon 8.0 points): --life "Duel Dodger=+`) || !strings.Contains(stdout, "every character within") {
		t.Errorf("the fix is not Duel Dodger's life:\n%s", stdout)
	}
}
