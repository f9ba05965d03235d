package benchmarks

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// benchGames plays game i of run 1 per iteration on one Table with policy at every seat.
func benchGames(b *testing.B, rules dice.Rules, policy string) {
	e, err := dicebots.Lookup(policy)
	if err != nil {
		b.Fatal(err)
	}
	var byRole [dice.NumRoles]dice.Policy
	for r := range byRole {
		byRole[r] = e.New()
	}
	tb, err := dice.NewTable(rules, byRole)
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
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(i)/s, "games/s")
	}
	if i > 0 {
		b.ReportMetric(float64(turns)/float64(i), "turns/game")
	}
}

// BenchmarkDiceGame plays whole games with characters dealt at random and the default
// policy, at every table size.
func BenchmarkDiceGame(b *testing.B) {
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		b.Run(fmt.Sprintf("p%d", n), func(b *testing.B) {
			benchGames(b, dice.DefaultRules(n), dicebots.DefaultPolicy)
		})
	}
}

// BenchmarkDiceGamePlain plays five-player games with plain characters (no abilities)
// and the default policy: the 500,000 games/s target.
func BenchmarkDiceGamePlain(b *testing.B) {
	r := dice.DefaultRules(5)
	r.Deal = dice.DealPlain
	benchGames(b, r, dicebots.DefaultPolicy)
}

// BenchmarkDicePolicy plays five-player games, characters at random, every seat playing
// one registered policy.
func BenchmarkDicePolicy(b *testing.B) {
	for _, e := range dicebots.Entries() {
		b.Run(e.Name, func(b *testing.B) {
			benchGames(b, dice.DefaultRules(5), e.Name)
		})
	}
}
