package sweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/bangsim/bangsim/resultfile"
)

// ErrNotSweepDir is wrapped by the refusal of an output directory that holds something
// other than a sweep's files.
var ErrNotSweepDir = errors.New("not a sweep directory")

// sweepNames are the entries a sweep directory may hold besides report, plot and
// temporary files.
var sweepNames = []string{
	resultfile.SweepFile, resultfile.SweepRolesFile, resultfile.SweepCharactersFile,
	resultfile.SweepRolesParquetFile, resultfile.SweepCharactersParquetFile, resultfile.SweepCellsDir,
	"report.html", "summary.md",
}

// tmpMarker is in the name of every file being written into a sweep directory.
const tmpMarker = ".tmp-"

// CheckOut reports whether a sweep may write into dir: it is absent, empty, or a sweep
// directory (it holds sweep.json), whose cells a new run checks and reuses. Anything
// else is refused, because its files would end up mixed with the sweep's.
func CheckOut(dir string) error {
	if dir == "" {
		return fmt.Errorf("%w: --out must name a directory", ErrNotSweepDir)
	}
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if errors.Is(err, syscall.ENOTDIR) { // a part of the path is a file: it can never be created
		return fmt.Errorf("%w: --out %q cannot be created: %w", ErrNotSweepDir, dir, resultfile.ExplainPath(dir, err))
	}
	if err != nil {
		return resultfile.ExplainPath(dir, err)
	}
	if !st.IsDir() {
		return fmt.Errorf("%w: --out %q exists and is not a directory; choose a new directory or a previous sweep's", ErrNotSweepDir, dir)
	}
	if st, err := os.Stat(filepath.Join(dir, resultfile.SweepFile)); err == nil && !st.IsDir() {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("cannot read --out %q: %w", dir, resultfile.ExplainPath(dir, err))
	}
	for _, e := range entries {
		if !slices.Contains(sweepNames, e.Name()) && !strings.HasPrefix(e.Name(), resultfile.PlotPrefix) && !isTemp(e.Name()) {
			return fmt.Errorf("%w: --out %q holds %q and no %s; choose a new or empty directory, or a previous sweep's", ErrNotSweepDir, dir, e.Name(), resultfile.SweepFile)
		}
	}
	return nil
}

// isTemp reports whether name is a file writeAtomic left behind when killed.
func isTemp(name string) bool {
	return strings.HasPrefix(name, ".") && strings.Contains(name, tmpMarker)
}

// cleanTemps removes what killed writers left in dir.
func cleanTemps(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Type().IsRegular() && isTemp(e.Name()) && slices.ContainsFunc(sweepNames, func(n string) bool { return strings.HasPrefix(e.Name(), "."+n+tmpMarker) }) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// writeAtomic writes dir/name through a temporary file, fsynced and renamed, so a
// reader (or a sweep killed meanwhile and resumed) finds the old file or the new one,
// never half of one.
func writeAtomic(dir, name string, write func(io.Writer) error) error {
	f, err := os.CreateTemp(dir, "."+name+tmpMarker+"*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", filepath.Join(dir, name), resultfile.ExplainPath(filepath.Join(dir, name), err))
	}
	tmp := f.Name()
	err = write(f)
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("cannot write %s: %w", filepath.Join(dir, name), resultfile.ExplainPath(filepath.Join(dir, name), err))
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// writeManifest writes sweep.json.
func writeManifest(dir string, m *resultfile.Sweep) error {
	return writeAtomic(dir, resultfile.SweepFile, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(m)
	})
}
