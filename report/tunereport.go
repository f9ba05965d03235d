package report

import (
	"bytes"
	"fmt"
	"html/template"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/bangsim/bangsim/resultfile"
)

// WriteTuneFigures writes figs in every format of formats into dir, the tune's
// directory or one of their own (resultfile.KindTuneExtras), and returns their paths.
func WriteTuneFigures(dir string, figs []Figure, formats []string) ([]string, error) {
	files, err := figureFiles(figs, formats)
	if err != nil {
		return nil, err
	}
	return writeFilesOf(resultfile.KindTuneExtras, dir, files...)
}

// TuneReport is what report.html and summary.md show of a tune directory: the tuned
// spec and its validated gain first, then the convergence chart and both tables.
type TuneReport struct{ rec *resultfile.Tune }

// NewTuneReport returns the report of a tune read by resultfile.ReadTune.
func NewTuneReport(rec *resultfile.Tune) *TuneReport { return &TuneReport{rec: rec} }

// verdict says in one sentence what the tune found, and how sure: the validated gain
// over the start and the field, or that it was not validated.
func (r *TuneReport) verdict() string {
	t := r.rec
	v := t.Validation
	if v == nil || len(v.Rows) == 0 {
		return fmt.Sprintf("PARTIAL: the best so far, %s, was not validated on fresh seeds; its gain on the tuning seeds (%s points) is biased upwards by the search.", t.Best, FormatPoints(t.BestGain, 1))
	}
	row := v.Rows[len(v.Rows)-1]
	pts := func(x float64) string { return minusSign(FormatPoints(x, 1)) }
	return fmt.Sprintf("Tuned spec %s, %s: on %d fresh game indices it gains %s points [%s, %s] (95%%; %s) over the start %s, and %s [%s, %s] (%s) over the field %s.",
		t.Best, roleNote(t.Role), v.Indices,
		pts(row.Gain), pts(row.GainLow), pts(row.GainHigh), pWords(row.GainP), t.Start,
		pts(row.VsField), pts(row.VsFieldLow), pts(row.VsFieldHigh), pWords(row.VsFieldP), t.Field)
}

// pWords says a single two-sided test in words at the 5% level: "significant, p =
// 0.031" or "within noise, p = 0.158".
func pWords(p float64) string {
	word := "within noise"
	if p < 0.05 {
		word = "significant"
	}
	ps := pShort(p)
	if !strings.HasPrefix(ps, "<") {
		ps = "= " + ps
	}
	return word + ", p " + ps
}

// WriteFiles writes report.html and summary.md into dir and returns their paths.
func (r *TuneReport) WriteFiles(dir string) ([]string, error) {
	t := r.rec
	figs, face, err := inlineFigures([]Figure{TuneFigure(t)})
	if err != nil {
		return nil, err
	}
	caption := fmt.Sprintf("%s: %s %s against %s, %s players, seed %d", t.Game, t.Start, roleNote(t.Role), t.Field, joinInts(t.Players), t.Seed)
	pg := &htmlPage{
		Title:    "bangsim tune: " + caption,
		Heading:  "tune of " + t.Start,
		Lede:     caption,
		FontFace: template.CSS(face),
		Footer:   "Written by bangsim report from tune.json; the chart is that of bangsim plot.",
	}
	res := htmlSection{ID: "result", Title: "Result", Intro: []string{r.verdict(), sentence(t.Method), sentence(t.Design)}}
	res.Blocks = append(res.Blocks, htmlBlock{Table: tableHTML("t-validation", "tune-validation.csv: the tuned spec on fresh seeds", resultfile.TuneValidationFile, TuneValidation(t), false)})
	conv := htmlSection{ID: "convergence", Title: "Convergence",
		Intro: []string{"Each candidate's gain over the start on the tuning seeds, in the order the search asked, and the best so far. These estimates are biased upwards by the search itself; the result above is measured on seeds the search never saw."}}
	conv.Blocks = append(conv.Blocks, htmlBlock{Figure: &figs[0]},
		htmlBlock{Table: tableHTML("t-convergence", "tune-convergence.csv: every evaluation", resultfile.TuneConvergenceFile, TuneConvergence(t), true)})
	pg.Sections = []htmlSection{res, conv}
	var page, md bytes.Buffer
	if err := pageTemplate.Execute(&page, pg); err != nil {
		return nil, err
	}
	fmt.Fprintf(&md, "## bangsim tune: %s\n\n%s\n\n", caption, r.verdict())
	valid := TuneValidation(t)
	m := mdTable{Header: valid.Header}
	for _, row := range valid.Rows {
		cells := make([]string, len(row))
		for j := range row {
			cells[j] = FormatCell(valid.Header, row, j)
		}
		m.Rows = append(m.Rows, cells)
	}
	m.write(&md)
	return writeFilesOf(resultfile.KindTuneExtras, dir, namedFile{HTMLFile, page.Bytes()}, namedFile{MarkdownFile, md.Bytes()})
}

// sentence writes a recorded phrase (a design, a method) as a sentence: its first
// letter upper case, a full stop at its end.
func sentence(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:] + "."
}
