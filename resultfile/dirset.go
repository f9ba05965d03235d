package resultfile

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// File is one file of a result set: its name (no directory part) and how to write it.
type File struct {
	Name  string
	Write func(w io.Writer) error
}

// KnownFiles names the files a bangsim result directory may hold, so that WriteSet
// and CheckSetTarget accept, and replace, a result directory written by any bangsim
// command (run, merge, a shard, duel, league) even when the new set has fewer files;
// WriteSet replaces only a directory of the new set's own kind (KindOf).
// Four are `bangsim report`'s (report.HTMLFile and report.MarkdownFile) and `bangsim
// balance`'s (report.BalanceFile and report.BalanceMarkdownFile), written beside the
// results they describe.
var KnownFiles = []string{
	RolesFile, CharactersFile, SeatsFile, EventsFile, TurnsFile, TallyFile, RunFile,
	CompareFile, CompareDiffFile, CompareJSONFile, CompareTallyFile,
	"report.html", "summary.md",
	"balance.csv", "balance.md",
	DuelOrderFile, DuelTallyFile, DuelPairedFile, LeagueStandingsFile, LeaguePricesFile,
	LeagueGamesFile, LeagueAuctionsFile, LeagueMatchesFile, LeagueTallyFile,
	TuneFile, TuneConvergenceFile, TuneValidationFile,
	LadderJSONFile, LadderRatingsFile, LadderTallyFile, LadderDepthFile, LadderCountsFile,
}

// The files of `bangsim duel` (with SeatsFile and CharactersFile) and of `bangsim
// league`, which are not result sets `merge` reads but are replaced as sets all the same.
const (
	DuelOrderFile       = "order.csv"
	LeagueStandingsFile = "standings.csv"
	LeaguePricesFile    = "prices.csv"
	// A league season's record, beside the standings: every seat of every qualifying
	// game, every step of every auction, every knock-out match.
	LeagueGamesFile    = "games.csv"
	LeagueAuctionsFile = "auctions.csv"
	LeagueMatchesFile  = "matches.csv"
)

// PlotPrefix starts the name of every chart `bangsim plot` writes, so a result
// directory holding its charts can still be replaced as a set.
const PlotPrefix = "plot-"

// ErrUnsafeTarget is matched (errors.Is) by the refusals of WriteSet and
// CheckSetTarget, so that a caller can tell a wrong output directory from an I/O error.
var ErrUnsafeTarget = errors.New("unsafe result directory")

// targetError is a refusal; its message is meant for the user as it stands, and reads
// well after a flag name: fmt.Errorf("--out %w", err).
type targetError struct{ msg string }

func (e *targetError) Error() string        { return e.msg }
func (e *targetError) Is(target error) bool { return target == ErrUnsafeTarget }

func refuse(format string, a ...any) error { return &targetError{fmt.Sprintf(format, a...)} }

// Names of the directories WriteSet creates next to dir: ".<base>" + marker + 16 hex
// digits. The exact shape lets a later call recognise, and only then remove, what a
// killed writer left behind.
const (
	newMarker = ".bangsim-new-"
	oldMarker = ".bangsim-old-"
	suffixLen = 16
)

// exchange swaps two directory entries atomically, or returns errExchangeUnsupported;
// a variable so that tests can exercise the fallback on systems that have the swap.
var exchange = renameExchange

// errExchangeUnsupported says that the system or file system cannot swap two entries
// atomically, so WriteSet falls back to two renames.
var errExchangeUnsupported = errors.New("atomic exchange not supported")

