package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"github.com/bangsim/bangsim/resultfile"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// buildBinary builds bangsim once per test run into a temporary directory.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "bangsim")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// runBinary runs the binary in dir and returns its exit status and outputs.
func runBinary(t *testing.T, bin, dir string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return code, out.String(), errb.String()
}

// TestEndToEnd uses the built binary as a person would: a run, its files, the same run
// on other worker counts, a replay that agrees with it, and the listing commands.
func TestEndToEnd(t *testing.T) {
	bin := buildBinary(t)
	work := t.TempDir()
	run := func(out, workers string) string {
		code, stdout, stderr := runBinary(t, bin, work, "run", "--players", "3-5", "--games", "3000", "--workers", workers, "--out", out)
		if code != 0 {
			t.Fatalf("run: exit %d\n%s", code, stderr)
		}
		return stdout
	}
	summary := run("w1", "1")
	run("w2", "2")
	if !strings.Contains(summary, "Win rate by role") {
		t.Errorf("no summary on stdout:\n%s", summary)
	}
	for _, f := range csvFiles {
		a, err1 := os.ReadFile(filepath.Join(work, "w1", f))
		b, err2 := os.ReadFile(filepath.Join(work, "w2", f))
		if err1 != nil || err2 != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: --workers 1 and 2 differ (%v, %v)", f, err1, err2)
		}
	}
	rows := csvMaps(t, filepath.Join(work, "w1", resultfile.EventsFile))
	if len(rows) != 3 {
		t.Fatalf("events.csv has %d rows, want 3", len(rows))
	}
	for _, m := range rows {
		sum := num(t, m["draws"])
		for _, side := range []string{"sheriff", "deputy", "outlaw", "renegade"} {
			sum += num(t, m["wins_"+side])
		}
		if sum != num(t, m["games"]) || m["games"] != "3000" {
			t.Errorf("%s players: wins and draws add to %d, games %s", m["players"], sum, m["games"])
		}
	}
	rec := readRunJSON(t, filepath.Join(work, "w1"))
	if len(rec.Command) < 2 || !strings.HasSuffix(rec.Command[0], "bangsim") || rec.Command[1] != "run" {
		t.Errorf("run.json command %v", rec.Command)
	}

	// Game 1234 of the 4-player run, replayed, has the winner the run counted: the
	// difference between runs of 1235 and 1234 games.
	for _, g := range []string{"1234", "1235"} {
		if code, _, stderr := runBinary(t, bin, work, "run", "-q", "--players", "4", "--games", g, "--out", "g"+g); code != 0 {
			t.Fatalf("run: %s", stderr)
		}
	}
	w0, d0 := sideWins(t, filepath.Join(work, "g1234"), 4)
	w1, d1 := sideWins(t, filepath.Join(work, "g1235"), 4)
	code, out, stderr := runBinary(t, bin, work, "replay", "--players", "4", "--index", "1234", "--json")
	if code != 0 {
		t.Fatalf("replay: %s", stderr)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var end struct {
		Draw *bool  `json:"draw"`
		Side string `json:"side"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &end); err != nil {
		t.Fatal(err)
	}
	if *end.Draw {
		if d1 != d0+1 {
			t.Errorf("replay: a draw; the run counted no draw for game 1234")
		}
	} else if w1[end.Side] != w0[end.Side]+1 {
		t.Errorf("replay: %s won game 1234; the run counted %v then %v", end.Side, w0, w1)
	}

	for _, args := range [][]string{{"characters"}, {"policies", "--json"}, {"completion", "bash"}, {"--version"}} {
		if code, out, stderr := runBinary(t, bin, work, args...); code != 0 || out == "" {
			t.Errorf("bangsim %v: exit %d, stdout %d bytes, stderr %s", args, code, len(out), stderr)
		}
	}
	if code, _, stderr := runBinary(t, bin, work, "run", "--players", "9"); code != exitUsage || !strings.HasPrefix(stderr, "bangsim: error: ") {
		t.Errorf("bad --players: exit %d, stderr %q", code, stderr)
	}
}

// TestInterruptBinary sends SIGINT to a long run and checks that it stops, writes the
// finished games marked partial, notes it on stderr and exits 1.
func TestInterruptBinary(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT on Windows")
	}
	interruptBinary(t, 10*time.Second, "--games", "1000000000")
}

// TestInterruptSlowBot checks that a run whose games are slow (a search bot thinks for
// milliseconds a decision) stops within 2 s of SIGINT: work is handed out in pieces
// sized by time, so no worker is committed to thousands of slow games.
func TestInterruptSlowBot(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT on Windows")
	}
	interruptBinary(t, 2*time.Second, "--games", "100000", "--policy-for", "outlaw=search")
}

// interruptBinary starts a five-player run with args, sends SIGINT once it has
// finished a game, and checks it stops within limit with its finished games written,
// marked partial.
func interruptBinary(t *testing.T, limit time.Duration, args ...string) {
	bin := buildBinary(t)
	out := filepath.Join(t.TempDir(), "res")
	cmd := exec.Command(bin, append([]string{"run", "--players", "5", "--out", out, "--progress-every", "50ms"}, args...)...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = &bytes.Buffer{}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	sc := bufio.NewScanner(stderr)
	// Wait for the first progress line: games are being played.
	for sc.Scan() {
		log.WriteString(sc.Text() + "\n")
		if strings.HasPrefix(sc.Text(), "players 5: ") && !strings.HasPrefix(sc.Text(), "players 5: 0/") {
			break
		}
	}
	start := time.Now()
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	for sc.Scan() {
		log.WriteString(sc.Text() + "\n")
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitFailure {
		t.Fatalf("exit %v, want status 1; stderr:\n%s", err, log.String())
	}
	if d := time.Since(start); d > limit {
		t.Errorf("took %v to stop, want at most %v", d, limit)
	}
	if !strings.Contains(log.String(), "interrupted after") {
		t.Errorf("no interruption note on stderr:\n%s", log.String())
	}
	rec := readRunJSON(t, out)
	if !rec.Partial || rec.GamesPlayed == 0 || rec.GamesPlayed >= rec.GamesPlanned {
		t.Errorf("run.json: partial %v, %d of %d games", rec.Partial, rec.GamesPlayed, rec.GamesPlanned)
	}
	if m := csvMaps(t, filepath.Join(out, resultfile.EventsFile)); len(m) != 1 || num(t, m[0]["games"]) != rec.GamesPlayed {
		t.Errorf("events.csv %v does not count the %d games played", m, rec.GamesPlayed)
	}
}
