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
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/run"
)

// exportLadder returns ladder-tally.json's content for l: its identity from the record
// and every count of its tally, by policy, role and character name.
func exportLadder(l *LadderResult) *resultfile.LadderTally {
	rec, t := l.Record, &l.Tally
	bots := len(rec.Policies)
	ts := &resultfile.LadderTally{
		Game: rec.Game, Version: rec.Version, Seed: rec.Seed, Players: rec.Players,
		Policies: rec.Policies, Specs: rec.Specs, Rules: rec.Rules, GameIndices: l.GameIndices, Groups: LadderGroups,
		Pairs: rec.Pairs, CharactersPerSeat: rec.CharactersPerSeat,
		Counts: resultfile.LadderCounts{
			FirstIndex: l.FirstIndex, Indices: t.Indices, Games: t.Games, Illegal: t.Illegal,
			Beat: []resultfile.LadderBeat{}, Rates: []resultfile.CompareRate{},
			Roles: []resultfile.LadderPair{}, Characters: []resultfile.LadderPair{},
		},
	}
	c := &ts.Counts
	roles := CompareRoles(l.Declared, rec.Players)
	dealt, names := ladderDealt(l.Declared, rec.Players)
	for g := range LadderGroups {
		for i, r := range dealt {
			seats := make([][]uint64, bots)
			for a := range seats {
				seats[a] = slices.Clone(t.Beat[g][r][a][:bots])
			}
			c.Beat = append(c.Beat, resultfile.LadderBeat{Group: g, Role: names[i], Seats: seats})
		}
	}
	for a, label := range rec.Policies {
		for _, r := range roles {
			c.Rates = append(c.Rates, resultfile.CompareRate{Policy: label, Role: RoleName(r), Cell: t.Rates[a][r]})
		}
	}
	pair := func(a, b int, name string, p report.PairedCell) resultfile.LadderPair {
		return resultfile.LadderPair{A: rec.Policies[a], B: rec.Policies[b], Name: name,
			PairedCell: resultfile.PairedCell{Games: p.Games, Seats: p.Seats, Sum: p.Sum, SumSq: p.SumSq, SumSeats: p.SumSeats, SeatsSq: p.SeatsSq}}
	}
	for a := range bots {
		for b := a + 1; b < bots; b++ {
			for _, r := range roles {
				c.Roles = append(c.Roles, pair(a, b, RoleName(r), t.RoleDiff[a][b][r]))
			}
			for ch, name := range ladderCharacterNames(l.Characters) {
				c.Characters = append(c.Characters, pair(a, b, name, t.CharDiff[a][b][ch]))
			}
		}
	}
	return ts
}

// ladderCharacterNames names the character rows of a ladder's tally: the printed
// characters, then those set adds (nil: the printed ones only).
func ladderCharacterNames(set *bang.CharacterSet) []string {
	n := int(bang.NumCharacters)
	if set != nil {
		n = set.Len()
	}
	names := make([]string, n)
	for ch := range names {
		if ch < int(bang.NumCharacters) {
			names[ch] = bang.Character(ch).String()
		} else {
			names[ch] = set.Name(bang.Character(ch))
		}
	}
	return names
}

