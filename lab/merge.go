package lab

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// ErrBadShard is wrapped by merge's refusals of an input: the message names the shard
// and the field.
var ErrBadShard = errors.New("cannot merge")

// ErrPartialMerge is returned by Merge when the shards do not cover every planned game
// and the caller did not allow a partial merge; the merged record is still returned.
var ErrPartialMerge = errors.New("the shards do not hold every game of the run")

// Shard is one result directory read back and validated.
type Shard struct {
	Dir   string
	Run   resultfile.Run
	Tally resultfile.TallySet
}

// ReadShard reads and validates run.json and tally.json of dir: the tally's schema and
// checksum, its counts' consistency, and that it belongs to the run.json beside it.
func ReadShard(dir string) (*Shard, error) {
	s := &Shard{Dir: dir}
	if st, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) { // say so, not that a file is missing
		return nil, fmt.Errorf("%w %s: it does not exist", ErrBadShard, dir)
	} else if err == nil && !st.IsDir() {
		return nil, fmt.Errorf("%w %s: it is a file, not a result directory", ErrBadShard, dir)
	}
	for _, f := range []struct {
		name string
		v    any
	}{{resultfile.RunFile, &s.Run}, {resultfile.TallyFile, &s.Tally}} {
		path := filepath.Join(dir, f.name)
		b, err := os.ReadFile(path)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("%w %s: it is not a bangsim result directory (no %s)", ErrBadShard, dir, f.name)
			}
			return nil, fmt.Errorf("%w %s: %w", ErrBadShard, dir, resultfile.ExplainPath(dir, err))
		}
		if f.name == resultfile.TallyFile {
			// A tally of another schema (0.2.0's Go structure) need not decode as this
			// one: name its schema rather than the first field that does not fit.
			var probe struct {
				Schema string `json:"schema"`
			}
			if json.Unmarshal(b, &probe) == nil && !resultfile.ReadsTallySchema(probe.Schema) {
				err := (&resultfile.TallySet{Schema: probe.Schema}).Validate()
				return nil, fmt.Errorf("%w %s: %w", ErrBadShard, path, err)
			}
		}
		if err := json.Unmarshal(b, f.v); err != nil {
			return nil, fmt.Errorf("%w %s: %s", ErrBadShard, path, resultfile.JSONProblem(err))
		}
	}
	if err := s.Tally.Validate(); err != nil {
		return nil, fmt.Errorf("%w %s: %w", ErrBadShard, filepath.Join(dir, resultfile.TallyFile), err)
	}
	if why := s.tallyMatchesRun(); why != "" {
		return nil, fmt.Errorf("%w %s: tally.json does not belong to the run.json beside it: %s", ErrBadShard, dir, why)
	}
	return s, nil
}

