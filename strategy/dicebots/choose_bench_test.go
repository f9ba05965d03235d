package dicebots

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
)

// viewRecord is a seat wrapper that plays the default heuristic and keeps a copy of
// every View it is shown.
type viewRecord struct {
	views []dice.View
}

func (r *viewRecord) Choose(v *dice.View) int {
	r.views = append(r.views, *v)
	return Heuristic{}.Choose(v)
}

// benchViews returns the Views of the first games of the 5-player benchmark
// (BenchmarkGameHeuristic's seeds), in order.
func benchViews(b *testing.B, games int) []dice.View {
	rec := &viewRecord{}
	tb, err := dice.NewTable(dice.DefaultRules(5), [dice.NumRoles]dice.Policy{rec, rec, rec, rec})
	if err != nil {
		b.Fatal(err)
	}
	for i := range uint64(games) {
		tb.Play(seed.ForGame(1, i))
	}
	return rec.views
}

// BenchmarkHeuristicChoose times Heuristic.Choose alone, per decision (ns/op), on the
// decisions of 5-player self-play in game order, without the engine around it: the
// heuristic's own share of BenchmarkGameHeuristic, by decision kind. Each View is first
// copied into one hot View, as the engine fills its own, which /copy times alone; /ref
// times the readable reference on the same decisions, a yardstick that shares the
// machine's noise.
func BenchmarkHeuristicChoose(b *testing.B) {
	const games = 30
	views := benchViews(b, games)
	e, err := Lookup(DefaultPolicy)
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range []struct {
		name string
		keep func(dice.Kind) bool
	}{
		{"all", func(dice.Kind) bool { return true }},
		{"reroll", func(k dice.Kind) bool { return k == dice.DecideReroll }},
		{"target", func(k dice.Kind) bool { return k == dice.DecideTarget }},
		{"beer", func(k dice.Kind) bool { return k == dice.DecideBeer }},
	} {
		var vs []dice.View
		var hot dice.View // each decision's View is copied here first, as the engine fills its own
		for i := range views {
			if k.keep(views[i].Decision.Kind) {
				vs = append(vs, views[i])
			}
		}
		b.Run(k.name, func(b *testing.B) {
			p := e.New()
			i, sum := 0, 0
			for b.Loop() {
				hot = vs[i]
				sum += p.Choose(&hot)
				if i++; i == len(vs) {
					i = 0
				}
			}
			b.ReportMetric(float64(len(vs))/games, "decisions/game")
			_ = sum
		})
		b.Run(k.name+"/copy", func(b *testing.B) {
			i, sum := 0, 0
			for b.Loop() {
				hot = vs[i]
				sum += int(hot.Decision.Options)
				if i++; i == len(vs) {
					i = 0
				}
			}
			_ = sum
		})
		b.Run(k.name+"/ref", func(b *testing.B) {
			i, sum := 0, 0
			for b.Loop() {
				hot = vs[i]
				sum += refChoose(&DefaultHeuristicParams, &hot)
				if i++; i == len(vs) {
					i = 0
				}
			}
			_ = sum
		})
	}
}

// repeatChoose asks its policy k times per decision and plays the last answer.
type repeatChoose struct {
	p dice.Policy
	k int
}

func (r repeatChoose) Choose(v *dice.View) int {
	c := 0
	for range r.k {
		c = r.p.Choose(v)
	}
	return c
}

// BenchmarkGameHeuristicRepeat plays BenchmarkGameHeuristic's games with every decision
// asked once and three times: the difference, halved, is what the heuristic costs per
// game inside the engine's loop (warm View, the engine's branch history), whatever the
// engine around it costs.
func BenchmarkGameHeuristicRepeat(b *testing.B) {
	e, err := Lookup(DefaultPolicy)
	if err != nil {
		b.Fatal(err)
	}
	for _, k := range []int{1, 3} {
		b.Run(fmt.Sprintf("x%d", k), func(b *testing.B) {
			playFivePlayerGames(b, repeatChoose{e.New(), k})
		})
	}
}

// refPolicy plays the readable reference heuristic.
type refPolicy struct{}

func (refPolicy) Choose(v *dice.View) int { return refChoose(&DefaultHeuristicParams, v) }

// BenchmarkGameHeuristicRef plays BenchmarkGameHeuristic's games with the readable
// reference: the same games (the same choices), so the difference in ns/game is what the
// fast path saves, whatever the engine costs.
func BenchmarkGameHeuristicRef(b *testing.B) {
	for _, k := range []struct {
		name string
		p    dice.Policy
	}{{"fast", Heuristic{}}, {"ref", refPolicy{}}} {
		b.Run(k.name, func(b *testing.B) { playFivePlayerGames(b, k.p) })
	}
}

// playFivePlayerGames plays game i of run 1 per iteration, five players, rulebook rules,
// p at every seat.
func playFivePlayerGames(b *testing.B, p dice.Policy) {
	tb, err := dice.NewTable(dice.DefaultRules(5), [dice.NumRoles]dice.Policy{p, p, p, p})
	if err != nil {
		b.Fatal(err)
	}
	i := uint64(0)
	for b.Loop() {
		tb.Play(seed.ForGame(1, i))
		i++
	}
}
