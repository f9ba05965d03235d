package report

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestBradleyTerryRecoversPlanted plants strengths, draws comparisons from the model in
// groups and checks the fit recovers every strength within its interval and within 0.05,
// and that the intervals are neither absent nor huge.
func TestBradleyTerryRecoversPlanted(t *testing.T) {
	planted := []float64{-1, -0.2, 0.3, 0.9}
	var mean float64
	for _, p := range planted {
		mean += p / float64(len(planted))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const groups, perPair = 32, 400
	g := make([][][]float64, groups)
	for i := range g {
		g[i] = make([][]float64, len(planted))
		for a := range g[i] {
			g[i][a] = make([]float64, len(planted))
		}
		for a := range planted {
			for b := a + 1; b < len(planted); b++ {
				pa := 1 / (1 + math.Exp(planted[b]-planted[a]))
				for range perPair {
					if rng.Float64() < pa {
						g[i][a][b]++
					} else {
						g[i][b][a]++
					}
				}
			}
		}
	}
	rs := LadderRatings(g, ZFor(Confidence))
	for a, r := range rs {
		want := planted[a] - mean
		if math.Abs(r.Theta-want) > 0.05 {
			t.Errorf("bot %d: θ = %.3f, planted %.3f", a, r.Theta, want)
		}
		if r.Low > want || r.High < want {
			t.Errorf("bot %d: interval [%.3f, %.3f] misses the planted %.3f", a, r.Low, r.High, want)
		}
		if r.SE <= 0 || r.SE > 0.05 {
			t.Errorf("bot %d: SE %.4f, want a small positive one", a, r.SE)
		}
	}
}

// TestBradleyTerryNeverWon keeps a bot that never won finite and last.
func TestBradleyTerryNeverWon(t *testing.T) {
	th := FitBradleyTerry([][]float64{{0, 0}, {50, 0}})
	if math.IsInf(th[0], 0) || math.IsNaN(th[0]) || th[0] >= th[1] {
		t.Fatalf("θ = %v, want finite with bot 0 below bot 1", th)
	}
}

// ExampleFitBradleyTerry fits three bots: a beat b 60 times of 100, b beat c 60 of 100,
// a beat c 69 of 100, so the strengths are about evenly spaced.
func ExampleFitBradleyTerry() {
	theta := FitBradleyTerry([][]float64{
		{0, 60, 69},
		{40, 0, 60},
		{31, 40, 0},
	})
	fmt.Printf("a %+.2f, b %+.2f, c %+.2f\n", theta[0], theta[1], theta[2])
	// Output: a +0.40, b +0.00, c -0.40
}
