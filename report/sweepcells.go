package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/bangsim/bangsim/resultfile"
)

// SweepCellsPlot is the name of a sweep's results-by-cell chart, without extension.
const SweepCellsPlot = SweepPlotPrefix + "cells"

// sweepSettings are the combinations of a sweep's axes' values but players that its
// cells have, ordered as the axes list their values (the first axis slowest), and for
// each cell the index of its own.
func sweepSettings(s *SweepResults) (labels []string, of []int) {
	m := &s.Manifest
	type setting struct {
		label string
		order []int // the index of each value in its axis's list
	}
	var sets []setting
	keys := make([]string, len(s.Cells))
	for i, c := range s.Cells {
		var parts []string
		var order []int
		for a, ax := range m.Axes {
			if ax.Name != resultfile.SweepPlayersAxis {
				parts = append(parts, ax.Name+" "+sweepLabel(c.Entry.Values[a]))
				order = append(order, slices.Index(ax.Values, c.Entry.Values[a]))
			}
		}
		keys[i] = strings.Join(parts, " · ")
		if keys[i] == "" {
			keys[i] = "the base run"
		}
		if !slices.ContainsFunc(sets, func(x setting) bool { return x.label == keys[i] }) {
			sets = append(sets, setting{keys[i], order})
		}
	}
	slices.SortStableFunc(sets, func(x, y setting) int { return slices.Compare(x.order, y.order) })
	for _, x := range sets {
		labels = append(labels, x.label)
	}
	for _, k := range keys {
		of = append(of, slices.Index(labels, k))
	}
	return labels, of
}

// sweepCellsFigure is plot-sweep-cells, the chart that answers a sweep's question: one
// panel per player count, one row per combination of the axes' values (each a cell,
// or with a players axis the cell of that count), and in each row every role's win
// rate with its interval, one colour per role. Nothing is pooled: a dot is one cell's
// role at one player count, so reading down one colour shows what the axes change.
func sweepCellsFigure(s *SweepResults, roles []string, caption string, z float64) Figure {
	labels, of := sweepSettings(s)
	var counts []int
	for _, c := range s.Cells {
		for _, ct := range c.Counts {
			if !slices.Contains(counts, ct.Players) {
				counts = append(counts, ct.Players)
			}
		}
	}
	slices.Sort(counts)
	// The rows top down in the sweep file's order: setting i at y = len(labels)-1-i,
	// each role a little above or below it.
	dodge := func(k int) float64 {
		return -0.7 * (float64(k) - float64(len(roles)-1)/2) / float64(max(1, len(roles)))
	}
	dots := make([][]dot, len(counts))
	top := 0.0
	for i, c := range s.Cells {
		y := float64(len(labels) - 1 - of[i])
		for _, ct := range c.Counts {
			n := slices.Index(counts, ct.Players)
			for _, r := range ct.Tally.Roles {
				if r.Dealt == 0 {
					continue
				}
				k := slices.Index(roles, r.Role)
				iv := WinRate(r.Cell, z)
				dots[n] = append(dots[n], dot{x: 100 * iv.Rate, y: y + dodge(k), lo: 100 * iv.Low, hi: 100 * iv.High, color: seriesColor(k)})
				top = max(top, 100*iv.High)
			}
		}
	}
	cols := min(4, len(counts))
	rows := (len(counts) + cols - 1) / cols
	plots := make([][]*plot.Plot, rows)
	for n, players := range counts {
		p := newPlot()
		p.Title.Text = fmt.Sprintf("%d players", players)
		p.Title.TextStyle = textStyle(labelSize, draw.XCenter, draw.YTop)
		p.Add(newGrid(false, true))
		for y := 0.5; y < float64(len(labels))-1; y++ {
			p.Add(&refLine{value: y, style: gridStyle})
		}
		p.Add(&dotsPlotter{dots: dots[n], horizontal: true})
		// The rows' labels are drawn once, left of each row of panels, so that every
		// panel has the same width and scale.
		var ticks plot.ConstantTicks
		for i := range labels {
			ticks = append(ticks, plot.Tick{Value: float64(len(labels) - 1 - i)})
		}
		p.Y.Tick.Marker = ticks
		p.Y.Min, p.Y.Max = -0.5, float64(len(labels))-0.5
		p.X.Min, p.X.Max = 0, math.Min(100, math.Ceil((top+1)/10)*10)
		p.X.Label.Text = "win rate (%)"
		plots[n/cols] = append(plots[n/cols], p)
	}
	for len(plots[rows-1]) < cols {
		plots[rows-1] = append(plots[rows-1], nil)
	}
	legend := newLegend()
	for k, r := range roles {
		legend.Add(r, dotThumb{color: seriesColor(k)})
	}
	notes := []string{caption,
		"One panel per player count, one row per combination of the axes' values: every dot is one cell's role at one player count, nothing pooled; " +
			"read down one colour to see what the axes change. A role a count does not deal has no dot. " + intervalNote}
	labelStyle := textStyle(tickSize, draw.XRight, draw.YCenter)
	labelW := vg.Length(0)
	for _, l := range labels {
		labelW = max(labelW, labelStyle.Width(l))
	}
	rowH := vg.Length(11*len(roles) + 8)
	panelH := rowH*vg.Length(len(labels)) + 56
	pg := &page{
		title:  "Win rate by cell and role",
		notes:  notes,
		legend: &legend,
		body: func(c draw.Canvas) {
			lc := c
			c.Min.X += labelW + 6
			cs := plot.Align(plots, draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Points(14), PadY: vg.Points(14)}, c)
			for i := range plots {
				for j, p := range plots[i] {
					if p != nil {
						p.Draw(cs[i][j])
					}
				}
				// Row i's labels beside its first panel, at its rows' heights.
				dc := plots[i][0].DataCanvas(cs[i][0])
				_, ty := plots[i][0].Transforms(&dc)
				for k, l := range labels {
					lc.FillText(labelStyle, vg.Point{X: lc.Min.X + labelW, Y: ty(float64(len(labels) - 1 - k))}, l)
				}
			}
		},
	}
	w := vg.Length(max(720, float64(labelW)+120+170*float64(cols)))
	return pg.named(SweepCellsPlot, "each cell's win rate by role, one panel per player count, with intervals", w, panelH*vg.Length(rows))
}
