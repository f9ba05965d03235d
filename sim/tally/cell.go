package tally

// Cell counts one win-rate cell over games. In one game the cell may cover m seats (two
// Outlaws, or every seat under plain characters) of which y win; seats of one game are
// not independent, so the sums of squares and products needed by a cluster-robust
// variance are kept beside the plain counts. All fields are sums over games; their JSON
// names are part of tally.json's schema (package resultfile).
type Cell struct {
	Games     uint64 `json:"games"`      // games in which the cell had at least one seat
	Seats     uint64 `json:"seats"`      // Σ m: player-games
	Wins      uint64 `json:"wins"`       // Σ y
	WinsSq    uint64 `json:"wins_sq"`    // Σ y²
	SeatsWins uint64 `json:"seats_wins"` // Σ m·y
	SeatsSq   uint64 `json:"seats_sq"`   // Σ m²
}

// Add records one game in which the cell had m seats, y of which won; m == 0 is a no-op.
func (c *Cell) Add(m, y uint64) {
	if m == 0 {
		return
	}
	c.Games++
	c.Seats += m
	c.Wins += y
	c.WinsSq += y * y
	c.SeatsWins += m * y
	c.SeatsSq += m * m
}

// Merge adds o into c.
func (c *Cell) Merge(o *Cell) {
	c.Games += o.Games
	c.Seats += o.Seats
	c.Wins += o.Wins
	c.WinsSq += o.WinsSq
	c.SeatsWins += o.SeatsWins
	c.SeatsSq += o.SeatsSq
}
