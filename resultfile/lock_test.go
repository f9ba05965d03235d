package resultfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// file returns a File named name holding text.
func file(name, text string) File {
	return File{Name: name, Write: func(w io.Writer) error { _, err := io.WriteString(w, text); return err }}
}

// mkFiles makes dir holding the named files, each with its own name as content.
func mkFiles(t *testing.T, dir string, names ...string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(n), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestKindOf checks the one table of which files make which kind (issue 28: a command
// refuses a directory of another kind), its order where kinds mix, and that report
// files alone make no kind without the marker.
func TestKindOf(t *testing.T) {
	for _, c := range []struct {
		names []string
		want  Kind
	}{
		{nil, KindNone},
		{[]string{"summary.md", "report.html", "plot-roles.svg"}, KindNone},
		{[]string{ExtrasMarker, "summary.md"}, KindExtras},
		{[]string{RunFile, TallyFile, RolesFile, "report.html"}, KindRun},
		{[]string{SeatsFile, CharactersFile}, KindRun},
		{[]string{SeatsFile, CharactersFile, DuelOrderFile}, KindDuel},
		{[]string{LeagueStandingsFile, LeaguePricesFile}, KindLeague},
		{[]string{CompareJSONFile, CompareDiffFile, CompareFile, CompareTallyFile}, KindCompare},
		{[]string{SweepFile, SweepCellsDir, SweepRolesFile}, KindSweep},
		{[]string{TuneFile, TuneConvergenceFile, "plot-tune.svg"}, KindTune},
		{[]string{"bangsim.1", "bangsim-run.1"}, KindMan},
		{[]string{"bangsim-notes.txt"}, KindNone},
	} {
		if got := KindOf(c.names); got != c.want {
			t.Errorf("KindOf(%q) = %v, want %v", c.names, got, c.want)
		}
	}
}

// TestWriteSetRefusesOtherKind checks that a set never replaces a directory of another
// kind, with one line naming the kind found and the kind written, and leaves it as it
// was; a set of its own kind replaces it.
func TestWriteSetRefusesOtherKind(t *testing.T) {
	parent := t.TempDir()
	cmp := mkFiles(t, filepath.Join(parent, "cmp"), CompareJSONFile, CompareDiffFile, CompareFile, CompareTallyFile)
	run := []File{file(RunFile, "{}"), file(TallyFile, "{}"), file(RolesFile, "r")}
	err := WriteSet(cmp, run)
	if !errors.Is(err, ErrUnsafeTarget) || strings.Contains(err.Error(), "\n") ||
		!strings.Contains(err.Error(), "holds a comparison (compare.json)") || !strings.Contains(err.Error(), "writes a run or merge result") {
		t.Fatalf("run over a comparison: %v", err)
	}
	wantOnly(t, cmp, CompareDiffFile, CompareTallyFile, CompareFile, CompareJSONFile)
	if err := lockCheck(cmp, KindDuel); !errors.Is(err, ErrUnsafeTarget) {
		t.Errorf("duel over a comparison: %v", err)
	}
	if err := WriteSet(cmp, []File{file(CompareJSONFile, "{}"), file(CompareDiffFile, "d")}); err != nil {
		t.Fatalf("comparison over a comparison: %v", err)
	}
	wantOnly(t, cmp, CompareDiffFile, CompareJSONFile)
	wantOnly(t, parent, "cmp")
}

// lockCheck takes and at once releases dir's lock, for the tests.
func lockCheck(dir string, k Kind) error {
	l, err := LockTarget(dir, k)
	l.Unlock()
	return err
}

// TestLockRefusesSecondWriter checks the lock of issue 28: while one Lock is held, a
// second claim on the directory, and a WriteSet or AddFiles without it, is refused at
// once with one plain line; released, the directory can be written; the lock file goes
// with the lock. (The two-process case is cmd/bangsim's TestConcurrentWriters.)
func TestLockRefusesSecondWriter(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("flock is used on Linux only")
	}
	parent := t.TempDir()
	dir := filepath.Join(parent, "results")
	l, err := LockTarget(dir, KindRun)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(parent, ".results"+lockSuffix)); err != nil {
		t.Fatalf("no lock file: %v", err)
	}
	// Another open file description of the lock file is another process, to flock.
	held.Lock()
	delete(held.m, l.t.abs) // as if this process did not hold it
	held.Unlock()
	for i, err := range []error{
		lockCheck(dir, KindRun),
		WriteSet(dir, genFiles(1)),
		AddFiles(dir, []File{file("summary.md", "x")}),
	} {
		if !errors.Is(err, ErrUnsafeTarget) || !strings.Contains(err.Error(), "being written by another bangsim process") {
			t.Errorf("claim %d while locked: %v", i, err)
		}
	}
	held.Lock()
	held.m[l.t.abs] = l
	held.Unlock()
	// The holder itself writes under its lock.
	if err := WriteSet(dir, genFiles(1)); err != nil {
		t.Fatal(err)
	}
	l.Unlock()
	l.Unlock() // twice is harmless
	wantOnly(t, parent, "results")
	if err := WriteSet(dir, genFiles(2)); err != nil {
		t.Fatal(err)
	}
	if g := mustReadSet(t, dir); g != 2 {
		t.Fatalf("generation %d", g)
	}
}

// TestLockLeftByKilledWriter checks that a lock file a killed process left (its flock
// gone with it) blocks nothing, and is removed by the next writer.
func TestLockLeftByKilledWriter(t *testing.T) {
	parent := t.TempDir()
	mkFiles(t, parent, ".results"+lockSuffix)
	dir := filepath.Join(parent, "results")
	if err := WriteSet(dir, genFiles(1)); err != nil {
		t.Fatal(err)
	}
	wantOnly(t, parent, "results")
}

