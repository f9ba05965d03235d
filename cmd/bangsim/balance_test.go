package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// A fresh balance writes the run's files and balance.csv/balance.md; `balance DIR` on
// a run of the same games writes the same balance.csv; a directory holding them is
// still a result directory that a later run replaces.
func TestBalanceCommand(t *testing.T) {
	tmp := t.TempDir()
	fresh := filepath.Join(tmp, "fresh")
	out, _ := mustCLI(t, "balance", "--games", "3000", "--policy", "simple", "--seed", "4", "--out", fresh, "--workers", "2")
	for _, want := range []string{"Each character against the others in its role, 5 players", "Are the characters", "Seats", "Verdict", "Files in"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	for _, f := range []string{resultfile.RunFile, resultfile.TallyFile, resultfile.CharactersFile, report.BalanceFile, report.BalanceMarkdownFile} {
		if _, err := os.Stat(filepath.Join(fresh, f)); err != nil {
			t.Fatal(err)
		}
	}
	rows := readCSV(t, filepath.Join(fresh, report.BalanceFile))
	if strings.Join(rows[0], ",") != strings.Join(report.BalanceHeader, ",") || len(rows) != 1+16*5 {
		t.Fatalf("balance.csv: header %v, %d rows", rows[0], len(rows))
	}

	dir := filepath.Join(tmp, "run")
	mustCLI(t, "run", "-q", "--games", "3000", "--policy", "simple", "--seed", "4", "--out", dir)
	mustCLI(t, "balance", "-q", dir)
	a, _ := os.ReadFile(filepath.Join(fresh, report.BalanceFile))
	b, _ := os.ReadFile(filepath.Join(dir, report.BalanceFile))
	if string(a) != string(b) {
		t.Fatal("balance DIR differs from the balance of the same fresh run")
	}
	// The directory now holds balance files: a run may still replace it.
	mustCLI(t, "run", "-q", "--games", "100", "--out", dir)
	if _, err := os.Stat(filepath.Join(dir, report.BalanceFile)); !os.IsNotExist(err) {
		t.Fatal("the old balance.csv survived the new run")
	}

	// --json prints the rows.
	out, _ = mustCLI(t, "balance", "--json", dir)
	var js []map[string]any
	csvRows := readCSV(t, filepath.Join(dir, report.BalanceFile))
	if err := json.Unmarshal([]byte(out), &js); err != nil || len(js) != len(csvRows)-1 || js[0]["role"] != csvRows[1][1] {
		t.Fatalf("--json: %v, %d rows against %d in balance.csv", err, len(js), len(csvRows)-1)
	}
	// Typed as the columns are: numbers, a boolean, text (they were all strings).
	for i, row := range js {
		for j, h := range csvRows[0] {
			cell := csvRows[i+1][j]
			switch v := row[h].(type) {
			case float64:
				if x, err := strconv.ParseFloat(cell, 64); err != nil || x != v {
					t.Fatalf("row %d %s: JSON %v, file %q", i, h, v, cell)
				}
			case bool:
				if h != "flagged" || strconv.FormatBool(v) != cell {
					t.Fatalf("row %d %s: JSON %v, file %q", i, h, v, cell)
				}
			case string:
				if v != cell || h == "games" || h == "p" || h == "flagged" {
					t.Fatalf("row %d %s: JSON %q, file %q", i, h, v, cell)
				}
			case nil:
				if x, err := strconv.ParseFloat(cell, 64); err == nil && !math.IsNaN(x) && !math.IsInf(x, 0) {
					t.Fatalf("row %d %s: JSON null, file %q", i, h, cell)
				}
			default:
				t.Fatalf("row %d %s: JSON %T", i, h, v)
			}
		}
	}
}

// Life tuning and option tuning from the command line, and from a directory.
func TestBalanceTuning(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "b")
	out, _ := mustCLI(t, "balance", "--games", "2000", "--policy", "simple", "--life", "vulture sam=+2", "--out", dir,
		"--tune-life", "--tune-characters", "Vulture Sam", "--tune", "sheriff-bonus", "--tune-values", "1,2,3", "--workers", "2")
	if !strings.Contains(out, "Life: Vulture Sam (5 players): 11 → ") || !strings.Contains(out, "Tune: --sheriff-bonus (5 players)") {
		t.Fatalf("summary:\n%s", out)
	}
	md, _ := os.ReadFile(filepath.Join(dir, report.BalanceMarkdownFile))
	for _, want := range []string{"## Life tuning", "Vulture Sam, 5 players (life 11 in the run)", "## Option tuning", "--sheriff-bonus, 5 players"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("balance.md lacks %q", want)
		}
	}
	rec := readRunJSON(t, dir)
	if rec.Rules.Get("life") != "Vulture Sam=+2" {
		t.Fatalf("run.json life %v", rec.Rules.Get("life"))
	}
	// From the directory: the run's life is read back from run.json.
	out, _ = mustCLI(t, "balance", dir, "--tune-life", "--tune-characters", "vulture-sam", "--out", filepath.Join(t.TempDir(), "again"))
	if !strings.Contains(out, "Life: Vulture Sam (5 players): 11 → ") {
		t.Fatalf("summary from DIR:\n%s", out)
	}
}

