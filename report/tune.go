package report

import (
	"fmt"
	"io"
	"strings"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/bangsim/bangsim/resultfile"
)

// TunePlot is the name of a tune's chart, without its extension.
const TunePlot = "plot-tune"

// TuneConvergence is tune-convergence.csv: the start (iteration 0), then every
// evaluation in the order the search asked for it, with the best so far.
func TuneConvergence(t *resultfile.Tune) Table {
	tb := Table{Header: []string{"iteration", "best_so_far", "best_estimate", "candidate", "estimate", "games"}}
	s := t.StartEval
	tb.AddRow(0, s.Spec, 0.0, s.Spec, 0.0, s.Games)
	for _, e := range t.Evaluations {
		tb.AddRow(e.Iteration, e.Best, e.BestGain, e.Spec, e.Gain, e.Games)
	}
	return tb
}

// TuneValidation is tune-validation.csv: each player count (and "all" when several)
// with the win rates at the focal seats and the paired differences of the tuned spec
// from the start and from the field, with their 95% intervals.
func TuneValidation(t *resultfile.Tune) Table {
	tb := Table{Header: []string{"players", "seats", "field_rate", "start_rate", "tuned_rate", "gain", "gain_low", "gain_high", "gain_p",
		"vs_field", "vs_field_low", "vs_field_high", "vs_field_p"}}
	if t.Validation == nil {
		return tb
	}
	for _, r := range t.Validation.Rows {
		tb.AddRow(r.Players, r.Seats, r.FieldRate, r.StartRate, r.TunedRate, r.Gain, r.GainLow, r.GainHigh, r.GainP,
			r.VsField, r.VsFieldLow, r.VsFieldHigh, r.VsFieldP)
	}
	return tb
}

// TuneFigure is plot-tune: each candidate's estimated gain over the start, by
// iteration, and the best so far as a step line, in percentage points.
func TuneFigure(t *resultfile.Tune) Figure {
	best := plotter.XYs{{X: 0, Y: 0}}
	var cands plotter.XYs
	for _, e := range t.Evaluations {
		best = append(best, plotter.XY{X: float64(e.Iteration), Y: 100 * e.BestGain})
		cands = append(cands, plotter.XY{X: float64(e.Iteration), Y: 100 * e.Gain})
	}
	p := newPlot()
	p.Add(newGrid(true, false))
	line, _ := plotter.NewLine(best)
	line.StepStyle = plotter.PostStep
	line.LineStyle = draw.LineStyle{Color: seriesColor(0), Width: vg.Points(1.5)}
	legend := newLegend()
	legend.Add("best so far", line)
	p.Add(line)
	if len(cands) > 0 {
		sc, _ := plotter.NewScatter(cands)
		sc.GlyphStyle = draw.GlyphStyle{Color: seriesColor(1), Radius: vg.Points(2), Shape: draw.CircleGlyph{}}
		p.Add(sc)
		legend.Add("candidate", sc)
	}
	p.X.Label.Text = "iteration (candidate evaluations)"
	p.Y.Label.Text = "gain over the start (points, tuning seeds)"
	notes := []string{fmt.Sprintf("%s, %s %s, %s at the other seats, %d game indices per evaluation at %s players, seed %d; %s.",
		t.Game, t.Start, roleNote(t.Role), t.Field, t.GamesPerEval, joinInts(t.Players), t.Seed, t.Method)}
	if v := t.Validation; v != nil {
		r := v.Rows[len(v.Rows)-1]
		notes = append(notes, fmt.Sprintf("Validated on %d fresh game indices: %s gains %s points [%s, %s] (95%%) over the start.",
			v.Indices, t.Best, FormatPoints(r.Gain, 1), FormatPoints(r.GainLow, 1), FormatPoints(r.GainHigh, 1)))
	} else {
		notes = append(notes, "PARTIAL: not validated.")
	}
	pg := &page{title: "Tune: gain over the start by iteration", legend: &legend, body: p.Draw, notes: notes}
	return pg.named(TunePlot, "each candidate's gain over the start on the tuning seeds, and the best so far", 760, 320)
}

// roleNote says which seats the tuned bot played.
func roleNote(role string) string {
	if role == "all" {
		return "at every seat"
	}
	return "as " + role
}

// joinInts writes 4,5,6.
func joinInts(ns []int) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = fmt.Sprint(n)
	}
	return strings.Join(s, ",")
}

// TuneFiles are the files of a tune directory but tune.json: the two tables and the
// chart in every format.
func TuneFiles(t *resultfile.Tune) []resultfile.File {
	conv, valid, fig := TuneConvergence(t), TuneValidation(t), TuneFigure(t)
	files := []resultfile.File{
		{Name: resultfile.TuneConvergenceFile, Write: conv.WriteCSV},
		{Name: resultfile.TuneValidationFile, Write: valid.WriteCSV},
	}
	for _, format := range PlotFormats {
		files = append(files, resultfile.File{Name: fig.Name + "." + format, Write: func(w io.Writer) error { return fig.Write(w, format) }})
	}
	return files
}
