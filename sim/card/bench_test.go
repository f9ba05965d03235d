package card

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// BenchmarkCardGame plays whole games with the `random` yardstick at every seat and
// characters dealt at random, at every table size, on one Table:
//
//	go test ./sim/card -run '^$' -bench BenchmarkCardGame -cpu 1
func BenchmarkCardGame(b *testing.B) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		b.Run(fmt.Sprintf("p%d", n), func(b *testing.B) {
			benchGames(b, DefaultRules(n))
		})
	}
}

// BenchmarkCardGamePlain is BenchmarkCardGame with plain characters, five players.
func BenchmarkCardGamePlain(b *testing.B) {
	r := DefaultRules(5)
	r.Deal = DealPlain
	benchGames(b, r)
}

func benchGames(b *testing.B, r Rules) {
	tb := randomTable(b, r)
	for i := range tb.RoleNeeds {
		tb.RoleNeeds[i] = NeedsOf(tb.ByRole[i])
	}
	tb.NeedsDeclared = true
	b.ReportAllocs()
	var i, turns uint64
	for b.Loop() {
		g := tb.Play(seed.ForGame(1, i))
		if g.Illegal != 0 {
			b.Fatalf("game %d: %d illegal choices", i, g.Illegal)
		}
		turns += uint64(g.Turns)
		i++
	}
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(i)/s, "games/s")
	}
	if i > 0 {
		b.ReportMetric(float64(turns)/float64(i), "turns/game")
	}
}
