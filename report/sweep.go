package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/bangsim/bangsim/resultfile"
)

// SweepCell is one cell of a sweep with its results: its entry in sweep.json and the
// counts of its tally.json.
type SweepCell struct {
	Entry  resultfile.SweepCell
	Counts []resultfile.CountTally
}

// SweepTables returns sweep.csv and sweep-characters.csv: the rows of every cell's
// roles.csv and characters.csv, in the cells' order, each prefixed by the cell's name
// and the value of every axis but players (the tables' own players column holds it).
// One long table with the axes as columns is what a spreadsheet, pandas or DuckDB
// filter and group without joining files; the rates are the cells' own, computed from
// their tallies as the cells' CSV files are, so the rows equal those files' rows.
func SweepTables(m *resultfile.Sweep, cells []SweepCell, z float64) (roles, chars Table) {
	prefix := []string{"cell"}
	var keep []int
	for a, ax := range m.Axes {
		if ax.Name != resultfile.SweepPlayersAxis {
			prefix = append(prefix, ax.Column)
			keep = append(keep, a)
		}
	}
	roles.Header = append(slices.Clone(prefix), RateHeader("players", "role")...)
	chars.Header = append(slices.Clone(prefix), RateHeader("players", "character", "role")...)
	for _, c := range cells {
		p := []string{c.Entry.Name}
		for _, a := range keep {
			p = append(p, c.Entry.Values[a])
		}
		for _, row := range RolesTable(c.Counts, z).Rows {
			roles.Rows = append(roles.Rows, append(slices.Clone(p), row...))
		}
		for _, row := range CharactersTable(c.Counts, z).Rows {
			chars.Rows = append(chars.Rows, append(slices.Clone(p), row...))
		}
	}
	return roles, chars
}

// SweepResults is a sweep directory read back: sweep.json and the tally of every
// complete cell, in sweep.json's order.
type SweepResults struct {
	Dir      string
	Manifest resultfile.Sweep
	Cells    []SweepCell
}

// IsSweep reports whether dir is a sweep directory: it holds sweep.json.
func IsSweep(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, resultfile.SweepFile))
	return err == nil && !st.IsDir()
}

// ReadSweepManifest reads and validates dir/sweep.json.
func ReadSweepManifest(dir string) (*resultfile.Sweep, error) {
	path := filepath.Join(dir, resultfile.SweepFile)
	b, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s: %w: it has no %s", dir, ErrNotResults, resultfile.SweepFile)
		}
		return nil, fmt.Errorf("cannot read %s: %w", path, resultfile.ExplainPath(path, err))
	}
	var m resultfile.Sweep
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %s", path, resultfile.JSONProblem(err))
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return &m, nil
}

// ReadSweep reads a sweep directory: sweep.json, then the tally.json of each cell it
// marks complete, each checked (schema, checksum, counts) and belonging to the sweep's
// game. Incomplete cells are left out; a complete cell whose tally cannot be read is an
// error naming it.
func ReadSweep(dir string) (*SweepResults, error) {
	m, err := ReadSweepManifest(dir)
	if err != nil {
		return nil, err
	}
	out := &SweepResults{Dir: dir, Manifest: *m}
	for _, c := range m.Cells {
		if !c.Complete {
			continue
		}
		path := filepath.Join(dir, filepath.FromSlash(c.Dir), resultfile.TallyFile)
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("cell %s: %w", c.Name, resultfile.ExplainPath("", err))
		}
		var set resultfile.TallySet
		if err := json.Unmarshal(b, &set); err != nil {
			return nil, fmt.Errorf("%s: %s", path, resultfile.JSONProblem(err))
		}
		if err := set.Validate(); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if set.Game != m.Game {
			return nil, fmt.Errorf("%s: a tally of the %s game in a sweep of the %s game", path, set.Game, m.Game)
		}
		out.Cells = append(out.Cells, SweepCell{Entry: c, Counts: set.Counts})
	}
	return out, nil
}
