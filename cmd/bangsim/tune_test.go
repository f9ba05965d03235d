package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// bangsim tune writes its directory (tune.json, the two tables, the chart), prints the
// tuned spec in canonical form, and --json prints tune.json; the tuned spec is usable
// in every command (here compare).
func TestTuneCommand(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tune")
	out, _ := mustCLI(t, "tune", "--policy", "heuristic(beer_below=0)", "--params", "beer_below,suzy_below", "--games", "300",
		"--budget", "8", "--validate-games", "500", "--seed", "3", "--out", dir, "-q")
	if out != "" {
		t.Errorf("-q printed %q", out)
	}
	for _, name := range []string{resultfile.TuneFile, resultfile.TuneConvergenceFile, resultfile.TuneValidationFile, report.TunePlot + ".svg", report.TunePlot + ".png"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	if k, _ := resultfile.DetectKind(dir); k != resultfile.KindTune {
		t.Errorf("kind %v", k)
	}
	conv := readCSV(t, filepath.Join(dir, resultfile.TuneConvergenceFile))
	if want := []string{"iteration", "best_so_far", "best_estimate", "candidate", "estimate", "games"}; !slices.Equal(conv[0], want) || len(conv) != 10 {
		t.Errorf("convergence: header %v, %d rows", conv[0], len(conv))
	}
	rec, err := resultfile.ReadTune(dir)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Best == "" || rec.Validation == nil || !slices.Equal(rec.Params, []string{"beer_below", "suzy_below"}) {
		t.Fatalf("record %+v", rec)
	}
	// The same run again, --json: the same evaluations; the summary names the spec.
	jsonOut, _ := mustCLI(t, "tune", "--policy", "heuristic(beer_below=0)", "--params", "beer_below,suzy_below", "--games", "300",
		"--budget", "8", "--validate-games", "500", "--seed", "3", "--out", dir+"2", "--json", "-q")
	var again resultfile.Tune
	if err := json.Unmarshal([]byte(jsonOut), &again); err != nil {
		t.Fatal(err)
	}
	if again.Best != rec.Best || len(again.Evaluations) != len(rec.Evaluations) || !reflect.DeepEqual(again.Validation, rec.Validation) {
		t.Errorf("the same seed tuned %s, then %s", rec.Best, again.Best)
	}
	mustCLI(t, "compare", "--policies", "heuristic,"+rec.Best, "--games", "50", "--out", filepath.Join(filepath.Dir(dir), "cmp"), "-q")
	// --resume takes the recorded flags; a larger budget continues from the record.
	sum, _ := mustCLI(t, "tune", "--resume", dir, "--budget", "10")
	if !strings.Contains(sum, "Tuned spec: ") || !strings.Contains(sum, "10 evaluations") {
		t.Errorf("resumed summary:\n%s", sum)
	}
}

// tune's mistakes are usage errors with one clear line.
func TestTuneUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--role", "mayor"}, `--role "mayor": want all`},
		{[]string{"--params", "thirst"}, `no parameter "thirst"`},
		{[]string{"--budget", "0"}, "--budget 0"},
		{[]string{"--policy", "random"}, "declares no parameters"},
		{[]string{"--field", "nobody"}, "--field: unknown policy"},
		{[]string{"--role", "sheriff", "--players", "3"}, "no Sheriff is dealt at 3 players"},
		{[]string{"--resume", filepath.Join(dir, "none")}, "cannot resume"},
	} {
		args := append([]string{"tune", "--games", "10", "--out", filepath.Join(dir, "out")}, tc.args...)
		code, _, errs := cli(t, args...)
		if code != 2 || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, errs, tc.want)
		}
	}
}

// A tune directory is read by plot and report like any result: its chart, and a page
// and summary that lead with the validated result; merge refuses it (no shards).
func TestTunePlotAndReport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tune")
	mustCLI(t, "tune", "--policy", "heuristic(beer_below=0)", "--params", "beer_below", "--games", "300",
		"--budget", "4", "--validate-games", "500", "--seed", "3", "--out", dir, "-q")
	rec, err := resultfile.ReadTune(dir)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := mustCLI(t, "plot", dir)
	if !strings.Contains(out, report.TunePlot+".svg") || !strings.Contains(out, "Next: bangsim report ") {
		t.Errorf("plot of a tune:\n%s", out)
	}
	mustCLI(t, "report", dir)
	md, err := os.ReadFile(filepath.Join(dir, report.MarkdownFile))
	if err != nil {
		t.Fatal(err)
	}
	if want := "Tuned spec " + rec.Best; !strings.Contains(string(md), want) || !strings.Contains(string(md), "fresh game indices") {
		t.Errorf("summary.md does not lead with %q and its validation:\n%s", want, md)
	}
	page, err := os.ReadFile(filepath.Join(dir, report.HTMLFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), "<svg") || !strings.Contains(string(page), resultfile.TuneConvergenceFile) {
		t.Error("report.html has no chart or no convergence table")
	}
	code, _, stderr := cli(t, "merge", dir, dir, "--out", filepath.Join(t.TempDir(), "m"))
	if code != 2 || !strings.Contains(stderr, "a tune is played whole") {
		t.Errorf("merge of a tune: exit %d, %q", code, stderr)
	}
}
