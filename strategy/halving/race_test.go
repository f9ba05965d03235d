package halving

import (
	"math/rand/v2"
	"testing"
)

// planted returns a sample function whose candidate i wins a world with probability
// p[i], the candidates on common random numbers (one uniform draw a world).
func planted(p []float64, seed uint64) func(alive uint64) uint64 {
	rng := rand.New(rand.NewPCG(seed, 1))
	return func(alive uint64) uint64 {
		u := rng.Float64()
		var won uint64
		for i, pi := range p {
			if alive>>uint(i)&1 == 1 && u < pi {
				won |= 1 << uint(i)
			}
		}
		return won
	}
}

// A clearly better candidate replaces the yardstick; equal ones never do.
func TestRaceFindsThePlantedBest(t *testing.T) {
	var r Race
	p := []float64{0.4, 0.4, 0.7, 0.3, 0.4, 0.1, 0.4, 0.4}
	if got := r.Run(len(p), 0, 200, 1, planted(p, 1)); got != 2 {
		t.Errorf("the race chose %d, want the planted best 2", got)
	}
	eq := []float64{0.5, 0.5, 0.5, 0.5, 0.5}
	for seed := uint64(0); seed < 20; seed++ {
		if got := r.Run(len(eq), 3, 100, 1, planted(eq, seed)); got != 3 {
			t.Errorf("seed %d: equal candidates, the race chose %d, want the yardstick 3", seed, got)
		}
	}
}

// Every candidate of a full race (Max of them) is playable, and the yardstick survives
// every halving.
func TestRaceFull(t *testing.T) {
	var r Race
	p := make([]float64, Max)
	for i := range p {
		p[i] = 0.2
	}
	p[Max-1] = 0.9
	if got := r.Run(Max, 5, 50, 1, planted(p, 2)); got != Max-1 {
		t.Errorf("the race chose %d, want %d", got, Max-1)
	}
	seen := uint64(0)
	r.Run(Max, 5, 10, 1, func(alive uint64) uint64 {
		if alive>>5&1 == 0 {
			t.Fatal("the yardstick was dropped")
		}
		seen |= alive
		return 0
	})
	if seen != ^uint64(0) {
		t.Errorf("candidates never played: %#x", ^seen)
	}
}

// A race allocates nothing.
func TestRaceAllocs(t *testing.T) {
	var r Race
	sample := planted([]float64{0.3, 0.5, 0.6}, 3)
	if n := testing.AllocsPerRun(100, func() { r.Run(3, 0, 20, 1, sample) }); n != 0 {
		t.Errorf("%v allocations a race, want 0", n)
	}
}
