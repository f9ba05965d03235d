package lab

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// Where a shard came from, as ResolveShard reports it and run.json and compare.json
// record it in shard_source.
const (
	ShardFromFlag       = "flag"       // --shard K/N
	ShardFromSlurm      = "slurm"      // a Slurm job array (SLURM_ARRAY_TASK_*)
	ShardFromKubernetes = "kubernetes" // a Kubernetes Indexed Job (JOB_COMPLETION_INDEX) with --shards N
)

// The environment variables ResolveShard reads.
const (
	EnvSlurmTaskID    = "SLURM_ARRAY_TASK_ID"
	EnvSlurmTaskMin   = "SLURM_ARRAY_TASK_MIN"
	EnvSlurmTaskMax   = "SLURM_ARRAY_TASK_MAX"
	EnvSlurmTaskCount = "SLURM_ARRAY_TASK_COUNT"
	EnvSlurmTaskStep  = "SLURM_ARRAY_TASK_STEP"
	EnvJobIndex       = "JOB_COMPLETION_INDEX"
)

// ShardEnv lists every variable ResolveShard reads, so a test can clear them and not
// be sharded by the scheduler it happens to run under.
var ShardEnv = []string{EnvSlurmTaskID, EnvSlurmTaskMin, EnvSlurmTaskMax, EnvSlurmTaskCount, EnvSlurmTaskStep, EnvJobIndex}

// ErrShard is wrapped by every refusal of ResolveShard: a shard that cannot be worked
// out is a mistake in the command line or the job script, never a failure of the run.
var ErrShard = errors.New("cannot tell which shard to play")

// ParseShard reads --shard K/N with 1 <= K <= N.
func ParseShard(s string) (resultfile.Shard, error) {
	ks, ns, ok := strings.Cut(strings.TrimSpace(s), "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return resultfile.Shard{}, fmt.Errorf("%w: malformed --shard %q: want K/N, e.g. 1/4 for the first of 4 shards", ErrShard, s)
	}
	if n < 1 || k < 1 || k > n {
		return resultfile.Shard{}, fmt.Errorf("%w: bad --shard %q: want K/N with 1 <= K <= N (shards are numbered from 1)", ErrShard, s)
	}
	return resultfile.Shard{K: k, N: n}, nil
}

// ResolveShard works out which shard of a run this process plays, so that one command
// line serves a laptop, a Slurm job array and a Kubernetes Indexed Job alike. In order:
//
//   - flag, --shard K/N, when not empty: it wins over the environment (so --shard 1/1
//     plays the whole run even inside an array job); shards, --shards N, must then be 0
//     or N.
//   - SLURM_ARRAY_TASK_ID: shard (ID − MIN)/STEP + 1 of SLURM_ARRAY_TASK_COUNT, for any
//     evenly spaced array (--array=1-8, 0-7, 1-15:2).
//   - JOB_COMPLETION_INDEX (0-based): shard INDEX+1 of shards, which must be given, since
//     a pod cannot see its Job's completions.
//   - nothing: the whole run, 1/1, from source "".
//
// It returns the shard, its source (ShardFromFlag, ShardFromSlurm, ShardFromKubernetes
// or "") and an error wrapping ErrShard that names the variable or flag at fault and how
// to fix it. getenv is os.Getenv, or a map's lookup in tests.
func ResolveShard(flag string, shards int, getenv func(string) string) (resultfile.Shard, string, error) {
	if shards < 0 {
		return resultfile.Shard{}, "", fmt.Errorf("%w: --shards %d: want the number of shards, 1 or more", ErrShard, shards)
	}
	if strings.TrimSpace(flag) != "" {
		s, err := ParseShard(flag)
		if err != nil {
			return resultfile.Shard{}, "", err
		}
		if shards != 0 && shards != s.N {
			return resultfile.Shard{}, "", fmt.Errorf("%w: --shard %s and --shards %d disagree on the number of shards; give one of them", ErrShard, flag, shards)
		}
		return s, ShardFromFlag, nil
	}
	slurm, job := getenv(EnvSlurmTaskID), getenv(EnvJobIndex)
	switch {
	case slurm != "" && job != "":
		return resultfile.Shard{}, "", fmt.Errorf("%w: both %s=%s (Slurm) and %s=%s (Kubernetes) are set; pass --shard K/N to say which shard this is",
			ErrShard, EnvSlurmTaskID, slurm, EnvJobIndex, job)
	case slurm != "":
		s, err := slurmShard(getenv)
		if err != nil {
			return resultfile.Shard{}, "", err
		}
		if shards != 0 && shards != s.N {
			return resultfile.Shard{}, "", fmt.Errorf("%w: --shards %d, but the Slurm array has %d tasks (%s); drop --shards or submit --array with %d tasks",
				ErrShard, shards, s.N, EnvSlurmTaskCount, shards)
		}
		return s, ShardFromSlurm, nil
	case job != "":
		return jobShard(job, shards)
	case shards != 0:
		return resultfile.Shard{}, "", fmt.Errorf("%w: --shards %d needs this process's index from a scheduler, and neither %s (Slurm job array) nor %s (Kubernetes Indexed Job) is set; outside a scheduler pass --shard K/%d",
			ErrShard, shards, EnvSlurmTaskID, EnvJobIndex, shards)
	}
	return resultfile.Shard{K: 1, N: 1}, "", nil
}

