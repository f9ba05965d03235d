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

// Byte-wise tests over a whole table row at once (SWAR): one word instead of a loop
// over the seats, so no branch on what the seats hold and a few instructions in
// place of a dozen per seat.
const (
	lowBits7 = 0x7f7f7f7f7f7f7f7f
	highBits = 0x8080808080808080
	oneBytes = 0x0101010101010101
)

// word8 reads a row of eight one-byte values as one little-endian word.
func word8[T ~uint8 | ~int8](b *[MaxPlayers]T) uint64 {
	return uint64(uint8(b[0])) | uint64(uint8(b[1]))<<8 | uint64(uint8(b[2]))<<16 |
		uint64(uint8(b[3]))<<24 | uint64(uint8(b[4]))<<32 | uint64(uint8(b[5]))<<40 |
		uint64(uint8(b[6]))<<48 | uint64(uint8(b[7]))<<56
}

// gatherHigh packs the high bit of each byte of x (and nothing else set) into bit i for
// byte i: the multiply moves bit 8i+7 to bit 56+i without carries.
func gatherHigh(x uint64) uint8 { return uint8((x >> 7) * 0x0102040810204080 >> 56) }

// nonPositive returns the bytes of x that are zero or negative as int8.
func nonPositive(x uint64) uint8 {
	// (x&0x7f)+0x7f sets the high bit exactly when the low seven bits are not all zero.
	return gatherHigh((x | ^((x & lowBits7) + lowBits7)) & highBits)
}

// equalBytes returns the bytes of x equal to v.
func equalBytes(x uint64, v uint8) uint8 {
	z := x ^ uint64(v)*oneBytes
	return gatherHigh(^((z & lowBits7) + lowBits7 | z) & highBits)
}
