package main

import (
	"io"

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
		Short: "Add up the results of the shards of a run, a comparison, a sweep, a duel, a league or a ladder",
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
duel-tally.json come out byte-identical to the unsharded duel run's. The shards of
'bangsim ladder --shard K/N' merge from their ladder-tally.json and ladder.json: the
counts are added and the ratings and skill depth refitted from them, so
ladder-ratings.csv, skill-depth.csv, ladder-tally.csv and ladder-tally.json come out
byte-identical to the unsharded ladder's. Runs, comparisons, sweeps, duels and
ladders do not mix.`,
		Example: `  bangsim merge --out results shard1 shard2 shard3 shard4
  bangsim merge --out results shards/*
  bangsim merge --out cmp cmp-shard1 cmp-shard2 cmp-shard3   # shards of 'bangsim compare'
  bangsim merge --out duels d-part1 d-part2 d-part3   # shards of 'bangsim duel'
  bangsim merge --out ladder lad1 lad2 lad3 lad4   # shards of 'bangsim ladder'
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
	res, err := cardgame.MergeDuels(opts.spec(dirs))
	partial, err := mergeRefusal(err)
	if err != nil {
		return err
	}
	rec := res.Record
	return writeMerge(opts, dirs, merged{
		kind: resultfile.KindDuel, inputs: "duel directories", of: "the run's", unit: "duels",
		whole: "a complete duel run", recordFile: resultfile.RunFile,
		played: rec.DuelsPlayed, planned: rec.DuelsPlanned, partial: rec.Partial, missing: rec.Missing, record: rec,
		write:   func(out string) (string, error) { return cardgame.WriteDuelKeep(out, res) },
		summary: func(w io.Writer) error { return writeDuelSummary(w, res) },
		next:    reportNext("an HTML report of the duels and their charts"),
	}, partial, stdout, stderr)
}

// spec is the lab's MergeSpec of merge's flags and the shard directories.
func (o mergeOptions) spec(dirs []string) lab.MergeSpec {
	return lab.MergeSpec{Dirs: dirs, Out: o.Out, Command: o.Argv, AllowPartial: o.AllowPartial}
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
	case resultfile.KindLadder:
		return runMergeLadder(opts, dirs, stdout, stderr)
	case resultfile.KindTune:
		return usagef("cannot merge %q: a tune is played whole (it has no --shard; --resume continues one), so there are no shards to merge", dirs[0])
	}
	// Validate the shards before touching --out, so a refused merge leaves nothing behind.
	rec, cs, err := lab.Merge(opts.spec(dirs))
	partial, err := mergeRefusal(err)
	if err != nil {
		return err
	}
	return writeMerge(opts, dirs, merged{
		kind: resultfile.KindRun, inputs: "result directories", of: "the run's", unit: "games",
		whole: "a complete merge", recordFile: resultfile.RunFile,
		played: rec.GamesPlayed, planned: rec.GamesPlanned, partial: rec.Partial, missing: rec.Missing, record: rec,
		write:   func(out string) (string, error) { return lab.WriteRunKeep(out, rec, cs) },
		summary: func(w io.Writer) error { return writeSummary(w, rec, cs) },
		next:    func(w io.Writer, out string) error { return writeRunNext(w, out, false) },
	}, partial, stdout, stderr)
}

// mergeKind tells the kind of merge's inputs (detectResults), which must all be of one
// kind: shards of one run, comparison, sweep, duel, league or ladder.
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

// runMergeLadder adds up the shards of a ladder and writes the merged files.
func runMergeLadder(opts mergeOptions, dirs []string, stdout, stderr io.Writer) error {
	res, err := lab.MergeLadders(opts.spec(dirs))
	partial, err := mergeRefusal(err)
	if err != nil {
		return err
	}
	rec := res.Record
	return writeMerge(opts, dirs, merged{
		kind: resultfile.KindLadder, inputs: "ladder directories", of: "the ladder's", unit: "game indices",
		whole: "a complete ladder", recordFile: resultfile.LadderJSONFile,
		played: rec.GamesPlayed, planned: rec.GamesPlanned, partial: rec.Partial, missing: rec.Missing, record: rec,
		write:   func(out string) (string, error) { return lab.WriteLadder(out, res) },
		summary: func(w io.Writer) error { return writeLadderSummary(w, rec) },
		next:    func(w io.Writer, out string) error { return writeLadderNext(w, rec, out) },
	}, partial, stdout, stderr)
}

// runMergeCompare adds up the shards of a comparison and writes the merged files.
func runMergeCompare(opts mergeOptions, dirs []string, stdout, stderr io.Writer) error {
	res, err := lab.MergeCompare(opts.spec(dirs))
	partial, err := mergeRefusal(err)
	if err != nil {
		return err
	}
	rec := res.Record
	return writeMerge(opts, dirs, merged{
		kind: resultfile.KindCompare, inputs: "compare directories", of: "the comparison's", unit: "game indices",
		whole: "a complete comparison", recordFile: resultfile.CompareJSONFile,
		played: rec.GamesPlayed, planned: rec.GamesPlanned, partial: rec.Partial, missing: rec.Missing, record: rec,
		write: func(out string) (string, error) { return lab.WriteCompareKeep(out, res) },
		summary: func(w io.Writer) error {
			// The game only names what the games share; merge itself needs no game.
			luck := "random numbers"
			if g, err := lab.LookupGame(rec.Game); err == nil {
				luck = g.Luck
			}
			return writeCompareSummary(w, res, luck)
		},
		next: reportNext("an HTML report of the comparison and its chart"),
	}, partial, stdout, stderr)
}
