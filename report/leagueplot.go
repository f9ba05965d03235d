package report

import (
	"cmp"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/bangsim/bangsim/resultfile"
)

// LeagueFigures returns the charts of a league directory: plot-league-prices, each
// character's mean price paid beside its simulated worth with the worth's interval
// (prices.csv); plot-league-money, the players' money after each meeting, its mean and
// 10th to 90th percentiles over the players and seasons (games.csv, when present).
// The bracket is a table of the report, not a chart.
func LeagueFigures(l *League) ([]Figure, error) {
	figs := []Figure{leaguePricesFigure(l)}
	if f, ok := leagueMoneyFigure(l); ok {
		figs = append(figs, f)
	}
	return figs, nil
}

// leaguePricesFigure draws prices.csv: per character (sorted by worth, the highest on
// top) its worth with the interval and its mean price, a hollow dot.
func leaguePricesFigure(l *League) Figure {
	type row struct {
		name                 string
		worth, lo, hi, price float64
		hasPrice             bool
	}
	t := l.Prices
	names, worth, lo, hi, price := t.col("character"), t.col("worth"), t.col("ci_low"), t.col("ci_high"), t.col("mean_price")
	var rows []row
	for i := range names {
		w, ok := num(worth[i])
		if !ok {
			continue
		}
		r := row{name: names[i], worth: w, lo: w, hi: w}
		// An infinite end (a cell with too few value games) is not drawn: the note says so.
		if v, ok := num(lo[i]); ok && !math.IsInf(v, 0) {
			r.lo = v
		}
		if v, ok := num(hi[i]); ok && !math.IsInf(v, 0) {
			r.hi = v
		}
		r.price, r.hasPrice = num(price[i])
		rows = append(rows, r)
	}
	slices.SortStableFunc(rows, func(a, b row) int { return cmp.Or(cmp.Compare(a.worth, b.worth), cmp.Compare(b.name, a.name)) })
	var dots []dot
	var ticks plot.ConstantTicks
	for i, r := range rows {
		dots = append(dots, dot{x: r.worth, y: float64(i), lo: r.lo, hi: r.hi, color: seriesColor(0)})
		if r.hasPrice {
			dots = append(dots, dot{x: r.price, y: float64(i), lo: r.price, hi: r.price, color: seriesColor(1), hollow: true})
		}
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: r.name})
	}
	p := newPlot()
	p.Add(newGrid(true, true), &dotsPlotter{dots: dots, horizontal: true})
	p.Y.Tick.Marker = ticks
	p.Y.Min, p.Y.Max = -0.6, float64(len(rows))-0.4
	p.X.Label.Text = "dollars"
	legend := newLegend()
	legend.Add("simulated worth, with interval", dotThumb{color: seriesColor(0)})
	legend.Add("mean price paid", dotThumb{color: seriesColor(1), hollow: true})
	pg := &page{title: "League: price paid against simulated worth", legend: &legend, body: p.Draw,
		notes: []string{l.Caption(),
			"Filled dot: the character's mean simulated worth to the players who got it (prices.csv worth), whiskers its 95% interval ci_low to ci_high (an infinite end, from too few value games, is not drawn); " +
				"hollow dot: the mean price paid, the dollars paid over every take, the takes for $0 included (prices.csv mean_price)."}}
	return pg.named("plot-league-prices", "each character's mean price paid against its simulated worth, with the worth's interval", 760, vg.Length(22*len(rows)+45))
}

// leagueMoneyFigure draws games.csv's money_after by meeting: per meeting the mean over
// the players of their money after their last game there, every season pooled, with the 10th to
// 90th percentiles; ok is false when the directory has no games.csv.
func leagueMoneyFigure(l *League) (Figure, bool) {
	byMeeting := leagueMoneyByMeeting(l)
	if len(byMeeting) == 0 {
		return Figure{}, false
	}
	var dots []dot
	var ticks plot.ConstantTicks
	keys := make([]int, 0, len(byMeeting))
	for m := range byMeeting {
		keys = append(keys, m)
	}
	slices.Sort(keys)
	for _, m := range keys {
		vs := byMeeting[m]
		slices.Sort(vs)
		mean := 0.0
		for _, v := range vs {
			mean += v
		}
		mean /= float64(len(vs))
		dots = append(dots, dot{x: float64(m), y: mean, lo: quantile(vs, 0.1), hi: quantile(vs, 0.9), color: seriesColor(0)})
		ticks = append(ticks, plot.Tick{Value: float64(m), Label: strconv.Itoa(m)})
	}
	p := newPlot()
	p.Add(newGrid(true, true), &dotsPlotter{dots: dots})
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = float64(keys[0])-0.6, float64(keys[len(keys)-1])+0.6
	p.X.Label.Text = "meeting"
	p.Y.Label.Text = "money after the game (dollars)"
	legend := newLegend()
	legend.Add("mean over the players", dotThumb{color: seriesColor(0)})
	pg := &page{title: "League: money over the season", legend: &legend, body: p.Draw,
		notes: []string{l.Caption(),
			"Dot: the mean over the players who played at that meeting of their money after their last game there (games.csv money_after), all seasons pooled; whiskers: the 10th to 90th percentiles of the same (the spread over players, not an interval of the mean). A player absent from a meeting has no value there."}}
	return pg.named("plot-league-money", "the players' money after each meeting: the mean and the 10th to 90th percentiles", 760, 320), true
}

// leagueMoneyByMeeting returns, per meeting, the money each player left it with in
// each season: games.csv's money_after of the player's last game there.
func leagueMoneyByMeeting(l *League) map[int][]float64 {
	// A player plays several games at a meeting: the money after the last of them, in
	// the file's order (games by number), is the money the player leaves the meeting with.
	type key struct {
		season, player string
		meeting        int
	}
	last := map[key]float64{}
	var order []key
	seasons, players := l.Games.col("season"), l.Games.col("player")
	meetings, money := l.Games.col("meeting"), l.Games.col("money_after")
	for i := range meetings {
		m, err := strconv.Atoi(meetings[i])
		v, ok := num(money[i])
		if err != nil || !ok {
			continue
		}
		k := key{seasons[i], players[i], m}
		if _, seen := last[k]; !seen {
			order = append(order, k)
		}
		last[k] = v
	}
	byMeeting := map[int][]float64{}
	for _, k := range order {
		byMeeting[k.meeting] = append(byMeeting[k.meeting], last[k])
	}
	return byMeeting
}

// quantile is the q-quantile of sorted vs by linear interpolation.
func quantile(vs []float64, q float64) float64 {
	if len(vs) == 1 {
		return vs[0]
	}
	pos := q * float64(len(vs)-1)
	i := int(math.Floor(pos))
	if i >= len(vs)-1 {
		return vs[len(vs)-1]
	}
	return vs[i] + (pos-float64(i))*(vs[i+1]-vs[i])
}

// WriteLeagueFigures writes the figures of a league as WriteFigures writes a run's,
// into the league's directory or one of their own (resultfile.KindLeagueExtras).
func WriteLeagueFigures(dir string, figs []Figure, formats []string) ([]string, error) {
	files, err := figureFiles(figs, formats)
	if err != nil {
		return nil, err
	}
	return writeFilesOf(resultfile.KindLeagueExtras, dir, files...)
}

// leagueMoney formats dollars for the report's tables.
func leagueMoney(s string) string {
	if _, ok := num(s); !ok {
		return s
	}
	return FormatCell([]string{"worth"}, []string{s}, 0) // dollars, an open end ∞
}
