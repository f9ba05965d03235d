package lab

import (
	"github.com/bangsim/bangsim/results"
	"github.com/bangsim/bangsim/sim/bang"
)

// ExportWins writes the shared win tally of a table of n players into the named form
// of tally.json, with the game's own event counters appended in order.
func ExportWins(w *bang.WinTally, n int, events []results.Counter) results.Tally {
	y := results.Tally{Games: w.Games, Draws: w.Draws, Turns: w.Turns, Illegal: w.Illegal, Events: events}
	dealt := bang.RoleCounts(n)
	for r := bang.Role(0); r < bang.NumRoles; r++ {
		y.Roles = append(y.Roles, results.RoleTally{Role: r.String(), Dealt: dealt[r], TeamWins: w.TeamWins[r], Cell: w.Roles[r]})
	}
	y.Seats = append([]results.Cell(nil), w.Seats[:n]...)
	for c := bang.Character(0); c < bang.NumCharacters; c++ {
		ct := results.CharacterTally{Character: c.String()}
		for r := 0; r <= int(bang.NumRoles); r++ {
			name := results.AllRoles
			if r < int(bang.NumRoles) {
				name = bang.Role(r).String()
			}
			ct.Roles = append(ct.Roles, results.RoleCell{Role: name, Cell: w.Characters[c][r]})
		}
		y.Characters = append(y.Characters, ct)
	}
	return y
}
