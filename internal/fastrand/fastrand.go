// Package fastrand draws bounded integers from a math/rand/v2 PCG held by value, without
// the interface call and allocation of rand.Rand, for the simulation hot paths.
package fastrand

import (
	"math/bits"
	"math/rand/v2"
)

// UintN returns a uniform integer in [0, n), n > 0, by Lemire's multiply-and-reject
// method: exact (no modulo bias) and almost always one generator call.
func UintN(r *rand.PCG, n uint64) uint64 {
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return hi
}
