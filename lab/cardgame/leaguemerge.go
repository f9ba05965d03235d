package cardgame

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"time"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// LeagueShard is one league directory read back and validated.
type LeagueShard struct {
	Dir   string
	Run   resultfile.LeagueRun
	Tally resultfile.LeagueTally
	// Characters is the league's box, rebuilt from run.json's added_characters (nil:
	// the printed sixteen).
	Characters *bang.CharacterSet
}

// ReadLeagueShard reads and validates run.json and league-tally.json of dir: the
// tally's schema and checksum, its counts' consistency, and that it belongs to the
// run.json beside it. Errors wrap lab.ErrBadShard and name the directory and the field.
func ReadLeagueShard(dir string) (*LeagueShard, error) {
	s := &LeagueShard{Dir: dir}
	if err := readShardFiles(dir, "league", resultfile.LeagueTallyFile, &s.Tally, &s.Run, func() string { return s.Run.Schema }, resultfile.LeagueRunSchema); err != nil {
		return nil, err
	}
	if err := s.Tally.Validate(); err != nil {
		return nil, fmt.Errorf("%w %s: %w", lab.ErrBadShard, filepath.Join(dir, resultfile.LeagueTallyFile), err)
	}
	if len(s.Run.Characters) > 0 {
		g, err := lab.WithRecorded(Game, s.Run.Characters)
		if err != nil {
			return nil, fmt.Errorf("%w %s: %w", lab.ErrBadShard, dir, err)
		}
		s.Characters = g.CharacterSet()
	}
	if _, err := LeaguePrices(&s.Tally, s.Characters); err != nil {
		return nil, fmt.Errorf("%w %s: %w", lab.ErrBadShard, dir, err)
	}
	r, t := &s.Run, &s.Tally
	why := ""
	switch {
	case r.Seed != t.Seed:
		why = fmt.Sprintf("seed %d and %d", r.Seed, t.Seed)
	case r.Seasons != t.Seasons:
		why = fmt.Sprintf("seasons %d and %d", r.Seasons, t.Seasons)
	case !sameSettings(r.Setup, t.Setup):
		why = "they describe other leagues (setup)"
	case r.FirstSeason != t.Counts.FirstSeason || r.SeasonsPlayed != t.Counts.Seasons:
		why = fmt.Sprintf("run.json played %d seasons from %d, the tally holds %d from %d", r.SeasonsPlayed, r.FirstSeason, t.Counts.Seasons, t.Counts.FirstSeason)
	}
	if why != "" {
		return nil, fmt.Errorf("%w %s: league-tally.json does not belong to the run.json beside it: %s", lab.ErrBadShard, dir, why)
	}
	return s, nil
}

// sameSettings reports whether two setups say the same, compared as their JSON.
func sameSettings(a, b resultfile.Settings) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// sameLeagueRun reports how two shards differ as runs, or "" when they are shards of
// one run.
func sameLeagueRun(a, b *LeagueShard) string {
	switch {
	case a.Run.Version != b.Run.Version:
		return fmt.Sprintf("they were written by bangsim %s and %s, whose seasons may differ", a.Run.Version, b.Run.Version)
	case a.Run.Seed != b.Run.Seed:
		return fmt.Sprintf("seed %d and %d", a.Run.Seed, b.Run.Seed)
	case a.Run.Seasons != b.Run.Seasons:
		return fmt.Sprintf("--seasons %d and %d", a.Run.Seasons, b.Run.Seasons)
	case !sameSettings(a.Run.Setup, b.Run.Setup):
		return "they are leagues of other settings (run.json's setup)"
	case !reflect.DeepEqual(a.Run.Characters, b.Run.Characters):
		return "they add other characters (run.json added_characters: --characters-file)"
	case a.Tally.Values.Key != b.Tally.Values.Key || !sameJSON(&a.Tally.Values, &b.Tally.Values):
		return "their characters' values differ"
	}
	return ""
}

// sameJSON reports whether a and b marshal alike.
func sameJSON(a, b any) bool {
	x, err1 := json.Marshal(a)
	y, err2 := json.Marshal(b)
	return err1 == nil && err2 == nil && bytes.Equal(x, y)
}

// LeagueMerged is a merge of league shards: the result and its shards in season order,
// whose record files (standings.csv, games.csv, auctions.csv, matches.csv) it
// concatenates (Record).
type LeagueMerged struct {
	*LeagueResult
	Shards []*LeagueShard
}

// Record returns the merged record file of that name: its header, then each shard's
// rows in season order, as one process writes them.
func (m *LeagueMerged) Record(name string) resultfile.File {
	header := ""
	for _, f := range LeagueRecordFiles {
		if f.Name == name {
			header = f.Header
		}
	}
	return resultfile.File{Name: name, Write: func(w io.Writer) error {
		if _, err := io.WriteString(w, header+"\n"); err != nil {
			return err
		}
		for _, s := range m.Shards {
			if err := copyRows(w, filepath.Join(s.Dir, name), header); err != nil {
				return err
			}
		}
		return nil
	}}
}

