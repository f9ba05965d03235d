package fastrand

import (
	"math/rand/v2"
	"testing"
)

func TestNextMatchesPCG(t *testing.T) {
	for _, s := range [][2]uint64{{0, 0}, {1, 2}, {^uint64(0), 0x9e3779b97f4a7c15}} {
		r := rand.NewPCG(s[0], s[1])
		hi, lo := State(r)
		if hi != s[0] || lo != s[1] {
			t.Fatalf("State = %#x %#x, want %#x %#x", hi, lo, s[0], s[1])
		}
		for i := 0; i < 1000; i++ {
			var x uint64
			hi, lo, x = Next(hi, lo)
			if want := r.Uint64(); x != want {
				t.Fatalf("seed %v draw %d: Next gives %#x, PCG %#x", s, i, x, want)
			}
		}
		r2 := rand.NewPCG(0, 0)
		r2.Seed(hi, lo)
		if r2.Uint64() != r.Uint64() {
			t.Fatalf("seed %v: Seed(State) does not continue the stream", s)
		}
	}
}

func TestStateNoAlloc(t *testing.T) {
	r := rand.NewPCG(3, 4)
	if n := testing.AllocsPerRun(100, func() { State(r) }); n != 0 {
		t.Fatalf("State allocates %v", n)
	}
}
