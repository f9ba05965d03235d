package sweep

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// MergeSpec is one merge of a sharded sweep's directories.
type MergeSpec struct {
	Dirs         []string
	Out          string
	Command      []string
	AllowPartial bool
}

// Merged is a sweep's shards added up in memory, ready to write.
type Merged struct {
	Manifest *resultfile.Sweep
	out      string
	cells    []mergedCell
}

// mergedCell is one cell merged: where it goes and what lab.Merge made of its shards.
type mergedCell struct {
	dir    string // the cell's directory under the sweep's, as sweep.json names it
	rec    *resultfile.Run
	counts []resultfile.CountTally
}

// Merge reads the sweep directories written by `bangsim sweep --shard K/N`, checks that
// they are shards of one sweep (same game, base run, axes and cells; refusals wrap
// lab.ErrBadShard and name both directories), that no shard is given twice, and adds
// each cell up with lab.Merge, which checks every tally and refuses shards that overlap
// or belong to another run. Nothing is written: see Merged.Write. When games are
// missing (a shard not given, or one that stopped early) the manifest lists them and
// the error wraps lab.ErrPartialMerge, unless AllowPartial; the merge is still returned.
func Merge(s MergeSpec) (*Merged, error) {
	started := time.Now()
	if len(s.Dirs) == 0 {
		return nil, errors.New("merge needs at least one sweep directory")
	}
	if err := lab.CheckMergeOut(s.Out, s.Dirs); err != nil {
		return nil, err
	}
	if err := CheckOut(s.Out); err != nil {
		return nil, err
	}
	var ms []*resultfile.Sweep
	for i, d := range s.Dirs {
		m, err := report.ReadSweepManifest(d)
		if err != nil {
			if strings.HasPrefix(err.Error(), d) { // it names the directory or its file already
				return nil, fmt.Errorf("%w %w", lab.ErrBadShard, err)
			}
			return nil, fmt.Errorf("%w %s: %w", lab.ErrBadShard, d, err)
		}
		if i > 0 {
			if why := ms[0].SamePlan(m); why != "" {
				return nil, fmt.Errorf("%w %s with %s: %s", lab.ErrBadShard, d, s.Dirs[0], why)
			}
			for j, o := range ms {
				if o.Shard == m.Shard {
					return nil, fmt.Errorf("%w: %s and %s both hold shard %d/%d of the sweep: merging would count its games twice",
						lab.ErrBadShard, s.Dirs[j], d, m.Shard.K, m.Shard.N)
				}
			}
		}
		ms = append(ms, m)
	}
	first := ms[0]
	out := &Merged{out: s.Out}
	m := *first
	m.Command, m.Version, m.Revision = s.Command, lab.Version, lab.Revision()
	m.Shard, m.ShardSource = resultfile.Shard{K: 1, N: 1}, ""
	m.MergedFrom, m.Missing = s.Dirs, nil
	m.StartedAt = started.UTC().Format(time.RFC3339)
	m.Cells = slices.Clone(first.Cells)
	m.ElapsedSeconds = 0
	for _, x := range ms {
		m.ElapsedSeconds = max(m.ElapsedSeconds, x.ElapsedSeconds) // the shards ran side by side
	}
	m.Missing = missingShards(ms)
	for i := range m.Cells {
		c := &m.Cells[i]
		var dirs []string
		for j, x := range ms {
			if x.Cells[i].GamesPlayed > 0 {
				dirs = append(dirs, filepath.Join(s.Dirs[j], filepath.FromSlash(c.Dir)))
			}
		}
		c.GamesPlanned = first.Base.GamesPerCount * uint64(len(c.Players))
		if len(dirs) == 0 {
			c.GamesPlayed, c.Complete = 0, false
			m.Missing = append(m.Missing, fmt.Sprintf("cell %s: no shard played it", c.Name))
			continue
		}
		dst := filepath.Join(s.Out, filepath.FromSlash(c.Dir))
		rec, counts, err := lab.Merge(lab.MergeSpec{Dirs: dirs, Out: dst, Command: s.Command, AllowPartial: true})
		if err != nil {
			return nil, fmt.Errorf("cell %s: %w", c.Name, err)
		}
		c.GamesPlanned, c.GamesPlayed, c.Complete = rec.GamesPlanned, rec.GamesPlayed, !rec.Partial
		for _, miss := range rec.Missing {
			m.Missing = append(m.Missing, fmt.Sprintf("cell %s: %s", c.Name, miss))
		}
		out.cells = append(out.cells, mergedCell{dir: filepath.FromSlash(c.Dir), rec: rec, counts: counts})
	}
	finish(&m)
	out.Manifest = &m
	if !m.Complete && !s.AllowPartial {
		return out, fmt.Errorf("%w: %s", lab.ErrPartialMerge, summarize(m.Missing))
	}
	return out, nil
}

// missingShards names the shards absent from a set whose shards all count N alike, a
// run of them at a time ("shards 4-9/10 were not given"): one item per gap between the
// shards given, however large N is (a sweep of N = 10^9 shards, one given, once listed
// a billion strings).
func missingShards(ms []*resultfile.Sweep) []string {
	n := ms[0].Shard.N
	var ks []int
	for _, m := range ms {
		if m.Shard.N != n {
			return nil // mixed splits: the cells' game ranges tell what is missing
		}
		ks = append(ks, m.Shard.K)
	}
	slices.Sort(ks)
	var out []string
	gap := func(lo, hi int) {
		switch {
		case lo == hi:
			out = append(out, fmt.Sprintf("shard %d/%d was not given", lo, n))
		case lo < hi:
			out = append(out, fmt.Sprintf("shards %d-%d/%d were not given", lo, hi, n))
		}
	}
	next := 1
	for _, k := range ks {
		gap(next, k-1)
		next = max(next, k+1)
	}
	gap(next, n)
	return out
}

// summarize joins the first few missing items and counts the rest.
func summarize(items []string) string {
	const show = 3
	if len(items) <= show {
		return strings.Join(items, "; ")
	}
	return fmt.Sprintf("%s; and %d more (sweep.json lists them)", strings.Join(items[:show], "; "), len(items)-show)
}

// Write writes every merged cell into Out/cells, then the tables and sweep.json, as a
// single sweep would: the tables are byte-identical to those of the unsharded sweep.
// A partial merge never replaces a complete sweep: when Out holds one, the merge goes
// into Out + resultfile.PartialSuffix beside it. Write returns the directory written.
func (mg *Merged) Write() (string, error) {
	out := mg.out
	if !mg.Manifest.Complete && sweepComplete(out) {
		out = filepath.Clean(out) + resultfile.PartialSuffix
		if err := CheckOut(out); err != nil {
			return out, err
		}
	}
	if err := os.MkdirAll(filepath.Join(out, resultfile.SweepCellsDir), 0o755); err != nil {
		return out, err
	}
	cleanTemps(out)
	for _, c := range mg.cells {
		dir := filepath.Join(out, c.dir)
		c.rec.Out = dir
		if err := lab.WriteRun(dir, c.rec, c.counts); err != nil {
			return out, err
		}
	}
	if err := writeTables(out, mg.Manifest); err != nil {
		return out, err
	}
	return out, writeManifest(out, mg.Manifest)
}

// sweepComplete reports whether dir holds a complete sweep (its sweep.json says so).
func sweepComplete(dir string) bool {
	m, err := report.ReadSweepManifest(dir)
	return err == nil && m.Complete
}
