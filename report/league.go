package report

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/bangsim/bangsim/resultfile"
)

// League is a league directory ('bangsim league') as plot and report read it: its
// CSV files as the strings they are (ReadTable). standings.csv and prices.csv are
// required; games.csv and matches.csv, the season's record, may be absent (a league
// written before the record was kept), and then their charts and tables are left out.
type League struct {
	Dir       string
	Standings Table // standings.csv: one row per player per season
	Prices    Table // prices.csv: one row per character
	Games     Table // games.csv: one row per seat of every qualifying game
	Matches   Table // matches.csv: one row per knock-out match
}

// leagueColumns are the columns each league file must have for plot and report.
var leagueColumns = map[string][]string{
	resultfile.LeagueStandingsFile: {"season", "player", "score", "rank", "place"},
	resultfile.LeaguePricesFile:    {"character", "taken", "paid", "free", "mean_price", "worth", "ci_low", "ci_high"},
	resultfile.LeagueGamesFile:     {"season", "meeting", "player", "money_after"},
	resultfile.LeagueMatchesFile:   {"season", "round", "higher", "higher_rank", "lower", "lower_rank", "winner", "forfeit", "draw"},
}

// ReadLeague reads the league directory dir: its files and their columns are checked,
// so that a damaged file is refused with its name rather than drawn wrong.
func ReadLeague(dir string) (*League, error) {
	l := &League{Dir: dir}
	for _, f := range []struct {
		name     string
		t        *Table
		optional bool
	}{
		{resultfile.LeagueStandingsFile, &l.Standings, false},
		{resultfile.LeaguePricesFile, &l.Prices, false},
		{resultfile.LeagueGamesFile, &l.Games, true},
		{resultfile.LeagueMatchesFile, &l.Matches, true},
	} {
		path := filepath.Join(dir, f.name)
		t, err := readTableFile(path)
		if f.optional && errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		for _, c := range leagueColumns[f.name] {
			if !slices.Contains(t.Header, c) {
				return nil, fmt.Errorf("%s: it has no %s column (a league file of this version has %d columns)", path, c, len(leagueColumns[f.name]))
			}
		}
		for i, row := range t.Rows {
			if len(row) != len(t.Header) {
				return nil, fmt.Errorf("%s: line %d has %d fields, the header %d", path, i+2, len(row), len(t.Header))
			}
		}
		*f.t = t
	}
	if len(l.Prices.Rows) == 0 {
		return nil, fmt.Errorf("%s: it holds no character", filepath.Join(dir, resultfile.LeaguePricesFile))
	}
	return l, nil
}

// col returns the values of column name of t, one per row ("" where t lacks it).
func (t Table) col(name string) []string {
	j := slices.Index(t.Header, name)
	out := make([]string, len(t.Rows))
	if j < 0 {
		return out
	}
	for i, r := range t.Rows {
		out[i] = r[j]
	}
	return out
}

// num parses a number of a league file; ok is false for an empty or foreign field.
func num(s string) (float64, bool) {
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}

// seasons counts the distinct seasons of standings.csv.
func (l *League) seasons() int {
	s := l.Standings.col("season")
	slices.Sort(s)
	return len(slices.Compact(s))
}

// players counts the players of one season of standings.csv, its first.
func (l *League) players() int {
	s := l.Standings.col("season")
	if len(s) == 0 {
		return 0
	}
	n := 0
	for _, v := range s {
		if v == s[0] {
			n++
		}
	}
	return n
}

// Caption says in one line what a league directory holds.
func (l *League) Caption() string {
	s := fmt.Sprintf("%d seasons of %d players; %d characters priced", l.seasons(), l.players(), len(l.Prices.Rows))
	if len(l.Games.Rows) > 0 {
		s += fmt.Sprintf("; %s seats of qualifying games", groupDigits(uint64(len(l.Games.Rows))))
	}
	if len(l.Matches.Rows) > 0 {
		s += fmt.Sprintf("; %d knock-out matches", len(l.Matches.Rows))
	}
	return s + "."
}
