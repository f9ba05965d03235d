package report

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"gonum.org/v1/plot"

	"github.com/bangsim/bangsim/resultfile"
)

// CompareDiffRow is one row of compare-diff.csv: a policy's paired difference from the
// reference in one role ("all": every seat), as rates (0.031 is 3.1 points).
type CompareDiffRow struct {
	Policy      string
	Role        string
	Games       uint64 // paired seats (player-games)
	Mean        float64
	Low, High   float64
	Significant bool // Holm-adjusted p below compare.json's alpha
}

// compareDiffColumns are the columns ReadCompareDiff needs.
var compareDiffColumns = []string{"policy", "role", "games", "mean_diff", "ci_low", "ci_high", "significant"}

// ReadCompareDiff reads compare-diff.csv; the columns are found by their header names,
// and an error names the line and column of a value that does not parse.
func ReadCompareDiff(r io.Reader) ([]CompareDiffRow, error) {
	recs, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return nil, errors.New(resultfile.CSVProblem(err))
	}
	if len(recs) == 0 {
		return nil, errors.New("it is empty")
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for _, name := range compareDiffColumns {
		if _, ok := col[name]; !ok {
			return nil, fmt.Errorf("it has no %q column", name)
		}
	}
	var rows []CompareDiffRow
	for i, rec := range recs[1:] {
		line := i + 2
		float := func(name string) (float64, error) {
			v, err := strconv.ParseFloat(rec[col[name]], 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return 0, fmt.Errorf("line %d: %s %q is not a number", line, name, rec[col[name]])
			}
			return v, nil
		}
		var row CompareDiffRow
		row.Policy, row.Role = rec[col["policy"]], rec[col["role"]]
		if row.Games, err = strconv.ParseUint(rec[col["games"]], 10, 64); err != nil {
			return nil, fmt.Errorf("line %d: games %q is not a whole number", line, rec[col["games"]])
		}
		if row.Mean, err = float("mean_diff"); err != nil {
			return nil, err
		}
		if row.Low, err = float("ci_low"); err != nil {
			return nil, err
		}
		if row.High, err = float("ci_high"); err != nil {
			return nil, err
		}
		if row.Significant, err = strconv.ParseBool(rec[col["significant"]]); err != nil {
			return nil, fmt.Errorf("line %d: significant %q is not true or false", line, rec[col["significant"]])
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// ReadCompare reads compare.json and compare-diff.csv of a compare directory.
func ReadCompare(dir string) (*resultfile.Compare, []CompareDiffRow, error) {
	path := filepath.Join(dir, resultfile.CompareJSONFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot read %s: %w", path, resultfile.ExplainPath(path, err))
	}
	var rec resultfile.Compare
	if err := json.Unmarshal(b, &rec); err != nil {
		return nil, nil, fmt.Errorf("%s: %s", path, resultfile.JSONProblem(err))
	}
	if rec.Schema != "" && rec.Schema != resultfile.CompareSchema {
		return nil, nil, fmt.Errorf("%s: schema %q is not one this version reads (%s)", path, rec.Schema, resultfile.CompareSchema)
	}
	path = filepath.Join(dir, resultfile.CompareDiffFile)
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("cannot read %s: %w", path, resultfile.ExplainPath(path, err))
	}
	defer f.Close()
	rows, err := ReadCompareDiff(f)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return &rec, rows, nil
}

// CompareFigures returns the chart of a compare directory, plot-compare: each policy's
// paired difference from the reference by role, with its interval, zero marked by a
// line; a filled dot is significant after the Holm adjustment, an open one is not.
func CompareFigures(rec *resultfile.Compare, rows []CompareDiffRow) ([]Figure, error) {
	if len(rows) == 0 {
		return nil, errors.New("compare-diff.csv has no difference to plot")
	}
	var roles, policies []string
	for _, p := range rec.Policies {
		if p != rec.Reference && slices.ContainsFunc(rows, func(r CompareDiffRow) bool { return r.Policy == p }) {
			policies = append(policies, p)
		}
	}
	for _, r := range rows {
		if !slices.Contains(roles, r.Role) {
			roles = append(roles, r.Role)
		}
		if !slices.Contains(policies, r.Policy) {
			policies = append(policies, r.Policy)
		}
	}
	slot := 0.7 / float64(len(policies))
	var dots []dot
	var ticks plot.ConstantTicks
	lo, hi := 0.0, 0.0
	for gi, role := range roles {
		label := role
		if role == resultfile.AllRoles {
			label = "every seat"
		}
		ticks = append(ticks, plot.Tick{Value: float64(gi), Label: label})
		for j, pol := range policies {
			k := slices.IndexFunc(rows, func(r CompareDiffRow) bool { return r.Policy == pol && r.Role == role })
			if k < 0 {
				continue
			}
			r := rows[k]
			x := float64(gi) + (float64(j)-float64(len(policies)-1)/2)*slot
			dots = append(dots, dot{x: x, y: 100 * r.Mean, lo: 100 * r.Low, hi: 100 * r.High, color: seriesColor(j + 1), hollow: !r.Significant})
			lo, hi = math.Min(lo, 100*r.Low), math.Max(hi, 100*r.High)
		}
	}
	p := newPlot()
	zero := &refLine{value: 0, style: zeroStyle}
	p.Add(newGrid(true, false), zero, &dotsPlotter{dots: dots})
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = -0.5, float64(len(roles))-0.5
	p.X.Label.Text = "role of the seat"
	pad := math.Max(0.5, (hi-lo)*0.05)
	p.Y.Min, p.Y.Max = lo-pad, hi+pad
	p.Y.Label.Text = "difference in win rate (points)"
	legend := newLegend()
	for j, pol := range policies {
		legend.Add(pol+" − "+rec.Reference, dotThumb{color: seriesColor(j + 1)})
	}
	legend.Add(fmt.Sprintf("Holm p < %g", rec.Alpha), dotThumb{color: color0})
	legend.Add("not significant", dotThumb{color: color0, hollow: true})
	legend.Add("no difference", zero)
	conf := rec.Confidence
	if conf == 0 {
		conf = Confidence
	}
	caption := fmt.Sprintf("%s game · seed %d · %d players · %s game indices", rec.Game, rec.Seed, rec.Players, groupDigits(rec.GamesPlayed))
	if rec.Partial {
		caption += fmt.Sprintf(" · PARTIAL: %s of %s", groupDigits(rec.GamesPlayed), groupDigits(rec.GamesPlanned))
	}
	for _, b := range compareBots(rec) {
		if cheats(b) {
			caption += " · " + botLabel(b)
		}
	}
	pg := &page{
		title: fmt.Sprintf("Paired difference in win rate from %s (%d players)", rec.Reference, rec.Players),
		notes: []string{caption,
			"Dot: the policy's wins minus the reference's at the same seats with " + sameLuck(rec) + ", per seat, in percentage points; whiskers: " +
				fmt.Sprintf("%.0f%% cluster-robust intervals (the game index is the cluster). Significance: Holm-adjusted over all %d differences.", 100*conf, len(rows))},
		legend: &legend,
		body:   p.Draw,
	}
	return []Figure{pg.named("plot-compare", "each policy's paired difference from the reference by role, with intervals", 720, 320)}, nil
}

// color0 is the neutral colour of legend entries that stand for every series.
var color0 = hexColor("#555555")
