package dice

import "github.com/bangsim/bangsim/sim/tally"

// Tally sums the outcomes of games played at one table size; merging two Tallies adds
// them, so any split of the games over workers or shards gives the same totals.
type Tally struct {
	Games         uint64
	Draws         uint64
	Turns         uint64
	DynamiteStops uint64
	Gatlings      uint64
	Indians       uint64
	Illegal       uint64
	Eliminations  [NumCauses]uint64
	// TeamWins counts games won by each side: Sheriff (with Deputies), Outlaws, and each
	// Renegade (with 3 players: the Deputy, Outlaw and Renegade players).
	TeamWins [NumRoles]uint64
	Roles    [NumRoles]tally.Cell
	Seats    [MaxPlayers]tally.Cell
	// Characters[c][r] is character c playing role r; Characters[c][NumRoles] is every role.
	Characters [NumCharacters][NumRoles + 1]tally.Cell
}

// Add records one finished game.
func (t *Tally) Add(g *State) {
	t.Games++
	if g.Draw {
		t.Draws++
	}
	t.Turns += uint64(g.Turns)
	t.DynamiteStops += uint64(g.DynamiteStops)
	t.Gatlings += uint64(g.Gatlings)
	t.Indians += uint64(g.Indians)
	t.Illegal += uint64(g.Illegal)
	for c, n := range g.Eliminations {
		t.Eliminations[c] += uint64(n)
	}
	n := int(g.Players)
	var m, y [NumRoles]uint64
	for s := 0; s < n; s++ {
		won := uint64(g.Winners >> uint(s) & 1)
		r := g.Role[s]
		m[r]++
		y[r] += won
		t.Seats[s].Add(1, won)
	}
	for r := range m {
		t.Roles[r].Add(m[r], y[r])
	}
	if g.Winners != 0 {
		t.TeamWins[g.Role[winnerSeat(g.Winners)]]++
	}
	// Characters may repeat at a table (plain, or a list naming one twice): group seats by
	// character so each game adds one cluster per (character, role) cell.
	var done uint8
	for s := 0; s < n; s++ {
		if done>>uint(s)&1 == 1 {
			continue
		}
		c := g.Char[s]
		var cm, cy [NumRoles + 1]uint64
		for u := s; u < n; u++ {
			if g.Char[u] != c {
				continue
			}
			done |= 1 << uint(u)
			won := uint64(g.Winners >> uint(u) & 1)
			cm[g.Role[u]]++
			cy[g.Role[u]] += won
			cm[NumRoles]++
			cy[NumRoles] += won
		}
		for r := range cm {
			t.Characters[c][r].Add(cm[r], cy[r])
		}
	}
}

// winnerSeat returns a winning seat whose role names the winning side.
func winnerSeat(w uint8) int {
	for s := 0; s < MaxPlayers; s++ {
		if w>>uint(s)&1 == 1 {
			return s
		}
	}
	return -1
}

// Merge adds o into t.
func (t *Tally) Merge(o *Tally) {
	t.Games += o.Games
	t.Draws += o.Draws
	t.Turns += o.Turns
	t.DynamiteStops += o.DynamiteStops
	t.Gatlings += o.Gatlings
	t.Indians += o.Indians
	t.Illegal += o.Illegal
	for i := range t.Eliminations {
		t.Eliminations[i] += o.Eliminations[i]
	}
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
