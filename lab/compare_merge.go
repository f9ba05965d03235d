package lab

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/run"
)

// exportCompare returns compare-tally.json's content for r: its identity from the
// record and every cell of its tally, by policy and role name.
func exportCompare(r *CompareResult) *resultfile.CompareTally {
	rec := r.Record
	ts := &resultfile.CompareTally{
		Game: rec.Game, Version: rec.Version, Seed: rec.Seed, Players: rec.Players,
		Policies: rec.Policies, Specs: rec.Specs, Rules: rec.Rules, GameIndices: r.GameIndices,
		Counts: resultfile.CompareCounts{
			FirstIndex: r.FirstIndex, Indices: r.Tally.Indices, Games: r.Tally.Games, Illegal: r.Tally.Illegal,
			Rates: []resultfile.CompareRate{}, Diffs: []resultfile.CompareDiff{},
		},
	}
	roles := CompareRoles(r.Declared, rec.Players)
	for k, label := range rec.Policies {
		for _, role := range roles {
			ts.Counts.Rates = append(ts.Counts.Rates, resultfile.CompareRate{Policy: label, Role: RoleName(role), Cell: r.Tally.Rates[k][role]})
		}
	}
	for k := 1; k < len(rec.Policies); k++ {
		for _, role := range roles {
			c := r.Tally.Diffs[k][role]
			ts.Counts.Diffs = append(ts.Counts.Diffs, resultfile.CompareDiff{Policy: rec.Policies[k], Role: RoleName(role),
				PairedCell: resultfile.PairedCell{Games: c.Games, Seats: c.Seats, Sum: c.Sum, SumSq: c.SumSq, SumSeats: c.SumSeats, SeatsSq: c.SeatsSq}})
		}
	}
	return ts
}

// importCompare is exportCompare's inverse: the counts of a validated compare tally as
// a CompareTally. The role rows must be those of its player count.
func importCompare(ts *resultfile.CompareTally, c *resultfile.CompareCounts) (CompareTally, error) {
	var t CompareTally
	if len(ts.Policies) > MaxEntrants {
		return t, fmt.Errorf("%d policies: at most %d", len(ts.Policies), MaxEntrants)
	}
	roles := CompareRoles(RecordedRoles(ts.Game, ts.Players), ts.Players)
	var names []string
	for _, r := range roles {
		names = append(names, RoleName(r))
	}
	if got := ts.Roles(); !slices.Equal(got, names) {
		return t, fmt.Errorf("the role rows %s are not those of %d players (%s)", resultfile.PlainList(got), ts.Players, resultfile.PlainList(names))
	}
	t.Indices, t.Games, t.Illegal = c.Indices, c.Games, c.Illegal
	for i, r := range c.Rates {
		t.Rates[i/len(roles)][roles[i%len(roles)]] = r.Cell
	}
	for i, d := range c.Diffs {
		p := d.PairedCell
		t.Diffs[1+i/len(roles)][roles[i%len(roles)]] = report.PairedCell{Games: p.Games, Seats: p.Seats, Sum: p.Sum, SumSq: p.SumSq, SumSeats: p.SumSeats, SeatsSq: p.SeatsSq}
	}
	return t, nil
}

// CompareShard is one compare directory read back and validated.
type CompareShard struct {
	Dir    string
	Record resultfile.Compare
	Tally  resultfile.CompareTally
}

// ReadCompareShard reads and validates compare.json and compare-tally.json of dir: the
// tally's schema, checksum and counts, and that it belongs to the compare.json beside
// it. Errors wrap ErrBadShard and name the directory or file.
func ReadCompareShard(dir string) (*CompareShard, error) {
	s := &CompareShard{Dir: dir}
	for _, f := range []struct {
		name string
		v    any
	}{{resultfile.CompareJSONFile, &s.Record}, {resultfile.CompareTallyFile, &s.Tally}} {
		path := filepath.Join(dir, f.name)
		b, err := os.ReadFile(path)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				why := "it is not a bangsim compare directory"
				if f.name == resultfile.CompareTallyFile {
					// compare directories of earlier versions have no tally to merge.
					why = "it has no exact counts to add up (an earlier bangsim wrote it, or not bangsim compare); play the comparison's shards again with this version"
				}
				return nil, fmt.Errorf("%w %s: %s (no %s)", ErrBadShard, dir, why, f.name)
			}
			return nil, fmt.Errorf("%w %s: %w", ErrBadShard, dir, resultfile.ExplainPath(dir, err))
		}
		if err := json.Unmarshal(b, f.v); err != nil {
			return nil, fmt.Errorf("%w %s: %s", ErrBadShard, path, resultfile.JSONProblem(err))
		}
	}
	if err := s.Tally.Validate(); err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrBadShard, filepath.Join(dir, resultfile.CompareTallyFile), err)
	}
	if _, err := importCompare(&s.Tally, &s.Tally.Counts); err != nil {
		return nil, fmt.Errorf("%w %s: %w: %v", ErrBadShard, filepath.Join(dir, resultfile.CompareTallyFile), resultfile.ErrTally, err)
	}
	if why := s.tallyMatchesRecord(); why != "" {
		return nil, fmt.Errorf("%w %s: %s does not belong to the %s beside it: %s", ErrBadShard, dir, resultfile.CompareTallyFile, resultfile.CompareJSONFile, why)
	}
	// The game rebuilt from the characters recorded: a file whose added characters its
	// game cannot play is refused here, once, rather than merged.
	if len(s.Record.Characters) > 0 {
		if _, err := GameOfRecord(resultfile.CompareJSONFile, s.Record.Game, s.Record.Characters); err != nil {
			return nil, fmt.Errorf("%w %s: %w", ErrBadShard, dir, err)
		}
	}
	return s, nil
}

