package cardgame

import (
	"context"
	"fmt"

	"github.com/bangsim/bangsim/sim/league"
	"github.com/bangsim/bangsim/sim/run"
)

// seasons is what PlaySeasons keeps of a piece of seasons: their results in season
// order (standings only) and the purchases summed. Pieces merge in season order
// (sim/run), so the results come out in order whatever the worker count.
type seasons struct {
	results []*league.Result
	prices  league.PriceTally
}

// PlaySeasons plays n seasons of l on sim/run's worker pool (workers goroutines, 0:
// every CPU): season I is played as season number I (League.SeasonNumber, whose
// withdrawals apply) with seed.ForGame(seed, I). It returns the results in season
// order, each without its games (only the standings are kept), and the purchases of all
// of them; interrupted (ctx cancelled), the seasons finished so far with partial set. progress, if set, is called with the seasons finished so far.
func PlaySeasons(ctx context.Context, l *league.League, seed uint64, n uint64, workers int, progress func(done, total uint64)) (results []*league.Result, prices *league.PriceTally, partial bool, err error) {
	cfg := run.Config{Games: n, Seed: seed, Workers: workers, Progress: progress}
	newPlayer := func() run.Player[seasons] {
		return func(t *seasons, index, seasonSeed uint64) {
			res, err := l.SeasonNumber(int(index), seasonSeed)
			if err != nil { // the configuration was checked by NewLeague: a bug
				panic(fmt.Sprintf("league season %d: %v", index, err))
			}
			t.prices.Add(res)
			res.Games = nil
			t.results = append(t.results, res)
		}
	}
	merge := func(dst, src *seasons) {
		dst.results = append(dst.results, src.results...)
		dst.prices.Merge(&src.prices)
	}
	res, err := run.Run(ctx, cfg, newPlayer, merge)
	return res.Tally.results, &res.Tally.prices, res.Partial, err
}
