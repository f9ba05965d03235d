package dicebots_test

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// benchmarkGames plays 5-player games (rulebook rules, random characters) with the
// policy spec at every seat and reports ns/game (ns/op), turns/game and allocations.
// The heuristic's budget is 1.5 times random's ns/game:
//
//	go test ./strategy/dicebots -run '^$' -bench 'Game(Random|Heuristic)$' -count 5
func benchmarkGames(b *testing.B, spec string) {
	e, err := dicebots.Lookup(spec)
	if err != nil {
		b.Fatal(err)
	}
	p := e.New()
	tb, err := dice.NewTable(dice.DefaultRules(5), [dice.NumRoles]dice.Policy{p, p, p, p})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i, turns := uint64(0), 0
	for b.Loop() {
		turns += int(tb.Play(seed.ForGame(1, i)).Turns)
		i++
	}
	b.ReportMetric(float64(turns)/float64(i), "turns/game")
}

func BenchmarkGameRandom(b *testing.B)     { benchmarkGames(b, "random") }
func BenchmarkGameKeep(b *testing.B)       { benchmarkGames(b, "keep") }
func BenchmarkGameHeuristic(b *testing.B)  { benchmarkGames(b, "heuristic") }
func BenchmarkGameOmniscient(b *testing.B) { benchmarkGames(b, "omniscient") }

// BenchmarkGameSearchSeat plays 5-player games with search as the Sheriff and heuristic
// at the other seats: the cost of one search seat per game.
func BenchmarkGameSearchSeat(b *testing.B) {
	e, err := dicebots.Lookup("search")
	if err != nil {
		b.Fatal(err)
	}
	var by [dice.NumRoles]dice.Policy
	for r := range by {
		by[r] = dicebots.Heuristic{}
	}
	by[dice.Sheriff] = e.New()
	tb, err := dice.NewTable(dice.DefaultRules(5), by)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := uint64(0)
	for b.Loop() {
		tb.Play(seed.ForGame(2, i))
		i++
	}
}
