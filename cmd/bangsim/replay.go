package main

import (
	"context"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
)

// replayOptions are the flags of `bangsim replay`.
type replayOptions struct {
	gameOptions
	Players   string
	Index     uint64
	JSON      bool
	Decisions bool
	Drafts    string // --draft-policy, for --game duel only
}

// replayCmd builds `bangsim replay`.
func (a *app) replayCmd() *cobra.Command {
	opts := replayOptions{gameOptions: defaultGameOptions(), Players: "5"}
	cmd := &cobra.Command{
		Use:   "replay",
		Short: "Show one game of a run turn by turn",
		Long: `Replay plays game --index of the run with --seed again, alone, and prints it turn
by turn: in the dice game every roll, what was kept and rerolled, arrows and Indian
attacks, every shot, Beer and ability; in the card game every card drawn, played and
answered, every "draw!", steal and discard; each elimination and the winner. Give the
same game, rule, character and bot flags as the run (and one player count): the game is
then exactly the one the run counted. --json prints one JSON object per line (JSON
Lines) instead.

--game duel replays long duel --index of 'bangsim duel --seed S' (its --policy and
--draft-policy, "a,b" for the two seats), as 'bangsim duel --replay I' does: the draft,
the stacks and every decision asked, with the board at each turn.`,
		Example: `  bangsim replay --seed 1 --index 42
  bangsim replay --players 3 --index 7 --decisions
  bangsim replay --index 42 --json | jq -c 'select(.event == "eliminated")'
  bangsim replay --game card --players 6 --index 3
  bangsim replay --game duel --seed 1 --index 3      # = bangsim duel --replay 3`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error {
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
	fs.BoolVar(&opts.JSON, "json", false, "print JSON Lines, one object per event")
	fs.BoolVar(&opts.Decisions, "decisions", false, "also show every decision the bots made, with its legal options")
	fs.StringVar(&opts.Drafts, "draft-policy", "random", "with --game duel: the draft bot of both seats, or SEAT0,SEAT1, as 'bangsim duel' took it")
	return cmd
}

// runReplay plays the game and narrates it on stdout.
func runReplay(_ context.Context, opts replayOptions, stdout io.Writer) error {
	g, err := opts.gameOptions.gameFor()
	if err != nil {
		return err
	}
	players, err := parsePlayers(opts.Players, g)
	if err != nil {
		return err
	}
	if len(players) != 1 {
		return usagef("replay plays one game: --players must be one count, not %q", opts.Players)
	}
	setup, err := opts.gameOptions.resolve(players)
	if err != nil {
		return err
	}
	return setup.prepared.Replay(stdout, lab.ReplayRequest{Players: players[0], Seed: opts.Seed, Index: opts.Index, JSON: opts.JSON, Decisions: opts.Decisions})
}
