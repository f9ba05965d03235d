package bang

import "github.com/bangsim/bangsim/sim/tally"

// WinTally sums who won the games played at one table size, by role, seat and
// character: what every BANG! game reports. Merging two WinTallies adds them, so any
// split of the games over workers or shards gives the same totals. A game's own events
// (Dynamite, Gatlings, Barrels...) are counted beside it by its engine.
type WinTally struct {
	Games   uint64
	Draws   uint64
	Turns   uint64
	Illegal uint64 // illegal choices the engine replaced
	// TeamWins counts games won by each side: Sheriff (with Deputies), Outlaws, and each
	// Renegade (with 3 dice players: the Deputy, Outlaw and Renegade players).
	TeamWins [NumRoles]uint64
	Roles    [NumRoles]tally.Cell
	Seats    [MaxSeats]tally.Cell
	// Characters[c][r] is character c playing role r; Characters[c][NumRoles] is every
	// role. It has room for any set (MaxCharacters); a game's are its set's first Len.
	Characters [MaxCharacters][NumRoles + 1]tally.Cell
}

// Add records one finished game of n players: each seat's role and character, the
// winning seats (a bit per seat; 0 for a draw), whether it was a draw, its turns and
// the illegal choices replaced in it.
func (t *WinTally) Add(n int, role *[MaxSeats]Role, char *[MaxSeats]Character, winners uint8, draw bool, turns, illegal uint64) {
	t.Games++
	if draw {
		t.Draws++
	}
	t.Turns += turns
	t.Illegal += illegal
	var m, y [NumRoles]uint64
	for s := 0; s < n; s++ {
		won := uint64(winners >> uint(s) & 1)
		r := role[s]
		m[r]++
		y[r] += won
		t.Seats[s].Add(1, won)
	}
	for r := range m {
		t.Roles[r].Add(m[r], y[r])
	}
	if winners != 0 {
		t.TeamWins[role[WinnerSeat(winners)]]++
	}
	// Characters may repeat at a table (plain, or a fixed list naming Plain twice): group
	// seats by character so each game adds one cluster per (character, role) cell.
	var done uint8
	for s := 0; s < n; s++ {
		if done>>uint(s)&1 == 1 {
			continue
		}
		c := char[s]
		var cm, cy [NumRoles + 1]uint64
		for u := s; u < n; u++ {
			if char[u] != c {
				continue
			}
			done |= 1 << uint(u)
			won := uint64(winners >> uint(u) & 1)
			cm[role[u]]++
			cy[role[u]] += won
			cm[NumRoles]++
			cy[NumRoles] += won
		}
		for r := range cm {
			t.Characters[c][r].Add(cm[r], cy[r])
		}
	}
}

// WinnerSeat returns the lowest winning seat of a winners mask (its role names the
// winning side), or -1 for none.
func WinnerSeat(w uint8) int {
	for s := 0; s < MaxSeats; s++ {
		if w>>uint(s)&1 == 1 {
			return s
		}
	}
	return -1
}

// Merge adds o into t.
func (t *WinTally) Merge(o *WinTally) {
	t.Games += o.Games
	t.Draws += o.Draws
	t.Turns += o.Turns
	t.Illegal += o.Illegal
	for i := range t.TeamWins {
		t.TeamWins[i] += o.TeamWins[i]
	}
	for i := range t.Roles {
		t.Roles[i].Merge(&o.Roles[i])
	}
	for i := range t.Seats {
		t.Seats[i].Merge(&o.Seats[i])
	}
	for c := range t.Characters {
		for r := range t.Characters[c] {
			t.Characters[c][r].Merge(&o.Characters[c][r])
		}
	}
}

// Outcome is how one game ended, as both engines report it to the lab: the seats'
// roles and characters and who won. The compare design pairs outcomes seat by seat.
type Outcome struct {
	Players uint8
	Winners uint8 // a bit per winning seat; 0 for a draw
	Draw    bool
	Illegal uint32 // illegal choices the engine replaced
	Role    [MaxSeats]Role
	Char    [MaxSeats]Character
}

// Won reports whether seat s won.
func (o *Outcome) Won(s int) bool { return o.Winners>>uint(s)&1 == 1 }
