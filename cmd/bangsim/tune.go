package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// tuneOptions are the flags of `bangsim tune`.
type tuneOptions struct {
	gameOptions
	Params   string
	Role     string
	Field    string
	Players  string
	Games    uint64
	Budget   int
	Validate uint64
	Resume   string
	Draft    string // --draft-policy: the duel's draft bot of both seats
	batchOptions
	Argv []string       // the command line recorded in tune.json
	fs   *pflag.FlagSet // to tell which flags the user set (--resume fills the others)
}

// defaultTuneOptions returns the defaults of `bangsim tune`.
func defaultTuneOptions() tuneOptions {
	return tuneOptions{
		gameOptions:  defaultGameOptions(),
		Role:         "all",
		Players:      "5",
		Games:        2000,
		Budget:       100,
		Validate:     20_000,
		Draft:        "random",
		batchOptions: defaultBatchOptions("results-tune"),
	}
}

// tuneCmd builds `bangsim tune`.
func (a *app) tuneCmd() *cobra.Command {
	opts := defaultTuneOptions()
	cmd := &cobra.Command{
		Use:   "tune --policy SPEC",
		Short: "Tune a bot's parameters: CMA-ES and an n-tuple bandit on common seeds, validated on fresh ones",
		Long: `Tune searches the declared parameters of the --policy bot (see 'bangsim policies'),
starting from the values its spec gives, for the values that win most.

Each candidate plays the focal seats (every seat, or the --role's) of the same game
indices 0..--games-1 at each --players count, with the --field bot at every other seat
(default: the game's default bot; "self": the --policy spec as given). Its estimate is
its wins minus the start's at the same seats of the same games, on the same dice or
cards. Integer parameters are searched with CMA-ES (gonum's CmaEsChol, each range
scaled to 0..1 and rounded back), boolean ones with an n-tuple bandit (NTBEA), the
integer ones first, their --budget evaluations shared in proportion to their counts.
The best candidate is then validated against the start on --validate-games fresh
game indices no evaluation used, with a 95% interval, paired by seat and clustered by
game index (docs/policies.md, "Tuning a bot").

--game duel tunes a long-duel play bot (search's rollouts, all, z10) at both seats of
the duel, --field (default heuristic) at the other, both seats drafting with
--draft-policy (default random); it takes the duel's rule options and no --players
or --role.

It writes in --out: tune.json (the settings, every evaluation, the validation),
tune-convergence.csv (iteration, best so far, candidate, estimate, games),
tune-validation.csv and the chart plot-tune.svg/.png. Ctrl-C keeps the best so far
(a partial set, beside a complete one); --resume DIR continues it: the same seed asks
for the same candidates, so the evaluations recorded are not played again and the
result is the one an uninterrupted tune gives.`,
		Example: `  bangsim tune --policy 'heuristic(beer_below=0)' --params beer_below --games 2000 --budget 20
  bangsim tune --policy heuristic --role outlaw --players 4-6 --budget 200 --out tune-outlaw
  bangsim tune --policy 'heuristic(beer_below=0)' --field self --json
  bangsim tune --resume results-tune --budget 200                 # continue, or extend the budget
  bangsim tune --game duel --policy 'search(rollouts=8,z10=0)' --params z10 --games 64 --budget 8 --validate-games 128   # slow`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error {
			opts.Argv = a.argv
			return runTune(a.ctx, opts, a.stdout, a.stderr)
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	shared := pflag.NewFlagSet("game", pflag.ContinueOnError)
	shared.SortFlags = false
	opts.gameOptions.bind(shared)
	shared.VisitAll(func(f *pflag.Flag) {
		switch f.Name {
		case "policy":
			f.Usage = "the bot to tune, with its start values (see 'bangsim policies')"
			fs.AddFlag(f)
		case "policy-for":
		default:
			fs.AddFlag(f)
		}
	})
	fs.StringVar(&opts.Params, "params", "", "parameters to tune, NAME,NAME... (default: every declared one)")
	fs.StringVar(&opts.Role, "role", opts.Role, "the role the tuned bot plays: all (every seat), sheriff, renegade, outlaw or deputy")
	fs.StringVar(&opts.Field, "field", "", `bot at every other seat (default: the game's default bot; "self": the --policy spec)`)
	fs.StringVar(&opts.Players, "players", opts.Players, "player counts, e.g. 5 or 4-6 or 4,6")
	fs.Uint64Var(&opts.Games, "games", opts.Games, "game indices per evaluation, at each player count")
	fs.IntVar(&opts.Budget, "budget", opts.Budget, "candidate evaluations (the start's own is not counted)")
	fs.Uint64Var(&opts.Validate, "validate-games", opts.Validate, "fresh game indices validating the result, at each player count")
	fs.StringVar(&opts.Draft, "draft-policy", opts.Draft, "--game duel: the draft bot of both seats ("+strings.Join(cardgame.DuelDraftBots(), ", ")+")")
	fs.StringVar(&opts.Resume, "resume", "", "continue the tune recorded in DIR (its flags are the defaults; --out defaults to its --out)")
	opts.gameOptions.bindConfig(fs)
	opts.batchOptions.bind(fs, "tune.json")
	opts.fs = fs
	return cmd
}

// tunePlan is tuneOptions checked.
type tunePlan struct {
	spec    lab.TuneSpec
	resumed *resultfile.Tune
	lock    *resultfile.Lock
}

// fromRecord fills the flags the user did not set from a recorded tune, for --resume.
func (o *tuneOptions) fromRecord(t *resultfile.Tune) {
	set := func(name string, f func()) {
		if o.fs == nil || !o.fs.Changed(name) {
			f()
		}
	}
	set("game", func() { o.Game = t.Game })
	set("seed", func() { o.Seed = t.Seed })
	set("policy", func() { o.Policy = t.Start })
	set("params", func() { o.Params = strings.Join(t.Params, ",") })
	set("role", func() { o.Role = strings.ToLower(t.Role) })
	set("field", func() { o.Field = t.Field })
	set("players", func() { o.Players = joinCounts(t.Players) })
	set("games", func() { o.Games = t.GamesPerEval })
	set("budget", func() { o.Budget = t.Budget })
	set("validate-games", func() { o.Validate = t.ValidateGames })
	if d, ok := t.Rules.Get("draft_policy").(string); ok {
		set("draft-policy", func() { o.Draft = d })
	}
	set("out", func() {
		if t.Out != "" {
			o.Out = t.Out
		} else {
			o.Out = o.Resume
		}
	})
}

// joinCounts writes player counts as --players takes them.
func joinCounts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ",")
}

