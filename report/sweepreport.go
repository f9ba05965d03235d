package report

import (
	"bytes"
	"cmp"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// SweepReport is what report.html and summary.md show of a sweep directory: the
// manifest, the cells' chart and table, each axis's chart and table, and sweep.csv's
// rows, all computed from sweep.json and the cells' tallies. Nothing is pooled: every
// number is one cell's at one player count.
type SweepReport struct {
	s       *SweepResults
	figures []Figure
}

// NewSweepReport returns the report of a sweep read with ReadSweep.
func NewSweepReport(s *SweepResults) (*SweepReport, error) {
	figs, err := SweepFigures(s)
	if err != nil {
		return nil, err
	}
	return &SweepReport{s: s, figures: figs}, nil
}

// ReadSweepReport reads the sweep directory dir and returns its report.
func ReadSweepReport(dir string) (*SweepReport, error) {
	s, err := ReadSweep(dir)
	if err != nil {
		return nil, err
	}
	r, err := NewSweepReport(s)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return r, nil
}

// Figures returns the report's charts: the cells', then one per axis.
func (r *SweepReport) Figures() []Figure { return r.figures }

// WriteFiles writes report.html and summary.md into dir (created if missing), each
// under a temporary name and renamed, and returns their paths.
func (r *SweepReport) WriteFiles(dir string) ([]string, error) {
	var page, md bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		return nil, err
	}
	if err := r.WriteMarkdown(&md); err != nil {
		return nil, err
	}
	return writeFiles(dir, namedFile{HTMLFile, page.Bytes()}, namedFile{MarkdownFile, md.Bytes()})
}

