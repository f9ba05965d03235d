package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
)

// TestMain clears the scheduler's variables, so that the tests play whole runs even
// when `go test` itself runs in a Slurm job array or an Indexed Job's pod; the tests
// that want them set them with t.Setenv.
func TestMain(m *testing.M) {
	for _, v := range lab.ShardEnv {
		os.Unsetenv(v)
	}
	os.Exit(m.Run())
}

// rawJSON reads a JSON file of dir as a map, to see which keys it has.
func rawJSON(t *testing.T, dir, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestShardFromScheduler checks that run takes its shard from --shard, a Slurm array's
// variables or an Indexed Job's index with --shards, records where it came from, and
// refuses what cannot be worked out with exit status 2 and the variable named.
func TestShardFromScheduler(t *testing.T) {
	args := []string{"run", "--players", "4", "--games", "300", "-q"}
	cases := []struct {
		name   string
		env    map[string]string
		flags  []string
		shard  resultfile.Shard
		source string
		first  uint64
	}{
		{"none", nil, nil, resultfile.Shard{K: 1, N: 1}, "", 0},
		{"slurm", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4", "SLURM_ARRAY_TASK_COUNT": "4"},
			nil, resultfile.Shard{K: 2, N: 4}, "slurm", 75},
		{"kubernetes", map[string]string{"JOB_COMPLETION_INDEX": "2"}, []string{"--shards", "3"}, resultfile.Shard{K: 3, N: 3}, "kubernetes", 200},
		{"flag-wins", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"},
			[]string{"--shard", "1/1"}, resultfile.Shard{K: 1, N: 1}, "flag", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			dir := t.TempDir()
			mustCLI(t, append(append(args, "--out", dir), c.flags...)...)
			rec := readRunJSON(t, dir)
			if rec.Shard != c.shard || rec.ShardSource != c.source || rec.Counts[0].FirstGame != c.first {
				t.Errorf("run.json shard %+v from %q, first game %d; want %+v from %q, %d", rec.Shard, rec.ShardSource, rec.Counts[0].FirstGame, c.shard, c.source, c.first)
			}
			if _, ok := rawJSON(t, dir, resultfile.RunFile)["shard_source"]; ok != (c.source != "") {
				t.Errorf("run.json has shard_source: %v, want %v (absent for a run given no shard)", ok, c.source != "")
			}
		})
	}
	refusals := []struct {
		name  string
		env   map[string]string
		flags []string
		want  string
	}{
		{"slurm-without-count", map[string]string{"SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1"}, nil,
			"SLURM_ARRAY_TASK_ID=2 is set but SLURM_ARRAY_TASK_COUNT is not"},
		{"index-out-of-range", map[string]string{"JOB_COMPLETION_INDEX": "3"}, []string{"--shards", "3"}, "JOB_COMPLETION_INDEX=3 is out of range for --shards 3"},
		{"index-without-shards", map[string]string{"JOB_COMPLETION_INDEX": "0"}, nil, "--shards is not"},
		{"shards-without-index", nil, []string{"--shards", "3"}, "--shards 3 needs this process's index"},
		{"bad-flag", nil, []string{"--shard", "4/3"}, "bad --shard \"4/3\""},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			for k, v := range c.env {
				t.Setenv(k, v)
			}
			dir := filepath.Join(t.TempDir(), "out")
			code, _, stderr := cli(t, append(append(args, "--out", dir), c.flags...)...)
			if code != exitUsage || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, want %d saying %q:\n%s", code, exitUsage, c.want, stderr)
			}
			if _, err := os.Stat(dir); err == nil {
				t.Errorf("the refused run wrote %s", dir)
			}
		})
	}
}

// TestCompareShardsMerge checks `bangsim compare --shard K/N` and `bangsim merge` of
// its shards through the command line: the merge writes the whole comparison's CSV
// files and tally byte for byte, and a missing, duplicated or foreign shard is refused
// with its own message and exit status.
func TestCompareShardsMerge(t *testing.T) {
	root := t.TempDir()
	args := []string{"compare", "--policies", "heuristic,random", "--players", "4", "--games", "200", "--seed", "5", "-q"}
	whole := filepath.Join(root, "whole")
	mustCLI(t, append(args, "--out", whole)...)
	if _, ok := rawJSON(t, whole, resultfile.CompareJSONFile)["shard"]; ok {
		t.Error("an unsharded compare.json has a shard")
	}
	var shards []string
	for k := 1; k <= 3; k++ {
		d := filepath.Join(root, fmt.Sprintf("s%d", k))
		// Shard 2 from a Slurm array's variables, the others from the flag.
		if k == 2 {
			t.Setenv("SLURM_ARRAY_TASK_ID", "1")
			t.Setenv("SLURM_ARRAY_TASK_MIN", "0")
			t.Setenv("SLURM_ARRAY_TASK_COUNT", "3")
			mustCLI(t, append(args, "--out", d)...)
			os.Unsetenv("SLURM_ARRAY_TASK_ID")
		} else {
			mustCLI(t, append(args, "--out", d, "--shard", fmt.Sprintf("%d/3", k))...)
		}
		shards = append(shards, d)
	}
	var rec resultfile.Compare
	if err := json.Unmarshal(readBytes(t, filepath.Join(shards[1], resultfile.CompareJSONFile)), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Shard == nil || *rec.Shard != (resultfile.Shard{K: 2, N: 3}) || rec.ShardSource != "slurm" || rec.GamesPlanned != 67 {
		t.Errorf("shard 2's compare.json: shard %v from %q, %d indices planned", rec.Shard, rec.ShardSource, rec.GamesPlanned)
	}
	merged := filepath.Join(root, "merged")
	out, _ := mustCLI(t, append([]string{"merge", "--out", merged}, shards...)...)
	if !strings.Contains(out, "Merged 3 compare directories") || !strings.Contains(out, "random vs heuristic, all:") {
		t.Errorf("merge summary:\n%s", out)
	}
	for _, name := range []string{resultfile.CompareFile, resultfile.CompareDiffFile, resultfile.CompareTallyFile} {
		if got, want := readBytes(t, filepath.Join(merged, name)), readBytes(t, filepath.Join(whole, name)); !bytes.Equal(got, want) {
			t.Errorf("merged %s differs from the whole comparison's:\n%s\nwant:\n%s", name, got, want)
		}
	}
	// The merged directory reads as a comparison: report and plot take it.
	mustCLI(t, "report", merged, "--out", filepath.Join(root, "report"))

	refusals := []struct {
		name string
		dirs []string
		code int
		want string
	}{
		{"missing", []string{shards[0], shards[2]}, exitFailure, "missing game indices 67-133"},
		{"duplicated", []string{shards[0], shards[1], shards[1], shards[2]}, exitUsage, "both hold game indices 67 to 133"},
		{"mixed-with-a-run", []string{shards[0], runDir(t, root)}, exitUsage, "merge the shards of one result together"},
	}
	for _, c := range refusals {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := cli(t, append([]string{"merge", "-q", "--out", filepath.Join(root, "out-"+c.name)}, c.dirs...)...)
			if code != c.code || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, want %d saying %q:\n%s", code, c.code, c.want, stderr)
			}
		})
	}
	// A partial merge is what --allow-partial asks for.
	mustCLI(t, "merge", "-q", "--allow-partial", "--out", filepath.Join(root, "partial"), shards[0], shards[2])
}

// runDir plays a small run into a new directory of root.
func runDir(t *testing.T, root string) string {
	t.Helper()
	d := filepath.Join(root, "a-run")
	mustCLI(t, "run", "--players", "4", "--games", "100", "-q", "--out", d)
	return d
}

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
