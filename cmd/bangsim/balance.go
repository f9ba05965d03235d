package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// balanceOptions are the flags of `bangsim balance`.
type balanceOptions struct {
	runOptions
	Alpha      float64
	Precision  float64
	MaxGames   uint64
	TuneLife   bool
	TuneChars  string
	Tune       string
	TuneValues string
	TuneRole   string
	Target     float64
	Policies   string // --policies: the bot populations, the first the run written
	fixOptions
	flags *pflag.FlagSet // to tell which --fix flags were set
}

// defaultBalanceOptions returns the defaults of `bangsim balance`.
func defaultBalanceOptions() balanceOptions {
	o := balanceOptions{runOptions: defaultRunOptions(), Alpha: report.DefaultAlpha, MaxGames: 20_000_000,
		TuneRole: "sheriff", Target: 0.5}
	o.Games = 200_000
	o.Out = "balance"
	return o
}

// balanceCmd builds `bangsim balance`.
func (a *app) balanceCmd() *cobra.Command {
	opts := defaultBalanceOptions()
	cmd := &cobra.Command{
		Use:   "balance [DIR]",
		Short: "Which characters win more or less than the others in their role, and what would fix them",
		Long: `Balance compares, at each player count and in each role, every character's win rate with
the pooled win rate of the other characters dealt that role: the difference in points
with a 95% interval clustered by game, and a p-value; Holm's correction over every row
flags the characters that stand out at --alpha. It adds a role-weighted row per character
("all"), a chi-square test per role that all characters are equal, and the seat effects.

Without DIR it plays a fresh run first (the flags of 'bangsim run') and writes its result
files into --out; with DIR it reads a run or merge directory and plays nothing (unless a
tuning option asks). Either way it writes, beside the results:

  balance.csv   one row per character, role and player count: games, wins, rate, avg
                (the other characters), diff, ci_low, ci_high, z, p, p_holm, flagged, note,
                reference (the pool avg is taken over)
  balance.md    the verdict, the tables, the tests and the tuning, for people

--precision E plays on, in batches on the same seed stream (the result equals one run of
as many games), until every character interval's half-width is at most E (0.005: half a
point), or --max-games. --tune-life plays the flagged characters again at life −2 … +2
(the --life option; same seeds) and says which life brings each closest to parity.
--tune NAME plays a number rule option at the run's value −2 … +2 (or --tune-values) and
says which brings the --tune-role side's win rate closest to --target.

--policies A,B[,...] asks whether the verdicts hold across bots: each bot (a spec, with
parameters if any) is a population that plays every seat, with the same seeds and games.
The first population is the run written into --out (with --precision, its games decide
the others'), and the tuning options tune it; balance.md adds a table of each
character's difference under every population, marking the verdicts that agree and
those that flip sign, and balance.csv gains a population column with every
population's rows. The statistics are described in docs/statistics.md, "Balance".`,
		Example: `  bangsim balance --games 200000                       # 5 players, into balance/
  bangsim balance --players 4-7 --precision 0.005 --out bal
  bangsim balance results                              # an existing run directory
  bangsim balance --life "Vulture Sam=-2" --tune-life  # try a fix, and tune it
  bangsim balance --tune sheriff-bonus --target 0.45
  bangsim balance --policies heuristic,simple --games 50000   # do the verdicts hold across bots?`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usagef("balance takes at most one result directory, got %d arguments", len(args))
			}
			return nil
		},
		RunE: a.runE(func(cmd *cobra.Command, args []string) error {
			opts.Argv = a.argv
			if len(args) == 1 {
				return runBalanceDir(a.ctx, cmd, opts, args[0], a.stdout, a.stderr)
			}
			return runBalance(a.ctx, opts, a.stdout, a.stderr)
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&opts.Players, "players", opts.Players, "player counts: one (5), a list (4,5,6) or a range (3-8)")
	fs.Uint64Var(&opts.Games, "games", opts.Games, "games per player count (with --precision: the first batch)")
	opts.gameOptions.bind(fs)
	opts.gameOptions.bindConfig(fs)
	fs.StringVar(&opts.Policies, "policies", "", "bot populations A,B[,...], each playing every seat with the same seeds: compare the verdicts across bots (the first is the run written)")
	fs.Float64Var(&opts.Alpha, "alpha", opts.Alpha, "family-wise error rate of the flags (Holm over every row)")
	fs.Float64Var(&opts.Precision, "precision", 0, "play on until every character interval's half-width is at most this (0.005: half a point)")
	fs.Uint64Var(&opts.MaxGames, "max-games", opts.MaxGames, "with --precision: stop at this many games per player count")
	fs.BoolVar(&opts.TuneLife, "tune-life", false, "play each flagged character again at life -2 to +2 and suggest the fairest")
	fs.StringVar(&opts.TuneChars, "tune-characters", "", "with --tune-life: these characters (NAME,NAME,...) instead of those whose all-roles row is flagged")
	fs.StringVar(&opts.Tune, "tune", "", "a number rule option to tune, e.g. sheriff-bonus: its value -2 to +2 is played")
	fs.StringVar(&opts.TuneValues, "tune-values", "", "with --tune: the values to play, e.g. 0,1,2,3 (default: the run's value -2 to +2)")
	fs.StringVar(&opts.TuneRole, "tune-role", opts.TuneRole, "with --tune: the role whose side's win rate is aimed at --target")
	fs.Float64Var(&opts.Target, "target", opts.Target, "with --tune: the side win rate to aim at")
	fs.IntVar(&opts.Workers, "workers", 0, "parallel workers (0: all CPUs); results do not depend on it")
	fs.StringVar(&opts.Out, "out", opts.Out, "directory for the files (created if missing; default with DIR: DIR)")
	fs.BoolVarP(&opts.Quiet, "quiet", "q", false, "no progress and no summary")
	fs.BoolVar(&opts.JSON, "json", false, "print balance.csv's rows as JSON objects on stdout (its columns as keys, numbers as numbers) instead of the summary")
	fs.DurationVar(&opts.ProgressEvery, "progress-every", opts.ProgressEvery, "interval of the plain progress lines")
	opts.bindFix(fs)
	opts.flags = fs
	fs.MarkHidden("progress-every")
	return cmd
}

