package tally

import "testing"

// Merging the tallies of two halves equals tallying every game in one cell, and a game
// without the cell's seats (m == 0) counts nowhere.
func TestCellMergeEqualsOneTally(t *testing.T) {
	games := [][2]uint64{{2, 2}, {2, 0}, {1, 1}, {0, 0}, {3, 1}, {2, 2}}
	var whole, a, b Cell
	for i, g := range games {
		whole.Add(g[0], g[1])
		if i%2 == 0 {
			a.Add(g[0], g[1])
		} else {
			b.Add(g[0], g[1])
		}
	}
	a.Merge(&b)
	if a != whole {
		t.Fatalf("merged %+v, whole %+v", a, whole)
	}
	want := Cell{Games: 5, Seats: 10, Wins: 6, WinsSq: 10, SeatsWins: 12, SeatsSq: 22}
	if whole != want {
		t.Fatalf("tally %+v, want %+v", whole, want)
	}
}
