package cardgame

import (
	"context"
	"fmt"

	"github.com/bangsim/bangsim/sim/league"
	"github.com/bangsim/bangsim/sim/run"
)

// SeasonRows is a run of consecutive seasons' record as CSV lines, no headers: the
// standings (league.AppendStandings), the games, the auctions and the matches
// (league.AppendGames, AppendAuctions, AppendMatches), seasons in order.
type SeasonRows struct {
	Standings, Games, Auctions, Matches []byte
}

// SeasonsSummary is what PlaySeasons keeps of all the seasons, whatever their number:
// the purchases summed and the counts the command's summary prints.
type SeasonsSummary struct {
	Prices      league.PriceTally
	Seasons     uint64 // seasons played
	PlayerGames uint64 // every player's games, summed over the seasons
	Ranked      uint64 // ranked players, summed over the seasons
}

// seasons is a piece of seasons: their record, formatted on the worker that played
// them, and their summary. Pieces merge in season order (sim/run), so the rows reach
// the sink in season order whatever the worker count.
type seasons struct {
	rows SeasonRows
	sum  SeasonsSummary
}

// add records one season.
func (s *seasons) add(index uint64, res *league.Result) {
	s.rows.Standings = league.AppendStandings(s.rows.Standings, index, res)
	s.rows.Games = league.AppendGames(s.rows.Games, index, res)
	s.rows.Auctions = league.AppendAuctions(s.rows.Auctions, index, res)
	s.rows.Matches = league.AppendMatches(s.rows.Matches, index, res)
	s.sum.Prices.Add(res)
	s.sum.Seasons++
	s.sum.Ranked += uint64(len(res.Ranking))
	for _, st := range res.Standings {
		s.sum.PlayerGames += uint64(st.Games)
	}
}

// PlaySeasons plays n seasons of l on sim/run's worker pool (workers goroutines, 0:
// every CPU): season I is played as season number I (League.SeasonNumber, whose
// withdrawals apply) with seed.ForGame(seed, I). Each piece of seasons goes
// to sink as soon as the seasons before it have, in season order, on the calling
// goroutine; nothing else of a season is kept, so memory does not grow with n (about
// two pieces of about sim/run's PieceTime per worker are held at once). A sink error
// stops the run and is returned. Interrupted (ctx cancelled), the seasons finished so
// far have gone to the sink and partial is set. progress, if set, is called with the
// seasons finished so far.
func PlaySeasons(ctx context.Context, l *league.League, seed uint64, n uint64, workers int, progress func(done, total uint64), sink func(*SeasonRows) error) (sum *SeasonsSummary, partial bool, err error) {
	res, err := playSeasons(ctx, l, run.Config{Games: n, Seed: seed, Workers: workers, Progress: progress}, sink)
	return &res.Tally.sum, res.Partial, err
}

// playSeasons is PlaySeasons under cfg (a shard of the seasons: cfg.Shard of
// cfg.Shards), returning sim/run's result: the first season, the seasons played (the
// prefix from it) and the summary.
func playSeasons(ctx context.Context, l *league.League, cfg run.Config, sink func(*SeasonRows) error) (run.Result[seasons], error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var sinkErr error
	newPlayer := func() run.Player[seasons] {
		return func(t *seasons, index, seasonSeed uint64) {
			res, err := l.SeasonNumber(int(index), seasonSeed)
			if err != nil { // the configuration was checked by NewLeague: a bug
				panic(fmt.Sprintf("league season %d: %v", index, err))
			}
			t.add(index, res)
		}
	}
	merge := func(dst, src *seasons) {
		if sinkErr == nil {
			if sinkErr = sink(&src.rows); sinkErr != nil {
				cancel()
			}
		}
		src.rows = SeasonRows{}
		dst.sum.Prices.Merge(&src.sum.Prices)
		dst.sum.Seasons += src.sum.Seasons
		dst.sum.PlayerGames += src.sum.PlayerGames
		dst.sum.Ranked += src.sum.Ranked
	}
	res, err := run.Run(ctx, cfg, newPlayer, merge)
	if sinkErr != nil {
		res.Partial = true
		return res, sinkErr
	}
	return res, err
}
