package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bangsim/bangsim/resultfile"
)

// duelFiles are the files of a duel directory that a merge must give byte for byte as
// the one process does (run.json differs: it says it is a merge).
var duelFiles = []string{"seats.csv", "order.csv", "characters.csv", resultfile.DuelTallyFile}

// sameDuelFiles fails unless dirs a and b hold the same duelFiles, byte for byte.
func sameDuelFiles(t *testing.T, what, a, b string) {
	t.Helper()
	for _, name := range duelFiles {
		x, err := os.ReadFile(filepath.Join(a, name))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x, y) {
			t.Errorf("%s: %s differs:\n%s\nwant\n%s", what, name, y, x)
		}
	}
}

// readDuelTally reads duel-tally.json of dir.
func readDuelTally(t *testing.T, dir string) resultfile.DuelTally {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, resultfile.DuelTallyFile))
	if err != nil {
		t.Fatal(err)
	}
	var d resultfile.DuelTally
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	if err := d.Validate(); err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return d
}

// Issue 29, "the duel is a lab game": shards 1/3, 2/3 and 3/3 of a duel run, each
// played with --workers 1 and with 2, merge (in any order) into seats.csv, order.csv,
// characters.csv and duel-tally.json byte-identical to the one process's; a missing
// shard makes the merge partial (exit 1, or 0 with --allow-partial, run.json listing
// the duels missing), and overlapping shards or a run directory among duel shards are
// refused (exit 2).
func TestDuelShardsMerge(t *testing.T) {
	dir := t.TempDir()
	args := []string{"duel", "-q", "--duels", "301", "--seed", "7", "--policy", "heuristic,random", "--draft-policy", "value-first,random"}
	whole := filepath.Join(dir, "whole")
	mustCLI(t, append(args, "--out", whole, "--workers", "1")...)
	if d := readDuelTally(t, whole); d.Counts.Duels != 301 {
		t.Fatalf("whole run: %d duels", d.Counts.Duels)
	}
	for _, w := range []string{"1", "2"} {
		var shards []string
		for k := 1; k <= 3; k++ {
			sh := filepath.Join(dir, "w"+w+"-shard"+strconv.Itoa(k))
			mustCLI(t, append(args, "--out", sh, "--workers", w, "--shard", strconv.Itoa(k)+"/3")...)
			shards = append(shards, sh)
		}
		if d := readDuelTally(t, shards[1]); d.Counts.FirstDuel != 101 || d.Counts.Duels != 100 {
			t.Errorf("shard 2/3 holds duels %d from %d, want 100 from 101 (run.ShardRange: the first shard takes the odd duel)", d.Counts.Duels, d.Counts.FirstDuel)
		}
		merged := filepath.Join(dir, "w"+w+"-merged")
		mustCLI(t, "merge", "-q", "--out", merged, shards[2], shards[0], shards[1])
		sameDuelFiles(t, "--workers "+w+" merged", whole, merged)
		var rec resultfile.DuelRun
		b, _ := os.ReadFile(filepath.Join(merged, resultfile.RunFile))
		if err := json.Unmarshal(b, &rec); err != nil || rec.Partial || rec.DuelsPlayed != 301 || len(rec.MergedFrom) != 3 {
			t.Errorf("merged run.json: %+v (%v)", rec, err)
		}
		if k, _ := resultfile.DetectKind(merged); k != resultfile.KindDuel {
			t.Errorf("merged directory is %s", k)
		}

		part := filepath.Join(dir, "w"+w+"-part")
		code, _, stderr := cli(t, "merge", "-q", "--out", part, shards[0], shards[2])
		if code != exitFailure || !strings.Contains(stderr, "duels 101-200") {
			t.Errorf("merge without shard 2: exit %d, stderr %q", code, stderr)
		}
		mustCLI(t, "merge", "-q", "--allow-partial", "--out", part, shards[0], shards[2])
		if d := readDuelTally(t, part); d.Counts.Duels != 201 {
			t.Errorf("partial merge holds %d duels, want 201", d.Counts.Duels)
		}
		if code, _, stderr := cli(t, "merge", "-q", "--out", filepath.Join(dir, "twice"), shards[0], shards[0]); code != exitUsage || !strings.Contains(stderr, "twice") {
			t.Errorf("overlapping shards: exit %d, stderr %q", code, stderr)
		}
	}
	other := filepath.Join(dir, "other")
	mustCLI(t, "duel", "-q", "--duels", "301", "--seed", "8", "--shard", "2/3", "--out", other)
	if code, _, stderr := cli(t, "merge", "-q", "--out", filepath.Join(dir, "mixed"), filepath.Join(dir, "w1-shard1"), other); code != exitUsage || !strings.Contains(stderr, "seed 7 and 8") {
		t.Errorf("shards of two runs: exit %d, stderr %q", code, stderr)
	}
	run := filepath.Join(dir, "run")
	mustCLI(t, "run", "-q", "--games", "20", "--players", "4", "--out", run)
	if code, _, stderr := cli(t, "merge", "-q", "--out", filepath.Join(dir, "mixed2"), whole, run); code != exitUsage || !strings.Contains(stderr, "is a duel (duel-tally.json); merge the shards of one result together") {
		t.Errorf("a run among duel shards: exit %d, stderr %q", code, stderr)
	}
}

