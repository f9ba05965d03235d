package main

import (
	"bufio"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/league"
)

// leagueOptions are the flags of `bangsim league`.
type leagueOptions struct {
	Seasons    int
	Players    int
	Seed       uint64
	Table      string
	Bot        string
	Bidder     string
	ValueGames int
	Attendance int
	MinTable   int
	MaxTable   int
	Finals     string // "duel" (the long duel) or "coin"
	DuelBot    string
	DuelDraft  string
	Withdraw   []string // PLAYER:GAME[:TURN][@SEASON] or PLAYER:finals[@SEASON], as league.Withdrawal
	// CharactersFile is --characters-file: characters added to the league's box, laid
	// out, valued, bought and played beside the printed sixteen (and drafted in the
	// finals' long duel).
	CharactersFile string
	Argv           []string // the command line recorded in run.json
	shardOptions            // --shard, --shards (or a scheduler's variables)
	batchOptions
}

// defaultLeagueOptions returns the flags' defaults: the league's (league.DefaultConfig).
func defaultLeagueOptions() leagueOptions {
	d := league.DefaultConfig()
	return leagueOptions{Seasons: 100, Players: d.Players, Seed: 1, batchOptions: defaultBatchOptions("league"), Table: league.DefaultTableName,
		Bot: d.Bot, Bidder: d.Bidder, ValueGames: d.ValueGames, Attendance: d.Attendance, MinTable: d.MinTable, MaxTable: d.MaxTable,
		Finals: "duel", DuelBot: league.DefaultDuelBot, DuelDraft: league.DefaultDuelDraft}
}

