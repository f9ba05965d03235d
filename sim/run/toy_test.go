package run

import (
	"context"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// toy is a stand-in for a game tally: integer counters that do not care about merge
// order, plus Order, a rolling hash over chunk merges that does.
type toy struct {
	Games  uint64
	Sum    uint64 // wrapping sum of a hash of each game's seed
	Xor    uint64
	Hist   [16]uint64
	IdxSum uint64
	Order  uint64 // depends on the sequence of merged chunks
}

func hash(x uint64) uint64 { return seed.SplitMix64(&x) }

func playToy(t *toy, index, gameSeed uint64) {
	h := hash(gameSeed)
	t.Games++
	t.Sum += h
	t.Xor ^= h
	t.Hist[h&15]++
	t.IdxSum += index
}

func newToy() Player[toy] { return playToy }

func mergeToy(dst, src *toy) {
	dst.Games += src.Games
	dst.Sum += src.Sum
	dst.Xor ^= src.Xor
	for i := range dst.Hist {
		dst.Hist[i] += src.Hist[i]
	}
	dst.IdxSum += src.IdxSum
	dst.Order = dst.Order*1000003 + src.IdxSum*31 + src.Sum + src.Order
}

// counts drops the order-sensitive part, for comparing runs with different chunkings.
func (t toy) counts() toy {
	t.Order = 0
	return t
}

// reference plays games [lo, hi) sequentially, one chunk at a time, as Run must behave.
func reference(runSeed, lo, hi, chunk uint64) toy {
	var total toy
	for c := lo; c < hi; c += chunk {
		var t toy
		for i := c; i < min(c+chunk, hi); i++ {
			playToy(&t, i, seed.ForGame(runSeed, i))
		}
		mergeToy(&total, &t)
	}
	return total
}

func mustRun(t *testing.T, cfg Config, newPlayer func() Player[toy]) Result[toy] {
	t.Helper()
	res, err := Run(context.Background(), cfg, newPlayer, mergeToy)
	if err != nil {
		t.Fatalf("Run(%+v): %v", cfg, err)
	}
	return res
}
