package report

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/bangsim/bangsim/resultfile"
)

// ReadLadder reads ladder.json of a ladder directory: its ratings and skill depth are
// what the charts and the report show.
func ReadLadder(dir string) (*resultfile.Ladder, error) {
	path := filepath.Join(dir, resultfile.LadderJSONFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, resultfile.ExplainPath(path, err))
	}
	var rec resultfile.Ladder
	if err := json.Unmarshal(b, &rec); err != nil {
		return nil, fmt.Errorf("%s: %s", path, resultfile.JSONProblem(err))
	}
	if rec.Schema != resultfile.LadderSchema {
		return nil, fmt.Errorf("%s: schema %q is not one this version reads (%s)", path, rec.Schema, resultfile.LadderSchema)
	}
	if len(rec.Ratings) == 0 {
		return nil, fmt.Errorf("%s holds no rating", path)
	}
	return &rec, nil
}

// ladderCaption is the line under a ladder's charts and its report's lede.
func ladderCaption(rec *resultfile.Ladder) string {
	s := fmt.Sprintf("%s game · seed %d · %d players · %s game indices × %d rotations", rec.Game, rec.Seed, rec.Players, groupDigits(rec.GamesPlayed), rec.GamesPerIndex)
	if rec.Pairs {
		s = fmt.Sprintf("%s · seed %d · %s seeds × %d games: every pair of bots both ways, the same draft", rec.Game, rec.Seed, groupDigits(rec.GamesPlayed), rec.GamesPerIndex)
	}
	if rec.Partial {
		s += fmt.Sprintf(" · PARTIAL: %s of %s", groupDigits(rec.GamesPlayed), groupDigits(rec.GamesPlanned))
	}
	return s
}