// checkBalanceFlags checks the flags every form of balance shares.
func (o *balanceOptions) check() error {
	if !(o.Alpha > 0 && o.Alpha < 1) {
		return usagef("--alpha %g: want a number between 0 and 1", o.Alpha)
	}
	if o.Precision < 0 || o.Precision >= 1 || math.IsNaN(o.Precision) {
		return usagef("--precision %g: want a half-width between 0 and 1, e.g. 0.005 for half a point", o.Precision)
	}
	if !(o.Target > 0 && o.Target < 1) {
		return usagef("--target %g: want a win rate between 0 and 1", o.Target)
	}
	if o.TuneChars != "" && !o.TuneLife {
		return usagef("--tune-characters needs --tune-life")
	}
	if o.TuneValues != "" && o.Tune == "" {
		return usagef("--tune-values needs --tune NAME")
	}
	if _, err := o.tuneValues(); err != nil {
		return err
	}
	if _, err := o.tuneRole(); err != nil {
		return err
	}
	if o.Workers < 0 {
		return usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	if o.flags != nil {
		return o.checkFix(o.flags)
	}
	return nil
}

// tuneValues parses --tune-values (nil when not given).
func (o *balanceOptions) tuneValues() ([]int, error) {
	if strings.TrimSpace(o.TuneValues) == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(o.TuneValues, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, usagef("malformed --tune-values %q: want whole numbers separated by commas", o.TuneValues)
		}
		out = append(out, v)
	}
	return out, nil
}

// tuneRole returns --tune-role's canonical name.
func (o *balanceOptions) tuneRole() (string, error) {
	for _, r := range []string{"Sheriff", "Deputy", "Outlaw", "Renegade"} {
		if strings.EqualFold(strings.TrimSpace(o.TuneRole), r) {
			return r, nil
		}
	}
	return "", usagef("--tune-role %q: want sheriff, deputy, outlaw or renegade", o.TuneRole)
}

