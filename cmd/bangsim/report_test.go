package main

import (
	"bytes"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// reportTables returns the tables of report.html that name their source file, keyed
// by it, rows of cell texts, header first; a transposed table is turned back.
func reportTables(t *testing.T, page string) map[string][][]string {
	t.Helper()
	tableRE := regexp.MustCompile(`(?s)<table id="[^"]*"[^>]*? data-source="([^"]*)"([^>]*)>(.*?)</table>`)
	rowRE := regexp.MustCompile(`(?s)<tr[^>]*>(.*?)</tr>`)
	cellRE := regexp.MustCompile(`(?s)<t[hd]([^>]*)>(.*?)</t[hd]>`)
	valueRE := regexp.MustCompile(` data-value="([^"]*)"`)
	out := map[string][][]string{}
	for _, m := range tableRE.FindAllStringSubmatch(page, -1) {
		var rows [][]string
		transposed := strings.Contains(m[2], `data-layout="transposed"`) // shown as the file writes it
		for i, rm := range rowRE.FindAllStringSubmatch(m[3], -1) {
			var cells, texts []string
			for _, cm := range cellRE.FindAllStringSubmatch(rm[1], -1) {
				text, v := html.UnescapeString(cm[2]), html.UnescapeString(cm[2])
				if vm := valueRE.FindStringSubmatch(cm[1]); vm != nil {
					v = html.UnescapeString(vm[1])
				}
				cells, texts = append(cells, v), append(texts, text)
			}
			// A formatted cell keeps the file's value, and shows FormatCell of it.
			for j := range cells {
				if !transposed && i > 0 && texts[j] != report.FormatCell(rows[0], cells, j) {
					cells[j] = "shown " + texts[j] + " for " + cells[j]
				}
			}
			rows = append(rows, cells)
		}
		if transposed && len(rows) > 0 {
			var back [][]string
			for j := range rows[0] {
				var col []string
				for i := range rows {
					col = append(col, rows[i][j])
				}
				back = append(back, col)
			}
			rows = back
		}
		out[m[1]] = rows
	}
	return out
}

// checkReportHoldsCSVs fails unless report.html in dir holds every row of each CSV
// file named, cell for cell and in order.
func checkReportHoldsCSVs(t *testing.T, dir string, files ...string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	if err != nil {
		t.Fatal(err)
	}
	tables := reportTables(t, string(b))
	for _, name := range files {
		want := readCSV(t, filepath.Join(dir, name))
		got, ok := tables[name]
		if !ok {
			t.Errorf("report.html has no table of %s", name)
			continue
		}
		if len(got) != len(want) {
			t.Errorf("%s: report.html has %d rows, the file %d", name, len(got), len(want))
			continue
		}
		for i := range want {
			if !slices.Equal(got[i], want[i]) {
				t.Errorf("%s line %d: report.html %q, file %q", name, i+1, got[i], want[i])
			}
		}
	}
	return string(b)
}

var runCSVs = []string{resultfile.RolesFile, resultfile.CharactersFile, resultfile.SeatsFile, resultfile.EventsFile}

// A dice run: both files, every CSV row in the page, the same bytes from a second
// call and from --out elsewhere, and a later run still replaces the directory.
func TestReportRunDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	mustCLI(t, "run", "--players", "3-5", "--games", "400", "--seed", "7", "--out", dir, "-q")
	out, _ := mustCLI(t, "report", dir)
	if !strings.Contains(out, filepath.Join(dir, report.HTMLFile)) || !strings.Contains(out, "\nWrote 2 files into "+dir+"\nNext: open ") {
		t.Errorf("stdout:\n%s", out)
	}
	page := checkReportHoldsCSVs(t, dir, runCSVs...)
	for _, want := range []string{"<title>bangsim run: dice game, seed 7, 3–5 players</title>", `id="plot-characters-outlaw"`, "<code>arrows=9</code>"} {
		if !strings.Contains(page, want) {
			t.Errorf("report.html lacks %q", want)
		}
	}
	md, err := os.ReadFile(filepath.Join(dir, report.MarkdownFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## bangsim run: dice game, seed 7, 3–5 players", "### Win rate by role", "### Characters by role", "### Seat effects"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("summary.md lacks %q", want)
		}
	}

	other := filepath.Join(t.TempDir(), "site")
	out, _ = mustCLI(t, "report", "--out", other, "--json", dir)
	var files []reportFile
	if err := json.Unmarshal([]byte(out), &files); err != nil || len(files) != 2 {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	for _, f := range files {
		a, _ := os.ReadFile(f.File)
		b, _ := os.ReadFile(filepath.Join(dir, filepath.Base(f.File)))
		if len(a) == 0 || !bytes.Equal(a, b) || f.Shows == "" {
			t.Errorf("%s differs from the report written into the run directory", f.File)
		}
	}

	// The directory with its report is still a result directory: a new run replaces it.
	mustCLI(t, "run", "--players", "4", "--games", "50", "--out", dir, "-q")
	if _, err := os.Stat(filepath.Join(dir, report.HTMLFile)); !os.IsNotExist(err) {
		t.Errorf("the new run kept the old report: %v", err)
	}
}

// A card game run: its own events.csv columns, read from the files.
func TestReportCardDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "card")
	mustCLI(t, "run", "--game", "card", "--players", "4,6", "--games", "60", "--out", dir, "-q")
	mustCLI(t, "report", dir)
	page := checkReportHoldsCSVs(t, dir, runCSVs...)
	events := readCSV(t, filepath.Join(dir, resultfile.EventsFile))[0]
	if slices.Contains(events, "dynamite_stops") || len(events) < 20 {
		t.Fatalf("events.csv of the card game: %v", events)
	}
	for _, col := range events {
		if !strings.Contains(page, ">"+col+"</td>") && !strings.Contains(page, ">"+col+"</th>") {
			t.Errorf("report.html lacks the events.csv column %s", col)
		}
	}
	if !strings.Contains(page, "card game, seed 1, 4, 6 players") {
		t.Error("report.html does not name the card game")
	}
}