// importLadder is exportLadder's inverse: the counts c of a validated ladder tally ts
// as a LadderTally. Its role rows must be those of its player count, its characters
// those of set (nil: the printed ones) and its groups LadderGroups.
func importLadder(ts *resultfile.LadderTally, c *resultfile.LadderCounts, set *bang.CharacterSet) (LadderTally, error) {
	var t LadderTally
	bots := len(ts.Policies)
	if bots > MaxEntrants {
		return t, fmt.Errorf("%d policies: at most %d", bots, MaxEntrants)
	}
	if ts.Groups != LadderGroups {
		return t, fmt.Errorf("%d groups, want %d", ts.Groups, LadderGroups)
	}
	decl := RecordedRoles(ts.Game, ts.Players)
	roles := CompareRoles(decl, ts.Players)
	var names []string
	for _, r := range roles {
		names = append(names, RoleName(r))
	}
	if got := ts.Roles(); !slices.Equal(got, names) {
		return t, fmt.Errorf("the role rows %s are not those of %d players (%s)", resultfile.PlainList(got), ts.Players, resultfile.PlainList(names))
	}
	chars := ladderCharacterNames(set)
	if got := ts.CharacterNames(); !slices.Equal(got, chars) {
		if set != nil && set.Len() > int(bang.NumCharacters) {
			return t, fmt.Errorf("the characters %s are not the printed ones and those ladder.json adds (%s)", resultfile.PlainList(got), resultfile.PlainList(chars))
		}
		return t, fmt.Errorf("the characters %s are not this version's", resultfile.PlainList(got))
	}
	t.Indices, t.Games, t.Illegal = c.Indices, c.Games, c.Illegal
	if ts.Pairs != (ts.Players == 2) {
		return t, fmt.Errorf("pairs %v at %d players: a ladder plays pairs at two seats and only there", ts.Pairs, ts.Players)
	}
	dealt, _ := ladderDealt(decl, ts.Players)
	for i, b := range c.Beat {
		for a := range bots {
			copy(t.Beat[b.Group][dealt[i%len(dealt)]][a][:bots], b.Seats[a])
		}
	}
	for i, r := range c.Rates {
		t.Rates[i/len(roles)][roles[i%len(roles)]] = r.Cell
	}
	cell := func(p resultfile.PairedCell) report.PairedCell {
		return report.PairedCell{Games: p.Games, Seats: p.Seats, Sum: p.Sum, SumSq: p.SumSq, SumSeats: p.SumSeats, SeatsSq: p.SeatsSq}
	}
	p := 0
	for a := range bots {
		for b := a + 1; b < bots; b++ {
			for j, r := range roles {
				t.RoleDiff[a][b][r] = cell(c.Roles[p*len(roles)+j].PairedCell)
			}
			for ch := range chars {
				t.CharDiff[a][b][ch] = cell(c.Characters[p*len(chars)+ch].PairedCell)
			}
			p++
		}
	}
	return t, nil
}

// LadderShard is one ladder directory read back and validated.
type LadderShard struct {
	Dir    string
	Record resultfile.Ladder
	Tally  resultfile.LadderTally
	// set is the game's characters, those ladder.json adds included (nil: the printed).
	set *bang.CharacterSet
}

// ReadLadderShard reads and validates ladder.json and ladder-tally.json of dir: the
// tally's schema, checksum and counts, and that it belongs to the ladder.json beside
// it. Errors wrap ErrBadShard and name the directory or file.
func ReadLadderShard(dir string) (*LadderShard, error) {
	s := &LadderShard{Dir: dir}
	for _, f := range []struct {
		name string
		v    any
	}{{resultfile.LadderJSONFile, &s.Record}, {resultfile.LadderCountsFile, &s.Tally}} {
		path := filepath.Join(dir, f.name)
		b, err := os.ReadFile(path)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				why := "it is not a bangsim ladder directory"
				if f.name == resultfile.LadderCountsFile {
					// ladder directories of earlier versions have no tally to merge.
					why = "it has no exact counts to add up (an earlier bangsim wrote it); play the ladder's shards again with this version"
				}
				return nil, fmt.Errorf("%w %s: %s (no %s)", ErrBadShard, dir, why, f.name)
			}
			return nil, fmt.Errorf("%w %s: %w", ErrBadShard, dir, resultfile.ExplainPath(dir, err))
		}
		if err := json.Unmarshal(b, f.v); err != nil {
			return nil, fmt.Errorf("%w %s: %s", ErrBadShard, path, resultfile.JSONProblem(err))
		}
	}
	if s.Record.Schema != resultfile.LadderSchema {
		return nil, fmt.Errorf("%w %s: schema %q is not one this version reads (%s)", ErrBadShard, filepath.Join(dir, resultfile.LadderJSONFile), s.Record.Schema, resultfile.LadderSchema)
	}
	tallyPath := filepath.Join(dir, resultfile.LadderCountsFile)
	if err := s.Tally.Validate(); err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrBadShard, tallyPath, err)
	}
	// The game rebuilt from the characters recorded names the tally's character rows.
	if len(s.Record.Characters) > 0 {
		g, err := GameOfRecord(resultfile.LadderJSONFile, s.Record.Game, s.Record.Characters)
		if err != nil {
			return nil, fmt.Errorf("%w %s: %w", ErrBadShard, dir, err)
		}
		s.set = g.CharacterSet()
	}
	if _, err := importLadder(&s.Tally, &s.Tally.Counts, s.set); err != nil {
		return nil, fmt.Errorf("%w %s: %w: %v", ErrBadShard, tallyPath, resultfile.ErrTally, err)
	}
	if why := s.tallyMatchesRecord(); why != "" {
		return nil, fmt.Errorf("%w %s: %s does not belong to the %s beside it: %s", ErrBadShard, dir, resultfile.LadderCountsFile, resultfile.LadderJSONFile, why)
	}
	return s, nil
}

