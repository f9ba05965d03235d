package report

import (
	"math/bits"
	"strconv"

	"github.com/bangsim/bangsim/resultfile"
)

// NoLengths is what charts and reports say of a tally without the games by length
// (tally.json schema 2, written before bangsim counted them).
const NoLengths = "no length distribution in this file"

// LengthSummary is one player count's game lengths in turns. The percentiles are
// lengths some game had: the p-th percentile is the length of the ⌈p·games/100⌉-th
// shortest game, so they are exact, and the same for any split of the games.
type LengthSummary struct {
	Games            uint64
	Mean             float64 // the tally's turns over its games, capped games at their full length
	P10, Median, P90 int
	P99, Max         int
	// MaxAtCap says Max is the file's cap: the longest games had Max turns or more.
	MaxAtCap bool
}

// GameLengths returns y's game lengths, and false when the tally has none (schema 2)
// or no games.
func GameLengths(y *resultfile.Tally) (LengthSummary, bool) {
	l := y.Lengths
	if l == nil || y.Games == 0 || len(l.Games) == 0 {
		return LengthSummary{}, false
	}
	last := l.Games[len(l.Games)-1]
	return LengthSummary{
		Games:  y.Games,
		Mean:   MeanTurns(y),
		P10:    lengthPercentile(l, y.Games, 10),
		Median: lengthPercentile(l, y.Games, 50),
		P90:    lengthPercentile(l, y.Games, 90),
		P99:    lengthPercentile(l, y.Games, 99),
		Max:    last.Turns, MaxAtCap: last.Turns == l.Cap,
	}, true
}

// lengthPercentile returns the length of the ⌈p·games/100⌉-th shortest of games games
// (the shortest for p = 0), computed in integers so that no rounding moves it.
func lengthPercentile(l *resultfile.Lengths, games uint64, p uint64) int {
	hi, lo := bits.Mul64(games, p)
	k, rem := bits.Div64(hi, lo, 100)
	if rem > 0 || k == 0 {
		k++
	}
	var seen uint64
	for _, e := range l.Games {
		seen += e.Games
		if seen >= k {
			return e.Turns
		}
	}
	return l.Games[len(l.Games)-1].Turns
}

// format writes a length of s in turns, "1000+" at the cap (those games had the cap's
// turns or more).
func (s *LengthSummary) format(n int) string {
	if s.MaxAtCap && n == s.Max {
		return strconv.Itoa(n) + "+"
	}
	return strconv.Itoa(n)
}

// TurnsTable is turns.csv: the games of each player count by their length in turns,
// shortest first, with their share of the count's games. Lengths no game had are left
// out; the row at the file's cap (1,000 turns) counts the games of the cap or more. A
// tally without lengths gives no rows.
func TurnsTable(cs []resultfile.CountTally) Table {
	t := Table{Header: []string{"players", "turns", "games", "share"}}
	for i := range cs {
		y := &cs[i].Tally
		if y.Lengths == nil || y.Games == 0 {
			continue
		}
		for _, e := range y.Lengths.Games {
			t.AddRow(cs[i].Players, e.Turns, e.Games, float64(e.Games)/float64(y.Games))
		}
	}
	return t
}

// LengthsTable is the game lengths by player count for people (report.html and
// summary.md): games, mean, the 10th, 50th and 90th percentiles and the longest game,
// in turns. A player count without lengths shows "–".
func LengthsTable(cs []resultfile.CountTally) Table {
	t := Table{Header: []string{"players", "games", "mean", "p10", "median", "p90", "max"}}
	for i := range cs {
		y := &cs[i].Tally
		s, ok := GameLengths(y)
		if !ok {
			t.Rows = append(t.Rows, []string{itoa(cs[i].Players), groupDigits(y.Games), strconv.FormatFloat(MeanTurns(y), 'f', 1, 64), "–", "–", "–", "–"})
			continue
		}
		t.Rows = append(t.Rows, []string{itoa(cs[i].Players), groupDigits(s.Games), strconv.FormatFloat(s.Mean, 'f', 1, 64),
			s.format(s.P10), s.format(s.Median), s.format(s.P90), s.format(s.Max)})
	}
	return t
}

// hasLengths reports whether every player count has its game lengths.
func hasLengths(cs []resultfile.CountTally) bool {
	for i := range cs {
		if cs[i].Tally.Lengths == nil {
			return false
		}
	}
	return len(cs) > 0
}