// slurmShard reads the shard of a Slurm array task from its environment.
func slurmShard(getenv func(string) string) (resultfile.Shard, error) {
	num := func(name string, required bool, def int) (int, error) {
		v := getenv(name)
		if v == "" {
			if required {
				return 0, fmt.Errorf("%w: %s=%s is set but %s is not; bangsim needs both to number the shards (Slurm sets both in every task of an array job: submit with sbatch --array, or pass --shard K/N)",
					ErrShard, EnvSlurmTaskID, getenv(EnvSlurmTaskID), name)
			}
			return def, nil
		}
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 {
			return 0, fmt.Errorf("%w: %s=%q is not an array index or count (a whole number of 0 or more)", ErrShard, name, v)
		}
		return n, nil
	}
	id, err := num(EnvSlurmTaskID, true, 0)
	if err != nil {
		return resultfile.Shard{}, err
	}
	count, err := num(EnvSlurmTaskCount, true, 0)
	if err != nil {
		return resultfile.Shard{}, err
	}
	lo, err := num(EnvSlurmTaskMin, true, 0)
	if err != nil {
		return resultfile.Shard{}, err
	}
	step, err := num(EnvSlurmTaskStep, false, 1)
	if err != nil {
		return resultfile.Shard{}, err
	}
	hi, err := num(EnvSlurmTaskMax, false, lo+(count-1)*max(step, 1))
	if err != nil {
		return resultfile.Shard{}, err
	}
	switch {
	case count < 1:
		return resultfile.Shard{}, fmt.Errorf("%w: %s=%d: an array has at least one task", ErrShard, EnvSlurmTaskCount, count)
	case step < 1:
		return resultfile.Shard{}, fmt.Errorf("%w: %s=%d: want a step of 1 or more", ErrShard, EnvSlurmTaskStep, step)
	case hi < lo || (hi-lo)%step != 0 || (hi-lo)/step+1 != count:
		// A list such as --array=1,2,5 has gaps no arithmetic can number.
		return resultfile.Shard{}, fmt.Errorf("%w: the Slurm array is not evenly spaced (%s=%d, %s=%d, %s=%d, %s=%d); submit a range such as --array=1-%d, or pass --shard K/N",
			ErrShard, EnvSlurmTaskMin, lo, EnvSlurmTaskMax, hi, EnvSlurmTaskStep, step, EnvSlurmTaskCount, count, count)
	case id < lo || id > hi || (id-lo)%step != 0:
		return resultfile.Shard{}, fmt.Errorf("%w: %s=%d is not one of the array's indices %d-%d:%d", ErrShard, EnvSlurmTaskID, id, lo, hi, step)
	}
	return resultfile.Shard{K: (id-lo)/step + 1, N: count}, nil
}

// jobShard reads the shard of a Kubernetes Indexed Job's pod from its completion index.
func jobShard(index string, shards int) (resultfile.Shard, string, error) {
	i, err := strconv.Atoi(strings.TrimSpace(index))
	switch {
	case err != nil || i < 0:
		return resultfile.Shard{}, "", fmt.Errorf("%w: %s=%q is not a completion index (a whole number of 0 or more)", ErrShard, EnvJobIndex, index)
	case shards == 0:
		// A pod cannot see its Job's completions: guessing would play the whole run
		// in every pod.
		return resultfile.Shard{}, "", fmt.Errorf("%w: %s=%d is set (a Kubernetes Indexed Job) but --shards is not; pass --shards N with N the Job's completions, or --shard 1/1 to play the whole run in this pod",
			ErrShard, EnvJobIndex, i)
	case i >= shards:
		return resultfile.Shard{}, "", fmt.Errorf("%w: %s=%d is out of range for --shards %d (indices 0 to %d); set the Job's completions to --shards",
			ErrShard, EnvJobIndex, i, shards, shards-1)
	}
	return resultfile.Shard{K: i + 1, N: shards}, ShardFromKubernetes, nil
}
