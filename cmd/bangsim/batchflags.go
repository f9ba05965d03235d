package main

import (
	"time"

	"github.com/spf13/pflag"
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