// tallyMatchesRun reports how the tally differs from run.json, or "".
func (s *Shard) tallyMatchesRun() string {
	r, t := &s.Run, &s.Tally
	switch {
	case r.Game != t.Game:
		return fmt.Sprintf("game %q against %q", t.Game, r.Game)
	case r.Seed != t.Seed:
		return fmt.Sprintf("seed %d against %d", t.Seed, r.Seed)
	case r.Version != t.Version:
		return fmt.Sprintf("version %s against %s", t.Version, r.Version)
	case !sameJSON(r.Rules, t.Rules):
		return resultfile.Difference("rules", t.Rules, r.Rules)
	case !sameJSON(r.Policies, t.Policies):
		return resultfile.Difference("bots", t.Policies, r.Policies)
	}
	var players []int
	for _, c := range t.Counts {
		i := slices.IndexFunc(r.Counts, func(rc resultfile.Count) bool { return rc.Players == c.Players })
		switch {
		case i < 0:
			return fmt.Sprintf("counts: players %d is not in run.json", c.Players)
		case r.Counts[i].FirstGame != c.FirstGame:
			return fmt.Sprintf("counts (players %d): first_game %d against %d", c.Players, c.FirstGame, r.Counts[i].FirstGame)
		case r.Counts[i].Games != c.Games:
			return fmt.Sprintf("counts (players %d): games %d against %d", c.Players, c.Games, r.Counts[i].Games)
		case c.Players < bang.MinSeats || c.Players > bang.MaxSeats:
			return fmt.Sprintf("counts: %d players, where a BANG! table seats %d to %d", c.Players, bang.MinSeats, bang.MaxSeats)
		case slices.Contains(players, c.Players):
			return fmt.Sprintf("counts: players %d twice", c.Players)
		// The games must lie inside the run's indices 0..games_per_player_count−1 (a
		// shard of games past them, or wrapping round, once merged into a "complete"
		// run that said games were missing).
		case c.FirstGame+c.Games < c.FirstGame || c.FirstGame+c.Games > r.GamesPerCount:
			return fmt.Sprintf("counts (players %d): games %d to %d, past the run's %d (games_per_player_count)",
				c.Players, c.FirstGame, c.FirstGame+c.Games-1, r.GamesPerCount)
		}
		players = append(players, c.Players)
	}
	// run.json's players are what a later step plays again (balance DIR --tune-life):
	// the counts', and more only in a partial run (stopped before its last counts).
	for i, n := range r.Players {
		if n < bang.MinSeats || n > bang.MaxSeats || slices.Contains(r.Players[:i], n) {
			return fmt.Sprintf("players %s in run.json: each a table size from %d to %d, once", resultfile.Plain(r.Players), bang.MinSeats, bang.MaxSeats)
		}
	}
	for _, n := range players {
		if !slices.Contains(r.Players, n) {
			return fmt.Sprintf("counts of %d players, which run.json's players %s do not list", n, resultfile.Plain(r.Players))
		}
	}
	if len(players) < len(r.Players) && !r.Partial {
		return fmt.Sprintf("players %s in run.json, counts of %s only in tally.json, and the run is not marked partial", resultfile.Plain(r.Players), resultfile.Plain(players))
	}
	return ""
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return bytes.Equal(x, y)
}

// sameRun reports why b cannot be merged with a, or "" if it can.
func sameRun(a, b *resultfile.Run) string {
	for _, f := range []struct {
		name string
		b, a any
	}{
		{"game", b.Game, a.Game}, {"seed", b.Seed, a.Seed}, {"players", b.Players, a.Players},
		{"games_per_player_count", b.GamesPerCount, a.GamesPerCount}, {"rules", b.Rules, a.Rules}, {"bots", b.Policies, a.Policies},
		{"added_characters", b.Characters, a.Characters},
	} {
		if why := resultfile.Difference(f.name, f.b, f.a); why != "" {
			return "the runs differ: " + why
		}
	}
	// A version may change which game a seed plays (0.2.0 changed the dice stream, 0.3.0
	// the bots' streams): shards of two versions would sum different games as one run.
	if a.Version != b.Version {
		return fmt.Sprintf("it was played by bangsim %s, the other by %s, and versions may play other games for the same seed; rerun the shards with one version",
			orUnknown(b.Version), orUnknown(a.Version))
	}
	return ""
}

// sameSchema reports why tally b cannot be added to tally a, or "": a tally with the
// games by length (schema 3) and one without (schema 2) would give a distribution of
// some of the games only.
func sameSchema(a, b *resultfile.TallySet) string {
	if a.Schema == b.Schema {
		return ""
	}
	has := func(t *resultfile.TallySet) string {
		if t.HasLengths() {
			return "with the games by length"
		}
		return "without the games by length"
	}
	return fmt.Sprintf("its tally.json is %s (%s), the other's %s (%s): the merge would know the lengths of only some games; "+
		"play the %s shards again with this version, or merge them on their own",
		b.Schema, has(b), a.Schema, has(a), resultfile.TallySchema2)
}

// orUnknown names a version run.json did not record.
func orUnknown(v string) string {
	if v == "" {
		return "(unknown version)"
	}
	return v
}

// MergeSpec is one `bangsim merge`.
type MergeSpec struct {
	Dirs         []string
	Out          string
	Command      []string
	AllowPartial bool
}

// CheckMergeOut refuses an --out that is one of the inputs: writing there would
// replace a shard with the merge of itself and the others.
func CheckMergeOut(out string, dirs []string) error {
	oi, err := os.Stat(out)
	if err != nil {
		return nil // a new directory cannot be an input
	}
	for _, d := range dirs {
		if di, err := os.Stat(d); err == nil && os.SameFile(oi, di) {
			return fmt.Errorf("--out %s is the input %s: merging into a shard would replace it; choose another directory", out, d)
		}
	}
	return nil
}

