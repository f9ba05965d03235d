package dice

import "math/bits"

func popcount8(x uint8) int { return bits.OnesCount8(x) }
