package report

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/bangsim/bangsim/resultfile"
)

// turnsFigure is plot-turns: how long the games of each player count last. A tally with
// the games by length gets their distribution; one without (schema 2) the mean alone.
func turnsFigure(cs []resultfile.CountTally, caption string) Figure {
	if !hasLengths(cs) {
		return meanTurnsFigure(cs, caption)
	}
	return lengthsFigure(cs, caption)
}

// The layout of one row of plot-turns, in row units from the row's bottom: the whisker,
// then the curve's baseline, then the tallest bar's top.
const (
	ridgeWhisker = 0.1
	ridgeBase    = 0.22
	ridgeTop     = 0.96
)

// ridgeRow is one player count of plot-turns: the share of its games at each length
// from x0 on, and its summary.
type ridgeRow struct {
	y      float64 // the row's bottom
	x0     int
	shares []float64
	color  color.NRGBA
	sum    LengthSummary
}

// lengthsFigure draws the distribution of game length: one row per player count (the
// fewest players on top), each a histogram of one turn a bar on a scale all rows share,
// so a designer compares both where the games end and how spread they are.
func lengthsFigure(cs []resultfile.CountTally, caption string) Figure {
	rows := make([]ridgeRow, len(cs))
	xmax, top := 1, 0.0
	for i := range cs {
		s, _ := GameLengths(&cs[i].Tally)
		rows[i] = ridgeRow{y: float64(len(cs) - 1 - i), color: seriesColor(i), sum: s}
		xmax = max(xmax, s.P99)
	}
	var beyond uint64
	var longest LengthSummary // the row with the longest game
	for i := range cs {
		y := &cs[i].Tally
		r := &rows[i]
		if y.Games == 0 {
			continue
		}
		r.x0 = y.Lengths.Games[0].Turns
		for _, e := range y.Lengths.Games {
			if e.Turns > xmax {
				beyond += e.Games
				continue
			}
			for r.x0+len(r.shares) < e.Turns {
				r.shares = append(r.shares, 0)
			}
			share := float64(e.Games) / float64(y.Games)
			r.shares = append(r.shares, share)
			top = max(top, share)
		}
		if r.sum.Max > longest.Max || (r.sum.Max == longest.Max && r.sum.MaxAtCap) {
			longest = r.sum
		}
	}
	rp := &ridgePlotter{rows: rows, scale: (ridgeTop - ridgeBase) / math.Max(top, 1e-9)}
	p := newPlot()
	p.Add(newGrid(false, true), rp)
	var ticks plot.ConstantTicks
	for i := range rows {
		ticks = append(ticks, plot.Tick{Value: rows[i].y + 0.5, Label: strconv.Itoa(cs[i].Players)})
	}
	p.Y.Tick.Marker = ticks
	p.Y.Min, p.Y.Max = 0, float64(len(rows))
	p.Y.Padding = 0
	p.Y.Label.Text = "players"
	p.X.Min, p.X.Max = 0, float64(xmax)+0.5
	p.X.Label.Text = "turns a game"

	// Each row's numbers on its right, in a column of their own.
	sty := textStyle(cellSize, draw.XLeft, draw.YCenter)
	labels := make([][2]string, len(rows))
	labelW := vg.Length(0)
	for i, r := range rows {
		if r.sum.Games == 0 {
			labels[i] = [2]string{"no games", ""}
		} else {
			labels[i] = [2]string{
				fmt.Sprintf("median %s · mean %s", r.sum.format(r.sum.Median), strconv.FormatFloat(r.sum.Mean, 'f', 1, 64)),
				fmt.Sprintf("p10–p90 %s–%s · max %s", r.sum.format(r.sum.P10), r.sum.format(r.sum.P90), r.sum.format(r.sum.Max)),
			}
		}
		labelW = max(labelW, sty.Width(labels[i][0]), sty.Width(labels[i][1]))
	}
	legend := newLegend()
	legend.Add("median", lineLegend{medianStyle})
	legend.Add("mean", lineLegend{meanStyle})
	legend.Add("p10 to p90", whiskerLegend{})

	notes := []string{caption,
		fmt.Sprintf("Each row is one player count: the share of its games that ended after each number of turns, one turn a bar; "+
			"the rows share one scale (the tallest bar is %s%% of its count's games). "+
			"Solid line: the median game; dashed: the mean; whisker: the 10th to the 90th percentile.", pct(top))}
	if beyond > 0 {
		noun := "games"
		if beyond == 1 {
			noun = "game"
		}
		notes = append(notes, fmt.Sprintf("Right of the chart: %s %s of more than %d turns (at most 1%% of any player count's), up to %s turns.",
			groupDigits(beyond), noun, xmax, longest.format(longest.Max)))
	}
	if longest.MaxAtCap {
		notes = append(notes, "A length ending in + counts the games of that many turns or more (the file's cap).")
	}
	pg := &page{
		title:  "Game length by player count",
		notes:  notes,
		legend: &legend,
	}
	pg.body = func(c draw.Canvas) {
		pc := c
		pc.Max.X -= labelW + 10
		p.Draw(pc)
		da := p.DataCanvas(pc)
		_, ty := p.Transforms(&da)
		for i, r := range rows {
			c.FillText(sty, vg.Point{X: da.Max.X + 10, Y: ty(r.y + 0.64)}, labels[i][0])
			c.FillText(sty, vg.Point{X: da.Max.X + 10, Y: ty(r.y + 0.36)}, labels[i][1])
		}
	}
	return pg.named("plot-turns", "game length in turns by player count: the share of games at each length, median, mean and 10th to 90th percentiles",
		720, vg.Length(48*len(rows)+52))
}

