package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bangsim/bangsim/lab/sweep"
	"github.com/bangsim/bangsim/resultfile"
)

// sweepFile is the sweep the command tests play: 2 x 3 card cells with random bots, one
// excluded, two player counts each (3 roles at 4 players, 4 at 5).
const sweepFile = `# a test sweep
game: card
games: 40
players: 4-5
policy: random
axes:
  life.el-gringo: [-1, 0, 2]
  high-noon: [0, 3]
exclude:
  - {life.el-gringo: -1, high-noon: 3}
`

// inSweepDir makes a temporary directory the working directory and writes the sweep
// file into it as name.
func inSweepDir(t *testing.T, name, text string) string {
	t.Helper()
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// The dry run's output, with the calibration replaced by fixed times and one cell
// already played, is the golden file's.
func TestSweepDryRunGolden(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	inSweepDir(t, "life.yaml", sweepFile)
	// Two cells played before: one as the sweep plays it (done), one with other games
	// (to play again).
	for _, one := range []string{"  life.el-gringo: [2]\n  high-noon: [3]\n", "  life.el-gringo: [0]\n  high-noon: [0]\ngames: 30\n"} {
		text := strings.Replace(sweepFile, "  life.el-gringo: [-1, 0, 2]\n  high-noon: [0, 3]\nexclude:\n  - {life.el-gringo: -1, high-noon: 3}\n", one, 1)
		os.WriteFile("one.yaml", []byte(strings.Replace(text, "games: 40\n", "", strings.Count(one, "games"))), 0o644)
		mustCLI(t, "sweep", "one.yaml", "--out", "life", "-q")
	}
	defer func(f func(context.Context, *sweep.Plan, sweep.Options, []sweep.CellStatus, time.Duration) (*sweep.Estimate, error)) {
		calibrate = f
	}(calibrate)
	calibrate = func(_ context.Context, p *sweep.Plan, _ sweep.Options, st []sweep.CellStatus, _ time.Duration) (*sweep.Estimate, error) {
		est := &sweep.Estimate{Spent: 800 * time.Millisecond, Workers: 2}
		for i := range p.Cells {
			s := 0.0
			if !st[i].Done {
				s = 1.5 * float64(i+1) * float64(i+1)
			}
			est.Seconds = append(est.Seconds, s)
		}
		return est, nil
	}
	out, _ := mustCLI(t, "sweep", "life.yaml", "--dry-run")
	if _, err := os.Stat(filepath.Join("life", resultfile.SweepFile)); err != nil {
		t.Fatal(err)
	}
	js, _ := mustCLI(t, "sweep", "life.yaml", "--dry-run", "--json", "--calibrate", "0")
	var d sweep.DryRun
	if err := json.Unmarshal([]byte(js), &d); err != nil || len(d.Cells) != 5 || d.ToRun != 4 || d.Games != 4*2*40 || d.Cells[1].Status != "to play again" {
		t.Errorf("--dry-run --json: %v %+v", err, d)
	}
	t.Chdir(wd)
	golden(t, "sweep-dry-run.txt", out)
}

// Sweep shards played by the command line and merged by `bangsim merge` give the
// single sweep's tables; merge refuses a shard twice (exit 2) and writes a merge with a
// shard missing but exits 1; report and plot read the sweep.
func TestSweepCommandLine(t *testing.T) {
	inSweepDir(t, "life.yaml", sweepFile)
	out, _ := mustCLI(t, "sweep", "life.yaml", "--format", "csv,parquet")
	if !strings.Contains(out, "Played 5 cells, kept 0") {
		t.Errorf("summary:\n%s", out)
	}
	for k := 1; k <= 3; k++ {
		mustCLI(t, "sweep", "life.yaml", "--shard", itoa(k)+"/3", "--out", "part"+itoa(k), "-q", "--format", "parquet,csv")
	}
	mustCLI(t, "merge", "--out", "merged", "part1", "part2", "part3")
	for _, f := range []string{resultfile.SweepRolesFile, resultfile.SweepCharactersFile} {
		a, _ := os.ReadFile(filepath.Join("life", f))
		b, _ := os.ReadFile(filepath.Join("merged", f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("merged %s differs from the single sweep's", f)
		}
	}
	if _, err := os.Stat(filepath.Join("merged", resultfile.SweepRolesParquetFile)); err != nil {
		t.Errorf("the merge did not write the shards' Parquet tables: %v", err)
	}
	if code, _, stderr := cli(t, "merge", "--out", "m2", "part1", "part2", "part2"); code != exitUsage || !strings.Contains(stderr, "both hold shard 2/3") {
		t.Errorf("a shard twice: exit %d, %s", code, stderr)
	}
	if code, _, stderr := cli(t, "merge", "--out", "m3", "part1", "part3"); code != exitFailure || !strings.Contains(stderr, "shard 2/3 was not given") {
		t.Errorf("a shard missing: exit %d, %s", code, stderr)
	}
	mustCLI(t, "run", "--game", "card", "--games", "10", "--players", "4", "--out", "arun", "-q")
	if code, _, stderr := cli(t, "merge", "--out", "m4", "part1", "arun"); code != exitUsage || !strings.Contains(stderr, `"part1" is a sweep (sweep.json); merge the shards of one result together`) {
		t.Errorf("a sweep and a run: exit %d, %s", code, stderr)
	}
	out, _ = mustCLI(t, "sweep", "life.yaml")
	if !strings.Contains(out, "Played 0 cells, kept 5") {
		t.Errorf("a sweep run again played cells:\n%s", out)
	}

	mustCLI(t, "report", "life")
	md, _ := os.ReadFile(filepath.Join("life", "summary.md"))
	for _, want := range []string{"## bangsim sweep: card game", "### Along life.el-gringo", "### Along high-noon", "### Cells", " Sheriff at 4 |", "| 4 | "} {
		if !strings.Contains(string(md), want) {
			t.Errorf("summary.md lacks %q:\n%s", want, md)
		}
	}
	page, _ := os.ReadFile(filepath.Join("life", "report.html"))
	rows := csvMaps(t, filepath.Join("life", resultfile.SweepRolesFile))
	if len(rows) != 5*(3+4) || !strings.Contains(string(page), `data-source="sweep.csv"`) || !strings.Contains(string(page), "<td>"+rows[len(rows)-1]["cell"]+"</td>") {
		t.Errorf("report.html lacks sweep.csv's rows (%d rows)", len(rows))
	}
	out, _ = mustCLI(t, "plot", "life", "--format", "svg")
	for _, f := range []string{"plot-sweep-cells.svg", "plot-sweep-life_el_gringo.svg", "plot-sweep-high_noon.svg"} {
		st, err := os.Stat(filepath.Join("life", f))
		if err != nil || !strings.Contains(out, f) {
			t.Errorf("plot did not write %s: %v\n%s", f, err, out)
		} else if st.Size() >= 100_000 {
			t.Errorf("%s: %d bytes, want < 100,000 (the font is subset)", f, st.Size())
		}
	}
	// The charts and report beside the results do not stop the sweep from running again.
	mustCLI(t, "sweep", "life.yaml", "-q")
}

// Mistakes in the sweep file or the flags are usage errors naming the line.
func TestSweepBadInput(t *testing.T) {
	inSweepDir(t, "bad.yaml", "game: card\ngames: 10\naxes:\n  high-noon: [0, 300]\n")
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"sweep"}, "sweep needs one sweep file"},
		{[]string{"sweep", "nofile.yaml"}, "read sweep file"},
		{[]string{"sweep", "bad.yaml"}, "bad.yaml:4: axes.high-noon: 300 is out of range: want a whole number from 0 to 255"},
		{[]string{"sweep", "bad.yaml", "--format", "xls"}, "bad.yaml:4"},
		{[]string{"sweep", "bad.yaml", "--shard", "5/4"}, "bad.yaml:4"},
	} {
		code, _, stderr := cli(t, tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.msg)
		}
	}
	os.WriteFile("good.yaml", []byte("game: card\ngames: 10\n"), 0o644)
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"sweep", "good.yaml", "--format", "xls"}, `--format: unknown table format "xls"`},
		{[]string{"sweep", "good.yaml", "--shard", "5/4"}, "bad --shard"},
		// every writing command's refusal, with run's message (issue 28)
		{[]string{"sweep", "good.yaml", "--out", "."}, `holds files bangsim did not write (e.g. "bad.yaml")`},
	} {
		code, _, stderr := cli(t, tc.args...)
		if code != exitUsage || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.msg)
		}
	}
}

