package main

import (
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// checkDuelAdded fails unless added is the four characters of duelCharacters.
func checkDuelAdded(t *testing.T, what string, added []resultfile.AddedCharacter) {
	t.Helper()
	if got := addedNames(added); !reflect.DeepEqual(got, duelAddedNames) || added[3].Life != 6 ||
		!reflect.DeepEqual(added[0].Powers, []string{"draw_on_hit(cards=1,by=bang)"}) {
		t.Fatalf("%s added_characters %+v", what, added)
	}
}

// checkUsageLine fails unless bangsim args exits 2 with one error line containing want.
func checkUsageLine(t *testing.T, want string, args ...string) {
	t.Helper()
	code, _, stderr := cli(t, args...)
	if code != exitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "bangsim: error:") != 1 {
		t.Errorf("%v: exit %d, stderr:\n%s\nwant %s", args, code, stderr, want)
	}
}

// ladder --game duel --characters-file drafts from the twenty: ladder.json records the
// added characters, skill-depth.csv has their rows, two shards merge without the file
// into the whole ladder's files, --life names an added character, and a mistake in the
// file, an unknown --life name, or a shard of other characters is one line.
func TestLadderDuelCharacterFile(t *testing.T) {
	file := writeFile(t, "chars.yaml", duelCharacters)
	root := t.TempDir()
	args := []string{"ladder", "-q", "--game", "duel", "--policies", "random,heuristic", "--games", "64", "--seed", "2",
		"--characters-file", file, "--life", "duel scout=-1"}
	whole := filepath.Join(root, "whole")
	mustCLI(t, append(args, "--out", whole)...)
	var rec resultfile.Ladder
	readJSONFile(t, filepath.Join(whole, resultfile.LadderJSONFile), &rec)
	checkDuelAdded(t, "ladder.json", rec.Characters)
	if !strings.Contains(fmt.Sprint(rec.Rules), "Duel Scout") {
		t.Errorf("ladder.json rules %v: no life of Duel Scout", rec.Rules)
	}
	depth := readBytes(t, filepath.Join(whole, resultfile.LadderDepthFile))
	if !strings.Contains(string(depth), "character,Duel Tank,") {
		t.Errorf("skill-depth.csv has no row for Duel Tank:\n%s", depth)
	}
	var shards []string
	for k := 1; k <= 2; k++ {
		d := filepath.Join(root, fmt.Sprintf("s%d", k))
		mustCLI(t, append(args, "--out", d, "--shard", fmt.Sprintf("%d/2", k))...)
		shards = append(shards, d)
	}
	merged := filepath.Join(root, "merged")
	mustCLI(t, append([]string{"merge", "-q", "--out", merged}, shards...)...)
	for _, name := range []string{resultfile.LadderRatingsFile, resultfile.LadderDepthFile, resultfile.LadderCountsFile} {
		if a, b := readBytes(t, filepath.Join(merged, name)), readBytes(t, filepath.Join(whole, name)); len(a) == 0 || string(a) != string(b) {
			t.Errorf("merged %s differs from the whole duel ladder's", name)
		}
	}
	plain := filepath.Join(root, "plain")
	mustCLI(t, "ladder", "-q", "--game", "duel", "--policies", "random,heuristic", "--games", "64", "--seed", "2", "--shard", "2/2", "--out", plain)
	checkUsageLine(t, "the ladders differ", "merge", "-q", "--out", filepath.Join(root, "m2"), shards[0], plain)
	bad := writeFile(t, "bad.yaml", "game: card\ncharacters:\n  - {name: Broken, life: 4, powers: [no_such_power]}\n")
	base := []string{"ladder", "--game", "duel", "--policies", "random,heuristic", "--games", "32", "--out", filepath.Join(root, "x")}
	checkUsageLine(t, "no_such_power", append(base, "--characters-file", bad)...)
	checkUsageLine(t, "duel scout", append(base, "--life", "duel scout=-1")...)
}

// tune --game duel --characters-file drafts from the twenty: tune.json records the
// added characters, --resume plays them again without the file to what the
// uninterrupted tune evaluates, and a file of other characters is refused in one line.
func TestTuneDuelCharacterFile(t *testing.T) {
	file := writeFile(t, "chars.yaml", duelCharacters)
	root := t.TempDir()
	args := []string{"tune", "-q", "--game", "duel", "--policy", "search(rollouts=1,z10=0)", "--params", "z10", "--games", "4",
		"--validate-games", "4", "--seed", "5", "--characters-file", file, "--life", "duel tank=-1"}
	dir, whole := filepath.Join(root, "tune"), filepath.Join(root, "whole")
	mustCLI(t, append(args, "--budget", "1", "--out", dir)...)
	rec, err := resultfile.ReadTune(dir)
	if err != nil {
		t.Fatal(err)
	}
	checkDuelAdded(t, "tune.json", rec.Characters)
	if rec.Game != resultfile.DuelGame || !strings.Contains(fmt.Sprint(rec.Rules), "Duel Tank") {
		t.Errorf("tune.json: game %s, rules %v", rec.Game, rec.Rules)
	}
	mustCLI(t, "tune", "-q", "--resume", dir, "--budget", "2", "--life", "duel tank=-1")
	mustCLI(t, append(args, "--budget", "2", "--out", whole)...)
	resumed, want := readTunes(t, dir, whole)
	if !reflect.DeepEqual(resumed.Characters, rec.Characters) || !reflect.DeepEqual(resumed.StartEval, want.StartEval) ||
		len(resumed.Evaluations) != 2 || !reflect.DeepEqual(resumed.Evaluations, want.Evaluations) {
		t.Errorf("the resumed duel tune (no file) is not the uninterrupted one:\n%+v\n%+v", resumed, want)
	}
	other := writeFile(t, "other.yaml", "game: card\ncharacters:\n  - {name: Other One, life: 4}\n")
	checkUsageLine(t, "added characters Duel Gunner, Duel Medic, Duel Scout, Duel Tank, now Other One",
		"tune", "-q", "--resume", dir, "--budget", "3", "--characters-file", other)
	checkUsageLine(t, "duel tank", "tune", "--game", "duel", "--policy", "search", "--life", "duel tank=-1", "--out", filepath.Join(root, "x"))
}
