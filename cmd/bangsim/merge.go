package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/spf13/cobra"
)

// mergeOptions are the flags of `bangsim merge`.
type mergeOptions struct {
	Out   string
	Quiet bool
	JSON  bool
	Argv  []string
}

// mergeCmd builds `bangsim merge`.
func (a *app) mergeCmd() *cobra.Command {
	opts := mergeOptions{Out: "merged"}
	cmd := &cobra.Command{
		Use:   "merge DIR...",
		Short: "Add up the results of the shards of a run",
		Long: `Merge reads the tally.json and run.json of result directories written by
'bangsim run --shard K/N' with the same seed, games, player counts, rules and bots, adds
their exact counts and writes the files of the whole run into --out, rates and
intervals recomputed. Shards that overlap are refused; missing games make the merged
run partial. The CSV files are then byte-identical to those of the unsharded run.`,
		Example: `  bangsim merge --out results shard1 shard2 shard3 shard4
  bangsim merge --out results shards/*`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) == 0 {
				return usagef("merge needs at least one result directory")
			}
			return nil
		},
		RunE: a.runE(func(_ *cobra.Command, args []string) error {
			opts.Argv = a.argv
			return runMerge(opts, args, a.stdout, a.stderr)
		}),
	}
	fs := cmd.Flags()
	fs.StringVar(&opts.Out, "out", opts.Out, "directory for the merged result files (created if missing)")
	fs.BoolVarP(&opts.Quiet, "quiet", "q", false, "no summary")
	fs.BoolVar(&opts.JSON, "json", false, "print the merged run.json on stdout instead of the summary table")
	return cmd
}

// shardDir is one result directory read back.
type shardDir struct {
	dir   string
	rec   runRecord
	tally tallyFile
}

// readShard reads run.json and tally.json of dir.
func readShard(dir string) (*shardDir, error) {
	s := &shardDir{dir: dir}
	for name, v := range map[string]any{runFile: &s.rec, tallyFileName: &s.tally} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, usagef("%s is not a bangsim result directory: %w", dir, err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			return nil, usagef("%s: %w", filepath.Join(dir, name), err)
		}
	}
	return s, nil
}

// sameRun reports why b cannot be merged with a, or "" if it can.
func sameRun(a, b *runRecord) string {
	key := func(r *runRecord) []byte {
		k, _ := json.Marshal([]any{r.Game, r.Seed, r.Players, r.GamesPerCount, r.Rules, r.Policies})
		return k
	}
	if !bytes.Equal(key(a), key(b)) {
		return "its game, seed, player counts, games, rules or bots differ"
	}
	// A version may change which game a seed plays (0.2.0 changed the dice stream):
	// shards of two versions would sum different games as if they were one run.
	if a.Version != b.Version {
		return fmt.Sprintf("it was played by bangsim %s, the other by %s, and versions may play other games for the same seed; rerun the shards with one version",
			orUnknown(b.Version), orUnknown(a.Version))
	}
	return ""
}

// runMerge adds up the shards in dirs and writes the merged results.
func runMerge(opts mergeOptions, dirs []string, stdout, stderr io.Writer) error {
	started := time.Now()
	var shards []*shardDir
	for _, d := range dirs {
		s, err := readShard(d)
		if err != nil {
			return err
		}
		if len(shards) > 0 {
			if why := sameRun(&shards[0].rec, &s.rec); why != "" {
				return usagef("cannot merge %s with %s: %s", d, shards[0].dir, why)
			}
		}
		shards = append(shards, s)
	}
	if err := checkWritable(opts.Out); err != nil {
		return err
	}
	first := &shards[0].rec
	type span struct {
		lo, hi uint64
		dir    string
	}
	var results []countResult
	var planned []countRecord
	elapsed := 0.0 // the shards ran side by side: the merged run took as long as the slowest
	for _, s := range shards {
		elapsed = max(elapsed, s.rec.ElapsedSeconds)
	}
	for _, n := range first.Players {
		cr := countResult{Players: n, Planned: first.GamesPerCount}
		var spans []span
		for _, s := range shards {
			for _, tc := range s.tally.Counts {
				if tc.Players != n || tc.Games == 0 {
					continue
				}
				spans = append(spans, span{tc.FirstGame, tc.FirstGame + tc.Games, s.dir})
				cr.Games += tc.Games
				cr.Tally.Merge(&tc.Tally)
			}
		}
		slices.SortFunc(spans, func(x, y span) int { return cmp.Compare(x.lo, y.lo) })
		for i := 1; i < len(spans); i++ {
			if spans[i].lo < spans[i-1].hi {
				return usagef("%s and %s both hold games %d to %d of %d players: merging would count them twice",
					spans[i-1].dir, spans[i].dir, spans[i].lo, min(spans[i].hi, spans[i-1].hi)-1, n)
			}
		}
		results = append(results, cr)
		planned = append(planned, countRecord{Players: n, Planned: first.GamesPerCount})
	}
	rec := *first
	rec.Command = opts.Argv
	rec.Version, rec.Revision = version, buildRevision()
	rec.Shard = shardRecord{K: 1, N: 1}
	rec.Workers = 0
	rec.StartedAt = started.UTC().Format(time.RFC3339)
	rec.Out = opts.Out
	rec.MergedFrom = dirs
	rec.ElapsedSeconds = elapsed
	rec.fillTotals(results, planned)
	for i := range rec.Counts {
		rec.Counts[i].ElapsedSeconds = elapsed
		rec.Counts[i].GamesPerSecond = perSecond(rec.Counts[i].Games, elapsed)
	}
	if err := writeResults(opts.Out, &rec, results); err != nil {
		return err
	}
	if rec.Partial {
		fmt.Fprintf(stderr, "bangsim: the shards hold %d of the run's %d games: merged results are partial\n", rec.GamesPlayed, rec.GamesPlanned)
	}
	switch {
	case opts.JSON:
		return writeJSON(stdout, &rec)
	case !opts.Quiet:
		if err := writeSummary(stdout, &rec, results); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Merged %d result directories into %s/\n", len(dirs), opts.Out)
	}
	return nil
}

// orUnknown names a version run.json did not record.
func orUnknown(v string) string {
	if v == "" {
		return "(unknown version)"
	}
	return v
}
