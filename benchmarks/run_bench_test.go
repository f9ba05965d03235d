package benchmarks

import (
	"context"
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/sim/run"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// pipelineBatch is the number of games one iteration of BenchmarkRunPipeline plays:
// enough chunks for every worker to stay busy, small enough for quick iterations.
const pipelineBatch = 1 << 16

// BenchmarkRunPipeline measures the whole path `bangsim run` takes (engine, worker pool,
// chunked tallies merged in order) with one and two workers, five players, random
// characters and the default policy. The targets: two workers at least 1.7
// times one worker's games/s on a 2-core machine, and one worker within 15% of
// BenchmarkDiceGame/p5.
func BenchmarkRunPipeline(b *testing.B) {
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			rules := dice.DefaultRules(5)
			e, err := dicebots.Lookup(dicebots.DefaultPolicy)
			if err != nil {
				b.Fatal(err)
			}
			newPlayer := func() run.Player[dice.Tally] {
				var byRole [dice.NumRoles]dice.Policy
				for r := range byRole {
					byRole[r] = e.New()
				}
				t, err := dice.NewTable(rules, byRole)
				if err != nil {
					panic(err)
				}
				for r := range t.RoleNeeds {
					t.RoleNeeds[r] = dice.Needs(e.Needs)
				}
				t.NeedsDeclared = true
				return func(tally *dice.Tally, _, gameSeed uint64) { tally.Add(t.Play(gameSeed)) }
			}
			merge := func(dst, src *dice.Tally) { dst.Merge(src) }
			b.ReportAllocs()
			var games uint64
			seedBase := uint64(1)
			for b.Loop() {
				cfg := run.Config{Games: pipelineBatch, Seed: seedBase, Workers: workers}
				res, err := run.Run(context.Background(), cfg, newPlayer, merge)
				if err != nil || res.Partial {
					b.Fatalf("run: %v (partial %v)", err, res.Partial)
				}
				games += res.Games
				seedBase++
			}
			b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
