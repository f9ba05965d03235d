package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// checkWritable proves before anything is played that the result set can be written
// to dir: its parent can be created and written, and dir is new, empty or a previous
// result directory (resultfile.CheckSetTarget), so a run fails before playing rather than
// after.
func checkWritable(dir string) error {
	if dir == "" {
		return usagef("--out must name a directory")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return usagef("cannot create --out directory %q: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, ".bangsim-write-check-*")
	if err != nil {
		return usagef("cannot write to --out directory %q: %w", dir, err)
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	if err := resultfile.CheckSetTarget(dir); err != nil {
		if errors.Is(err, resultfile.ErrUnsafeTarget) {
			return asUsage(err)
		}
		return err
	}
	return nil
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
