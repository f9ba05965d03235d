package dice

import "math/bits"

func popcount8(x uint8) int { return bits.OnesCount8(x) }

// b2u8 is 1 for true and 0 for false, without a branch.
func b2u8(b bool) uint8 {
	var x uint8
	if b {
		x = 1
	}
	return x
}