// LadderFigures returns a ladder's charts: plot-ladder, every bot's rating by role with
// its interval, and plot-skill-depth, the strongest bot's win rate minus the weakest's
// per role and per character, sorted.
func LadderFigures(rec *resultfile.Ladder) ([]Figure, error) {
	if len(rec.Ratings) == 0 {
		return nil, errors.New("ladder.json has no rating to plot")
	}
	var roles []string
	for _, r := range rec.Ratings {
		if !slices.Contains(roles, r.Role) {
			roles = append(roles, r.Role)
		}
	}
	slot := 0.7 / float64(len(rec.Policies))
	var dots []dot
	var ticks plot.ConstantTicks
	lo, hi := math.Inf(1), math.Inf(-1)
	for gi, role := range roles {
		label := role
		if role == resultfile.AllRoles {
			label = "every seat"
		}
		ticks = append(ticks, plot.Tick{Value: float64(gi), Label: label})
		for j, pol := range rec.Policies {
			k := slices.IndexFunc(rec.Ratings, func(r resultfile.LadderRating) bool { return r.Policy == pol && r.Role == role })
			if k < 0 {
				continue
			}
			r := rec.Ratings[k]
			x := float64(gi) + (float64(j)-float64(len(rec.Policies)-1)/2)*slot
			dots = append(dots, dot{x: x, y: r.Rating, lo: r.Low, hi: r.High, color: seriesColor(j)})
			lo, hi = math.Min(lo, r.Low), math.Max(hi, r.High)
		}
	}
	p := newPlot()
	zero := &refLine{value: 0, style: zeroStyle}
	p.Add(newGrid(true, false), zero, &dotsPlotter{dots: dots})
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = -0.5, float64(len(roles))-0.5
	p.X.Label.Text = "role of the seat"
	pad := math.Max(0.05, (hi-lo)*0.05)
	p.Y.Min, p.Y.Max = lo-pad, hi+pad
	p.Y.Label.Text = "Bradley–Terry log strength"
	legend := newLegend()
	for j, pol := range rec.Policies {
		legend.Add(pol, dotThumb{color: seriesColor(j)})
	}
	legend.Add("the ladder's mean", zero)
	conf := 100 * rec.Confidence
	ratings := &page{
		title: fmt.Sprintf("Ladder ratings (%d players)", rec.Players),
		notes: []string{ladderCaption(rec),
			fmt.Sprintf("Dot: the bot's Bradley–Terry log strength, mean 0 in each role; a difference of 1 is odds e:1 that the first wins a seat the second loses. Whiskers: %.0f%% grouped-jackknife intervals.", conf)},
		legend: &legend,
		body:   p.Draw,
	}
	figs := []Figure{ratings.named("plot-ladder", "every bot's rating by role, with intervals", 720, 320)}
	if len(rec.Depth) == 0 {
		return figs, nil
	}
	// Skill depth: roles first, then characters by depth, one row each.
	rows := slices.Clone(rec.Depth)
	slices.SortStableFunc(rows, func(a, b resultfile.LadderDepth) int {
		if a.Scope != b.Scope {
			return cmp.Compare(b.Scope, a.Scope) // "role" before "character"
		}
		if a.Scope == "role" {
			return 0
		}
		return cmp.Compare(a.Depth, b.Depth)
	})
	var ddots []dot
	var yt plot.ConstantTicks
	dlo, dhi := 0.0, 0.0
	for i, d := range rows {
		y := float64(len(rows) - 1 - i)
		label := d.Name
		switch {
		case d.Name == resultfile.AllRoles && d.Scope == "role":
			label = "every seat"
		case d.Scope == "role":
			label = "role: " + d.Name
		}
		yt = append(yt, plot.Tick{Value: y, Label: label})
		c := seriesColor(1)
		if d.Scope == "role" {
			c = color0
		}
		ddots = append(ddots, dot{x: 100 * d.Depth, y: y, lo: 100 * d.Low, hi: 100 * d.High, color: c})
		dlo, dhi = math.Min(dlo, 100*d.Low), math.Max(dhi, 100*d.High)
	}
	q := newPlot()
	q.Add(newGrid(false, true), &refLine{value: 0, style: zeroStyle, vertical: true}, &dotsPlotter{dots: ddots, horizontal: true})
	q.Y.Tick.Marker = yt
	q.Y.Min, q.Y.Max = -0.5, float64(len(rows))-0.5
	q.X.Min, q.X.Max = dlo-1, dhi+1
	q.X.Label.Text = fmt.Sprintf("win rate of %s minus %s (points)", rec.Strongest, rec.Weakest)
	depth := &page{
		title: fmt.Sprintf("Skill depth: %s against %s", rec.Strongest, rec.Weakest),
		notes: []string{ladderCaption(rec),
			fmt.Sprintf("Dot: the strongest bot's win rate minus the weakest's at the same seats of the same games, by role (grey) and by the character dealt; whiskers: %.0f%% cluster-robust paired intervals. Large: skill matters; near 0: luck decides.", conf)},
		body: q.Draw,
	}
	return append(figs, depth.named("plot-skill-depth", "the strongest bot's win rate minus the weakest's, by role and character", 720, vg.Length(140+14*len(rows)))), nil
}

// WriteLadderFigures writes figs in every format of formats into dir, the ladder's
// directory or one of their own (resultfile.KindLadderExtras), and returns their paths.
func WriteLadderFigures(dir string, figs []Figure, formats []string) ([]string, error) {
	files, err := figureFiles(figs, formats)
	if err != nil {
		return nil, err
	}
	return writeFilesOf(resultfile.KindLadderExtras, dir, files...)
}

// LadderReport is what report.html and summary.md show of a ladder directory: its
// charts, the ratings and the skill depth.
type LadderReport struct {
	rec     *resultfile.Ladder
	figures []Figure
}

// NewLadderReport returns the report of a ladder read by ReadLadder.
func NewLadderReport(rec *resultfile.Ladder) (*LadderReport, error) {
	figs, err := LadderFigures(rec)
	if err != nil {
		return nil, err
	}
	return &LadderReport{rec: rec, figures: figs}, nil
}

