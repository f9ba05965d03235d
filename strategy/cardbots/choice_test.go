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
		if got := heldKinds(&s); got != want {
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

// TestBestInPlay holds the tables of a seat's best card in play to a walk over the
// cards (blue cards, 63–79): the highest score, the lowest card on ties, score 0 when
// none scores.
func TestBestInPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	tables := []struct {
		t     *inPlayScores
		score func(k card.Kind) int
	}{
		{&pickInPlay, func(k card.Kind) int { return int(pickValues[k&31]) }},
		{&freeInPlay[0], func(k card.Kind) int { return int(freeFriend[0][k&31]) }},
		{&freeInPlay[1], func(k card.Kind) int { return int(freeFriend[1][k&31]) }},
	}
	for range 20000 {
		in := card.Set{r.Uint64() & r.Uint64() & 1 << 63, r.Uint64() & r.Uint64() & 0xffff}
		for _, tb := range tables {
			want, wantC := 0, 0
			for c := 63; c < card.NumCards; c++ {
				if in.Has(card.CardID(c)) {
					if s := tb.score(kindOf[c]); s > want {
						want, wantC = s, c
					}
				}
			}
			got, gotC := bestInPlay(&in, tb.t)
			if got != want || want > 0 && gotC != wantC {
				t.Fatalf("bestInPlay(%x) = %d at %d, want %d at %d", in, got, gotC, want, wantC)
			}
		}
	}
}
