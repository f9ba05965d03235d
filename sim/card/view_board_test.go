package card

import "testing"

// TestCopyBoard checks that copyBoard's two blocks copy every field of a Board.
func TestCopyBoard(t *testing.T) {
	var src Board
	src.Players, src.Active, src.Sheriff, src.Alive = 7, 3, 2, 0x5b
	src.Turns, src.Reshuffles, src.Bangs = 513, 258, 4
	src.DeckLen, src.DiscardLen, src.DiscardTop = 41, 17, 79
	for s := range MaxSeats {
		src.HandLen[s] = uint8(10 + s)
		src.Life[s] = int8(1 + s)
		src.MaxLife[s] = int8(3 + s)
		src.Char[s] = Character(s + 1)
		src.Revealed[s] = Role(s % 4)
		src.InPlay[s] = Set{uint64(s+1) << 60, uint64(s+1)<<8 | 1}
	}
	src.Discarded = Set{1<<63 | 5, 1 << 15}
	src.Store = Set{1 << 40, 1<<14 | 1}
	var dst Board
	copyBoard(&dst, &src)
	if dst != src {
		t.Fatalf("copyBoard: got %+v, want %+v", dst, src)
	}
}
