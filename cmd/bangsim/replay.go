package main

import (
	"bufio"
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
)

// replayOptions are the flags of `bangsim replay`.
type replayOptions struct {
	gameOptions
	Players   string
	Index     uint64
	JSON      bool
	Decisions bool
}

// replayCmd builds `bangsim replay`.
func (a *app) replayCmd() *cobra.Command {
	opts := replayOptions{gameOptions: defaultGameOptions(), Players: "5"}
	cmd := &cobra.Command{
		Use:   "replay",
		Short: "Show one game of a run turn by turn",
		Long: `Replay plays game --index of the run with --seed again, alone, and prints it turn
by turn: every roll, what was kept and rerolled, arrows and Indian attacks, every shot,
Beer and ability, each elimination and the winner. Give the same game, rule, character
and bot flags as the run (and one player count): the game is then exactly the one the
run counted. --json prints one JSON object per line (JSON Lines) instead.`,
		Example: `  bangsim replay --seed 1 --index 42
  bangsim replay --players 3 --index 7 --decisions
  bangsim replay --index 42 --json | jq -c 'select(.event == "eliminated")'`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error {
			_, err := runReplay(a.ctx, opts, a.stdout)
			return err
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&opts.Players, "players", opts.Players, "player count (one count)")
	fs.Uint64Var(&opts.Index, "index", 0, "index of the game in the run (0-based, as in the run's game numbering)")
	opts.gameOptions.bind(fs)
	fs.BoolVar(&opts.JSON, "json", false, "print JSON Lines, one object per event")
	fs.BoolVar(&opts.Decisions, "decisions", false, "also show every decision the bots made, with its legal options")
	return cmd
}

// runReplay plays the game and narrates it on stdout; it returns the finished game so
// callers (tests) can check it against a run.
func runReplay(_ context.Context, opts replayOptions, stdout io.Writer) (*dice.State, error) {
	setup, err := opts.gameOptions.resolve()
	if err != nil {
		return nil, err
	}
	players, err := parsePlayers(opts.Players)
	if err != nil {
		return nil, err
	}
	if len(players) != 1 {
		return nil, usagef("replay plays one game: --players must be one count, not %q", opts.Players)
	}
	rules, err := setup.rules(players[0])
	if err != nil {
		return nil, err
	}
	t, err := setup.newTable(rules)
	if err != nil {
		return nil, err
	}
	w := bufio.NewWriter(stdout)
	info := replayInfo{Seed: opts.Seed, Index: opts.Index, GameSeed: seed.ForGame(opts.Seed, opts.Index), Setup: setup}
	var out narration
	if opts.JSON {
		out = &jsonNarration{w: w}
	} else {
		out = &textNarration{w: w}
	}
	g, _ := replayGame(t, info, out, opts.Decisions)
	if err := out.err(); err != nil {
		return g, err
	}
	return g, w.Flush()
}

// replayGame plays the game of info on t, narrating it to out, and returns the finished
// game and the replay's own account of the table at the end.
func replayGame(t *dice.Table, info replayInfo, out narration, decisions bool) (*dice.State, *account) {
	n := &narrator{info: info, out: out, table: t, decisions: decisions}
	t.OnEvents = n.events
	t.OnDecision = n.decision
	g := t.Play(info.GameSeed)
	n.end(g)
	return g, &n.acct
}
