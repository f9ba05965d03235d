package fastrand

import (
	"math/bits"
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

// TestUintNIsLemire pins the draw docs/rules.md gives for tools that reproduce the
// yardsticks' streams: the high half of Uint64()·n, drawn again while the low half is
// below 2^64 mod n. It is not math/rand/v2's Uint64N, which masks the low bits for a
// power of two.
func TestUintNIsLemire(t *testing.T) {
	a, b := rand.NewPCG(5, 6), rand.NewPCG(5, 6)
	differ := 0
	std := rand.New(rand.NewPCG(5, 6))
	for i := range 10000 {
		n := uint64(2 + i%9)
		x := b.Uint64()
		hi, lo := bits.Mul64(x, n)
		for lo < -n%n {
			hi, lo = bits.Mul64(b.Uint64(), n)
		}
		if got := UintN(a, n); got != hi {
			t.Fatalf("draw %d below %d: UintN %d, Lemire %d", i, n, got, hi)
		}
		if std.Uint64N(n) != hi {
			differ++
		}
	}
	if differ == 0 {
		t.Fatal("math/rand/v2's Uint64N made every draw alike: the docs' warning is wrong")
	}
}
