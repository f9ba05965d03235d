package main

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// The browser test loads report.html in headless Chromium (github.com/chromedp/chromedp)
// and checks what a reader sees: no console error or exception, every chart drawn
// with a size, the tables holding the CSV files' cells, the sorting script working.
// It skips when no browser is installed, except under CI=true, where .ci/run installs
// Debian's chromium and the test must run. BANGSIM_CHROMIUM names another browser;
// BANGSIM_REPORT_SCREENSHOT=FILE.png saves what the first page shows.

// findChromium returns the path of a Chromium or Chrome, or "".
func findChromium() string {
	if p := os.Getenv("BANGSIM_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// startChromium starts one headless browser for the test and returns its context.
func startChromium(t *testing.T) context.Context {
	t.Helper()
	path := findChromium()
	if path == "" {
		msg := "no Chromium found: install Debian's chromium package (apt-get install chromium), or set BANGSIM_CHROMIUM"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg + "; under CI=true this test must run (.ci/run installs it)")
		}
		t.Skip(msg)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 1500),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	// Cleanups run last in first out: the browser ends before its user-data-dir goes.
	t.Cleanup(func() { bcancel(); acancel(); cancel() })
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	return bctx
}

// pageFacts is what the page shows, read from its DOM.
type pageFacts struct {
	Figures []struct {
		ID     string  `json:"id"`
		Width  float64 `json:"w"`
		Height float64 `json:"h"`
	} `json:"figures"`
	Tables []pageTable `json:"tables"`
	Fonts  []string    `json:"fonts"`
}

// pageTable is one table of the page that names its CSV file.
type pageTable struct {
	Source string     `json:"source"`
	Layout string     `json:"layout"`
	Rows   [][]string `json:"rows"`  // the file's values: a formatted cell's data-value
	Shown  [][]string `json:"shown"` // the cells' text
}

// factsJS reads the figures' drawn sizes and every table's cells, once the fonts
// have loaded.
const factsJS = `document.fonts.ready.then(function () {
  var map = Array.prototype.map;
  return {
    figures: map.call(document.querySelectorAll("figure.plot"), function (f) {
      var s = f.querySelector("svg"), r = s ? s.getBoundingClientRect() : {width: 0, height: 0};
      return {id: f.id, w: r.width, h: r.height};
    }),
    tables: map.call(document.querySelectorAll("table[data-source]"), function (t) {
      return {source: t.getAttribute("data-source"), layout: t.getAttribute("data-layout") || "",
        rows: map.call(t.rows, function (r) { return map.call(r.cells, function (c) { return c.hasAttribute("data-value") ? c.getAttribute("data-value") : c.textContent; }); }),
        shown: map.call(t.rows, function (r) { return map.call(r.cells, function (c) { return c.textContent; }); })};
    }),
    fonts: Array.from(document.fonts).map(function (f) { return f.family + " " + f.status; })
  };
})`

