package seed

import "testing"

// The first outputs of SplitMix64 from state 0 are published test vectors.
func TestSplitMix64Vectors(t *testing.T) {
	var s uint64
	want := []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f}
	for i, w := range want {
		if got := SplitMix64(&s); got != w {
			t.Fatalf("output %d = %#x, want %#x", i, got, w)
		}
	}
}

func TestForGameDistinct(t *testing.T) {
	seen := map[uint64]bool{}
	for run := uint64(0); run < 4; run++ {
		for i := uint64(0); i < 10000; i++ {
			s := ForGame(run, i)
			if seen[s] {
				t.Fatalf("seed collision at run %d index %d", run, i)
			}
			seen[s] = true
		}
	}
}