// Balance's own refusals are usage errors.
func TestBalanceBadInput(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "r")
	mustCLI(t, "run", "-q", "--games", "50", "--out", dir)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"balance", dir, "--players", "4"}, "--players cannot be given with DIR"},
		{[]string{"balance", dir, "--arrows", "8"}, "--arrows cannot be given with DIR"},
		{[]string{"balance", "--alpha", "0", "--games", "10", "--out", dir}, "--alpha"},
		{[]string{"balance", "--precision", "2", "--games", "10", "--out", dir}, "--precision"},
		{[]string{"balance", "--tune-values", "1,2", "--games", "10", "--out", dir}, "--tune-values needs --tune"},
		{[]string{"balance", "--tune-characters", "willy the kid", "--games", "10", "--out", dir}, "--tune-characters needs --tune-life"},
		{[]string{"balance", "--precision", "0.01", "--games", "1000", "--max-games", "10", "--out", dir}, "--max-games"},
		{[]string{"balance", "--tune", "nope", "--games", "20", "--out", dir}, "no such rule option"},
		{[]string{"balance", "--life", "willy=+1", "--games", "10", "--out", dir}, "--life"},
		{[]string{"balance", dir, "extra"}, "at most one"},
	} {
		code, _, errs := cli(t, tc.args...)
		if code != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want usage error with %q", tc.args, code, errs, tc.want)
		}
	}
}

// Interrupted while tuning (here before the first tuning game), balance DIR still
// writes balance.csv and balance.md, the run's own analysis being complete, and exits
// 1: it used to write neither, leaving an older balance.csv in the directory.
func TestBalanceTuneInterruptedWritesTheBalance(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "b")
	mustCLI(t, "run", "-q", "--games", "300", "--policy", "simple", "--out", dir)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := execute(ctx, []string{"bangsim", "balance", dir, "--tune-life", "--tune-characters", "Vulture Sam", "-q"}, &out, &errb)
	if code != exitFailure || !strings.Contains(errb.String(), "interrupted while tuning") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
	for _, f := range []string{report.BalanceFile, report.BalanceMarkdownFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s not written: %v", f, err)
		}
	}
}

// --policies plays every bot population with the same seeds: balance.csv gains a
// population column with every population's rows, balance.md and the summary the
// verdicts across bots, and the report a table of them; one population writes what
// --policy writes, byte for byte (the command line aside); a bad list is refused
// before anything is played.
func TestBalancePopulations(t *testing.T) {
	tmp := t.TempDir()
	two := filepath.Join(tmp, "two")
	out, _ := mustCLI(t, "balance", "--policies", "simple,random", "--games", "1500", "--seed", "4", "--out", two, "--workers", "2")
	for _, want := range []string{"Verdicts across bots", "agree: ", "of 16 characters and player counts"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	rows := readCSV(t, filepath.Join(two, report.BalanceFile))
	if rows[0][0] != report.PopulationColumn || len(rows) != 1+2*16*5 || rows[1][0] != "simple" || rows[len(rows)-1][0] != "random" {
		t.Fatalf("balance.csv: header %v, %d rows", rows[0], len(rows))
	}
	md, _ := os.ReadFile(filepath.Join(two, report.BalanceMarkdownFile))
	if !strings.Contains(string(md), "## Verdicts across bots") || !strings.Contains(string(md), "| players | character | simple | random | across bots |") {
		t.Errorf("balance.md lacks the table across bots")
	}
	if run := readRunJSON(t, two); run.Policies.Default != "simple" {
		t.Errorf("run.json's bot %q, want the first population's", run.Policies.Default)
	}
	mustCLI(t, "report", "-q", two)
	page, _ := os.ReadFile(filepath.Join(two, report.HTMLFile))
	if !strings.Contains(string(page), `id="t-balance-bots"`) || !strings.Contains(string(page), `id="plot-balance-5p"`) {
		t.Error("the report lacks the table across bots or the balance chart")
	}
	mustCLI(t, "plot", "-q", two)
	if _, err := os.Stat(filepath.Join(two, "plot-balance-5p.svg")); err != nil {
		t.Errorf("plot draws no balance chart: %v", err)
	}

	one, plain := filepath.Join(tmp, "one"), filepath.Join(tmp, "plain")
	mustCLI(t, "balance", "-q", "--policies", "simple", "--games", "1500", "--seed", "4", "--out", one)
	mustCLI(t, "balance", "-q", "--policy", "simple", "--games", "1500", "--seed", "4", "--out", plain)
	command := regexp.MustCompile("(?m)^- \\*\\*Command\\*\\*.*\n")
	for _, f := range []string{report.BalanceFile, report.BalanceMarkdownFile} {
		a, _ := os.ReadFile(filepath.Join(one, f))
		b, _ := os.ReadFile(filepath.Join(plain, f))
		if command.ReplaceAllString(string(a), "") != command.ReplaceAllString(string(b), "") {
			t.Errorf("%s of --policies simple differs from --policy simple's", f)
		}
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"balance", "--policies", "simple,random", "--policy", "heuristic"}, "--policies cannot be given with --policy"},
		{[]string{"balance", "--policies", "simple,simple"}, "names simple twice"},
		{[]string{"balance", "--policies", "simple,nosuch", "--out", filepath.Join(tmp, "x")}, "nosuch"},
		{[]string{"balance", "--policies", "simple,random", two}, "--policies cannot be given with DIR"},
	} {
		code, _, errs := cli(t, tc.args...)
		if code != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, %q; want usage error with %q", tc.args, code, errs, tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(tmp, "x")); !os.IsNotExist(err) {
		t.Error("a refused population list played the first population")
	}
}
