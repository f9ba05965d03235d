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
)

// duelCharacters are four characters a card game's file adds: with the printed
// sixteen, a draft box of 20.
const duelCharacters = `game: card
characters:
  - name: Duel Gunner
    life: 3
    powers:
      - draw_on_hit: {cards: 1, by: bang}
  - name: Duel Medic
    life: 5
    powers: [lucky_draw]
  - name: Duel Scout
    life: 4
  - name: Duel Tank
    life: 6
`

var duelAddedNames = []string{"Duel Gunner", "Duel Medic", "Duel Scout", "Duel Tank"}

// readDuelRun reads a duel directory's run.json.
func readDuelRun(t *testing.T, dir string) resultfile.DuelRun {
	t.Helper()
	var r resultfile.DuelRun
	data, err := os.ReadFile(filepath.Join(dir, resultfile.RunFile))
	if err != nil || json.Unmarshal(data, &r) != nil {
		t.Fatalf("run.json of %s: %v", dir, err)
	}
	return r
}

// `duel --characters-file` drafts from the twenty: two shards record the added
// characters in run.json, merge into the files one process writes (byte for byte),
// and the merged directory is replayed and reported without the file, its replay the
// same as the flags' with the file.
func TestDuelCharactersFile(t *testing.T) {
	file := writeFile(t, "chars.yaml", duelCharacters)
	root := t.TempDir()
	run := []string{"duel", "-q", "--characters-file", file, "--duels", "240", "--seed", "5"}
	var shards []string
	for k := 1; k <= 2; k++ {
		dir := filepath.Join(root, fmt.Sprint("shard", k))
		mustCLI(t, append(run, "--shard", fmt.Sprintf("%d/2", k), "--out", dir)...)
		shards = append(shards, dir)
	}
	rec := readDuelRun(t, shards[0])
	if len(rec.Characters) != 4 || rec.Characters[0].Name != "Duel Gunner" || rec.Characters[3].Life != 6 ||
		!reflect.DeepEqual(rec.Characters[0].Powers, []string{"draw_on_hit(cards=1,by=bang)"}) {
		t.Fatalf("run.json added_characters %+v", rec.Characters)
	}
	merged, whole := filepath.Join(root, "merged"), filepath.Join(root, "whole")
	mustCLI(t, append([]string{"merge", "-q", "--out", merged}, shards...)...)
	mustCLI(t, append(run, "--out", whole)...)
	if got := readDuelRun(t, merged).Characters; !reflect.DeepEqual(got, rec.Characters) {
		t.Errorf("merged run.json added_characters %+v", got)
	}
	for _, name := range []string{resultfile.DuelTallyFile, "characters.csv", "seats.csv"} {
		a, _ := os.ReadFile(filepath.Join(merged, name))
		b, _ := os.ReadFile(filepath.Join(whole, name))
		if len(a) == 0 || string(a) != string(b) {
			t.Errorf("%s: the merge differs from one process's", name)
		}
	}
	var tally resultfile.DuelTally
	data, _ := os.ReadFile(filepath.Join(merged, resultfile.DuelTallyFile))
	if err := json.Unmarshal(data, &tally); err != nil || tally.Validate() != nil {
		t.Fatalf("merged duel-tally.json: %v", err)
	}
	if n := len(tally.Counts.Characters); n != 20 {
		t.Fatalf("duel-tally.json lists %d characters, want the 20 (Plain never drafted)", n)
	}
	for _, name := range duelAddedNames {
		i := slices.IndexFunc(tally.Counts.Characters, func(c resultfile.DuelCharacter) bool { return c.Character == name })
		// 240 duels, each character laid out (and so drafted) in half: about 120.
		if i < 0 || tally.Counts.Characters[i].Duels < 60 || tally.Counts.Characters[i].Duels > 180 {
			t.Errorf("%s: %+v in duel-tally.json, want about 120 duels", name, tally.Counts.Characters)
		}
	}
	rows := csvMaps(t, filepath.Join(merged, "characters.csv"))
	if !slices.ContainsFunc(rows, func(r map[string]string) bool { return r["character"] == "Duel Tank" }) {
		t.Error("characters.csv has no row for Duel Tank")
	}

	// A duel whose draft lays out an added character, replayed from the directory, from
	// duel's flags with the file, and from replay's.
	found := false
	for i := 0; i < 10 && !found; i++ {
		idx := fmt.Sprint(i)
		fromDir, _ := mustCLI(t, "replay", "--run", merged, "--index", idx)
		laid, _, _ := strings.Cut(fromDir, "\nremoved:")
		if !slices.ContainsFunc(duelAddedNames, func(n string) bool { return strings.Contains(laid, n) }) {
			continue
		}
		found = true
		fromDuel, _ := mustCLI(t, "duel", "--characters-file", file, "--duels", "240", "--seed", "5", "--replay", idx)
		fromFlags, _ := mustCLI(t, "replay", "--game", "duel", "--characters-file", file, "--seed", "5", "--index", idx)
		if fromDir != fromDuel || fromDir != fromFlags {
			t.Errorf("duel %d: replay --run differs from the flags':\n%.600s\n---\n%.600s\n---\n%.600s", i, fromDir, fromDuel, fromFlags)
		}
		if strings.Contains(fromDir, "character #") {
			t.Errorf("duel %d: the replay names an added character by number:\n%.600s", i, fromDir)
		}
	}
	if !found {
		t.Fatal("no duel of the first ten lays out an added character")
	}
	mustCLI(t, "report", "-q", merged)
	if page, err := os.ReadFile(filepath.Join(merged, "report.html")); err != nil || !strings.Contains(string(page), "Duel Medic") {
		t.Errorf("report.html does not name Duel Medic (%v)", err)
	}
	// --life names an added character: Duel Tank enters with its 6 and 2 more.
	tank := false
	for i := 0; i < 20 && !tank; i++ {
		text, _ := mustCLI(t, "duel", "--characters-file", file, "--life", "duel tank=+2", "--duels", "240", "--seed", "5", "--replay", fmt.Sprint(i))
		tank = strings.Contains(text, "Duel Tank 8/8")
	}
	if !tank {
		t.Error("no replay of the first 20 duels shows Duel Tank at 8/8 under --life duel-tank=+2")
	}
	// compare --game duel is duel --paired: it takes the file too, and records it.
	cmp := filepath.Join(root, "compare")
	mustCLI(t, "compare", "-q", "--game", "duel", "--policies", "heuristic,random", "--games", "20", "--characters-file", file, "--out", cmp)
	if got := readDuelRun(t, cmp).Characters; !reflect.DeepEqual(got, rec.Characters) {
		t.Errorf("compare --game duel run.json added_characters %+v", got)
	}
	// A file that says game: duel is read too, and plays the same duels.
	own := writeFile(t, "duel.yaml", strings.Replace(duelCharacters, "game: card", "game: duel", 1))
	mine, _ := mustCLI(t, "duel", "--characters-file", own, "--duels", "240", "--seed", "5", "--replay", "0")
	theirs, _ := mustCLI(t, "duel", "--characters-file", file, "--duels", "240", "--seed", "5", "--replay", "0")
	if mine != theirs {
		t.Error("a game: duel file plays other duels than the card game's")
	}
}

