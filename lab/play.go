package lab

import (
	"context"

	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/run"
)

// PlayCount plays one player count's games through the generic runner with a game's
// own tally type T: each worker owns what newPlayer returns, tallies merge in game
// order, and export turns the merged tally into the named form the result files hold.
// A game's Prepared.PlayCount is this call with its engine's types.
func PlayCount[T any](ctx context.Context, cfg run.Config, players int, newPlayer func() run.Player[T], merge func(dst, src *T), export func(*T) resultfile.Tally) (Played, error) {
	res, err := run.Run(ctx, cfg, newPlayer, merge)
	return Played{
		CountTally: resultfile.CountTally{
			Players:        players,
			FirstGame:      res.First,
			Games:          res.Games,
			ElapsedSeconds: res.Elapsed.Seconds(),
			Tally:          export(&res.Tally),
		},
		Planned: res.Planned,
	}, err
}
