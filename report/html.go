package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// WriteHTML writes report.html: one self-contained page that opens offline in any
// browser. It holds the manifest (run.json or compare.json), every chart of `bangsim
// plot` as inline SVG, and the tables of the CSV files with the same cells; its CSS and
// its one small script (sortable columns, a row filter) are inline, and it refers to no
// URL. Every chart's SVG embeds the same font: the page carries it once, in its own
// style sheet, and the charts and the text use it. The same report gives the same bytes.
func (r *Report) WriteHTML(w io.Writer) error {
	pg, err := r.htmlPage()
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := pageTemplate.Execute(&b, pg); err != nil {
		return err
	}
	_, err = w.Write(b.Bytes())
	return err
}

// htmlPage is what the page template shows.
type htmlPage struct {
	Title, Heading, Lede string
	Warnings             []string
	FontFace             template.CSS
	Sections             []htmlSection
	Footer               string
}

// htmlSection is one section of the page: a heading, paragraphs, then figures and
// tables in order.
type htmlSection struct {
	ID, Title string
	Intro     []string
	Manifest  []kvRow
	Blocks    []htmlBlock
}

// htmlBlock is a figure or a table.
type htmlBlock struct {
	Figure *htmlFigure
	Table  *htmlTable
}

// htmlFigure is one chart, its SVG inline.
type htmlFigure struct {
	Name, Shows string
	SVG         template.HTML
}

// htmlTable is a table; Source names the CSV file whose rows it holds.
type htmlTable struct {
	ID, Caption, Source, Note string
	Header                    []htmlCell
	Rows                      []htmlRow
	Sortable, Filter          bool
	Collapsed                 string       // the summary line when the table is folded in <details>
	Download                  template.URL // a data: URL of a file's raw bytes, linked from the caption
	DownloadAs                string       // that file's name
}

// htmlRow is one table row; Class marks it (sig: a significant difference).
type htmlRow struct {
	Class string
	Cells []htmlCell
}

// htmlCell is one cell; Num right-aligns it.
type htmlCell struct {
	Text string
	Num  bool
	// Value is the CSV file's text of a cell shown formatted (Text "36.0%", Value
	// "0.360000"); "" when Text is the file's text.
	Value string
}

// kvRow is one line of a manifest: a plain value, a code value, or a list of codes.
type kvRow struct {
	Key, Text, Code string
	Codes           []string
}

// htmlPage builds the page of a run or a comparison.
func (r *Report) htmlPage() (*htmlPage, error) {
	figs, face, err := inlineFigures(r.figures)
	if err != nil {
		return nil, err
	}
	var pg *htmlPage
	if r.cmp != nil {
		pg = r.compareHTML(figs)
	} else {
		pg = r.runHTML(figs)
	}
	pg.FontFace = template.CSS(face)
	return pg, nil
}