// A duel run takes its shard from a Slurm job array's variables as run does
// (lab.ResolveShard), and records where it came from.
func TestDuelShardFromSlurm(t *testing.T) {
	t.Setenv("SLURM_ARRAY_TASK_ID", "3")
	t.Setenv("SLURM_ARRAY_TASK_MIN", "1")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "4")
	dir := filepath.Join(t.TempDir(), "d")
	mustCLI(t, "duel", "-q", "--duels", "40", "--out", dir)
	var rec resultfile.DuelRun
	b, _ := os.ReadFile(filepath.Join(dir, resultfile.RunFile))
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Shard != (resultfile.Shard{K: 3, N: 4}) || rec.ShardSource != "slurm" || rec.FirstDuel != 20 || rec.DuelsPlayed != 10 {
		t.Errorf("run.json: shard %+v from %q, duels %d from %d", rec.Shard, rec.ShardSource, rec.DuelsPlayed, rec.FirstDuel)
	}
}

// An interrupted duel run (Ctrl-C cancels the context) writes the duels it finished,
// marked partial: exactly duels 0 to k-1, so its counts are those of a run of k duels;
// and it goes beside a complete result in the same directory, never over it.
func TestDuelInterrupted(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	mustCLI(t, "duel", "-q", "--duels", "50", "--out", dir)
	complete, _ := os.ReadFile(filepath.Join(dir, resultfile.DuelTallyFile))

	ctx, cancel := context.WithCancel(context.Background())
	opts := duelOptions{Duels: 1_000_000_000, Seed: 1, Bots: "heuristic", Drafts: "random", Replay: -1, batchOptions: defaultBatchOptions(dir)}
	opts.Quiet = true
	done := make(chan error)
	go func() { done <- runDuel(ctx, opts, &bytes.Buffer{}, &bytes.Buffer{}) }()
	time.Sleep(300 * time.Millisecond)
	cancel()
	err := <-done
	if exitCode(err) != exitFailure || !strings.Contains(err.Error(), "interrupted") || !strings.Contains(err.Error(), dir+".partial") {
		t.Fatalf("error %v, want an interruption written to %s.partial", err, dir)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, resultfile.DuelTallyFile)); !bytes.Equal(now, complete) {
		t.Fatal("the interrupted run replaced the complete result")
	}
	part := readDuelTally(t, dir+".partial")
	k := part.Counts.Duels
	if k == 0 || k >= 1_000_000_000 || part.Counts.FirstDuel != 0 {
		t.Fatalf("partial run: %d duels from %d", k, part.Counts.FirstDuel)
	}
	var rec resultfile.DuelRun
	b, _ := os.ReadFile(filepath.Join(dir+".partial", resultfile.RunFile))
	if err := json.Unmarshal(b, &rec); err != nil || !rec.Partial || rec.DuelsPlayed != k || rec.DuelsPlanned != 1_000_000_000 {
		t.Errorf("partial run.json: %+v (%v)", rec, err)
	}
	prefix := filepath.Join(t.TempDir(), "prefix")
	mustCLI(t, "duel", "-q", "--duels", strconv.FormatUint(k, 10), "--out", prefix)
	want := readDuelTally(t, prefix)
	x, _ := json.Marshal(part.Counts)
	y, _ := json.Marshal(want.Counts)
	if !bytes.Equal(x, y) {
		t.Errorf("the partial run's %d duels are not duels 0 to %d:\n%s\nwant\n%s", k, k-1, x, y)
	}
}