// Line styles of plot-turns' markers.
var (
	medianStyle = draw.LineStyle{Color: color.Black, Width: vg.Points(1.6)}
	meanStyle   = draw.LineStyle{Color: color.Black, Width: vg.Points(1.2), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}
)

// ridgePlotter draws plot-turns' rows: each histogram as a filled step curve on its
// baseline, then the whisker under it and the median and mean lines across it.
type ridgePlotter struct {
	rows  []ridgeRow
	scale float64 // row units per share of games
}

// Plot implements plot.Plotter.
func (rp *ridgePlotter) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for _, r := range rp.rows {
		base := ty(r.y + ridgeBase)
		c.StrokeLines(gridStyle, c.ClipLinesXY([]vg.Point{{X: c.Min.X, Y: base}, {X: c.Max.X, Y: base}})...)
		if r.sum.Games == 0 {
			continue
		}
		pts := []vg.Point{{X: tx(float64(r.x0) - 0.5), Y: base}}
		for k, s := range r.shares {
			x, h := float64(r.x0+k), ty(r.y+ridgeBase+s*rp.scale)
			pts = append(pts, vg.Point{X: tx(x - 0.5), Y: h}, vg.Point{X: tx(x + 0.5), Y: h})
		}
		pts = append(pts, vg.Point{X: tx(float64(r.x0+len(r.shares)) - 0.5), Y: base})
		c.FillPolygon(tint(r.color, 0.45), c.ClipPolygonXY(pts))
		c.StrokeLines(draw.LineStyle{Color: r.color, Width: vg.Points(1)}, c.ClipLinesXY(pts)...)

		wy, half := ty(r.y+ridgeWhisker), (ty(r.y+ridgeWhisker+0.05) - ty(r.y+ridgeWhisker))
		lo, hi := tx(float64(r.sum.P10)), tx(float64(r.sum.P90))
		c.StrokeLines(whiskerStyle, c.ClipLinesXY(
			[]vg.Point{{X: lo, Y: wy}, {X: hi, Y: wy}},
			[]vg.Point{{X: lo, Y: wy - half}, {X: lo, Y: wy + half}},
			[]vg.Point{{X: hi, Y: wy - half}, {X: hi, Y: wy + half}})...)
		y0, y1 := ty(r.y+ridgeWhisker-0.06), ty(r.y+ridgeTop)
		for _, m := range []struct {
			x   float64
			sty draw.LineStyle
		}{{float64(r.sum.Median), medianStyle}, {r.sum.Mean, meanStyle}} {
			c.StrokeLines(m.sty, c.ClipLinesXY([]vg.Point{{X: tx(m.x), Y: y0}, {X: tx(m.x), Y: y1}})...)
		}
	}
}

// tint mixes c with white: f of c, the rest white.
func tint(c color.NRGBA, f float64) color.NRGBA {
	mix := func(v uint8) uint8 { return uint8(math.Round(255 - f*(255-float64(v)))) }
	return color.NRGBA{R: mix(c.R), G: mix(c.G), B: mix(c.B), A: 0xff}
}

// lineLegend is a legend entry's line.
type lineLegend struct{ style draw.LineStyle }

// Thumbnail implements plot.Thumbnailer.
func (l lineLegend) Thumbnail(c *draw.Canvas) { lineThumb(c, l.style) }

// whiskerLegend is a legend entry's whisker: a line with end caps.
type whiskerLegend struct{}

// Thumbnail implements plot.Thumbnailer.
func (whiskerLegend) Thumbnail(c *draw.Canvas) {
	y, h := c.Center().Y, (c.Max.Y-c.Min.Y)/4
	c.StrokeLines(whiskerStyle,
		[]vg.Point{{X: c.Min.X + 1, Y: y}, {X: c.Max.X - 1, Y: y}},
		[]vg.Point{{X: c.Min.X + 1, Y: y - h}, {X: c.Min.X + 1, Y: y + h}},
		[]vg.Point{{X: c.Max.X - 1, Y: y - h}, {X: c.Max.X - 1, Y: y + h}})
}

// meanTurnsFigure is plot-turns for a tally without the games by length (schema 2): it
// keeps only the total of turns, so the mean is all there is to draw.
func meanTurnsFigure(cs []resultfile.CountTally, caption string) Figure {
	p := newPlot()
	var bars []bar
	var ticks plot.ConstantTicks
	top := 0.0
	for i := range cs {
		m := MeanTurns(&cs[i].Tally)
		bars = append(bars, bar{x: float64(i), width: 0.6, y: m, lo: math.NaN(), hi: math.NaN(), color: seriesColor(1),
			label: strconv.FormatFloat(m, 'f', 1, 64)})
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: strconv.Itoa(cs[i].Players)})
		top = max(top, m)
	}
	p.Add(newGrid(true, false), &barsPlotter{bars: bars})
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = -0.5, float64(len(cs))-0.5
	p.X.Label.Text = "players"
	p.X.Padding = 0
	p.Y.Min, p.Y.Max = 0, math.Max(1, math.Ceil(top*1.15))
	p.Y.Label.Text = "turns a game (mean)"
	pg := &page{
		title: "Mean game length by player count",
		notes: []string{caption,
			"Mean turns a game: the tally's total turns divided by its games. There is " + NoLengths + ": its tally.json (schema " +
				resultfile.TallySchema2 + ") keeps only the total of turns, so no spread or percentile can be drawn; a run by this version of bangsim has them."},
		body: p.Draw,
	}
	return pg.named("plot-turns", "mean game length in turns by player count ("+NoLengths+")", 600, 300)
}
