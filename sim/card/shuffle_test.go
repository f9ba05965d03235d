package card

import "testing"

// TestShuffleFromAgrees checks shuffle's slow path, which a real game reaches about once
// in 2^26 shuffles: handed the whole shuffle at its first draw (either half), it must
// deal exactly what the fast loop deals when nothing is rejected.
func TestShuffleFromAgrees(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		for _, n := range []int{2, 3, 7, 80} {
			var fast, slow, half State
			for _, g := range []*State{&fast, &slow, &half} {
				g.rng.Seed(seed, seed*0x9e3779b97f4a7c15)
				g.deck = fullDeck
			}
			fast.shuffle(n)
			slow.shuffleFrom(n-1, slow.rng.Uint64(), false)
			// the high half: the first swap made as the fast loop makes it
			x := half.rng.Uint64()
			j := (uint64(uint32(x)) * uint64(n)) >> 32
			half.deck[n-1], half.deck[j] = half.deck[j], half.deck[n-1]
			if n > 2 {
				half.shuffleFrom(n-2, x, true)
			}
			if fast.deck != slow.deck || fast.rng != slow.rng {
				t.Fatalf("seed %d, %d cards: shuffleFrom from the low half deals another deck", seed, n)
			}
			if fast.deck != half.deck || fast.rng != half.rng {
				t.Fatalf("seed %d, %d cards: shuffleFrom from the high half deals another deck", seed, n)
			}
		}
	}
}