// TestLockRemovesCreatedParents checks that a command that claims a/b/c and fails (or
// is refused) leaves no directory behind, while one that wrote keeps its parents; and
// that --out under a file is refused in plain words (issue 28: "mkdir afile: not a
// directory").
func TestLockRemovesCreatedParents(t *testing.T) {
	parent := t.TempDir()
	l, err := LockTarget(filepath.Join(parent, "a", "b", "c"), KindRun)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(parent, "a", "b")); err != nil {
		t.Fatalf("the parent to hold the lock file: %v", err)
	}
	l.Unlock()
	wantOnly(t, parent)

	// A failing write into new parents: nothing is left (the full-disk case).
	broken := genFiles(1)
	errFull := errors.New("no space left on device (simulated)")
	broken[2].Write = func(w io.Writer) error { return errFull }
	if err := WriteSet(filepath.Join(parent, "x", "y"), broken); !errors.Is(err, errFull) ||
		strings.Contains(err.Error(), newMarker) {
		t.Fatalf("error %v, want the cause, naming the file and not the temporary directory", err)
	}
	wantOnly(t, parent)
	if err := AddFiles(filepath.Join(parent, "x", "y"), []File{{Name: "summary.md", Write: func(io.Writer) error { return errFull }}}); !errors.Is(err, errFull) {
		t.Fatalf("AddFiles: %v", err)
	}
	wantOnly(t, parent)

	if err := WriteSet(filepath.Join(parent, "x", "y"), genFiles(1)); err != nil {
		t.Fatal(err)
	}
	wantOnly(t, parent, "x")

	mkFiles(t, parent, "afile")
	_, err = LockTarget(filepath.Join(parent, "afile", "sub"), KindRun)
	if !errors.Is(err, ErrUnsafeTarget) || !strings.Contains(err.Error(), "is a file, not a directory") {
		t.Fatalf("--out under a file: %v", err)
	}
}

// TestAddFiles checks the writer of report, chart and balance files: into a result
// directory, a new one (with the marker) and its own again; never over a user's own
// summary.md (issue 28's example), into a duel's directory, a root directory or the
// current directory; and that it leaves every other file as it was.
func TestAddFiles(t *testing.T) {
	parent := t.TempDir()
	report := []File{file("report.html", "<html>"), file("summary.md", "# new")}

	run := mkFiles(t, filepath.Join(parent, "run"), RunFile, TallyFile, RolesFile, "summary.md")
	if err := AddFiles(run, report); err != nil {
		t.Fatal(err)
	}
	wantOnly(t, run, "report.html", RolesFile, RunFile, "summary.md", TallyFile)
	if b, _ := os.ReadFile(filepath.Join(run, RunFile)); string(b) != RunFile {
		t.Errorf("run.json changed: %q", b)
	}

	site := filepath.Join(parent, "site")
	for range 2 {
		if err := AddFiles(site, report); err != nil {
			t.Fatal(err)
		}
	}
	wantOnly(t, site, ExtrasMarker, "report.html", "summary.md")

	notes := mkFiles(t, filepath.Join(parent, "notes"), "summary.md")
	duel := mkFiles(t, filepath.Join(parent, "duel"), SeatsFile, DuelOrderFile, CharactersFile)
	for _, c := range []struct{ dir, want string }{
		{notes, `holds files bangsim did not write (e.g. "summary.md")`},
		{duel, "holds a duel result (order.csv)"},
		{"/", "is a root directory"},
	} {
		err := AddFiles(c.dir, report)
		if !errors.Is(err, ErrUnsafeTarget) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("AddFiles(%s): %v, want %q", c.dir, err, c.want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(notes, "summary.md")); string(b) != "summary.md" {
		t.Errorf("the user's summary.md became %q", b)
	}
	wantOnly(t, duel, CharactersFile, DuelOrderFile, SeatsFile)

	empty := mkFiles(t, filepath.Join(parent, "empty"))
	t.Chdir(empty)
	if err := AddFiles(".", report); !errors.Is(err, ErrUnsafeTarget) || !strings.Contains(err.Error(), "current directory") {
		t.Errorf("AddFiles(.): %v", err)
	}
	wantOnly(t, empty)
	if err := AddFiles(parent, []File{file(RunFile, "{}")}); err == nil {
		t.Error("AddFiles took run.json")
	}
}

// TestWriteSetKeep checks that a partial set never replaces a complete one (issue 28):
// it goes beside it, into dir.partial; over a partial one, or a new directory, it goes
// in place.
func TestWriteSetKeep(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "results")
	set := func(partial bool) []File {
		rec := `{"partial": false}`
		if partial {
			rec = `{"partial": true}`
		}
		return []File{file(RunFile, rec), file(TallyFile, "{}")}
	}
	if where, err := WriteSetKeep(dir, true, set(true)); err != nil || where != dir {
		t.Fatalf("partial into a new directory: %s, %v", where, err)
	}
	if where, err := WriteSetKeep(dir, true, set(true)); err != nil || where != dir {
		t.Fatalf("partial over a partial one: %s, %v", where, err)
	}
	if where, err := WriteSetKeep(dir, false, set(false)); err != nil || where != dir || !IsComplete(dir) {
		t.Fatalf("complete over a partial one: %s, %v", where, err)
	}
	where, err := WriteSetKeep(dir, true, set(true))
	if err != nil || where != dir+PartialSuffix {
		t.Fatalf("partial over a complete one: %s, %v", where, err)
	}
	if !IsComplete(dir) || IsComplete(where) {
		t.Errorf("complete %v, beside it %v", IsComplete(dir), IsComplete(where))
	}
	wantOnly(t, parent, "results", "results.partial")
}
