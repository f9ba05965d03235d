package cardbots_test

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// benchmarkGames plays n-player games (rulebook rules, random characters) with the bot
// spec at every seat and reports games/s, turns/game, decisions/game and allocations.
func benchmarkGames(b *testing.B, spec string, n int) {
	p := func(e cardbots.Entry) card.Policy { return e.New() }
	tb := declaredTable(b, spec, n, p)
	b.ReportAllocs()
	i, turns := uint64(0), 0
	for b.Loop() {
		turns += int(tb.Play(seed.ForGame(1, i)).Turns)
		i++
	}
	b.ReportMetric(float64(turns)/float64(i), "turns/game")
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkCardRandom plays the yardstick at every seat, for comparison.
func BenchmarkCardRandom(b *testing.B) {
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		b.Run(fmt.Sprintf("p%d", n), func(b *testing.B) { benchmarkGames(b, "random", n) })
	}
}

// BenchmarkCardHeuristic plays the heuristic at every seat (speed target: 50,000
// five-player games/s on one core):
//
//	go test ./strategy/cardbots -run '^$' -bench CardHeuristic -cpu 1
func BenchmarkCardHeuristic(b *testing.B) {
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		b.Run(fmt.Sprintf("p%d", n), func(b *testing.B) { benchmarkGames(b, "heuristic", n) })
	}
}

// BenchmarkCardOmniscient plays omniscient at every seat.
func BenchmarkCardOmniscient(b *testing.B) {
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		b.Run(fmt.Sprintf("p%d", n), func(b *testing.B) { benchmarkGames(b, "omniscient", n) })
	}
}

// declaredTable is an n-player Table (rulebook rules) with bot(spec's entry) at every
// role and the entry's needs declared, as bangsim builds one.
func declaredTable(b *testing.B, spec string, n int, bot func(e cardbots.Entry) card.Policy) *card.Table {
	e, err := cardbots.Lookup(spec)
	if err != nil {
		b.Fatal(err)
	}
	tb, err := card.NewTableOf(card.DefaultRules(n), func() card.Policy { return bot(e) }, card.Needs(e.Needs))
	if err != nil {
		b.Fatal(err)
	}
	return tb
}
