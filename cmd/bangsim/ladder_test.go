package main

import (
	"bytes"
	"encoding/json"
	"fmt"
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
		t.Errorf("merge of a ladder with itself: exit %d, want a usage error", code)
	}
}

// TestLadderShardsMerge checks `bangsim ladder --shard K/N` and `bangsim merge` of its
// shards through the command line: the merge writes the whole ladder's CSV files and
// tally byte for byte whatever each shard's --workers, names the shard in each
// shard's summary and its Next: line, and refuses a shard of another ladder in one line.
func TestLadderShardsMerge(t *testing.T) {
	root := t.TempDir()
	args := []string{"ladder", "--policies", "random,simple,heuristic", "--games", "40", "--seed", "8"}
	whole := filepath.Join(root, "whole")
	mustCLI(t, append(args, "--out", whole, "-q", "--workers", "2")...)
	var shards []string
	for k := 1; k <= 3; k++ {
		d := filepath.Join(root, fmt.Sprintf("s%d", k))
		out, _ := mustCLI(t, append(args, "--out", d, "--shard", fmt.Sprintf("%d/3", k), "--workers", fmt.Sprint(k))...)
		if !strings.Contains(out, fmt.Sprintf("-- shard %d of 3", k)) || !strings.Contains(out, "Next: bangsim merge --out ladder-merged ") {
			t.Errorf("shard %d's summary:\n%s", k, out)
		}
		shards = append(shards, d)
	}
	merged := filepath.Join(root, "merged")
	out, _ := mustCLI(t, append([]string{"merge", "--out", merged}, shards...)...)
	if !strings.Contains(out, "Merged 3 ladder directories") || !strings.Contains(out, "Ladder ratings (dice, 5 players, 40 game indices x 3 rotations, seed 8") {
		t.Errorf("merge summary:\n%s", out)
	}
	for _, name := range []string{resultfile.LadderRatingsFile, resultfile.LadderDepthFile, resultfile.LadderTallyFile, resultfile.LadderCountsFile} {
		if got, want := readBytes(t, filepath.Join(merged, name)), readBytes(t, filepath.Join(whole, name)); !bytes.Equal(got, want) {
			t.Errorf("merged %s differs from the whole ladder's", name)
		}
	}
	mustCLI(t, "report", merged, "--out", filepath.Join(root, "report"))
	other := filepath.Join(root, "other")
	mustCLI(t, "ladder", "--policies", "random,simple,keep", "--games", "40", "--seed", "8", "--shard", "2/3", "--out", other, "-q")
	code, _, stderr := cli(t, "merge", "-q", "--out", filepath.Join(root, "bad"), shards[0], other, shards[2])
	if want := "cannot merge " + other + " with " + shards[0] + ": the ladders differ: policies random, simple, keep against random, simple, heuristic"; code != exitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 2 {
		t.Errorf("merge of another ladder's shard: exit %d, stderr %q; want a usage error saying %q", code, stderr, want)
	}
}