// The refusals of added characters where they cannot go, each one line, exit 2: a
// file of another game, the league (its records are of the printed sixteen), and a
// merge of shards with and without added characters.
func TestDuelCharactersFileErrors(t *testing.T) {
	file := writeFile(t, "chars.yaml", duelCharacters)
	dice := writeFile(t, "dice.yaml", "game: dice\ncharacters:\n  - {name: Twin, life: 8}\n")
	oneLine := func(args []string, want string) { // the error's line, then the usage hint
		t.Helper()
		code, _, stderr := cli(t, args...)
		first, _, _ := strings.Cut(stderr, "\n")
		if code != 2 || first != "bangsim: error: "+want && !strings.HasPrefix(first, "bangsim: error: "+want+" (") {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant the line %q", args, code, stderr, want)
		}
	}
	oneLine([]string{"duel", "--duels", "10", "--out", t.TempDir(), "--characters-file", dice},
		dice+":1: game: the file is for the dice game, and the command plays duel")

	root := t.TempDir()
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	mustCLI(t, "duel", "-q", "--duels", "20", "--shard", "1/2", "--characters-file", file, "--out", a)
	mustCLI(t, "duel", "-q", "--duels", "20", "--shard", "2/2", "--out", b)
	code, _, stderr := cli(t, "merge", "-q", "--out", filepath.Join(root, "m"), a, b)
	if code == 0 || !strings.Contains(stderr, "they add other characters") {
		t.Errorf("a merge of shards with and without added characters: exit %d\n%s", code, stderr)
	}

	// replay --run of a duel directory: its duels only, its run's flags only, and a
	// run.json whose added character's power no primitive reads.
	oneLine([]string{"replay", "--run", a, "--index", "20"}, "--index 20: the run has duels 0 to 19")
	oneLine([]string{"replay", "--run", a, "--players", "2"}, "--players cannot be given with --run: the duel is the run's, as run.json records it")
	data, err := os.ReadFile(filepath.Join(a, resultfile.RunFile))
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), `"draw_on_hit(cards=1,by=bang)"`, `"no_such_power"`, 1)
	if bad == string(data) {
		t.Fatal("run.json does not record Duel Gunner's power")
	}
	if err := os.WriteFile(filepath.Join(a, resultfile.RunFile), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr = cli(t, "replay", "--run", a, "--index", "0")
	first, _, _ := strings.Cut(stderr, "\n")
	if code != 2 || !strings.HasPrefix(first, "bangsim: error: cannot replay from "+a+": run.json added_characters Duel Gunner: ") {
		t.Errorf("a run.json of an unknown power: exit %d\n%s", code, stderr)
	}
}