// copyRows copies a shard's CSV file less its header line, which must be header.
func copyRows(w io.Writer, path, header string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("%w %s: %w", lab.ErrBadShard, filepath.Dir(path), resultfile.ExplainPath(filepath.Dir(path), err))
	}
	defer f.Close()
	r := bufio.NewReader(f)
	first, err := r.ReadString('\n')
	if err != nil && err != io.EOF || first != header+"\n" {
		return fmt.Errorf("%w %s: its first line is not the header %s writes", lab.ErrBadShard, path, filepath.Base(path))
	}
	_, err = r.WriteTo(w)
	return err
}

// MergeLeague reads, validates and adds up the shards of a league run; nothing is
// written (see WriteLeagueKeep with the merge's Record). Its standings.csv,
// prices.csv, games.csv, auctions.csv, matches.csv and league-tally.json are then
// byte-identical to those of the run played in one process. It refuses, wrapping
// lab.ErrBadShard, a directory that is no league shard, a damaged tally, shards of
// different runs or versions, and shards that overlap. When seasons are missing the
// record is marked partial and lists them, and the error is lab.ErrPartialMerge unless
// AllowPartial; a partial merge's record files then hold the seasons it has, in order.
func MergeLeague(m lab.MergeSpec) (*LeagueMerged, error) {
	started := time.Now()
	if err := lab.CheckMergeOut(m.Out, m.Dirs); err != nil {
		return nil, err
	}
	var shards []*LeagueShard
	for _, d := range m.Dirs {
		s, err := ReadLeagueShard(d)
		if err != nil {
			return nil, err
		}
		if len(s.Run.MergedFrom) > 0 && s.Run.Partial {
			return nil, fmt.Errorf("%w %s: it is a partial merge, whose seasons need not be one range; merge the shards it was made from (%s) instead",
				lab.ErrBadShard, d, resultfile.PlainList(s.Run.MergedFrom))
		}
		if len(shards) > 0 {
			if why := sameLeagueRun(shards[0], s); why != "" {
				return nil, fmt.Errorf("%w %s with %s: %s", lab.ErrBadShard, d, shards[0].Dir, why)
			}
		}
		shards = append(shards, s)
	}
	// Season order; empty shards hold no rows and no range.
	var held []*LeagueShard
	for _, s := range shards {
		if s.Tally.Counts.Seasons > 0 {
			held = append(held, s)
		}
	}
	slices.SortStableFunc(held, func(x, y *LeagueShard) int {
		return cmp.Compare(x.Tally.Counts.FirstSeason, y.Tally.Counts.FirstSeason)
	})
	first := shards[0]
	sum := first.Tally.Counts.Clone()
	sum.Seasons, sum.PlayerGames, sum.Ranked = 0, 0, 0
	for i := range sum.Characters {
		ch := &sum.Characters[i]
		ch.Taken, ch.Paid, ch.PriceSum = 0, 0, 0
		for n := range ch.Seats {
			clear(ch.Seats[n])
		}
	}
	elapsed := 0.0 // the shards ran side by side: the merge took as long as the slowest
	total := first.Run.Seasons
	spans := make([]lab.Span, len(held))
	for i, s := range held {
		c := &s.Tally.Counts
		spans[i] = lab.Span{Lo: c.FirstSeason, Hi: c.FirstSeason + c.Seasons, Dir: s.Dir}
	}
	missing, _, err := lab.Cover(spans, total, "seasons", "", "")
	if err != nil {
		return nil, err
	}
	for _, s := range held {
		if err := sum.Merge(&s.Tally.Counts); err != nil {
			return nil, fmt.Errorf("%w %s: %w", lab.ErrBadShard, s.Dir, err)
		}
	}
	for _, s := range shards {
		elapsed = max(elapsed, s.Run.ElapsedSeconds)
	}
	sum.FirstSeason = 0
	rec := first.Run
	rec.Command = m.Command
	rec.Version, rec.Revision = lab.Version, lab.Revision()
	rec.Shard, rec.ShardSource = resultfile.Shard{K: 1, N: 1}, ""
	rec.Workers = 0
	rec.StartedAt = started.UTC().Format(time.RFC3339)
	rec.Out = m.Out
	rec.MergedFrom = m.Dirs
	rec.Missing = missing
	rec.FirstSeason, rec.SeasonsPlanned, rec.SeasonsPlayed = 0, total, sum.Seasons
	rec.Partial = rec.SeasonsPlayed < total
	rec.ElapsedSeconds = elapsed
	rec.SeasonsPerSecond = resultfile.PerSecond(sum.Seasons, elapsed)
	out := &LeagueMerged{LeagueResult: &LeagueResult{Record: &rec, Tally: first.Tally, Characters: first.Characters}, Shards: held}
	out.Tally.Counts = sum
	if err := out.Tally.Seal(); err != nil {
		return nil, err
	}
	if rec.Partial && !m.AllowPartial {
		return out, lab.ErrPartialMerge
	}
	return out, nil
}
