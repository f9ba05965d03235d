package lab

import (
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// ExportWins writes the shared win tally of a table of n players into the named form
// of tally.json, with the game's own event counters appended in order.
func ExportWins(w *bang.WinTally, n int, events []resultfile.Counter) resultfile.Tally {
	y := resultfile.Tally{Games: w.Games, Draws: w.Draws, Turns: w.Turns, Illegal: w.Illegal, Events: events}
	dealt := bang.RoleCounts(n)
	for r := bang.Role(0); r < bang.NumRoles; r++ {
		y.Roles = append(y.Roles, resultfile.RoleTally{Role: r.String(), Dealt: dealt[r], TeamWins: w.TeamWins[r], Cell: w.Roles[r]})
	}
	y.Seats = append([]resultfile.Cell(nil), w.Seats[:n]...)
	for c := bang.Character(0); c < bang.NumCharacters; c++ {
		ct := resultfile.CharacterTally{Character: c.String()}
		for r := 0; r <= int(bang.NumRoles); r++ {
			name := resultfile.AllRoles
			if r < int(bang.NumRoles) {
				name = bang.Role(r).String()
			}
			ct.Roles = append(ct.Roles, resultfile.RoleCell{Role: name, Cell: w.Characters[c][r]})
		}
		y.Characters = append(y.Characters, ct)
	}
	return y
}
