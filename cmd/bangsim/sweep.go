package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/sweep"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// sweepOptions are the flags of `bangsim sweep`.
type sweepOptions struct {
	Format    string
	DryRun    bool
	Calibrate time.Duration
	// CharactersFile is --characters-file: characters added to the sweep's game.
	CharactersFile string
	shardOptions
	batchOptions
	Argv []string
}

// calibrate measures a sweep's cost for --dry-run; tests replace it to get fixed times.
var calibrate = sweep.Calibrate

// sweepCmd builds `bangsim sweep`.
func (a *app) sweepCmd() *cobra.Command {
	opts := sweepOptions{Format: sweep.FormatCSV, Calibrate: time.Second, batchOptions: defaultBatchOptions("")}
	cmd := &cobra.Command{
		Use:   "sweep FILE",
		Short: "Run a parameter sweep: one run per combination of the values of some axes",
		Long: `Sweep reads a YAML sweep file (examples/sweep.yaml; docs/guide.md, "Sweeps"): a base run
(game, players, games, seed, bots, characters, rules) and axes over anything a run can
vary, player counts, bots by role and their parameters, any rule option by its name, a
character's life (life.el-gringo: [-1, 0, 1]), character sets. The sweep is every
combination of the axes' values, less those exclude: names, or the list under cells:.

Each cell is played like 'bangsim run' into --out/cells/<name>, named by its settings
("players=5,arrows=9"). Then sweep writes sweep.csv (one row per cell, player count and
role, every axis a column) and sweep-characters.csv (per character too), or the same as
Parquet with --format parquet, and sweep.json, which 'bangsim report' and 'bangsim
plot' read. Running a sweep again keeps the cells that are complete with the same
settings and plays the rest, so an interrupted sweep resumes and counts no game twice.
With --shard K/N every cell plays shard K of N of its games; 'bangsim merge' adds the
shard directories up cell by cell.`,
		Example: `  bangsim sweep examples/sweep.yaml --dry-run         # the cells, and what they will cost
  bangsim sweep examples/sweep.yaml --out sheriff      # play them into sheriff/
  bangsim sweep examples/sweep.yaml --format csv,parquet
  bangsim sweep examples/sweep.yaml --shard 2/4 --out part2   # one machine of four
  bangsim merge --out sheriff part1 part2 part3 part4 && bangsim report sheriff`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("sweep needs one sweep file, got %d arguments", len(args))
			}
			return nil
		},
		RunE: a.runE(func(_ *cobra.Command, args []string) error {
			opts.Argv = a.argv
			return runSweep(a.ctx, opts, args[0], a.stdout, a.stderr)
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	opts.batchOptions.bind(fs, "sweep.json (with --dry-run: the cells and their estimates)")
	fs.Lookup("out").Usage = "directory of the sweep (default: the sweep file's name without its extension)"
	bindCharactersFile(fs, &opts.CharactersFile)
	fs.StringVar(&opts.Format, "format", opts.Format, "formats of the tables: csv, parquet or csv,parquet")
	fs.BoolVar(&opts.DryRun, "dry-run", false, "list the cells, what each will cost (games, and time from a short calibration) and which are done; play nothing")
	fs.DurationVar(&opts.Calibrate, "calibrate", opts.Calibrate, "play time --dry-run spends measuring the cells' speed (0: no estimate)")
	opts.shardOptions.bind(fs)
	fs.Lookup("shard").Usage = "play shard K of N (1 <= K <= N) of every cell's games, for clusters (default: the shard a Slurm job array's SLURM_ARRAY_TASK_ID or, with --shards, JOB_COMPLETION_INDEX gives, else every game; the flag wins over them)"
	return cmd
}

// sweepPlan is sweepOptions checked, with the sweep file read.
type sweepPlan struct {
	plan *sweep.Plan
	opts sweep.Options
	lock *resultfile.Lock // on opts.Out unless a dry run, until the sweep is written
}

// plan reads the sweep file and checks every flag before anything is played; all errors
// are usage errors.
func (o *sweepOptions) plan(file string) (*sweepPlan, error) {
	p, err := sweep.LoadWith(file, o.CharactersFile)
	if err != nil {
		return nil, asUsage(err)
	}
	formats, err := sweep.ParseFormats(strings.Split(strings.ToLower(o.Format), ","))
	if err != nil {
		return nil, usagef("--format: %w", err)
	}
	if o.Workers < 0 {
		return nil, usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	if o.Calibrate < 0 {
		return nil, usagef("--calibrate %v: want 0 (no estimate) or more", o.Calibrate)
	}
	shard, source, err := o.shardOptions.resolve()
	if err != nil {
		return nil, err
	}
	out := o.Out
	if out == "" {
		out = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		if out == filepath.Base(file) {
			out += ".sweep"
		}
	}
	// A sweep that plays refuses what every writing command refuses, with the same
	// message, and locks its directory; a dry run writes nothing.
	var lock *resultfile.Lock
	if !o.DryRun {
		if lock, err = checkWritable(out, resultfile.KindSweep); err != nil {
			return nil, err
		}
	}
	if err := sweep.CheckOut(out); err != nil {
		lock.Unlock()
		return nil, asUsage(err)
	}
	return &sweepPlan{plan: p, opts: sweep.Options{Out: out, Shard: shard, ShardSource: source, Workers: o.Workers, Formats: formats, Command: o.Argv}, lock: lock}, nil
}

// runSweep is `bangsim sweep`: a dry run lists the cells; otherwise it plays them,
// writes the tables and prints what it did.
func runSweep(ctx context.Context, opts sweepOptions, file string, stdout, stderr io.Writer) error {
	sp, err := opts.plan(file)
	if err != nil {
		return err
	}
	p, so := sp.plan, sp.opts
	defer sp.lock.Unlock()
	if opts.DryRun {
		return dryRunSweep(ctx, opts, p, so, stdout)
	}
	// One count of the games of every cell to play, as run shows a player count's.
	toPlay := sweep.NewDryRun(p, so, p.Status(so.Out, so.Shard), nil).Games
	prog := newTotalProgress(newNamedProgress(stderr, opts.Quiet, opts.ProgressEvery, "sweep", "games"), toPlay)
	so.Progress = prog
	if !opts.Quiet {
		so.Log = prog.log()
	}
	res, runErr := sweep.Run(ctx, p, so)
	prog.close()
	if res == nil {
		return runErr
	}
	m := res.Manifest
	if runErr != nil {
		return fmt.Errorf("%w (the cells before it are in %s; run the sweep again to finish it)", runErr, so.Out)
	}
	switch {
	case opts.JSON:
		if err := writeJSON(stdout, m); err != nil {
			return err
		}
	case !opts.Quiet:
		if err := writeSweepSummary(stdout, m, so.Out); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Played %d cells, kept %d complete from before; tables and sweep.json in %s/\n",
			res.Ran, res.Skipped, so.Out)
		if !res.Interrupted {
			if err := writeNext(stdout, "bangsim report "+shellQuote(so.Out), "the sweep's report and charts"); err != nil {
				return err
			}
		}
	}
	if res.Interrupted {
		return fmt.Errorf("%w: %d of %d cells complete; run the same command again to play the rest (%s/sweep.json \"complete\": false)",
			errInterrupted, completeCells(m), len(m.Cells), so.Out)
	}
	return nil
}

// dryRunSweep lists the cells, their status and their estimated time.
func dryRunSweep(ctx context.Context, opts sweepOptions, p *sweep.Plan, so sweep.Options, stdout io.Writer) error {
	status := p.Status(so.Out, so.Shard)
	var est *sweep.Estimate
	if opts.Calibrate > 0 {
		var err error
		if est, err = calibrate(ctx, p, so, status, opts.Calibrate); err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("%w during the calibration", errInterrupted)
			}
			return err
		}
	}
	d := sweep.NewDryRun(p, so, status, est)
	if opts.JSON {
		return writeJSON(stdout, d)
	}
	return d.WriteText(stdout)
}

