package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// duelOptions are the flags of `bangsim duel`.
type duelOptions struct {
	Duels        int
	Seed         uint64
	Bots         string // --policy: play bots of seat 0 and seat 1, "a,b" (one name: both)
	Drafts       string // --draft-policy: draft bots of seat 0 and seat 1
	Replay       int64  // >= 0: print duel Replay's decisions instead of playing the run
	batchOptions        // --workers, --out, -q and --json (the three tables as JSON)
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

  seats.csv       seat,policy,draft_policy,duels,wins,draws,win_rate,ci_low,ci_high
  order.csv       order,duels,wins,win_rate,ci_low,ci_high: the side that picked first
                  and the side that started first (a draw counts as no win for either)
  characters.csv  character,duels,wins,win_rate,ci_low,ci_high: the win rate of the side
                  that drafted each character

Rates and intervals are fractions with 6 decimals, the intervals 95% Wilson score
intervals. --replay I writes nothing: it prints duel I of
the run (the draft, the stacks, every decision asked, the board at each turn).`,
		Example: `  bangsim duel                                       # 10,000 duels, heuristic bots, random drafts
  bangsim duel --duels 100000 --draft-policy value-first,value-first --out d1
  bangsim duel --policy heuristic,random --draft-policy random   # seat 0 heuristic, seat 1 random
  bangsim duel --replay 3                            # duel 3 of the default run, decision by decision
  bangsim duel --duels 2000 --json | jq '.order'     # the draft order's rows as JSON`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error { return runDuel(a.ctx, opts, a.stdout, a.stderr) }),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.IntVar(&opts.Duels, "duels", opts.Duels, "duels to play")
	fs.Uint64Var(&opts.Seed, "seed", opts.Seed, "run seed; duel I's seed derives from it and I")
	fs.StringVar(&opts.Bots, "policy", opts.Bots, "play bot of both seats, or SEAT0,SEAT1 ("+strings.Join(cardgame.DuelPlayBots(), ", ")+")")
	fs.StringVar(&opts.Drafts, "draft-policy", opts.Drafts, "draft bot of both seats, or SEAT0,SEAT1 ("+strings.Join(cardgame.DuelDraftBots(), ", ")+")")
	fs.Int64Var(&opts.Replay, "replay", opts.Replay, "print duel I of the run decision by decision instead of playing the run")
	opts.batchOptions.bind(fs, "the run and the three tables' rows (their columns as keys) as one JSON object")
	fs.Lookup("out").Usage = "directory for the CSV files (created if missing)"
	// The names before bangsim spelt every bot --policy, kept for old command lines.
	hiddenAliases(fs, map[string]string{"bots": "policy", "drafts": "draft-policy"})
	return cmd
}

// spec is the lab's DuelSpec of the flags.
func (o duelOptions) spec() cardgame.DuelSpec {
	return cardgame.DuelSpec{Bots: cardgame.SplitPair(o.Bots), Drafts: cardgame.SplitPair(o.Drafts), Seed: o.Seed,
		Duels: uint64(o.Duels), Workers: o.Workers}
}

