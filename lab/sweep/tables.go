package sweep

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// tableFiles are the files of the two tables in each format.
var tableFiles = map[string][2]string{
	FormatCSV:     {resultfile.SweepRolesFile, resultfile.SweepCharactersFile},
	FormatParquet: {resultfile.SweepRolesParquetFile, resultfile.SweepCharactersParquetFile},
}

// writeTables writes the tables of the complete cells of m in m's formats, read back
// from the cells' tally.json as merge reads them (so a merged sweep's tables are made
// the same way as a single process's), and removes the tables of other formats, which
// would be stale.
func writeTables(dir string, m *resultfile.Sweep) error {
	var cells []report.SweepCell
	for _, c := range m.Cells {
		if !c.Complete {
			continue
		}
		s, err := lab.ReadShard(filepath.Join(dir, filepath.FromSlash(c.Dir)))
		if err != nil {
			return fmt.Errorf("cell %s: %w", c.Name, err)
		}
		cells = append(cells, report.SweepCell{Entry: c, Counts: s.Tally.Counts})
	}
	roles, chars := report.SweepTables(m, cells, report.ZFor(report.Confidence))
	for _, f := range Formats {
		names := tableFiles[f]
		if !slices.Contains(m.Formats, f) {
			for _, n := range names {
				if err := os.Remove(filepath.Join(dir, n)); err != nil && !errors.Is(err, fs.ErrNotExist) {
					return err
				}
			}
			continue
		}
		for i, t := range []report.Table{roles, chars} {
			var err error
			if f == FormatCSV {
				err = writeAtomic(dir, names[i], t.WriteCSV)
			} else {
				err = writeAtomic(dir, names[i], parquetWriter(t, columnKinds(m, t.Header)))
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// Kinds of the tables' columns besides the axes' (resultfile.SweepInt, SweepBool and
// SweepText): rates are floating point.
const kindFloat = "float"

// fixedKinds are the kinds of the tables' own columns.
var fixedKinds = map[string]string{
	"players": resultfile.SweepInt, "games": resultfile.SweepInt, "wins": resultfile.SweepInt, "distinct_games": resultfile.SweepInt,
	"win_rate": kindFloat, "ci_low": kindFloat, "ci_high": kindFloat, "n_eff": kindFloat,
}

// columnKinds returns the kind of each column of a table of m.
func columnKinds(m *resultfile.Sweep, header []string) []string {
	out := make([]string, len(header))
	for j, h := range header {
		out[j] = resultfile.SweepText
		if k, ok := fixedKinds[h]; ok {
			out[j] = k
		}
		for _, a := range m.Axes {
			if a.Column == h && a.Name != resultfile.SweepPlayersAxis {
				out[j] = a.Kind
			}
		}
	}
	return out
}

// ParseFormats reads a comma-separated list of table formats (csv, parquet).
func ParseFormats(list []string) ([]string, error) {
	var out []string
	for _, f := range list {
		if !slices.Contains(Formats, f) {
			return nil, fmt.Errorf("unknown table format %q: want csv, parquet or csv,parquet", f)
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no table format: want csv, parquet or csv,parquet")
	}
	slices.SortFunc(out, func(a, b string) int { return slices.Index(Formats, a) - slices.Index(Formats, b) })
	return out, nil
}
