package run

import (
	"context"
	"testing"
)

// Allocations come from setting up a Run, never from playing its games.
func TestAllocationsIndependentOfGames(t *testing.T) {
	allocs := func(games uint64) float64 {
		cfg := Config{Games: games, Seed: 1, Workers: 4, Chunk: 256}
		return testing.AllocsPerRun(5, func() {
			if _, err := Run(context.Background(), cfg, newToy, mergeToy); err != nil {
				t.Fatal(err)
			}
		})
	}
	small, large := allocs(10_000), allocs(100_000)
	t.Logf("allocations per Run: %v for 10k games, %v for 100k", small, large)
	if large > 50 || large > small+5 {
		t.Errorf("allocations grow with games: %v for 10k, %v for 100k", small, large)
	}
}
