package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// TestLadderCommand runs a small ladder end to end: the summary with its Next: line,
// the files with their headers, --json, plot and report on its directory, and the
// usage errors.
func TestLadderCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lad")
	out, errs := mustCLI(t, "ladder", "--policies", "random,heuristic(beer_below=3),heuristic", "--games", "64", "--seed", "4", "--out", dir)
	for _, want := range []string{"Ladder ratings (dice, 5 players, 64 game indices x 3 rotations, seed 4", "Order: ", "Skill depth: ", "Renegade", "\nNext: bangsim plot "} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errs, "players 5: 64/64") {
		t.Errorf("no progress on stderr: %q", errs)
	}
	for name, header := range map[string]string{
		resultfile.LadderRatingsFile: "policy,role,rank,rating,ci_low,ci_high,seats,win_rate",
		resultfile.LadderDepthFile:   "scope,name,seats,depth,ci_low,ci_high",
		resultfile.LadderTallyFile:   "group,role,winner,loser,seats",
	} {
		if h := strings.Join(readCSV(t, filepath.Join(dir, name))[0], ","); h != header {
			t.Errorf("%s header %s, want %s", name, h, header)
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, resultfile.LadderJSONFile))
	if err != nil {
		t.Fatal(err)
	}
	var rec resultfile.Ladder
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Weakest != "random" || len(rec.Ratings) != 3*5 || rec.GamesPlayed != 64 {
		t.Errorf("ladder.json: weakest %q, %d ratings, %d indices", rec.Weakest, len(rec.Ratings), rec.GamesPlayed)
	}
	js, _ := mustCLI(t, "ladder", "--policies", "random,heuristic", "--games", "32", "--out", filepath.Join(t.TempDir(), "j"), "--json", "-q")
	var jrec resultfile.Ladder
	if err := json.Unmarshal([]byte(js), &jrec); err != nil || jrec.Schema != resultfile.LadderSchema {
		t.Errorf("--json: %v, schema %q", err, jrec.Schema)
	}
	plot, _ := mustCLI(t, "plot", "--format", "svg", dir)
	report, _ := mustCLI(t, "report", dir)
	for _, f := range []string{"plot-ladder.svg", "plot-skill-depth.svg", "report.html", "summary.md"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("plot and report wrote no %s:\n%s%s", f, plot, report)
		}
	}
	// A ladder directory with its charts is still replaced by a later ladder.
	mustCLI(t, "ladder", "--policies", "random,simple", "--games", "32", "--out", dir, "-q")
	for _, bad := range [][]string{
		{"ladder", "--policies", "heuristic", "--games", "64"},
		{"ladder", "--games", "64"},
		{"ladder", "--policies", "random,simple", "--games", "10"},
		{"ladder", "--policies", "random,nosuchbot", "--games", "64"},
		{"ladder", "--policies", "random,simple", "--players", "4,5"},
	} {
		if code, _, errs := cli(t, append(bad, "--out", filepath.Join(t.TempDir(), "x"))...); code != exitUsage || !strings.HasPrefix(errs, "bangsim: error: ") || strings.Contains(errs, "compare") {
			t.Errorf("bangsim %v: exit %d, stderr %q; want a one-line usage error", bad, code, errs)
		}
	}
	if code, _, _ := cli(t, "merge", "--out", filepath.Join(t.TempDir(), "m"), dir, dir); code != exitUsage {
		t.Errorf("merge of a ladder: exit %d, want a usage error", code)
	}
}