// plan checks every option before anything is played; all errors are usage errors.
func (o *tuneOptions) plan() (*tunePlan, error) {
	var resumed *resultfile.Tune
	if o.Resume != "" {
		r, err := openResults(o.Resume, "resume", resultfile.KindTune)
		if err != nil {
			return nil, err
		}
		resumed = r.Tune
		o.fromRecord(resumed)
		// The recorded added characters are the game's unless a file or game is given
		// (then the resumed tune must be the same: lab.RunTune checks).
		if len(resumed.Characters) > 0 && !o.changed("characters-file") && !o.changed("game") && o.Config == "" {
			g, err := lab.GameOfRecord(resultfile.TuneFile, resumed.Game, resumed.Characters)
			if err != nil {
				return nil, usagef("cannot resume %s: %w", o.Resume, err)
			}
			o.chosen = g
		}
	}
	if o.isDuel() {
		return o.planDuel(resumed)
	}
	if o.fs != nil && o.fs.Changed("draft-policy") {
		return nil, usagef("--draft-policy: only the long duel drafts (--game duel)")
	}
	g, err := o.gameOptions.gameFor()
	if err != nil {
		return nil, err
	}
	if o.parsed != nil && (o.parsed.Policy != "" || o.parsed.PolicyFor != nil) {
		return nil, usagef("--config %s names bots, but tune's come from --policy and --field; leave policy and policy-for out of --config", o.Config)
	}
	if g.PolicyParams == nil {
		return nil, usagef("--game %s: its bots' parameters cannot be tuned", g.Name)
	}
	players, err := o.gameOptions.players(o.Players, g)
	if err != nil {
		return nil, err
	}
	setup, err := o.gameOptions.resolve(players)
	if err != nil {
		return nil, err
	}
	role, err := lab.ParseTuneRole(o.Role)
	if err != nil {
		return nil, asUsage(err)
	}
	for _, n := range players {
		if !lab.RoleDealt(g.Declared(), role, n) {
			return nil, usagef("--role %s: no %s is dealt at %d players", o.Role, lab.RoleName(role), n)
		}
	}
	return o.planCommon(g, setup.prepared, players, role, resumed)
}

