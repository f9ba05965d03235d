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

// leagueFiles are the files of a league directory that a merge must give byte for byte
// as the one process does (run.json differs: it says it is a merge).
var leagueFiles = []string{"standings.csv", "prices.csv", "games.csv", "auctions.csv", "matches.csv", resultfile.LeagueTallyFile}

// sameLeagueFiles fails unless dirs a and b hold the same leagueFiles, byte for byte.
func sameLeagueFiles(t *testing.T, what, a, b string) {
	t.Helper()
	for _, name := range leagueFiles {
		x, err := os.ReadFile(filepath.Join(a, name))
		if err != nil {
			t.Fatal(err)
		}
		y, err := os.ReadFile(filepath.Join(b, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x, y) {
			t.Errorf("%s: %s differs from the one process's", what, name)
		}
	}
}

// readLeagueRun reads and checks run.json and league-tally.json of dir.
func readLeagueRun(t *testing.T, dir string) (resultfile.LeagueRun, resultfile.LeagueTally) {
	t.Helper()
	var rec resultfile.LeagueRun
	var tally resultfile.LeagueTally
	for name, v := range map[string]any{resultfile.RunFile: &rec, resultfile.LeagueTallyFile: &tally} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("%s/%s: %v", dir, name, err)
		}
	}
	if rec.Schema != resultfile.LeagueRunSchema {
		t.Errorf("%s: run.json schema %q", dir, rec.Schema)
	}
	if err := tally.Validate(); err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	return rec, tally
}

// Issue 29, "the league is a lab experiment": shards 1/2 and 2/2 of a league run, each
// played with --workers 1 and with 2, merge (in either order) into standings.csv,
// prices.csv, games.csv, auctions.csv, matches.csv and league-tally.json
// byte-identical to the one process's; a missing shard makes the merge partial (exit
// 1, or 0 with --allow-partial, run.json listing the seasons missing); overlapping
// shards, shards of two runs and a duel directory among league shards are refused
// (exit 2).
func TestLeagueShardsMerge(t *testing.T) {
	dir := t.TempDir()
	args := []string{"league", "-q", "--seasons", "7", "--seed", "5", "--value-games", "60", "--players", "10"}
	whole := filepath.Join(dir, "whole")
	mustCLI(t, append(args, "--out", whole, "--workers", "1")...)
	if rec, tally := readLeagueRun(t, whole); rec.Partial || rec.SeasonsPlayed != 7 || tally.Counts.Seasons != 7 {
		t.Fatalf("whole run: %+v", rec)
	}
	for _, w := range []string{"1", "2"} {
		var shards []string
		for k := 1; k <= 2; k++ {
			sh := filepath.Join(dir, "w"+w+"-shard"+strconv.Itoa(k))
			mustCLI(t, append(args, "--out", sh, "--workers", w, "--shard", strconv.Itoa(k)+"/2")...)
			shards = append(shards, sh)
		}
		if rec, _ := readLeagueRun(t, shards[1]); rec.FirstSeason != 4 || rec.SeasonsPlayed != 3 || rec.Shard != (resultfile.Shard{K: 2, N: 2}) {
			t.Errorf("shard 2/2 holds seasons %d from %d, want 3 from 4 (run.ShardRange: the first shard takes the odd season)", rec.SeasonsPlayed, rec.FirstSeason)
		}
		merged := filepath.Join(dir, "w"+w+"-merged")
		mustCLI(t, "merge", "-q", "--out", merged, shards[1], shards[0])
		sameLeagueFiles(t, "--workers "+w+" merged", whole, merged)
		if rec, _ := readLeagueRun(t, merged); rec.Partial || rec.SeasonsPlayed != 7 || len(rec.MergedFrom) != 2 {
			t.Errorf("merged run.json: %+v", rec)
		}
		if k, _ := resultfile.DetectKind(merged); k != resultfile.KindLeague {
			t.Errorf("merged directory is %s", k)
		}
		part := filepath.Join(dir, "w"+w+"-part")
		code, _, stderr := cli(t, "merge", "-q", "--out", part, shards[1])
		if code != exitFailure || !strings.Contains(stderr, "seasons 0-3") {
			t.Errorf("merge without shard 1: exit %d, stderr %q", code, stderr)
		}
		mustCLI(t, "merge", "-q", "--allow-partial", "--out", part, shards[1])
		if rec, tally := readLeagueRun(t, part); !rec.Partial || tally.Counts.Seasons != 3 || len(rec.Missing) != 1 {
			t.Errorf("partial merge: %+v", rec)
		}
		if code, _, stderr := cli(t, "merge", "-q", "--out", filepath.Join(dir, "twice"), shards[0], shards[0]); code != exitUsage || !strings.Contains(stderr, "twice") {
			t.Errorf("overlapping shards: exit %d, stderr %q", code, stderr)
		}
	}
	other := filepath.Join(dir, "other")
	mustCLI(t, "league", "-q", "--seasons", "7", "--seed", "6", "--value-games", "60", "--players", "10", "--shard", "2/2", "--out", other)
	if code, _, stderr := cli(t, "merge", "-q", "--out", filepath.Join(dir, "mixed"), filepath.Join(dir, "w1-shard1"), other); code != exitUsage || !strings.Contains(stderr, "seed 5 and 6") {
		t.Errorf("shards of two runs: exit %d, stderr %q", code, stderr)
	}
	duel := filepath.Join(dir, "duel")
	mustCLI(t, "duel", "-q", "--duels", "10", "--out", duel)
	if code, _, stderr := cli(t, "merge", "-q", "--out", filepath.Join(dir, "mixed2"), whole, duel); code != exitUsage || !strings.Contains(stderr, "it is a duel (duel-tally.json)") {
		t.Errorf("a duel among league shards: exit %d, stderr %q", code, stderr)
	}
}