// tuning is the tuning options read and checked against the game: what tune plays.
type tuning struct {
	values []int    // --tune-values; nil: the default grid around the run's value
	role   string   // --tune-role, canonical
	chars  []string // --tune-characters; nil: the characters the run flags
}

// checkTuning reads the tuning options and checks them against the game of spec, so
// that a bad one is refused before the base run is played, not after (docs/guide.md,
// "Balance": every option is checked first). All errors are usage errors.
func (o *balanceOptions) checkTuning(spec lab.BalanceSpec) (*tuning, error) {
	t := &tuning{}
	var err error
	if t.values, err = o.tuneValues(); err != nil {
		return nil, err
	}
	if t.role, err = o.tuneRole(); err != nil {
		return nil, err
	}
	if o.TuneChars != "" {
		t.chars = strings.Split(o.TuneChars, ",")
	}
	if o.TuneLife {
		if err := spec.CheckTuneLife(t.chars); err != nil {
			return nil, asUsage(err)
		}
	}
	if o.Tune != "" {
		if _, _, err := spec.CheckTuneOption(o.Tune, t.values); err != nil {
			return nil, asUsage(err)
		}
	}
	return t, nil
}

// populations reads --policies: nil when not given, else the bot specs, the first of
// which is made the run's --policy (so that the run written is the first population's).
func (o *balanceOptions) populations() ([]string, error) {
	if strings.TrimSpace(o.Policies) == "" {
		return nil, nil
	}
	for _, name := range []string{"policy", "policy-for", "config"} {
		if o.changed(name) {
			return nil, usagef("--policies cannot be given with --%s: each population plays every seat with one bot", name)
		}
	}
	specs, err := splitPolicies(o.Policies)
	if err != nil {
		return nil, err
	}
	for i, a := range specs {
		for _, b := range specs[:i] {
			if a == b {
				return nil, usagef("--policies names %s twice: the same bot with the same seeds plays the same games", a)
			}
		}
	}
	o.Policy = specs[0]
	if err := o.fs.Set("policy", specs[0]); err != nil {
		return nil, usagef("--policies: %w", err)
	}
	return specs, nil
}