// tables returns the ratings and the skill depth as the report shows them.
func (r *LadderReport) tables() (ratings, depth Table) {
	// The columns of ladder-ratings.csv as lab.WriteLadder writes it, so that the page's
	// table is the file's.
	ratings = Table{Header: []string{"policy", "role", "rank", "rating", "ci_low", "ci_high", "seats", "win_rate"}}
	for _, x := range r.rec.Ratings {
		ratings.AddRow(x.Policy, x.Role, x.Rank, x.Rating, x.Low, x.High, x.Seats, x.WinRate)
	}
	depth = Table{Header: []string{"scope", "name", "seats", "depth", "ci_low", "ci_high"}}
	for _, d := range r.rec.Depth {
		depth.AddRow(d.Scope, d.Name, d.Seats, d.Depth, d.Low, d.High)
	}
	return ratings, depth
}

// WriteFiles writes report.html and summary.md into dir and returns their paths.
func (r *LadderReport) WriteFiles(dir string) ([]string, error) {
	figs, face, err := inlineFigures(r.figures)
	if err != nil {
		return nil, err
	}
	rec := r.rec
	ratings, depth := r.tables()
	pg := &htmlPage{
		Title:    "bangsim ladder: " + ladderCaption(rec),
		Heading:  fmt.Sprintf("ladder of %d bots, %d players", len(rec.Policies), rec.Players),
		Lede:     ladderCaption(rec),
		FontFace: template.CSS(face),
		Footer:   "Written by bangsim report from ladder.json; the charts are those of bangsim plot.",
	}
	sec := htmlSection{ID: "ratings", Title: "Ratings", Intro: []string{sentence(rec.Design), sentence(rec.Rating)}}
	dsec := htmlSection{ID: "skill-depth", Title: "Skill depth",
		Intro: []string{fmt.Sprintf("The win rate of %s (the strongest) minus that of %s (the weakest) at the same seats of the same games: large where skill matters, near 0 where luck decides.", rec.Strongest, rec.Weakest)}}
	for i := range figs {
		b := htmlBlock{Figure: &figs[i]}
		if figs[i].Name == "plot-ladder" {
			sec.Blocks = append(sec.Blocks, b)
		} else {
			dsec.Blocks = append(dsec.Blocks, b)
		}
	}
	sec.Blocks = append(sec.Blocks, htmlBlock{Table: tableHTML("t-ratings", "ladder-ratings.csv: every bot's rating by role", resultfile.LadderRatingsFile, ratings, true)})
	dsec.Blocks = append(dsec.Blocks, htmlBlock{Table: tableHTML("t-depth", "skill-depth.csv: skill depth by role and character", resultfile.LadderDepthFile, depth, true)})
	pg.Sections = []htmlSection{sec, dsec}
	var page, md bytes.Buffer
	if err := pageTemplate.Execute(&page, pg); err != nil {
		return nil, err
	}
	r.writeMarkdown(&md)
	return writeFilesOf(resultfile.KindLadderExtras, dir, namedFile{HTMLFile, page.Bytes()}, namedFile{MarkdownFile, md.Bytes()})
}

// writeMarkdown writes the ladder's summary.md: the overall ratings and the skill depth
// by role.
func (r *LadderReport) writeMarkdown(b *bytes.Buffer) {
	rec := r.rec
	fmt.Fprintf(b, "## bangsim ladder: %d bots, %d players\n\n%s\n\n### Ratings (every seat)\n\n", len(rec.Policies), rec.Players, ladderCaption(rec))
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 3, 64) }
	t := mdTable{Header: []string{"rank", "policy", "rating", "95% interval", "win rate"}, Right: []bool{true, false, true, true, true}}
	for _, x := range rec.Ratings {
		if x.Role == resultfile.AllRoles {
			t.Rows = append(t.Rows, []string{strconv.Itoa(x.Rank), x.Policy, f(x.Rating), f(x.Low) + " to " + f(x.High), pct(x.WinRate) + "%"})
		}
	}
	t.write(b)
	fmt.Fprintf(b, "### Skill depth (%s minus %s)\n\n", rec.Strongest, rec.Weakest)
	d := mdTable{Header: []string{"role", "points", "95% interval"}, Right: []bool{false, true, true}}
	for _, x := range rec.Depth {
		if x.Scope == "role" {
			d.Rows = append(d.Rows, []string{x.Name, FormatPoints(x.Depth, 1), FormatPoints(x.Low, 1) + " to " + FormatPoints(x.High, 1)})
		}
	}
	d.write(b)
}
