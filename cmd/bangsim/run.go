package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// runOptions are the flags of `bangsim run`.
type runOptions struct {
	gameOptions
	Players string
	Games   uint64
	shardOptions
	Report bool // write report.html and summary.md into --out at the end
	batchOptions
	Argv []string // the command line recorded in run.json
}

// defaultRunOptions returns the defaults of `bangsim run`: the main job.
func defaultRunOptions() runOptions {
	return runOptions{
		gameOptions: defaultGameOptions(),
		Players:     "5",
		Games:       1_000_000,
		// The whole run, for the commands that embed these options without a --shard
		// flag (balance); runCmd's flag starts empty so a scheduler can set the shard.
		shardOptions: shardOptions{Shard: "1/1"},
		batchOptions: defaultBatchOptions("results"),
	}
}

// runCmd builds `bangsim run`.
func (a *app) runCmd() *cobra.Command {
	opts := defaultRunOptions()
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Play many games and write win rates by role, character and seat",
		Long: `Run plays --games games at each player count and writes, in the --out directory:
roles.csv, characters.csv, seats.csv, events.csv (raw counts beside every rate, 95%
cluster-robust Wilson intervals), tally.json (the exact sums, for 'bangsim merge') and
run.json (seed, rules, bots, games played, timing); with --report also report.html and
summary.md ('bangsim report'). Game I is played with a seed derived
from (--seed, I) only, so the files are byte-identical for any --workers, and
'bangsim replay --index I' shows any game turn by turn. Ctrl-C stops cleanly and writes
the games finished so far, marked partial.`,
		Example: `  bangsim run                                   # 1,000,000 five-player games into results/
  bangsim run --players 3-8 --games 200000 --out sizes
  bangsim run --policy-for outlaw=random --characters plain
  bangsim run --characters "willy the kid,el-gringo,Bart Cassidy,jourdonnais,suzy lafayette" --fixed-seats
  bangsim run --games 1000000000 --shard 3/10 --out shard3   # one machine of ten
  bangsim run --games 1000000000 --out shard-$SLURM_ARRAY_TASK_ID   # in sbatch --array=1-10: shard from Slurm
  bangsim run --games 1000000000 --shards 10 --out /data/shard-$JOB_COMPLETION_INDEX   # a Kubernetes Indexed Job
  bangsim run --players 3-8 --games 100000 --report          # and results/report.html
  bangsim run --config "card(players=4-6,characters=plain)" --games 100000   # the configuration in one text (run.json's "config")`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(cmd *cobra.Command, _ []string) error {
			opts.Argv = a.argv
			return runRun(a.ctx, opts, a.stdout, a.stderr)
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&opts.Players, "players", opts.Players, "player counts: one (5), a list (4,5,6) or a range (3-8)")
	fs.Uint64Var(&opts.Games, "games", opts.Games, "games per player count (over all shards)")
	opts.gameOptions.bind(fs)
	opts.gameOptions.bindConfig(fs)
	opts.Shard = ""
	opts.shardOptions.bind(fs)
	fs.BoolVar(&opts.Report, "report", false, "also write report.html and summary.md into --out at the end (see 'bangsim report')")
	opts.batchOptions.bind(fs, "run.json")
	return cmd
}

// runPlan is runOptions checked: what to play.
type runPlan struct {
	setup       *gameSetup
	players     []int
	shard       resultfile.Shard
	shardSource string           // where shard came from, for run.json
	lock        *resultfile.Lock // on --out, from the check until the set is written
}

// plan checks every option before anything is played; all errors are usage errors.
func (o *runOptions) plan() (*runPlan, error) {
	g, err := o.gameOptions.gameFor()
	if err != nil {
		return nil, err
	}
	players, err := o.gameOptions.players(o.Players, g)
	if err != nil {
		return nil, err
	}
	setup, err := o.gameOptions.resolve(players)
	if err != nil {
		return nil, err
	}
	if o.Games == 0 {
		return nil, usagef("--games must be at least 1")
	}
	if err := checkGamesTotal("--games", o.Games, len(players)); err != nil {
		return nil, err
	}
	if o.Workers < 0 {
		return nil, usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	shard, source, err := o.shardOptions.resolve()
	if err != nil {
		return nil, err
	}
	lock, err := checkWritable(o.Out, resultfile.KindRun)
	if err != nil {
		return nil, err
	}
	return &runPlan{setup: setup, players: players, shard: shard, shardSource: source, lock: lock}, nil
}

// runRun is `bangsim run`: it plays every player count in turn, writes the results (also
// of an interrupted run, marked partial) and prints the summary.
func runRun(ctx context.Context, opts runOptions, stdout, stderr io.Writer) error {
	p, err := opts.plan()
	if err != nil {
		return err
	}
	defer p.lock.Unlock()
	prog := newProgress(stderr, opts.Quiet, opts.ProgressEvery)
	rec, played, playErr := lab.Run(ctx, lab.RunSpec{
		Game:     p.setup.game,
		Prepared: p.setup.prepared,
		Seed:     opts.Seed,
		Players:  p.players,
		Games:    opts.Games,
		Shard:    p.shard,
		Workers:  opts.Workers,
		Out:      opts.Out,
		Command:  opts.Argv,
		Config:   p.setup.config,
		Progress: prog,
	})
	prog.close()
	rec.ShardSource = p.shardSource
	cs := make([]resultfile.CountTally, len(played))
	for i := range played {
		cs[i] = played[i].CountTally
	}
	// A partial run never replaces a complete one: it then goes beside it.
	where, err := lab.WriteRunKeep(opts.Out, rec, cs)
	if err != nil {
		return err
	}
	var reportErr error
	if opts.Report {
		// From the files just written, as 'bangsim report' reads them: the same bytes.
		if _, err := writeReport(where, where); err != nil {
			reportErr = fmt.Errorf("the results are in %s, but their report failed: %v", where, err)
		}
	}
	if playErr != nil {
		return fmt.Errorf("%w (results of the %d games before it were written to %s, marked partial%s)", playErr, rec.GamesPlayed, where, besideNote(where, opts.Out))
	}
	if opts.JSON {
		if err := writeJSON(stdout, rec); err != nil {
			return err
		}
	} else if !opts.Quiet {
		if err := writeSummary(stdout, rec, cs); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Result files in %s/ (run.json describes the run)\n", where)
		if opts.Report && reportErr == nil {
			fmt.Fprintf(stdout, "Report in %s (summary.md beside it)\n", filepath.Join(where, report.HTMLFile))
		}
		if !rec.Partial && reportErr == nil {
			if err := writeRunNext(stdout, opts.Out, opts.Report); err != nil {
				return err
			}
		}
	}
	if rec.Partial {
		return fmt.Errorf("%w after %d of %d games; partial results written to %s (run.json \"partial\": true)%s",
			errInterrupted, rec.GamesPlayed, rec.GamesPlanned, where, besideNote(where, opts.Out))
	}
	return reportErr
}

// writeRunNext prints what to run after a run or a merge into out: its report, or, when
// the report is written already, its balance.
func writeRunNext(w io.Writer, out string, reported bool) error {
	if reported {
		return writeNext(w, "bangsim balance "+shellQuote(out), "which characters win more or less than the others in their role")
	}
	return writeNext(w, "bangsim report "+shellQuote(out), "an HTML report and a Markdown summary of the run")
}
