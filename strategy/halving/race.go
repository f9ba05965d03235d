package halving

import (
	"math"
	"math/bits"
)

// Max is the most candidates a race holds (a uint64 mask of survivors).
const Max = 64

// Race holds one decision's counts: per candidate its wins over the worlds it played,
// and its paired difference with the yardstick's (sum and sum of squares). The zero
// value is ready; Run clears what it uses.
type Race struct {
	wins [Max]int32
	sum  [Max]int32 // paired wins minus the yardstick's wins
	sq   [Max]int32 // paired squared differences
}

// Run races candidates 0…n−1 (2 ≤ n ≤ Max) for rollouts playouts per candidate on
// average and returns the winner. Each of ⌈log₂ n⌉ rounds plays its share of fresh
// worlds with every surviving candidate, by sample(alive), which plays one world after
// every candidate in alive and returns the mask of those whose side won; then the
// worse half by wins is dropped, never yardstick h. The winner is the survivor with
// the most wins if it beats h by more than z standard errors of their paired
// difference over the worlds both played, else h.
func (r *Race) Run(n, h, rollouts int, z float64, sample func(alive uint64) uint64) int {
	for i := 0; i < n; i++ {
		r.wins[i], r.sum[i], r.sq[i] = 0, 0, 0
	}
	alive := ^uint64(0) >> uint(Max-n)
	rounds := bits.Len(uint(n - 1))
	budget := max(rollouts, 1) * n
	k := 0
	for round := 0; round < rounds; round++ {
		per := max(1, budget/(bits.OnesCount64(alive)*rounds))
		for t := 0; t < per; t++ {
			r.record(alive, h, sample(alive))
			k++
		}
		if round < rounds-1 {
			alive = r.halve(alive, h)
		}
	}
	best := h
	for m := alive; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		if r.wins[i] > r.wins[best] && r.beats(i, k, z) {
			best = i
		}
	}
	return best
}

// record counts one world: the wins of won and each survivor's paired difference with
// h.
func (r *Race) record(alive uint64, h int, won uint64) {
	wh := int32(won >> uint(h) & 1)
	for m := alive; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		w := int32(won >> uint(i) & 1)
		r.wins[i] += w
		dlt := w - wh
		r.sum[i] += dlt
		r.sq[i] += dlt * dlt
	}
}

// halve keeps the better half of alive by wins (every survivor has played the same
// worlds), and always h.
func (r *Race) halve(alive uint64, h int) uint64 {
	keep := (bits.OnesCount64(alive) + 1) / 2
	out := uint64(1) << uint(h)
	for n := 1; n < keep; n++ {
		best := -1
		for m := alive &^ out; m != 0; m &= m - 1 {
			i := bits.TrailingZeros64(m)
			if best < 0 || r.wins[i] > r.wins[best] {
				best = i
			}
		}
		if best < 0 {
			break
		}
		out |= 1 << uint(best)
	}
	return out
}

// beats reports whether candidate i's paired advantage over the yardstick is more than
// z standard errors over the n worlds both played.
func (r *Race) beats(i, n int, z float64) bool {
	if r.sum[i] <= 0 {
		return false
	}
	mean := float64(r.sum[i]) / float64(n)
	variance := float64(r.sq[i])/float64(n) - mean*mean
	se := math.Sqrt(max(variance, 0) / float64(n))
	return mean > z*se
}
