package run

import (
	"context"
	"testing"
)

// BenchmarkRunOverhead measures what the runner itself costs per game, with a player that
// does almost nothing.
func BenchmarkRunOverhead(b *testing.B) {
	const games = 1 << 20
	type tally struct{ N, S uint64 }
	newPlayer := func() Player[tally] {
		return func(t *tally, _, gameSeed uint64) {
			t.N++
			t.S += gameSeed
		}
	}
	merge := func(dst, src *tally) {
		dst.N += src.N
		dst.S += src.S
	}
	cfg := Config{Games: games, Seed: 1}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Run(context.Background(), cfg, newPlayer, merge); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/games, "ns/game")
}
