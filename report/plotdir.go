package report

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/bangsim/bangsim/resultfile"
)

// ResultKind is what a result directory holds, as far as plotting goes.
type ResultKind int

// The kinds of result directories.
const (
	// RunResults is a run or merge directory: run.json and tally.json.
	RunResults ResultKind = iota + 1
	// CompareResults is a compare directory: compare.json and compare-diff.csv.
	CompareResults
)

// ErrNotResults is wrapped by DetectResults' refusal of a directory.
var ErrNotResults = errors.New("not a bangsim result directory")

// DetectResults tells a run or merge directory (run.json and tally.json) from a compare
// directory (compare.json and compare-diff.csv) by the files in dir. Anything else is
// an error wrapping ErrNotResults that names what is missing.
func DetectResults(dir string) (ResultKind, error) {
	st, err := os.Stat(dir)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return 0, fmt.Errorf("%s: %w: it does not exist", dir, ErrNotResults)
		}
		if errors.Is(err, syscall.ENOTDIR) { // a part of the path is a file
			return 0, fmt.Errorf("%s: %w: %w", dir, ErrNotResults, resultfile.ExplainPath(dir, err))
		}
		return 0, fmt.Errorf("cannot read %s: %w", dir, resultfile.ExplainPath(dir, err))
	}
	if !st.IsDir() {
		return 0, fmt.Errorf("%s: %w: it is a file", dir, ErrNotResults)
	}
	has := func(name string) bool {
		st, err := os.Stat(filepath.Join(dir, name))
		return err == nil && !st.IsDir()
	}
	run, tally := has(resultfile.RunFile), has(resultfile.TallyFile)
	cmpJSON, cmpDiff := has(resultfile.CompareJSONFile), has(resultfile.CompareDiffFile)
	switch {
	case run && tally:
		return RunResults, nil
	case cmpJSON && cmpDiff:
		return CompareResults, nil
	case has(resultfile.LeagueTallyFile): // its run.json is a league's, not a run's
		return 0, fmt.Errorf("%s: %w: it is a league directory (%s, %s), which this command does not read", dir, ErrNotResults, resultfile.LeagueStandingsFile, resultfile.LeagueTallyFile)
	case run || tally:
		have, lack := resultfile.RunFile, resultfile.TallyFile
		if tally {
			have, lack = lack, have
		}
		return 0, fmt.Errorf("%s: %w: it has %s but no %s (a run or merge directory holds both)", dir, ErrNotResults, have, lack)
	case cmpJSON || cmpDiff:
		have, lack := resultfile.CompareJSONFile, resultfile.CompareDiffFile
		if cmpDiff {
			have, lack = lack, have
		}
		return 0, fmt.Errorf("%s: %w: it has %s but no %s (a compare directory holds both)", dir, ErrNotResults, have, lack)
	}
	return 0, fmt.Errorf("%s: %w: it has neither %s and %s (bangsim run or merge) nor %s and %s (bangsim compare)",
		dir, ErrNotResults, resultfile.RunFile, resultfile.TallyFile, resultfile.CompareJSONFile, resultfile.CompareDiffFile)
}