// runHTML lays out a run or merge directory's page.
func (r *Report) runHTML(figs []htmlFigure) *htmlPage {
	run, cs := r.run, r.counts
	z := ZFor(Confidence)
	cmd := "run"
	if len(run.MergedFrom) > 0 {
		cmd = "merge"
	}
	pg := &htmlPage{
		Title:   fmt.Sprintf("bangsim %s: %s game, seed %d, %s", cmd, r.set.Game, r.set.Seed, playersPhrase(cs)),
		Heading: fmt.Sprintf("%s game, seed %d, %s", r.set.Game, r.set.Seed, playersPhrase(cs)),
		Lede:    runLede(run, r.set, cs),
		Footer: "Written by bangsim report from run.json and tally.json. The tables hold the rows of roles.csv, characters.csv, seats.csv " +
			"and events.csv, recomputed from tally.json as bangsim writes them; the charts are those of bangsim plot.",
	}
	if hasLengths(cs) {
		pg.Footer = strings.Replace(pg.Footer, "seats.csv and events.csv", "seats.csv, events.csv and turns.csv", 1)
	}
	pg.Warnings = r.runWarnings()
	byName := func(prefix string, exact bool) []htmlBlock {
		var out []htmlBlock
		for i := range figs {
			if (exact && figs[i].Name == prefix) || (!exact && strings.HasPrefix(figs[i].Name, prefix)) {
				out = append(out, htmlBlock{Figure: &figs[i]})
			}
		}
		return out
	}
	manifest := htmlSection{ID: "run", Title: "Run", Manifest: r.runManifest()}
	manifest.Blocks = append(manifest.Blocks, htmlBlock{Table: r.countsTable()})

	roles := htmlSection{ID: "roles", Title: "Win rate by role",
		Intro: []string{"Each role dealt at each player count. games counts player-games (two Outlaws add two a game), wins the seats of the role that won; " +
			"win_rate with its 95% cluster-robust Wilson interval (ci_low, ci_high); distinct_games and n_eff say how much the row knows."}}
	roles.Blocks = append(byName("plot-roles", true), htmlBlock{Table: tableHTML("t-roles", "roles.csv: win rate by role and player count", resultfile.RolesFile,
		RolesTable(cs, z), true)})

	seats := htmlSection{ID: "seats", Title: "Win rate by seat",
		Intro: []string{"Seat s plays s places clockwise from seat 0, who starts and is always dealt the Sheriff (the Deputy in a 3-player dice game); the other seats' roles are dealt at random, " +
			"so seats 1…n−1 against their mean (the chart) show the advantage of playing early or late, and the table gives every seat's win rate."}}
	seats.Blocks = append(byName("plot-seats", true), htmlBlock{Table: tableHTML("t-seats", "seats.csv: win rate by seat and player count", resultfile.SeatsFile,
		SeatsTable(cs, z), true)})

	chars := htmlSection{ID: "characters", Title: "Characters",
		Intro: []string{"Each character in each role it was dealt, and over every role (role all); cells that never occurred are left out."}}
	chars.Blocks = byName("plot-characters", false)
	ct := tableHTML("t-characters", "characters.csv: win rate by character, role and player count", resultfile.CharactersFile, CharactersTable(cs, z), true)
	ct.Filter = true
	ct.Collapsed = fmt.Sprintf("Table: characters.csv, %d rows", len(ct.Rows))
	chars.Blocks = append(chars.Blocks, htmlBlock{Table: ct})

	events := htmlSection{ID: "events", Title: "Game length and events"}
	events.Blocks = byName("plot-turns", true)
	if hasLengths(cs) {
		events.Intro = append(events.Intro, "Game length in turns by player count: the mean, the 10th, 50th (median) and 90th percentiles (the length of the game "+
			"that many percent of the games are no longer than) and the longest game; turns.csv has the games at every length.")
		events.Blocks = append(events.Blocks, htmlBlock{Table: tableHTML("t-lengths", "Game length in turns by player count", "", LengthsTable(cs), false)})
		tt := tableHTML("t-turns", "turns.csv: games by length in turns and player count", resultfile.TurnsFile, TurnsTable(cs), true)
		tt.Filter = true
		tt.Collapsed = fmt.Sprintf("Table: turns.csv, %d rows", len(tt.Rows))
		events.Blocks = append(events.Blocks, htmlBlock{Table: tt})
	} else {
		events.Intro = append(events.Intro, "There is "+NoLengths+" (tally.json schema "+resultfile.TallySchema2+", written before bangsim counted the "+
			"games by length): the chart and the table give the mean turns a game only.")
	}
	if rt := EventRatesTable(cs); len(rt.Rows) > 0 {
		events.Intro = append(events.Intro, "The game's own counters as rates: each event's count per game and per turn at each player count, "+
			"so that tables of different sizes and lengths compare; events.csv below holds the totals.")
		events.Blocks = append(events.Blocks, htmlBlock{Table: tableHTML("t-event-rates", "Events per game and per turn by player count", "", rt, true)})
	}
	events.Intro = append(events.Intro, "events.csv turned on its side: one column per player count, one row per column of the file (the game's own counters between mean_turns "+
		"and the sides' wins, which add up to games with the draws). Every row but mean_turns is a sum over games.")
	et := transposedHTML("t-events", "events.csv, transposed", resultfile.EventsFile, EventsTable(cs))
	et.Collapsed = fmt.Sprintf("Table: events.csv (totals), %d rows", len(et.Rows))
	events.Blocks = append(events.Blocks, htmlBlock{Table: et})

	pg.Sections = []htmlSection{manifest, roles, seats, chars, events}
	if bal, ok := r.balanceSection(byName("plot-balance-", false)); ok {
		pg.Sections = append(pg.Sections, bal)
		pg.Footer += " The Balance section holds balance.csv's rows and balance.md's tuning as bangsim balance wrote them, its tests and seats recomputed from tally.json."
	}
	pg.Sections = append(pg.Sections, methodSection(""))
	return pg
}

