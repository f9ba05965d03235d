package report

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/bangsim/bangsim/resultfile"
)

// SweepFigures returns the charts of a sweep directory: plot-sweep-cells (each cell's
// win rate by role, one panel per player count), then one per axis,
// plot-sweep-<column>, each role's win rate at each value of the axis, with intervals,
// in small multiples: one panel per player count and per combination of the other
// axes' values, so that every point is one cell at one player count and nothing unlike
// is pooled. A numeric axis is drawn as lines over its values, a categorical one as
// dots joined by lines over its values in the file's order. Values no complete cell has
// leave a gap.
func SweepFigures(s *SweepResults) ([]Figure, error) {
	if len(s.Cells) == 0 {
		return nil, errors.New("the sweep has no complete cell: nothing to plot")
	}
	z := ZFor(Confidence)
	caption := sweepCaption(s)
	roles := sweepRoles(s)
	figs := []Figure{sweepCellsFigure(s, roles, caption, z)}
	for a, ax := range s.Manifest.Axes {
		figs = append(figs, sweepAxisFigure(s, a, ax, roles, caption, z))
	}
	return figs, nil
}

// sweepPanel is one small multiple: its title and, by role, a dot per x value.
type sweepPanel struct {
	title string
	dots  [][]dot // [role]
}

// sweepAxisFigure is plot-sweep-<column> of axis a.
func sweepAxisFigure(s *SweepResults, a int, ax resultfile.SweepAxis, roles []string, caption string, z float64) Figure {
	values := ax.Values
	numeric := true
	xs := make([]float64, len(values))
	for i, v := range values {
		f, err := strconv.ParseFloat(v, 64)
		numeric = numeric && err == nil
		xs[i] = f
	}
	if !numeric {
		for i := range xs {
			xs[i] = float64(i)
		}
	}
	// A small dodge keeps the roles' whiskers at one x apart.
	span := 1.0
	if numeric && len(xs) > 1 {
		span = (slices.Max(xs) - slices.Min(xs)) / float64(len(xs)-1)
	}
	dodge := func(k int) float64 {
		return 0.3 * span * (float64(k) - float64(len(roles)-1)/2) / float64(max(1, len(roles)))
	}

	var panels []*sweepPanel
	var counts []int // the groups' player counts
	for _, g := range sweepGroups(s, a, roles, z) {
		if !slices.Contains(counts, g.players) {
			counts = append(counts, g.players)
		}
		pn := &sweepPanel{title: g.title(&s.Manifest, a), dots: make([][]dot, len(roles))}
		for k := range roles {
			for vi, iv := range g.rates[k] {
				if iv != nil {
					pn.dots[k] = append(pn.dots[k], dot{x: xs[vi] + dodge(k), y: 100 * iv.Rate, lo: 100 * iv.Low, hi: 100 * iv.High, color: seriesColor(k)})
				}
			}
		}
		panels = append(panels, pn)
	}
	// A row of panels per player count when its panels fit in a row, so a column of
	// panels is one combination of the other axes' values.
	cols := min(3, len(panels))
	if n := len(counts); n > 1 && len(panels)%n == 0 && len(panels)/n <= 4 {
		cols = len(panels) / n
	}
	rows := (len(panels) + cols - 1) / cols
	plots := make([][]*plot.Plot, rows)
	top := 0.0
	for _, pn := range panels {
		for _, ds := range pn.dots {
			for _, d := range ds {
				top = max(top, d.hi)
			}
		}
	}
	for i, pn := range panels {
		p := newPlot()
		p.Title.Text = pn.title
		p.Title.TextStyle = textStyle(labelSize, draw.XCenter, draw.YTop)
		p.Add(newGrid(true, false))
		for k := range roles {
			ds := pn.dots[k]
			slices.SortFunc(ds, func(a, b dot) int { return cmp.Compare(a.x, b.x) })
			if len(ds) > 1 {
				p.Add(&polyline{dots: ds, style: draw.LineStyle{Color: seriesColor(k), Width: vg.Points(1.4)}})
			}
			p.Add(&dotsPlotter{dots: ds})
		}
		if numeric { // ticks at the swept values themselves: never at a value no cell has
			var ticks plot.ConstantTicks
			for vi, v := range values {
				ticks = append(ticks, plot.Tick{Value: xs[vi], Label: sweepLabel(v)})
			}
			p.X.Tick.Marker = ticks
			p.X.Min, p.X.Max = slices.Min(xs)-0.5*span, slices.Max(xs)+0.5*span
		} else {
			var ticks plot.ConstantTicks
			for vi, v := range values {
				ticks = append(ticks, plot.Tick{Value: float64(vi), Label: sweepLabel(v)})
			}
			p.X.Tick.Marker = ticks
			p.X.Min, p.X.Max = -0.5, float64(len(values))-0.5
		}
		p.X.Label.Text = ax.Name
		p.Y.Min, p.Y.Max = 0, math.Min(100, math.Ceil((top+1)/10)*10)
		if i%cols == 0 {
			p.Y.Label.Text = "win rate (%)"
		}
		plots[i/cols] = append(plots[i/cols], p)
	}
	for len(plots[rows-1]) < cols {
		plots[rows-1] = append(plots[rows-1], nil)
	}
	legend := newLegend()
	for k, r := range roles {
		legend.Add(r, dotThumb{color: seriesColor(k)})
	}
	kind := "a line over its values"
	if !numeric {
		kind = "its values in the sweep file's order, joined for the eye"
	}
	notes := []string{caption,
		fmt.Sprintf("One panel per player count and combination of the other axes' values: every dot is one cell at one player count, its roles' win rates, nothing pooled; x: %s, %s. %s",
			ax.Name, kind, intervalNote)}
	panelH := vg.Length(200)
	pg := &page{
		title:  "Win rate by role along " + ax.Name,
		notes:  notes,
		legend: &legend,
		body: func(c draw.Canvas) {
			cs := plot.Align(plots, draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(14), PadY: vg.Points(14)}, c)
			for i := range plots {
				for j, p := range plots[i] {
					if p != nil {
						p.Draw(cs[i][j])
					}
				}
			}
		},
	}
	w := vg.Length(max(720, 130+230*cols))
	return pg.named(SweepPlotPrefix+ax.Column, "win rate by role along "+ax.Name+", one panel per player count and other axes' values, with intervals", w, panelH*vg.Length(rows))
}

// polyline joins dots, in order, by straight lines.
type polyline struct {
	dots  []dot
	style draw.LineStyle
}

// Plot implements plot.Plotter.
func (l *polyline) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	pts := make([]vg.Point, len(l.dots))
	for i, d := range l.dots {
		pts[i] = vg.Point{X: tx(d.x), Y: ty(d.y)}
	}
	c.StrokeLines(l.style, c.ClipLinesXY(pts)...)
}
