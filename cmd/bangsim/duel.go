package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// duelOptions are the flags of `bangsim duel`.
type duelOptions struct {
	Duels  int
	Seed   uint64
	Bots   string // --policy: play bots of seat 0 and seat 1, "a,b" (one name: both)
	Drafts string // --draft-policy: draft bots of seat 0 and seat 1
	Replay int64  // >= 0: print duel Replay's decisions instead of playing the run
	Paired bool   // every duel seed twice, the seats' bots swapped the second time
	// CharactersFile is --characters-file: characters the draft lays out beside the
	// printed sixteen.
	CharactersFile string
	ruleValues     []lab.Value // the card rule options that apply to a duel (duelRuleValues)
	fromCompare    bool        // run as `bangsim compare --game duel`: its Next: line is compare's
	Argv           []string
	shardOptions   // --shard, --shards (or a scheduler's variables)
	batchOptions   // --workers, --out, -q and --json (the run and the three tables as JSON)
}

// duelCmd builds `bangsim duel`.
func (a *app) duelCmd() *cobra.Command {
	opts := duelOptions{Duels: 10000, Seed: 1, Bots: "heuristic", Drafts: "random", Replay: -1, batchOptions: defaultBatchOptions("duel")}
	cmd := &cobra.Command{
		Use:   "duel",
		Short: "Play many long duels (the league's two-player finals) between two bots",
		Long: `Duel plays the Liga Bang! finals' "long duel" (docs/rules.md, the long duel) many times:
two players, five characters each drafted from ten, stacked, two in play at a time. Seat 0
is the better-ranked player, who chooses to pick first or to start first (its draft bot
decides). Duel I's seed is derived from --seed and I, so results do not depend on
--workers.

It writes into --out:

  seats.csv        seat,policy,draft_policy,duels,wins,draws,win_rate,ci_low,ci_high
  order.csv        order,duels,wins,win_rate,ci_low,ci_high: the side that picked first
                   and the side that started first (a draw counts as no win for either)
  characters.csv   character,duels,wins,win_rate,ci_low,ci_high: the win rate of the side
                   that drafted each character
  duel-tally.json  the exact counts behind the three (schema bangsim.duel-tally/1), which
                   'bangsim merge' adds up
  run.json         what was played and how to play it again (schema bangsim.duel-run/1)

Rates and intervals are fractions with 6 decimals, the intervals 95% Wilson score
intervals. --shard K/N (or a Slurm job array, or --shards N in a Kubernetes Indexed
Job) plays the K-th of N slices of the duels; 'bangsim merge' adds the shards up into
the files one process writes, byte for byte. Interrupted (Ctrl-C), duel writes the
duels finished, always duels 0 to k-1 of its slice, marked partial in run.json, beside
a complete result rather than over it (DIR.partial). 'bangsim plot' and 'bangsim
report' draw a duel directory's charts. --replay I writes nothing: it prints duel I of
the run (the draft, the stacks, every decision asked, the board at each turn), as
'bangsim replay --game duel --index I' does.

--paired compares the two seats' bots with common random numbers: every duel seed is
played twice, the second time with the seats' play and draft bots swapped, and
duel-paired.csv (player,policy,draft_policy,pairs,duels,wins,draws,win_rate,ci_low,
ci_high,diff,diff_low,diff_high,p_value) gives player A (seat 0's bots as given) and B
over both seatings, with intervals clustered by seed and the paired difference of
'bangsim compare'. The other files then count both duels of every seed.`,
		Example: `  bangsim duel                                       # 10,000 duels, heuristic bots, random drafts
  bangsim duel --duels 100000 --draft-policy value-first,value-first --out d1
  bangsim duel --policy heuristic,random --draft-policy random   # seat 0 heuristic, seat 1 random
  bangsim duel --duels 1000000 --shard 2/4 --out d-part2   # one machine of four; then bangsim merge
  bangsim duel --paired --policy heuristic,random    # the two play bots, seats swapped on every seed
  bangsim duel --replay 3                            # duel 3 of the default run, turn by turn
  bangsim duel --duels 2000 --json | jq '.order'     # the draft order's rows as JSON`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(cmd *cobra.Command, _ []string) error {
			opts.Argv = a.argv
			var err error
			if opts.ruleValues, err = duelRuleValues(cmd.Flags()); err != nil {
				return err
			}
			return runDuel(a.ctx, opts, a.stdout, a.stderr)
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.IntVar(&opts.Duels, "duels", opts.Duels, "duels to play (over all shards)")
	fs.Uint64Var(&opts.Seed, "seed", opts.Seed, "run seed; duel I's seed derives from it and I")
	fs.StringVar(&opts.Bots, "policy", opts.Bots, "play bot of both seats, or SEAT0,SEAT1 ("+strings.Join(cardgame.DuelPlayBots(), ", ")+")")
	fs.StringVar(&opts.Drafts, "draft-policy", opts.Drafts, "draft bot of both seats, or SEAT0,SEAT1 ("+strings.Join(cardgame.DuelDraftBots(), ", ")+")")
	fs.Int64Var(&opts.Replay, "replay", opts.Replay, "print duel I of the run turn by turn instead of playing the run (with --json, JSON Lines)")
	fs.BoolVar(&opts.Paired, "paired", false, "play every duel seed twice, the seats' bots swapped the second time, and compare the two players (duel-paired.csv)")
	bindDuelRules(fs)
	bindCharactersFile(fs, &opts.CharactersFile)
	fs.Lookup("characters-file").Usage = "add the characters a YAML file defines (name, life, powers; the card game's, or game: duel) to the printed sixteen the draft lays ten out of"
	opts.shardOptions.bind(fs)
	opts.batchOptions.bind(fs, "the run and the three tables' rows (their columns as keys) as one JSON object")
	fs.Lookup("out").Usage = "directory for the result files (created if missing)"
	// The names before bangsim spelt every bot --policy, kept for old command lines.
	hiddenAliases(fs, map[string]string{"bots": "policy", "drafts": "draft-policy"})
	return cmd
}

// spec is the lab's DuelSpec of the flags.
func (o duelOptions) spec() cardgame.DuelSpec {
	return cardgame.DuelSpec{Bots: cardgame.SplitPair(o.Bots), Drafts: cardgame.SplitPair(o.Drafts), Seed: o.Seed,
		Duels: uint64(o.Duels), Workers: o.Workers, Command: o.Argv, Out: o.Out, Paired: o.Paired}
}

// bindDuelRules registers the card rule options that apply to a long duel
// (cardgame.DuelRuleParams) with the names, defaults and help of run --game card's.
func bindDuelRules(fs *pflag.FlagSet) {
	for _, p := range cardgame.DuelRuleParams() {
		if p.Text {
			fs.String(p.Name, p.DefaultText, p.Doc)
		} else {
			fs.Int(p.Name, p.Default, p.Doc)
		}
	}
}

// duelRuleValues reads the duel's rule options from fs, where they are registered under
// the card game's names (by bindDuelRules, or replay's game flags); unset ones are the
// rulebook's. DuelSpec.SetRules checks them.
func duelRuleValues(fs *pflag.FlagSet) ([]lab.Value, error) {
	ps := cardgame.DuelRuleParams()
	vals := lab.Defaults(ps)
	for i, p := range ps {
		f := fs.Lookup(p.Name)
		if f == nil || !f.Changed {
			continue
		}
		if p.Text {
			vals[i].Text = f.Value.String()
			continue
		}
		n, err := strconv.Atoi(f.Value.String())
		if err != nil {
			return nil, usagef("--%s %q: want a whole number", p.Name, f.Value.String())
		}
		vals[i].Int = n
	}
	return vals, nil
}

// checkDuelRun checks --duels, --workers and the bots; all errors are usage errors.
func checkDuelRun(o duelOptions) (cardgame.DuelSpec, error) {
	if o.Duels < 1 || o.Duels > 1_000_000_000 {
		return cardgame.DuelSpec{}, usagef("--duels %d: want 1 to 1,000,000,000", o.Duels)
	}
	if o.Workers < 0 {
		return cardgame.DuelSpec{}, usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	spec := o.spec()
	var err error
	if spec.Game, err = withCharactersFile(cardgame.DuelLabGame(), o.CharactersFile); err != nil {
		return spec, err
	}
	if err := spec.SetRules(o.ruleValues); err != nil {
		return spec, asUsage(err)
	}
	if _, err := spec.NewDuel(); err != nil {
		return spec, asUsage(err) // a bot name it does not know (cardgame.ErrDuelBot)
	}
	return spec, nil
}

// runDuel plays the duels and writes the files (also of an interrupted run, marked
// partial).
func runDuel(ctx context.Context, o duelOptions, stdout, stderr io.Writer) error {
	spec, err := checkDuelRun(o)
	if err != nil {
		return err
	}
	switch {
	case o.Replay < -1:
		return usagef("--replay %d: want a duel of the run, 0 to %d", o.Replay, o.Duels-1)
	case o.Replay >= int64(o.Duels):
		return usagef("--replay %d: the run has duels 0 to %d (--duels %d)", o.Replay, o.Duels-1, o.Duels)
	case o.Replay >= 0:
		return spec.Replay(stdout, uint64(o.Replay), cardgame.DuelReplay{JSON: o.JSON})
	}
	if spec.Shard, spec.ShardSource, err = o.shardOptions.resolve(); err != nil {
		return err
	}
	lock, err := checkWritable(o.Out, resultfile.KindDuel)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	// The duels' progress as a run's: a bar on a terminal, lines in logs.
	prog := newNamedProgress(stderr, o.Quiet, o.ProgressEvery, "long duels", "duels")
	spec.Progress = prog.Start(2, spec.ShardDuels())
	began := time.Now()
	res, playErr := cardgame.RunDuels(ctx, spec)
	if res == nil {
		prog.close()
		return playErr
	}
	rec := res.Record
	prog.Finish(2, rec.DuelsPlayed, rec.DuelsPlanned, time.Since(began))
	prog.close()
	// A partial run never replaces a complete one: it then goes beside it.
	where, err := cardgame.WriteDuelKeep(o.Out, res)
	if err != nil {
		return err
	}
	if playErr != nil {
		return fmt.Errorf("%w (results of the %d duels before it were written to %s, marked partial%s)", playErr, rec.DuelsPlayed, where, besideNote(where, o.Out))
	}
	switch {
	case o.JSON:
		if err := writeDuelJSON(stdout, o, res); err != nil {
			return err
		}
	case !o.Quiet:
		if err := writeDuelSummary(stdout, res); err != nil {
			return err
		}
		if _, err := fmt.Fprintf(stdout, "Result files in %s/ (run.json describes the run)\n", where); err != nil {
			return err
		}
		if !rec.Partial {
			if err := writeDuelNext(stdout, o, rec); err != nil {
				return err
			}
		}
	}
	if rec.Partial {
		return fmt.Errorf("%w after %d of %d duels; partial results written to %s (run.json \"partial\": true)%s",
			errInterrupted, rec.DuelsPlayed, rec.DuelsPlanned, where, besideNote(where, o.Out))
	}
	return nil
}

// runDuelReplay is `bangsim replay --game duel`: duel --index of the run of --seed,
// --policy and --draft-policy, as `bangsim duel --replay` prints it. The flags of the
// other games mean nothing to a duel and are refused rather than ignored; --json and
// --decisions are the game's.
func runDuelReplay(o replayOptions, stdout io.Writer) error {
	for _, name := range []string{"players", "policy-for", "characters", "fixed-seats", "config"} {
		if o.changed(name) {
			return usagef("--%s: a long duel has two seats and drafts its characters; replay --game duel takes --seed, --index, --policy, --draft-policy and --characters-file", name)
		}
	}
	bots := "heuristic" // bangsim duel's default --policy; the dice game's is another
	if o.changed("policy") {
		bots = o.Policy
	}
	spec := duelOptions{Seed: o.Seed, Bots: bots, Drafts: o.Drafts}.spec()
	vals, err := duelRuleValues(o.fs)
	if err != nil {
		return err
	}
	if spec.Game, err = withCharactersFile(cardgame.DuelLabGame(), o.CharactersFile); err != nil {
		return err
	}
	if err := spec.SetRules(vals); err != nil {
		return asUsage(err)
	}
	if _, err := spec.NewDuel(); err != nil {
		return asUsage(err)
	}
	return spec.Replay(stdout, o.Index, cardgame.DuelReplay{JSON: o.JSON, Decisions: o.Decisions})
}

// rateText returns k wins in n for people as run's summary writes rates: the win rate
// and its 95% interval in percent, "48.2%" and "[47.0%, 49.4%]" ("–" when n is 0).
func rateText(k, n uint64) (rate, interval string) {
	if n == 0 {
		return "–", "–"
	}
	return report.FormatPercentCI(report.DuelInterval(k, n))
}

// writeDuelJSON prints the run and its three tables as one JSON object.
func writeDuelJSON(w io.Writer, o duelOptions, res *cardgame.DuelResult) error {
	tables := report.DuelTables(&res.Tally)
	rows := func(i int) []map[string]any {
		return tables[i].JSONRows("policy", "draft_policy", "order", "character")
	}
	c := &res.Tally.Counts
	return writeJSON(w, struct {
		Duels      uint64              `json:"duels"`
		Draws      uint64              `json:"draws"`
		Seed       uint64              `json:"seed"`
		Policy     string              `json:"policy"`
		Draft      string              `json:"draft_policy"`
		Out        string              `json:"out"`
		Run        *resultfile.DuelRun `json:"run"`
		Seats      []map[string]any    `json:"seats"`
		Order      []map[string]any    `json:"order"`
		Characters []map[string]any    `json:"characters"`
		Paired     []map[string]any    `json:"paired,omitempty"`
	}{c.Duels, c.Draws, o.Seed, o.Bots, o.Drafts, o.Out, res.Record, rows(0), rows(1), rows(2), pairedRows(tables)})
}

// pairedRows is duel-paired.csv's rows as --json prints them, nil for an unpaired run.
func pairedRows(tables []report.DuelTable) []map[string]any {
	if len(tables) < 4 {
		return nil
	}
	return tables[3].JSONRows("player", "policy", "draft_policy")
}

// writeDuelSummary prints the seat and draft-order results people read at the end of a
// run or a merge.
func writeDuelSummary(w io.Writer, res *cardgame.DuelResult) error {
	rec, c := res.Record, &res.Tally.Counts
	var seats [][]string
	for s := range 2 {
		rate, ci := rateText(c.SeatWins[s], c.Duels)
		pol, draft := rec.Policy[s], rec.DraftPolicy[s]
		if c.Paired != nil { // both players sat here, half the duels each (seats.csv says so too)
			pol, draft = pol+"/"+rec.Policy[1-s], draft+"/"+rec.DraftPolicy[1-s]
		}
		seats = append(seats, []string{strconv.Itoa(s), pol, draft, strconv.FormatUint(c.SeatWins[s], 10), rate, ci})
	}
	title := fmt.Sprintf("Long duels: %d (seed %d, policy %s, draft policy %s), %d draws; seat 0 is the better-ranked player",
		c.Duels, rec.Seed, pairFlag(rec.Policy), pairFlag(rec.DraftPolicy), c.Draws)
	if rec.Shard.N > 1 {
		title += fmt.Sprintf(" -- shard %d of %d", rec.Shard.K, rec.Shard.N)
	}
	if rec.Partial {
		title += fmt.Sprintf(" -- PARTIAL: %d of %d duels", rec.DuelsPlayed, rec.DuelsPlanned)
	}
	if err := report.WriteSummary(w, title, []string{"seat", "policy", "draft policy", "wins", "win rate", "95% interval"}, seats); err != nil {
		return err
	}
	fmt.Fprintln(w)
	var rows [][]string
	for i, name := range []string{"pick first", "start first"} {
		rate, ci := rateText(c.OrderWins[i], c.Duels)
		rows = append(rows, []string{name, strconv.FormatUint(c.OrderWins[i], 10), rate, ci})
	}
	if err := report.WriteSummary(w, "Draft order", []string{"draft order", "wins", "win rate", "95% interval"}, rows); err != nil {
		return err
	}
	p := c.Paired
	if p == nil {
		return nil
	}
	fmt.Fprintln(w)
	z := report.ZFor(report.Confidence)
	diff := report.PairedDiff(report.PairedCell(p.Diff), z)
	var players [][]string
	for i, name := range []string{"A", "B"} {
		rate, ci := report.FormatPercentCI(report.WinRate(p.Players[i], z))
		players = append(players, []string{name, rec.Policy[i], rec.DraftPolicy[i], strconv.FormatUint(p.Players[i].Wins, 10), rate, ci})
	}
	title = fmt.Sprintf("Paired: %d duel seeds, each played with A in seat 0 and with B in seat 0; A less B: %s points, 95%% interval [%s, %s], p = %.3g",
		p.Pairs, report.FormatPoints(diff.Mean, 1), report.FormatPoints(diff.Low, 1), report.FormatPoints(diff.High, 1), diff.P)
	return report.WriteSummary(w, title, []string{"player", "policy", "draft policy", "wins", "win rate", "95% interval"}, players)
}

// writeDuelNext prints what to run after a complete duel run: a replay of its first
// duel, or, for a shard, the merge.
func writeDuelNext(w io.Writer, o duelOptions, rec *resultfile.DuelRun) error {
	if rec.Shard.N > 1 {
		return writeNext(w, "bangsim merge --out duel-merged "+shellQuote(o.Out)+" ...", fmt.Sprintf("this and the other %d shards' directories, added up into the whole run's files", rec.Shard.N-1))
	}
	if o.fromCompare {
		return writeNext(w, "bangsim report "+shellQuote(o.Out), "an HTML report of the paired comparison: the players, the draft order, the characters")
	}
	return writeNext(w, "bangsim duel --replay 0"+duelRunFlags(o), "duel 0 of this run, turn by turn")
}

// pairFlag writes a pair of bot names as --policy and --draft-policy take them: one
// name when both seats have it.
func pairFlag(p [2]string) string {
	if p[0] == p[1] {
		return p[0]
	}
	return p[0] + "," + p[1]
}

// duelRunFlags returns the flags that play the same run as o, for a Next: line (those
// left at their defaults left out).
func duelRunFlags(o duelOptions) string {
	s := ""
	if o.Duels != 10000 {
		s += fmt.Sprintf(" --duels %d", o.Duels)
	}
	if o.Seed != 1 {
		s += fmt.Sprintf(" --seed %d", o.Seed)
	}
	if o.Bots != "heuristic" {
		s += " --policy " + shellQuote(o.Bots)
	}
	if o.Drafts != "random" {
		s += " --draft-policy " + shellQuote(o.Drafts)
	}
	if o.CharactersFile != "" {
		s += " --characters-file " + shellQuote(o.CharactersFile)
	}
	return s
}
