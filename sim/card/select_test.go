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

// TestSetRank holds Set.Rank to a count of the cards below, and to Nth's inverse.
func TestSetRank(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 5000 {
		s := Set{r.Uint64() & r.Uint64(), r.Uint64() & 0xffff}
		for c := CardID(0); c < NumCards; c++ {
			want := 0
			for b := CardID(0); b < c; b++ {
				want += b2i(s.Has(b))
			}
			if got := s.Rank(c); got != want {
				t.Fatalf("%x.Rank(%d) = %d, want %d", s, c, got, want)
			}
		}
		for i := range s.Len() {
			if got := s.Rank(s.Nth(i)); got != i {
				t.Fatalf("%x.Rank(Nth(%d)) = %d", s, i, got)
			}
		}
	}
}
