package card

// The random yardstick draws an index and then needs the card or seat at that rank in a
// bitmask. A loop that clears the lowest bit rank times ends at a count no branch
// predictor knows (one misprediction a draw, about as dear as the loop itself), so the
// rank is found without a loop: by byte counts and a table.

// lowBytes has 1 in every byte; its multiples spread a byte over all eight.
const lowBytes = 0x0101010101010101

// select64 returns the position of w's set bit of rank i (0 the lowest); i must be less
// than the number of set bits. Broadword: each byte's count of ones, their running
// sums (byte k holds the ones in bytes 0..k), the bytes whose running sum is at most i
// (they come first: the sums only grow) give the byte that holds the bit, and
// nthBit8 its place in that byte.
func select64(w uint64, i int) int {
	b := w - w>>1&0x5555555555555555
	b = b&0x3333333333333333 + b>>2&0x3333333333333333
	b = (b + b>>4) & 0x0f0f0f0f0f0f0f0f
	sums := b * lowBytes
	// Byte k of le is 0x80 + i − sums_k (no borrow: both are at most 64), its top bit
	// set exactly when sums_k <= i.
	le := (uint64(i)*lowBytes | 0x8080808080808080) - sums
	k := (le >> 7 & lowBytes) * lowBytes >> 56 // the bytes below the bit's byte
	shift := k * 8 & 63
	below := sums << 8 >> shift & 0xff // the ones below the bit's byte
	return int(shift) + int(nthBit8[w>>shift&0xff][(uint64(i)-below)&7])
}

// nthBit8[m][j] is the position of m's set bit of rank j (8 when m has no such bit).
var nthBit8 = func() (t [256][8]uint8) {
	for m := range 256 {
		j := 0
		for bit := range 8 {
			t[m][bit] = 8
		}
		for bit := range 8 {
			if m>>bit&1 != 0 {
				t[m][j] = uint8(bit)
				j++
			}
		}
	}
	return
}()
