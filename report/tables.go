package report

import (
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// Confidence is the level of every interval bangsim reports.
const Confidence = 0.95

// RolesTable is roles.csv: one row per role dealt at each player count. Counts are
// player-games, so the two Renegades of an 8-player dice game add two to games.
func RolesTable(cs []resultfile.CountTally, z float64) Table {
	t := Table{Header: RateHeader("players", "role")}
	for i := range cs {
		c := &cs[i]
		for _, r := range c.Tally.Roles {
			if r.Dealt == 0 {
				continue
			}
			t.Rows = append(t.Rows, RateRow([]string{itoa(c.Players), r.Role}, r.Cell, z))
		}
	}
	return t
}

// CharactersTable is characters.csv: each character by role, then over every role
// ("all"); cells that never occurred are left out.
func CharactersTable(cs []resultfile.CountTally, z float64) Table {
	t := Table{Header: RateHeader("players", "character", "role")}
	for i := range cs {
		c := &cs[i]
		for _, ch := range c.Tally.Characters {
			for _, rc := range ch.Roles {
				if rc.Seats == 0 {
					continue
				}
				t.Rows = append(t.Rows, RateRow([]string{itoa(c.Players), ch.Character, rc.Role}, rc.Cell, z))
			}
		}
	}
	return t
}

// SeatsTable is seats.csv: seat s is s places clockwise from seat 0, the player who
// starts.
func SeatsTable(cs []resultfile.CountTally, z float64) Table {
	t := Table{Header: RateHeader("players", "seat")}
	for i := range cs {
		c := &cs[i]
		for s, cell := range c.Tally.Seats {
			t.Rows = append(t.Rows, RateRow([]string{itoa(c.Players), itoa(s)}, cell, z))
		}
	}
	return t
}

// EventsTable is events.csv: what happened in the games (the game's own counters
// between mean_turns and the sides' wins), and which side won them (wins_* + draws =
// games). Every column but mean_turns is a sum over games.
func EventsTable(cs []resultfile.CountTally) Table {
	t := Table{Header: []string{"players", "games", "draws", "turns", "mean_turns"}}
	if len(cs) > 0 {
		y := &cs[0].Tally
		for _, e := range y.Events {
			t.Header = append(t.Header, e.Name)
		}
		for _, r := range y.Roles {
			t.Header = append(t.Header, "wins_"+strings.ToLower(r.Role))
		}
		t.Header = append(t.Header, "illegal_choices")
	}
	for i := range cs {
		y := &cs[i].Tally
		row := []any{cs[i].Players, y.Games, y.Draws, y.Turns, MeanTurns(y)}
		for _, e := range y.Events {
			row = append(row, e.Count)
		}
		for _, r := range y.Roles {
			row = append(row, r.TeamWins)
		}
		row = append(row, y.Illegal)
		t.AddRow(row...)
	}
	return t
}

// EventRatesTable is the game's own counters of events.csv as rates, one row per
// event: its count per game and per turn at each player count ("per_game_5",
// "per_turn_5"), three significant digits (whole numbers from 100). A player count without games or turns
// shows "–".
func EventRatesTable(cs []resultfile.CountTally) Table {
	t := Table{Header: []string{"event"}}
	if len(cs) == 0 {
		return t
	}
	for i := range cs {
		n := strconv.Itoa(cs[i].Players)
		t.Header = append(t.Header, "per_game_"+n, "per_turn_"+n)
	}
	rate := func(c, d uint64) string {
		if d == 0 {
			return "–"
		}
		if v := float64(c) / float64(d); v < 100 {
			return strconv.FormatFloat(v, 'g', 3, 64)
		}
		return strconv.FormatFloat(float64(c)/float64(d), 'f', 0, 64)
	}
	for k, e := range cs[0].Tally.Events {
		row := []string{e.Name}
		for i := range cs {
			y := &cs[i].Tally
			var c uint64
			if k < len(y.Events) && y.Events[k].Name == e.Name {
				c = y.Events[k].Count
			}
			row = append(row, rate(c, y.Games), rate(c, y.Turns))
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// MeanTurns returns the mean game length in turns, 0 for no games.
func MeanTurns(y *resultfile.Tally) float64 {
	if y.Games == 0 {
		return 0
	}
	return float64(y.Turns) / float64(y.Games)
}

// RoleSummaryRows are the terminal summary's rows: role win rates with intervals in
// percent.
func RoleSummaryRows(cs []resultfile.CountTally, z float64) (header []string, rows [][]string) {
	header = []string{"players", "role", "games", "wins", "win rate", "95% CI"}
	for i := range cs {
		c := &cs[i]
		for _, r := range c.Tally.Roles {
			if r.Dealt == 0 {
				continue
			}
			rate, ci := FormatPercentCI(WinRate(r.Cell, z))
			rows = append(rows, []string{itoa(c.Players), r.Role, FormatValue(r.Seats), FormatValue(r.Wins), rate, ci})
		}
	}
	return header, rows
}

func itoa(n int) string { return strconv.Itoa(n) }
