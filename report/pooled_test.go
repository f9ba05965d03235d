package report

import (
	"math"
	"math/rand/v2"
	"testing"
)

// PooledWinRate of one part is WinRate's interval; of k copies of one part, the same
// effective size (no precision from parts that may be one and the same), where the
// added-up cell would claim k times as much.
func TestPooledWinRateBounds(t *testing.T) {
	z := ZFor(Confidence)
	c := Cell{Games: 1000, Seats: 1000, Wins: 380, SeatsSq: 1000, WinsSq: 380, SeatsWins: 380}
	if got, want := PooledWinRate([]Cell{c}, z), WinRate(c, z); got != want {
		t.Fatalf("one part: %+v, WinRate %+v", got, want)
	}
	three := PooledWinRate([]Cell{c, c, c}, z)
	var sum Cell
	for range 3 {
		sum.Merge(&c)
	}
	if one := WinRate(c, z); math.Abs(three.EffectiveN-one.EffectiveN) > 1e-6*one.EffectiveN || three.Rate != one.Rate {
		t.Fatalf("three copies: %+v, one: %+v", three, one)
	}
	if added := WinRate(sum, z); added.EffectiveN < 2.9*three.EffectiveN {
		t.Fatalf("the added-up cell's n_eff %.0f, pooled %.0f", added.EffectiveN, three.EffectiveN)
	}
	if iv := PooledWinRate([]Cell{{}, {}}, z); iv.Low != 0 || iv.High != 1 || iv.EffectiveN != 0 {
		t.Fatalf("no seats: %+v", iv)
	}
}

// TestPooledWinRateCoverage plays a sweep in miniature: three cells of 400 one-seat
// games each, game i of every cell sharing its luck (a common uniform draw, as common
// seeds make a sweep's cells share theirs) with rates 0.35, 0.40 and 0.45. The pooled
// interval must cover the pooled true rate at least 95% of the time over many such
// sweeps (it is conservative), where the added-up cell's falls well short.
func TestPooledWinRateCoverage(t *testing.T) {
	z := ZFor(Confidence)
	r := rand.New(rand.NewPCG(7, 8))
	rates := []float64{0.35, 0.40, 0.45}
	truth := (rates[0] + rates[1] + rates[2]) / 3
	const reps, games = 2000, 400
	pooled, added := 0, 0
	for range reps {
		parts := make([]Cell, len(rates))
		for range games {
			u := r.Float64()
			for k, p := range rates {
				x := u
				if r.Float64() < 0.2 { // mostly shared, partly the cell's own
					x = r.Float64()
				}
				w := uint64(0)
				if x < p {
					w = 1
				}
				parts[k].Merge(&Cell{Games: 1, Seats: 1, Wins: w, SeatsSq: 1, WinsSq: w, SeatsWins: w})
			}
		}
		if iv := PooledWinRate(parts, z); iv.Low <= truth && truth <= iv.High {
			pooled++
		}
		var sum Cell
		for k := range parts {
			sum.Merge(&parts[k])
		}
		if iv := WinRate(sum, z); iv.Low <= truth && truth <= iv.High {
			added++
		}
	}
	t.Logf("coverage of %d sweeps: pooled %.3f, added-up %.3f", reps, float64(pooled)/reps, float64(added)/reps)
	if float64(pooled)/reps < 0.95 {
		t.Errorf("pooled coverage %.3f below 0.95", float64(pooled)/reps)
	}
	if float64(added)/reps > 0.9 {
		t.Errorf("the added-up cell covered %.3f: the test does not show the correlation", float64(added)/reps)
	}
}