// writeSweepSummary prints the cells and what was played of each.
func writeSweepSummary(w io.Writer, m *resultfile.Sweep, out string) error {
	var rows [][]string
	for _, c := range m.Cells {
		status := "complete"
		if !c.Complete {
			status = "incomplete"
		}
		rows = append(rows, []string{c.Name, fmt.Sprint(c.GamesPlayed), fmt.Sprint(c.GamesPlanned), status})
	}
	title := fmt.Sprintf("Sweep %s: %s game, %d cells, shard %d/%d, into %s", m.File, m.Game, len(m.Cells), m.Shard.K, m.Shard.N, out)
	return report.WriteSummary(w, title, []string{"cell", "games", "planned", "status"}, rows)
}

// completeCells counts the complete cells of m.
func completeCells(m *resultfile.Sweep) int {
	n := 0
	for _, c := range m.Cells {
		if c.Complete {
			n++
		}
	}
	return n
}

// runSweepMerge adds up the shard directories of a sweep cell by cell and writes the
// merged sweep.
func runSweepMerge(opts mergeOptions, dirs []string, stdout, stderr io.Writer) error {
	if err := lab.CheckMergeOut(opts.Out, dirs); err != nil {
		return asUsage(err)
	}
	lock, err := checkWritable(opts.Out, resultfile.KindSweep)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	mg, err := sweep.Merge(sweep.MergeSpec{Dirs: dirs, Out: opts.Out, Command: opts.Argv, AllowPartial: opts.AllowPartial})
	partial := errors.Is(err, lab.ErrPartialMerge)
	switch {
	case errors.Is(err, lab.ErrBadShard), errors.Is(err, sweep.ErrNotSweepDir):
		return asUsage(err)
	case err != nil && !partial:
		return err
	}
	where, err := mg.Write()
	if err != nil {
		return err
	}
	m := mg.Manifest
	if len(m.Missing) > 0 {
		missing := m.Missing
		if len(missing) > 3 {
			missing = append(missing[:3:3], fmt.Sprintf("and %d more, listed in %s", len(m.Missing)-3, filepath.Join(where, resultfile.SweepFile)))
		}
		fmt.Fprintf(stderr, "bangsim: the shards hold %d of the sweep's %d games: merged results are partial (missing %s)\n",
			m.GamesPlayed, m.GamesPlanned, strings.Join(missing, "; "))
	}
	switch {
	case opts.JSON:
		if err := writeJSON(stdout, m); err != nil {
			return err
		}
	case !opts.Quiet:
		if err := writeSweepSummary(stdout, m, where); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Merged %d sweep directories into %s/\n", len(dirs), where)
		if m.Complete {
			if err := writeNext(stdout, "bangsim report "+shellQuote(opts.Out), "the sweep's report and charts"); err != nil {
				return err
			}
		}
	}
	if partial {
		return fmt.Errorf("%w: %d of %d games; the partial merge was written to %s (sweep.json \"complete\": false)%s; pass --allow-partial if that is what you want",
			lab.ErrPartialMerge, m.GamesPlayed, m.GamesPlanned, where, besideNote(where, opts.Out))
	}
	return nil
}
