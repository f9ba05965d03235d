package card

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// nthSlow is select64's obviously-correct reference: clear the lowest bit i times.
func nthSlow(w uint64, i int) int {
	for ; i > 0; i-- {
		w &= w - 1
	}
	return bits.TrailingZeros64(w)
}

func TestSelect64(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []uint64{1, 1 << 63, ^uint64(0), 0x8000000000000001, 0xff00ff00ff00ff00, 0x0101010101010101}
	for range 20000 {
		// sparse and dense words alike
		w := r.Uint64()
		switch r.IntN(3) {
		case 0:
			w &= r.Uint64() & r.Uint64()
		case 1:
			w |= r.Uint64()
		}
		words = append(words, w)
	}
	for _, w := range words {
		for i := range bits.OnesCount64(w) {
			if got, want := select64(w, i), nthSlow(w, i); got != want {
				t.Fatalf("select64(%#x, %d) = %d, want %d", w, i, got, want)
			}
		}
	}
}

func TestNthBit8(t *testing.T) {
	for m := range 256 {
		for j := range 8 {
			want := 8
			if j < bits.OnesCount8(uint8(m)) {
				want = nthSlow(uint64(m), j)
			}
			if got := int(nthBit8[m][j]); got != want {
				t.Fatalf("nthBit8[%#x][%d] = %d, want %d", m, j, got, want)
			}
		}
	}
}
