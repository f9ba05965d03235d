package cardbots

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/sim/card"
)

// TestHeldKinds holds the byte tables to a walk over the cards.
func TestHeldKinds(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		s := card.Set{r.Uint64() & r.Uint64(), r.Uint64() & 0xffff & r.Uint64()}
		var want uint32
		for w := 0; w < 2; w++ {
			for m := s[w]; m != 0; m &= m - 1 {
				want |= 1 << (kindOf[w*64+bits.TrailingZeros64(m)] & 31)
			}
		}
		if got := heldKinds(s); got != want {
			t.Fatalf("heldKinds(%x) = %b, want %b", s, got, want)
		}
	}
}

// TestChoice holds the packed choice to the rule it keeps: the highest score above 0,
// the lowest key on ties, key 0 when nothing scores above 0.
func TestChoice(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		b := newChoice()
		score, key := 0, 0
		for range r.IntN(8) {
			s, i := r.IntN(40)-10, r.IntN(1<<choiceKeyBits)
			b.offer(s, i)
			if s > score || s == score && s > 0 && i < key {
				score, key = s, i
			}
		}
		if got := b.key(); got != key {
			t.Fatalf("key %d, want %d", got, key)
		}
	}
}
