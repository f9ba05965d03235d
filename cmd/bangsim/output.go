package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// checkWritable is every writing command's check of its output directory, made
// before anything is played: dir may receive a result set of kind k (absent, empty, or
// a previous directory of that kind holding only bangsim's files; not a root
// directory, not the current directory), its parent can be written, and no other
// bangsim process is writing it (resultfile.LockTarget). The lock it returns is held
// until the command calls Unlock, once its set is written; a refusal is a usage error.
// dir itself is not created: a command that fails leaves nothing behind.
func checkWritable(dir string, k resultfile.Kind) (*resultfile.Lock, error) {
	if dir == "" {
		return nil, usagef("--out must name a directory")
	}
	l, err := resultfile.LockTarget(dir, k)
	if err != nil {
		if errors.Is(err, resultfile.ErrUnsafeTarget) {
			return nil, asUsage(err)
		}
		return nil, err
	}
	return l, nil
}

// besideNote is the end of the message of a command whose partial result went into
// where, beside the complete result in out that it did not replace ("" when where is
// out).
func besideNote(where, out string) string {
	if where == out {
		return ""
	}
	return fmt.Sprintf("; the complete results already in %s were kept", out)
}

// writeSummary prints the role win-rate table people read at the end of a run.
func writeSummary(w io.Writer, rec *resultfile.Run, cs []resultfile.CountTally) error {
	header, rows := report.RoleSummaryRows(cs, report.ZFor(report.Confidence))
	title := fmt.Sprintf("Win rate by role (seed %d, %s; %.0f%% intervals, cluster-robust)",
		rec.Seed, describeRecordPolicies(rec.Policies.Default, rec.Policies.ByRole), 100*report.Confidence)
	if rec.Partial {
		title += fmt.Sprintf(" -- PARTIAL: %d of %d games", rec.GamesPlayed, rec.GamesPlanned)
	}
	if err := report.WriteSummary(w, title, header, rows); err != nil {
		return err
	}
	for i := range cs {
		y := &cs[i].Tally
		if _, err := fmt.Fprintf(w, "%d players: %d games, %d draws, %.1f turns a game\n", cs[i].Players, y.Games, y.Draws, report.MeanTurns(y)); err != nil {
			return err
		}
	}
	return nil
}

func itoa(n int) string { return fmt.Sprint(n) }