// `run --report` writes what `report` writes from the same directory.
func TestRunReportFlag(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	out, _ := mustCLI(t, "run", "--players", "5", "--games", "200", "--out", dir, "--report")
	if !strings.Contains(out, "Report in "+filepath.Join(dir, report.HTMLFile)) {
		t.Errorf("stdout does not name the report:\n%s", out)
	}
	first, err := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	if err != nil {
		t.Fatal(err)
	}
	checkReportHoldsCSVs(t, dir, runCSVs...)
	mustCLI(t, "report", dir)
	again, _ := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	if !bytes.Equal(first, again) {
		t.Error("bangsim report rewrote a different report.html than run --report")
	}
	// --json prints run.json only; the report is still written.
	dir2 := filepath.Join(t.TempDir(), "run")
	out, _ = mustCLI(t, "run", "--players", "5", "--games", "50", "--out", dir2, "--report", "--json")
	var rec resultfile.Run
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Errorf("--json --report: stdout is not run.json: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir2, report.MarkdownFile)); err != nil {
		t.Error(err)
	}
}

// Compare and merge directories.
func TestReportCompareAndMergeDirs(t *testing.T) {
	root := t.TempDir()
	cmp := filepath.Join(root, "cmp")
	mustCLI(t, "compare", "--policies", "heuristic,random", "--players", "4", "--games", "150", "--out", cmp, "-q")
	mustCLI(t, "report", cmp)
	page := checkReportHoldsCSVs(t, cmp, resultfile.CompareFile, resultfile.CompareDiffFile)
	if !strings.Contains(page, `id="plot-compare"`) {
		t.Error("report.html lacks plot-compare")
	}
	md, _ := os.ReadFile(filepath.Join(cmp, report.MarkdownFile))
	for _, want := range []string{"## bangsim compare: random against heuristic", "Holm p", "| random | every seat |"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("summary.md lacks %q:\n%s", want, md)
		}
	}

	a, b, m := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "m")
	mustCLI(t, "run", "--players", "4", "--games", "100", "--shard", "1/2", "--out", a, "-q", "--report")
	mustCLI(t, "run", "--players", "4", "--games", "100", "--shard", "2/2", "--out", b, "-q")
	mustCLI(t, "merge", "--out", m, a, b)
	mustCLI(t, "report", m)
	page = checkReportHoldsCSVs(t, m, runCSVs...)
	if !strings.Contains(page, "<title>bangsim merge:") || !strings.Contains(page, "<code>"+a+"</code>") {
		t.Error("report.html of a merge does not say so")
	}
}

func TestReportBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	mustCLI(t, "run", "--players", "4", "--games", "20", "--out", bad, "-q")
	tally := filepath.Join(bad, resultfile.TallyFile)
	b, _ := os.ReadFile(tally)
	os.WriteFile(tally, bytes.Replace(b, []byte(`"games": 20`), []byte(`"games": 21`), 1), 0o644)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"report"}, "report needs one result directory, got 0 arguments"},
		{[]string{"report", filepath.Join(dir, "none")}, "it does not exist: want a run or merge (run.json, tally.json)"},
		{[]string{"report", dir}, "not a bangsim result directory"},
		{[]string{"report", bad}, "cannot report " + bad},
	} {
		code, stdout, stderr := cli(t, tc.args...)
		if code != exitUsage || stdout != "" || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "run 'bangsim report --help' for usage") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}