// `bangsim replay --game duel --index I` is the short form of `bangsim duel --replay I`:
// the same text for the default run (the golden file of TestDuelReplay) and for other
// seeds and bots; the other games' flags are refused as bad usage.
func TestReplayGameDuel(t *testing.T) {
	out, _ := mustCLI(t, "replay", "--game", "duel", "--index", "3")
	golden(t, "duel-replay-seed1-duel3.txt", out)
	flags := []string{"--seed", "9", "--policy", "heuristic,random", "--draft-policy", "value-first,random"}
	want, _ := mustCLI(t, append([]string{"duel", "--replay", "5"}, flags...)...)
	got, _ := mustCLI(t, append([]string{"replay", "--game", "duel", "--index", "5"}, flags...)...)
	if got != want {
		t.Errorf("replay --game duel differs from duel --replay:\n%s\nwant\n%s", got, want)
	}
	for _, bad := range [][]string{{"--players", "3"}, {"--policy", "nobody"}, {"--draft-policy", "x"}} {
		if code, _, _ := cli(t, append([]string{"replay", "--game", "duel", "--index", "1"}, bad...)...); code != exitUsage {
			t.Errorf("replay --game duel %v: exit %d, want %d", bad, code, exitUsage)
		}
	}
}

// `bangsim plot` and `bangsim report` of a duel directory (told by
// resultfile.DetectKind) draw plot-duel-order, plot-duel-characters and
// plot-duel-drafted and write report.html and summary.md with the duel's manifest,
// into the duel's directory; the same files give the same bytes. A duel's charts never
// go into a run's directory, nor a run's into a duel's (exit 2).
func TestDuelPlotReport(t *testing.T) {
	dir := t.TempDir()
	d := filepath.Join(dir, "d")
	mustCLI(t, "duel", "-q", "--duels", "120", "--policy", "heuristic,random", "--out", d)
	out, _ := mustCLI(t, "plot", "--json", d)
	for _, name := range []string{"plot-duel-order", "plot-duel-characters", "plot-duel-drafted"} {
		if !strings.Contains(out, filepath.Join(d, name+".svg")) {
			t.Errorf("plot of a duel directory wrote no %s.svg:\n%s", name, out)
		}
	}
	mustCLI(t, "report", "-q", d)
	page, err := os.ReadFile(filepath.Join(d, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	md, err := os.ReadFile(filepath.Join(d, "summary.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"long duel, seed 1, 120 duels", "plot-duel-order", "order.csv", "characters.csv", "heuristic", "random"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("report.html does not show %q", want)
		}
	}
	for _, want := range []string{"## bangsim duel: long duel, seed 1, 120 duels", "| picked first |", "### Characters drafted", "plays `heuristic`"} {
		if !bytes.Contains(md, []byte(want)) {
			t.Errorf("summary.md does not show %q:\n%s", want, md)
		}
	}
	other := filepath.Join(dir, "other")
	mustCLI(t, "report", "-q", "--out", other, d)
	again, _ := os.ReadFile(filepath.Join(other, "report.html"))
	if !bytes.Equal(page, again) {
		t.Error("two reports of one duel directory differ")
	}
	run := filepath.Join(dir, "run")
	mustCLI(t, "run", "-q", "--games", "20", "--players", "4", "--out", run)
	for _, args := range [][]string{{"plot", "--out", run, d}, {"report", "--out", run, d}, {"plot", "--out", d, run}, {"report", "--out", d, run}} {
		if code, _, stderr := cli(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d: %s", args, code, exitUsage, stderr)
		}
	}
	if k, _ := resultfile.DetectKind(d); k != resultfile.KindDuel {
		t.Errorf("the duel directory with its report is %s", k)
	}
	// A duel run replaces the directory with its charts and report, as a run does.
	mustCLI(t, "duel", "-q", "--duels", "10", "--out", d)
}

// `bangsim duel --paired` is the duel's paired comparison with common random numbers:
// every duel seed is played as the plain run plays it and again with the seats' bots
// swapped, so player A's wins are exactly seat 0's wins of the plain run plus seat 1's
// of the run with the bots given the other way round (same seeds); its shards merge
// into the one process's bytes, for --workers 1 and 2, and a paired shard does not
// merge with a plain one.
func TestDuelPaired(t *testing.T) {
	dir := t.TempDir()
	common := []string{"duel", "-q", "--duels", "150", "--seed", "5"}
	ab := []string{"--policy", "heuristic,random", "--draft-policy", "value-first,random"}
	ba := []string{"--policy", "random,heuristic", "--draft-policy", "random,value-first"}
	paired := filepath.Join(dir, "paired")
	mustCLI(t, append(append(common, ab...), "--paired", "--out", paired, "--workers", "1")...)
	plain, swapped := filepath.Join(dir, "plain"), filepath.Join(dir, "swapped")
	mustCLI(t, append(append(common, ab...), "--out", plain)...)
	mustCLI(t, append(append(common, ba...), "--out", swapped)...)
	p, x, y := readDuelTally(t, paired), readDuelTally(t, plain), readDuelTally(t, swapped)
	pc := p.Counts.Paired
	if pc == nil || pc.Pairs != 150 || p.Counts.Duels != 300 {
		t.Fatalf("paired tally: %+v", p.Counts)
	}
	if a, want := pc.Players[0].Wins, x.Counts.SeatWins[0]+y.Counts.SeatWins[1]; a != want {
		t.Errorf("A won %d, the plain and swapped runs give %d", a, want)
	}
	if b, want := pc.Players[1].Wins, x.Counts.SeatWins[1]+y.Counts.SeatWins[0]; b != want {
		t.Errorf("B won %d, the plain and swapped runs give %d", b, want)
	}
	rows := csvMaps(t, filepath.Join(paired, resultfile.DuelPairedFile))
	if len(rows) != 2 || rows[0]["player"] != "A" || rows[0]["policy"] != "heuristic" || rows[1]["draft_policy"] != "random" {
		t.Fatalf("duel-paired.csv: %v", rows)
	}
	if a, b := num(t, rows[0]["wins"]), num(t, rows[1]["wins"]); a != pc.Players[0].Wins || b != pc.Players[1].Wins {
		t.Errorf("duel-paired.csv wins %d, %d; tally %d, %d", a, b, pc.Players[0].Wins, pc.Players[1].Wins)
	}
	for _, w := range []string{"1", "2"} {
		var shards []string
		for k := 1; k <= 3; k++ {
			sh := filepath.Join(dir, "p"+w+"-"+strconv.Itoa(k))
			mustCLI(t, append(append(common, ab...), "--paired", "--workers", w, "--shard", strconv.Itoa(k)+"/3", "--out", sh)...)
			shards = append(shards, sh)
		}
		merged := filepath.Join(dir, "p"+w+"-merged")
		mustCLI(t, append([]string{"merge", "-q", "--out", merged}, shards...)...)
		sameDuelFiles(t, "paired, --workers "+w, paired, merged)
		a, _ := os.ReadFile(filepath.Join(paired, resultfile.DuelPairedFile))
		b, _ := os.ReadFile(filepath.Join(merged, resultfile.DuelPairedFile))
		if !bytes.Equal(a, b) {
			t.Errorf("--workers %s: merged duel-paired.csv differs:\n%s\nwant\n%s", w, b, a)
		}
	}
	plainShard := filepath.Join(dir, "plain-2")
	mustCLI(t, append(append(common, ab...), "--shard", "2/3", "--out", plainShard)...)
	if code, _, stderr := cli(t, "merge", "-q", "--out", filepath.Join(dir, "mixed"), filepath.Join(dir, "p1-1"), plainShard); code != exitUsage || !strings.Contains(stderr, "paired") {
		t.Errorf("a paired and a plain shard: exit %d, stderr %q", code, stderr)
	}
	mustCLI(t, "report", "-q", paired)
}