// runLede is the line under a run's heading: runCaption without the game and the
// seed, which the heading names.
func runLede(run *resultfile.Run, set *resultfile.TallySet, cs []resultfile.CountTally) string {
	parts := strings.Split(runCaption(run, set, cs), " · ")
	if len(parts) > 2 {
		parts = parts[2:]
	}
	return strings.Join(parts, " · ")
}

// runWarnings are the banners of a run's page: a partial run, missing games of a
// merge, replaced bot choices.
func (r *Report) runWarnings() []string {
	var w []string
	run := r.run
	if run.Partial {
		w = append(w, fmt.Sprintf("Partial results: %s of %s planned games were played (the run was interrupted); rates and intervals cover the games played.",
			groupDigits(run.GamesPlayed), groupDigits(run.GamesPlanned)))
	}
	if len(run.Missing) > 0 {
		w = append(w, "This merge lacks games: "+strings.Join(run.Missing, "; ")+".")
	}
	if c := cheatWarning(runBots(r.set)...); c != "" {
		w = append(w, c)
	}
	var illegal uint64
	for i := range r.counts {
		illegal += r.counts[i].Tally.Illegal
	}
	if illegal > 0 {
		w = append(w, fmt.Sprintf("The engine replaced %s illegal bot choices (events.csv, illegal_choices).", groupDigits(illegal)))
	}
	return w
}

// runManifest is run.json in a few lines.
func (r *Report) runManifest() []kvRow {
	run, set := r.run, r.set
	var players []string
	for _, c := range r.counts {
		players = append(players, strconv.Itoa(c.Players))
	}
	var played, planned uint64
	for _, c := range r.counts {
		played += c.Games
	}
	planned = run.GamesPlanned
	games := groupDigits(played) + " games played"
	if planned > 0 {
		games = fmt.Sprintf("%s of %s planned games played", groupDigits(played), groupDigits(planned))
	}
	if run.GamesPerCount > 0 {
		games += fmt.Sprintf(" (--games %s per player count)", groupDigits(run.GamesPerCount))
	}
	status := "complete"
	if run.Partial {
		status = "PARTIAL (interrupted)"
	}
	rows := []kvRow{
		{Key: "game", Code: set.Game},
		{Key: "seed", Code: strconv.FormatUint(set.Seed, 10)},
		{Key: "players", Text: strings.Join(players, ", ")},
		{Key: "games", Text: games},
		{Key: "status", Text: status},
	}
	if run.Shard.N > 1 {
		rows = append(rows, kvRow{Key: "shard", Text: fmt.Sprintf("%d of %d", run.Shard.K, run.Shard.N)})
	}
	rows = append(rows,
		kvRow{Key: "bots", Text: r.policyText()},
		kvRow{Key: "rules", Codes: settingsText(r.rules())},
	)
	version := strings.TrimSpace(run.Tool + " " + cmp0(run.Version, set.Version))
	if run.Revision != "" {
		version += ", revision " + run.Revision
	}
	if run.GoVersion != "" {
		version += ", " + run.GoVersion
	}
	rows = append(rows, kvRow{Key: "version", Text: version})
	if run.StartedAt != "" {
		rows = append(rows, kvRow{Key: "started", Text: run.StartedAt})
	}
	if run.ElapsedSeconds > 0 || run.Workers > 0 {
		rows = append(rows, kvRow{Key: "timing", Text: fmt.Sprintf("%s, %s, %d workers", formatSeconds(run.ElapsedSeconds),
			formatRatePerSecond(run.GamesPerSecond), run.Workers)})
	}
	conf := run.Confidence
	if conf == 0 {
		conf = Confidence
	}
	rows = append(rows, kvRow{Key: "intervals", Text: fmt.Sprintf("%g%% cluster-robust Wilson (a game is a cluster)", 100*conf)})
	if len(run.Command) > 0 {
		rows = append(rows, kvRow{Key: "command", Code: shellQuote(run.Command)})
	}
	if run.Out != "" {
		rows = append(rows, kvRow{Key: "out", Code: run.Out})
	}
	if len(run.MergedFrom) > 0 {
		rows = append(rows, kvRow{Key: "merged from", Codes: run.MergedFrom})
	}
	if len(run.Missing) > 0 {
		rows = append(rows, kvRow{Key: "missing", Codes: run.Missing})
	}
	return rows
}

