package run

import (
	"math"
	"testing"
)

func TestShardRangeCovers(t *testing.T) {
	check := func(games uint64, n int) {
		var next uint64
		var small, large uint64 = math.MaxUint64, 0
		for k := range max(n, 1) {
			lo, hi := ShardRange(games, k, n)
			if lo != next || hi < lo {
				t.Fatalf("ShardRange(%d, %d, %d) = [%d, %d), want to start at %d", games, k, n, lo, hi, next)
			}
			small, large = min(small, hi-lo), max(large, hi-lo)
			next = hi
		}
		if next != games {
			t.Fatalf("shards of %d over %d end at %d", games, n, next)
		}
		if large-small > 1 {
			t.Fatalf("shards of %d over %d range in size from %d to %d", games, n, small, large)
		}
	}
	for games := uint64(0); games <= 70; games++ {
		for n := 0; n <= 80; n++ {
			check(games, n)
		}
	}
	for _, n := range []int{1, 2, 3, 7, 1000} {
		check(math.MaxUint64, n)
		check(math.MaxUint64-1, n)
	}
}

func TestShardRangePanicsOutOfRange(t *testing.T) {
	for _, c := range [][2]int{{-1, 3}, {3, 3}, {1, 1}, {1, 0}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("ShardRange(10, %d, %d) did not panic", c[0], c[1])
				}
			}()
			ShardRange(10, c[0], c[1])
		}()
	}
}

func TestShardsSumToUnsharded(t *testing.T) {
	for _, games := range []uint64{1, 3, 10, 9999} {
		whole := mustRun(t, Config{Games: games, Seed: 5, Workers: 3, Chunk: 64}, newToy).Tally.counts()
		for _, n := range []int{2, 3, 7, 16} {
			var sum toy
			var merged uint64
			for k := range n {
				res := mustRun(t, Config{Games: games, Seed: 5, Workers: 2, Chunk: 10, Shard: k, Shards: n}, newToy)
				lo, hi := ShardRange(games, k, n)
				if res.First != lo || res.Planned != hi-lo || res.Games != hi-lo || res.Partial {
					t.Fatalf("games %d shard %d/%d: got %+v, want [%d, %d)", games, k, n, res, lo, hi)
				}
				if res.Tally != reference(5, lo, hi, 10) {
					t.Fatalf("games %d shard %d/%d: tally differs from reference", games, k, n)
				}
				mergeToy(&sum, &res.Tally)
				merged += res.Games
			}
			if sum.counts() != whole || merged != games {
				t.Errorf("games %d: %d shards do not sum to the unsharded run", games, n)
			}
		}
	}
}

// Batches that start where the last stopped (Config.First) play the games of one run:
// their tallies add up to the run's, whatever the batch sizes.
func TestFirstContinuesARun(t *testing.T) {
	whole := mustRun(t, Config{Games: 10_000, Seed: 3, Workers: 2}, newToy)
	var sum toy
	first := uint64(0)
	for _, n := range []uint64{1, 999, 4000, 5000} {
		res := mustRun(t, Config{Games: n, First: first, Seed: 3, Workers: 3}, newToy)
		if res.First != first || res.Games != n {
			t.Fatalf("batch at %d: First %d, %d games", first, res.First, res.Games)
		}
		mergeToy(&sum, &res.Tally)
		first += n
	}
	if sum.counts() != whole.Tally.counts() {
		t.Fatal("the batches' tallies differ from one run's")
	}
	if err := (Config{Games: 2, First: ^uint64(0)}).Validate(); err == nil {
		t.Fatal("an overflowing First was accepted")
	}
}
