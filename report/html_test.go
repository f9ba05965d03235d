package report

import (
	"bytes"
	"encoding/base64"
	"html"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// reportTestRun is a fixed run.json for plotTestSet.
func reportTestRun(set *resultfile.TallySet) *resultfile.Run {
	run := &resultfile.Run{
		Schema: resultfile.RunSchema,
		Origin: resultfile.Origin{Tool: "bangsim", Version: "test", Revision: "0123abc", Game: set.Game,
			Command: []string{"bangsim", "run", "--players", "3-5", "--games", "400", "--seed", "3", "--policy-for", "outlaw=random", "--characters", "bart cassidy,zed"}},
		Slice: resultfile.Slice{Seed: set.Seed, Shard: resultfile.Shard{K: 1, N: 1}}, Players: []int{3, 4, 5}, GamesPerCount: 400,
		Rules:          resultfile.Settings{{Name: "arrows", Value: 9}, {Name: "resolve_after_death", Value: false}, {Name: "characters", Value: []string{"Bart Cassidy", "Zed"}}},
		Policies:       resultfile.Policies{Default: "heuristic", ByRole: map[string]string{"Sheriff": "heuristic", "Deputy": "heuristic", "Outlaw": "random", "Renegade": "heuristic"}},
		ElapsedSeconds: 1.5, Host: resultfile.Host{Workers: 2, GoVersion: "go1.26.0", StartedAt: "2026-01-02T03:04:05Z"}, Confidence: 0.95,
		Output: resultfile.Output{Out: "results"},
	}
	var planned []resultfile.Count
	for _, c := range set.Counts {
		planned = append(planned, resultfile.Count{Players: c.Players, Planned: c.Games})
	}
	played := slices.Clone(set.Counts)
	for i := range played {
		played[i].ElapsedSeconds = 0.5
	}
	run.FillTotals(played, planned)
	run.GamesPerSecond = resultfile.PerSecond(run.GamesPlayed, run.ElapsedSeconds)
	return run
}

// reportTestCompare is plotTestCompare with its two tables as compare writes them.
func reportTestCompare() (*resultfile.Compare, Table, Table) {
	rec, rows := plotTestCompare()
	rec.Tool, rec.Version, rec.Specs = "bangsim", "test", []string{"keep", "random", "heuristic(depth=2)"}
	rec.Command = []string{"bangsim", "compare", "--policies", "keep,random,heuristic(depth=2)", "--players", "4", "--games", "1500", "--seed", "9"}
	rec.GamesPerIndex, rec.TablesPlayed, rec.Adjustment = 9, 13500, "holm"
	rec.Rules = resultfile.Settings{{Name: "arrows", Value: 9}}
	diffs := Table{Header: []string{"policy", "role", "games", "mean_diff", "ci_low", "ci_high", "z", "p_value", "p_holm", "significant"}}
	ps := []string{"1e-40", "2e-12", "0.26", "1e-60", "0.004", "0.36", "0.0002", "0.0013"}
	var pv []float64
	for _, p := range ps {
		f, _ := strconv.ParseFloat(p, 64)
		pv = append(pv, f)
	}
	holm := Holm(pv)
	for i, r := range rows {
		diffs.AddRow(r.Policy, r.Role, r.Games, r.Mean, r.Low, r.High, "0.00", ps[i], strconv.FormatFloat(holm[i], 'g', 6, 64), holm[i] < rec.Alpha)
	}
	rates := Table{Header: RateHeader("policy", "role")}
	for k, p := range rec.Policies {
		for j, role := range []string{"Sheriff", "Outlaw", "Renegade", "all"} {
			seats := uint64(1500)
			if role == "Outlaw" {
				seats = 3000
			}
			if role == "all" {
				seats = 6000
			}
			wins := seats * uint64(20+5*k+3*j) / 100
			rates.Rows = append(rates.Rows, RateRow([]string{p, role}, Cell{Games: 1500, Seats: seats, Wins: wins, WinsSq: wins, SeatsWins: wins, SeatsSq: seats}, ZFor(Confidence)))
		}
	}
	return rec, rates, diffs
}

func newTestRunReport(t *testing.T) (*Report, *resultfile.TallySet) {
	t.Helper()
	set := plotTestSet(t)
	r, err := NewRunReport(reportTestRun(set), set)
	if err != nil {
		t.Fatal(err)
	}
	return r, set
}

func newTestCompareReport(t *testing.T) *Report {
	t.Helper()
	rec, rates, diffs := reportTestCompare()
	r, err := NewCompareReport(rec, rates, diffs)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func htmlOf(t *testing.T, r *Report) string {
	t.Helper()
	var b bytes.Buffer
	if err := r.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// The page's tables, by the CSV file they hold; the first row is the header.
var (
	tableRE = regexp.MustCompile(`(?s)<table id="[^"]*"[^>]*? data-source="([^"]*)"([^>]*)>(.*?)</table>`)
	rowRE   = regexp.MustCompile(`(?s)<tr[^>]*>(.*?)</tr>`)
	cellRE  = regexp.MustCompile(`(?s)<t[hd]([^>]*)>(.*?)</t[hd]>`)
	valueRE = regexp.MustCompile(` data-value="([^"]*)"`)
)

// pageTables returns the tables of a page that name their source file, keyed by it,
// and whether each is transposed.
func pageTables(page string) (map[string][][]string, map[string]bool) {
	tables, transposed := map[string][][]string{}, map[string]bool{}
	for _, m := range tableRE.FindAllStringSubmatch(page, -1) {
		var rows [][]string
		var shown [][]string
		for _, rm := range rowRE.FindAllStringSubmatch(m[3], -1) {
			var cells, texts []string
			for _, cm := range cellRE.FindAllStringSubmatch(rm[1], -1) {
				text := html.UnescapeString(cm[2])
				v := text
				if vm := valueRE.FindStringSubmatch(cm[1]); vm != nil {
					v = html.UnescapeString(vm[1])
				}
				cells, texts = append(cells, v), append(texts, text)
			}
			rows, shown = append(rows, cells), append(shown, texts)
		}
		// A formatted cell shows FormatCell of the value it keeps.
		for i := 1; i < len(rows) && !strings.Contains(m[2], "transposed"); i++ {
			for j := range rows[i] {
				if want := FormatCell(rows[0], rows[i], j); shown[i][j] != want {
					rows[i][j] = "shown " + shown[i][j] + ", want " + want
				}
			}
		}
		tables[m[1]] = rows
		transposed[m[1]] = strings.Contains(m[2], `data-layout="transposed"`)
	}
	return tables, transposed
}

// csvRows writes t as CSV and reads it back, as a reader of the file would see it.
func csvRows(t *testing.T, tb Table) [][]string {
	t.Helper()
	var b bytes.Buffer
	if err := tb.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	back, err := ReadTable(&b)
	if err != nil {
		t.Fatal(err)
	}
	return append([][]string{back.Header}, back.Rows...)
}

// checkTableRows fails unless the page's table of source holds exactly the CSV's rows
// (header included), in order; a transposed table holds them as columns.
func checkTableRows(t *testing.T, page, source string, want [][]string) {
	t.Helper()
	tables, transposed := pageTables(page)
	got, ok := tables[source]
	if !ok {
		t.Fatalf("the page has no table of %s", source)
	}
	if transposed[source] {
		var back [][]string
		for j := range got[0] {
			var row []string
			for i := range got {
				row = append(row, got[i][j])
			}
			back = append(back, row)
		}
		got = back
	}
	if len(got) != len(want) {
		t.Fatalf("%s: the page's table has %d rows, the CSV %d", source, len(got), len(want))
	}
	for i := range want {
		if !slices.Equal(got[i], want[i]) {
			t.Errorf("%s row %d: page %q, CSV %q", source, i, got[i], want[i])
		}
	}
}

// Every row of roles.csv, seats.csv, characters.csv, events.csv and turns.csv is in the
// page, cell for cell.
func TestReportHTMLHoldsEveryCSVRow(t *testing.T) {
	r, set := newTestRunReport(t)
	page := htmlOf(t, r)
	z := ZFor(Confidence)
	cs := set.Counts
	for source, tb := range map[string]Table{
		resultfile.RolesFile:      RolesTable(cs, z),
		resultfile.SeatsFile:      SeatsTable(cs, z),
		resultfile.CharactersFile: CharactersTable(cs, z),
		resultfile.EventsFile:     EventsTable(cs),
		resultfile.TurnsFile:      TurnsTable(cs),
	} {
		checkTableRows(t, page, source, csvRows(t, tb))
	}
	if _, tr := pageTables(page); !tr[resultfile.EventsFile] || tr[resultfile.RolesFile] {
		t.Errorf("transposed: %v, want events.csv only", tr)
	}
}

func TestReportHTMLCompareRows(t *testing.T) {
	rec, rates, diffs := reportTestCompare()
	r, err := NewCompareReport(rec, rates, diffs)
	if err != nil {
		t.Fatal(err)
	}
	page := htmlOf(t, r)
	checkTableRows(t, page, resultfile.CompareFile, csvRows(t, rates))
	checkTableRows(t, page, resultfile.CompareDiffFile, csvRows(t, diffs))
	if n := strings.Count(page, `<tr class="sig">`); n != 6 {
		t.Errorf("%d rows marked significant, want 6", n)
	}
}

// The page holds every chart once, inline, carries the font once, refers to no URL and
// is the same from one call to the next.
func TestReportHTMLSelfContained(t *testing.T) {
	for _, r := range []*Report{func() *Report { r, _ := newTestRunReport(t); return r }(), newTestCompareReport(t)} {
		page := htmlOf(t, r)
		if page != htmlOf(t, r) {
			t.Error("two pages of one report differ")
		}
		if n, want := strings.Count(page, "<svg "), len(r.Figures()); n != want || want == 0 {
			t.Errorf("%d inline SVGs, want %d", n, want)
		}
		for _, f := range r.Figures() {
			if !strings.Contains(page, `<figure class="plot" id="`+f.Name+`">`) {
				t.Errorf("no figure %s", f.Name)
			}
		}
		if n := strings.Count(page, "@font-face"); n != 1 {
			t.Errorf("%d @font-face rules, want 1", n)
		}
		m := fontData.FindStringSubmatch(page)
		if m == nil {
			t.Fatal("no embedded font")
		}
		if raw, err := base64.StdEncoding.DecodeString(m[1]); err != nil || !bytes.HasPrefix(raw, []byte{0, 1, 0, 0}) {
			t.Errorf("the embedded font is not TrueType: %v", err)
		}
		rest := strings.NewReplacer(`xmlns="http://www.w3.org/2000/svg"`, "", `xmlns:xlink="http://www.w3.org/1999/xlink"`, "").Replace(page)
		for _, ref := range []string{"http:", "https:", "file:", "//", "@import", "<link", "<img", "<iframe", " src=", "href=\"/", "<?xml"} {
			if ref == "//" {
				// Only as a URL's start, not inside the base64 font (which has no '/' pairs
				// at a word start) or text.
				if regexp.MustCompile(`["'(]//`).MatchString(rest) {
					t.Errorf("the page refers to a protocol-relative URL")
				}
				continue
			}
			if strings.Contains(rest, ref) {
				t.Errorf("the page holds %q", ref)
			}
		}
		for _, want := range []string{"<!DOCTYPE html>", `<meta charset="utf-8">`, "</html>", "<script>", "table.sortable"} {
			if !strings.Contains(page, want) {
				t.Errorf("the page lacks %q", want)
			}
		}
	}
}

// The manifest shows run.json's fields; a partial run says so at the top.
func TestReportHTMLManifest(t *testing.T) {
	set := plotTestSet(t)
	run := reportTestRun(set)
	run.Partial, run.GamesPlanned = true, 2000
	run.MergedFrom = []string{"shard1", "shard2"}
	r, err := NewRunReport(run, set)
	if err != nil {
		t.Fatal(err)
	}
	page := htmlOf(t, r)
	for _, want := range []string{
		"<title>bangsim merge: dice game, seed 3, 3–5 players</title>",
		`<p class="warning" role="alert">Partial results: 1,200 of 2,000 planned games`,
		"<code>bangsim run --players 3-5 --games 400 --seed 3 --policy-for outlaw=random --characters &#39;bart cassidy,zed&#39;</code>",
		"<code>characters=Bart Cassidy,Zed</code>", "<code>resolve_after_death=false</code>",
		"heuristic; Outlaw: random", "test, revision 0123abc, go1.26.0", "2026-01-02T03:04:05Z",
		"1.500 s, 800 games/s, 2 workers", "PARTIAL (interrupted)", "<code>shard1</code>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	// Without run.json the tally alone still makes a page.
	r, err = NewRunReport(nil, set)
	if err != nil {
		t.Fatal(err)
	}
	if page := htmlOf(t, r); !strings.Contains(page, "1,200 games played") {
		t.Error("a report without run.json does not count the games")
	}
	if _, err := NewRunReport(nil, &resultfile.TallySet{}); err == nil {
		t.Error("a tally without counts: no error")
	}
}

func TestReportWriteFiles(t *testing.T) {
	r, _ := newTestRunReport(t)
	dir := filepath.Join(t.TempDir(), "new")
	paths, err := r.WriteFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(paths, []string{filepath.Join(dir, HTMLFile), filepath.Join(dir, MarkdownFile)}) {
		t.Errorf("paths %v", paths)
	}
	// A new directory also gets resultfile.ExtrasMarker, so that a later report knows
	// the files are bangsim's (a user's own summary.md elsewhere is never replaced).
	if names := dirEntries(t, dir); !slices.Equal(names, []string{resultfile.ExtrasMarker, HTMLFile, MarkdownFile}) {
		t.Errorf("%s holds %v (no temporary file may stay)", dir, names)
	}
	// A result directory may hold the report, so that a later run replaces it.
	for _, name := range []string{HTMLFile, MarkdownFile} {
		if !slices.Contains(resultfile.KnownFiles, name) {
			t.Errorf("resultfile.KnownFiles lacks %s", name)
		}
	}
}

func TestReportCompareColumns(t *testing.T) {
	rec, rates, diffs := reportTestCompare()
	rates.Header[4] = "rate"
	if _, err := NewCompareReport(rec, rates, diffs); err == nil || !strings.Contains(err.Error(), `compare.csv has no "win_rate" column`) {
		t.Errorf("error %v, want the missing column named", err)
	}
	// compare.csv is optional; compare-diff.csv is not.
	rec, _, diffs = reportTestCompare()
	if _, err := NewCompareReport(rec, Table{}, diffs); err != nil {
		t.Errorf("no compare.csv: %v", err)
	}
	if _, err := NewCompareReport(rec, Table{}, Table{Header: []string{"policy"}}); err == nil {
		t.Error("a compare-diff.csv without its columns: no error")
	}
}

func TestReportShellQuote(t *testing.T) {
	got := shellQuote([]string{"bangsim", "run", "--characters", "willy the kid,el-gringo", "--policy", "heuristic(depth=2)", "it's", ""})
	want := `bangsim run --characters 'willy the kid,el-gringo' --policy 'heuristic(depth=2)' 'it'\''s' ''`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// The card game's events read per game and per turn: each rate is its events.csv count
// over the games and over the turns of its player count.
func TestEventRatesTable(t *testing.T) {
	cs := []resultfile.CountTally{{Players: 4, Tally: resultfile.Tally{Games: 200, Turns: 5000, Events: []resultfile.Counter{{Name: "bang_played", Count: 30000}}}}}
	got := EventRatesTable(cs)
	want := []string{"bang_played", "150", "6"}
	if !slices.Equal(got.Header, []string{"event", "per_game_4", "per_turn_4"}) || len(got.Rows) != 1 || !slices.Equal(got.Rows[0], want) {
		t.Errorf("EventRatesTable: %v %v, want rows [%v]", got.Header, got.Rows, want)
	}
}