// planCommon checks the options every game's tune shares (the field, the budget, the
// games, --out) and returns the plan.
func (o *tuneOptions) planCommon(g *lab.Game, table lab.Table, players []int, role int, resumed *resultfile.Tune) (*tunePlan, error) {
	field := o.Field
	switch strings.ToLower(strings.TrimSpace(field)) {
	case "":
		field = g.DefaultPolicy
	case "self":
		field = o.Policy
	}
	if _, err := g.LookupPolicy(field); err != nil {
		return nil, usagef("--field: %w", err)
	}
	var params []string
	if strings.TrimSpace(o.Params) != "" {
		params = strings.Split(o.Params, ",")
	}
	switch {
	case o.Games == 0:
		return nil, usagef("--games must be at least 1")
	case o.Games >= lab.ValidateFirst || o.Validate >= lab.ValidateFirst:
		return nil, usagef("--games and --validate-games must be below %d", uint64(lab.ValidateFirst))
	case o.Budget < 1:
		return nil, usagef("--budget %d: want at least 1 evaluation", o.Budget)
	case o.Validate == 0:
		return nil, usagef("--validate-games must be at least 1")
	case o.Workers < 0:
		return nil, usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	lock, err := checkWritable(o.Out, resultfile.KindTune)
	if err != nil {
		return nil, err
	}
	spec := lab.TuneSpec{
		Game: g, Prepared: table, Seed: o.Seed, Players: players, Role: role, Field: field, Start: o.Policy,
		Params: params, Games: o.Games, Budget: o.Budget, Validate: o.Validate, Workers: o.Workers, Out: o.Out,
		Command: o.Argv, Resume: resumed,
	}
	return &tunePlan{spec: spec, resumed: resumed, lock: lock}, nil
}

// runTune is `bangsim tune`.
func runTune(ctx context.Context, opts tuneOptions, stdout, stderr io.Writer) error {
	p, err := opts.plan()
	if err != nil {
		return err
	}
	defer p.lock.Unlock()
	prog := newNamedProgress(stderr, opts.Quiet, opts.ProgressEvery, "tune", "evaluations")
	budget := uint64(p.spec.Budget)
	update := prog.Start(0, budget)
	began := time.Now()
	p.spec.OnEval = func(e resultfile.TuneEval) {
		fmt.Fprintf(prog.log(), "tune: %d %s %s points (best so far %s points)\n", e.Iteration, e.Spec,
			report.FormatPoints(e.Gain, 2), report.FormatPoints(e.BestGain, 2))
		if update != nil {
			update(uint64(e.Iteration), budget)
		}
	}
	res, runErr := lab.RunTune(ctx, p.spec)
	if res != nil {
		prog.Finish(0, uint64(len(res.Record.Evaluations)), budget, time.Since(began))
	}
	prog.close()
	if res == nil {
		return asUsage(runErr)
	}
	rec := res.Record
	where, err := lab.WriteTuneKeep(opts.Out, res)
	if err != nil {
		return err
	}
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return fmt.Errorf("%w (the best so far was written to %s, marked partial%s)", runErr, where, besideNote(where, opts.Out))
	}
	switch {
	case opts.JSON:
		if err := writeJSON(stdout, rec); err != nil {
			return err
		}
	case !opts.Quiet:
		if err := writeTuneSummary(stdout, rec); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "Result files in %s/ (tune.json describes the run)\n", where)
		if rec.Partial {
			if err := writeNext(stdout, "bangsim tune --resume "+shellQuote(where), "continue the tune from its recorded evaluations"); err != nil {
				return err
			}
		} else if err := writeTuneNext(stdout, rec); err != nil {
			return err
		}
	}
	if rec.Partial {
		return fmt.Errorf("%w after %d of %d evaluations; the best so far was written to %s (tune.json \"partial\": true; continue with --resume)%s",
			errInterrupted, len(rec.Evaluations), rec.Budget, where, besideNote(where, opts.Out))
	}
	return nil
}

