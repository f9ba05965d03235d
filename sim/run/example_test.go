package run_test

import (
	"context"
	"fmt"

	"github.com/bangsim/bangsim/sim/run"
)

func ExampleRun() {
	// A tally of plain counters; each worker's player could also own a game table.
	type tally struct{ Games, Odd uint64 }
	newPlayer := func() run.Player[tally] {
		return func(t *tally, index, gameSeed uint64) {
			t.Games++
			t.Odd += gameSeed & 1
		}
	}
	merge := func(dst, src *tally) {
		dst.Games += src.Games
		dst.Odd += src.Odd
	}
	cfg := run.Config{Games: 10_000, Seed: 42, Workers: 4, Chunk: 1000}
	res, err := run.Run(context.Background(), cfg, newPlayer, merge)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%d games, %d odd seeds, partial %v\n", res.Games, res.Tally.Odd, res.Partial)
	// Output:
	// 10000 games, 4924 odd seeds, partial false
}
