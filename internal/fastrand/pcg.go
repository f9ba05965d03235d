package fastrand

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

// State returns r's two state words as r.Seed takes them, so that a loop that makes no
// call (a shuffle) can step the generator in registers with Next and put it back with
// r.Seed(hi, lo): a PCG stepped through its pointer loads and stores both words at
// every draw.
func State(r *rand.PCG) (hi, lo uint64) {
	var buf [20]byte
	b, _ := r.AppendBinary(buf[:0]) // "pcg:", hi, lo, big-endian
	return binary.BigEndian.Uint64(b[4:12]), binary.BigEndian.Uint64(b[12:20])
}

// Next is rand.PCG.Uint64 on a state held by value: it returns the state after one step
// and the same output (TestNextMatchesPCG checks it draw for draw).
func Next(hi, lo uint64) (nhi, nlo, x uint64) {
	const (
		mulHi    = 2549297995355413924
		mulLo    = 4865540595714422341
		incHi    = 6364136223846793005
		incLo    = 1442695040888963407
		cheapMul = 0xda942042e4dd58b5
	)
	nhi, nlo = bits.Mul64(lo, mulLo)
	nhi += hi*mulLo + lo*mulHi
	nlo, c := bits.Add64(nlo, incLo, 0)
	nhi, _ = bits.Add64(nhi, incHi, c)
	x = nhi ^ nhi>>32
	x *= cheapMul
	x ^= x >> 48
	x *= nlo | 1
	return nhi, nlo, x
}