// runBalance is `bangsim balance` without DIR: a fresh run, its files, the analysis.
func runBalance(ctx context.Context, opts balanceOptions, stdout, stderr io.Writer) error {
	if err := opts.check(); err != nil {
		return err
	}
	specs, err := opts.populations()
	if err != nil {
		return err
	}
	p, err := opts.plan()
	if err != nil {
		return err
	}
	defer p.lock.Unlock()
	if p.shard.N != 1 {
		return usagef("--shard: a balance run cannot be sharded; run the shards with 'bangsim run', merge them, and give the directory to 'bangsim balance DIR'")
	}
	if opts.Precision > 0 && opts.MaxGames < opts.Games {
		return usagef("--max-games %d is below --games %d", opts.MaxGames, opts.Games)
	}
	if opts.Precision > 0 { // the sequential batches may play up to --max-games a count
		if err := checkGamesTotal("--max-games", opts.MaxGames, len(p.players)); err != nil {
			return err
		}
	}
	spec := lab.BalanceSpec{
		Run: lab.RunSpec{Game: p.setup.game, Prepared: p.setup.prepared, Seed: opts.Seed, Players: p.players,
			Games: opts.Games, Shard: resultfile.Shard{K: 1, N: 1}, Workers: opts.Workers, Out: opts.Out,
			Command: opts.Argv, Config: p.setup.config},
		Config: p.setup.cfg, Precision: opts.Precision, MaxGames: opts.MaxGames, Alpha: opts.Alpha,
		Announce: announcer(stderr, opts.Quiet),
	}
	tn, err := opts.checkTuning(spec)
	if err != nil {
		return err
	}
	if opts.Fix { // --pin and --fix-options refused now, not after the run is played
		if err := lab.CheckFix(p.setup.game, opts.fixOptions.fixSpec(opts.Seed)); err != nil {
			return asUsage(err)
		}
	}
	for _, pop := range specs { // every population refused now, not after the first is played
		if _, err := spec.Population(pop); err != nil {
			return asUsage(err)
		}
	}
	prog := newProgress(stderr, opts.Quiet, opts.ProgressEvery)
	spec.Run.Progress = prog
	res, err := lab.RunBalance(ctx, spec)
	if err != nil {
		prog.close()
		return err
	}
	// A partial run never replaces a complete one: it then goes beside it.
	where, err := lab.WriteRunKeep(opts.Out, res.Run, res.Counts)
	if err != nil {
		prog.close()
		return err
	}
	info := report.BalanceInfo{Run: res.Run, Batches: res.Batches, Precision: opts.Precision, MaxGames: opts.MaxGames}
	if res.Run.Partial {
		prog.close()
		if _, err := report.WriteBalanceFiles(where, res.Balance, info); err != nil {
			return err
		}
		// The partial rows' summary (or JSON), as run, compare and sweep print theirs.
		if err := printBalance(stdout, opts, res.Balance, info, where); err != nil {
			return err
		}
		return fmt.Errorf("%w after %d of %d games; partial results and their balance written to %s%s",
			errInterrupted, res.Run.GamesPlayed, res.Run.GamesPlanned, where, besideNote(where, opts.Out))
	}
	if len(specs) > 1 {
		info.Populations, err = lab.BalancePopulations(ctx, spec, res, specs)
		if errors.Is(err, context.Canceled) {
			prog.close()
			if _, werr := report.WriteBalanceFiles(opts.Out, res.Balance, info); werr != nil {
				return writeError("--out", opts.Out, werr)
			}
			_ = printBalance(stdout, opts, res.Balance, info, opts.Out)
			return fmt.Errorf("%w while playing the bot populations; the run's results and their balance, with %d of the %d populations finished, were written to %s",
				errInterrupted, len(info.Populations), len(specs), opts.Out)
		}
		if err != nil {
			prog.close()
			return asUsage(err)
		}
	}
	err = tuneAndWrite(ctx, opts, tn, spec, res, &info, opts.Out)
	prog.close()
	if err != nil {
		if errors.Is(err, errInterrupted) { // the summary of what was written
			_ = printBalance(stdout, opts, res.Balance, info, opts.Out)
		}
		return err
	}
	if err := printBalance(stdout, opts, res.Balance, info, opts.Out); err != nil || !opts.Fix {
		return err
	}
	fo := opts.fixOptions
	fo.charsFile = opts.CharactersFile
	return runFix(ctx, fo, spec, res, opts.Out, stdout)
}