// Merge reads, validates and adds up the shards and returns the merged record and
// counts; nothing is written (see WriteRun). When games are missing the record is
// marked partial and lists them, and the error is ErrPartialMerge unless AllowPartial.
func Merge(m MergeSpec) (*resultfile.Run, []resultfile.CountTally, error) {
	started := time.Now()
	if err := CheckMergeOut(m.Out, m.Dirs); err != nil {
		return nil, nil, err
	}
	var shards []*Shard
	for _, d := range m.Dirs {
		s, err := ReadShard(d)
		if err != nil {
			return nil, nil, err
		}
		if len(s.Run.MergedFrom) > 0 && s.Run.Partial {
			// Its tally claims games 0 to N−1 of each count, whichever were missing.
			return nil, nil, fmt.Errorf("%w %s: it is a partial merge, whose games need not be one range; merge the shards it was made from (%s) instead",
				ErrBadShard, d, resultfile.PlainList(s.Run.MergedFrom))
		}
		if len(shards) > 0 {
			why := sameRun(&shards[0].Run, &s.Run)
			if why == "" {
				why = sameSchema(&shards[0].Tally, &s.Tally)
			}
			if why != "" {
				return nil, nil, fmt.Errorf("%w %s with %s: %s", ErrBadShard, d, shards[0].Dir, why)
			}
		}
		shards = append(shards, s)
	}
	first := &shards[0].Run
	elapsed := 0.0 // the shards ran side by side: the merged run took as long as the slowest
	for _, s := range shards {
		elapsed = max(elapsed, s.Run.ElapsedSeconds)
	}
	var merged []resultfile.CountTally
	var planned []resultfile.Count
	var missing []string
	for _, n := range first.Players {
		var spans []Span
		var sum *resultfile.Tally
		for _, s := range shards {
			for _, tc := range s.Tally.Counts {
				if tc.Players != n || tc.Games == 0 {
					continue
				}
				spans = append(spans, Span{tc.FirstGame, tc.FirstGame + tc.Games, s.Dir})
				if sum == nil {
					c := tc.Tally.Clone()
					sum = &c
				} else if err := sum.Merge(&tc.Tally); err != nil {
					return nil, nil, fmt.Errorf("%w %s (players %d): %w", ErrBadShard, s.Dir, n, err)
				}
			}
		}
		lacks, games, err := Cover(spans, first.GamesPerCount, "games", fmt.Sprintf(" of %d players", n), fmt.Sprintf("players %d: ", n))
		if err != nil {
			return nil, nil, err
		}
		missing = append(missing, lacks...)
		ct := resultfile.CountTally{Players: n, Games: games, ElapsedSeconds: elapsed}
		if sum != nil {
			ct.Tally = *sum
		}
		merged = append(merged, ct)
		planned = append(planned, resultfile.Count{Players: n, Planned: first.GamesPerCount})
	}
	rec := *first
	for i := range shards { // a shard written before run.json had a config says none
		if rec.Config == "" {
			rec.Config = shards[i].Run.Config
		}
	}
	rec.Schema = resultfile.RunSchema
	rec.Command = m.Command
	rec.Version, rec.Revision = Version, Revision()
	rec.Shard, rec.ShardSource = resultfile.Shard{K: 1, N: 1}, "" // the whole run: no shard, so no source (cluster.md)
	rec.Workers = 0
	rec.StartedAt = started.UTC().Format(time.RFC3339)
	rec.Out = m.Out
	rec.MergedFrom = m.Dirs
	rec.ElapsedSeconds = elapsed
	rec.Missing = missing
	rec.FillTotals(merged, planned)
	// A count no shard played is left out of the tally and the tables, as an
	// interrupted run leaves out the counts it did not reach (run.json still plans it,
	// and Missing names its games). It used to be written as zeros shaped like another
	// count's tally (another table size's roles): rows that said nothing, in a tally
	// that no longer read back.
	merged = slices.DeleteFunc(merged, func(ct resultfile.CountTally) bool { return ct.Tally.Roles == nil })
	if rec.Partial && !m.AllowPartial {
		return &rec, merged, ErrPartialMerge
	}
	return &rec, merged, nil
}
