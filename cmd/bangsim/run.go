package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/sim/run"
)

// runOptions are the flags of `bangsim run`.
type runOptions struct {
	gameOptions
	Players string
	Games   uint64
	Shard   string
	batchOptions
	Argv []string // the command line recorded in run.json
}

// defaultRunOptions returns the defaults of `bangsim run`: the main job.
func defaultRunOptions() runOptions {
	return runOptions{
		gameOptions:  defaultGameOptions(),
		Players:      "5",
		Games:        1_000_000,
		Shard:        "1/1",
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
run.json (seed, rules, bots, games played, timing). Game I is played with a seed derived
from (--seed, I) only, so the files are byte-identical for any --workers, and
'bangsim replay --index I' shows any game turn by turn. Ctrl-C stops cleanly and writes
the games finished so far, marked partial.`,
		Example: `  bangsim run                                   # 1,000,000 five-player games into results/
  bangsim run --players 3-8 --games 200000 --out sizes
  bangsim run --policy-for outlaw=random --characters plain
  bangsim run --characters "willy the kid,el-gringo,Bart Cassidy,jourdonnais,suzy lafayette" --fixed-seats
  bangsim run --games 1000000000 --shard 3/10 --out shard3   # one machine of ten`,
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
	fs.StringVar(&opts.Shard, "shard", opts.Shard, "play shard K of N (1 <= K <= N) of the game indices, for clusters")
	opts.batchOptions.bind(fs, "run.json")
	return cmd
}

// runPlan is runOptions checked: what to play.
type runPlan struct {
	setup   *gameSetup
	players []int
	shard   shardSpec
}

// plan checks every option before anything is played; all errors are usage errors.
func (o *runOptions) plan() (*runPlan, error) {
	setup, err := o.gameOptions.resolve()
	if err != nil {
		return nil, err
	}
	players, err := parsePlayers(o.Players)
	if err != nil {
		return nil, err
	}
	for _, n := range players {
		if _, err := setup.rules(n); err != nil {
			return nil, err
		}
	}
	if o.Games == 0 {
		return nil, usagef("--games must be at least 1")
	}
	if o.Workers < 0 {
		return nil, usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	shard, err := parseShard(o.Shard)
	if err != nil {
		return nil, err
	}
	if err := checkWritable(o.Out); err != nil {
		return nil, err
	}
	return &runPlan{setup: setup, players: players, shard: shard}, nil
}

// runRun is `bangsim run`: it plays every player count in turn, writes the results (also
// of an interrupted run, marked partial) and prints the summary.
func runRun(ctx context.Context, opts runOptions, stdout, stderr io.Writer) error {
	p, err := opts.plan()
	if err != nil {
		return err
	}
	started := time.Now()
	workers := opts.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	rec := &runRecord{
		Tool:          "bangsim",
		Version:       version,
		Revision:      buildRevision(),
		Command:       opts.Argv,
		Game:          "dice",
		Seed:          opts.Seed,
		Shard:         shardRecord{K: p.shard.K, N: p.shard.N},
		Players:       p.players,
		GamesPerCount: opts.Games,
		Rules:         newRulesRecord(p.setup),
		Policies:      newPoliciesRecord(p.setup),
		Workers:       workers,
		GoVersion:     runtime.Version(),
		StartedAt:     started.UTC().Format(time.RFC3339),
		Confidence:    confidence,
		Out:           opts.Out,
	}
	var planned []countRecord
	for _, n := range p.players {
		lo, hi := run.ShardRange(opts.Games, p.shard.K-1, p.shard.N)
		planned = append(planned, countRecord{Players: n, FirstGame: lo, Planned: hi - lo})
	}

	prog := newProgress(stderr, opts.Quiet, opts.ProgressEvery)
	var results []countResult
	var playErr error
	for _, n := range p.players {
		if ctx.Err() != nil {
			break
		}
		cfg := run.Config{Games: opts.Games, Seed: opts.Seed, Workers: workers, Shard: p.shard.K - 1, Shards: p.shard.N}
		lo, hi := run.ShardRange(opts.Games, cfg.Shard, p.shard.N)
		cfg.Progress = prog.start(n, hi-lo)
		res, err := playCount(ctx, p.setup, n, cfg)
		prog.finish(n, res.Games, res.Planned, res.Elapsed)
		results = append(results, res)
		if err != nil {
			playErr = err
			break
		}
		if res.Partial() {
			break
		}
	}
	prog.close()

	rec.ElapsedSeconds = time.Since(started).Seconds()
	rec.fillTotals(results, planned)
	if err := writeResults(opts.Out, rec, results); err != nil {
		return err
	}
	if playErr != nil {
		return fmt.Errorf("%w (results of the %d games before it were written to %s, marked partial)", playErr, rec.GamesPlayed, opts.Out)
	}
	if opts.JSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rec); err != nil {
			return err
		}
	} else if !opts.Quiet {
		if err := writeSummary(stdout, rec, results); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Result files in %s/ (run.json describes the run)\n", opts.Out)
	}
	if rec.Partial {
		return fmt.Errorf("%w after %d of %d games; partial results written to %s (run.json \"partial\": true)",
			errInterrupted, rec.GamesPlayed, rec.GamesPlanned, opts.Out)
	}
	return nil
}
