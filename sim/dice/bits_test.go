package dice

import (
	"math/rand/v2"
	"testing"
)

// TestRowWordsAgreeWithLoops checks the one-word row tests (bits.go) against loops over
// the eight bytes: every byte value in every lane, beside random neighbours, so a carry
// or borrow leaking between lanes would show.
func TestRowWordsAgreeWithLoops(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for lane := range 8 {
		for b := range 256 {
			for range 64 {
				var row [MaxPlayers]int8
				for i := range row {
					row[i] = int8(r.Uint32())
				}
				row[lane] = int8(b)
				x := word8(&row)
				var nonPos, eq uint8
				v := uint8(r.Uint32())
				if r.IntN(2) == 0 {
					v = uint8(row[r.IntN(8)]) // a value that is there
				}
				for i, y := range row {
					if y <= 0 {
						nonPos |= 1 << uint(i)
					}
					if uint8(y) == v {
						eq |= 1 << uint(i)
					}
				}
				if got := nonPositive(x); got != nonPos {
					t.Fatalf("nonPositive(%v) = %08b, want %08b", row, got, nonPos)
				}
				if got := equalBytes(x, v); got != eq {
					t.Fatalf("equalBytes(%v, %d) = %08b, want %08b", row, v, got, eq)
				}
			}
		}
	}
}
