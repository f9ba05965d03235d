package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/bangsim/bangsim/report"
)

// Result files of a run directory; run.json is written last, so its presence means the
// others are complete.
const (
	rolesFile      = "roles.csv"
	charactersFile = "characters.csv"
	seatsFile      = "seats.csv"
	eventsFile     = "events.csv"
	tallyFileName  = "tally.json"
	runFile        = "run.json"
)

// checkWritable creates dir if needed and proves a file can be created in it, so a run
// fails before playing rather than after.
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
	return nil
}

// writeResults writes every result file of rs into dir, each atomically, run.json last.
func writeResults(dir string, rec *runRecord, rs []countResult) error {
	z := report.ZFor(confidence)
	for _, f := range []struct {
		name  string
		table report.Table
	}{
		{rolesFile, rolesTable(rs, z)},
		{charactersFile, charactersTable(rs, z)},
		{seatsFile, seatsTable(rs, z)},
		{eventsFile, eventsTable(rs)},
	} {
		t := f.table
		if err := report.WriteFileAtomic(filepath.Join(dir, f.name), t.WriteCSV); err != nil {
			return err
		}
	}
	tf := tallyFile{Seed: rec.Seed}
	for _, r := range rs {
		tf.Counts = append(tf.Counts, tallyCount{Players: r.Players, FirstGame: r.First, Games: r.Games, Tally: r.Tally})
	}
	if err := report.WriteJSONAtomic(filepath.Join(dir, tallyFileName), tf); err != nil {
		return err
	}
	return report.WriteJSONAtomic(filepath.Join(dir, runFile), rec)
}

// writeSummary prints the role win-rate table people read at the end of a run.
func writeSummary(w io.Writer, rec *runRecord, rs []countResult) error {
	header, rows := summaryRows(rs, report.ZFor(confidence))
	title := fmt.Sprintf("Win rate by role (seed %d, %s; %.0f%% intervals, cluster-robust)",
		rec.Seed, describeRecordPolicies(rec), 100*confidence)
	if rec.Partial {
		title += fmt.Sprintf(" -- PARTIAL: %d of %d games", rec.GamesPlayed, rec.GamesPlanned)
	}
	if err := report.WriteSummary(w, title, header, rows); err != nil {
		return err
	}
	for _, r := range rs {
		y := &r.Tally
		mean := 0.0
		if y.Games > 0 {
			mean = float64(y.Turns) / float64(y.Games)
		}
		if _, err := fmt.Fprintf(w, "%d players: %d games, %d draws, %.1f turns a game\n", r.Players, y.Games, y.Draws, mean); err != nil {
			return err
		}
	}
	return nil
}

// describeRecordPolicies names the bots of a run in a few words.
func describeRecordPolicies(rec *runRecord) string {
	s := "policy " + rec.Policies.Default
	for _, role := range []string{"Sheriff", "Deputy", "Outlaw", "Renegade"} {
		if p := rec.Policies.ByRole[role]; p != "" && p != rec.Policies.Default {
			s += ", " + role + " " + p
		}
	}
	return s
}