// runBalanceDir is `bangsim balance DIR`: the analysis of an existing run directory.
func runBalanceDir(ctx context.Context, cmd *cobra.Command, opts balanceOptions, dir string, stdout, stderr io.Writer) error {
	if err := opts.check(); err != nil {
		return err
	}
	fs := cmd.Flags()
	for _, name := range []string{"config", "players", "games", "precision", "max-games", "game", "seed", "policy", "policy-for", "policies", "characters", "fixed-seats", "characters-file"} {
		if fs.Changed(name) {
			return usagef("--%s cannot be given with DIR: balance analyses the run in %s as it was played", name, dir)
		}
	}
	for _, g := range lab.Games() {
		for _, p := range g.Rules {
			if fs.Changed(p.Name) {
				return usagef("--%s cannot be given with DIR: balance analyses the run in %s as it was played", p.Name, dir)
			}
		}
	}
	rd, err := openResults(dir, "analyse", resultfile.KindRun)
	if err != nil {
		return err
	}
	s := rd.Run
	out := dir
	if fs.Changed("out") {
		out = opts.Out
	}
	// balance.csv and balance.md go into the run's directory or a new one, never over a
	// user's files (resultfile.AddFiles); refused now, not after tuning.
	lock, err := checkWritable(out, resultfile.KindExtras)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	bal := report.NewBalance(s.Tally.Counts, opts.Alpha, report.ZFor(report.Confidence))
	res := &lab.BalanceResult{Run: &s.Run, Counts: s.Tally.Counts, Balance: bal}
	info := report.BalanceInfo{Run: &s.Run}
	if opts.TuneLife || opts.Tune != "" {
		for _, c := range s.Tally.Counts {
			if c.FirstGame != 0 || c.Games != s.Run.GamesPerCount {
				return usagef("cannot tune from %s: it holds games %d to %d of %d players, not the whole run; tuning replays games 0 to %d",
					dir, c.FirstGame, c.FirstGame+c.Games, c.Players, s.Run.GamesPerCount)
			}
		}
		g, err := lab.GameOfRun(&s.Run) // with the characters run.json recorded as added
		if err != nil {
			return usagef("cannot tune from %s: %w", dir, err)
		}
		cfg, err := lab.ConfigFromRun(g, &s.Run)
		if err != nil {
			return usagef("cannot tune from %s: %w", dir, err)
		}
		choice, err := lab.NewChoice(g, cfg, s.Run.Seed, s.Run.Players)
		if err != nil {
			return usagef("cannot tune from %s: %w", dir, err)
		}
		prepared, err := g.Prepare(choice)
		if err != nil {
			return usagef("cannot tune from %s: %w", dir, err)
		}
		spec := lab.BalanceSpec{
			Run: lab.RunSpec{Game: g, Prepared: prepared, Seed: s.Run.Seed, Players: s.Run.Players,
				Games: s.Run.GamesPerCount, Shard: resultfile.Shard{K: 1, N: 1}, Workers: opts.Workers},
			Config: cfg, Alpha: opts.Alpha, Announce: announcer(stderr, opts.Quiet),
		}
		tn, err := opts.checkTuning(spec)
		if err != nil {
			return err
		}
		prog := newProgress(stderr, opts.Quiet, opts.ProgressEvery)
		spec.Run.Progress = prog
		err = tuneAndWrite(ctx, opts, tn, spec, res, &info, out)
		prog.close()
		if err != nil {
			if errors.Is(err, errInterrupted) {
				_ = printBalance(stdout, opts, bal, info, out)
			}
			return err
		}
		return printBalance(stdout, opts, bal, info, out)
	}
	if _, err := report.WriteBalanceFiles(out, bal, info); err != nil {
		return writeError("--out", out, err)
	}
	return printBalance(stdout, opts, bal, info, out)
}

// tuneAndWrite runs the tuning options, then writes balance.csv and balance.md;
// interrupted while tuning, it writes them with the tuning trials finished before (the
// run's own analysis is complete) and says so.
func tuneAndWrite(ctx context.Context, opts balanceOptions, tn *tuning, spec lab.BalanceSpec, res *lab.BalanceResult, info *report.BalanceInfo, out string) error {
	err := tune(ctx, opts, tn, spec, res, info)
	if err != nil && !errors.Is(err, errInterrupted) {
		return err
	}
	info.TuningStopped = err != nil
	if _, werr := report.WriteBalanceFiles(out, res.Balance, *info); werr != nil {
		return writeError("--out", out, werr)
	}
	return err
}

// tune runs the tuning options into info; interrupted, info keeps the trials finished
// before (lab.TuneLife and lab.TuneOption return them with the interruption).
func tune(ctx context.Context, opts balanceOptions, tn *tuning, spec lab.BalanceSpec, res *lab.BalanceResult, info *report.BalanceInfo) error {
	if opts.TuneLife {
		flagged := res.Balance.Flagged(true)
		if tn.chars != nil {
			flagged = tn.chars
		}
		if len(flagged) > 0 {
			lt, err := lab.TuneLife(ctx, spec, res, flagged)
			info.Life = lt
			if err != nil {
				return tuneError(err, info)
			}
		}
	}
	if opts.Tune != "" {
		ot, err := lab.TuneOption(ctx, spec, res, opts.Tune, tn.values, tn.role, opts.Target)
		info.Options = ot
		if err != nil {
			return tuneError(err, info)
		}
	}
	return nil
}

// tuneError marks a tuning option's refusals as usage errors and an interruption as
// such, saying whether any tuning trial had finished before it.
func tuneError(err error, info *report.BalanceInfo) error {
	if errors.Is(err, context.Canceled) {
		kept := "no tuning trial had finished"
		if len(info.Life)+len(info.Options) > 0 {
			kept = "with the tuning trials finished before it"
		}
		return fmt.Errorf("%w while tuning; the run's own results and their balance (%s) were written", errInterrupted, kept)
	}
	if strings.HasPrefix(err.Error(), "--") {
		return asUsage(err)
	}
	return err
}

