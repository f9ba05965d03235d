package lab_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
)

// slurmEnv is the environment of task id of a Slurm array min-max:step with count tasks.
func slurmEnv(id, lo, hi, step, count string) map[string]string {
	return map[string]string{
		lab.EnvSlurmTaskID: id, lab.EnvSlurmTaskMin: lo, lab.EnvSlurmTaskMax: hi,
		lab.EnvSlurmTaskStep: step, lab.EnvSlurmTaskCount: count,
	}
}

// TestResolveShard checks every way a shard is given, and that each refusal says what
// is wrong and how to fix it.
func TestResolveShard(t *testing.T) {
	whole := resultfile.Shard{K: 1, N: 1}
	cases := []struct {
		name   string
		flag   string
		shards int
		env    map[string]string
		want   resultfile.Shard
		source string
		err    []string // substrings of the error; nil: no error
	}{
		{name: "nothing", want: whole},
		{name: "flag", flag: "3/10", want: resultfile.Shard{K: 3, N: 10}, source: lab.ShardFromFlag},
		{name: "flag-spaces", flag: " 2/2 ", want: resultfile.Shard{K: 2, N: 2}, source: lab.ShardFromFlag},
		{name: "flag-whole", flag: "1/1", want: whole, source: lab.ShardFromFlag},
		{name: "flag-and-same-shards", flag: "2/4", shards: 4, want: resultfile.Shard{K: 2, N: 4}, source: lab.ShardFromFlag},
		// The flag wins over a scheduler's variables, so --shard 1/1 plays a whole run
		// inside an array job.
		{name: "flag-wins-over-slurm", flag: "1/1", env: slurmEnv("3", "1", "8", "1", "8"), want: whole, source: lab.ShardFromFlag},
		{name: "flag-wins-over-kubernetes", flag: "2/3", env: map[string]string{lab.EnvJobIndex: "0"}, want: resultfile.Shard{K: 2, N: 3}, source: lab.ShardFromFlag},
		{name: "flag-malformed", flag: "3-10", err: []string{"malformed --shard", `"3-10"`, "K/N"}},
		{name: "flag-zero", flag: "0/4", err: []string{"bad --shard", "1 <= K <= N"}},
		{name: "flag-above-n", flag: "5/4", err: []string{"bad --shard", "1 <= K <= N"}},
		{name: "flag-and-other-shards", flag: "2/4", shards: 5, err: []string{"--shard 2/4", "--shards 5", "disagree"}},
		{name: "negative-shards", shards: -1, err: []string{"--shards -1"}},

		{name: "slurm-from-1", env: slurmEnv("3", "1", "8", "1", "8"), want: resultfile.Shard{K: 3, N: 8}, source: lab.ShardFromSlurm},
		{name: "slurm-from-0", env: slurmEnv("0", "0", "7", "1", "8"), want: resultfile.Shard{K: 1, N: 8}, source: lab.ShardFromSlurm},
		{name: "slurm-last", env: slurmEnv("7", "0", "7", "1", "8"), want: resultfile.Shard{K: 8, N: 8}, source: lab.ShardFromSlurm},
		{name: "slurm-step", env: slurmEnv("5", "1", "7", "2", "4"), want: resultfile.Shard{K: 3, N: 4}, source: lab.ShardFromSlurm},
		{name: "slurm-no-step-no-max", env: map[string]string{lab.EnvSlurmTaskID: "12", lab.EnvSlurmTaskMin: "10", lab.EnvSlurmTaskCount: "4"},
			want: resultfile.Shard{K: 3, N: 4}, source: lab.ShardFromSlurm},
		{name: "slurm-with-same-shards", shards: 8, env: slurmEnv("3", "1", "8", "1", "8"), want: resultfile.Shard{K: 3, N: 8}, source: lab.ShardFromSlurm},
		{name: "slurm-with-other-shards", shards: 4, env: slurmEnv("3", "1", "8", "1", "8"), err: []string{"--shards 4", "8 tasks", lab.EnvSlurmTaskCount}},
		{name: "slurm-no-count", env: map[string]string{lab.EnvSlurmTaskID: "3", lab.EnvSlurmTaskMin: "1"},
			err: []string{"SLURM_ARRAY_TASK_ID=3 is set but SLURM_ARRAY_TASK_COUNT is not", "--shard K/N"}},
		{name: "slurm-no-min", env: map[string]string{lab.EnvSlurmTaskID: "3", lab.EnvSlurmTaskCount: "8"},
			err: []string{"SLURM_ARRAY_TASK_MIN is not"}},
		{name: "slurm-id-not-a-number", env: slurmEnv("three", "1", "8", "1", "8"), err: []string{`SLURM_ARRAY_TASK_ID="three"`, "whole number"}},
		{name: "slurm-count-negative", env: slurmEnv("3", "1", "8", "1", "-8"), err: []string{`SLURM_ARRAY_TASK_COUNT="-8"`}},
		{name: "slurm-count-zero", env: slurmEnv("3", "1", "8", "1", "0"), err: []string{"SLURM_ARRAY_TASK_COUNT=0", "at least one task"}},
		{name: "slurm-step-zero", env: slurmEnv("3", "1", "8", "0", "8"), err: []string{"SLURM_ARRAY_TASK_STEP=0"}},
		{name: "slurm-id-below-range", env: slurmEnv("0", "1", "8", "1", "8"), err: []string{"SLURM_ARRAY_TASK_ID=0", "not one of the array's indices 1-8:1"}},
		{name: "slurm-id-above-range", env: slurmEnv("9", "1", "8", "1", "8"), err: []string{"SLURM_ARRAY_TASK_ID=9", "1-8:1"}},
		{name: "slurm-id-between-steps", env: slurmEnv("4", "1", "7", "2", "4"), err: []string{"SLURM_ARRAY_TASK_ID=4", "1-7:2"}},
		{name: "slurm-list-with-gaps", env: slurmEnv("5", "1", "5", "1", "3"), err: []string{"not evenly spaced", "--array=1-3"}},

		{name: "kubernetes", shards: 10, env: map[string]string{lab.EnvJobIndex: "0"}, want: resultfile.Shard{K: 1, N: 10}, source: lab.ShardFromKubernetes},
		{name: "kubernetes-last", shards: 10, env: map[string]string{lab.EnvJobIndex: "9"}, want: resultfile.Shard{K: 10, N: 10}, source: lab.ShardFromKubernetes},
		{name: "kubernetes-out-of-range", shards: 10, env: map[string]string{lab.EnvJobIndex: "10"},
			err: []string{"JOB_COMPLETION_INDEX=10 is out of range for --shards 10", "completions"}},
		{name: "kubernetes-without-shards", env: map[string]string{lab.EnvJobIndex: "2"}, err: []string{"JOB_COMPLETION_INDEX=2", "--shards is not", "--shard 1/1"}},
		{name: "kubernetes-not-a-number", shards: 4, env: map[string]string{lab.EnvJobIndex: "x"}, err: []string{`JOB_COMPLETION_INDEX="x"`}},
		{name: "both-schedulers", shards: 8, env: map[string]string{lab.EnvJobIndex: "2", lab.EnvSlurmTaskID: "3", lab.EnvSlurmTaskCount: "8", lab.EnvSlurmTaskMin: "1"},
			err: []string{"both", lab.EnvSlurmTaskID, lab.EnvJobIndex, "--shard K/N"}},
		{name: "shards-without-index", shards: 4, err: []string{"--shards 4", lab.EnvSlurmTaskID, lab.EnvJobIndex, "--shard K/4"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			getenv := func(k string) string { return c.env[k] }
			got, source, err := lab.ResolveShard(c.flag, c.shards, getenv)
			if c.err != nil {
				if err == nil {
					t.Fatalf("accepted as shard %+v from %q", got, source)
				}
				if !errors.Is(err, lab.ErrShard) {
					t.Errorf("error does not wrap ErrShard: %v", err)
				}
				for _, w := range c.err {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error does not say %q:\n%v", w, err)
					}
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want || source != c.source {
				t.Errorf("shard %+v from %q, want %+v from %q", got, source, c.want, c.source)
			}
		})
	}
}

// TestResolveShardCoversArray checks that the tasks of an array, however numbered, get
// every shard once.
func TestResolveShardCoversArray(t *testing.T) {
	for _, a := range []struct{ lo, step, count int }{{1, 1, 8}, {0, 1, 8}, {5, 3, 7}, {0, 1, 1}} {
		seen := map[int]bool{}
		for i := 0; i < a.count; i++ {
			id := a.lo + i*a.step
			env := slurmEnv(strconv.Itoa(id), strconv.Itoa(a.lo), strconv.Itoa(a.lo+(a.count-1)*a.step), strconv.Itoa(a.step), strconv.Itoa(a.count))
			s, _, err := lab.ResolveShard("", 0, func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			if s.N != a.count || seen[s.K] {
				t.Fatalf("array %+v task %d: shard %+v (seen %v)", a, id, s, seen)
			}
			seen[s.K] = true
		}
	}
}

// TestParseShard: --shard takes K/N with 1 <= K <= N, and every refusal wraps ErrShard
// (which the CLI reports as bad usage, exit 2).
func TestParseShard(t *testing.T) {
	for _, ok := range []string{"1/1", "3/10", "10/10", " 2/4 "} {
		if _, err := lab.ParseShard(ok); err != nil {
			t.Errorf("ParseShard(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "1", "0/1", "2/1", "1/0", "a/b", "-1/3", "1/2/3"} {
		if _, err := lab.ParseShard(bad); !errors.Is(err, lab.ErrShard) {
			t.Errorf("ParseShard(%q) = %v, want an error wrapping ErrShard", bad, err)
		}
	}
}
