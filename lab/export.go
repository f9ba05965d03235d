package lab

import (
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// ExportWins writes the shared win tally of a table of n players into the named form
// of tally.json, with the game's own event counters appended in order: the roles,
// their counts and the characters as d declares them (their names are the rows' keys,
// so a reader needs no engine to label them).
func ExportWins(w *bang.WinTally, d *bang.Declaration, n int, events []resultfile.Counter) resultfile.Tally {
	y := resultfile.Tally{Games: w.Games, Draws: w.Draws, Turns: w.Turns, Illegal: w.Illegal, Events: events}
	dealt := d.RoleCounts(n)
	for i, r := range d.Roles {
		y.Roles = append(y.Roles, resultfile.RoleTally{Role: r.String(), Dealt: dealt[i], TeamWins: w.TeamWins[r], Cell: w.Roles[r]})
	}
	y.Seats = append([]resultfile.Cell(nil), w.Seats[:n]...)
	set := d.Characters
	for c := range bang.Character(set.Len()) {
		ct := resultfile.CharacterTally{Character: set.Name(c)}
		for _, r := range d.Roles {
			ct.Roles = append(ct.Roles, resultfile.RoleCell{Role: r.String(), Cell: w.Characters[c][r]})
		}
		ct.Roles = append(ct.Roles, resultfile.RoleCell{Role: resultfile.AllRoles, Cell: w.Characters[c][bang.NumRoles]})
		y.Characters = append(y.Characters, ct)
	}
	return y
}