// TestSweepChild is the sweep TestSweepKilled starts in a process of its own and kills;
// it does nothing in a normal test run.
func TestSweepChild(t *testing.T) {
	if os.Getenv("BANGSIM_SWEEP_CHILD") == "" {
		t.Skip("run by TestSweepKilled")
	}
	os.Exit(execute(context.Background(), append([]string{"bangsim"}, strings.Fields(os.Getenv("BANGSIM_SWEEP_CHILD"))...), os.Stdout, os.Stderr))
}

// A sweep killed with SIGKILL in its third cell and run again gives the tables of a
// sweep never interrupted, every cell holding each of its games once.
func TestSweepKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a sweep three times")
	}
	text := "game: dice\ngames: 15000\nplayers: 5\naxes:\n  sheriff-bonus: [1, 2, 3, 4, 5, 6]\n"
	inSweepDir(t, "kill.yaml", text)
	args := "sweep kill.yaml --out killed --workers 1 -q"
	cmd := exec.Command(os.Args[0], "-test.run=^TestSweepChild$")
	cmd.Env = append(os.Environ(), "BANGSIM_SWEEP_CHILD="+args)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	complete := 0
	for deadline := time.Now().Add(60 * time.Second); complete < 2; {
		select {
		case err := <-done:
			t.Fatalf("the sweep ended (%v) before it was killed; give it more games", err)
		case <-time.After(2 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatal("the sweep did not complete two cells in a minute")
		}
		var m resultfile.Sweep
		if b, err := os.ReadFile(filepath.Join("killed", resultfile.SweepFile)); err == nil && json.Unmarshal(b, &m) == nil {
			complete = completeCells(&m)
		}
	}
	cmd.Process.Signal(syscall.SIGKILL)
	<-done
	var m resultfile.Sweep
	b, _ := os.ReadFile(filepath.Join("killed", resultfile.SweepFile))
	if err := json.Unmarshal(b, &m); err != nil || m.Complete {
		t.Fatalf("the killed sweep's sweep.json: %v, complete %v", err, m.Complete)
	}
	killedAt := completeCells(&m)

	out, _ := mustCLI(t, strings.Fields(strings.Replace(args, " -q", "", 1))...)
	if !strings.Contains(out, "kept "+itoa(killedAt)+" complete") {
		t.Errorf("the resumed sweep did not keep the %d complete cells:\n%s", killedAt, out)
	}
	mustCLI(t, "sweep", "kill.yaml", "--out", "whole", "-q")
	for _, f := range []string{resultfile.SweepRolesFile, resultfile.SweepCharactersFile} {
		a, _ := os.ReadFile(filepath.Join("whole", f))
		b, _ := os.ReadFile(filepath.Join("killed", f))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("the resumed sweep's %s differs from the uninterrupted one's", f)
		}
	}
	entries, _ := os.ReadDir(filepath.Join("killed", resultfile.SweepCellsDir))
	if len(entries) != 6 {
		t.Errorf("%d entries in killed/cells, want the 6 cells: %v", len(entries), entries)
	}
	for _, e := range entries {
		rec := readRunJSON(t, filepath.Join("killed", resultfile.SweepCellsDir, e.Name()))
		if rec.Partial || rec.GamesPlayed != 15000 {
			t.Errorf("cell %s: %d games, partial %v", e.Name(), rec.GamesPlayed, rec.Partial)
		}
	}
}
