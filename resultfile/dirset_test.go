package resultfile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// The test sets: the six files of a run, some of them tens of KB so that a kill often
// lands in the middle of one.
var testSet = []struct {
	name string
	size int
}{
	{"roles.csv", 40 << 10},
	{"characters.csv", 64 << 10},
	{"seats.csv", 2 << 10},
	{"events.csv", 20 << 10},
	{"tally.json", 30 << 10},
	{"run.json", 300},
}

// genContent is file name of generation gen: every line carries gen, so that a file
// of one set with the tail of another is caught, as is a torn file.
func genContent(name string, gen, size int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "gen %d %s\n", gen, name)
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, "%d,%s,%d,0.123456\n", gen, name, i)
	}
	return b.Bytes()
}

func genFiles(gen int) []File {
	files := make([]File, len(testSet))
	for i, f := range testSet {
		files[i] = File{Name: f.name, Write: func(w io.Writer) error {
			_, err := w.Write(genContent(f.name, gen, f.size))
			return err
		}}
	}
	return files
}

// readSet reads the set in dir: present false if dir is absent, an error unless dir
// holds exactly the test files, complete and of one generation.
func readSet(dir string) (gen int, present bool, err error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0, false, nil
	}
	if err != nil {
		return 0, true, err
	}
	var names, want []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	for _, f := range testSet {
		want = append(want, f.name)
	}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		return 0, true, fmt.Errorf("directory holds %q, want %q", names, want)
	}
	gen = -1
	for _, f := range testSet {
		data, err := os.ReadFile(filepath.Join(dir, f.name))
		if err != nil {
			return 0, true, err
		}
		var g int
		if _, err := fmt.Sscanf(string(data), "gen %d ", &g); err != nil {
			return 0, true, fmt.Errorf("%s: no generation header (%d bytes)", f.name, len(data))
		}
		if gen >= 0 && g != gen {
			return 0, true, fmt.Errorf("mixed set: %s is generation %d, %s generation %d", testSet[0].name, gen, f.name, g)
		}
		gen = g
		if !bytes.Equal(data, genContent(f.name, g, f.size)) {
			return 0, true, fmt.Errorf("%s of generation %d is torn (%d bytes)", f.name, g, len(data))
		}
	}
	return gen, true, nil
}

