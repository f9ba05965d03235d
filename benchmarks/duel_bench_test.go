package benchmarks

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/duelbots"
)

// BenchmarkLongDuel plays whole long duels (draft to end) as `bangsim duel` builds them:
// random play with random drafts, and the heuristic with value drafts.
func BenchmarkLongDuel(b *testing.B) {
	b.Run("random", func(b *testing.B) { benchDuel(b, "random", "random") })
	b.Run("heuristic", func(b *testing.B) { benchDuel(b, "heuristic", "value-start") })
}

func benchDuel(b *testing.B, play, draft string) {
	var pol [2]card.Policy
	var dr [2]card.DraftPolicy
	for s := range pol {
		p, err := duelbots.Play(play)
		if err != nil {
			b.Fatal(err)
		}
		d, err := duelbots.Draft(draft)
		if err != nil {
			b.Fatal(err)
		}
		pol[s], dr[s] = p, d
	}
	d := card.NewLongDuel(pol, dr)
	b.ReportAllocs()
	var i, turns uint64
	for b.Loop() {
		d.Play(seed.ForGame(1, i))
		if d.Illegal != 0 {
			b.Fatalf("duel %d: %d illegal choices", i, d.Illegal)
		}
		turns += uint64(d.Turns)
		i++
	}
	reportGames(b, i, turns)
}
