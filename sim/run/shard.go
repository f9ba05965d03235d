package run

import "fmt"

// ShardRange returns the index range [lo, hi) of shard k of n over games; the ranges are
// contiguous and differ in size by at most one, so shards finish at about the same time.
// n <= 1 means the whole range; k must be in [0, n), or ShardRange panics.
func ShardRange(games uint64, k, n int) (lo, hi uint64) {
	if n <= 1 {
		if k != 0 {
			panic(fmt.Sprintf("run.ShardRange: shard %d of %d", k, n))
		}
		return 0, games
	}
	if k < 0 || k >= n {
		panic(fmt.Sprintf("run.ShardRange: shard %d of %d", k, n))
	}
	base, rem := games/uint64(n), games%uint64(n)
	uk := uint64(k)
	lo = uk*base + min(uk, rem)
	hi = lo + base
	if uk < rem {
		hi++
	}
	return lo, hi
}