// checkPage loads page (a report.html) in a new tab and returns every way in which it
// differs from what the CSV files of dir and the figure names want; nil means none.
func checkPage(ctx context.Context, page, dir string, figures, csvs []string, screenshot string) ([]string, error) {
	var mu sync.Mutex
	var problems []string
	note := func(format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		problems = append(problems, fmt.Sprintf(format, a...))
	}
	tab, cancel := chromedp.NewContext(ctx, chromedp.WithListener(func(ev any) {
		// Runs in the tab's loop: record, and return.
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
				var args []string
				for _, a := range ev.Args {
					args = append(args, strings.Trim(string(a.Value), `"`)+a.Description)
				}
				note("console.%s: %s", ev.Type, strings.Join(args, " "))
			}
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			desc := d.Text
			if d.Exception != nil {
				desc += " " + d.Exception.Description
			}
			note("exception at line %d: %s", d.LineNumber+1, desc)
		case *cdplog.EventEntryAdded:
			if ev.Entry.Level == cdplog.EntryLevelError {
				note("browser log error (%s): %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
			}
		}
	}))
	defer cancel()
	// The page's steps share a short deadline, and none waits for a node: a query that
	// cannot match (a column a page's table lacks: a duel's or a ladder's has no games)
	// fails in seconds, not the whole test at the browser's deadline. The tab is opened
	// first, so that the deadline ends the steps, not the tab.
	if err := chromedp.Do(tab); err != nil {
		return nil, err
	}
	step := func() (context.Context, context.CancelFunc) { return context.WithTimeout(tab, stepTimeout) }
	sctx, scancel := step()
	defer scancel()
	u := (&url.URL{Scheme: "file", Path: page}).String()
	if err := chromedp.Do(sctx, chromedp.Navigate(u)); err != nil {
		return nil, fmt.Errorf("open %s: %w", page, err)
	}
	facts, err := chromedp.Run(sctx, chromedp.Evaluate[pageFacts](factsJS, chromedp.EvalAwaitPromise))
	// Every chart, drawn with a size.
	var ids []string
	for _, f := range facts.Figures {
		ids = append(ids, f.ID)
		if !(f.Width > 100 && f.Height > 100) {
			note("figure %s is drawn %.0f×%.0f pixels", f.ID, f.Width, f.Height)
		}
	}
	if !slices.Equal(slices.Sorted(slices.Values(ids)), slices.Sorted(slices.Values(figures))) {
		note("figures %v, want %v", ids, figures)
	}
	if !slices.ContainsFunc(facts.Fonts, func(s string) bool { return s == "Liberation Sans loaded" }) {
		note("the embedded font did not load: %v", facts.Fonts)
	}

	// Every table holds its CSV file, cell for cell (a transposed one column for row).
	for _, name := range csvs {
		want, err := readCSVRows(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		k := slices.IndexFunc(facts.Tables, func(t pageTable) bool { return t.Source == name })
		if k < 0 {
			note("no table of %s", name)
			continue
		}
		got := facts.Tables[k].Rows
		if facts.Tables[k].Layout == "transposed" {
			got = transpose(got)
		} else {
			// Each formatted number is the file's, as summary.md writes it.
			shown := facts.Tables[k].Shown
			for i := 1; i < len(got) && i < len(shown); i++ {
				for j := range got[i] {
					if w := report.FormatCell(got[0], got[i], j); j < len(shown[i]) && shown[i][j] != w {
						note("%s line %d, column %s: the page shows %q for %q, want %q", name, i+1, got[0][j], shown[i][j], got[i][j], w)
					}
				}
			}
		}
		if len(got) != len(want) {
			note("%s: the page's table has %d rows, the file %d", name, len(got), len(want))
			continue
		}
		for i := range want {
			if !slices.Equal(got[i], want[i]) {
				note("%s line %d: the page shows %q, the file holds %q", name, i+1, got[i], want[i])
			}
		}
	}

	// A few cells read one by one, as a reader would find them.
	first := csvs[0]
	want, err := readCSVRows(filepath.Join(dir, first))
	if err != nil {
		return nil, err
	}
	for _, cell := range [][2]int{{1, 0}, {1, len(want[0]) - 1}, {len(want) - 1, min(4, len(want[0])-1)}} {
		js := fmt.Sprintf(`(function () { var c = document.querySelector('table[data-source="%s"] tbody tr:nth-child(%d) td:nth-child(%d)'); return c ? c.textContent : "(no such cell)"; })()`,
			first, cell[0], cell[1]+1)
		text, err := chromedp.Run(sctx, chromedp.Evaluate[string](js))
		if err != nil {
			return nil, fmt.Errorf("%s line %d column %d: %w", first, cell[0]+1, cell[1]+1, err)
		}
		if w := report.FormatCell(want[0], want[cell[0]], cell[1]); text != w {
			note("%s line %d, column %s: the page shows %q, the file holds %q", first, cell[0]+1, want[0][cell[1]], text, w)
		}
	}

	// The sorting script: a click on a numeric heading orders the rows by the file's
	// values (a collapsed table opened first, as a reader would).
	if _, err := chromedp.Run(sctx, chromedp.Evaluate[bool](`document.querySelectorAll("details").forEach(function (d) { d.open = true; }); true`)); err != nil {
		return nil, err
	}
	if col := sortColumn(want); col >= 0 {
		for _, desc := range []bool{false, true} {
			vals, err := chromedp.Run(sctx, chromedp.Evaluate[[]string](fmt.Sprintf(`(function () {
  var t = document.querySelector('table[data-source="%s"]');
  if (!t || !t.classList.contains("sortable")) { return ["(the table is not sortable)"]; }
  t.tHead.rows[0].cells[%d].click();
  return Array.prototype.map.call(t.tBodies[0].rows, function (r) {
    var c = r.cells[%d]; return c.hasAttribute("data-value") ? c.getAttribute("data-value") : c.textContent.replace(/,/g, "");
  });
})()`, first, col, col)))
			if err != nil {
				return nil, err
			}
			sorted := slices.IsSortedFunc(vals, func(a, b string) int {
				x, _ := strconv.ParseFloat(a, 64)
				y, _ := strconv.ParseFloat(b, 64)
				if desc {
					x, y = y, x
				}
				return cmpFloat(x, y)
			})
			if !sorted || len(vals) != len(want)-1 {
				note("after a click on %s (descending %v) the column reads %v", want[0][col], desc, vals)
			}
		}
	}

	if screenshot != "" {
		if err := chromedp.Do(sctx, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`)); err != nil {
			return nil, err
		}
		png, err := chromedp.Run(sctx, chromedp.CaptureScreenshot())
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(screenshot, png, 0o644); err != nil {
			return nil, err
		}
	}
	// Let events still on their way arrive before the problems are read.
	if err := chromedp.Do(sctx, chromedp.Evaluate[chromedp.Void](`0`)); err != nil {
		return nil, err
	}
	mu.Lock()
	defer mu.Unlock()
	return slices.Clone(problems), nil
}

// stepTimeout bounds each step of checkPage: a page opens and answers in a second or
// two, so a step that takes longer is stuck.
const stepTimeout = 30 * time.Second

// sortColumn is the column checkPage sorts a table by: games where the file has it,
// else its first column of numbers that are not all equal; -1 if none.
func sortColumn(rows [][]string) int {
	if k := slices.Index(rows[0], "games"); k >= 0 {
		return k
	}
	for j := range rows[0] {
		numeric, differ := true, false
		for _, r := range rows[1:] {
			if _, err := strconv.ParseFloat(r[j], 64); err != nil {
				numeric = false
				break
			}
			differ = differ || r[j] != rows[1][j]
		}
		if numeric && differ {
			return j
		}
	}
	return -1
}

func cmpFloat(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// readCSVRows reads a CSV file with its header for checkPage, which has no *testing.T.
func readCSVRows(path string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err == nil && len(rows) < 2 {
		err = fmt.Errorf("%s has no row", path)
	}
	return rows, err
}

func transpose(rows [][]string) [][]string {
	if len(rows) == 0 {
		return nil
	}
	out := make([][]string, len(rows[0]))
	for j := range out {
		for i := range rows {
			if j < len(rows[i]) {
				out[j] = append(out[j], rows[i][j])
			}
		}
	}
	return out
}

// figureNames are the charts a result directory's report holds: those of plot.
func figureNames(t *testing.T, dir string) []string {
	t.Helper()
	res, err := openResults(dir, "report", resultfile.KindRun, resultfile.KindCompare, resultfile.KindSweep, resultfile.KindDuel,
		resultfile.KindLeague, resultfile.KindLadder, resultfile.KindTune)
	if err != nil {
		t.Fatal(err)
	}
	figs, err := plotFigures(res)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range figs {
		names = append(names, f.Name)
	}
	return names
}

func TestReportInBrowser(t *testing.T) {
	ctx := startChromium(t)
	root := t.TempDir()
	dice, card, cmp := filepath.Join(root, "dice"), filepath.Join(root, "card"), filepath.Join(root, "cmp")
	mustCLI(t, "run", "--players", "3-6", "--games", "500", "--seed", "5", "--policy-for", "outlaw=random", "--out", dice, "-q", "--report")
	mustCLI(t, "run", "--game", "card", "--players", "4-5", "--games", "80", "--out", card, "-q", "--report")
	mustCLI(t, "compare", "--policies", "heuristic,random,keep", "--players", "5", "--games", "200", "--out", cmp, "-q")
	mustCLI(t, "report", cmp)
	bal := filepath.Join(root, "balance")
	mustCLI(t, "balance", "--players", "4,5", "--games", "2000", "--seed", "5", "--out", bal, "-q")
	mustCLI(t, "report", bal)
	sweep, sweepYAML := filepath.Join(root, "sweep"), filepath.Join(root, "life.yaml")
	if err := os.WriteFile(sweepYAML, []byte("game: card\ngames: 30\nplayers: 4-5\npolicy: random\naxes:\n  life.el-gringo: [-1, 0, 2]\n  high-noon: [0, 3]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	mustCLI(t, "sweep", sweepYAML, "--out", sweep, "-q")
	mustCLI(t, "report", sweep)
	league, duel, ladder, tune := filepath.Join(root, "league"), filepath.Join(root, "duel"), filepath.Join(root, "ladder"), filepath.Join(root, "tune")
	mustCLI(t, "league", "--seasons", "2", "--players", "5", "--max-table", "5", "--value-games", "40", "--finals", "coin", "--seed", "3", "-q", "--out", league)
	mustCLI(t, "duel", "--duels", "60", "--policy", "heuristic,random", "-q", "--out", duel)
	mustCLI(t, "ladder", "--policies", "random,simple,heuristic", "--games", "32", "-q", "--out", ladder)
	mustCLI(t, "tune", "--policy", "heuristic(beer_below=0)", "--params", "beer_below,suzy_below", "--games", "100", "--budget", "4", "--validate-games", "100", "-q", "--out", tune)
	for _, d := range []string{league, duel, ladder, tune} {
		mustCLI(t, "report", d)
	}
	runFiles := []string{resultfile.RolesFile, resultfile.SeatsFile, resultfile.CharactersFile, resultfile.EventsFile, resultfile.TurnsFile}
	for _, tc := range []struct {
		dir  string
		csvs []string
	}{
		{dice, runFiles},
		{card, runFiles},
		{cmp, []string{resultfile.CompareDiffFile, resultfile.CompareFile}},
		{bal, runFiles},
		{sweep, []string{resultfile.SweepRolesFile}},
		{league, []string{resultfile.LeaguePricesFile, resultfile.LeagueStandingsFile, resultfile.LeagueMatchesFile}},
		{duel, []string{resultfile.DuelOrderFile, resultfile.SeatsFile, resultfile.CharactersFile}},
		{ladder, []string{resultfile.LadderRatingsFile, resultfile.LadderDepthFile}},
		{tune, []string{resultfile.TuneConvergenceFile, resultfile.TuneValidationFile}},
	} {
		shot := ""
		if tc.dir == dice {
			shot = os.Getenv("BANGSIM_REPORT_SCREENSHOT")
		}
		problems, err := checkPage(ctx, filepath.Join(tc.dir, "report.html"), tc.dir, figureNames(t, tc.dir), tc.csvs, shot)
		if err != nil {
			t.Fatalf("%s: %v", tc.dir, err)
		}
		for _, p := range problems {
			t.Errorf("%s: %s", filepath.Base(tc.dir), p)
		}
	}

	for _, p := range checkBalancePage(t, ctx, bal) {
		t.Errorf("balance: %s", p)
	}
	for _, p := range checkHeatmap(t, ctx, bal) {
		t.Errorf("heatmap: %s", p)
	}

	// The check itself fails on a broken page: a wrong cell, a console error, an
	// exception, a chart drawn without a size.
	page, err := os.ReadFile(filepath.Join(dice, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	roles := readCSV(t, filepath.Join(dice, resultfile.RolesFile))
	// win_rate of the second row, shown as a percentage beside the file's value.
	cell := `data-value="` + roles[2][4] + `">` + report.FormatCell(roles[0], roles[2], 4) + "</td>"
	at := strings.Index(string(page), `data-source="roles.csv"`)
	k := strings.Index(string(page)[at:], cell)
	if at < 0 || k < 0 {
		t.Fatalf("report.html has no cell %q in roles.csv's table", cell)
	}
	wrong := string(page)[:at+k] + `data-value="` + roles[2][4] + `">99.9%</td>` + string(page)[at+k+len(cell):]
	for _, tc := range []struct{ name, page, want string }{
		{"wrong cell", wrong, "roles.csv line 3, column win_rate: the page shows \"99.9%\""},
		{"console error", strings.Replace(string(page), "</body>", `<script>console.error("injected failure")</script></body>`, 1), "console.error: injected failure"},
		{"exception", strings.Replace(string(page), "</body>", `<script>undefinedFunction()</script></body>`, 1), "exception"},
		{"hidden chart", strings.Replace(string(page), `<svg role="img"`, `<svg style="display:none" role="img"`, 1), "figure plot-roles is drawn 0×0 pixels"},
	} {
		path := filepath.Join(t.TempDir(), "report.html")
		if err := os.WriteFile(path, []byte(tc.page), 0o644); err != nil {
			t.Fatal(err)
		}
		problems, err := checkPage(ctx, path, dice, figureNames(t, dice), runFiles, "")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		t.Logf("%s: the check found %q", tc.name, problems)
		if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, tc.want) }) {
			t.Errorf("%s: the check missed it; problems %q, want one with %q", tc.name, problems, tc.want)
		}
	}
}

// balanceFacts is what a reader sees of a report's Balance section.
type balanceFacts struct {
	Verdict  string  `json:"verdict"`
	Width    float64 `json:"w"`
	Height   float64 `json:"h"`
	Download string  `json:"download"`
}

// balanceJS reads the Balance section: its paragraphs (the verdict first), the drawn
// size of the 5-player chart, and the download link of balance.csv.
const balanceJS = `document.fonts.ready.then(function () {
  var ps = document.querySelectorAll("#balance > p"), svg = document.querySelector("#plot-balance-5p svg");
  var r = svg ? svg.getBoundingClientRect() : {width: 0, height: 0};
  var a = document.querySelector('#balance a[download="balance.csv"]');
  return {verdict: Array.prototype.map.call(ps, function (p) { return p.textContent; }).join("\n"),
    w: r.width, h: r.height, download: a ? a.getAttribute("href").slice(0, 30) : ""};
})`

// checkBalancePage opens the report of a balance directory and returns what is amiss:
// the verdict must come first and name every character whose all row balance.csv
// flags, the chart must be drawn, balance.csv must be a download away.
func checkBalancePage(t *testing.T, ctx context.Context, dir string) []string {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	u := (&url.URL{Scheme: "file", Path: filepath.Join(dir, "report.html")}).String()
	if err := chromedp.Do(tab, chromedp.Navigate(u)); err != nil {
		t.Fatal(err)
	}
	f, err := chromedp.Run(tab, chromedp.Evaluate[balanceFacts](balanceJS, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	var problems []string
	if !strings.HasPrefix(f.Verdict, "Significantly ") && !strings.HasPrefix(f.Verdict, "No character is significantly") {
		problems = append(problems, fmt.Sprintf("the section does not open with the verdict: %.120q", f.Verdict))
	}
	for _, row := range csvMaps(t, filepath.Join(dir, "balance.csv")) {
		if row["role"] == "all" && row["flagged"] == "true" && !strings.Contains(f.Verdict, row["character"]+" is significantly") {
			problems = append(problems, fmt.Sprintf("the verdict does not name %s, flagged at %s players", row["character"], row["players"]))
		}
	}
	if !(f.Width > 100 && f.Height > 100) {
		problems = append(problems, fmt.Sprintf("plot-balance-5p is drawn %.0f×%.0f pixels", f.Width, f.Height))
	}
	if !strings.HasPrefix(f.Download, "data:text/csv;base64,") {
		problems = append(problems, fmt.Sprintf("no download of balance.csv (%q)", f.Download))
	}
	return problems
}

// heatmapFacts is what the page draws of plot-characters-vs-role: how many cells are
// hatched (their interval holds 0) and the chart's text.
type heatmapFacts struct {
	Hatched int    `json:"hatched"`
	Text    string `json:"text"`
}

// heatmapJS counts the hatch paths of plot-characters-vs-role (drawn in the hatch's
// grey) and reads the chart's text.
const heatmapJS = `document.fonts.ready.then(function () {
  var s = document.querySelector("#plot-characters-vs-role svg");
  if (!s) { return {hatched: -1, text: ""}; }
  var n = 0;
  s.querySelectorAll("path").forEach(function (p) { if (getComputedStyle(p).stroke === "rgb(160, 160, 160)") { n++; } });
  return {hatched: n, text: s.textContent};
})`

// notToldApart is the heatmap's note on wide intervals: "52 of 64 cells are not told
// apart from 0" (its lines' texts run together in textContent, so any space may be gone).
var notToldApart = regexp.MustCompile(`(\d+)\s*of\s*(\d+)\s*cells\s*are\s*not\s*told\s*apart\s*from\s*0`)

// checkHeatmap opens a report whose games are few (wide intervals) and returns what is
// amiss with the heatmap of characters against the others: the note must say how many
// cells are not told apart from 0, and exactly that many must be drawn hatched, some
// cells not.
func checkHeatmap(t *testing.T, ctx context.Context, dir string) []string {
	t.Helper()
	tab, cancel := chromedp.NewContext(ctx)
	defer cancel()
	if err := chromedp.Do(tab); err != nil {
		t.Fatal(err)
	}
	sctx, scancel := context.WithTimeout(tab, stepTimeout)
	defer scancel()
	u := (&url.URL{Scheme: "file", Path: filepath.Join(dir, "report.html")}).String()
	if err := chromedp.Do(sctx, chromedp.Navigate(u)); err != nil {
		t.Fatal(err)
	}
	f, err := chromedp.Run(sctx, chromedp.Evaluate[heatmapFacts](heatmapJS, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if f.Hatched < 0 {
		return []string{"the page has no plot-characters-vs-role"}
	}
	m := notToldApart.FindStringSubmatch(f.Text)
	if m == nil {
		return []string{fmt.Sprintf("no note on wide intervals in %.200q", f.Text)}
	}
	muted, _ := strconv.Atoi(m[1])
	all, _ := strconv.Atoi(m[2])
	var problems []string
	if f.Hatched != muted || muted == 0 || muted >= all {
		problems = append(problems, fmt.Sprintf("%d cells hatched; the note says %d of %d are not told apart from 0", f.Hatched, muted, all))
	}
	return problems
}
