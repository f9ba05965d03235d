package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// compareOptions are the flags of `bangsim compare`.
type compareOptions struct {
	gameOptions
	Policies string
	Players  string
	Games    uint64
	Alpha    float64
	shardOptions
	batchOptions
	Argv []string // the command line recorded in compare.json
}

// defaultCompareOptions returns the defaults of `bangsim compare`.
func defaultCompareOptions() compareOptions {
	return compareOptions{
		gameOptions:  defaultGameOptions(),
		Players:      "5",
		Games:        20_000,
		Alpha:        0.05,
		batchOptions: defaultBatchOptions("results-compare"),
	}
}

// compareCmd builds `bangsim compare`.
func (a *app) compareCmd() *cobra.Command {
	opts := defaultCompareOptions()
	cmd := &cobra.Command{
		Use:   "compare --policies A,B[,C...]",
		Short: "Compare bots fairly: every seat and role, common dice, paired differences",
		Long: `Compare measures how much better (or worse) each bot of --policies does than the
first one, the reference, with a fair and paired design:

For each game index I (seeded from --seed and I) and each seat S, each policy P plays
seat S while the reference plays every other seat; with P the reference this is the
all-reference game, played once per I. Roles and characters are dealt from the game
seed, so seat S holds the same role in every policy's game of index I: every policy
plays every seat and role equally often, on the same dice or deck (common random numbers),
each with its own stream for its own coin flips.

It writes in --out: compare.csv (win rate of each policy by role at the seat it
played, cluster-robust 95% intervals), compare-diff.csv (the paired difference from
the reference in win probability per seat, by role and over all roles, with its
interval, p-value, Holm-adjusted p-value and whether it is significant at --alpha) and
compare.json (the run's settings), and compare-tally.json (the exact sums, for 'bangsim
merge'). The terminal says which differences are significant. docs/statistics.md
("Comparing policies") explains the method.

--shard K/N (or a Slurm job array, or --shards N in a Kubernetes Indexed Job) plays
the K-th of N slices of the game indices; 'bangsim merge' adds the shards up into the
files of the whole comparison, byte for byte (docs/cluster.md).

--game duel --policies A,B compares two long-duel play bots with common random
numbers: the run of 'bangsim duel --paired --policy A,B' (every one of --games duel
seeds played twice, the seats' bots swapped the second time, both drafting with the
random draft bot), its files in --out: duel-paired.csv (each player over both seats,
the paired difference A less B with its interval and p-value) beside seats.csv,
order.csv, characters.csv, duel-tally.json and run.json. It takes --games, --seed,
the duel's rule options, --shard and the output flags.`,
		Example: `  bangsim compare --policies heuristic,random --games 20000
  bangsim compare --policies heuristic,keep,reroll-all --players 4 --out cmp4
  bangsim compare --policies random,random --games 5000     # a check: nothing should be significant
  bangsim compare --policies heuristic,keep --characters plain --json
  bangsim compare --policies heuristic,keep --games 1000000 --shard 2/4 --out cmp2   # one machine of four
  bangsim compare --game duel --policies heuristic,random --games 2000   # = bangsim duel --paired`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error {
			opts.Argv = a.argv
			return runCompare(a.ctx, opts, a.stdout, a.stderr)
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&opts.Policies, "policies", "", "bots to compare, A,B[,C...]; the first is the reference (repeats allowed)")
	fs.StringVar(&opts.Players, "players", opts.Players, "player count (one count)")
	fs.Uint64Var(&opts.Games, "games", opts.Games, "game indices; each plays 1 + players*(policies-1) games")
	// The shared game flags, without --policy and --policy-for: --policies says who plays.
	shared := pflag.NewFlagSet("game", pflag.ContinueOnError)
	shared.SortFlags = false
	opts.gameOptions.bind(shared)
	shared.VisitAll(func(f *pflag.Flag) {
		if f.Name != "policy" && f.Name != "policy-for" {
			fs.AddFlag(f)
		}
	})
	opts.gameOptions.bindConfig(fs)
	fs.Float64Var(&opts.Alpha, "alpha", opts.Alpha, "significance level of the Holm-adjusted tests")
	opts.shardOptions.bind(fs)
	opts.batchOptions.bind(fs, "compare.json")
	return cmd
}

// comparePlan is compareOptions checked.
type comparePlan struct {
	setup       *gameSetup
	players     int
	entrants    []lab.Entrant
	shard       resultfile.Shard
	shardSource string           // where shard came from, for compare.json
	lock        *resultfile.Lock // on --out, from the check until the set is written
}

// splitPolicies splits a --policies list on the commas outside parentheses, so that a
// parameterised spec such as heuristic(a=1,b=2) stays one item.
func splitPolicies(s string) ([]string, error) {
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth < 0 {
				return nil, usagef("malformed --policies %q: unbalanced %q", s, r)
			}
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if depth != 0 {
		return nil, usagef("malformed --policies %q: unbalanced parentheses", s)
	}
	out = append(out, strings.TrimSpace(s[start:]))
	for _, p := range out {
		if p == "" {
			return nil, usagef("malformed --policies %q: an empty name in the list", s)
		}
	}
	return out, nil
}

// parseEntrants reads --policies: at least two, at most lab.MaxEntrants, repeats allowed.
func parseEntrants(s string, g *lab.Game) ([]lab.Entrant, error) {
	if strings.TrimSpace(s) == "" {
		return nil, usagef("compare needs --policies A,B[,C...]: the reference first, then the bots to compare with it")
	}
	specs, err := splitPolicies(s)
	if err != nil {
		return nil, err
	}
	if len(specs) < 2 {
		return nil, usagef("--policies %q names one policy; compare needs at least two (the reference first)", s)
	}
	if len(specs) > lab.MaxEntrants {
		return nil, usagef("--policies names %d policies, at most %d", len(specs), lab.MaxEntrants)
	}
	seen := map[string]int{}
	var out []lab.Entrant
	for _, spec := range specs {
		name, err := g.LookupPolicy(spec)
		if err != nil {
			return nil, usagef("--policies: %w", err)
		}
		if name == "" {
			name = spec
		}
		seen[name]++
		label := name
		if k := seen[name]; k > 1 {
			label = fmt.Sprintf("%s#%d", name, k)
		}
		out = append(out, lab.Entrant{Spec: spec, Label: label})
	}
	return out, nil
}

// plan checks every option before anything is played; all errors are usage errors.
func (o *compareOptions) plan() (*comparePlan, error) {
	g, err := o.gameOptions.gameFor()
	if err != nil {
		return nil, err
	}
	entrants, err := parseEntrants(o.Policies, g)
	if err != nil {
		return nil, err
	}
	if o.parsed != nil && (o.parsed.Policy != "" || o.parsed.PolicyFor != nil) {
		return nil, usagef("--config %s names bots, but compare's come from --policies; leave policy and policy-for out of --config", o.Config)
	}
	players, err := o.gameOptions.players(o.Players, g)
	if err != nil {
		return nil, err
	}
	if len(players) != 1 {
		if o.parsed != nil && o.parsed.Players != nil {
			return nil, usagef("--config %s names %d player counts; compare plays one", o.Config, len(players))
		}
		return nil, usagef("--players must be one count for compare, got %q", o.Players)
	}
	setup, err := o.gameOptions.resolve(players)
	if err != nil {
		return nil, err
	}
	if o.Games == 0 {
		return nil, usagef("--games must be at least 1")
	}
	// Each index plays 1 + players·(policies−1) games (compare.json's games_played).
	perIndex := 1 + uint64(players[0])*uint64(len(entrants)-1)
	if _, ok := lab.GamesProduct(o.Games, perIndex); !ok {
		return nil, asUsage(lab.TooManyGames(fmt.Sprintf("--games %d at %d games an index", o.Games, perIndex)))
	}
	if o.Workers < 0 {
		return nil, usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	if !(o.Alpha > 0 && o.Alpha < 1) {
		return nil, usagef("--alpha %v: want a level between 0 and 1, e.g. 0.05", o.Alpha)
	}
	shard, source, err := o.shardOptions.resolve()
	if err != nil {
		return nil, err
	}
	lock, err := checkWritable(o.Out, resultfile.KindCompare)
	if err != nil {
		return nil, err
	}
	return &comparePlan{setup: setup, players: players[0], entrants: entrants, shard: shard, shardSource: source, lock: lock}, nil
}

// runCompare is `bangsim compare`.
func runCompare(ctx context.Context, opts compareOptions, stdout, stderr io.Writer) error {
	if opts.isDuelCompare() {
		return runCompareDuel(ctx, opts, stdout, stderr)
	}
	p, err := opts.plan()
	if err != nil {
		return err
	}
	defer p.lock.Unlock()
	prog := newProgress(stderr, opts.Quiet, opts.ProgressEvery)
	spec := &lab.CompareSpec{
		Game: p.setup.game, Prepared: p.setup.prepared, Seed: opts.Seed, Players: p.players, Games: opts.Games,
		Entrants: p.entrants, Alpha: opts.Alpha, Shard: p.shard, ShardSource: p.shardSource,
		Workers: opts.Workers, Out: opts.Out, Command: opts.Argv, Progress: prog,
	}
	res, playErr := lab.Compare(ctx, *spec)
	prog.close()
	if res == nil {
		return asUsage(playErr)
	}
	rec := res.Record
	// A partial comparison never replaces a complete one: it then goes beside it.
	where, err := lab.WriteCompareKeep(opts.Out, res)
	if err != nil {
		return err
	}
	if playErr != nil {
		return fmt.Errorf("%w (results of the %d game indices before it were written to %s, marked partial%s)", playErr, rec.GamesPlayed, where, besideNote(where, opts.Out))
	}
	switch {
	case opts.JSON:
		if err := writeJSON(stdout, rec); err != nil {
			return err
		}
	case !opts.Quiet:
		if err := writeCompareSummary(stdout, res, p.setup.game.Luck); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Result files in %s/ (compare.json describes the run)\n", where)
		if !rec.Partial && where == opts.Out {
			if err := writeNext(stdout, "bangsim report "+shellQuote(opts.Out), "an HTML report of the comparison and its chart"); err != nil {
				return err
			}
		}
	}
	if rec.Partial {
		return fmt.Errorf("%w after %d of %d game indices; partial results written to %s (compare.json \"partial\": true)%s",
			errInterrupted, rec.GamesPlayed, rec.GamesPlanned, where, besideNote(where, opts.Out))
	}
	return nil
}

// pText formats a p-value for people: "0.0123", "<0.0001".
func pText(p float64) string {
	if p < 0.0001 {
		return "<0.0001"
	}
	return strconv.FormatFloat(p, 'f', 4, 64)
}

// pEq prefixes pText with "=" unless it is an inequality: "p=0.0123", "p<0.0001".
func pEq(p float64) string {
	s := pText(p)
	if s[0] == '<' {
		return s
	}
	return "=" + s
}

// pointDecimals picks the decimals of a difference in points: one, or two when the
// interval reaches less than 0.2 points either side (one decimal would round it away).
func pointDecimals(d report.Diff) int {
	if 100*(d.High-d.Low)/2 < 0.2 {
		return 2
	}
	return 1
}

// writeCompareSummary prints the win-rate table and one plain sentence per difference;
// luck names what the games share ("dice").
func writeCompareSummary(w io.Writer, res *lab.CompareResult, luck string) error {
	z := report.ZFor(report.Confidence)
	confidence := report.Confidence
	rec, rows, t := res.Record, res.Rows, &res.Tally
	ref := rec.Policies[0]
	title := fmt.Sprintf("Win rate at the seat each policy played (%d players, %d game indices, seed %d; reference %s at the other seats; %.0f%% intervals, cluster-robust)",
		rec.Players, rec.GamesPlayed, rec.Seed, ref, 100*confidence)
	if rec.Shard != nil && rec.Shard.N > 1 {
		title += fmt.Sprintf(" -- shard %d of %d", rec.Shard.K, rec.Shard.N)
	}
	if rec.Partial {
		title += fmt.Sprintf(" -- PARTIAL: %d of %d game indices", rec.GamesPlayed, rec.GamesPlanned)
	}
	header := []string{"policy", "role", "games", "wins", "win rate", "95% CI"}
	var table [][]string
	for k, label := range rec.Policies {
		for _, r := range lab.CompareRoles(res.Declared, rec.Players) {
			cell := t.Rates[k][r]
			rate, ci := report.FormatPercentCI(report.WinRate(cell, z))
			table = append(table, []string{label, lab.RoleName(r), report.FormatValue(cell.Seats), report.FormatValue(cell.Wins), rate, ci})
		}
	}
	if err := report.WriteSummary(w, title, header, table); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nDifference from %s in win probability at the same seats, same %s (percentage points, %.0f%% CI, two-sided p; significant: Holm-adjusted p < %g):\n",
		ref, luck, 100*confidence, rec.Alpha)
	for _, row := range rows {
		d := row.Diff
		dec := pointDecimals(d)
		verdict := "not significant"
		if row.Significant {
			verdict = "significant"
		}
		if _, err := fmt.Fprintf(w, "  %s vs %s, %s: %s points [%s, %s], %s (Holm %s) — %s\n",
			rec.Policies[row.Entrant], ref, lab.RoleName(row.Role),
			report.FormatPoints(d.Mean, dec), report.FormatPoints(d.Low, dec), report.FormatPoints(d.High, dec),
			"p"+pEq(d.P), pText(row.PHolm), verdict); err != nil {
			return err
		}
	}
	sig := 0
	for _, row := range rows {
		if row.Significant {
			sig++
		}
	}
	fmt.Fprintf(w, "%d of %d differences significant at alpha %g. Multiple comparisons: the p-values are Holm-Bonferroni adjusted over all %d tests, "+
		"so the chance of calling any true zero difference significant is at most %g.\n", sig, len(rows), rec.Alpha, len(rows), rec.Alpha)
	if rec.GamesPlayed < fewIndices {
		fmt.Fprintf(w, "note: %d game indices are few: the intervals and p-values are approximations that want at least %d (docs/statistics.md)\n",
			rec.GamesPlayed, fewIndices)
	}
	if rec.Illegal > 0 {
		fmt.Fprintf(w, "note: the engine replaced %d illegal bot choices\n", rec.Illegal)
	}
	return nil
}

// fewIndices is the number of game indices below which a comparison's summary warns
// that its intervals are rough: Student's t keeps them near 95% from about ten indices
// on (report.PairedDiff), but with so few an index's outcome weighs too much for any
// approximation to be trusted far.
const fewIndices = 30
