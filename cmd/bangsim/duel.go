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
	Duels   int
	Seed    uint64
	Out     string
	Bots    string // play bots of seat 0 and seat 1, "a,b" (one name: both)
	Drafts  string // draft bots of seat 0 and seat 1
	Workers int
	Quiet   bool
	JSON    bool  // print the three tables as JSON instead of the summary
	Replay  int64 // >= 0: print duel Replay's decisions instead of playing the run
}

// duelCmd builds `bangsim duel`.
func (a *app) duelCmd() *cobra.Command {
	opts := duelOptions{Duels: 10000, Seed: 1, Out: "duel", Bots: "heuristic", Drafts: "random", Replay: -1}
	cmd := &cobra.Command{
		Use:   "duel",
		Short: "Play many long duels (the league's two-player finals) between two bots",
		Long: `Duel plays the Liga Bang! finals' "long duel" (docs/rules.md, the long duel) many times:
two players, five characters each drafted from ten, stacked, two in play at a time. Seat 0
is the better-ranked player, who chooses to pick first or to start first (its draft bot
decides). Duel I's seed is derived from --seed and I, so results do not depend on
--workers.

It writes into --out:

  seats.csv       seat,play_bot,draft_bot,duels,wins,draws,win_rate,low,high
  order.csv       order,duels,wins,win_rate,low,high: the side that picked first and the
                  side that started first (a draw counts as no win for either)
  characters.csv  character,duels,wins,win_rate,low,high: the win rate of the side that
                  drafted each character

Intervals are 95% Wilson score intervals. --replay I writes nothing: it prints duel I of
the run (the draft, the stacks, every decision asked, the board at each turn).`,
		Example: `  bangsim duel                                       # 10,000 duels, heuristic bots, random drafts
  bangsim duel --duels 100000 --drafts value-first,value-first --out d1
  bangsim duel --bots heuristic,random --drafts random
  bangsim duel --replay 3                            # duel 3 of the default run, decision by decision
  bangsim duel --duels 2000 --json | jq '.order'     # the draft order's rows as JSON`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error { return runDuel(a.ctx, opts, a.stdout, a.stderr) }),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.IntVar(&opts.Duels, "duels", opts.Duels, "duels to play")
	fs.Uint64Var(&opts.Seed, "seed", opts.Seed, "run seed; duel I's seed derives from it and I")
	fs.StringVar(&opts.Out, "out", opts.Out, "directory for the CSV files (created if missing)")
	fs.StringVar(&opts.Bots, "bots", opts.Bots, "play bots of seat 0 and seat 1, comma-separated ("+strings.Join(cardgame.DuelPlayBots(), ", ")+")")
	fs.StringVar(&opts.Drafts, "drafts", opts.Drafts, "draft bots of seat 0 and seat 1, comma-separated ("+strings.Join(cardgame.DuelDraftBots(), ", ")+")")
	fs.IntVar(&opts.Workers, "workers", 0, "parallel workers (0: all CPUs); results do not depend on it")
	fs.BoolVarP(&opts.Quiet, "quiet", "q", false, "no summary")
	fs.BoolVar(&opts.JSON, "json", false, "print the run and the three tables' rows (their columns as keys) as one JSON object on stdout instead of the summary")
	fs.Int64Var(&opts.Replay, "replay", opts.Replay, "print duel I of the run decision by decision instead of playing the run")
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
	prog := newNamedProgress(stderr, o.Quiet, 5*time.Second, "long duels", "duels")
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

// rateCols returns win_rate, low and high of k wins in n as CSV fields (empty when n is 0).
func rateCols(k, n int) []string {
	if n == 0 {
		return []string{"", "", ""}
	}
	lo, hi := report.Wilson(float64(k), float64(n), 1.959964)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 4, 64) }
	return []string{f(float64(k) / float64(n)), f(lo), f(hi)}
}

// duelTable is one of the files duel writes: its name and its table, for the CSV file
// and for --json alike.
type duelTable struct {
	name string
	report.Table
}

// duelTables returns seats.csv, order.csv and characters.csv.
func duelTables(o duelOptions, t *cardgame.DuelTally) []duelTable {
	seats := duelTable{resultfile.SeatsFile, report.Table{Header: []string{"seat", "play_bot", "draft_bot", "duels", "wins", "draws", "win_rate", "low", "high"}}}
	b, d := cardgame.SplitPair(o.Bots), cardgame.SplitPair(o.Drafts)
	for s, names := range [2][2]string{{b[0], d[0]}, {b[1], d[1]}} {
		row := []string{strconv.Itoa(s), names[0], names[1], strconv.Itoa(t.Duels), strconv.Itoa(t.SeatWins[s]), strconv.Itoa(t.Draws)}
		seats.Rows = append(seats.Rows, append(row, rateCols(t.SeatWins[s], t.Duels)...))
	}
	order := duelTable{resultfile.DuelOrderFile, report.Table{Header: []string{"order", "duels", "wins", "win_rate", "low", "high"}}}
	for i, name := range []string{"pick-first", "start-first"} {
		row := []string{name, strconv.Itoa(t.Duels), strconv.Itoa(t.OrderWins[i])}
		order.Rows = append(order.Rows, append(row, rateCols(t.OrderWins[i], t.Duels)...))
	}
	chars := duelTable{resultfile.CharactersFile, report.Table{Header: []string{"character", "duels", "wins", "win_rate", "low", "high"}}}
	for c := range t.CharDuels {
		row := []string{cardgame.CharacterName(c), strconv.Itoa(t.CharDuels[c]), strconv.Itoa(t.CharWins[c])}
		chars.Rows = append(chars.Rows, append(row, rateCols(t.CharWins[c], t.CharDuels[c])...))
	}
	return []duelTable{seats, order, chars}
}

// jsonRows is the table's rows as --json prints them (report.Table.JSONRows).
func (d duelTable) jsonRows() []map[string]any {
	return d.JSONRows("play_bot", "draft_bot", "order", "character")
}

// writeDuelJSON prints the run and its three tables as one JSON object.
func writeDuelJSON(w io.Writer, o duelOptions, t *cardgame.DuelTally, tables []duelTable) error {
	return writeJSON(w, struct {
		Duels      int              `json:"duels"`
		Draws      int              `json:"draws"`
		Seed       uint64           `json:"seed"`
		Bots       string           `json:"bots"`
		Drafts     string           `json:"drafts"`
		Out        string           `json:"out"`
		Seats      []map[string]any `json:"seats"`
		Order      []map[string]any `json:"order"`
		Characters []map[string]any `json:"characters"`
	}{t.Duels, t.Draws, o.Seed, o.Bots, o.Drafts, o.Out, tables[0].jsonRows(), tables[1].jsonRows(), tables[2].jsonRows()})
}

// writeDuelSummary prints the order and seat results people read at the end of a run.
func writeDuelSummary(w io.Writer, o duelOptions, t *cardgame.DuelTally) error {
	var rows [][]string
	for i, name := range []string{"pick first", "start first"} {
		r := rateCols(t.OrderWins[i], t.Duels)
		rows = append(rows, []string{name, strconv.Itoa(t.OrderWins[i]), r[0], "[" + r[1] + ", " + r[2] + "]"})
	}
	title := fmt.Sprintf("Long duels: %d (seed %d, bots %s, drafts %s), %d draws", t.Duels, o.Seed, o.Bots, o.Drafts, t.Draws)
	if err := report.WriteSummary(w, title, []string{"draft order", "wins", "win rate", "95% interval"}, rows); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "Result files in %s/ (seats.csv, order.csv, characters.csv)\n", o.Out)
	return err
}
