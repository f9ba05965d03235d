package main

import (
	"context"
	"time"

	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/sim/run"
)

// countResult is what one player count of a run produced.
type countResult struct {
	Players int
	First   uint64 // first game index played (the shard's start)
	Planned uint64 // games this shard was to play at this count
	Games   uint64 // games played: indices First..First+Games-1
	Elapsed time.Duration
	Tally   dice.Tally
}

// Partial reports whether fewer games were played than planned.
func (c *countResult) Partial() bool { return c.Games < c.Planned }

// playCount plays the games of one player count through the generic runner: each worker
// owns a table with its own policies, and tallies merge in game order.
func playCount(ctx context.Context, setup *gameSetup, n int, cfg run.Config) (countResult, error) {
	rules, err := setup.rules(n)
	if err != nil {
		return countResult{Players: n}, err
	}
	newPlayer := func() run.Player[dice.Tally] {
		t, err := setup.newTable(rules)
		if err != nil {
			panic(err) // rules were validated above, and every role has a policy
		}
		return func(tally *dice.Tally, _, gameSeed uint64) {
			tally.Add(t.Play(gameSeed))
		}
	}
	merge := func(dst, src *dice.Tally) { dst.Merge(src) }
	res, err := run.Run(ctx, cfg, newPlayer, merge)
	return countResult{
		Players: n,
		First:   res.First,
		Planned: res.Planned,
		Games:   res.Games,
		Elapsed: res.Elapsed,
		Tally:   res.Tally,
	}, err
}