// cmp0 returns a, or b when a is empty.
func cmp0(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// countsTable is run.json's counts: each player count's games and timing.
func (r *Report) countsTable() *htmlTable {
	t := Table{Header: []string{"players", "first game", "planned", "played", "partial", "elapsed", "games/s"}}
	for _, c := range r.counts {
		planned, partial, elapsed, rate := "–", "–", "–", "–"
		for _, rc := range r.run.Counts {
			if rc.Players == c.Players {
				planned, partial = groupDigits(rc.Planned), strconv.FormatBool(rc.Partial)
				elapsed = formatSeconds(rc.ElapsedSeconds)
				if rc.GamesPerSecond > 0 {
					rate = groupDigits(uint64(rc.GamesPerSecond + 0.5))
				}
			}
		}
		t.Rows = append(t.Rows, []string{strconv.Itoa(c.Players), groupDigits(c.FirstGame), planned, groupDigits(c.Games), partial, elapsed, rate})
	}
	return tableHTML("t-counts", "Games by player count (run.json counts)", "", t, false)
}

// compareHTML lays out a compare directory's page.
func (r *Report) compareHTML(figs []htmlFigure) *htmlPage {
	rec := r.cmp
	pg := &htmlPage{
		Title:   fmt.Sprintf("bangsim compare: %s game, %d players, seed %d", rec.Game, rec.Players, rec.Seed),
		Heading: fmt.Sprintf("Comparison: %s against %s, %s game, %d players, seed %d", strings.Join(r.challengers(), ", "), rec.Reference, rec.Game, rec.Players, rec.Seed),
		Lede:    fmt.Sprintf("%s game indices, %s games in all; significance: Holm-adjusted p < %g over all %d differences.", groupDigits(rec.GamesPlayed), groupDigits(rec.TablesPlayed), rec.Alpha, len(r.diffRows)),
		Footer:  "Written by bangsim report from compare.json, compare.csv and compare-diff.csv; the table cells are those of the files, the chart that of bangsim plot.",
	}
	if rec.Partial {
		pg.Warnings = append(pg.Warnings, fmt.Sprintf("Partial results: %s of %s planned game indices were played (the comparison was interrupted).",
			groupDigits(rec.GamesPlayed), groupDigits(rec.GamesPlanned)))
	}
	if rec.Illegal > 0 {
		pg.Warnings = append(pg.Warnings, fmt.Sprintf("The engine replaced %s illegal bot choices.", groupDigits(rec.Illegal)))
	}
	if c := cheatWarning(compareBots(rec)...); c != "" {
		pg.Warnings = append(pg.Warnings, c)
	}
	manifest := htmlSection{ID: "run", Title: "Comparison", Manifest: r.compareManifest()}

	diffs := htmlSection{ID: "differences", Title: "Paired differences from " + rec.Reference,
		Intro: []string{"Each policy's wins minus the reference's at the same seats with " + sameLuck(rec) + " (mean_diff, in percentage points; the file holds it as a probability, 0.031 for 3.1 points), " +
			"its 95% cluster-robust interval, the difference in standard errors (z), the two-sided p-value and the Holm-adjusted p-value over every row; " +
			"significant rows are in bold."}}
	for i := range figs {
		diffs.Blocks = append(diffs.Blocks, htmlBlock{Figure: &figs[i]})
	}
	dt := tableHTML("t-diffs", "compare-diff.csv: paired difference from "+rec.Reference, resultfile.CompareDiffFile, r.diffs, true)
	if k := r.diffs.columnIndex("significant"); k >= 0 {
		for i := range dt.Rows {
			if r.diffs.Rows[i][k] == "true" {
				dt.Rows[i].Class = "sig"
			}
		}
	}
	diffs.Blocks = append(diffs.Blocks, htmlBlock{Table: dt})
	pg.Sections = []htmlSection{manifest, diffs}
	if len(r.rates.Header) > 0 {
		rates := htmlSection{ID: "rates", Title: "Win rate at the seat each policy played",
			Intro: []string{"Each policy at the seats it played, the reference at every other seat; distinct_games counts game indices."}}
		rates.Blocks = []htmlBlock{{Table: tableHTML("t-rates", "compare.csv: win rate by policy and role", resultfile.CompareFile, r.rates, true)}}
		pg.Sections = append(pg.Sections, rates)
	}
	pg.Sections = append(pg.Sections, methodSection(sameLuck(rec)))
	return pg
}

// challengers are the compared policies other than the reference.
func (r *Report) challengers() []string {
	var out []string
	for _, p := range r.cmp.Policies {
		if p != r.cmp.Reference && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		out = append(out, r.cmp.Reference)
	}
	return out
}

// compareManifest is compare.json in a few lines.
func (r *Report) compareManifest() []kvRow {
	rec := r.cmp
	status := "complete"
	if rec.Partial {
		status = "PARTIAL (interrupted)"
	}
	pol := make([]string, len(rec.Policies))
	for i, p := range rec.Policies {
		pol[i] = p
		if i < len(rec.Specs) && rec.Specs[i] != p {
			pol[i] += " = " + rec.Specs[i]
		}
	}
	rows := []kvRow{
		{Key: "game", Code: rec.Game},
		{Key: "seed", Code: strconv.FormatUint(rec.Seed, 10)},
		{Key: "players", Text: strconv.Itoa(rec.Players)},
		{Key: "policies", Codes: pol},
		{Key: "reference", Code: rec.Reference},
		{Key: "game indices", Text: fmt.Sprintf("%s of %s planned; %d games an index, %s games in all", groupDigits(rec.GamesPlayed),
			groupDigits(rec.GamesPlanned), rec.GamesPerIndex, groupDigits(rec.TablesPlayed))},
		{Key: "status", Text: status},
		{Key: "rules", Codes: settingsText(rec.Rules)},
		{Key: "significance", Text: fmt.Sprintf("alpha %g, %s adjustment over all %d differences", rec.Alpha, cmp0(rec.Adjustment, "holm"), len(r.diffRows))},
	}
	version := strings.TrimSpace(rec.Tool + " " + rec.Version)
	if rec.Revision != "" {
		version += ", revision " + rec.Revision
	}
	if rec.GoVersion != "" {
		version += ", " + rec.GoVersion
	}
	rows = append(rows, kvRow{Key: "version", Text: version})
	if rec.StartedAt != "" {
		rows = append(rows, kvRow{Key: "started", Text: rec.StartedAt})
	}
	if rec.ElapsedSeconds > 0 || rec.Workers > 0 {
		rows = append(rows, kvRow{Key: "timing", Text: fmt.Sprintf("%s, %s, %d workers", formatSeconds(rec.ElapsedSeconds),
			formatRatePerSecond(rec.GamesPerSecond), rec.Workers)})
	}
	if rec.Design != "" {
		rows = append(rows, kvRow{Key: "design", Text: rec.Design})
	}
	if len(rec.Command) > 0 {
		rows = append(rows, kvRow{Key: "command", Code: shellQuote(rec.Command)})
	}
	if rec.Out != "" {
		rows = append(rows, kvRow{Key: "out", Code: rec.Out})
	}
	return rows
}

// methodSection says how to read the numbers; luck is what a comparison's paired
// games share (sameLuck), "" for a run.
func methodSection(luck string) htmlSection {
	s := htmlSection{ID: "method", Title: "How to read the numbers"}
	s.Intro = []string{
		"Rates are shares of seats: wins / games, where games counts player-games. The seats of one game are not independent (a team wins or loses together), " +
			"so every interval is a 95% Wilson interval on the effective sample size n_eff of a cluster-robust variance that takes the game as the cluster; " +
			"n_eff, not games, says how much a row knows. docs/statistics.md gives the method.",
		"Click a column heading to sort a table (numbers by value); the scripts are optional and every number is in the page's text.",
	}
	if luck != "" {
		s.Intro[0] = "A paired difference compares a policy and the reference at the same seat of the same game index, with " + luck + "; its interval is a " +
			"cluster-robust normal interval with the game index as the cluster. Holm's adjustment over every row keeps the chance of calling any true zero " +
			"difference significant at most alpha. docs/statistics.md gives the method."
	}
	return s
}

// tableHTML turns a table into the page's form, numeric columns right-aligned.
func tableHTML(id, caption, source string, t Table, sortable bool) *htmlTable {
	h := &htmlTable{ID: id, Caption: caption, Source: source, Sortable: sortable}
	num := numericColumns(t)
	for j, name := range t.Header {
		h.Header = append(h.Header, htmlCell{Text: name, Num: num[j]})
	}
	for _, row := range t.Rows {
		hr := htmlRow{}
		for j, c := range row {
			cell := htmlCell{Text: c, Num: j < len(num) && num[j]}
			if f := FormatCell(t.Header, row, j); f != c {
				cell.Text, cell.Value = f, c
			}
			hr.Cells = append(hr.Cells, cell)
		}
		h.Rows = append(h.Rows, hr)
	}
	return h
}

// transposedHTML turns a table on its side: the first column's values head the
// columns, and each other column of the file is a row.
func transposedHTML(id, caption, source string, t Table) *htmlTable {
	h := &htmlTable{ID: id, Caption: caption, Source: source, Note: "transposed"}
	if len(t.Header) == 0 {
		return h
	}
	h.Header = append(h.Header, htmlCell{Text: t.Header[0]})
	for _, row := range t.Rows {
		h.Header = append(h.Header, htmlCell{Text: row[0], Num: true})
	}
	for j := 1; j < len(t.Header); j++ {
		hr := htmlRow{Cells: []htmlCell{{Text: t.Header[j]}}}
		for _, row := range t.Rows {
			hr.Cells = append(hr.Cells, htmlCell{Text: row[j], Num: true})
		}
		h.Rows = append(h.Rows, hr)
	}
	return h
}

// numericColumns reports, per column, whether every non-empty cell is a number.
func numericColumns(t Table) []bool {
	num := make([]bool, len(t.Header))
	for j := range num {
		num[j] = len(t.Rows) > 0
		for _, row := range t.Rows {
			// "1000+" is a length at the cap: a number too.
			if j < len(row) && row[j] != "" && row[j] != "–" && !isNumeric(strings.TrimSuffix(strings.ReplaceAll(row[j], ",", ""), "+")) &&
				!strings.HasSuffix(row[j], " s") {
				num[j] = false
				break
			}
		}
	}
	return num
}

// SVG pieces that do not belong inline in an HTML page, and the embedded font.
var (
	svgProlog  = regexp.MustCompile(`^(?:\s*<\?xml[^>]*\?>|\s*<!--.*?-->)*\s*`)
	svgFontDef = regexp.MustCompile(`(?s)<defs>\s*<style>\s*(@font-face\s*\{[^}]*\})\s*</style>\s*</defs>\s*`)
	svgOpen    = regexp.MustCompile(`^<svg\s`)
)

// minTextPx is the smallest height, in CSS pixels, the page lets a chart's text (its
// notes, ticks and the labels in its bars and cells) shrink to.
const minTextPx = 11

// inlineFigures draws every figure as SVG for the page: without the XML prolog, and
// without its @font-face rule, which the page carries once for all of them. It returns
// the figures and the distinct font rules in the order first met.
func inlineFigures(figs []Figure) ([]htmlFigure, string, error) {
	var out []htmlFigure
	var faces []string
	for i := range figs {
		var b bytes.Buffer
		if err := figs[i].write(&b, "svg"); err != nil {
			return nil, "", err
		}
		svg := svgProlog.ReplaceAllString(b.String(), "")
		if m := svgFontDef.FindStringSubmatch(svg); m != nil {
			if !slices.Contains(faces, m[1]) {
				faces = append(faces, m[1])
			}
			svg = svgFontDef.ReplaceAllLiteralString(svg, "")
		}
		if !svgOpen.MatchString(svg) {
			return nil, "", fmt.Errorf("plot %s: the SVG does not start with <svg", figs[i].Name)
		}
		label := template.HTMLEscapeString(figs[i].Shows)
		// The page may shrink a chart to its column, but not below the width at which
		// its smallest text is minTextPx high: narrower, the figure scrolls instead.
		minW := math.Ceil(float64(figs[i].Width) * minTextPx / minTextSize)
		svg = svgOpen.ReplaceAllLiteralString(svg, fmt.Sprintf(`<svg role="img" aria-label="%s" style="min-width:%.0fpx" `, label, minW))
		out = append(out, htmlFigure{Name: figs[i].Name, Shows: figs[i].Shows, SVG: template.HTML(strings.TrimSpace(svg))})
	}
	return out, strings.Join(faces, "\n"), nil
}

// pageTemplate is the page; its CSS and script are part of it, so that it needs
// nothing else to show.
var pageTemplate = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>
{{.FontFace}}
:root { color-scheme: light; --fg: #1b1b1b; --muted: #555; --line: #ddd; --head: #f2f1ec; --accent: #9c3d10; }
* { box-sizing: border-box; }
body { margin: 0; background: #fff; color: var(--fg); font: 15px/1.45 "Liberation Sans", Arial, Helvetica, sans-serif; }
header, nav, main, footer { max-width: 1020px; margin: 0 auto; padding: 0 20px; }
header { padding-top: 22px; }
h1 { font-size: 1.6rem; margin: 0 0 .3rem; }
h1 small { display: block; font-size: .8rem; font-weight: normal; color: var(--muted); letter-spacing: .05em; text-transform: uppercase; }
h2 { font-size: 1.3rem; margin: 2.2rem 0 .6rem; padding-bottom: .2rem; border-bottom: 2px solid var(--accent); }
p { max-width: 48rem; }
.lede { color: var(--muted); margin: 0 0 .8rem; }
.warning { max-width: none; background: #fff4e0; border-left: 5px solid #e69f00; padding: .55rem .8rem; font-weight: bold; }
nav ol { display: flex; flex-wrap: wrap; gap: .2rem 1.3rem; list-style: none; margin: .6rem 0 0; padding: .5rem 0; border-top: 1px solid var(--line); border-bottom: 1px solid var(--line); }
a { color: var(--accent); }
figure.plot { margin: 1rem 0 1.5rem; overflow-x: auto; }
figure.plot svg { display: block; max-width: 100%; height: auto; }
figcaption { color: var(--muted); font-size: .88rem; margin-top: .25rem; }
.table-wrap { overflow-x: auto; margin: .5rem 0 1.4rem; }
table { border-collapse: collapse; font-size: .86rem; }
caption { caption-side: top; text-align: left; font-weight: bold; padding: .3rem 0; white-space: nowrap; }
th, td { padding: .2rem .6rem; border-bottom: 1px solid var(--line); text-align: left; white-space: nowrap; }
thead th { background: var(--head); border-bottom: 2px solid #c9c7bd; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
tbody tr:hover { background: #f8f7f2; }
tr.sig td { font-weight: bold; }
table.sortable thead th { cursor: pointer; user-select: none; }
table.sortable thead th[aria-sort=ascending]::after { content: " \25B2"; font-size: .7em; }
table.sortable thead th[aria-sort=descending]::after { content: " \25BC"; font-size: .7em; }
table.kv { font-size: .9rem; }
table.kv th { width: 9.5rem; vertical-align: top; color: var(--muted); font-weight: normal; }
table.kv td { white-space: normal; }
code { font-family: "Liberation Mono", Menlo, Consolas, monospace; font-size: .86em; background: var(--head); padding: 0 .25em; border-radius: 3px; overflow-wrap: anywhere; }
ul.codes { display: flex; flex-wrap: wrap; gap: .2rem .45rem; list-style: none; margin: 0; padding: 0; }
details { margin: .5rem 0 1.4rem; }
summary { cursor: pointer; font-weight: bold; }
input.filter { margin: .6rem 0 0; padding: .3rem .5rem; width: 22rem; max-width: 100%; font: inherit; border: 1px solid #bbb; border-radius: 4px; }
footer { margin-top: 3rem; padding-top: .8rem; padding-bottom: 2rem; border-top: 1px solid var(--line); color: var(--muted); font-size: .85rem; }
@media print { nav, input.filter { display: none; } h2 { break-after: avoid; } figure.plot { break-inside: avoid; } }
</style>
</head>
<body>
<header>
<h1><small>bangsim report</small>{{.Heading}}</h1>
<p class="lede">{{.Lede}}</p>
{{range .Warnings}}<p class="warning" role="alert">{{.}}</p>
{{end}}</header>
<nav aria-label="Contents"><ol>
{{range .Sections}}<li><a href="#{{.ID}}">{{.Title}}</a></li>
{{end}}</ol></nav>
<main>
{{range .Sections}}<section id="{{.ID}}">
<h2>{{.Title}}</h2>
{{range .Intro}}<p>{{.}}</p>
{{end}}{{if .Manifest}}<div class="table-wrap"><table class="kv" id="manifest"><tbody>
{{range .Manifest}}<tr><th scope="row">{{.Key}}</th><td>{{if .Codes}}<ul class="codes">{{range .Codes}}<li><code>{{.}}</code></li>{{end}}</ul>{{else if .Code}}<code>{{.Code}}</code>{{else}}{{.Text}}{{end}}</td></tr>
{{end}}</tbody></table></div>
{{end}}{{range .Blocks}}{{if .Figure}}<figure class="plot" id="{{.Figure.Name}}">
{{.Figure.SVG}}
<figcaption>{{.Figure.Name}}: {{.Figure.Shows}}</figcaption>
</figure>
{{else}}{{template "table" .Table}}{{end}}{{end}}</section>
{{end}}</main>
<footer><p>{{.Footer}}</p></footer>
<script>
(function () {
  "use strict";
  function text(cell) { return cell ? cell.textContent.trim() : ""; }
  // key is a cell's number: the file's value where the page shows it formatted, else
  // the text read as the page writes numbers ("20,000", "36.0%", "< 0.001", "1000+").
  function key(cell) {
    var v = cell && cell.getAttribute("data-value");
    if (v !== null && v !== "") { return parseFloat(v); }
    var t = text(cell).replace(/,/g, "").replace(/^[<>]\s*/, "").replace(/\u2212/g, "-");
    var n = parseFloat(t);
    return /%$/.test(t) ? n / 100 : n;
  }
  function sortBy(table, col, th) {
    var asc = th.getAttribute("aria-sort") !== "ascending";
    var heads = table.tHead.rows[0].cells;
    for (var i = 0; i < heads.length; i++) { heads[i].removeAttribute("aria-sort"); }
    th.setAttribute("aria-sort", asc ? "ascending" : "descending");
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = text(a.cells[col]), y = text(b.cells[col]);
      var p = key(a.cells[col]), q = key(b.cells[col]);
      var d = (isNaN(p) || isNaN(q)) ? x.localeCompare(y) : p - q;
      return asc ? d : -d;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }
  document.querySelectorAll("table.sortable").forEach(function (table) {
    Array.prototype.forEach.call(table.tHead.rows[0].cells, function (th, col) {
      th.tabIndex = 0;
      th.title = "Sort by " + text(th);
      th.addEventListener("click", function () { sortBy(table, col, th); });
      th.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sortBy(table, col, th); }
      });
    });
  });
  document.querySelectorAll("input.filter").forEach(function (input) {
    var table = document.getElementById(input.getAttribute("data-table"));
    input.addEventListener("input", function () {
      var terms = input.value.toLowerCase().split(" ").filter(function (s) { return s !== ""; });
      Array.prototype.forEach.call(table.tBodies[0].rows, function (row) {
        var t = row.textContent.toLowerCase();
        row.hidden = !terms.every(function (s) { return t.indexOf(s) >= 0; });
      });
    });
  });
})();
</script>
</body>
</html>
{{define "table"}}{{if .Collapsed}}<details>
<summary>{{.Collapsed}}</summary>
{{end}}{{if .Filter}}<input type="search" class="filter" data-table="{{.ID}}" placeholder="Filter rows: e.g. Sheriff 5" aria-label="Filter the rows of {{or .Source .Caption}}">
{{end}}<div class="table-wrap">
<table id="{{.ID}}"{{if .Sortable}} class="sortable"{{end}}{{if .Source}} data-source="{{.Source}}"{{end}}{{if .Note}} data-layout="{{.Note}}"{{end}}>
<caption>{{.Caption}}{{if .Source}} <a class="csv" href="{{.Source}}" download>(CSV)</a>{{end}}{{if .Download}} · <a download="{{.DownloadAs}}" href="{{.Download}}">raw {{.DownloadAs}}</a>{{end}}</caption>
<thead><tr>{{range .Header}}<th scope="col"{{if .Num}} class="num"{{end}}>{{.Text}}</th>{{end}}</tr></thead>
<tbody>
{{range .Rows}}<tr{{if .Class}} class="{{.Class}}"{{end}}>{{range .Cells}}<td{{if .Num}} class="num"{{end}}{{if .Value}} data-value="{{.Value}}"{{end}}>{{.Text}}</td>{{end}}</tr>
{{end}}</tbody>
</table>
</div>
{{if .Collapsed}}</details>
{{end}}{{end}}`))
