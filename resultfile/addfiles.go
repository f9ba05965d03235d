package resultfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// PartialSuffix ends the name of the directory beside a complete result where
// WriteSetKeep puts a partial one: results.partial beside results.
const PartialSuffix = ".partial"

// WriteSetKeep writes a result set as WriteSet does, except that a partial set never
// replaces a complete one: when partial is true and dir holds a complete run or
// comparison (IsComplete), the set goes into dir + PartialSuffix beside it instead.
// It returns the directory written, for the message that names it.
func WriteSetKeep(dir string, partial bool, files []File) (string, error) {
	if partial && IsComplete(dir) {
		dir = filepath.Clean(dir) + PartialSuffix
	}
	return dir, WriteSet(dir, files)
}

// AddFiles writes report, chart and balance files (report.html, summary.md,
// balance.csv, balance.md, plot-*.svg and .png) into dir, replacing those of the same
// names and leaving every other file as it is; each file is written under a temporary
// name, fsynced and renamed, so a reader never finds half of one.
//
// dir may be a result directory (a run, merge, comparison or sweep: the files belong
// beside the results they describe), a directory AddFiles made before, or absent or
// empty: then it is written as a new set (WriteSet), with ExtrasMarker, so that
// nothing is left if a write fails and a later AddFiles knows the files are bangsim's.
// Anything else is refused as WriteSet refuses it (ErrUnsafeTarget): a directory
// holding files bangsim did not write (a user's own summary.md among them), a root
// directory, the current directory or one holding it, a symbolic link, a directory of
// another kind (a duel's, man pages). Like WriteSet it takes dir's Lock unless this
// process holds it.
func AddFiles(dir string, files []File) error { return AddFilesOf(dir, KindExtras, files) }

// AddFilesOf is AddFiles for a writer of kind k, what ExtrasFor says of the directory
// the files describe: KindExtras (AddFiles), KindDuelExtras or KindLeagueExtras, whose files go into a
// duel's or a league's directory, or one of their own.
func AddFilesOf(dir string, k Kind, files []File) error {
	names, err := checkNames(dir, files)
	if err != nil {
		return err
	}
	for _, n := range names {
		if !isExtra(n) || n == ExtrasMarker {
			return fmt.Errorf("write %s: %q is not a report, chart or balance file", dir, n)
		}
	}
	t, exists, done, err := begin(dir, k, names)
	if err != nil {
		return err
	}
	defer done()
	if have, _ := DetectKind(t.abs); !exists || have == KindNone {
		marker := File{Name: ExtrasMarker, Write: func(io.Writer) error { return nil }}
		return t.writeSet(append(files[:len(files):len(files)], marker), exists)
	}
	for _, f := range files {
		if err := addFile(t.abs, f); err != nil {
			return setWriteError(filepath.Join(dir, f.Name), err)
		}
	}
	return syncDir(t.abs, false)
}

// addFile writes f into dir through ".<name>.tmp-<digits>", fsynced, then renamed.
func addFile(dir string, f File) error {
	tmp, err := os.CreateTemp(dir, "."+f.Name+".tmp-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	if err := fill(tmp, f.Write); err != nil {
		os.Remove(name)
		return err
	}
	if err := os.Rename(name, filepath.Join(dir, f.Name)); err != nil {
		os.Remove(name)
		return err
	}
	return nil
}
