//go:build linux

package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
)

// snapshot maps every entry under root to its type, mode and content hash, so that a
// test can say byte for byte that a command changed nothing there.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	snap := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		v := fi.Mode().String()
		if fi.Mode().IsRegular() {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			v += fmt.Sprintf(" %x", sha256.Sum256(b))
		}
		snap[p] = v
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// diffSnapshots lists what changed between two snapshots.
func diffSnapshots(before, after map[string]string) []string {
	var diff []string
	for p, v := range before {
		if w, ok := after[p]; !ok {
			diff = append(diff, "removed "+p)
		} else if w != v {
			diff = append(diff, "changed "+p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			diff = append(diff, "added "+p)
		}
	}
	slices.Sort(diff)
	return diff
}

// oneErrorLine checks that stderr holds one "bangsim: error:" line containing want and,
// besides it, at most the usage hint.
func oneErrorLine(stderr, want string) error {
	var errLines []string
	for _, line := range strings.Split(strings.TrimRight(stderr, "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "bangsim: error: "):
			errLines = append(errLines, line)
		case strings.HasPrefix(line, "run 'bangsim ") && strings.HasSuffix(line, "--help' for usage"):
		default:
			return fmt.Errorf("stray stderr line %q", line)
		}
	}
	if len(errLines) != 1 || !strings.Contains(errLines[0], want) {
		return fmt.Errorf("error lines %q, want one containing %q", errLines, want)
	}
	return nil
}

// writerFixtures are the inputs of the writing commands: a run, two shards of one, a
// comparison, a duel's directory and a sweep file, under root.
type writerFixtures struct {
	results, shard1, shard2, cmp, duel, sweepYAML string
}

func makeWriterFixtures(t *testing.T, root string) writerFixtures {
	t.Helper()
	f := writerFixtures{
		results: filepath.Join(root, "results"), shard1: filepath.Join(root, "shard1"), shard2: filepath.Join(root, "shard2"),
		cmp: filepath.Join(root, "cmp"), duel: filepath.Join(root, "duel"), sweepYAML: filepath.Join(root, "sweep.yaml"),
	}
	mustCLI(t, "run", "-q", "--games", "40", "--out", f.results)
	mustCLI(t, "run", "-q", "--games", "40", "--shard", "1/2", "--out", f.shard1)
	mustCLI(t, "run", "-q", "--games", "40", "--shard", "2/2", "--out", f.shard2)
	mustCLI(t, "compare", "-q", "--games", "10", "--policies", "heuristic,random", "--out", f.cmp)
	mustCLI(t, "duel", "-q", "--duels", "1", "--out", f.duel)
	if err := os.WriteFile(f.sweepYAML, []byte(strings.Replace(sweepFile, "games: 40", "games: 4", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// writer is one writing command: its arguments with --out (or --dir) out, and a result
// directory of another kind than the one it writes.
type writer struct {
	name  string
	args  func(out string) []string
	other string
}

func writers(f writerFixtures) []writer {
	return []writer{
		{"run", func(o string) []string { return []string{"run", "-q", "--games", "20", "--out", o} }, f.cmp},
		{"merge", func(o string) []string { return []string{"merge", "-q", "--out", o, f.shard1, f.shard2} }, f.cmp},
		{"compare", func(o string) []string {
			return []string{"compare", "-q", "--games", "10", "--policies", "heuristic,random", "--out", o}
		}, f.results},
		{"plot", func(o string) []string { return []string{"plot", "--out", o, f.results} }, f.duel},
		{"report", func(o string) []string { return []string{"report", "--out", o, f.results} }, f.duel},
		{"balance", func(o string) []string { return []string{"balance", "--out", o, f.results} }, f.duel},
		{"man", func(o string) []string { return []string{"man", "--dir", o} }, f.results},
		{"duel", func(o string) []string { return []string{"duel", "-q", "--duels", "1", "--out", o} }, f.results},
		{"league", func(o string) []string { return []string{"league", "-q", "--seasons", "1", "--out", o} }, f.duel},
		{"sweep", func(o string) []string { return []string{"sweep", f.sweepYAML, "-q", "--out", o} }, f.results},
		{"ladder", func(o string) []string {
			return []string{"ladder", "-q", "--games", "32", "--policies", "random,heuristic", "--out", o}
		}, f.results},
		{"tune", func(o string) []string {
			return []string{"tune", "-q", "--games", "20", "--budget", "2", "--validate-games", "20", "--out", o}
		}, f.results},
	}
}

// TestWritersRefuseWhatRunRefuses is issue 28's data-loss test: every command that
// writes refuses, with exit 2 and one line, (i) a directory holding a user's file
// (notes.txt, and the issue's own summary.md that `report --out notes` replaced), (ii)
// the current directory, (iii) "/" and (iv) a result directory of another kind (the
// issue's `compare --out results`, `league --out duel`...); and no file anywhere under
// the test's directory (or in "/") changes, byte for byte.
func TestWritersRefuseWhatRunRefuses(t *testing.T) {
	root := t.TempDir()
	f := makeWriterFixtures(t, filepath.Join(root, "in"))
	notes := filepath.Join(root, "notes")
	summary := filepath.Join(root, "summary")
	cwd := filepath.Join(root, "cwd")
	for _, d := range []string{notes, summary, cwd} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(notes, "notes.txt"), []byte("mine\n"), 0o644)
	os.WriteFile(filepath.Join(summary, "summary.md"), []byte("mine\n"), 0o644)

	for _, w := range writers(f) {
		kind, err := resultfile.DetectKind(w.other)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name, out, want string
			chdir           bool
		}{
			{"user notes.txt", notes, `holds files bangsim did not write (e.g. "notes.txt")`, false},
			{"user summary.md", summary, `holds files bangsim did not write (e.g. "summary.md")`, false},
			{"current directory", ".", "is or holds the current directory", true},
			{"other kind", w.other, "holds " + kind.String(), false},
		} {
			t.Run(w.name+"/"+c.name, func(t *testing.T) {
				if c.chdir {
					t.Chdir(cwd)
				}
				before := snapshot(t, root)
				code, _, stderr := cli(t, w.args(c.out)...)
				if code != exitUsage {
					t.Errorf("exit %d, want %d; stderr:\n%s", code, exitUsage, stderr)
				}
				if err := oneErrorLine(stderr, c.want); err != nil {
					t.Error(err)
				}
				if d := diffSnapshots(before, snapshot(t, root)); len(d) > 0 {
					t.Errorf("the refused command changed files: %q", d)
				}
			})
		}
	}
	t.Run("root directory", func(t *testing.T) { refuseRoot(t, root, f) })
}

// refuseRoot runs every writing command with --out / and checks the refusal. The
// refusal must come before anything is written; so that a command that got it wrong
// cannot damage the machine, a test running as root runs them as the unprivileged
// user nobody, which cannot write into "/" at all.
func refuseRoot(t *testing.T, root string, f writerFixtures) {
	rootBefore := entryNames(t, "/")
	if os.Geteuid() != 0 {
		for _, w := range writers(f) {
			code, _, stderr := cli(t, w.args("/")...)
			if code != exitUsage || oneErrorLine(stderr, `"/" is a root directory`) != nil {
				t.Errorf("%s --out /: exit %d, stderr:\n%s", w.name, code, stderr)
			}
		}
	} else {
		bin := buildBinary(t)
		// nobody must reach the binary and read the inputs.
		for _, p := range []string{filepath.Dir(bin), filepath.Dir(filepath.Dir(bin)), root, filepath.Dir(root)} {
			if err := os.Chmod(p, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				os.Chmod(p, 0o755)
			}
			return nil
		})
		before := snapshot(t, root)
		for _, w := range writers(f) {
			cmd := exec.Command(bin, w.args("/")...)
			cmd.Dir = "/"
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
			var errb bytes.Buffer
			cmd.Stderr, cmd.Stdout = &errb, &bytes.Buffer{}
			err := cmd.Run()
			var exit *exec.ExitError
			if err != nil && !errors.As(err, &exit) {
				t.Skipf("cannot run as nobody: %v", err)
			}
			if code := cmd.ProcessState.ExitCode(); code != exitUsage || oneErrorLine(errb.String(), `"/" is a root directory`) != nil {
				t.Errorf("%s --out /: exit %d, stderr:\n%s", w.name, code, errb.String())
			}
		}
		if d := diffSnapshots(before, snapshot(t, root)); len(d) > 0 {
			t.Errorf("refused commands changed files: %q", d)
		}
	}
	if after := entryNames(t, "/"); !slices.Equal(rootBefore, after) {
		t.Errorf("/ held %q, now %q", rootBefore, after)
	}
}

// entryNames lists dir.
func entryNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

// TestWritersIntoTheirOwn checks what the refusals must not break: report, plot and
// balance write into the result directory they read (the default) and again into a
// directory of their own they made; man replaces its own pages; every command writes
// over a previous directory of its own kind.
func TestWritersIntoTheirOwn(t *testing.T) {
	root := t.TempDir()
	f := makeWriterFixtures(t, root)
	for _, args := range [][]string{
		{"report", f.results}, {"plot", "--format", "svg", f.results}, {"balance", f.results},
		{"report", "--out", filepath.Join(root, "site"), f.results},
		{"plot", "--format", "svg", "--out", filepath.Join(root, "site"), f.results},
		{"report", "--out", filepath.Join(root, "site"), f.results},
		{"plot", "--format", "svg", f.cmp}, {"report", f.cmp},
		{"man", "--dir", filepath.Join(root, "man")}, {"man", "--dir", filepath.Join(root, "man")},
		{"run", "-q", "--games", "30", "--out", f.results},
		{"merge", "-q", "--out", f.results, f.shard1, f.shard2},
		{"compare", "-q", "--games", "10", "--policies", "heuristic,random", "--out", f.cmp},
		{"duel", "-q", "--duels", "1", "--out", f.duel},
	} {
		mustCLI(t, args...)
	}
	if _, err := os.Stat(filepath.Join(root, "man", "bangsim-run.1")); err != nil {
		t.Error(err)
	}
	// The report and charts went with the run they described when merge replaced it.
	if names := entryNames(t, f.results); slices.Contains(names, "report.html") {
		t.Errorf("merge kept the old report: %q", names)
	}
}

// TestPartialRunKeepsComplete checks issue 28's "a partial result never replaces a
// complete one" for run and compare: interrupted (here before its first game) over a
// directory holding a complete result, the command leaves that result byte for byte
// and writes the partial one beside it, into DIR.partial, and says where.
func TestPartialRunKeepsComplete(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "results")
	mustCLI(t, "run", "-q", "--games", "50", "--out", dir)
	cmp := filepath.Join(root, "cmp")
	mustCLI(t, "compare", "-q", "--games", "10", "--policies", "heuristic,random", "--out", cmp)
	before := snapshot(t, root)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()

	opts := defaultRunOptions()
	opts.Games, opts.Out, opts.Quiet, opts.ProgressEvery = 1_000_000_000, dir, true, 0
	err := runRun(ctx, opts, &bytes.Buffer{}, &bytes.Buffer{})
	if !errors.Is(err, errInterrupted) || !strings.Contains(err.Error(), dir+".partial") || !strings.Contains(err.Error(), "were kept") {
		t.Fatalf("error %v, want an interruption naming %s.partial", err, dir)
	}
	if rec := readRunJSON(t, dir+".partial"); !rec.Partial {
		t.Errorf("%s.partial is not partial", dir)
	}

	var out, errb bytes.Buffer
	code := execute(ctx, []string{"bangsim", "compare", "-q", "--games", "1000000000", "--policies", "heuristic,random", "--out", cmp}, &out, &errb)
	if code != exitFailure || !strings.Contains(errb.String(), cmp+".partial") {
		t.Fatalf("compare: exit %d, %s", code, errb.String())
	}
	after := snapshot(t, root)
	for p := range after {
		if strings.HasPrefix(p, dir+".partial") || strings.HasPrefix(p, cmp+".partial") {
			delete(after, p)
		}
	}
	if d := diffSnapshots(before, after); len(d) > 0 {
		t.Errorf("the partial results changed the complete ones: %q", d)
	}
	// A complete run replaces the partial one in place, as before.
	mustCLI(t, "run", "-q", "--games", "20", "--out", dir+".partial")
	if rec := readRunJSON(t, dir+".partial"); rec.Partial {
		t.Error("still partial")
	}
}

// TestConcurrentWriters is issue 28's concurrency test, with two real processes: while
// one bangsim writes --out, a second is refused at once with one clear line (not
// "holds files bangsim did not write" about the first one's files), and the first
// one's set is whole. Started together, exactly one of two writers wins.
func TestConcurrentWriters(t *testing.T) {
	bin := buildBinary(t)
	work := t.TempDir()
	out := filepath.Join(work, "results")
	start := func(games string) (*exec.Cmd, *bytes.Buffer) {
		cmd := exec.Command(bin, "run", "-q", "--games", games, "--out", out)
		var errb bytes.Buffer
		cmd.Stderr, cmd.Stdout = &errb, &bytes.Buffer{}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd, &errb
	}
	wait := func(cmd *exec.Cmd) int {
		cmd.Wait()
		return cmd.ProcessState.ExitCode()
	}
	whole := func(games uint64) {
		t.Helper()
		s, err := lab.ReadShard(out) // checks tally.json's checksum and counts
		if err != nil {
			t.Fatal(err)
		}
		if s.Run.Partial || s.Run.GamesPlayed != games {
			t.Fatalf("the set holds %d games (partial %v), want the %d of the writer that won", s.Run.GamesPlayed, s.Run.Partial, games)
		}
	}
	const busy = "is being written by another bangsim process"

	// One writer playing, a second one arriving.
	first, firstErr := start("200000")
	lockFile := filepath.Join(work, ".results.bangsim-lock")
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(lockFile); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first writer never took its lock")
		}
	}
	began := time.Now()
	second, secondErr := start("1000")
	if code := wait(second); code != exitUsage || oneErrorLine(secondErr.String(), busy) != nil {
		t.Errorf("second writer: exit %d, stderr:\n%s", code, secondErr)
	}
	if d := time.Since(began); d > 5*time.Second {
		t.Errorf("the second writer took %v to be refused", d)
	}
	if code := wait(first); code != 0 {
		t.Fatalf("first writer: exit %d\n%s", code, firstErr)
	}
	whole(200000)
	if _, err := os.Stat(lockFile); err == nil {
		t.Error("the lock file stayed")
	}

	// Two writers started together: one wins, the other is refused.
	for trial := range 2 {
		a, aErr := start("100000")
		b, bErr := start("100001")
		ca, cb := wait(a), wait(b)
		switch {
		case ca == 0 && cb == exitUsage && oneErrorLine(bErr.String(), busy) == nil:
			whole(100000)
		case cb == 0 && ca == exitUsage && oneErrorLine(aErr.String(), busy) == nil:
			whole(100001)
		default:
			t.Errorf("trial %d: exits %d and %d, want 0 and %d\n%s\n%s", trial, ca, cb, exitUsage, aErr, bErr)
		}
	}
}