// The compare shard as mergeIndexed reads it.
func (s *CompareShard) shardDir() string                  { return s.Dir }
func (s *CompareShard) counts() *resultfile.CompareCounts { return &s.Tally.Counts }
func (s *CompareShard) span() (uint64, uint64) {
	return s.Tally.Counts.FirstIndex, s.Tally.Counts.Indices
}
func (s *CompareShard) gameIndices() uint64 { return s.Tally.GameIndices }
func (s *CompareShard) seconds() float64    { return s.Record.ElapsedSeconds }
func (s *CompareShard) partialMerge() []string {
	if s.Record.Partial {
		return s.Record.MergedFrom
	}
	return nil
}

// tallyMatchesRecord reports how compare-tally.json differs from compare.json, or "".
func (s *CompareShard) tallyMatchesRecord() string {
	r, t := &s.Record, &s.Tally
	first := uint64(0)
	if r.Shard != nil {
		if r.Shard.K < 1 || r.Shard.K > r.Shard.N {
			return fmt.Sprintf("shard %d/%d is not K/N with 1 <= K <= N", r.Shard.K, r.Shard.N)
		}
		first, _ = run.ShardRange(t.GameIndices, r.Shard.K-1, r.Shard.N)
	}
	for _, f := range []struct {
		name string
		t, r any
	}{
		{"game", t.Game, r.Game}, {"seed", t.Seed, r.Seed}, {"version", t.Version, r.Version}, {"players", t.Players, r.Players},
		{"policies", t.Policies, r.Policies}, {"specs", t.Specs, r.Specs}, {"rules", t.Rules, r.Rules},
		{"game indices played", t.Counts.Indices, r.GamesPlayed}, {"games played", t.Counts.Games, r.TablesPlayed},
		{"illegal choices", t.Counts.Illegal, r.Illegal}, {"first index", t.Counts.FirstIndex, first},
	} {
		if why := resultfile.Difference(f.name, f.t, f.r); why != "" {
			return why
		}
	}
	return ""
}

// sameCompare reports why b cannot be merged with a, or "" if it can.
func sameCompare(a, b *CompareShard) string {
	for _, f := range []struct {
		name string
		b, a any
	}{
		{"game", b.Record.Game, a.Record.Game}, {"seed", b.Record.Seed, a.Record.Seed}, {"players", b.Record.Players, a.Record.Players},
		{"policies", b.Record.Specs, a.Record.Specs}, {"game indices", b.Tally.GameIndices, a.Tally.GameIndices},
		{"rules", b.Record.Rules, a.Record.Rules}, {"alpha", b.Record.Alpha, a.Record.Alpha}, {"confidence", b.Record.Confidence, a.Record.Confidence},
		{"added_characters", b.Record.Characters, a.Record.Characters},
	} {
		if why := resultfile.Difference(f.name, f.b, f.a); why != "" {
			return "the comparisons differ: " + why
		}
	}
	if a.Record.Version != b.Record.Version {
		return fmt.Sprintf("it was played by bangsim %s, the other by %s, and versions may play other games for the same seed; rerun the shards with one version",
			orUnknown(b.Record.Version), orUnknown(a.Record.Version))
	}
	return ""
}

// MergeCompare reads, validates and adds up the shards of a comparison and returns
// the merged result; nothing is written (see WriteCompare), whose files other than
// compare.json are then byte-identical to the whole comparison's. It refuses, wrapping
// ErrBadShard, what Merge refuses for runs: a directory that is no compare shard, a
// damaged tally, shards of different comparisons or versions, and shards that overlap.
// When game indices are missing the record is marked partial and lists them, and the
// error is ErrPartialMerge unless AllowPartial.
func MergeCompare(m MergeSpec) (*CompareResult, error) {
	started := time.Now()
	shards, sum, missing, elapsed, err := mergeIndexed[*CompareShard, resultfile.CompareCounts](m, ReadCompareShard, sameCompare)
	if err != nil {
		return nil, err
	}
	first := shards[0]
	total := first.Tally.GameIndices
	tally, err := importCompare(&first.Tally, &sum)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrBadShard, first.Dir, err)
	}
	rec := first.Record
	rec.Schema = resultfile.CompareSchema
	rec.Command = m.Command
	rec.Version, rec.Revision = Version, Revision()
	rec.Shard, rec.ShardSource = nil, ""
	rec.Workers = 0
	rec.StartedAt = started.UTC().Format(time.RFC3339)
	rec.Out = m.Out
	rec.MergedFrom = m.Dirs
	rec.Missing = missing
	rec.GamesPlanned = total
	rec.GamesPlayed, rec.TablesPlayed, rec.Illegal = sum.Indices, sum.Games, sum.Illegal
	rec.Partial = rec.GamesPlayed < total
	rec.ElapsedSeconds = elapsed
	rec.GamesPerSecond = resultfile.PerSecond(rec.TablesPlayed, elapsed)
	// FirstIndex 0: the merge is a whole comparison (a partial one is refused as a shard).
	out := &CompareResult{Record: &rec, Declared: RecordedRoles(rec.Game, rec.Players), GameIndices: total, Tally: tally}
	out.Rows = compareRows(out.Declared, rec.Players, len(rec.Policies), &out.Tally, rec.Alpha)
	if rec.Partial && !m.AllowPartial {
		return out, ErrPartialMerge
	}
	return out, nil
}