// WriteSet replaces directory dir by a directory holding exactly files, atomically:
// a reader (or a later run, after a crash, a SIGKILL or a full disk) finds either the
// old complete set or the new complete set, never a mixture and never a torn file.
//
// It writes every file, and fsyncs it, into a fresh directory ".<base>.bangsim-new-<hex>"
// beside dir (same parent, so the renames stay on one file system), fsyncs that
// directory, then renames it to dir if dir does not exist, or else swaps the two with
// renameat2(RENAME_EXCHANGE) and removes the old set, now under the temporary name.
// Where the swap is unsupported (non-Linux systems, some file systems), the old set
// is first renamed to ".<base>.bangsim-old-<hex>" and the new one then renamed to dir:
// a reader may then briefly find no dir at all, but still never a mixed one, and if
// the process dies between the two renames the next WriteSet or CheckSetTarget
// renames the old set back before doing anything else.
//
// A reader that reads several files of the set and must not mix two sets should open
// dir once (os.OpenRoot) and read the files relative to it: it then gets one set, or a
// not-exist error if the set it opened was replaced and removed meanwhile.
//
// Before anything else WriteSet performs the check of CheckSetTarget, allowing also
// the names in files, and refuses a directory of another kind than the set's (KindOf
// of the files' names: a comparison never replaces a run); it removes the leftovers of
// killed writers for dir. Unless this process holds dir's Lock (LockTarget) it takes
// it for the call, so another bangsim process writing dir is refused, not overwritten.
// On any error before the swap the temporary directory is removed, and so are the
// parents WriteSet created: dir is left untouched; the error names the file whose
// writing failed. Directories get mode 0755 and files 0644. On Linux concurrent
// WriteSet calls for directories of one parent are serialized by a lock on the
// parent; elsewhere they must not overlap.
func WriteSet(dir string, files []File) (err error) {
	names, err := checkNames(dir, files)
	if err != nil {
		return err
	}
	t, exists, done, err := begin(dir, KindOf(names), names)
	if err != nil {
		return err
	}
	defer done()
	return t.writeSet(files, exists)
}

// begin resolves dir, takes its lock (unless this process holds it) and its parent's,
// and checks it for a set of kind k holding names; done releases both. The parent must
// exist to hold the temporary directory: as before, --out a/b/c creates what is
// missing, and the lock's release removes it again on a failure.
func begin(dir string, k Kind, names []string) (t target, exists bool, done func(), err error) {
	if t, err = resolve(dir); err != nil {
		return t, false, nil, err
	}
	release, err := acquire(t)
	if err != nil {
		return t, false, nil, err
	}
	unlock := lockDir(t.parent)
	done = func() { unlock(); release() }
	if exists, err = t.prepare(k, names); err != nil {
		done()
		return t, exists, nil, err
	}
	return t, exists, done, nil
}

