// Package fastrand draws bounded integers from a math/rand/v2 PCG held by value, without
// the interface call and allocation of rand.Rand, for the simulation hot paths.
package fastrand

import (
	"math/bits"
	"math/rand/v2"
)

// UintN returns a uniform integer in [0, n), n > 0, by Lemire's multiply-and-reject
// method: exact (no modulo bias) and almost always one generator call. A caller too hot
// for the call (the dice roll) writes the first line out and calls Reject as UintN
// does, which gives the same draws.
func UintN(r *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		hi = Reject(r, n, hi, lo)
	}
	return hi
}

// Reject finishes UintN after a first product (hi, lo) = r.Uint64()·n whose low half
// fell below n: it draws again while the low half is below 2^64 mod n, the band that
// would bias the result, and returns the high half. Out of line: it runs about once in
// 2^64/n draws.
//
//go:noinline
func Reject(r *rand.PCG, n, hi, lo uint64) uint64 {
	thresh := -n % n
	for lo < thresh {
		hi, lo = bits.Mul64(r.Uint64(), n)
	}
	return hi
}