// TestFullDiskLeavesNothing checks issue 28's full disk: a write that fails (here the
// file size limit, EFBIG, as a full disk gives ENOSPC) leaves no new directory, no
// parent it created and no half man page, and an older complete run untouched.
func TestFullDiskLeavesNothing(t *testing.T) {
	bin := buildBinary(t)
	work := t.TempDir()
	mustCLI(t, "run", "-q", "--games", "50", "--out", filepath.Join(work, "old"))
	before := snapshot(t, work)
	for _, args := range [][]string{
		{"run", "-q", "--games", "100", "--out", "new/deep/results"},
		{"run", "-q", "--games", "100", "--out", "old"},
		{"man", "--dir", "new/man"},
		{"report", "--out", "new/site", "old"},
		{"plot", "--out", "new/charts", "old"},
	} {
		// ulimit -f 1: no file may grow past 512 bytes (a block in sh).
		cmd := exec.Command("sh", append([]string{"-c", `ulimit -f 1 && exec "$0" "$@"`, bin}, args...)...)
		cmd.Dir = work
		var errb bytes.Buffer
		cmd.Stderr, cmd.Stdout = &errb, &bytes.Buffer{}
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != exitFailure || oneErrorLine(errb.String(), "cannot write") != nil ||
			strings.Contains(errb.String(), ".bangsim-new-") {
			t.Errorf("%v: exit %d, stderr:\n%s", args, code, errb.String())
		}
		if d := diffSnapshots(before, snapshot(t, work)); len(d) > 0 {
			t.Errorf("%v on a full disk left %q", args, d)
		}
	}
}