// cellsTable lists every cell of the manifest with its values, what was played, and
// each role's win rate at each player count with its interval ("36.0% (34.1–38.0%)"),
// one column per role and player count, so that a row answers what the cell changed;
// a cell not complete, or a role its count does not deal, shows "–".
func (r *SweepReport) cellsTable() Table {
	m := &r.s.Manifest
	z := ZFor(Confidence)
	t := Table{Header: []string{"cell"}}
	for _, a := range m.Axes {
		t.Header = append(t.Header, a.Column)
	}
	t.Header = append(t.Header, "games played", "games planned", "complete")
	type column struct {
		role    string
		players int
	}
	var cols []column
	done := map[string]*SweepCell{}
	for i := range r.s.Cells {
		c := &r.s.Cells[i]
		done[c.Entry.Name] = c
		for _, ct := range c.Counts {
			for _, rc := range ct.Tally.Roles {
				if k := (column{rc.Role, ct.Players}); rc.Dealt > 0 && !slices.Contains(cols, k) {
					cols = append(cols, k)
				}
			}
		}
	}
	slices.SortStableFunc(cols, func(a, b column) int { return cmp.Compare(a.players, b.players) })
	for _, k := range cols {
		t.Header = append(t.Header, fmt.Sprintf("%s at %d", k.role, k.players))
	}
	for _, c := range m.Cells {
		row := append([]string{c.Name}, c.Values...)
		row = append(row, groupDigits(c.GamesPlayed), groupDigits(c.GamesPlanned), strconv.FormatBool(c.Complete))
		for _, k := range cols {
			cell := "–"
			if res := done[c.Name]; res != nil {
				for _, ct := range res.Counts {
					for _, rc := range ct.Tally.Roles {
						if ct.Players == k.players && rc.Role == k.role && rc.Dealt > 0 {
							iv := WinRate(rc.Cell, z)
							cell = fmt.Sprintf("%s%% (%s–%s%%)", pct(iv.Rate), pct(iv.Low), pct(iv.High))
						}
					}
				}
			}
			row = append(row, cell)
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// warnings are the banners of a sweep's page.
func (r *SweepReport) warnings() []string {
	m := &r.s.Manifest
	var w []string
	if !m.Complete {
		w = append(w, fmt.Sprintf("Partial sweep: %d of %d cells are complete (%s of %s games); the charts and tables hold the complete cells only.",
			len(r.s.Cells), len(m.Cells), groupDigits(m.GamesPlayed), groupDigits(m.GamesPlanned)))
	}
	if len(m.Missing) > 0 {
		w = append(w, "This merge lacks games: "+strings.Join(m.Missing, "; ")+".")
	}
	if c := cheatWarning(sweepBots(m)...); c != "" {
		w = append(w, c)
	}
	return w
}

// manifest is sweep.json in a few lines.
func (r *SweepReport) manifest() []kvRow {
	m := &r.s.Manifest
	b := &m.Base
	var players []string
	for _, n := range b.Players {
		players = append(players, strconv.Itoa(n))
	}
	rows := []kvRow{{Key: "sweep file", Code: m.File}}
	if m.Description != "" {
		rows = append(rows, kvRow{Key: "description", Text: m.Description})
	}
	rows = append(rows, kvRow{Key: "game", Code: m.Game})
	var axes []string
	for _, a := range m.Axes {
		vals := make([]string, len(a.Values))
		for i, v := range a.Values {
			vals[i] = sweepLabel(v)
		}
		axes = append(axes, a.Name+": "+strings.Join(vals, ", "))
	}
	if len(axes) > 0 {
		rows = append(rows, kvRow{Key: "axes", Codes: axes})
	}
	cells := fmt.Sprintf("%d of %d complete", len(r.s.Cells), len(m.Cells))
	if m.Excluded > 0 {
		cells += fmt.Sprintf(", %d combinations excluded", m.Excluded)
	}
	rows = append(rows,
		kvRow{Key: "cells", Text: cells},
		kvRow{Key: "games", Text: fmt.Sprintf("%s of %s planned games played (%s per player count and cell)", groupDigits(m.GamesPlayed), groupDigits(m.GamesPlanned), groupDigits(b.GamesPerCount))},
		kvRow{Key: "base run", Codes: baseText(b, players)},
	)
	if b.PolicyFor != nil || b.Policy != "" {
		bots := b.Policy
		for _, role := range []string{"Sheriff", "Deputy", "Outlaw", "Renegade"} {
			if spec, ok := b.PolicyFor[role]; ok {
				bots += "; " + role + ": " + spec
			}
		}
		rows = append(rows, kvRow{Key: "base bots", Text: bots})
	}
	if len(b.Rules) > 0 {
		rows = append(rows, kvRow{Key: "base rules", Codes: settingsText(b.Rules)})
	}
	if m.Shard.N > 1 {
		rows = append(rows, kvRow{Key: "shard", Text: fmt.Sprintf("%d of %d", m.Shard.K, m.Shard.N)})
	}
	version := strings.TrimSpace(m.Tool + " " + m.Version)
	if m.Revision != "" {
		version += ", revision " + m.Revision
	}
	rows = append(rows, kvRow{Key: "version", Text: version})
	if m.StartedAt != "" {
		rows = append(rows, kvRow{Key: "started", Text: m.StartedAt})
	}
	if m.ElapsedSeconds > 0 {
		rows = append(rows, kvRow{Key: "elapsed", Text: formatSeconds(m.ElapsedSeconds)})
	}
	if len(m.Command) > 0 {
		rows = append(rows, kvRow{Key: "command", Code: shellQuote(m.Command)})
	}
	if len(m.MergedFrom) > 0 {
		rows = append(rows, kvRow{Key: "merged from", Codes: m.MergedFrom})
	}
	return rows
}

// baseText writes the base run's settings as name=value.
func baseText(b *resultfile.SweepBase, players []string) []string {
	out := []string{"players=" + strings.Join(players, ","), "seed=" + strconv.FormatUint(b.Seed, 10), "characters=" + b.Characters}
	if b.FixedSeats {
		out = append(out, "fixed-seats=true")
	}
	return out
}

// WriteHTML writes report.html for the sweep: one self-contained page, as for a run.
func (r *SweepReport) WriteHTML(w io.Writer) error {
	figs, face, err := inlineFigures(r.figures)
	if err != nil {
		return err
	}
	m := &r.s.Manifest
	z := ZFor(Confidence)
	pg := &htmlPage{
		Title:    fmt.Sprintf("bangsim sweep: %s game, %s, %d cells", m.Game, m.File, len(m.Cells)),
		Heading:  fmt.Sprintf("Sweep %s: %s game, %d cells", m.File, m.Game, len(m.Cells)),
		Lede:     sweepCaption(r.s),
		Warnings: r.warnings(),
		FontFace: template.CSS(face),
		Footer: "Written by bangsim report from sweep.json and the cells' tally.json. The table of rows is sweep.csv, recomputed from the tallies " +
			"as bangsim sweep writes it; the charts are those of bangsim plot.",
	}
	manifest := htmlSection{ID: "sweep", Title: "Sweep", Manifest: r.manifest()}
	cells := htmlSection{ID: "cells", Title: "Results by cell",
		Intro: []string{"Each cell's win rate by role, one panel per player count: every dot is one cell's role at one player count, with its 95% interval. " +
			"The table lists every cell of the sweep: the value of each axis, what was played of it, and each role's win rate at each player count with its interval " +
			"(– : not complete, or the role not dealt).",
			"The cells play the same game seeds, so two cells' games are correlated (common random numbers): their difference is known better than the two intervals suggest. " +
				"The intervals are each cell's own; nothing here adds cells up."}}
	cells.Blocks = []htmlBlock{{Figure: &figs[0]}}
	ct := tableHTML("t-cells", "The cells of sweep.json and their win rates", "", r.cellsTable(), true)
	ct.Filter = true
	cells.Blocks = append(cells.Blocks, htmlBlock{Table: ct})
	axes := htmlSection{ID: "axes", Title: "Along each axis",
		Intro: []string{"For each axis, a chart of each role's win rate at each of its values, one panel per player count and combination of the other axes' values, " +
			"so that every point is one cell at one player count; the table under it holds the chart's numbers, a row per panel and role, a column per value."}}
	for a, ax := range m.Axes {
		axes.Blocks = append(axes.Blocks, htmlBlock{Figure: &figs[1+a]})
		t := tableHTML("t-axis-"+ax.Column, "Win rate by role along "+ax.Name+", by player count", "", sweepAxisTable(r.s, a, z), true)
		t.Collapsed = fmt.Sprintf("Table: %s, %d rows", ax.Name, len(t.Rows))
		axes.Blocks = append(axes.Blocks, htmlBlock{Table: t})
	}
	roles, _ := SweepTables(m, r.s.Cells, z)
	rows := htmlSection{ID: "rows", Title: "sweep.csv", Intro: []string{"One row per cell, player count and role, every axis a column: the file a spreadsheet, pandas or DuckDB reads."}}
	rt := tableHTML("t-sweep", "sweep.csv: win rate by cell, player count and role", resultfile.SweepRolesFile, roles, true)
	rt.Filter = true
	rt.Collapsed = fmt.Sprintf("Table: sweep.csv, %d rows", len(rt.Rows))
	rows.Blocks = []htmlBlock{{Table: rt}}
	pg.Sections = []htmlSection{manifest, cells, axes, rows, methodSection("")}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, pg); err != nil {
		return err
	}
	_, err = w.Write(b.Bytes())
	return err
}

// WriteMarkdown writes summary.md for the sweep: the manifest in a few lines, each
// cell's win rates, and for each axis the win rates along it by player count and
// combination of the other axes' values, each with its interval.
func (r *SweepReport) WriteMarkdown(w io.Writer) error {
	var b bytes.Buffer
	m := &r.s.Manifest
	z := ZFor(Confidence)
	fmt.Fprintf(&b, "## bangsim sweep: %s game, %s, %d cells\n\n", m.Game, mdCode(m.File), len(m.Cells))
	if ws := r.warnings(); len(ws) > 0 {
		mdWarning(&b, ws...)
	}
	for _, a := range m.Axes {
		vals := make([]string, len(a.Values))
		for i, v := range a.Values {
			vals[i] = mdCode(sweepLabel(v))
		}
		fmt.Fprintf(&b, "- **%s**: %s\n", a.Name, strings.Join(vals, " "))
	}
	fmt.Fprintf(&b, "- **Games**: %s of %s (%s per player count and cell)\n", groupDigits(m.GamesPlayed), groupDigits(m.GamesPlanned), groupDigits(m.Base.GamesPerCount))
	fmt.Fprintf(&b, "- **Version**: %s\n\n", strings.TrimSpace(m.Tool+" "+m.Version))
	b.WriteString("### Cells\n\n")
	mdTableOf(r.cellsTable()).write(&b)
	for a, ax := range m.Axes {
		fmt.Fprintf(&b, "### Along %s\n\n", ax.Name)
		mdTableOf(sweepAxisTable(r.s, a, z)).write(&b)
	}
	fmt.Fprintf(&b, "Win rate of each role in each cell at each player count, with %.0f%% cluster-robust Wilson intervals; nothing is pooled. "+
		"The cells share game seeds, so a difference between two of them is known better than their two intervals suggest.\n", 100*Confidence)
	_, err := w.Write(b.Bytes())
	return err
}

// mdTableOf is t as a Markdown table, the columns whose cells all start with a digit
// (or are "–") right-aligned.
func mdTableOf(t Table) *mdTable {
	md := &mdTable{Header: t.Header, Rows: t.Rows, Right: make([]bool, len(t.Header))}
	for j := range t.Header {
		right := len(t.Rows) > 0
		for _, row := range t.Rows {
			c := row[j]
			right = right && (c == "–" || (c != "" && (c[0] >= '0' && c[0] <= '9' || c[0] == '-')))
		}
		md.Right[j] = right
	}
	return md
}
