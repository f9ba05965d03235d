package main

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/sim/run"
	"github.com/bangsim/bangsim/sim/tally"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// Result files of `bangsim compare`; compare.json is written last.
const (
	compareFile     = "compare.csv"
	compareDiffFile = "compare-diff.csv"
	compareJSONFile = "compare.json"
)

// maxEntrants bounds --policies, so the tally is a fixed-size array.
const maxEntrants = 8

// roleAll indexes the every-role row of a compare tally.
const roleAll = int(dice.NumRoles)

// compareOptions are the flags of `bangsim compare`.
type compareOptions struct {
	gameOptions
	Policies string
	Players  string
	Games    uint64
	Alpha    float64
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
plays every seat and role equally often, on the same dice (common random numbers),
each with its own stream for its own coin flips.

It writes in --out: compare.csv (win rate of each policy by role at the seat it
played, cluster-robust 95% intervals), compare-diff.csv (the paired difference from
the reference in win probability per seat, by role and over all roles, with its
interval, p-value, Holm-adjusted p-value and whether it is significant at --alpha) and
compare.json (the run's settings). The terminal says which differences are significant.
docs/statistics.md ("Comparing policies") explains the method.`,
		Example: `  bangsim compare --policies heuristic,random --games 20000
  bangsim compare --policies heuristic,keep,reroll-all --players 4 --out cmp4
  bangsim compare --policies random,random --games 5000     # a check: nothing should be significant
  bangsim compare --policies heuristic,keep --characters plain --json`,
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
	fs.Float64Var(&opts.Alpha, "alpha", opts.Alpha, "significance level of the Holm-adjusted tests")
	opts.batchOptions.bind(fs, "compare.json")
	return cmd
}

// entrant is one policy of a comparison.
type entrant struct {
	Spec  string // as given on the command line
	Label string // the registered name, "#2" etc. appended to repeats
	Entry dicebots.Entry
}

// comparePlan is compareOptions checked.
type comparePlan struct {
	setup    *gameSetup
	rules    dice.Rules
	players  int
	entrants []entrant
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

// parseEntrants reads --policies: at least two, at most maxEntrants, repeats allowed.
func parseEntrants(s string) ([]entrant, error) {
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
	if len(specs) > maxEntrants {
		return nil, usagef("--policies names %d policies, at most %d", len(specs), maxEntrants)
	}
	seen := map[string]int{}
	var out []entrant
	for _, spec := range specs {
		e, err := dicebots.Lookup(spec)
		if err != nil {
			return nil, usagef("--policies: %w", err)
		}
		name := e.Name
		if name == "" {
			name = spec
		}
		seen[name]++
		label := name
		if k := seen[name]; k > 1 {
			label = fmt.Sprintf("%s#%d", name, k)
		}
		out = append(out, entrant{Spec: spec, Label: label, Entry: e})
	}
	return out, nil
}

// plan checks every option before anything is played; all errors are usage errors.
func (o *compareOptions) plan() (*comparePlan, error) {
	entrants, err := parseEntrants(o.Policies)
	if err != nil {
		return nil, err
	}
	setup, err := o.gameOptions.resolve()
	if err != nil {
		return nil, err
	}
	players, err := parsePlayers(o.Players)
	if err != nil {
		return nil, err
	}
	if len(players) != 1 {
		return nil, usagef("--players must be one count for compare, got %q", o.Players)
	}
	rules, err := setup.rules(players[0])
	if err != nil {
		return nil, err
	}
	if o.Games == 0 {
		return nil, usagef("--games must be at least 1")
	}
	if o.Workers < 0 {
		return nil, usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	if !(o.Alpha > 0 && o.Alpha < 1) {
		return nil, usagef("--alpha %v: want a level between 0 and 1, e.g. 0.05", o.Alpha)
	}
	if err := checkWritable(o.Out); err != nil {
		return nil, err
	}
	return &comparePlan{setup: setup, rules: rules, players: players[0], entrants: entrants}, nil
}

// compareTally holds every cell of a comparison; all integers, merged by adding.
type compareTally struct {
	Indices uint64 // game indices played
	Games   uint64 // games played (1 + players·(entrants−1) per index)
	Illegal uint64 // illegal choices replaced by the engine, over every game
	// Rates[k][r]: entrant k at the focal seat, role r (roleAll: every role), clustered
	// by game index.
	Rates [maxEntrants][dice.NumRoles + 1]tally.Cell
	// Diffs[k][r]: entrant k minus the reference at the same seats, clustered by index.
	Diffs [maxEntrants][dice.NumRoles + 1]report.PairedCell
}

// merge adds o into t.
func (t *compareTally) merge(o *compareTally) {
	t.Indices += o.Indices
	t.Games += o.Games
	t.Illegal += o.Illegal
	for k := range t.Rates {
		for r := range t.Rates[k] {
			t.Rates[k][r].Merge(&o.Rates[k][r])
			t.Diffs[k][r].Merge(&o.Diffs[k][r])
		}
	}
}

// comparer is one worker's tables: tables[0] plays the all-reference game, tables[k]
// the games where entrant k sits at one seat. Each table owns its policy instances.
type comparer struct {
	tables []*dice.Table
	seatOf []dice.Policy // entrant k's instance, set at BySeat[s] of tables[k]
}

func newComparer(p *comparePlan) (*comparer, error) {
	c := &comparer{}
	ref := p.entrants[0].Entry
	for k, e := range p.entrants {
		var byRole [dice.NumRoles]dice.Policy
		for r := range byRole {
			byRole[r] = ref.New()
		}
		t, err := dice.NewTable(p.rules, byRole)
		if err != nil {
			return nil, err
		}
		// Each entrant's games draw the bots' coin flips from their own stream; the dice
		// are the game seed's in every game.
		t.PolicySalt = 1 + uint64(k)
		c.tables = append(c.tables, t)
		c.seatOf = append(c.seatOf, e.Entry.New())
	}
	return c, nil
}

func won(g *dice.State, s int) uint64 { return uint64(g.Winners >> uint(s) & 1) }

// play plays game index's games and adds them into t.
func (c *comparer) play(t *compareTally, gameSeed uint64) {
	ref := c.tables[0].Play(gameSeed)
	n := int(ref.Players)
	roles := ref.Role
	refWins := ref.Winners
	t.Indices++
	t.Games++
	t.Illegal += uint64(ref.Illegal)

	var m, y [dice.NumRoles + 1]uint64
	for s := 0; s < n; s++ {
		r := roles[s]
		w := uint64(refWins >> uint(s) & 1)
		m[r]++
		y[r] += w
		y[roleAll] += w
	}
	m[roleAll] = uint64(n)
	for r := range m {
		t.Rates[0][r].Add(m[r], y[r])
	}
	for k := 1; k < len(c.tables); k++ {
		tab := c.tables[k]
		var yk [dice.NumRoles + 1]uint64
		var d [dice.NumRoles + 1]int64
		for s := 0; s < n; s++ {
			tab.BySeat[s] = c.seatOf[k]
			g := tab.Play(gameSeed)
			tab.BySeat[s] = nil
			t.Games++
			t.Illegal += uint64(g.Illegal)
			r := roles[s]
			if g.Role[s] != r {
				panic(fmt.Sprintf("compare: seat %d is %s in the reference game but %s in entrant %d's game", s, r, g.Role[s], k))
			}
			w := won(g, s)
			diff := int64(w) - int64(refWins>>uint(s)&1)
			yk[r] += w
			yk[roleAll] += w
			d[r] += diff
			d[roleAll] += diff
		}
		for r := range m {
			t.Rates[k][r].Add(m[r], yk[r])
			t.Diffs[k][r].Add(m[r], d[r])
		}
	}
}

// compareRecord is compare.json: what was compared, how, and how long it took.
type compareRecord struct {
	Tool           string      `json:"tool"`
	Version        string      `json:"version"`
	Revision       string      `json:"revision,omitempty"`
	Command        []string    `json:"command"`
	Game           string      `json:"game"`
	Seed           uint64      `json:"seed"`
	Players        int         `json:"players"`
	Policies       []string    `json:"policies"` // labels, in --policies order
	Specs          []string    `json:"specs"`    // as given
	Reference      string      `json:"reference"`
	Design         string      `json:"design"`
	Rules          rulesRecord `json:"rules"`
	GamesPlanned   uint64      `json:"game_indices_planned"`
	GamesPlayed    uint64      `json:"game_indices_played"`
	GamesPerIndex  int         `json:"games_per_index"`
	TablesPlayed   uint64      `json:"games_played"` // every game, all entrants
	Illegal        uint64      `json:"illegal_choices"`
	Partial        bool        `json:"partial"`
	ElapsedSeconds float64     `json:"elapsed_seconds"`
	GamesPerSecond float64     `json:"games_per_second"`
	Workers        int         `json:"workers"`
	GoVersion      string      `json:"go_version"`
	StartedAt      string      `json:"started_at"`
	Confidence     float64     `json:"confidence"`
	Alpha          float64     `json:"alpha"`
	Adjustment     string      `json:"adjustment"`
	Out            string      `json:"out"`
}

// compareDesign describes the design in compare.json.
const compareDesign = "for each game index and seat, each policy plays the seat against the reference at every other seat; " +
	"the all-reference game is shared by all seats; common dice from the game seed, policy stream salted 1+policy index; " +
	"differences paired by seat and clustered by game index"

// runCompare is `bangsim compare`.
func runCompare(ctx context.Context, opts compareOptions, stdout, stderr io.Writer) error {
	p, err := opts.plan()
	if err != nil {
		return err
	}
	if _, err := newComparer(p); err != nil {
		return asUsage(err)
	}
	started := time.Now()
	workers := opts.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	perIndex := 1 + p.players*(len(p.entrants)-1)
	rec := &compareRecord{
		Tool:          "bangsim",
		Version:       version,
		Revision:      buildRevision(),
		Command:       opts.Argv,
		Game:          "dice",
		Seed:          opts.Seed,
		Players:       p.players,
		Reference:     p.entrants[0].Label,
		Design:        compareDesign,
		Rules:         newRulesRecord(p.setup),
		GamesPlanned:  opts.Games,
		GamesPerIndex: perIndex,
		Workers:       workers,
		GoVersion:     runtime.Version(),
		StartedAt:     started.UTC().Format(time.RFC3339),
		Confidence:    confidence,
		Alpha:         opts.Alpha,
		Adjustment:    "holm",
		Out:           opts.Out,
	}
	for _, e := range p.entrants {
		rec.Policies = append(rec.Policies, e.Label)
		rec.Specs = append(rec.Specs, e.Spec)
	}

	prog := newProgress(stderr, opts.Quiet, opts.ProgressEvery)
	cfg := run.Config{Games: opts.Games, Seed: opts.Seed, Workers: workers, Progress: prog.start(p.players, opts.Games)}
	newPlayer := func() run.Player[compareTally] {
		c, err := newComparer(p)
		if err != nil {
			panic(err) // checked above
		}
		return func(t *compareTally, _, gameSeed uint64) { c.play(t, gameSeed) }
	}
	res, playErr := run.Run(ctx, cfg, newPlayer, func(dst, src *compareTally) { dst.merge(src) })
	prog.finish(p.players, res.Games, res.Planned, res.Elapsed)
	prog.close()

	rec.GamesPlayed = res.Games
	rec.TablesPlayed = res.Tally.Games
	rec.Illegal = res.Tally.Illegal
	rec.Partial = res.Partial
	rec.ElapsedSeconds = time.Since(started).Seconds()
	rec.GamesPerSecond = perSecond(res.Tally.Games, rec.ElapsedSeconds)

	rows := compareRows(p, &res.Tally, opts.Alpha)
	if err := writeCompare(opts.Out, rec, rows, p, &res.Tally); err != nil {
		return err
	}
	if playErr != nil {
		return fmt.Errorf("%w (results of the %d game indices before it were written to %s, marked partial)", playErr, rec.GamesPlayed, opts.Out)
	}
	switch {
	case opts.JSON:
		if err := writeJSON(stdout, rec); err != nil {
			return err
		}
	case !opts.Quiet:
		if err := writeCompareSummary(stdout, rec, rows, p, &res.Tally); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Result files in %s/ (compare.json describes the run)\n", opts.Out)
	}
	if rec.Partial {
		return fmt.Errorf("%w after %d of %d game indices; partial results written to %s (compare.json \"partial\": true)",
			errInterrupted, rec.GamesPlayed, rec.GamesPlanned, opts.Out)
	}
	return nil
}

// compareRoles returns the role rows of a comparison: the roles present, then roleAll.
func compareRoles(players int) []int {
	counts := dice.RoleCounts(players)
	var out []int
	for r := range counts {
		if counts[r] > 0 {
			out = append(out, r)
		}
	}
	return append(out, roleAll)
}

func roleName(r int) string {
	if r == roleAll {
		return "all"
	}
	return dice.Role(r).String()
}

// diffRow is one paired difference, with its Holm-adjusted p-value.
type diffRow struct {
	Entrant     int
	Role        int
	Seats       uint64
	Diff        report.Diff
	PHolm       float64
	Significant bool
}

// compareRows computes every difference and the Holm adjustment over all of them.
func compareRows(p *comparePlan, t *compareTally, alpha float64) []diffRow {
	z := report.ZFor(confidence)
	var rows []diffRow
	var ps []float64
	for k := 1; k < len(p.entrants); k++ {
		for _, r := range compareRoles(p.players) {
			c := t.Diffs[k][r]
			d := report.PairedDiff(c, z)
			rows = append(rows, diffRow{Entrant: k, Role: r, Seats: c.Seats, Diff: d})
			ps = append(ps, d.P)
		}
	}
	for i, ph := range report.Holm(ps) {
		rows[i].PHolm = ph
		rows[i].Significant = ph < alpha
	}
	return rows
}

// formatP formats a p-value for the CSV: six significant digits, so small values keep
// their size.
func formatP(p float64) string { return strconv.FormatFloat(p, 'g', 6, 64) }

// formatZ formats a difference in standard errors for the CSV, with two decimals.
func formatZ(z float64) string { return strconv.FormatFloat(z, 'f', 2, 64) }

// writeCompare writes compare.csv, compare-diff.csv and, last, compare.json.
func writeCompare(dir string, rec *compareRecord, rows []diffRow, p *comparePlan, t *compareTally) error {
	z := report.ZFor(confidence)
	rates := report.Table{Header: report.RateHeader("policy", "role")}
	for k, e := range p.entrants {
		for _, r := range compareRoles(p.players) {
			rates.Rows = append(rates.Rows, report.RateRow([]string{e.Label, roleName(r)}, t.Rates[k][r], z))
		}
	}
	diffs := report.Table{Header: []string{"policy", "role", "games", "mean_diff", "ci_low", "ci_high", "z", "p_value", "p_holm", "significant"}}
	for _, row := range rows {
		diffs.AddRow(p.entrants[row.Entrant].Label, roleName(row.Role), row.Seats, row.Diff.Mean, row.Diff.Low, row.Diff.High,
			formatZ(row.Diff.Z()), formatP(row.Diff.P), formatP(row.PHolm), row.Significant)
	}
	for _, f := range []struct {
		name  string
		table report.Table
	}{{compareFile, rates}, {compareDiffFile, diffs}} {
		if err := report.WriteFileAtomic(filepath.Join(dir, f.name), f.table.WriteCSV); err != nil {
			return err
		}
	}
	return report.WriteJSONAtomic(filepath.Join(dir, compareJSONFile), rec)
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

// writeCompareSummary prints the win-rate table and one plain sentence per difference.
func writeCompareSummary(w io.Writer, rec *compareRecord, rows []diffRow, p *comparePlan, t *compareTally) error {
	z := report.ZFor(confidence)
	ref := p.entrants[0].Label
	title := fmt.Sprintf("Win rate at the seat each policy played (%d players, %d game indices, seed %d; reference %s at the other seats; %.0f%% intervals, cluster-robust)",
		p.players, rec.GamesPlayed, rec.Seed, ref, 100*confidence)
	if rec.Partial {
		title += fmt.Sprintf(" -- PARTIAL: %d of %d game indices", rec.GamesPlayed, rec.GamesPlanned)
	}
	header := []string{"policy", "role", "games", "wins", "win rate", "95% CI"}
	var table [][]string
	for k, e := range p.entrants {
		for _, r := range compareRoles(p.players) {
			cell := t.Rates[k][r]
			rate, ci := report.FormatPercentCI(report.WinRate(cell, z))
			table = append(table, []string{e.Label, roleName(r), report.FormatValue(cell.Seats), report.FormatValue(cell.Wins), rate, ci})
		}
	}
	if err := report.WriteSummary(w, title, header, table); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nDifference from %s in win probability at the same seats, same dice (percentage points, %.0f%% CI, two-sided p; significant: Holm-adjusted p < %g):\n",
		ref, 100*confidence, rec.Alpha)
	for _, row := range rows {
		d := row.Diff
		dec := pointDecimals(d)
		verdict := "not significant"
		if row.Significant {
			verdict = "significant"
		}
		if _, err := fmt.Fprintf(w, "  %s vs %s, %s: %s points [%s, %s], %s (Holm %s) — %s\n",
			p.entrants[row.Entrant].Label, ref, roleName(row.Role),
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
	if rec.Illegal > 0 {
		fmt.Fprintf(w, "note: the engine replaced %d illegal bot choices\n", rec.Illegal)
	}
	return nil
}
