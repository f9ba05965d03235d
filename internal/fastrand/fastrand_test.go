package fastrand

import (
	"math/rand/v2"
	"testing"
)

func TestUintNUniform(t *testing.T) {
	r := rand.NewPCG(1, 2)
	const n, draws = 6, 600000
	var c [n]int
	for range draws {
		c[UintN(r, n)]++
	}
	// chi-square with 5 degrees of freedom; 20.5 is the 0.999 quantile
	chi := 0.0
	for _, x := range c {
		d := float64(x) - draws/n
		chi += d * d / (draws / n)
	}
	if chi > 20.5 {
		t.Fatalf("chi-square %.1f over 6 faces: %v", chi, c)
	}
}

func TestUintNBound(t *testing.T) {
	r := rand.NewPCG(3, 4)
	for _, n := range []uint64{1, 2, 3, 7776, 1<<63 + 1} {
		for range 1000 {
			if v := UintN(r, n); v >= n {
				t.Fatalf("UintN(%d) = %d", n, v)
			}
		}
	}
}
