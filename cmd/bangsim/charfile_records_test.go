package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// readJSONFile reads the JSON file at path into v.
func readJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// editJSONFile rewrites the JSON object at path with edit applied to it.
func editJSONFile(t *testing.T, path string, edit func(map[string]any)) {
	t.Helper()
	var m map[string]any
	readJSONFile(t, path, &m)
	edit(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// addedNames are the names of the added characters a result file recorded.
func addedNames(added []resultfile.AddedCharacter) []string {
	var out []string
	for _, a := range added {
		out = append(out, a.Name)
	}
	return out
}

// fileNames are fileCharacters' names, in their order.
var fileNames = []string{"File Gunner", "File Medic", "File Scout", "File Tank"}

// A comparison with a character file records the added characters in compare.json;
// its shards merge and the merge is reported without the file, and a shard without
// them (or with other ones) is refused.
func TestCharacterFileCompare(t *testing.T) {
	file := writeFile(t, "chars.yaml", fileCharacters)
	root := t.TempDir()
	args := []string{"compare", "-q", "--policies", "heuristic,random", "--games", "40", "--seed", "3", "--characters-file", file}
	var shards []string
	for _, k := range []string{"1/2", "2/2"} {
		dir := filepath.Join(root, "cmp"+k[:1])
		mustCLI(t, append(args, "--shard", k, "--out", dir)...)
		shards = append(shards, dir)
	}
	var rec resultfile.Compare
	readJSONFile(t, filepath.Join(shards[0], resultfile.CompareJSONFile), &rec)
	if got := addedNames(rec.Characters); !reflect.DeepEqual(got, fileNames) || rec.Characters[2].Powers[0] != "extra_rerolls(rerolls=1)" {
		t.Fatalf("compare.json added_characters %+v", rec.Characters)
	}
	merged := filepath.Join(root, "merged")
	mustCLI(t, append([]string{"merge", "-q", "--out", merged}, shards...)...)
	var back resultfile.Compare
	readJSONFile(t, filepath.Join(merged, resultfile.CompareJSONFile), &back)
	if !reflect.DeepEqual(back.Characters, rec.Characters) {
		t.Errorf("the merge's added_characters %+v", back.Characters)
	}
	whole := filepath.Join(root, "whole")
	mustCLI(t, append(args, "--out", whole)...)
	for _, name := range []string{resultfile.CompareFile, resultfile.CompareDiffFile, resultfile.CompareTallyFile} {
		a, _ := os.ReadFile(filepath.Join(merged, name))
		b, _ := os.ReadFile(filepath.Join(whole, name))
		if len(a) == 0 || string(a) != string(b) {
			t.Errorf("%s of the merge differs from the whole comparison's", name)
		}
	}
	mustCLI(t, "report", "-q", merged)

	// A shard played without the file is another comparison.
	plain := filepath.Join(root, "plain")
	mustCLI(t, "compare", "-q", "--policies", "heuristic,random", "--games", "40", "--seed", "3", "--shard", "2/2", "--out", plain)
	code, _, stderr := cli(t, "merge", "-q", "--out", filepath.Join(root, "m2"), shards[0], plain)
	if code != 2 || !strings.Contains(stderr, "added_characters") || strings.Count(strings.TrimSpace(stderr), "\n") > 1 {
		t.Errorf("merging a shard with and one without added characters: exit %d\n%s", code, stderr)
	}
	// Added characters the game cannot read back: one line naming the file and character.
	editJSONFile(t, filepath.Join(shards[1], resultfile.CompareJSONFile), func(m map[string]any) {
		m["added_characters"].([]any)[2].(map[string]any)["powers"] = []any{"extra_rerolls(rerolls=9)"}
	})
	code, _, stderr = cli(t, append([]string{"merge", "-q", "--out", filepath.Join(root, "m3")}, shards...)...)
	if code != 2 || !strings.Contains(stderr, "compare.json added_characters File Scout: extra_rerolls.rerolls: 9 is out of range") {
		t.Errorf("a damaged added character: exit %d\n%s", code, stderr)
	}
}

// A ladder with a character file records the added characters in ladder.json and
// tallies their skill depth; its shards merge without the file into the whole
// ladder's files, the added characters' rows kept, and plot reads the merge; a shard
// without them is refused.
func TestCharacterFileLadder(t *testing.T) {
	file := writeFile(t, "chars.yaml", fileCharacters)
	root := t.TempDir()
	args := []string{"ladder", "-q", "--policies", "heuristic,random", "--games", "64", "--seed", "3", "--characters-file", file}
	var shards []string
	for _, k := range []string{"1/2", "2/2"} {
		dir := filepath.Join(root, "lad"+k[:1])
		mustCLI(t, append(args, "--shard", k, "--out", dir)...)
		shards = append(shards, dir)
	}
	var rec resultfile.Ladder
	readJSONFile(t, filepath.Join(shards[0], resultfile.LadderJSONFile), &rec)
	if got := addedNames(rec.Characters); !reflect.DeepEqual(got, fileNames) {
		t.Fatalf("ladder.json added_characters %+v", rec.Characters)
	}
	merged, whole := filepath.Join(root, "merged"), filepath.Join(root, "whole")
	mustCLI(t, append([]string{"merge", "-q", "--out", merged}, shards...)...)
	mustCLI(t, append(args, "--out", whole)...)
	var back resultfile.Ladder
	readJSONFile(t, filepath.Join(merged, resultfile.LadderJSONFile), &back)
	if !reflect.DeepEqual(back.Characters, rec.Characters) {
		t.Errorf("the merge's added_characters %+v", back.Characters)
	}
	for _, name := range []string{resultfile.LadderDepthFile, resultfile.LadderCountsFile, resultfile.LadderRatingsFile} {
		a, _ := os.ReadFile(filepath.Join(merged, name))
		b, _ := os.ReadFile(filepath.Join(whole, name))
		if len(a) == 0 || string(a) != string(b) {
			t.Errorf("%s of the merge differs from the whole ladder's", name)
		}
	}
	depth, _ := os.ReadFile(filepath.Join(merged, resultfile.LadderDepthFile))
	if !strings.Contains(string(depth), "character,File Tank,") {
		t.Errorf("the merge's skill-depth.csv has no row for File Tank:\n%s", depth)
	}
	mustCLI(t, "plot", "-q", "--format", "svg", merged)

	plain := filepath.Join(root, "plain")
	mustCLI(t, "ladder", "-q", "--policies", "heuristic,random", "--games", "64", "--seed", "3", "--shard", "2/2", "--out", plain)
	code, _, stderr := cli(t, "merge", "-q", "--out", filepath.Join(root, "m2"), shards[0], plain)
	if code != 2 || !strings.Contains(stderr, "the ladders differ: added_characters") {
		t.Errorf("merging a shard with and one without added characters: exit %d\n%s", code, stderr)
	}
	// ladder.json without the added characters its tally counts: refused, one line.
	editJSONFile(t, filepath.Join(shards[1], resultfile.LadderJSONFile), func(m map[string]any) { delete(m, "added_characters") })
	code, _, stderr = cli(t, append([]string{"merge", "-q", "--out", filepath.Join(root, "m3")}, shards...)...)
	if code != 2 || !strings.Contains(stderr, "are not this version's") {
		t.Errorf("a tally of added characters beside a ladder.json of none: exit %d\n%s", code, stderr)
	}
}

// A tune with a character file records the added characters in tune.json; --resume
// plays them again without the file, evaluating what the uninterrupted tune does, and
// refuses a file of other characters in one line.
func TestCharacterFileTune(t *testing.T) {
	file := writeFile(t, "chars.yaml", fileCharacters)
	root := t.TempDir()
	args := []string{"tune", "-q", "--policy", "heuristic(beer_below=0)", "--params", "beer_below", "--games", "60",
		"--validate-games", "60", "--seed", "3", "--characters-file", file}
	dir, whole := filepath.Join(root, "tune"), filepath.Join(root, "whole")
	mustCLI(t, append(args, "--budget", "2", "--out", dir)...)
	rec, err := resultfile.ReadTune(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := addedNames(rec.Characters); !reflect.DeepEqual(got, fileNames) {
		t.Fatalf("tune.json added_characters %+v", rec.Characters)
	}
	sum, _ := mustCLI(t, "tune", "--resume", dir, "--budget", "4")
	if !strings.Contains(sum, "Next: bangsim compare --game dice --players 5") || !strings.Contains(sum, "give it the --characters-file the tune played") {
		t.Errorf("the resumed tune's Next line (its command names no file):\n%s", sum)
	}
	loud := append([]string{"tune"}, args[2:]...) // args without -q: the summary and its Next line
	full, _ := mustCLI(t, append(loud, "--budget", "4", "--out", whole)...)
	if !strings.Contains(full, "--seed 4 --characters-file "+shellQuote(file)+" (") {
		t.Errorf("the tune's Next line does not name its file:\n%s", full)
	}
	resumed, want := readTunes(t, dir, whole)
	if !reflect.DeepEqual(resumed.Characters, rec.Characters) || !reflect.DeepEqual(resumed.StartEval, want.StartEval) ||
		len(resumed.Evaluations) != 4 || !reflect.DeepEqual(resumed.Validation, want.Validation) {
		t.Errorf("the resumed tune (no file) is not the uninterrupted one:\n%+v\n%+v", resumed, want)
	}
	other := writeFile(t, "other.yaml", "game: dice\ncharacters:\n  - {name: Other One, life: 8}\n")
	code, _, stderr := cli(t, "tune", "-q", "--resume", dir, "--budget", "5", "--characters-file", other)
	if code != 2 || !strings.Contains(stderr, "added characters File Gunner, File Medic, File Scout, File Tank, now Other One") {
		t.Errorf("resuming with other characters: exit %d\n%s", code, stderr)
	}
}

// A game played with a character file records the added characters in its play
// file's first line; replay --file plays it again to the same end without the file,
// naming them, and a first line whose added characters the game cannot read is one
// line of error.
func TestCharacterFilePlay(t *testing.T) {
	file := writeFile(t, "chars.yaml", fileCharacters)
	out := filepath.Join(t.TempDir(), "game.jsonl")
	code, stderr, scr := playInPty(t, []string{"--seed", "3", "--players", "4", "--seat", "1", "--characters-file", file,
		"--characters", "file tank,file medic,plain,plain", "--fixed-seats", "--out", out}, "9", "there is no die 9")
	if code != 0 {
		t.Fatalf("play exited %d: %s\n%s", code, stderr, tail(scr))
	}
	if !strings.Contains(scr, "File Medic") {
		t.Errorf("the screen does not name File Medic:\n%s", tail(scr))
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	first, rest, _ := strings.Cut(string(data), "\n")
	var head struct {
		Added []resultfile.AddedCharacter `json:"added_characters"`
		Seats []struct{ Character string }
	}
	if err := json.Unmarshal([]byte(first), &head); err != nil {
		t.Fatal(err)
	}
	if got := addedNames(head.Added); !reflect.DeepEqual(got, fileNames) || head.Seats[1].Character != "File Medic" {
		t.Fatalf("the play file's first line: %s", first)
	}
	text, _ := mustCLI(t, "replay", "--file", out)
	if !strings.Contains(text, "File Medic") || !strings.Contains(text, "Game over after") {
		t.Errorf("replay --file:\n%s", tail(text))
	}
	// Replayed as JSON, the first line records the added characters again: what
	// replay --file --json writes is itself a play file that needs no YAML.
	again, _ := mustCLI(t, "replay", "--file", out, "--json")
	againFirst, _, _ := strings.Cut(again, "\n")
	if againFirst != first {
		t.Errorf("replay --file --json's first line:\n%s\nthe play file's:\n%s", againFirst, first)
	}
	bad := filepath.Join(t.TempDir(), "bad.jsonl")
	damaged := strings.Replace(first, "extra_rerolls(rerolls=1)", "extra_rerolls(rerolls=9)", 1) + "\n" + rest
	if err := os.WriteFile(bad, []byte(damaged), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs := cli(t, "replay", "--file", bad)
	if code != 2 || !strings.Contains(errs, "--file "+bad+": its first line added_characters File Scout: extra_rerolls.rerolls: 9 is out of range") {
		t.Errorf("a damaged first line: exit %d\n%s", code, errs)
	}
}

// advise --characters-file seats an added character: the name is read among the
// game's characters, and the seat has the file's powers and life. File Scout's
// extra_rerolls gives him a third reroll Plain has not; Card Tank's 6 life is above
// Plain's 4. An unknown name lists the names allowed; the long duel refuses the file.
func TestCharacterFileAdvise(t *testing.T) {
	file := writeFile(t, "chars.yaml", fileCharacters)
	dice := []string{"advise", "--seat", "1", "--dice", "GGG1A", "--pile", "6", "--life", "8,1,0,0", "--arrows", "2,1,0,0",
		"--roles", "sheriff,outlaw,outlaw,renegade", "--rollouts", "20", "--rerolls", "3"}
	js, _ := mustCLI(t, append(dice, "--characters", "plain,file scout,plain,plain", "--characters-file", file, "--json")...)
	var adv struct {
		Position struct{ Characters []string }
		Choices  []struct{ Label string }
	}
	if err := json.Unmarshal([]byte(js), &adv); err != nil {
		t.Fatal(err)
	}
	if adv.Position.Characters[1] != "file scout" || len(adv.Choices) == 0 {
		t.Errorf("advise --json: %s", js)
	}
	// The exact odds beside each reroll follow File Scout's extra_rerolls (odds reads
	// the roller's primitives): the same position as a printed Lucky Duke's, whose
	// extra_rerolls is the same power, gives the same odds.
	objective := func(who string, extra ...string) map[int]float64 {
		args := append(slices.Clone(dice), "--characters", "plain,"+who+",plain,plain", "--objective", "gatling", "--json")
		args[slices.Index(args, "GGG1A")] = "GG11A"
		js, _ := mustCLI(t, append(args, extra...)...)
		var v struct {
			Choices []struct {
				Choice int
				Odds   *float64 `json:"exact_odds"`
			}
		}
		if err := json.Unmarshal([]byte(js), &v); err != nil || len(v.Choices) == 0 {
			t.Fatalf("advise --objective gatling as %s: %v\n%s", who, err, js)
		}
		out := map[int]float64{}
		for _, c := range v.Choices {
			if c.Odds == nil {
				t.Fatalf("advise --objective gatling as %s: no odds beside %d\n%s", who, c.Choice, js)
			}
			out[c.Choice] = *c.Odds
		}
		return out
	}
	if scout, lucky := objective("file scout", "--characters-file", file), objective("lucky duke"); !maps.Equal(scout, lucky) || scout[0] != 0 {
		t.Errorf("odds beside each reroll: File Scout %v, Lucky Duke %v", scout, lucky)
	}
	card := writeFile(t, "card.yaml", "game: card\ncharacters:\n  - {name: Card Tank, life: 6}\n")
	cardArgs := []string{"advise", "--game", "card", "--seat", "0", "--hand", "bang As,stagecoach 9s", "--hand-sizes", "2,0,0,0",
		"--roles", "sheriff,?,outlaw,renegade", "--in-play", "mustang 8h;", "--life", "1,6,0,0", "--rollouts", "20", "--characters-file", card}
	out, _ := mustCLI(t, append(cardArgs, "--characters", "plain,card tank,plain,plain")...)
	if !strings.Contains(out, "play BANG! A♠ at P1") {
		t.Errorf("advise --game card with Card Tank:\n%s", out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{append(dice, "--characters", "plain,plain,plain,plain", "--characters-file", file), "rerolls: 3; Plain has 0 to 2 rerolls in a turn"},
		{append(cardArgs, "--characters", "plain,plain,plain,plain"), "life: seat 1 has 6, above its maximum of 4"},
		{append(cardArgs, "--characters", "card tank,card tank,plain,plain"), "characters[1]: Card Tank sits at seat 0 too"},
		{append(dice, "--characters", "plain,nobody,plain,plain", "--characters-file", file),
			`characters[1]: unknown character "nobody" (allowed: Bart Cassidy, Black Jack,`},
		{append(dice, "--characters", "plain,nobody,plain,plain", "--characters-file", file), "Plain, File Gunner, File Medic, File Scout, File Tank)"},
		{append(dice, "--characters", "plain,file scout,plain,plain"), "Plain; a character a file defines needs its --characters-file)"},
		{[]string{"advise", "--game", "duel", "--characters-file", file}, "the file is for the dice game, and the command plays duel"},
		{append(cardArgs[:len(cardArgs)-1], file, "--characters", "plain,plain,plain,plain"), "the file is for the dice game"},
	} {
		code, _, stderr := cli(t, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "bangsim: error:") != 1 {
			t.Errorf("%v: exit %d, stderr:\n%s\nwant %s", tc.args, code, stderr, tc.want)
		}
	}
}

// advise --game duel --characters-file reads the duel's slots among the printed and the
// added characters: Duel Dodger (3 life, a card file's) sits at P1's front at 3 life,
// above a printed 3-life character's reach only if the file is read, and the lethal
// BANG! is still ranked first; without the file his name is no character of the duel.
func TestCharacterFileAdviseDuel(t *testing.T) {
	file := writeFile(t, "card.yaml", "game: card\ncharacters:\n  - name: Duel Dodger\n    life: 3\n    powers:\n      - draw_on_hit: {cards: 1, by: duel}\n")
	args := []string{"advise", "--game", "duel", "--seat", "0", "--characters", "bart cassidy,duel dodger,-,-",
		"--life", "1,1,0,0", "--hand", "bang As,stagecoach 9s,beer 6h", "--hand-sizes", "3,0",
		"--lost", "suzy lafayette,kit carlson,2;paul regret,calamity janet,2", "--in-play", "mustang 8h;;;", "--discard", "bang Qh", "--rollouts", "50"}
	js, _ := mustCLI(t, append(args, "--characters-file", file, "--json")...)
	var got duelAdviceJSON
	if err := json.Unmarshal([]byte(js), &got); err != nil {
		t.Fatal(err)
	}
	if c := got.Choices[0]; c.Label != "play BANG! A♠ → P1 front (Duel Dodger)" || c.Win != 1 {
		t.Errorf("first choice: %+v", c)
	}
	code, _, stderr := cli(t, args...)
	if first, _, _ := strings.Cut(stderr, "\n"); code != 2 || !strings.Contains(first, `characters[1]: "duel dodger" is no character of the duel`) {
		t.Errorf("without the file: exit %d, %s", code, stderr)
	}
	bad := append(slices.Clone(args), "--characters-file", file)
	bad[slices.Index(bad, "1,1,0,0")] = "1,4,0,0"
	code, _, stderr = cli(t, bad...)
	if code != 2 || !strings.Contains(stderr, "life[1]: 4, above Duel Dodger's maximum of 3") || strings.Count(stderr, "bangsim: error:") != 1 {
		t.Errorf("Duel Dodger above his 3 life: exit %d, %s", code, stderr)
	}
}

// play --game duel --characters-file: a person's duel drafts from the printed and the
// added characters (twenty added, so that the ten laid out hold some), the play file's
// first line records them, and replay --file plays the duel again from the file alone
// to the same end, its JSON first line the file's.
func TestCharacterFilePlayDuel(t *testing.T) {
	var b strings.Builder
	b.WriteString("game: card\ncharacters:\n")
	for i := 1; i <= 20; i++ {
		fmt.Fprintf(&b, "  - {name: Extra %d, life: 4}\n", i)
	}
	file := writeFile(t, "extra.yaml", b.String())
	out := filepath.Join(t.TempDir(), "duel.jsonl")
	code, stderr, scr := playInPty(t, []string{"--game", "duel", "--seed", "4", "--seat", "1", "--characters-file", file, "--out", out}, "0", "there is no option 0")
	if code != 0 {
		t.Fatalf("play exited %d: %s\n%s", code, stderr, tail(scr))
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(data), "\n")
	var head struct {
		Pool  []string                    `json:"laid_out"`
		Added []resultfile.AddedCharacter `json:"added_characters"`
	}
	if err := json.Unmarshal([]byte(first), &head); err != nil {
		t.Fatal(err)
	}
	if len(head.Added) != 20 || !slices.ContainsFunc(head.Pool, func(n string) bool { return strings.HasPrefix(n, "Extra ") }) {
		t.Fatalf("the play file's first line: %s", first)
	}
	again, _ := mustCLI(t, "replay", "--file", out, "--json")
	if againFirst, _, _ := strings.Cut(again, "\n"); againFirst != first {
		t.Errorf("replay --file --json's first line:\n%s\nthe play file's:\n%s", againFirst, first)
	}
	if text, _ := mustCLI(t, "replay", "--file", out); !strings.Contains(text, "Extra ") {
		t.Errorf("replay --file names no added character:\n%s", tail(text))
	}
}

// readTunes reads the tune.json of a resumed tune and of the uninterrupted one it should
// equal.
func readTunes(t *testing.T, resumedDir, wholeDir string) (resumed, whole *resultfile.Tune) {
	t.Helper()
	var err error
	if resumed, err = resultfile.ReadTune(resumedDir); err != nil {
		t.Fatal(err)
	}
	if whole, err = resultfile.ReadTune(wholeDir); err != nil {
		t.Fatal(err)
	}
	return resumed, whole
}
