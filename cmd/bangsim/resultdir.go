package main

import (
	"errors"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// resultDir is a result directory as the one reader opened it: its kind and the
// files of that kind, read and validated. Exactly the field of its kind is set.
//
// It lives here, not in lab/ or report/, because it reads every kind: a duel's shard
// reader is lab/cardgame's, which lab cannot import, and report imports no engine.
type resultDir struct {
	Dir         string
	Kind        resultfile.Kind
	Run         *lab.Shard              // KindRun: run.json and tally.json
	Compare     *resultfile.Compare     // KindCompare: compare.json...
	CompareRows []report.CompareDiffRow // ...and compare-diff.csv
	Sweep       *report.SweepResults    // KindSweep: sweep.json and its cells
	Duel        *cardgame.DuelShard     // KindDuel: run.json and duel-tally.json
	League      *report.League          // KindLeague: standings.csv, prices.csv...
	Tune        *resultfile.Tune        // KindTune: tune.json (tune --resume)
	Ladder      *resultfile.Ladder      // KindLadder: ladder.json
}

// detectResults tells the kind of dir, one of accepted (every readable kind when
// accepted is nil), from its file names (resultfile.DetectKind); a directory of no
// accepted kind, absent or a file gets the one message (resultfile.NotResultsMessage)
// as a usage error. verb is the command's ("plot", "merge", "analyse").
func detectResults(dir, verb string, accepted []resultfile.Kind) (resultfile.Kind, error) {
	if accepted == nil {
		accepted = resultfile.ResultKinds
	}
	why := resultfile.NotResults
	k, err := resultfile.DetectKind(dir)
	st, serr := os.Stat(dir)
	switch {
	case errors.Is(serr, fs.ErrNotExist):
		why = "it does not exist"
	case serr == nil && !st.IsDir():
		why = "it is a file"
	case err != nil || serr != nil:
		return 0, usagef("cannot %s %q: %s", verb, dir, resultfile.ExplainPath(dir, errors.Join(err, serr)))
	case slices.Contains(accepted, k):
		return k, nil
	case slices.Contains(resultfile.ResultKinds, k):
		why = "it is " + k.Want()
		if k == resultfile.KindSweep && slices.Contains(accepted, resultfile.KindRun) {
			why += ", whose cells are runs (" + dir + "/" + resultfile.SweepCellsDir + "/NAME)"
		}
	}
	return 0, usagef("%s", resultfile.NotResultsMessage(verb, dir, why, accepted))
}

// openResults is the one reader of result directories: it tells dir's kind
// (detectResults) and reads and validates the files of that kind; plot, report and
// balance read through it, merge tells its shards' kind with detectResults. A damaged
// file is a usage error "cannot VERB DIR: ..." that names the file and what is wrong.
func openResults(dir, verb string, accepted ...resultfile.Kind) (*resultDir, error) {
	k, err := detectResults(dir, verb, accepted)
	if err != nil {
		return nil, err
	}
	r := &resultDir{Dir: dir, Kind: k}
	switch k {
	case resultfile.KindRun:
		r.Run, err = lab.ReadShard(dir)
	case resultfile.KindDuel:
		r.Duel, err = cardgame.ReadDuelShard(dir)
	case resultfile.KindCompare:
		r.Compare, r.CompareRows, err = report.ReadCompare(dir)
	case resultfile.KindSweep:
		r.Sweep, err = report.ReadSweep(dir)
	case resultfile.KindLeague:
		r.League, err = report.ReadLeague(dir)
	case resultfile.KindTune:
		r.Tune, err = resultfile.ReadTune(dir)
	case resultfile.KindLadder:
		r.Ladder, err = report.ReadLadder(dir)
	}
	if err != nil {
		return nil, damaged(verb, err)
	}
	return r, nil
}

// damaged words a reader's refusal for the command verb: the shard readers speak for
// merge ("cannot merge DIR: ..."), the others name the directory or the file.
func damaged(verb string, err error) error {
	msg := err.Error()
	if errors.Is(err, lab.ErrBadShard) {
		return usagef("cannot %s%s", verb, strings.TrimPrefix(msg, lab.ErrBadShard.Error()))
	}
	return usagef("cannot %s %s", verb, strings.TrimPrefix(msg, "cannot read "))
}