// writeTuneSummary prints what was tuned, the best spec and its validation.
func writeTuneSummary(w io.Writer, rec *resultfile.Tune) error {
	partial := ""
	if rec.Partial {
		partial = fmt.Sprintf(" -- PARTIAL: %d of %d evaluations, not validated", len(rec.Evaluations), rec.Budget)
	}
	fmt.Fprintf(w, "Tuned %s %s against %s (%s players, %d game indices per evaluation, %d evaluations, seed %d)%s\n",
		rec.Start, tuneRoleText(rec.Role), rec.Field, joinCounts(rec.Players), rec.GamesPerEval, len(rec.Evaluations), rec.Seed, partial)
	fmt.Fprintf(w, "  parameters: %s\n  method: %s; %s\n", strings.Join(rec.Params, ", "), rec.Method, rec.Stopped)
	fmt.Fprintf(w, "  best on the tuning seeds: %s, %s points over the start\n", rec.Best, report.FormatPoints(rec.BestGain, 2))
	if v := rec.Validation; v != nil {
		fmt.Fprintf(w, "\nValidation on %d fresh game indices per player count (win rate at the tuned seats; differences in points, 95%% CI, paired by seat, clustered by game):\n", v.Indices)
		header := []string{"players", "seats", "field", "start", "tuned", "tuned - start", "tuned - field"}
		var rows [][]string
		for _, r := range v.Rows {
			rows = append(rows, []string{r.Players, report.FormatValue(r.Seats),
				pct1(r.FieldRate), pct1(r.StartRate), pct1(r.TunedRate),
				diffText(r.Gain, r.GainLow, r.GainHigh, r.GainP), diffText(r.VsField, r.VsFieldLow, r.VsFieldHigh, r.VsFieldP)})
		}
		if err := report.WriteSummary(w, "", header, rows); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "Tuned spec: %s\n", rec.Best)
	return err
}

// tuneRoleText says where the tuned bot sat.
func tuneRoleText(role string) string {
	if role == "all" {
		return "at every seat"
	}
	return "as " + role
}

// diffText writes a difference and its interval in points with its p-value.
func diffText(mean, lo, hi, p float64) string {
	return fmt.Sprintf("%s [%s, %s] p%s", report.FormatPoints(mean, 1), report.FormatPoints(lo, 1), report.FormatPoints(hi, 1), pEq(p))
}

// pct1 writes a rate as a percentage with one decimal.
func pct1(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

// writeTuneNext names the command that plays the tuned spec on seeds the tune never
// used (the next run seed: the tune's own seed indexes the tuning games): a comparison
// of the field, the start and the tuned bot at every seat, a run with it in the tuned
// role, or for the duel a ladder of the three.
func writeTuneNext(w io.Writer, rec *resultfile.Tune) error {
	seed := rec.Seed + 1
	specs := []string{rec.Field}
	for _, s := range []string{rec.Start, rec.Best} {
		if !slices.Contains(specs, s) {
			specs = append(specs, s)
		}
	}
	if rec.Game == resultfile.DuelGame {
		if len(specs) == 1 {
			specs = append(specs, "random") // a ladder wants two bots
		}
		return writeNext(w, fmt.Sprintf("bangsim ladder --game duel --policies %s --games 256 --seed %d", shellQuote(strings.Join(specs, ",")), seed),
			"the field, the start and the tuned bot rated in paired duels on fresh seeds")
	}
	// The same added characters: the file the command line named, else a word to give it.
	file, note := "", ""
	if len(rec.Characters) > 0 {
		if path := recordedFlag(rec.Command, "characters-file"); path != "" {
			file = " --characters-file " + shellQuote(path)
		} else {
			note = "; give it the --characters-file the tune played"
		}
	}
	if rec.Role == "all" {
		return writeNext(w, fmt.Sprintf("bangsim compare --game %s --players %d --policies %s --games 20000 --seed %d%s",
			rec.Game, rec.Players[0], shellQuote(strings.Join(specs, ",")), seed, file),
			"the start and the tuned bot against the field at every seat and role, on fresh seeds"+note)
	}
	return writeNext(w, fmt.Sprintf("bangsim run --game %s --players %s --policy %s --policy-for %s --games 100000 --seed %d%s",
		rec.Game, joinCounts(rec.Players), shellQuote(rec.Field), shellQuote(strings.ToLower(rec.Role)+"="+rec.Best), seed, file),
		"the tuned bot in its role, the field elsewhere, on fresh seeds"+note)
}

// recordedFlag returns the value of --name in a recorded command line ("--name V" or
// "--name=V"), "" when it is not there.
func recordedFlag(argv []string, name string) string {
	for i, a := range argv {
		if a == "--"+name && i+1 < len(argv) {
			return argv[i+1]
		}
		if v, ok := strings.CutPrefix(a, "--"+name+"="); ok {
			return v
		}
	}
	return ""
}