// A league run takes its shard from a Slurm job array's variables as run and duel do
// (lab.ResolveShard), and records where it came from.
func TestLeagueShardFromSlurm(t *testing.T) {
	t.Setenv("SLURM_ARRAY_TASK_ID", "3")
	t.Setenv("SLURM_ARRAY_TASK_MIN", "1")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "4")
	dir := filepath.Join(t.TempDir(), "l")
	mustCLI(t, "league", "-q", "--seasons", "8", "--value-games", "20", "--players", "8", "--out", dir)
	rec, _ := readLeagueRun(t, dir)
	if rec.Shard != (resultfile.Shard{K: 3, N: 4}) || rec.ShardSource != "slurm" || rec.FirstSeason != 4 || rec.SeasonsPlayed != 2 {
		t.Errorf("run.json: shard %+v from %q, seasons %d from %d", rec.Shard, rec.ShardSource, rec.SeasonsPlayed, rec.FirstSeason)
	}
}

// An interrupted league (Ctrl-C cancels the context) writes the seasons it finished,
// marked partial: exactly seasons 0 to k-1, so its files are those of a run of k
// seasons; and it goes beside a complete result in the same directory, never over it.
func TestLeagueInterrupted(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "l")
	base := []string{"league", "-q", "--value-games", "40", "--players", "8"}
	mustCLI(t, append(base, "--seasons", "3", "--out", dir)...)
	complete, _ := os.ReadFile(filepath.Join(dir, resultfile.LeagueTallyFile))

	ctx, cancel := context.WithCancel(context.Background())
	opts := defaultLeagueOptions()
	opts.Seasons, opts.ValueGames, opts.Players, opts.Out, opts.Quiet = 10_000_000, 40, 8, dir, true
	done := make(chan error)
	go func() { done <- runLeague(ctx, opts, &bytes.Buffer{}, &bytes.Buffer{}) }()
	time.Sleep(1500 * time.Millisecond)
	cancel()
	err := <-done
	if exitCode(err) != exitFailure || !strings.Contains(err.Error(), "interrupted") || !strings.Contains(err.Error(), dir+".partial") {
		t.Fatalf("error %v, want an interruption written to %s.partial", err, dir)
	}
	if now, _ := os.ReadFile(filepath.Join(dir, resultfile.LeagueTallyFile)); !bytes.Equal(now, complete) {
		t.Fatal("the interrupted run replaced the complete result")
	}
	rec, tally := readLeagueRun(t, dir+".partial")
	k := tally.Counts.Seasons
	if k == 0 || !rec.Partial || rec.SeasonsPlayed != k || rec.SeasonsPlanned != 10_000_000 || tally.Counts.FirstSeason != 0 {
		t.Fatalf("partial run: %+v", rec)
	}
	prefix := filepath.Join(t.TempDir(), "prefix")
	mustCLI(t, append(base, "--seasons", strconv.FormatUint(k, 10), "--out", prefix)...)
	for _, name := range []string{"standings.csv", "prices.csv", "games.csv", "auctions.csv", "matches.csv"} {
		x, _ := os.ReadFile(filepath.Join(dir+".partial", name))
		y, _ := os.ReadFile(filepath.Join(prefix, name))
		if !bytes.Equal(x, y) {
			t.Errorf("the partial run's %s is not that of seasons 0 to %d", name, k-1)
		}
	}
}
