package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/bangsim/bangsim/resultfile"
)

// FixFigures returns balance --fix's before/after charts, one per player count,
// plot-balance-fix-Np: each character's difference from the others in its roles (the
// all row) on the fresh seeds before the fix (open, grey) and after it (filled, blue
// within ±eps, red outside), with intervals, the ±eps band dashed; sorted by the
// difference before.
func FixFigures(before, after *Balance, eps float64, caption string) []Figure {
	var figs []Figure
	for _, n := range before.players() {
		var rows []BalanceRow
		for _, r := range before.Rows {
			if r.Players == n && r.Role == resultfile.AllRoles && after.Row(n, r.Role, r.Character) != nil {
				rows = append(rows, r)
			}
		}
		if len(rows) == 0 {
			continue
		}
		slices.SortStableFunc(rows, func(x, y BalanceRow) int {
			return cmp.Or(cmp.Compare(x.Diff, y.Diff), strings.Compare(y.Character, x.Character))
		})
		var dots []dot
		var ticks plot.ConstantTicks
		lo, hi := -100*eps, 100*eps
		for i, r := range rows {
			a := after.Row(n, r.Role, r.Character)
			y := float64(i)
			dots = append(dots, dot{x: 100 * r.Diff, y: y + 0.15, lo: 100 * r.Low, hi: 100 * r.High, color: color0, hollow: true})
			c := strongColor
			if math.Abs(a.Diff) > eps {
				c = weakColor
			}
			dots = append(dots, dot{x: 100 * a.Diff, y: y - 0.15, lo: 100 * a.Low, hi: 100 * a.High, color: c})
			ticks = append(ticks, plot.Tick{Value: y, Label: r.Character})
			lo = math.Min(lo, 100*math.Min(r.Low, a.Low))
			hi = math.Max(hi, 100*math.Max(r.High, a.High))
		}
		p := newPlot()
		zero := &refLine{value: 0, vertical: true, style: zeroStyle}
		band := &refLine{value: 100 * eps, vertical: true, style: refStyle}
		p.Add(newGrid(false, true), zero, band, &refLine{value: -100 * eps, vertical: true, style: refStyle},
			&dotsPlotter{dots: dots, horizontal: true})
		p.Y.Tick.Marker = ticks
		p.Y.Min, p.Y.Max = -0.6, float64(len(rows))-0.4
		pad := math.Max(0.5, (hi-lo)*0.05)
		p.X.Min, p.X.Max = lo-pad, hi+pad
		p.X.Label.Text = "win rate minus the other characters' in its roles (points)"
		legend := newLegend()
		legend.Add("before the fix", dotThumb{color: color0, hollow: true})
		legend.Add(fmt.Sprintf("after, within ±%.1f points", 100*eps), dotThumb{color: strongColor})
		legend.Add("after, outside", dotThumb{color: weakColor})
		legend.Add("the tolerance", band)
		pg := &page{
			title: fmt.Sprintf("balance --fix: each character before and after, %d players", n),
			notes: []string{caption,
				"Both on the fresh seeds, never used in the search. Dot: the character's win rate minus the pooled win rate of the others dealt its roles, " +
					fmt.Sprintf("the roles averaged with their shares of the seats, in points; whiskers: %.0f%% intervals clustered by game.", 100*Confidence)},
			legend: &legend,
			body:   p.Draw,
		}
		figs = append(figs, pg.named(fmt.Sprintf("plot-balance-fix-%dp", n),
			fmt.Sprintf("each character's difference before and after balance --fix at %d players, on fresh seeds, with intervals", n),
			720, vg.Length(26*len(rows)+45)))
	}
	return figs
}
