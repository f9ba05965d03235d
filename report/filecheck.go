package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// FilesDisagreeing names the CSV tables in dir whose cells differ from what the
// report shows: a run report's tables are recomputed from tally.json (checksummed, so
// the one file a report can trust), and a roles.csv edited by hand, or damaged, would
// otherwise disagree with report.html without a word. Each table is compared cell by
// cell over the columns both share, by name; a missing file is not a disagreement. It
// is empty for a compare report, whose tables are the files themselves.
func (r *Report) FilesDisagreeing(dir string) []string {
	if r.set == nil {
		return nil
	}
	z := ZFor(Confidence)
	tables := []struct {
		name string
		want Table
	}{
		{resultfile.RolesFile, RolesTable(r.counts, z)},
		{resultfile.CharactersFile, CharactersTable(r.counts, z)},
		{resultfile.SeatsFile, SeatsTable(r.counts, z)},
		{resultfile.EventsFile, EventsTable(r.counts)},
	}
	if r.set.HasLengths() {
		tables = append(tables, struct {
			name string
			want Table
		}{resultfile.TurnsFile, TurnsTable(r.counts)})
	}
	var out []string
	for _, t := range tables {
		f, err := os.Open(filepath.Join(dir, t.name))
		if err != nil {
			continue
		}
		got, err := ReadTable(f)
		f.Close()
		if err != nil || !sameCells(got, t.want) {
			out = append(out, t.name)
		}
	}
	return out
}

// sameCells reports whether got holds want's rows, in order, with the same text in
// every column the two headers share (a column one version adds or renames is left out).
func sameCells(got, want Table) bool {
	if len(got.Rows) != len(want.Rows) {
		return false
	}
	for j, h := range want.Header {
		i := got.columnIndex(h)
		if i < 0 {
			continue
		}
		for k := range want.Rows {
			if i >= len(got.Rows[k]) || got.Rows[k][i] != want.Rows[k][j] {
				return false
			}
		}
	}
	return true
}

// DisagreementWarning is the one line `bangsim report` prints on stderr for
// FilesDisagreeing's files.
func DisagreementWarning(files []string) string {
	return fmt.Sprintf("%s %s not match tally.json (edited or damaged?); the report shows tally.json's numbers, which its checksum vouches for",
		strings.Join(files, ", "), map[bool]string{true: "does", false: "do"}[len(files) == 1])
}