// tallyMatchesRecord reports how ladder-tally.json differs from ladder.json, or "".
func (s *LadderShard) tallyMatchesRecord() string {
	r, t := &s.Record, &s.Tally
	if r.Shard.K < 1 || r.Shard.K > r.Shard.N {
		return fmt.Sprintf("shard %d/%d is not K/N with 1 <= K <= N", r.Shard.K, r.Shard.N)
	}
	first, _ := run.ShardRange(t.GameIndices, r.Shard.K-1, r.Shard.N)
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

// The ladder shard as mergeIndexed reads it.
func (s *LadderShard) shardDir() string                 { return s.Dir }
func (s *LadderShard) counts() *resultfile.LadderCounts { return &s.Tally.Counts }
func (s *LadderShard) span() (uint64, uint64) {
	return s.Tally.Counts.FirstIndex, s.Tally.Counts.Indices
}
func (s *LadderShard) gameIndices() uint64 { return s.Tally.GameIndices }
func (s *LadderShard) seconds() float64    { return s.Record.ElapsedSeconds }
func (s *LadderShard) partialMerge() []string {
	if s.Record.Partial {
		return s.Record.MergedFrom
	}
	return nil
}

// sameLadder reports why b cannot be merged with a, or "" if it can.
func sameLadder(a, b *LadderShard) string {
	for _, f := range []struct {
		name string
		b, a any
	}{
		{"game", b.Record.Game, a.Record.Game}, {"seed", b.Record.Seed, a.Record.Seed}, {"players", b.Record.Players, a.Record.Players},
		{"policies", b.Record.Specs, a.Record.Specs}, {"labels", b.Record.Policies, a.Record.Policies},
		{"game indices", b.Tally.GameIndices, a.Tally.GameIndices},
		{"rules", b.Record.Rules, a.Record.Rules}, {"confidence", b.Record.Confidence, a.Record.Confidence},
		{"added_characters", b.Record.Characters, a.Record.Characters},
	} {
		if why := resultfile.Difference(f.name, f.b, f.a); why != "" {
			return "the ladders differ: " + why
		}
	}
	if a.Record.Version != b.Record.Version {
		return fmt.Sprintf("it was played by bangsim %s, the other by %s, and versions may play other games for the same seed; rerun the shards with one version",
			orUnknown(b.Record.Version), orUnknown(a.Record.Version))
	}
	return ""
}

// MergeLadders reads, validates and adds up the shards of a ladder and returns the
// merged result, its ratings and skill depth refitted from the summed tally; nothing is
// written (see WriteLadder), whose files other than ladder.json are then byte-identical
// to the ladder played in one process. It refuses, wrapping ErrBadShard, what Merge
// refuses for runs: a directory that is no ladder shard, a damaged tally, shards of
// different ladders or versions, and shards that overlap. When game indices are missing
// the record is marked partial and lists them, and the error is ErrPartialMerge unless
// AllowPartial.
func MergeLadders(m MergeSpec) (*LadderResult, error) {
	started := time.Now()
	shards, sum, missing, elapsed, err := mergeIndexed[*LadderShard, resultfile.LadderCounts](m, ReadLadderShard, sameLadder)
	if err != nil {
		return nil, err
	}
	first := shards[0]
	total := first.Tally.GameIndices
	tally, err := importLadder(&first.Tally, &sum, first.set)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrBadShard, first.Dir, err)
	}
	rec := first.Record
	rec.Command = m.Command
	rec.Version, rec.Revision = Version, Revision()
	rec.Shard, rec.ShardSource = resultfile.Shard{K: 1, N: 1}, ""
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
	// FirstIndex 0: the merge is a whole ladder (a partial one is refused as a shard).
	out := &LadderResult{Record: &rec, Declared: RecordedRoles(rec.Game, rec.Players), GameIndices: total, Tally: tally, Characters: first.set}
	out.rate()
	if rec.Partial && !m.AllowPartial {
		return out, ErrPartialMerge
	}
	return out, nil
}
