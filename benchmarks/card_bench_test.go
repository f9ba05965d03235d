package benchmarks

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// BenchmarkCardGame plays whole games of the BANG! card game with the `random`
// yardstick at every seat, characters dealt at random, at every table size: issue 11's
// engine target is p5 at 100,000 games/s or more on one core.
func BenchmarkCardGame(b *testing.B) {
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		b.Run(fmt.Sprintf("p%d", n), func(b *testing.B) { benchCard(b, n, "random") })
	}
}

// BenchmarkCardHeuristic is BenchmarkCardGame with the `heuristic` bot at every seat:
// issue 11's target is p5 at 50,000 games/s or more on one core.
func BenchmarkCardHeuristic(b *testing.B) {
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		b.Run(fmt.Sprintf("p%d", n), func(b *testing.B) { benchCard(b, n, "heuristic") })
	}
}

// benchCard plays game i of run 1 per iteration on one card Table built as bangsim
// builds it: the registered bot at every role, its needs declared.
func benchCard(b *testing.B, n int, policy string) {
	e, err := cardbots.Lookup(policy)
	if err != nil {
		b.Fatal(err)
	}
	tb, err := card.NewTableOf(card.DefaultRules(n), e.New, card.Needs(e.Needs))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var i, turns uint64
	for b.Loop() {
		g := tb.Play(seed.ForGame(1, i))
		if g.Illegal != 0 {
			b.Fatalf("game %d: %d illegal choices by %s", i, g.Illegal, policy)
		}
		turns += uint64(g.Turns)
		i++
	}
	reportGames(b, i, turns)
}
