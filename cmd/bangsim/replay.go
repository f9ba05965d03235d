package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/league"
)

// replayOptions are the flags of `bangsim replay`.
type replayOptions struct {
	gameOptions
	Players   string
	Index     uint64
	JSON      bool
	Decisions bool
	Drafts    string // --draft-policy, for --game duel only
	// The league's (--game league): its configuration as `bangsim league` takes it, and
	// which season and which of its games or matches.
	League    leagueOptions
	Season    uint64
	GameIndex int
	Match     string
	File      string // --file: a game bangsim play wrote
	Run       string // --run: the run directory whose game to replay
}

// replayCmd builds `bangsim replay`.
func (a *app) replayCmd() *cobra.Command {
	opts := replayOptions{gameOptions: defaultGameOptions(), Players: "5", League: defaultLeagueOptions()}
	cmd := &cobra.Command{
		Use:   "replay",
		Short: "Show one game of a run turn by turn",
		Long: `Replay plays game --index of the run with --seed again, alone, and prints it turn
by turn: in the dice game every roll, what was kept and rerolled, arrows and Indian
attacks, every shot, Beer and ability; in the card game every card drawn, played and
answered, every "draw!", steal and discard; each elimination and the winner. Give the
same game, rule, character and bot flags as the run (and one player count): the game is
then exactly the one the run counted. --json prints one JSON object per line (JSON
Lines) instead. --config gives the run's configuration in one text instead (run.json's
config, with one player count).

--game duel replays long duel --index of 'bangsim duel --seed S' (its --policy and
--draft-policy, "a,b" for the two seats), as 'bangsim duel --replay I' does: the draft,
the stacks and the placements, the hands dealt, then turn by turn the board and every
card drawn, played and answered, every "draw!", hit, swap, elimination and
reinforcement (a character named by its place, front or back); --decisions and --json
as for a game.

--game league replays a season of 'bangsim league' with the same --seed, --players,
--policy and league flags: --season N (from 0, as the files number seasons) and
--game-index G (from 1, games.csv's game) narrate one qualifying game: the seats and
their money, the auction step by step, the card game, the payouts; --match ROUND
(quarter, semi, third, final; quarter-2 for the second quarter-final played) narrates
a knock-out match's long duel. It measures the characters' worth first, as the league
does (--value-games), and prints text only.`,
		Example: `  bangsim replay --seed 1 --index 42
  bangsim replay --players 3 --index 7 --decisions
  bangsim replay --index 42 --json | jq -c 'select(.event == "eliminated")'
  bangsim replay --game card --players 6 --index 3
  bangsim replay --config "card(players=6,remove-cards=Dynamite)" --index 3
  bangsim replay --game duel --seed 1 --index 3      # = bangsim duel --replay 3
  bangsim replay --game league --seed 1 --season 0 --game-index 5
  bangsim replay --game league --seed 1 --season 0 --match final
  bangsim replay --file plays/dice-seed-7-game-0.jsonl  # a game 'bangsim play' wrote`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(cmd *cobra.Command, _ []string) error {
			if opts.File != "" {
				return replayFile(opts.File, opts.JSON, a.stdout)
			}
			if opts.Run != "" {
				return replayRun(cmd, opts, a.stdout)
			}
			if strings.EqualFold(opts.Game, resultfile.DuelGame) {
				return runDuelReplay(opts, a.stdout)
			}
			return runReplay(a.ctx, opts, a.stdout)
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&opts.Players, "players", opts.Players, "player count (one count)")
	fs.Uint64Var(&opts.Index, "index", 0, "index of the game in the run (0-based, as in the run's game numbering)")
	opts.gameOptions.bind(fs)
	opts.gameOptions.bindConfig(fs)
	fs.BoolVar(&opts.JSON, "json", false, "print JSON Lines, one object per event")
	fs.BoolVar(&opts.Decisions, "decisions", false, "also show every decision the bots made, with its legal options")
	fs.StringVar(&opts.Drafts, "draft-policy", "random", "with --game duel: the draft bot of both seats, or SEAT0,SEAT1, as 'bangsim duel' took it")
	fs.Uint64Var(&opts.Season, "season", 0, "--game league: the season (0-based, as in standings.csv and the record)")
	fs.IntVar(&opts.GameIndex, "game-index", 0, "--game league: the season's qualifying game (from 1, as in games.csv and auctions.csv)")
	fs.StringVar(&opts.Match, "match", "", "--game league: a knock-out match: quarter, semi, third or final (quarter-2: the second quarter-final)")
	fs.StringVar(&opts.Run, "run", "", "replay a game of the run in this directory: its game, characters (those a character file added too), bots, rules and seed from run.json; --players one of its counts (of a duel directory: duel --index)")
	fs.StringVar(&opts.File, "file", "", "replay a game 'bangsim play' wrote (its replay file): the same game, the person's choices at their seat; checks it ends as the file says")
	opts.League.bindConfig(fs)
	for _, name := range leagueReplayFlags {
		fs.Lookup(name).Usage = "--game league: " + fs.Lookup(name).Usage
	}
	fs.Lookup("game").Usage += " or league (a season's game or match of 'bangsim league')"
	return cmd
}

// runReplay plays the game and narrates it on stdout.
func runReplay(ctx context.Context, opts replayOptions, stdout io.Writer) error {
	if opts.Game == "league" {
		return runLeagueReplay(ctx, opts, stdout)
	}
	for _, name := range append([]string{"season", "game-index", "match"}, leagueReplayFlags...) {
		if opts.changed(name) {
			return usagef("--%s is a league flag: give it with --game league", name)
		}
	}
	g, err := opts.gameOptions.gameFor()
	if err != nil {
		return err
	}
	players, err := opts.gameOptions.players(opts.Players, g)
	if err != nil {
		return err
	}
	if len(players) != 1 {
		if opts.parsed != nil && opts.parsed.Players != nil {
			return usagef("replay plays one game: --config must name one player count, not %s", lab.FormatPlayers(players))
		}
		return usagef("replay plays one game: --players must be one count, not %q", opts.Players)
	}
	setup, err := opts.gameOptions.resolve(players)
	if err != nil {
		return err
	}
	return setup.prepared.Replay(stdout, lab.ReplayRequest{Players: players[0], Seed: opts.Seed, Index: opts.Index, JSON: opts.JSON, Decisions: opts.Decisions})
}

// replayRun is `bangsim replay --run DIR`: game --index of the run in DIR, the game
// rebuilt from its run.json (lab.GameOfRun: added characters and all).
func replayRun(cmd *cobra.Command, opts replayOptions, stdout io.Writer) error {
	for _, name := range []string{"config", "game", "seed", "policy", "policy-for", "characters", "fixed-seats", "characters-file"} {
		if cmd.Flags().Changed(name) {
			return usagef("--%s cannot be given with --run: the game is the run's, as run.json records it", name)
		}
	}
	rd, err := openResults(opts.Run, "replay", resultfile.KindRun, resultfile.KindDuel)
	if err != nil {
		return err
	}
	if rd.Duel != nil {
		return replayDuelRun(cmd, opts, rd.Duel, stdout)
	}
	rec := &rd.Run.Run
	g, err := lab.GameOfRun(rec)
	if err != nil {
		return usagef("cannot replay from %s: %w", opts.Run, err)
	}
	players := rec.Players
	if cmd.Flags().Changed("players") || len(players) != 1 {
		n, err := strconv.Atoi(opts.Players)
		if err != nil || !slices.Contains(rec.Players, n) {
			return usagef("--players %q: give one of the run's player counts, %s", opts.Players, lab.FormatPlayers(rec.Players))
		}
		players = []int{n}
	}
	if opts.Index >= rec.GamesPerCount {
		return usagef("--index %d: the run has games 0 to %d", opts.Index, rec.GamesPerCount-1)
	}
	cfg, err := lab.ConfigFromRun(g, rec)
	if err != nil {
		return usagef("cannot replay from %s: %w", opts.Run, err)
	}
	choice, err := lab.NewChoice(g, cfg, rec.Seed, players)
	if err != nil {
		return usagef("cannot replay from %s: %w", opts.Run, err)
	}
	p, err := g.Prepare(choice)
	if err != nil {
		return usagef("cannot replay from %s: %w", opts.Run, err)
	}
	return p.Replay(stdout, lab.ReplayRequest{Players: players[0], Seed: rec.Seed, Index: opts.Index, JSON: opts.JSON, Decisions: opts.Decisions})
}

// replayDuelRun is `bangsim replay --run DIR` of a duel directory: duel --index of
// its run, the duel rebuilt from its run.json (cardgame.DuelSpecOfRun: bots, rules and
// added characters, no character file needed), as `bangsim duel --replay` prints it.
func replayDuelRun(cmd *cobra.Command, opts replayOptions, sh *cardgame.DuelShard, stdout io.Writer) error {
	for _, name := range []string{"players", "draft-policy"} {
		if cmd.Flags().Changed(name) {
			return usagef("--%s cannot be given with --run: the duel is the run's, as run.json records it", name)
		}
	}
	spec, err := cardgame.DuelSpecOfRun(&sh.Run)
	if err != nil {
		return usagef("cannot replay from %s: %w", opts.Run, err)
	}
	if opts.Index >= spec.Duels {
		return usagef("--index %d: the run has duels 0 to %d", opts.Index, spec.Duels-1)
	}
	return spec.Replay(stdout, opts.Index, cardgame.DuelReplay{JSON: opts.JSON, Decisions: opts.Decisions})
}

// leagueReplayFlags are the league configuration's flags replay binds (bindConfig),
// which mean nothing without --game league.
var leagueReplayFlags = []string{"table", "bid-policy", "value-games", "attendance", "min-table", "max-table", "finals", "duel-policy", "duel-draft-policy", "withdraw"}

// runLeagueReplay replays one game or match of a league season (replay --game league).
func runLeagueReplay(ctx context.Context, opts replayOptions, stdout io.Writer) error {
	switch {
	case opts.JSON:
		return usagef("--json: the league's replay is text only")
	case (opts.GameIndex > 0) == (opts.Match != ""):
		return usagef("--game league replays one game (--game-index G, from 1) or one match (--match ROUND), not %s", map[bool]string{true: "both", false: "neither"}[opts.GameIndex > 0])
	case opts.GameIndex < 0:
		return usagef("--game-index %d: games are numbered from 1", opts.GameIndex)
	case opts.changed("index"):
		return usagef("--index numbers a run's games; a league's game is --game-index (from 1, as in games.csv)")
	case opts.changed("config"):
		return usagef("--config is a run's configuration; a league's replay takes the league's flags, as 'bangsim league' does")
	}
	for _, name := range []string{"policy-for", "characters", "fixed-seats"} {
		if opts.changed(name) {
			return usagef("--%s is not a league flag: a league's characters come from its auctions, every seat plays --policy", name)
		}
	}
	var rules []string
	for name := range opts.ints {
		rules = append(rules, name)
	}
	for name := range opts.bools {
		rules = append(rules, name)
	}
	for name := range opts.texts {
		rules = append(rules, name)
	}
	slices.Sort(rules)
	for _, name := range rules {
		if opts.changed(name) {
			return usagef("--%s: the league plays the base card game; the card game's rule options are not the league's", name)
		}
	}
	o := opts.League
	o.Seed, o.CharactersFile = opts.Seed, opts.CharactersFile
	if opts.changed("policy") {
		o.Bot = opts.Policy
	}
	if opts.changed("players") {
		n, err := strconv.Atoi(opts.Players)
		if err != nil {
			return usagef("--players %q: with --game league, the number of league players", opts.Players)
		}
		o.Players = n
	}
	cfg, _, err := leagueConfig(o, 0)
	if err != nil {
		return err
	}
	cfg.ValueWorkers = runtime.GOMAXPROCS(0) // the worth does not depend on it
	if err := cardgame.CheckLeague(cfg); errors.Is(err, league.ErrConfig) {
		return asUsage(err)
	} else if err != nil {
		return err
	}
	l, err := cardgame.NewLeague(ctx, cfg)
	if ctx.Err() != nil {
		return fmt.Errorf("%w while measuring the characters' worth", errInterrupted)
	}
	if errors.Is(err, league.ErrConfig) {
		return asUsage(err)
	}
	if err != nil {
		return err
	}
	err = cardgame.ReplayLeague(stdout, l, cardgame.LeagueReplay{Seed: opts.Seed, Season: opts.Season, Game: opts.GameIndex, Match: opts.Match, Decisions: opts.Decisions})
	if errors.Is(err, cardgame.ErrLeagueReplay) {
		return asUsage(err)
	}
	return err
}