// checkNames checks the names of a set and returns them.
func checkNames(dir string, files []File) ([]string, error) {
	names := make([]string, 0, len(files))
	for _, f := range files {
		if f.Name == "" || f.Name == "." || f.Name == ".." || strings.ContainsAny(f.Name, `/\`) ||
			filepath.Base(f.Name) != f.Name {
			return nil, fmt.Errorf("write %s: invalid file name %q", dir, f.Name)
		}
		if slices.Contains(names, f.Name) {
			return nil, fmt.Errorf("write %s: file %q listed twice", dir, f.Name)
		}
		if f.Write == nil {
			return nil, fmt.Errorf("write %s: file %q has no Write", dir, f.Name)
		}
		names = append(names, f.Name)
	}
	return names, nil
}

// writeSet is WriteSet once the target is checked and locked.
func (t target) writeSet(files []File, exists bool) (err error) {
	dir := t.dir
	tmp, err := makeSibling(t.parent, t.base, newMarker)
	if err != nil {
		return fmt.Errorf("write %s: %w", dir, err)
	}
	placed := false
	defer func() {
		// A flag rather than err, so that this also runs when a Write panics.
		if !placed {
			os.RemoveAll(tmp)
		}
	}()
	// Mkdir applies the umask; results are meant to be shared and read by tools.
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fmt.Errorf("write %s: %w", dir, err)
	}
	for _, f := range files {
		if err := writeFile(filepath.Join(tmp, f.Name), f.Write); err != nil {
			return setWriteError(filepath.Join(dir, f.Name), err)
		}
	}
	// The new entries must be on disk before the rename that publishes them.
	if err := syncDir(tmp, true); err != nil {
		return fmt.Errorf("write %s: %w", dir, err)
	}

	if !exists {
		if err := os.Rename(tmp, t.abs); err != nil {
			return fmt.Errorf("write %s: %w", dir, err)
		}
		placed = true
		syncDir(t.parent, false)
		return nil
	}
	err = exchange(tmp, t.abs)
	switch {
	case err == nil:
		// tmp now holds the old set.
		placed = true
		syncDir(t.parent, false)
		os.RemoveAll(tmp)
		return nil
	case errors.Is(err, fs.ErrNotExist):
		// dir vanished after the check: there is nothing to swap with.
		if err := os.Rename(tmp, t.abs); err != nil {
			return fmt.Errorf("write %s: %w", dir, err)
		}
		placed = true
		syncDir(t.parent, false)
		return nil
	case !errors.Is(err, errExchangeUnsupported):
		return fmt.Errorf("write %s: %w", dir, err)
	}

	// Fallback: two renames; between them dir is absent, never mixed.
	old, err := siblingName(t.parent, t.base, oldMarker)
	if err != nil {
		return fmt.Errorf("write %s: %w", dir, err)
	}
	if err := os.Rename(t.abs, old); err != nil {
		return fmt.Errorf("write %s: %w", dir, err)
	}
	if err := os.Rename(tmp, t.abs); err != nil {
		os.Rename(old, t.abs) // put the old set back; if that fails the next call does
		return fmt.Errorf("write %s: %w", dir, err)
	}
	placed = true
	syncDir(t.parent, false)
	os.RemoveAll(old)
	return nil
}

// CheckSetTarget reports whether WriteSet may replace dir, so that a command can refuse
// a wrong output directory before it spends time on a run rather than after.
//
// dir may be absent, an empty directory, or a directory holding only files named in
// KnownFiles (and the ".<name>.tmp-<digits>" leftovers of older bangsim versions).
// Anything else is refused with an error matching ErrUnsafeTarget, because replacing
// the directory would delete it: other files (say --out . in a home directory), a
// symbolic link, something that is not a directory, or a directory that is or holds
// the current directory. The messages read well after a flag name, e.g.
// `--out "x" holds files bangsim did not write (e.g. "notes.txt"); ...`.
//
// Like WriteSet, it first removes the leftovers of killed writers for dir, and puts
// back an old set that a writer killed mid-fallback left renamed away.
//
// It checks no kind (see KindOf); a command checks its target with LockTarget, which
// does, and also locks it.
func CheckSetTarget(dir string) error {
	t, err := resolve(dir)
	if err != nil {
		return err
	}
	// Locking also clears the lock file a killed writer left (its flock went with it).
	release, err := acquire(t)
	if err != nil {
		return err
	}
	defer release()
	unlock := lockDir(t.parent)
	defer unlock()
	_, err = t.prepare(KindNone, nil)
	return err
}

// target is a result directory as given (for messages) and as an absolute path split
// into parent and base (for the renames, which cannot act on "." or "..").
type target struct {
	dir, abs, parent, base string
}

func resolve(dir string) (target, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return target{}, fmt.Errorf("write %s: %w", dir, err)
	}
	parent, base := filepath.Split(abs)
	if base == "" {
		return target{}, refuse("%q is a root directory; choose an empty or new directory, or a previous result directory", dir)
	}
	return target{dir: dir, abs: abs, parent: filepath.Clean(parent), base: base}, nil
}

// prepare removes leftovers, checks that a set of kind k may be written into the
// target and reports whether it exists; extra names the files of the set about to be
// written, which may already be there. KindNone checks no kind.
func (t target) prepare(k Kind, extra []string) (exists bool, err error) {
	if err := t.cleanStrays(); err != nil {
		return false, err
	}
	fi, err := os.Lstat(t.abs)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("write %s: %w", t.dir, err)
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return true, refuse("%q is a symbolic link; bangsim replaces a result directory as a whole, link included: give the directory it points to, or a new directory", t.dir)
	case !fi.IsDir():
		return true, refuse("%q exists and is not a directory; choose an empty or new directory, or a previous result directory", t.dir)
	}
	entries, err := os.ReadDir(t.abs)
	if err != nil {
		return true, fmt.Errorf("write %s: %w", t.dir, err)
	}
	have := KindOf(entryNames(entries))
	var foreign []string
	for _, e := range entries {
		if !isBangsimEntry(e, have, extra) {
			foreign = append(foreign, e.Name())
		}
	}
	if len(foreign) > 0 {
		return true, refuse("%q holds files bangsim did not write (e.g. %q); choose an empty or new directory, or a previous result directory", t.dir, foreign[0])
	}
	if k != KindNone && have != KindNone && !k.accepts(have) {
		return true, refuse("%q holds %s, and this command writes %s; choose an empty or new directory, or a previous one of that kind", t.dir, have, k.writes())
	}
	if holdsCwd(fi) {
		return true, refuse("%q is or holds the current directory, which bangsim will not write into; choose another directory, e.g. a new subdirectory", t.dir)
	}
	return true, nil
}

// accepts reports whether a set of kind k may go into a directory of kind have: one of
// its own kind, or, for report, chart and balance files, the result directory they
// describe.
func (k Kind) accepts(have Kind) bool {
	switch k {
	case KindExtras:
		return have == KindRun || have == KindCompare || have == KindSweep || have == KindExtras
	}
	if of, ok := extrasOf[k]; ok {
		return have == of || have == KindExtras
	}
	return k == have
}

// extrasFiles are the files written beside a result set (bangsim report, plot,
// balance) or, with ExtrasMarker, into a directory of their own.
var extrasFiles = []string{"report.html", "summary.md", "balance.csv", "balance.md", ExtrasMarker}

// sweepFiles are the files of a sweep directory besides its cells.
var sweepFiles = []string{SweepFile, SweepRolesFile, SweepCharactersFile, SweepRolesParquetFile, SweepCharactersParquetFile}

// isExtra reports whether name is one of the files written beside a result set.
func isExtra(name string) bool {
	return slices.Contains(extrasFiles, name) ||
		strings.HasPrefix(name, PlotPrefix) && (strings.HasSuffix(name, ".svg") || strings.HasSuffix(name, ".png"))
}

// isBangsimEntry reports whether entry e of a directory of kind have is bangsim's. A
// report, chart or balance file is only where something else shows the directory is
// bangsim's (have is not KindNone): a user's own summary.md is never taken for one.
func isBangsimEntry(e fs.DirEntry, have Kind, extra []string) bool {
	name := e.Name()
	if e.IsDir() && e.Type()&fs.ModeSymlink == 0 {
		return have == KindSweep && name == SweepCellsDir
	}
	if !e.Type().IsRegular() {
		return false
	}
	return isResultName(name, have, extra)
}

// isResultName reports whether a file of this name in a directory of kind have is
// bangsim's.
func isResultName(name string, have Kind, extra []string) bool {
	if isCoreName(name) || have != KindNone && (isExtra(name) || slices.Contains(extra, name)) {
		return true
	}
	// the temporary files of bangsim 0.2.0 and older, ".<name>.tmp-<digits>", left by a killed
	// run of a version that wrote files one by one, and by a killed AddFiles.
	rest, ok := strings.CutPrefix(name, ".")
	if !ok {
		return false
	}
	i := strings.LastIndex(rest, ".tmp-")
	if i < 0 || !allDigits(rest[i+len(".tmp-"):]) {
		return false
	}
	base := rest[:i]
	return isCoreName(base) || have != KindNone && (isExtra(base) || slices.Contains(extra, base))
}

// isCoreName reports whether name is a file that makes a result directory's kind.
func isCoreName(name string) bool {
	return slices.Contains(KnownFiles, name) && !isExtra(name) || slices.Contains(sweepFiles, name) || isManPage(name)
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// holdsCwd reports whether the directory fi is the working directory or one of its
// ancestors: replacing it would leave the process, and likely the user's shell, in a
// deleted directory.
func holdsCwd(fi fs.FileInfo) bool {
	wd, err := os.Getwd()
	if err != nil {
		return false
	}
	for p := wd; ; p = filepath.Dir(p) {
		if pi, err := os.Stat(p); err == nil && os.SameFile(pi, fi) {
			return true
		}
		if filepath.Dir(p) == p {
			return false
		}
	}
}

// cleanStrays removes the directories that killed WriteSet calls for this target left
// in its parent, and only those: exactly ".<base>.bangsim-new-<16 hex>" or
// ".<base>.bangsim-old-<16 hex>", real directories. If the target is absent an old set
// (a writer died between the fallback's two renames) is renamed back first, the newest
// if there are several. Removal is best effort: a leftover that cannot be removed must
// not stop a run.
func (t target) cleanStrays() error {
	entries, err := os.ReadDir(t.parent)
	if err != nil {
		return nil // no parent, no strays; an unreadable one fails later, clearly
	}
	var strays, olds []string
	for _, e := range entries {
		if !e.IsDir() || e.Type()&fs.ModeSymlink != 0 {
			continue
		}
		switch {
		case isSibling(e.Name(), t.base, newMarker):
			strays = append(strays, e.Name())
		case isSibling(e.Name(), t.base, oldMarker):
			olds = append(olds, e.Name())
		}
	}
	if len(olds) > 0 {
		if _, err := os.Lstat(t.abs); errors.Is(err, fs.ErrNotExist) {
			newest, when := -1, time.Time{}
			for i, name := range olds {
				if fi, err := os.Lstat(filepath.Join(t.parent, name)); err == nil && (newest < 0 || fi.ModTime().After(when)) {
					newest, when = i, fi.ModTime()
				}
			}
			if newest >= 0 {
				if err := os.Rename(filepath.Join(t.parent, olds[newest]), t.abs); err != nil {
					return fmt.Errorf("write %s: restore previous result set: %w", t.dir, err)
				}
				syncDir(t.parent, false)
				olds = slices.Delete(olds, newest, newest+1)
			}
		}
	}
	for _, name := range append(strays, olds...) {
		os.RemoveAll(filepath.Join(t.parent, name))
	}
	return nil
}

func isSibling(name, base, marker string) bool {
	hexPart, ok := strings.CutPrefix(name, "."+base+marker)
	if !ok || len(hexPart) != suffixLen {
		return false
	}
	for _, c := range hexPart {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// siblingName returns a fresh path ".<base><marker><16 hex>" in parent.
func siblingName(parent, base, marker string) (string, error) {
	var b [suffixLen / 2]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return filepath.Join(parent, "."+base+marker+hex.EncodeToString(b[:])), nil
}

// makeSibling creates a fresh, empty sibling directory.
func makeSibling(parent, base, marker string) (string, error) {
	for range 10 {
		p, err := siblingName(parent, base, marker)
		if err != nil {
			return "", err
		}
		if err := os.Mkdir(p, 0o755); !errors.Is(err, fs.ErrExist) {
			return p, err
		}
	}
	return "", fmt.Errorf("cannot create a temporary directory in %s", parent)
}

// writeFile creates path (which must not exist) through write and fsyncs it.
func writeFile(path string, write func(w io.Writer) error) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	return fill(f, write)
}

// fill writes f through write, fsyncs and closes it.
func fill(f *os.File, write func(w io.Writer) error) error {
	defer f.Close()
	// Chmod because OpenFile applies the umask; results are meant to be shared.
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 64<<10)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	return f.Close()
}