// leagueCmd builds `bangsim league`.
func (a *app) leagueCmd() *cobra.Command {
	opts := defaultLeagueOptions()
	cmd := &cobra.Command{
		Use:   "league",
		Short: "Play seasons of the Liga Bang! league: auctions, scores, ranking, finals, awards",
		Long: `League plays seasons of the Liga Bang! card-game league (docs/league.md): 6 meetings of up
to 3 games at tables drawn at random, a character auction before every game (bids in $100
steps, bots bidding a character's simulated worth to their own role), the score table,
the ranking ($2,000 + won - spent, 12 to 15 games), the knock-out rounds and the awards.
Season I's seed is derived from --seed and I, so results do not depend on --workers.

Each knock-out match is the finals' long duel played by the card engine (bangsim duel),
both players with --duel-policy and --duel-draft-policy (the --policy and
--draft-policy of bangsim duel); --finals coin decides them by a fair coin
instead (the old stand-in). The default score table is an
example (the league's own tables are missing), partly assumed, as its file says.

It writes into --out (players numbered from 1, as on the score sheet, in every file):

  standings.csv  season,seed,player,games,won,spent,score,rank,place,kills,deaths,
                 withdrawn and the three awards, one row per player and season
  prices.csv     character,taken,paid,free,mean_price,worth,ci_low,ci_high: per
                 character, taken = every time a player got it, the $0 takes included;
                 paid = bought for more than $0; free = taken for $0 (taken = paid +
                 free); the mean price over taken, $0 included, and the simulated worth
                 (uplift) to the buyers, in dollars, with the worth's 95% interval

and the seasons' record (games, seats and auctions numbered from 1 too):

  games.csv      one row per seat of every qualifying game: role, character, price,
                 winning side, alive, kills, payout and the money after the game
  auctions.csv   one row per step of every auction: the characters laid out, opener,
                 player, action (bid, pass, forced-pass, buy, take-last, take-free),
                 amount, and on each purchase the character's simulated worth
  matches.csv    one row per knock-out match: round, the better-ranked player and the
                 opponent, draft choice, winner, forfeit, draw, the duel's seed

--characters-file adds a card game's character file to the box: its characters are laid
out, valued, bought and played beside the printed sixteen, drafted in the finals, and
named in every file (run.json records them for merge).

--json prints {"standings": [...], "prices": [...]}: both files' rows as objects.`,
		Example: `  bangsim league                                  # 100 seasons of 20 players into league/
  bangsim league --seasons 1000 --players 24 --seed 7 --out l7
  bangsim league --table my-scores.tsv --max-table 5   # your own score table, tables of 4-5
  bangsim league --seasons 200 --bid-policy frugal --json  # nobody bids: prices as JSON
  bangsim league --seasons 20 --characters-file examples/card-characters.yaml  # what the table pays for a new character
  bangsim league --withdraw 3:5:12 --withdraw 7:1   # player 3 leaves in game 5 at turn 12, player 7 before game 1
  bangsim league --withdraw 3:5:12@4 --withdraw 9:finals@0  # the same in season 4 only; player 9 before season 0's finals`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error {
			opts.Argv = a.argv
			return runLeague(a.ctx, opts, a.stdout, a.stderr)
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.IntVar(&opts.Seasons, "seasons", opts.Seasons, "seasons to play")
	fs.IntVar(&opts.Players, "players", opts.Players, "league players (at least --min-table)")
	fs.Uint64Var(&opts.Seed, "seed", opts.Seed, "run seed; season I's seed derives from it and I")
	fs.StringVar(&opts.Bot, "policy", opts.Bot, "card-game bot every seat plays (bangsim policies --game card)")
	opts.bindConfig(fs)
	bindCharactersFile(fs, &opts.CharactersFile)
	opts.shardOptions.bind(fs)
	opts.batchOptions.bind(fs, "standings.csv's and prices.csv's rows as one JSON object")
	fs.Lookup("out").Usage = "directory for standings.csv, prices.csv, games.csv, auctions.csv, matches.csv, league-tally.json and run.json (created if missing)"
	// The names before bangsim spelt every bot --policy, kept for old command lines.
	hiddenAliases(fs, map[string]string{"bot": "policy", "bidder": "bid-policy", "duel-bot": "duel-policy", "duel-draft": "duel-draft-policy"})
	return cmd
}

// bindConfig binds the flags of the league's configuration beside the players, the
// seed and the card bot: `bangsim league` and `bangsim replay --game league` share them.
func (o *leagueOptions) bindConfig(fs *pflag.FlagSet) {
	fs.StringVar(&o.Table, "table", o.Table, "score table: a shipped one ("+strings.Join(league.SeasonTables(), ", ")+") or a file")
	fs.StringVar(&o.Bidder, "bid-policy", o.Bidder, "auction bot every player uses: value or frugal")
	fs.IntVar(&o.ValueGames, "value-games", o.ValueGames, "games per table size simulated once for the characters' worth")
	fs.IntVar(&o.Attendance, "attendance", o.Attendance, "chance in percent that a player comes to a meeting")
	fs.IntVar(&o.MinTable, "min-table", o.MinTable, "fewest players at a table")
	fs.IntVar(&o.MaxTable, "max-table", o.MaxTable, "most players at a table")
	fs.StringVar(&o.Finals, "finals", o.Finals, "how knock-out matches are decided: duel (the long duel) or coin")
	fs.StringVar(&o.DuelBot, "duel-policy", o.DuelBot, "long-duel play bot of both finalists (bangsim duel's --policy)")
	fs.StringVar(&o.DuelDraft, "duel-draft-policy", o.DuelDraft, "long-duel draft bot of both finalists (bangsim duel's --draft-policy)")
	fs.StringArrayVar(&o.Withdraw, "withdraw", nil, "a withdrawal, PLAYER:GAME[:TURN][@SEASON]: player (from 1, as on the score sheet and in standings.csv) goes passive in their GAME-th game (from 1) from turn TURN on (1: the Sheriff's first; 0 or left out: before that game) and leaves the league: not ranked, no finals seat, no award; PLAYER:finals: before their first finals match, which they forfeit; @SEASON: in that season only (from 0, as in standings.csv), else in every season; repeatable")
}

// runLeague plays the seasons and writes the files.
func runLeague(ctx context.Context, o leagueOptions, stdout, stderr io.Writer) error {
	if o.Seasons < 1 || o.Seasons > 10_000_000 {
		return usagef("--seasons %d: want 1 to 10,000,000", o.Seasons)
	}
	if o.Workers < 0 {
		return usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	workers := o.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	cfg, table, err := leagueConfig(o, workers)
	if err != nil {
		return err
	}
	shard, shardSource, err := o.shardOptions.resolve()
	if err != nil {
		return err
	}
	lock, err := checkWritable(o.Out, resultfile.KindLeague)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	// The whole configuration before the worth's minutes of games (and their line).
	if err := cardgame.CheckLeague(cfg); errors.Is(err, league.ErrConfig) {
		return asUsage(err)
	} else if err != nil {
		return err
	}
	// The temporary files the rows go to, before the worth's minutes too.
	rec, err := newLeagueRecord()
	if err != nil {
		return err
	}
	defer rec.close()
	if !o.Quiet {
		fmt.Fprintf(stderr, "measuring the characters' worth: %d games per table size, %d to %d players\n", cfg.ValueGames, cfg.MinTable, cfg.MaxTable)
	}
	var finishValues func()
	cfg.ValueProgress, finishValues = lazyProgress(newNamedProgress(stderr, o.Quiet, o.ProgressEvery, "value games", "games"))
	l, err := cardgame.NewLeague(ctx, cfg)
	finishValues()
	if ctx.Err() != nil {
		return fmt.Errorf("%w while measuring the characters' worth; nothing written", errInterrupted)
	}
	if errors.Is(err, league.ErrConfig) {
		return asUsage(err)
	}
	if err != nil {
		return err
	}
	spec := cardgame.LeagueSpec{League: l, Seed: o.Seed, Seasons: uint64(o.Seasons), Workers: workers,
		Shard: shard, ShardSource: shardSource, Setup: leagueSetup(o, table), Command: o.Argv, Out: o.Out}
	res, err := playSeasons(ctx, spec, o, stderr, rec)
	if res == nil {
		return err
	}
	// A partial run never replaces a complete one: it then goes beside it.
	where, werr := cardgame.WriteLeagueKeep(o.Out, res, rec.file)
	if werr != nil {
		return werr
	}
	r := res.Record
	if err != nil {
		return fmt.Errorf("%w (the %d seasons before it were written to %s, marked partial%s)", err, r.SeasonsPlayed, where, besideNote(where, o.Out))
	}
	if r.Partial {
		return fmt.Errorf("%w after %d of %d seasons; the seasons %d to %d were written to %s (run.json \"partial\": true)%s",
			errInterrupted, r.SeasonsPlayed, r.SeasonsPlanned, r.FirstSeason, r.FirstSeason+r.SeasonsPlayed-1, where, besideNote(where, o.Out))
	}
	if o.JSON {
		return writeLeagueJSON(stdout, where)
	}
	if o.Quiet {
		return nil
	}
	rows, err := cardgame.LeaguePrices(&res.Tally, res.Characters)
	if err != nil {
		return err
	}
	return writeLeagueSummary(stdout, o, table, rows, cardgame.LeagueSummary(&res.Tally), r)
}

// leagueSetup is the league's configuration as run.json's and league-tally.json's
// settings: what two shards must share to merge.
func leagueSetup(o leagueOptions, table *league.ScoreTable) resultfile.Settings {
	// The table's content is in the values' key (league-tally.json), which merge compares too.
	return resultfile.Settings{
		{Name: "players", Value: o.Players},
		{Name: "table", Value: table.Name},
		{Name: "policy", Value: o.Bot},
		{Name: "bid_policy", Value: o.Bidder},
		{Name: "value_games", Value: o.ValueGames},
		{Name: "attendance", Value: o.Attendance},
		{Name: "min_table", Value: o.MinTable},
		{Name: "max_table", Value: o.MaxTable},
		{Name: "finals", Value: o.Finals},
		{Name: "duel_policy", Value: o.DuelBot},
		{Name: "duel_draft_policy", Value: o.DuelDraft},
		{Name: "withdraw", Value: append([]string{}, o.Withdraw...)},
	}
}

// leagueRecord spools the rows of the files a league writes season by season (the
// standings and the season's record) until the seasons are over: at 10^6 seasons they
// are far more than memory holds.
type leagueRecord struct {
	spools map[string]*resultfile.Spool
}

// newLeagueRecord creates the spools, each holding its header.
func newLeagueRecord() (*leagueRecord, error) {
	r := &leagueRecord{spools: map[string]*resultfile.Spool{}}
	for _, f := range cardgame.LeagueRecordFiles {
		s, err := resultfile.NewSpool(f.Name)
		if err != nil {
			r.close()
			return nil, err
		}
		r.spools[f.Name] = s
		if _, err := io.WriteString(s, f.Header+"\n"); err != nil {
			r.close()
			return nil, err
		}
	}
	return r, nil
}

// add appends a piece of seasons' rows.
func (r *leagueRecord) add(rows *cardgame.SeasonRows) error {
	for i, b := range [][]byte{rows.Standings, rows.Games, rows.Auctions, rows.Matches} { // LeagueRecordFiles' order
		if _, err := r.spools[cardgame.LeagueRecordFiles[i].Name].Write(b); err != nil {
			return err
		}
	}
	return nil
}

// file is the result file name, copied from its spool.
func (r *leagueRecord) file(name string) resultfile.File {
	return resultfile.File{Name: name, Write: func(w io.Writer) error {
		_, err := r.spools[name].WriteTo(w)
		return err
	}}
}

// close removes the spools.
func (r *leagueRecord) close() {
	for _, s := range r.spools {
		s.Close()
	}
}

// writeLeagueJSON prints the standings and the prices as one JSON object, {"standings":
// [...], "prices": [...]}, each an array of the file's rows (its columns as keys), read
// back from the files just written and streamed row by row, so that a run of many
// seasons needs no more memory to print than to play. A season's seed is a string (64
// bits do not survive a JSON number).
func writeLeagueJSON(w io.Writer, dir string) error {
	b := bufio.NewWriter(w)
	b.WriteString("{\n")
	for i, f := range []struct{ key, name, text string }{
		{"standings", resultfile.LeagueStandingsFile, "seed"}, // a string: a float64 would round it
		{"prices", resultfile.LeaguePricesFile, "character"},
	} {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(b, "  %q: [", f.key)
		if err := streamJSONRows(b, filepath.Join(dir, f.name), f.text); err != nil {
			return err
		}
		b.WriteString("]")
	}
	b.WriteString("\n}\n")
	return b.Flush()
}

// streamJSONRows writes the CSV file's rows as JSON objects (report.Table.JSONRows'
// typing: numbers, booleans, the text columns as strings), comma-separated.
func streamJSONRows(w io.Writer, path, text string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	cr := csv.NewReader(bufio.NewReader(f))
	cr.ReuseRecord = true
	header, err := cr.Read()
	if err != nil {
		return fmt.Errorf("reading %s back: %w", path, err)
	}
	t := report.Table{Header: append([]string(nil), header...), Rows: make([][]string, 1)}
	for n := 0; ; n++ {
		row, err := cr.Read()
		if err == io.EOF {
			if n > 0 {
				_, err = io.WriteString(w, "\n  ")
			} else {
				err = nil
			}
			return err
		}
		if err != nil {
			return fmt.Errorf("reading %s back: %w", path, err)
		}
		t.Rows[0] = row
		js, err := json.MarshalIndent(t.JSONRows(text)[0], "    ", "  ")
		if err != nil {
			return err
		}
		sep := ",\n    "
		if n == 0 {
			sep = "\n    "
		}
		if _, err := io.WriteString(w, sep); err != nil {
			return err
		}
		if _, err := w.Write(js); err != nil {
			return err
		}
	}
}

// leagueConfig is the league configuration of the flags (and its score table), for the
// seasons and for their replay.
func leagueConfig(o leagueOptions, workers int) (league.Config, *league.ScoreTable, error) {
	table, err := league.LoadTable(o.Table)
	if err != nil {
		return league.Config{}, nil, asUsage(fmt.Errorf("--table: %w", err))
	}
	g, err := withCharactersFile(cardgame.Game, o.CharactersFile)
	if err != nil {
		return league.Config{}, nil, err
	}
	cfg := league.DefaultConfig()
	if set := g.CharacterSet(); !set.Printed() {
		cfg.Characters = set
	}
	cfg.Players, cfg.Scores, cfg.Bot, cfg.Bidder = o.Players, table, o.Bot, o.Bidder
	cfg.ValueGames, cfg.Attendance, cfg.MinTable, cfg.MaxTable = o.ValueGames, o.Attendance, o.MinTable, o.MaxTable
	cfg.ValueWorkers = workers
	cfg.DuelBot, cfg.DuelDraft = o.DuelBot, o.DuelDraft
	for _, w := range o.Withdraw {
		wd, err := parseWithdrawal(w, o.Players, o.Seasons)
		if err != nil {
			return league.Config{}, nil, err
		}
		cfg.Withdrawals = append(cfg.Withdrawals, wd)
	}
	switch o.Finals {
	case "duel":
	case "coin":
		cfg.Duel = league.CoinDuel
	default:
		return league.Config{}, nil, usagef("--finals %q: want duel or coin", o.Finals)
	}
	return cfg, table, nil
}

// playSeasons plays the seasons (cardgame.RunLeague), their rows into rec, with the
// progress every long command shows: a bar on a terminal, lines with rate and ETA in
// logs, none when quiet.
func playSeasons(ctx context.Context, spec cardgame.LeagueSpec, o leagueOptions, stderr io.Writer, rec *leagueRecord) (*cardgame.LeagueResult, error) {
	n := spec.ShardSeasons()
	prog := newNamedProgress(stderr, o.Quiet, o.ProgressEvery, "league seasons", "seasons")
	spec.Progress = prog.Start(0, n)
	began := time.Now()
	res, err := cardgame.RunLeague(ctx, spec, rec.add)
	if res != nil {
		prog.Finish(0, res.Record.SeasonsPlayed, n, time.Since(began))
	}
	prog.close()
	return res, err
}

// writeLeagueSummary prints the prices table people read at the end of a run.
func writeLeagueSummary(w io.Writer, o leagueOptions, table *league.ScoreTable, rows []league.PriceRow, sum *cardgame.SeasonsSummary, rec *resultfile.LeagueRun) error {
	var out [][]string
	for _, r := range rows {
		out = append(out, []string{r.Name, fmt.Sprintf("%.0f", r.MeanPrice), fmt.Sprintf("%.0f%%", 100*float64(r.Paid)/float64(max(r.Games, 1))),
			fmt.Sprintf("%.0f", r.Worth), fmt.Sprintf("[%.0f, %.0f]", r.WorthLow, r.WorthHigh)})
	}
	title := fmt.Sprintf("Character prices over %d seasons (seed %d, %d players, score table %s)", o.Seasons, o.Seed, o.Players, table.Name)
	if rec.Shard.N > 1 {
		title = fmt.Sprintf("Character prices over seasons %d to %d of %d -- shard %d of %d (seed %d, %d players, score table %s)",
			rec.FirstSeason, rec.FirstSeason+rec.SeasonsPlayed-1, o.Seasons, rec.Shard.K, rec.Shard.N, o.Seed, o.Players, table.Name)
	}
	if err := report.WriteSummary(w, title, []string{"character", "mean price $", "paid for", "worth $", "95% interval"}, out); err != nil {
		return err
	}
	finals := "decided by a coin (--finals coin)"
	if o.Finals == "duel" {
		finals = fmt.Sprintf("the long duel (policy %s, draft policy %s)", o.DuelBot, o.DuelDraft)
	}
	seasons := float64(max(sum.Seasons, 1))
	if _, err := fmt.Fprintf(w, "%.1f player-games and %.1f ranked players a season; table: %s\nfinals: %s\nResult files in %s/ (standings.csv, prices.csv; the record: games.csv, auctions.csv, matches.csv; league-tally.json and run.json)\n",
		float64(sum.PlayerGames)/seasons, float64(sum.Ranked)/seasons, table.Label, finals, o.Out); err != nil {
		return err
	}
	if rec.Shard.N > 1 {
		return writeNext(w, "bangsim merge --out league-merged "+shellQuote(o.Out)+" ...", fmt.Sprintf("this and the other %d shards' directories, concatenated and added up into the whole run's files", rec.Shard.N-1))
	}
	duel := "bangsim duel --policy " + shellQuote(o.DuelBot) + " --draft-policy " + shellQuote(o.DuelDraft)
	if o.CharactersFile != "" {
		duel += " --characters-file " + shellQuote(o.CharactersFile)
	}
	return writeNext(w, duel, "the finals' long duel alone, by seat and draft order")
}

// withdrawSyntax is --withdraw's form, for its errors.
const withdrawSyntax = "want PLAYER:GAME[:TURN][@SEASON] or PLAYER:finals[@SEASON], e.g. 3:5:12 or 3:5:12@4"

// parseWithdrawal reads --withdraw PLAYER:GAME[:TURN][@SEASON] or PLAYER:finals[@SEASON];
// without @SEASON the withdrawal happens in every season. PLAYER is numbered from 1, as
// on the score sheet and in every file, and checked against players here (the
// Withdrawal holds its index, PLAYER-1); the other ranges are the league
// configuration's to check, the season's against seasons.
func parseWithdrawal(s string, players, seasons int) (league.Withdrawal, error) {
	var w league.Withdrawal
	body, season, hasSeason := strings.Cut(strings.TrimSpace(s), "@")
	if hasSeason {
		v, err := strconv.Atoi(season)
		if err != nil {
			return w, usagef("--withdraw %q: season %q is not a whole number (%s)", s, season, withdrawSyntax)
		}
		if v < 0 || v >= seasons {
			return w, usagef("--withdraw %q: season %d is not played; --seasons %d plays seasons 0 to %d", s, v, seasons, seasons-1)
		}
		w.OneSeason, w.Season = true, v
	}
	parts := strings.Split(body, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return w, usagef("--withdraw %q: %s", s, withdrawSyntax)
	}
	if len(parts) == 2 && parts[1] == "finals" {
		v, err := strconv.Atoi(parts[0])
		if err != nil {
			return w, usagef("--withdraw %q: player %q is not a whole number (%s)", s, parts[0], withdrawSyntax)
		}
		w.Finals = true
		w.Player, err = withdrawingPlayer(s, v, players)
		return w, err
	}
	var n [3]int
	for i, p := range parts {
		if p == "finals" {
			return w, usagef("--withdraw %q: a withdrawal before the finals is PLAYER:finals, with no game or turn (%s)", s, withdrawSyntax)
		}
		v, err := strconv.Atoi(p)
		if err != nil {
			return w, usagef("--withdraw %q: %q is not a whole number (%s)", s, p, withdrawSyntax)
		}
		n[i] = v
	}
	w.Game, w.Turn = n[1], n[2]
	p, err := withdrawingPlayer(s, n[0], players)
	w.Player = p
	return w, err
}

// withdrawingPlayer is --withdraw's player number v (from 1 to players) as the
// player's index.
func withdrawingPlayer(s string, v, players int) (int, error) {
	if v < 1 || v > players {
		return 0, usagef("--withdraw %q: player %d: players are numbered from 1, as on the score sheet and in standings.csv (want 1 to %d)", s, v, players)
	}
	return v - 1, nil
}

// runMergeLeague is `bangsim merge` of league shards: their record files concatenated
// in season order, their tallies added up, prices.csv written again from the sum
// (cardgame.MergeLeague), byte-identical to one process's files.
func runMergeLeague(opts mergeOptions, dirs []string, stdout, stderr io.Writer) error {
	res, err := cardgame.MergeLeague(opts.spec(dirs))
	partial, err := mergeRefusal(err)
	if err != nil {
		return err
	}
	rec := res.LeagueResult.Record
	return writeMerge(opts, dirs, merged{
		kind: resultfile.KindLeague, inputs: "league directories", of: "the run's", unit: "seasons",
		whole: "a complete league run", recordFile: resultfile.RunFile,
		played: rec.SeasonsPlayed, planned: rec.SeasonsPlanned, partial: rec.Partial, missing: rec.Missing, record: rec,
		write: func(out string) (string, error) { return cardgame.WriteLeagueKeep(out, res.LeagueResult, res.Record) },
		next:  reportNext("an HTML report of the league: prices against worth, money, the bracket"),
	}, partial, stdout, stderr)
}
