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

// countedSearch counts the decisions its seat is asked (a phase 2 with one option is
// not asked at all).
type countedSearch struct {
	*cardbots.Search
	n int
}

func (c *countedSearch) Choose(v *card.View) int {
	c.n++
	return c.Search.Choose(v)
}

// BenchmarkCardSearch plays five-player games of heuristics with search at its default
// budget at one seat (the seat going round), as a comparison plays them, and reports
// games/s and the search seat's decisions/s:
//
//	go test ./strategy/cardbots -run '^$' -bench CardSearch -cpu 1
func BenchmarkCardSearch(b *testing.B) {
	e, err := cardbots.Lookup("search")
	if err != nil {
		b.Fatal(err)
	}
	sp := &countedSearch{Search: e.New().(*cardbots.Search)}
	h := cardbots.Heuristic{}
	tb, err := card.NewTable(card.DefaultRules(5), [4]card.Policy{h, h, h, h})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := uint64(0)
	for b.Loop() {
		tb.BySeat = [card.MaxSeats]card.Policy{}
		tb.BySeat[i%5] = sp
		tb.Play(seed.ForGame(1, i))
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(sp.n)/b.Elapsed().Seconds(), "decisions/s")
}