// announcer returns the BalanceSpec.Announce that prints a line on stderr, or nil when
// quiet.
func announcer(w io.Writer, quiet bool) func(string) {
	if quiet {
		return nil
	}
	return func(s string) { fmt.Fprintln(w, s) }
}

// printBalance prints the terminal summary (or, with --json, balance.csv's rows).
func printBalance(w io.Writer, opts balanceOptions, b *report.Balance, info report.BalanceInfo, out string) error {
	if opts.JSON {
		t := b.Table()
		if len(info.Populations) > 1 {
			t = report.PopulationsTable(info.Populations)
		}
		return writeJSON(w, t.JSONRows(report.PopulationColumn, "role", "character", "note", "reference"))
	}
	if opts.Quiet {
		return nil
	}
	rec := info.Run
	flagged, all := 0, len(b.Rows)
	for _, r := range b.Rows {
		if r.Flagged {
			flagged++
		}
	}
	for _, n := range rec.Players {
		header, rows := b.CharacterTable(n)
		title := fmt.Sprintf("Each character against the others in its role, %d players (points; seed %d, %s, %s; %.0f%% intervals; * flagged: Holm p < %g over %d rows)",
			n, rec.Seed, describeRecordPolicies(rec.Policies.Default, rec.Policies.ByRole), report.GamesAnalysed(rec, n), 100*report.Confidence, b.Alpha, all)
		if err := report.WriteSummary(w, title, header, rows); err != nil {
			return err
		}
		if note := b.ReferenceNote(n); note != "" {
			fmt.Fprintln(w, note)
		}
		fmt.Fprintln(w)
	}
	header, rows := b.ChiSquareRows()
	if err := report.WriteSummary(w, "Are the characters (and the seats) equal? (chi-square, design-adjusted)", header, rows); err != nil {
		return err
	}
	fmt.Fprintln(w)
	header, rows = b.SeatTableRows()
	if err := report.WriteSummary(w, "Seats (seat 0's role is fixed)", header, rows); err != nil {
		return err
	}
	fmt.Fprintln(w)
	if len(info.Batches) > 1 || info.Precision > 0 {
		last := info.Batches[len(info.Batches)-1]
		fmt.Fprintf(w, "Precision: widest half-width %s points after %s games a count in %d batches (target %s)\n",
			report.FormatPoints(last.HalfWidth, 2)[1:], groupThousands(last.Games), len(info.Batches), report.FormatPoints(info.Precision, 2)[1:])
	}
	if len(info.Populations) > 1 {
		header, rows := report.AgreementRows(info.Populations)
		if err := report.WriteSummary(w, "Verdicts across bots: each character's difference over its roles under each population (points; * flagged)", header, rows); err != nil {
			return err
		}
		fmt.Fprintln(w, report.PopulationsSummary(info.Populations))
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "Verdict (%d of %d rows flagged):\n", flagged, all)
	for _, l := range b.Verdict() {
		fmt.Fprintln(w, "  "+l)
	}
	for _, t := range info.Life {
		fmt.Fprintln(w, "Life: "+t.Suggestion())
	}
	for _, t := range info.Options {
		fmt.Fprintln(w, "Tune: "+t.Suggestion())
	}
	if _, err := fmt.Fprintf(w, "Files in %s/ (balance.csv, balance.md)\n", out); err != nil {
		return err
	}
	// --tune-life replays the run's games, so it is offered only for a whole run.
	whole := !rec.Partial && rec.Shard.N <= 1
	if whole && len(info.Life) == 0 && b.Flagged(true) != nil {
		return writeNext(w, "bangsim balance "+shellQuote(out)+" --tune-life", "the life that brings each flagged character closest to the others")
	}
	return writeNext(w, "bangsim report "+shellQuote(out), "an HTML report and a Markdown summary of the run")
}

// groupThousands writes n with commas: 1,000,000.
func groupThousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
