package benchmarks

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// countedSearch counts the decisions its seat is asked (a decision with one option is
// not asked at all), so that the benchmark can report decisions/s.
type countedSearch struct {
	*cardbots.Search
	n uint64
}

// Choose counts the decision and asks the search.
func (c *countedSearch) Choose(v *card.View) int {
	c.n++
	return c.Search.Choose(v)
}

// BenchmarkCardSearch plays five-player card games of heuristics with the `search` bot
// at its default budget (the registry's defaults) at one seat, the seat going round
// the table with the game index, as a comparison or a ladder plays it: issue 30 asks
// for its games/s and decisions/s (the search seat's asked decisions, of which the
// phase-2 ones are searched) on one core. It is slow (about 0.1 s a game), so give it a
// count of games:
//
//	go test ./benchmarks -run '^$' -bench 'CardSearch$' -benchtime 40x -cpu 1
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
	var i, turns uint64
	for b.Loop() {
		tb.BySeat = [card.MaxSeats]card.Policy{}
		tb.BySeat[i%5] = sp
		g := tb.Play(seed.ForGame(1, i))
		if g.Illegal != 0 {
			b.Fatalf("game %d: %d illegal choices", i, g.Illegal)
		}
		turns += uint64(g.Turns)
		i++
	}
	reportGames(b, i, turns)
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(sp.n)/s, "decisions/s")
	}
}
