package report

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// lengthsTally is a tally of the given games by length (turns: games), capped at cap.
func lengthsTally(cap int, games map[int]uint64) resultfile.Tally {
	y := resultfile.Tally{Lengths: &resultfile.Lengths{Cap: cap, Games: []resultfile.LengthCount{}}}
	for n := 0; n <= cap; n++ {
		if g := games[n]; g > 0 {
			y.Lengths.Games = append(y.Lengths.Games, resultfile.LengthCount{Turns: n, Games: g})
			y.Games += g
			y.Turns += uint64(n) * g
		}
	}
	return y
}

// The percentiles are lengths some game had: the ⌈p·n/100⌉-th shortest game.
func TestGameLengths(t *testing.T) {
	ten := map[int]uint64{}
	for n := 1; n <= 10; n++ {
		ten[n] = 1
	}
	for _, c := range []struct {
		name string
		y    resultfile.Tally
		want LengthSummary
	}{
		// 10 games of 1 to 10 turns: p10 the 1st, the median the 5th, p90 the 9th, p99 the 10th.
		{"one-each", lengthsTally(1000, ten), LengthSummary{Games: 10, Mean: 5.5, P10: 1, Median: 5, P90: 9, P99: 10, Max: 10}},
		// 11 games: the median is the 6th (⌈5.5⌉), p10 the 2nd (⌈1.1⌉).
		{"eleven", lengthsTally(1000, map[int]uint64{3: 1, 4: 1, 5: 3, 6: 2, 7: 3, 9: 1}),
			LengthSummary{Games: 11, Mean: 64.0 / 11, P10: 4, Median: 6, P90: 7, P99: 9, Max: 9}},
		// One game: every percentile is that game.
		{"one-game", lengthsTally(1000, map[int]uint64{17: 1}), LengthSummary{Games: 1, Mean: 17, P10: 17, Median: 17, P90: 17, P99: 17, Max: 17}},
		// Games at the cap: the longest is "the cap or more".
		{"at-cap", lengthsTally(20, map[int]uint64{10: 8, 20: 2}), LengthSummary{Games: 10, Mean: 12, P10: 10, Median: 10, P90: 20, P99: 20, Max: 20, MaxAtCap: true}},
	} {
		got, ok := GameLengths(&c.y)
		if !ok || got != c.want {
			t.Errorf("%s: %+v (%v), want %+v", c.name, got, ok, c.want)
		}
	}
	// A huge count: the rank is computed without overflow or rounding.
	big := lengthsTally(1000, map[int]uint64{5: 1<<62 + 1, 6: 1 << 62})
	if s, _ := GameLengths(&big); s.Median != 5 || s.P10 != 5 || s.P90 != 6 {
		t.Errorf("2^63+1 games: %+v", s)
	}
	none := resultfile.Tally{Games: 3, Turns: 30}
	if _, ok := GameLengths(&none); ok {
		t.Error("a tally without lengths has a summary")
	}
}

// turns.csv lists each player count's lengths, shortest first, with their share; the
// human table writes the cap as "1000+" and a count without lengths as dashes.
func TestTurnsTables(t *testing.T) {
	cs := []resultfile.CountTally{
		{Players: 4, Games: 4, Tally: lengthsTally(1000, map[int]uint64{12: 3, 1000: 1})},
		{Players: 5, Games: 2, Tally: lengthsTally(1000, map[int]uint64{9: 1, 14: 1})},
	}
	var b bytes.Buffer
	tb := TurnsTable(cs)
	if err := tb.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	want := "players,turns,games,share\n4,12,3,0.750000\n4,1000,1,0.250000\n5,9,1,0.500000\n5,14,1,0.500000\n"
	if b.String() != want {
		t.Errorf("turns.csv:\n%s\nwant:\n%s", b.String(), want)
	}
	lt := LengthsTable(cs)
	if got := lt.Rows[0]; !slices.Equal(got, []string{"4", "4", "259.0", "12", "12", "1000+", "1000+"}) {
		t.Errorf("lengths of 4 players: %q", got)
	}
	cs[1].Tally.Lengths = nil
	if got := LengthsTable(cs).Rows[1]; !slices.Equal(got, []string{"5", "2", "11.5", "–", "–", "–", "–"}) {
		t.Errorf("a count without lengths: %q", got)
	}
	if got := TurnsTable(cs).Rows; len(got) != 2 {
		t.Errorf("turns.csv lists %d rows, want the 4 players' 2", len(got))
	}
}

// A schema-2 tally has no lengths: plot-turns draws the mean and says why, and the
// report and summary.md say so rather than fail.
func TestTurnsWithoutLengths(t *testing.T) {
	set := plotTestSet(t)
	for i := range set.Counts {
		set.Counts[i].Tally.Lengths = nil
	}
	if err := set.Seal(); err != nil {
		t.Fatal(err)
	}
	if set.Schema != resultfile.TallySchema2 {
		t.Fatalf("schema %s", set.Schema)
	}
	r, err := NewRunReport(reportTestRun(set), set)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(r.Figures(), func(f Figure) bool { return f.Name == "plot-turns" })
	f := r.Figures()[i]
	if svg := string(svgOf(t, &f)); !strings.Contains(f.Shows, NoLengths) || !strings.Contains(svg, "Mean game length") || !strings.Contains(svg, "no length distribution") {
		t.Errorf("plot-turns of a schema-2 tally: %s", f.Shows)
	}
	md := markdownOf(t, r)
	if !strings.Contains(md, "There is "+NoLengths) || strings.Contains(md, "turns.csv") || !strings.Contains(md, "| 3 | 400 | 58 | 14.4 | – | – | – | – |") {
		t.Errorf("summary.md of a schema-2 tally:\n%s", md)
	}
	page := htmlOf(t, r)
	if !strings.Contains(page, NoLengths) || strings.Contains(page, resultfile.TurnsFile+":") {
		t.Error("report.html of a schema-2 tally does not say it has no lengths, or shows a turns.csv")
	}
}

// plot-turns' rows share one scale and leave the longest games right of the chart,
// saying how many.
func TestTurnsFigureBeyond(t *testing.T) {
	games := map[int]uint64{}
	for n := 10; n < 30; n++ {
		games[n] = 10
	}
	games[900] = 1 // under 1%: right of the chart
	cs := []resultfile.CountTally{{Players: 5, Games: 201, Tally: lengthsTally(1000, games)}}
	f := turnsFigure(cs, "caption")
	svg := string(svgOf(t, &f))
	if !strings.Contains(svg, "1 game of more than 29 turns") {
		t.Errorf("plot-turns does not say a game lies right of it")
	}
}
