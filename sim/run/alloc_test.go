package run

import (
	"context"
	"testing"
)

// Allocations come from setting up a Run, never from playing its games, with fixed or
// time-sized pieces.
func TestAllocationsIndependentOfGames(t *testing.T) {
	for _, chunk := range []uint64{256, 0} {
		allocs := func(games uint64) float64 {
			cfg := Config{Games: games, Seed: 1, Workers: 4, Chunk: chunk}
			return testing.AllocsPerRun(5, func() {
				if _, err := Run(context.Background(), cfg, newToy, mergeToy); err != nil {
					t.Fatal(err)
				}
			})
		}
		small, large := allocs(10_000), allocs(100_000)
		t.Logf("chunk %d: allocations per Run: %v for 10k games, %v for 100k", chunk, small, large)
		if large > 50 || large > small+5 {
			t.Errorf("chunk %d: allocations grow with games: %v for 10k, %v for 100k", chunk, small, large)
		}
	}
}
