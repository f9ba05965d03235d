package main

import (
	"strconv"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/sim/dice"
)

// confidence is the level of every interval bangsim reports.
const confidence = 0.95

// rolesTable is roles.csv: one row per role present at each player count. Counts are
// player-games, so the two Renegades of an 8-player game add two to games.
func rolesTable(rs []countResult, z float64) report.Table {
	t := report.Table{Header: report.RateHeader("players", "role")}
	for i := range rs {
		c := &rs[i]
		counts := dice.RoleCounts(c.Players)
		for r := dice.Role(0); r < dice.NumRoles; r++ {
			if counts[r] == 0 {
				continue
			}
			t.Rows = append(t.Rows, report.RateRow([]string{itoa(c.Players), r.String()}, c.Tally.Roles[r], z))
		}
	}
	return t
}

// charactersTable is characters.csv: each character by role, then over every role
// ("all"); cells that never occurred are left out.
func charactersTable(rs []countResult, z float64) report.Table {
	t := report.Table{Header: report.RateHeader("players", "character", "role")}
	for i := range rs {
		c := &rs[i]
		for ch := dice.Character(0); ch < dice.NumCharacters; ch++ {
			cells := &c.Tally.Characters[ch]
			for r := range cells {
				if cells[r].Seats == 0 {
					continue
				}
				role := "all"
				if r < int(dice.NumRoles) {
					role = dice.Role(r).String()
				}
				t.Rows = append(t.Rows, report.RateRow([]string{itoa(c.Players), ch.String(), role}, cells[r], z))
			}
		}
	}
	return t
}

// seatsTable is seats.csv: seat s is s places clockwise from seat 0, the Sheriff (with
// 3 players, the Deputy, who starts).
func seatsTable(rs []countResult, z float64) report.Table {
	t := report.Table{Header: report.RateHeader("players", "seat")}
	for i := range rs {
		c := &rs[i]
		for s := 0; s < c.Players; s++ {
			t.Rows = append(t.Rows, report.RateRow([]string{itoa(c.Players), itoa(s)}, c.Tally.Seats[s], z))
		}
	}
	return t
}

// eventsHeader is events.csv's header; every column but mean_turns is a sum over games.
var eventsHeader = []string{
	"players", "games", "draws", "turns", "mean_turns",
	"dynamite_stops", "gatling_volleys", "indian_attacks",
	"elim_bullseye", "elim_gatling", "elim_indians", "elim_dynamite",
	"wins_sheriff", "wins_deputy", "wins_outlaw", "wins_renegade",
	"illegal_choices",
}

// eventsTable is events.csv: what happened in the games, and which side won them
// (wins_* + draws = games; with 3 players the sides are the Deputy, Outlaw and Renegade).
func eventsTable(rs []countResult) report.Table {
	t := report.Table{Header: eventsHeader}
	for i := range rs {
		y := &rs[i].Tally
		mean := 0.0
		if y.Games > 0 {
			mean = float64(y.Turns) / float64(y.Games)
		}
		t.AddRow(rs[i].Players, y.Games, y.Draws, y.Turns, mean,
			y.DynamiteStops, y.Gatlings, y.Indians,
			y.Eliminations[dice.CauseBullsEye], y.Eliminations[dice.CauseGatling],
			y.Eliminations[dice.CauseIndians], y.Eliminations[dice.CauseDynamite],
			y.TeamWins[dice.Sheriff], y.TeamWins[dice.Deputy], y.TeamWins[dice.Outlaw], y.TeamWins[dice.Renegade],
			y.Illegal)
	}
	return t
}

// summaryRows are the terminal summary's rows: role win rates with intervals in percent.
func summaryRows(rs []countResult, z float64) (header []string, rows [][]string) {
	header = []string{"players", "role", "games", "wins", "win rate", "95% CI"}
	for i := range rs {
		c := &rs[i]
		counts := dice.RoleCounts(c.Players)
		for r := dice.Role(0); r < dice.NumRoles; r++ {
			if counts[r] == 0 {
				continue
			}
			cell := c.Tally.Roles[r]
			rate, ci := report.FormatPercentCI(report.WinRate(cell, z))
			rows = append(rows, []string{itoa(c.Players), r.String(), report.FormatValue(cell.Seats), report.FormatValue(cell.Wins), rate, ci})
		}
	}
	return header, rows
}

func itoa(n int) string { return strconv.Itoa(n) }
