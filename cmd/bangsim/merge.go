package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/resultfile"
)

// mergeOptions are the flags of `bangsim merge`.
type mergeOptions struct {
	Out          string
	Quiet        bool
	JSON         bool
	AllowPartial bool
	Argv         []string
}

// mergeCmd builds `bangsim merge`.
func (a *app) mergeCmd() *cobra.Command {
	opts := mergeOptions{Out: "merged"}
	cmd := &cobra.Command{
		Use:   "merge DIR...",
		Short: "Add up the results of the shards of a run, a comparison or a sweep",
		Long: `Merge reads the tally.json and run.json of result directories written by
'bangsim run --shard K/N' with the same seed, games, player counts, rules and bots, adds
their exact counts and writes the files of the whole run into --out, rates and
intervals recomputed. The CSV files are then byte-identical to those of the unsharded
run. Every tally is checked first (schema, checksum, counts that add up, the seed and
settings of its run.json); shards that overlap, come from two versions or differ in
settings are refused, and so is an --out that is one of the inputs. Missing games make
the merged run partial (run.json lists them) and merge exits 1, unless --allow-partial.

The shards of 'bangsim compare --shard K/N' merge the same way, from their
compare-tally.json and compare.json: compare.csv, compare-diff.csv (intervals and the
Holm adjustment recomputed over the whole) and compare-tally.json come out
byte-identical to the unsharded comparison's. The shards of 'bangsim sweep --shard K/N'
merge cell by cell. The shards of 'bangsim duel --shard K/N' merge from their
duel-tally.json and run.json: seats.csv, order.csv, characters.csv and
duel-tally.json come out byte-identical to the unsharded duel run's. Runs,
comparisons, sweeps and duels do not mix.`,
		Example: `  bangsim merge --out results shard1 shard2 shard3 shard4
  bangsim merge --out results shards/*
  bangsim merge --out cmp cmp-shard1 cmp-shard2 cmp-shard3   # shards of 'bangsim compare'
  bangsim merge --out duels d-part1 d-part2 d-part3   # shards of 'bangsim duel'
  bangsim merge --allow-partial --out first-half shard1 shard2   # knowingly partial`,
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
	fs.SortFlags = false // the command's own flags first, --out, -q and --json last, as in run
	fs.BoolVar(&opts.AllowPartial, "allow-partial", false, "write and exit 0 even when shards are missing (the result is marked partial)")
	fs.StringVar(&opts.Out, "out", opts.Out, "directory for the merged result files (created if missing)")
	fs.BoolVarP(&opts.Quiet, "quiet", "q", false, "no summary")
	fs.BoolVar(&opts.JSON, "json", false, "print the merged run.json (or compare.json) on stdout instead of the summary table")
	return cmd
}

// runMergeDuel adds up the shards of a duel run and writes the merged files.
func runMergeDuel(opts mergeOptions, dirs []string, stdout, stderr io.Writer) error {
	res, err := cardgame.MergeDuels(lab.MergeSpec{Dirs: dirs, Out: opts.Out, Command: opts.Argv, AllowPartial: opts.AllowPartial})
	partial := errors.Is(err, lab.ErrPartialMerge)
	switch {
	case errors.Is(err, lab.ErrBadShard):
		return asUsage(err)
	case err != nil && !partial:
		return err
	}
	lock, err := checkWritable(opts.Out, resultfile.KindDuel)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	// A partial merge never replaces a complete one: it then goes beside it.
	where, err := cardgame.WriteDuelKeep(opts.Out, res)
	if err != nil {
		return err
	}
	rec := res.Record
	if rec.Partial {
		fmt.Fprintf(stderr, "bangsim: the shards hold %d of the run's %d duels: merged results are partial (missing %s)\n",
			rec.DuelsPlayed, rec.DuelsPlanned, strings.Join(rec.Missing, "; "))
	}
	switch {
	case opts.JSON:
		if err := writeJSON(stdout, rec); err != nil {
			return err
		}
	case !opts.Quiet:
		if err := writeDuelSummary(stdout, res); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Merged %d duel directories into %s/\n", len(dirs), where)
		if !rec.Partial && where == opts.Out {
			if err := writeNext(stdout, "bangsim report "+shellQuote(opts.Out), "an HTML report of the duels and their charts"); err != nil {
				return err
			}
		}
	}
	if where != opts.Out {
		fmt.Fprintf(stderr, "bangsim: %s holds a complete duel run, which a partial merge does not replace: the partial merge was written to %s\n", opts.Out, where)
	}
	if partial {
		return fmt.Errorf("%w: %d of %d duels; the partial merge was written to %s (run.json \"partial\": true)%s; pass --allow-partial if that is what you want",
			lab.ErrPartialMerge, rec.DuelsPlayed, rec.DuelsPlanned, where, besideNote(where, opts.Out))
	}
	return nil
}

// runMerge adds up the shards in dirs and writes the merged results.
func runMerge(opts mergeOptions, dirs []string, stdout, stderr io.Writer) error {
	if err := lab.CheckMergeOut(opts.Out, dirs); err != nil {
		return asUsage(err)
	}
	// The one reader tells the shards' kind, so that a directory of none gets the one
	// message; each kind's merger reads and validates its shards.
	kind, err := mergeKind(dirs)
	if err != nil {
		return err
	}
	switch kind {
	case resultfile.KindSweep:
		return runSweepMerge(opts, dirs, stdout, stderr)
	case resultfile.KindDuel:
		return runMergeDuel(opts, dirs, stdout, stderr)
	case resultfile.KindCompare:
		return runMergeCompare(opts, dirs, stdout, stderr)
	case resultfile.KindLeague:
		return runMergeLeague(opts, dirs, stdout, stderr)
	}
	// Validate the shards before touching --out, so a refused merge leaves nothing behind.
	rec, cs, err := lab.Merge(lab.MergeSpec{Dirs: dirs, Out: opts.Out, Command: opts.Argv, AllowPartial: opts.AllowPartial})
	partial := errors.Is(err, lab.ErrPartialMerge)
	switch {
	case errors.Is(err, lab.ErrBadShard):
		return asUsage(err)
	case err != nil && !partial:
		return err
	}
	lock, err := checkWritable(opts.Out, resultfile.KindRun)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	// A partial merge never replaces a complete one: it then goes beside it.
	where, err := lab.WriteRunKeep(opts.Out, rec, cs)
	if err != nil {
		return err
	}
	if rec.Partial {
		fmt.Fprintf(stderr, "bangsim: the shards hold %d of the run's %d games: merged results are partial (missing %s)\n",
			rec.GamesPlayed, rec.GamesPlanned, strings.Join(rec.Missing, "; "))
	}
	switch {
	case opts.JSON:
		if err := writeJSON(stdout, rec); err != nil {
			return err
		}
	case !opts.Quiet:
		if err := writeSummary(stdout, rec, cs); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Merged %d result directories into %s/\n", len(dirs), where)
		if !rec.Partial && where == opts.Out {
			if err := writeRunNext(stdout, opts.Out, false); err != nil {
				return err
			}
		}
	}
	if where != opts.Out {
		fmt.Fprintf(stderr, "bangsim: %s holds a complete merge, which a partial one does not replace: the partial merge was written to %s\n", opts.Out, where)
	}
	if partial {
		return fmt.Errorf("%w: %d of %d games; the partial merge was written to %s (run.json \"partial\": true)%s; pass --allow-partial if that is what you want",
			lab.ErrPartialMerge, rec.GamesPlayed, rec.GamesPlanned, where, besideNote(where, opts.Out))
	}
	return nil
}

// mergeKind tells the kind of merge's inputs (detectResults), which must all be of one
// kind: shards of one run, comparison, sweep, duel or league.
func mergeKind(dirs []string) (resultfile.Kind, error) {
	var first resultfile.Kind
	for i, d := range dirs {
		k, err := detectResults(d, "merge", nil)
		if err != nil {
			return 0, err
		}
		if i == 0 {
			first = k
			continue
		}
		if k != first {
			return 0, usagef("cannot merge %q with %q: it is %s and %q is %s; merge the shards of one result together",
				d, dirs[0], k.Want(), dirs[0], first.Want())
		}
	}
	return first, nil
}

// runMergeCompare adds up the shards of a comparison and writes the merged files.
func runMergeCompare(opts mergeOptions, dirs []string, stdout, stderr io.Writer) error {
	res, err := lab.MergeCompare(lab.MergeSpec{Dirs: dirs, Out: opts.Out, Command: opts.Argv, AllowPartial: opts.AllowPartial})
	partial := errors.Is(err, lab.ErrPartialMerge)
	switch {
	case errors.Is(err, lab.ErrBadShard):
		return asUsage(err)
	case err != nil && !partial:
		return err
	}
	lock, err := checkWritable(opts.Out, resultfile.KindCompare)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	// A partial merge never replaces a complete one: it then goes beside it.
	where, err := lab.WriteCompareKeep(opts.Out, res)
	if err != nil {
		return err
	}
	rec := res.Record
	if rec.Partial {
		fmt.Fprintf(stderr, "bangsim: the shards hold %d of the comparison's %d game indices: merged results are partial (missing %s)\n",
			rec.GamesPlayed, rec.GamesPlanned, strings.Join(rec.Missing, "; "))
	}
	switch {
	case opts.JSON:
		if err := writeJSON(stdout, rec); err != nil {
			return err
		}
	case !opts.Quiet:
		// The game only names what the games share; merge itself needs no game.
		luck := "random numbers"
		if g, err := lab.LookupGame(rec.Game); err == nil {
			luck = g.Luck
		}
		if err := writeCompareSummary(stdout, res, luck); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Merged %d compare directories into %s/\n", len(dirs), where)
		if !rec.Partial && where == opts.Out {
			if err := writeNext(stdout, "bangsim report "+shellQuote(opts.Out), "an HTML report of the comparison and its chart"); err != nil {
				return err
			}
		}
	}
	if where != opts.Out {
		fmt.Fprintf(stderr, "bangsim: %s holds a complete comparison, which a partial one does not replace: the partial merge was written to %s\n", opts.Out, where)
	}
	if partial {
		return fmt.Errorf("%w: %d of %d game indices; the partial merge was written to %s (compare.json \"partial\": true)%s; pass --allow-partial if that is what you want",
			lab.ErrPartialMerge, rec.GamesPlayed, rec.GamesPlanned, where, besideNote(where, opts.Out))
	}
	return nil
}
