package main

import (
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
)

// batchOptions are the flags every batch command (run, compare) shares: how many workers,
// where the files go, and what the terminal shows.
type batchOptions struct {
	Workers       int
	Out           string
	Quiet         bool
	JSON          bool
	ProgressEvery time.Duration // plain progress lines' interval (hidden flag)
}

// defaultBatchOptions returns the shared defaults with out as the result directory.
func defaultBatchOptions(out string) batchOptions {
	return batchOptions{Out: out, ProgressEvery: 5 * time.Second}
}

// bind adds the shared flags to fs; jsonFile names what --json prints instead of the
// summary.
func (o *batchOptions) bind(fs *pflag.FlagSet, jsonFile string) {
	fs.IntVar(&o.Workers, "workers", 0, "parallel workers (0: all CPUs); results do not depend on it")
	fs.StringVar(&o.Out, "out", o.Out, "directory for the result files (created if missing)")
	fs.BoolVarP(&o.Quiet, "quiet", "q", false, "no progress and no summary")
	fs.BoolVar(&o.JSON, "json", false, "print "+jsonFile+" on stdout instead of the summary")
	fs.DurationVar(&o.ProgressEvery, "progress-every", o.ProgressEvery, "interval of the plain progress lines")
	fs.MarkHidden("progress-every")
}

// shardOptions are --shard and --shards, which pick the slice of a batch's game indices
// this process plays; without them a scheduler's variables do (lab.ResolveShard), so
// one command line serves a laptop, a Slurm job array and a Kubernetes Indexed Job.
type shardOptions struct {
	Shard  string // --shard K/N; "" lets the environment decide
	Shards int    // --shards N, for JOB_COMPLETION_INDEX
}

// bind adds --shard and --shards to fs.
func (o *shardOptions) bind(fs *pflag.FlagSet) {
	fs.StringVar(&o.Shard, "shard", o.Shard, "play shard K of N (1 <= K <= N) of the game indices, for clusters (default: the shard a Slurm job array's SLURM_ARRAY_TASK_ID or, with --shards, JOB_COMPLETION_INDEX gives, else the whole run; the flag wins over them)")
	fs.IntVar(&o.Shards, "shards", o.Shards, "the number of shards, when JOB_COMPLETION_INDEX (a Kubernetes Indexed Job, 0-based) says which one this is")
}

// resolve returns the shard to play and where it came from ("flag", "slurm",
// "kubernetes", or "" for the whole run); a shard that cannot be worked out is a usage
// error.
func (o *shardOptions) resolve() (resultfile.Shard, string, error) {
	s, source, err := lab.ResolveShard(o.Shard, o.Shards, os.Getenv)
	return s, source, asUsage(err)
}