func mustReadSet(t *testing.T, dir string) int {
	t.Helper()
	gen, present, err := readSet(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !present {
		t.Fatalf("%s is absent", dir)
	}
	return gen
}

// entriesOf lists the names in dir.
func entriesOf(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// wantOnly fails unless dir holds exactly names (sorted).
func wantOnly(t *testing.T, dir string, names ...string) {
	t.Helper()
	if got := entriesOf(t, dir); !slices.Equal(got, names) {
		t.Fatalf("%s holds %q, want %q", dir, got, names)
	}
}

func TestDirSetNewAndReplace(t *testing.T) {
	parent := filepath.Join(t.TempDir(), "a", "b")
	dir := filepath.Join(parent, "results")
	if err := WriteSet(dir, genFiles(1)); err != nil {
		t.Fatal(err)
	}
	if g := mustReadSet(t, dir); g != 1 {
		t.Fatalf("generation %d, want 1", g)
	}
	wantOnly(t, parent, "results")
	fi, err := os.Stat(dir)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o755 {
		t.Errorf("directory mode %v, want 0755", fi.Mode().Perm())
	}
	fi, err = os.Stat(filepath.Join(dir, "roles.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o644 {
		t.Errorf("file mode %v, want 0644", fi.Mode().Perm())
	}

	if err := WriteSet(dir, genFiles(2)); err != nil {
		t.Fatal(err)
	}
	if g := mustReadSet(t, dir); g != 2 {
		t.Fatalf("generation %d, want 2", g)
	}
	wantOnly(t, parent, "results")

	// A smaller set, with a file of a name bangsim does not know: the files of the old
	// set that it lacks are gone, and writing it again is allowed.
	small := []File{
		{Name: "run.json", Write: func(w io.Writer) error { _, err := io.WriteString(w, "{}\n"); return err }},
		{Name: "extra.txt", Write: func(w io.Writer) error { return nil }},
	}
	for range 2 {
		if err := WriteSet(dir, small); err != nil {
			t.Fatal(err)
		}
		wantOnly(t, dir, "extra.txt", "run.json")
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "run.json")); string(data) != "{}\n" {
		t.Fatalf("run.json = %q", data)
	}
	// But a name outside KnownFiles is only allowed to the set that has it.
	if err := WriteSet(dir, genFiles(3)); !errors.Is(err, ErrUnsafeTarget) {
		t.Fatalf("replacing extra.txt by a set without it: %v", err)
	}
	// An empty set leaves an empty directory.
	if err := os.Remove(filepath.Join(dir, "extra.txt")); err != nil {
		t.Fatal(err)
	}
	if err := WriteSet(dir, nil); err != nil {
		t.Fatal(err)
	}
	wantOnly(t, dir)
	wantOnly(t, parent, "results")
}

func TestDirSetFallback(t *testing.T) {
	defer func(e func(a, b string) error) { exchange = e }(exchange)
	exchange = func(a, b string) error { return errExchangeUnsupported }
	parent := t.TempDir()
	dir := filepath.Join(parent, "out")
	for gen := 1; gen <= 3; gen++ {
		if err := WriteSet(dir, genFiles(gen)); err != nil {
			t.Fatal(err)
		}
		if g := mustReadSet(t, dir); g != gen {
			t.Fatalf("generation %d, want %d", g, gen)
		}
		wantOnly(t, parent, "out")
	}
}

func TestDirSetRelative(t *testing.T) {
	parent := t.TempDir()
	t.Chdir(parent)
	if err := WriteSet("results", genFiles(1)); err != nil {
		t.Fatal(err)
	}
	if err := WriteSet("./results/", genFiles(2)); err != nil {
		t.Fatal(err)
	}
	if g := mustReadSet(t, "results"); g != 2 {
		t.Fatalf("generation %d, want 2", g)
	}
	wantOnly(t, parent, "results")
}

func TestDirSetRefusals(t *testing.T) {
	parent := t.TempDir()
	mk := func(name string, files ...string) string {
		dir := filepath.Join(parent, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(dir, f), []byte("mine\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	home := mk("home", "notes.txt", "roles.csv", "zzz.txt")
	sub := mk("withsub", "run.json")
	if err := os.Mkdir(filepath.Join(sub, "roles.csv"), 0o755); err != nil { // a directory of a known name
		t.Fatal(err)
	}
	file := filepath.Join(parent, "plain")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(parent, "link")
	if err := os.Symlink(mk("target"), link); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ dir, want string }{
		{home, fmt.Sprintf(`--out %q holds files bangsim did not write (e.g. "notes.txt"); choose an empty or new directory, or a previous result directory`, home)},
		{sub, `holds files bangsim did not write (e.g. "roles.csv")`},
		{file, "exists and is not a directory"},
		{link, "is a symbolic link"},
		{parent, `holds files bangsim did not write (e.g. "home")`},
	}
	before := entriesOf(t, parent)
	for _, c := range cases {
		for i, err := range []error{CheckSetTarget(c.dir), WriteSet(c.dir, genFiles(1))} {
			if !errors.Is(err, ErrUnsafeTarget) {
				t.Fatalf("call %d on %s: error %v, want ErrUnsafeTarget", i, c.dir, err)
			}
			if msg := fmt.Errorf("--out %w", err).Error(); !strings.Contains(msg, c.want) {
				t.Errorf("call %d on %s:\n got %s\nwant %s", i, c.dir, msg, c.want)
			}
		}
	}
	if after := entriesOf(t, parent); !slices.Equal(before, after) {
		t.Fatalf("refusals changed %s: %q, then %q", parent, before, after)
	}
	wantOnly(t, home, "notes.txt", "roles.csv", "zzz.txt")
	wantOnly(t, filepath.Join(parent, "target"))

	// The current directory, or one holding it, would be left deleted.
	cwd := mk("cwd")
	t.Chdir(cwd)
	for _, d := range []string{".", cwd} {
		if err := WriteSet(d, genFiles(1)); !errors.Is(err, ErrUnsafeTarget) || !strings.Contains(err.Error(), "current directory") {
			t.Errorf("WriteSet(%q) from inside it: %v", d, err)
		}
	}
	wantOnly(t, cwd)
	if err := WriteSet(filepath.Join(cwd, "results"), genFiles(1)); err != nil {
		t.Fatal(err)
	}
	if err := CheckSetTarget(filepath.Join(cwd, "results")); err != nil {
		t.Fatal(err)
	}
	if err := WriteSet("/", nil); !errors.Is(err, ErrUnsafeTarget) {
		t.Errorf("WriteSet(/): %v", err)
	}
}

func TestDirSetAccepts(t *testing.T) {
	parent := t.TempDir()
	// Absent, empty, and a previous result directory with the leftovers of the old
	// file-by-file writer.
	for _, dir := range []string{filepath.Join(parent, "new"), filepath.Join(parent, "empty"), filepath.Join(parent, "old")} {
		if err := CheckSetTarget(dir); err != nil {
			t.Fatal(err)
		}
	}
	empty := filepath.Join(parent, "empty")
	if err := os.Mkdir(empty, 0o700); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(parent, "old")
	if err := os.Mkdir(old, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"roles.csv", "run.json", "tally.json", ".events.csv.tmp-123456789"} {
		if err := os.WriteFile(filepath.Join(old, f), nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, dir := range []string{empty, old} {
		if err := CheckSetTarget(dir); err != nil {
			t.Fatal(err)
		}
		if err := WriteSet(dir, genFiles(7)); err != nil {
			t.Fatal(err)
		}
		if g := mustReadSet(t, dir); g != 7 {
			t.Fatalf("generation %d, want 7", g)
		}
	}
	// Not the leftover of a known file.
	if err := os.WriteFile(filepath.Join(old, ".notes.txt.tmp-1"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := CheckSetTarget(old); !errors.Is(err, ErrUnsafeTarget) {
		t.Fatalf("CheckSetTarget with .notes.txt.tmp-1: %v", err)
	}
}

func TestDirSetStrays(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "results")
	if err := WriteSet(dir, genFiles(1)); err != nil {
		t.Fatal(err)
	}
	const h = "0123456789abcdef"
	strays := []string{".results.bangsim-new-" + h, ".results.bangsim-old-" + h, ".results.bangsim-new-fedcba9876543210"}
	keep := []string{
		".results.bangsim-new-0123456789abcdeF", // not lower-case hex
		".results.bangsim-new-" + h + "0",       // too long
		".results.bangsim-new-" + h[:15],        // too short
		".results.bangsim-tmp-" + h,             // other marker
		".other.bangsim-new-" + h,               // another directory's
		"results.bangsim-new-" + h,              // no dot
		".results.bangsim-new-" + h + "x",
	}
	for _, name := range append(slices.Clone(strays), keep...) {
		if err := os.MkdirAll(filepath.Join(parent, name, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(parent, name, "sub", "f"), []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A file, and a link to a directory, of matching names are not bangsim's directories.
	fileName, linkName := ".results.bangsim-new-aaaaaaaaaaaaaaaa", ".results.bangsim-old-bbbbbbbbbbbbbbbb"
	if err := os.WriteFile(filepath.Join(parent, fileName), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(parent, keep[0]), filepath.Join(parent, linkName)); err != nil {
		t.Fatal(err)
	}
	keep = append(keep, fileName, linkName, "results")
	slices.Sort(keep)

	if err := CheckSetTarget(dir); err != nil {
		t.Fatal(err)
	}
	wantOnly(t, parent, keep...)
	wantOnly(t, filepath.Join(parent, keep[0], "sub"), "f")
	if g := mustReadSet(t, dir); g != 1 {
		t.Fatalf("generation %d, want 1", g)
	}

	// WriteSet cleans too.
	if err := os.MkdirAll(filepath.Join(parent, strays[0], "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteSet(dir, genFiles(2)); err != nil {
		t.Fatal(err)
	}
	wantOnly(t, parent, keep...)
}

func TestDirSetRestoresOld(t *testing.T) {
	// A writer killed between the fallback's two renames leaves dir absent and the old
	// set renamed away: the next call puts it back rather than deleting it.
	parent := t.TempDir()
	dir := filepath.Join(parent, "results")
	if err := WriteSet(dir, genFiles(5)); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir, filepath.Join(parent, ".results.bangsim-old-00000000000000aa")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(parent, ".results.bangsim-new-00000000000000bb"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := CheckSetTarget(dir); err != nil {
		t.Fatal(err)
	}
	wantOnly(t, parent, "results")
	if g := mustReadSet(t, dir); g != 5 {
		t.Fatalf("generation %d, want 5", g)
	}
}

func TestDirSetWriteError(t *testing.T) {
	errDiskFull := errors.New("no space left on device (simulated)")
	broken := func(gen int) []File {
		files := genFiles(gen)
		files[3].Write = func(w io.Writer) error {
			io.WriteString(w, "gen 999 partial")
			return errDiskFull
		}
		return files
	}
	parent := t.TempDir()
	dir := filepath.Join(parent, "results")

	// Into a new directory: nothing is left.
	err := WriteSet(dir, broken(1))
	if !errors.Is(err, errDiskFull) || !strings.Contains(err.Error(), filepath.Join(dir, "events.csv")) {
		t.Fatalf("error %v, want one naming events.csv and wrapping the cause", err)
	}
	wantOnly(t, parent)

	// Over an existing set: the old set is untouched.
	if err := WriteSet(dir, genFiles(1)); err != nil {
		t.Fatal(err)
	}
	if err := WriteSet(dir, broken(2)); !errors.Is(err, errDiskFull) {
		t.Fatalf("error %v, want the cause", err)
	}
	if g := mustReadSet(t, dir); g != 1 {
		t.Fatalf("generation %d, want the old 1", g)
	}
	wantOnly(t, parent, "results")

	// Bad sets are refused before anything is touched.
	for _, files := range [][]File{
		{{Name: "a/b", Write: genFiles(0)[0].Write}},
		{{Name: "", Write: genFiles(0)[0].Write}},
		{{Name: "..", Write: genFiles(0)[0].Write}},
		{{Name: "x"}},
		{genFiles(0)[0], genFiles(0)[0]},
	} {
		if err := WriteSet(dir, files); err == nil {
			t.Errorf("WriteSet(%q) succeeded", files[0].Name)
		}
	}
	if g := mustReadSet(t, dir); g != 1 {
		t.Fatalf("generation %d, want the old 1", g)
	}
	wantOnly(t, parent, "results")
}

// TestDirSetReader reads sets while another goroutine replaces them: a reader that
// opens the directory once and reads relative to it never sees two sets mixed.
func TestDirSetReader(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "results")
	if err := WriteSet(dir, genFiles(0)); err != nil {
		t.Fatal(err)
	}
	d := 400 * time.Millisecond
	if testing.Short() {
		d = 100 * time.Millisecond
	}
	var stop atomic.Bool
	var wg sync.WaitGroup
	var written int
	wg.Go(func() {
		for gen := 1; !stop.Load(); gen++ {
			if err := WriteSet(dir, genFiles(gen)); err != nil {
				t.Error(err)
				return
			}
			written = gen
		}
	})
	var whole, replaced int
	for deadline := time.Now().Add(d); time.Now().Before(deadline); {
		root, err := os.OpenRoot(dir)
		if err != nil {
			t.Fatal(err) // with the swap dir is never absent
		}
		gen := -1
		for _, f := range testSet {
			data, err := root.ReadFile(f.name)
			if errors.Is(err, fs.ErrNotExist) {
				replaced++ // the set opened was replaced and removed meanwhile
				gen = -1
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			var g int
			fmt.Sscanf(string(data), "gen %d ", &g)
			if gen >= 0 && g != gen || !bytes.Equal(data, genContent(f.name, g, f.size)) {
				t.Fatalf("reader found %s of generation %d in a set of generation %d", f.name, g, gen)
			}
			gen = g
		}
		root.Close()
		if gen >= 0 {
			whole++
		}
	}
	stop.Store(true)
	wg.Wait()
	t.Logf("%d sets written, %d read whole, %d reads restarted", written, whole, replaced)
	if whole == 0 {
		t.Fatal("no whole set read")
	}
}

// Environment of the writer child of TestDirSetKill.
const (
	helperDirEnv      = "BANGSIM_DIRSET_HELPER_DIR"
	helperGenEnv      = "BANGSIM_DIRSET_HELPER_GEN"
	helperFallbackEnv = "BANGSIM_DIRSET_HELPER_FALLBACK"
)

// TestDirSetHelperWriter is not a test: run by TestDirSetKill as a child process, it
// writes sets of increasing generation into one directory until killed.
func TestDirSetHelperWriter(t *testing.T) {
	dir := os.Getenv(helperDirEnv)
	if dir == "" {
		return
	}
	if os.Getenv(helperFallbackEnv) == "1" {
		exchange = func(a, b string) error { return errExchangeUnsupported }
	}
	gen, err := strconv.Atoi(os.Getenv(helperGenEnv))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println("ready")
	// A bound, so that a child whose parent died does not write forever.
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); gen++ {
		if err := WriteSet(dir, genFiles(gen)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(3)
		}
	}
	os.Exit(0)
}

// TestDirSetKill SIGKILLs a process writing sets at random moments and checks after
// each kill that the directory holds one whole set (or, with the fallback, possibly
// none until the next call restores it), never a mixture, and that the next
// CheckSetTarget or WriteSet removes what the killed writer left.
func TestDirSetKill(t *testing.T) {
	n := 160
	if testing.Short() {
		n = 40
	}
	// On a tmpfs the fsyncs cost nothing, so that the writer completes many sets
	// between kills and the kills land in every phase, the swap included; on a disk a
	// set with its fsyncs takes tens of milliseconds, so a few trials there suffice.
	fast := t.TempDir
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		fast = func() string {
			d, err := os.MkdirTemp("/dev/shm", "bangsim-dirset-")
			if err != nil {
				return t.TempDir()
			}
			t.Cleanup(func() { os.RemoveAll(d) })
			return d
		}
	}
	t.Run("swap", func(t *testing.T) { killTrials(t, fast(), n, false) })
	t.Run("fallback", func(t *testing.T) { killTrials(t, fast(), n/4, true) })
	t.Run("disk", func(t *testing.T) { killTrials(t, t.TempDir(), n/8, false) })
}

// killTrials runs trials writers in turn, writing into parent/results, each killed
// after a random delay; with fallback they do not use the swap.
func killTrials(t *testing.T, parent string, trials int, fallback bool) {
	dir := filepath.Join(parent, "results")
	// Without the swap (non-Linux, or the file system lacks it) WriteSet always uses
	// the fallback, whose contract allows a moment without the directory.
	swap := !fallback && probeExchange(t)
	start := time.Now()
	seen, last := false, -1
	var withStrays, changed, absent int
	var delayMax time.Duration = 30 * time.Millisecond
	for i := range trials {
		if i%20 == 19 {
			// Now and then start again from nothing, to kill the first write too.
			if err := os.RemoveAll(dir); err != nil {
				t.Fatal(err)
			}
			seen = false
		}
		base := (i + 1) * 1_000_000
		cmd := exec.Command(os.Args[0], "-test.run=^TestDirSetHelperWriter$", "-test.count=1")
		cmd.Env = append(os.Environ(), helperDirEnv+"="+dir, helperGenEnv+"="+strconv.Itoa(base))
		if fallback {
			cmd.Env = append(cmd.Env, helperFallbackEnv+"=1")
		}
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if line, err := bufio.NewReader(out).ReadString('\n'); line != "ready\n" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("writer did not start: %q %v %s", line, err, stderr.Bytes())
		}
		delay := rand.N(delayMax)
		time.Sleep(delay)
		cmd.Process.Kill()
		err = cmd.Wait()
		if ee := (*exec.ExitError)(nil); !errors.As(err, &ee) || ee.Exited() {
			t.Fatalf("trial %d: writer ended with %v before the kill: %s", i, err, stderr.Bytes())
		}

		gen, present, err := readSet(dir)
		if err != nil {
			t.Fatalf("trial %d, killed %v after start: %v", i, delay, err)
		}
		switch {
		case !present && seen && swap:
			t.Fatalf("trial %d, killed %v after start: %s vanished", i, delay, dir)
		case !present:
			absent++
		case gen < last:
			t.Fatalf("trial %d: generation %d after %d", i, gen, last)
		default:
			if gen > base {
				changed++
			}
			seen, last = true, gen
		}
		if len(entriesOf(t, parent)) > len([]string{"results"}) || !present && len(entriesOf(t, parent)) > 0 {
			withStrays++
		}

		// The next call cleans up: CheckSetTarget on even trials, WriteSet on odd ones.
		want := last
		if i%2 == 0 {
			if err := CheckSetTarget(dir); err != nil {
				t.Fatalf("trial %d: %v", i, err)
			}
		} else {
			want = base + 999_999
			if err := WriteSet(dir, genFiles(want)); err != nil {
				t.Fatalf("trial %d: %v", i, err)
			}
			seen, last = true, want
		}
		gen, present, err = readSet(dir)
		switch {
		case err != nil:
			t.Fatalf("trial %d, after cleanup: %v", i, err)
		case !present && seen:
			t.Fatalf("trial %d, after cleanup: %s absent (a set of generation %d was seen)", i, dir, last)
		case present && gen < want:
			t.Fatalf("trial %d, after cleanup: generation %d, want at least %d", i, gen, want)
		case present:
			seen, last = true, gen
			wantOnly(t, parent, "results")
		default:
			wantOnly(t, parent)
		}
	}
	t.Logf("%d kills in %s in %v (swap %v): %d left temporary directories, %d after the writer completed a set, %d found no directory",
		trials, parent, time.Since(start).Round(time.Millisecond), swap, withStrays, changed, absent)
}

// probeExchange reports whether the file system of the test directories can swap.
func probeExchange(t *testing.T) bool {
	d := t.TempDir()
	a, b := filepath.Join(d, "a"), filepath.Join(d, "b")
	os.Mkdir(a, 0o755)
	os.Mkdir(b, 0o755)
	return renameExchange(a, b) == nil
}