// runDuel plays the duels and writes the files.
func runDuel(ctx context.Context, o duelOptions, stdout, stderr io.Writer) error {
	if o.Duels < 1 || o.Duels > 1_000_000_000 {
		return usagef("--duels %d: want 1 to 1,000,000,000", o.Duels)
	}
	if o.Workers < 0 {
		return usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	spec := o.spec()
	if _, err := spec.NewDuel(); err != nil {
		return asUsage(err) // a bot name it does not know (cardgame.ErrDuelBot)
	}
	switch {
	case o.Replay < -1:
		return usagef("--replay %d: want a duel of the run, 0 to %d", o.Replay, o.Duels-1)
	case o.Replay >= int64(o.Duels):
		return usagef("--replay %d: the run has duels 0 to %d (--duels %d)", o.Replay, o.Duels-1, o.Duels)
	case o.Replay >= 0 && o.JSON:
		return usagef("--replay prints text only: leave out --json")
	case o.Replay >= 0:
		return spec.Replay(stdout, uint64(o.Replay))
	}
	lock, err := checkWritable(o.Out, resultfile.KindDuel)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	// The duels' progress as a run's: a bar on a terminal, lines in logs.
	prog := newNamedProgress(stderr, o.Quiet, o.ProgressEvery, "long duels", "duels")
	spec.Progress = prog.Start(2, spec.Duels)
	began := time.Now()
	t, partial, err := cardgame.PlayDuels(ctx, spec)
	prog.Finish(2, uint64(t.Duels), spec.Duels, time.Since(began))
	prog.close()
	if err != nil {
		return err
	}
	if partial {
		return fmt.Errorf("%w; nothing written", errInterrupted)
	}
	tables := duelTables(o, &t)
	files := make([]resultfile.File, len(tables))
	for i, tb := range tables {
		files[i] = resultfile.File{Name: tb.name, Write: tb.WriteCSV}
	}
	if err := resultfile.WriteSet(o.Out, files); err != nil {
		return err
	}
	if o.JSON {
		return writeDuelJSON(stdout, o, &t, tables)
	}
	if o.Quiet {
		return nil
	}
	return writeDuelSummary(stdout, o, &t)
}

// rateCols returns win_rate, ci_low and ci_high of k wins in n as CSV fields: fractions
// with 6 decimals, as every rate bangsim writes (empty when n is 0).
func rateCols(k, n int) []string {
	if n == 0 {
		return []string{"", "", ""}
	}
	lo, hi := report.Wilson(float64(k), float64(n), 1.959964)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	return []string{f(float64(k) / float64(n)), f(lo), f(hi)}
}

// rateText returns k wins in n for people as run's summary writes rates: the win rate
// and its 95% interval in percent, "48.2%" and "[47.0%, 49.4%]" ("–" when n is 0).
func rateText(k, n int) (rate, interval string) {
	if n == 0 {
		return "–", "–"
	}
	lo, hi := report.Wilson(float64(k), float64(n), 1.959964)
	return report.FormatPercentCI(report.Interval{Rate: float64(k) / float64(n), Low: lo, High: hi})
}

// duelTable is one of the files duel writes: its name and its table, for the CSV file
// and for --json alike.
type duelTable struct {
	name string
	report.Table
}

// duelTables returns seats.csv, order.csv and characters.csv.
func duelTables(o duelOptions, t *cardgame.DuelTally) []duelTable {
	seats := duelTable{resultfile.SeatsFile, report.Table{Header: []string{"seat", "policy", "draft_policy", "duels", "wins", "draws", "win_rate", "ci_low", "ci_high"}}}
	b, d := cardgame.SplitPair(o.Bots), cardgame.SplitPair(o.Drafts)
	for s, names := range [2][2]string{{b[0], d[0]}, {b[1], d[1]}} {
		row := []string{strconv.Itoa(s), names[0], names[1], strconv.Itoa(t.Duels), strconv.Itoa(t.SeatWins[s]), strconv.Itoa(t.Draws)}
		seats.Rows = append(seats.Rows, append(row, rateCols(t.SeatWins[s], t.Duels)...))
	}
	order := duelTable{resultfile.DuelOrderFile, report.Table{Header: []string{"order", "duels", "wins", "win_rate", "ci_low", "ci_high"}}}
	for i, name := range []string{"pick-first", "start-first"} {
		row := []string{name, strconv.Itoa(t.Duels), strconv.Itoa(t.OrderWins[i])}
		order.Rows = append(order.Rows, append(row, rateCols(t.OrderWins[i], t.Duels)...))
	}
	chars := duelTable{resultfile.CharactersFile, report.Table{Header: []string{"character", "duels", "wins", "win_rate", "ci_low", "ci_high"}}}
	for c := range t.CharDuels {
		row := []string{cardgame.CharacterName(c), strconv.Itoa(t.CharDuels[c]), strconv.Itoa(t.CharWins[c])}
		chars.Rows = append(chars.Rows, append(row, rateCols(t.CharWins[c], t.CharDuels[c])...))
	}
	return []duelTable{seats, order, chars}
}

// jsonRows is the table's rows as --json prints them (report.Table.JSONRows).
func (d duelTable) jsonRows() []map[string]any {
	return d.JSONRows("policy", "draft_policy", "order", "character")
}

// writeDuelJSON prints the run and its three tables as one JSON object.
func writeDuelJSON(w io.Writer, o duelOptions, t *cardgame.DuelTally, tables []duelTable) error {
	return writeJSON(w, struct {
		Duels      int              `json:"duels"`
		Draws      int              `json:"draws"`
		Seed       uint64           `json:"seed"`
		Policy     string           `json:"policy"`
		Draft      string           `json:"draft_policy"`
		Out        string           `json:"out"`
		Seats      []map[string]any `json:"seats"`
		Order      []map[string]any `json:"order"`
		Characters []map[string]any `json:"characters"`
	}{t.Duels, t.Draws, o.Seed, o.Bots, o.Drafts, o.Out, tables[0].jsonRows(), tables[1].jsonRows(), tables[2].jsonRows()})
}

// writeDuelSummary prints the seat and draft-order results people read at the end of a
// run, then what to run next.
func writeDuelSummary(w io.Writer, o duelOptions, t *cardgame.DuelTally) error {
	b, d := cardgame.SplitPair(o.Bots), cardgame.SplitPair(o.Drafts)
	var seats [][]string
	for s := range 2 {
		rate, ci := rateText(t.SeatWins[s], t.Duels)
		seats = append(seats, []string{strconv.Itoa(s), b[s], d[s], strconv.Itoa(t.SeatWins[s]), rate, ci})
	}
	title := fmt.Sprintf("Long duels: %d (seed %d, policy %s, draft policy %s), %d draws; seat 0 is the better-ranked player",
		t.Duels, o.Seed, o.Bots, o.Drafts, t.Draws)
	if err := report.WriteSummary(w, title, []string{"seat", "policy", "draft policy", "wins", "win rate", "95% interval"}, seats); err != nil {
		return err
	}
	fmt.Fprintln(w)
	var rows [][]string
	for i, name := range []string{"pick first", "start first"} {
		rate, ci := rateText(t.OrderWins[i], t.Duels)
		rows = append(rows, []string{name, strconv.Itoa(t.OrderWins[i]), rate, ci})
	}
	if err := report.WriteSummary(w, "Draft order", []string{"draft order", "wins", "win rate", "95% interval"}, rows); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "Result files in %s/ (seats.csv, order.csv, characters.csv)\n", o.Out); err != nil {
		return err
	}
	return writeNext(w, "bangsim duel --replay 0"+duelRunFlags(o), "duel 0 of this run, decision by decision")
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
	return s
}
