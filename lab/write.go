package lab

import (
	"encoding/json"
	"io"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// WriteRun writes a run's result set into dir as one set (resultfile.WriteSet): the CSV
// tables, tally.json (sealed with its checksum) and run.json. turns.csv is written when
// the counts have their game lengths: a merge of schema-2 shards has none to write.
func WriteRun(dir string, rec *resultfile.Run, cs []resultfile.CountTally) error {
	files, err := runFiles(rec, cs)
	if err != nil {
		return err
	}
	return resultfile.WriteSet(dir, files)
}

// WriteRunKeep writes the run as WriteRun does, except that a partial run never
// replaces a complete one (resultfile.WriteSetKeep): it then goes beside it, into
// dir.partial. It returns the directory written.
func WriteRunKeep(dir string, rec *resultfile.Run, cs []resultfile.CountTally) (string, error) {
	files, err := runFiles(rec, cs)
	if err != nil {
		return dir, err
	}
	return resultfile.WriteSetKeep(dir, rec.Partial, files)
}

// runFiles returns the files of a run's result set.
func runFiles(rec *resultfile.Run, cs []resultfile.CountTally) ([]resultfile.File, error) {
	z := report.ZFor(report.Confidence)
	ts := resultfile.TallySet{Game: rec.Game, Version: rec.Version, Seed: rec.Seed, Rules: rec.Rules, Policies: rec.Policies, Counts: cs}
	if err := ts.Seal(); err != nil {
		return nil, err
	}
	roles, chars, seats, events := report.RolesTable(cs, z), report.CharactersTable(cs, z), report.SeatsTable(cs, z), report.EventsTable(cs)
	files := []resultfile.File{
		{Name: resultfile.RolesFile, Write: roles.WriteCSV},
		{Name: resultfile.CharactersFile, Write: chars.WriteCSV},
		{Name: resultfile.SeatsFile, Write: seats.WriteCSV},
		{Name: resultfile.EventsFile, Write: events.WriteCSV},
	}
	if ts.HasLengths() {
		turns := report.TurnsTable(cs)
		files = append(files, resultfile.File{Name: resultfile.TurnsFile, Write: turns.WriteCSV})
	}
	return append(files,
		resultfile.File{Name: resultfile.TallyFile, Write: jsonWriter(&ts)},
		resultfile.File{Name: resultfile.RunFile, Write: jsonWriter(rec)}), nil
}

// jsonWriter writes v as indented JSON with a trailing newline; HTML characters are
// not escaped because the files are data, not web pages.
func jsonWriter(v any) func(io.Writer) error {
	return func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(v)
	}
}
