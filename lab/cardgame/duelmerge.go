package cardgame

import (
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"time"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
)

// DuelShard is one duel directory read back and validated.
type DuelShard struct {
	Dir   string
	Run   resultfile.DuelRun
	Tally resultfile.DuelTally
}

// ReadDuelShard reads and validates run.json and duel-tally.json of dir: the tally's
// schema and checksum, its counts' consistency, and that it belongs to the run.json
// beside it. Errors wrap lab.ErrBadShard and name the directory and the field.
func ReadDuelShard(dir string) (*DuelShard, error) {
	s := &DuelShard{Dir: dir}
	if err := readShardFiles(dir, "duel", resultfile.DuelTallyFile, &s.Tally, &s.Run, func() string { return s.Run.Schema }, resultfile.DuelRunSchema); err != nil {
		return nil, err
	}
	if err := s.Tally.Validate(); err != nil {
		return nil, fmt.Errorf("%w %s: %w", lab.ErrBadShard, filepath.Join(dir, resultfile.DuelTallyFile), err)
	}
	if why := s.tallyMatchesRun(); why != "" {
		return nil, fmt.Errorf("%w %s: duel-tally.json does not belong to the run.json beside it: %s", lab.ErrBadShard, dir, why)
	}
	return s, nil
}

// tallyMatchesRun reports how the tally differs from run.json, or "".
func (s *DuelShard) tallyMatchesRun() string {
	r, t := &s.Run, &s.Tally
	switch {
	case r.Seed != t.Seed:
		return fmt.Sprintf("seed %d and %d", r.Seed, t.Seed)
	case r.Policy != t.Policy || r.DraftPolicy != t.DraftPolicy:
		return "they name other bots"
	case !reflect.DeepEqual(r.Rules, t.Rules):
		return "they name other rules"
	case r.Duels != t.Duels:
		return fmt.Sprintf("duels %d and %d", r.Duels, t.Duels)
	case r.Paired != (t.Counts.Paired != nil):
		return "one is of a paired run (--paired) and the other is not"
	case r.FirstDuel != t.Counts.FirstDuel || r.DuelsPlayed != t.Counts.Indices():
		return fmt.Sprintf("run.json played %d duels from %d, the tally holds %d from %d", r.DuelsPlayed, r.FirstDuel, t.Counts.Indices(), t.Counts.FirstDuel)
	}
	return ""
}

// sameDuelRun reports how two shards differ as runs (seed, bots, duels, version), or
// "" when they are shards of one run.
func sameDuelRun(a, b *DuelShard) string {
	switch {
	case a.Run.Version != b.Run.Version:
		return fmt.Sprintf("they were written by bangsim %s and %s, whose duels may differ", a.Run.Version, b.Run.Version)
	case a.Run.Seed != b.Run.Seed:
		return fmt.Sprintf("seed %d and %d", a.Run.Seed, b.Run.Seed)
	case a.Run.Policy != b.Run.Policy:
		return fmt.Sprintf("--policy %s and %s", pairText(a.Run.Policy), pairText(b.Run.Policy))
	case a.Run.DraftPolicy != b.Run.DraftPolicy:
		return fmt.Sprintf("--draft-policy %s and %s", pairText(a.Run.DraftPolicy), pairText(b.Run.DraftPolicy))
	case a.Run.Paired != b.Run.Paired:
		return "one is a paired run (--paired) and the other is not"
	case !reflect.DeepEqual(a.Run.Rules, b.Run.Rules):
		return resultfile.Difference("rules", a.Run.Rules, b.Run.Rules)
	case !reflect.DeepEqual(a.Run.Characters, b.Run.Characters):
		return "they add other characters (run.json added_characters: --characters-file)"
	case a.Run.Duels != b.Run.Duels:
		return fmt.Sprintf("--duels %d and %d", a.Run.Duels, b.Run.Duels)
	case !slices.EqualFunc(a.Tally.Counts.Characters, b.Tally.Counts.Characters,
		func(x, y resultfile.DuelCharacter) bool { return x.Character == y.Character }):
		return "they list other characters"
	}
	return ""
}

// MergeDuels reads, validates and adds up the shards of a duel run and returns the
// merged result; nothing is written (see WriteDuelKeep), and its CSV files and
// duel-tally.json are then byte-identical to those of the run played in one process.
// It refuses, wrapping lab.ErrBadShard, a directory that is no duel shard, a damaged
// tally, shards of different runs or versions, and shards that overlap. When duels are
// missing the record is marked partial and lists them, and the error is
// lab.ErrPartialMerge unless AllowPartial.
func MergeDuels(m lab.MergeSpec) (*DuelResult, error) {
	started := time.Now()
	if err := lab.CheckMergeOut(m.Out, m.Dirs); err != nil {
		return nil, err
	}
	var shards []*DuelShard
	for _, d := range m.Dirs {
		s, err := ReadDuelShard(d)
		if err != nil {
			return nil, err
		}
		if len(s.Run.MergedFrom) > 0 && s.Run.Partial {
			return nil, fmt.Errorf("%w %s: it is a partial merge, whose duels need not be one range; merge the shards it was made from (%s) instead",
				lab.ErrBadShard, d, resultfile.PlainList(s.Run.MergedFrom))
		}
		if len(shards) > 0 {
			if why := sameDuelRun(shards[0], s); why != "" {
				return nil, fmt.Errorf("%w %s with %s: %s", lab.ErrBadShard, d, shards[0].Dir, why)
			}
		}
		shards = append(shards, s)
	}
	var spans []lab.Span
	first := shards[0]
	sum := first.Tally.Counts.Clone()
	elapsed := 0.0 // the shards ran side by side: the merge took as long as the slowest
	for i, s := range shards {
		c := &s.Tally.Counts
		elapsed = max(elapsed, s.Run.ElapsedSeconds)
		if n := c.Indices(); n > 0 {
			spans = append(spans, lab.Span{Lo: c.FirstDuel, Hi: c.FirstDuel + n, Dir: s.Dir})
		}
		if i > 0 {
			if err := sum.Merge(c); err != nil {
				return nil, fmt.Errorf("%w %s: %w", lab.ErrBadShard, s.Dir, err)
			}
		}
	}
	total := first.Run.Duels
	missing, _, err := lab.Cover(spans, total, "duels", "", "")
	if err != nil {
		return nil, err
	}
	// The merge is the whole run, from duel 0: as one process's tally, so its bytes are
	// the same (a partial merge lists what it lacks in Missing).
	sum.FirstDuel = 0
	rec := first.Run
	rec.Command = m.Command
	rec.Version, rec.Revision = lab.Version, lab.Revision()
	rec.Shard, rec.ShardSource = resultfile.Shard{K: 1, N: 1}, ""
	rec.Workers = 0
	rec.StartedAt = started.UTC().Format(time.RFC3339)
	rec.Out = m.Out
	rec.MergedFrom = m.Dirs
	rec.Missing = missing
	rec.FirstDuel, rec.DuelsPlanned, rec.DuelsPlayed = 0, total, sum.Indices()
	rec.Partial = rec.DuelsPlayed < total
	rec.ElapsedSeconds = elapsed
	rec.DuelsPerSecond = resultfile.PerSecond(sum.Duels, elapsed)
	out := &DuelResult{Record: &rec, Tally: first.Tally}
	out.Tally.Counts = sum
	if err := out.Tally.Seal(); err != nil {
		return nil, err
	}
	if rec.Partial && !m.AllowPartial {
		return out, lab.ErrPartialMerge
	}
	return out, nil
}
