package lab_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
)

// A shard whose tally and run.json (edited alike, the tally resealed) put its games past
// games_per_player_count, or wrap first_game + games round 2^64, is refused: it was
// merged into a run marked complete whose run.json still listed games as missing.
func TestMergeRefusesGamesOutsideTheRun(t *testing.T) {
	f := newMergeFixture(t)
	for i, first := range []uint64{mergeGames, ^uint64(0) - 49} {
		d := f.copyShard(t, 1, fmt.Sprint("moved", i))
		editTally(t, d, true, func(ts *resultfile.TallySet) {
			for i := range ts.Counts {
				ts.Counts[i].FirstGame = first
			}
		})
		editRun(t, d, func(r *resultfile.Run) {
			for i := range r.Counts {
				r.Counts[i].FirstGame = first
			}
		})
		_, _, err := lab.Merge(lab.MergeSpec{Dirs: []string{d, f.shards[1], f.shards[2]}, Out: t.TempDir(), AllowPartial: true})
		if err == nil || !strings.Contains(err.Error(), "past the run's") {
			t.Errorf("first_game %d: merge said %v", first, err)
		}
	}
}

// run.json's players must be table sizes, once each, that list every count of the
// tally (more only in a partial run): `balance DIR --tune-life` plays them again, and
// players [100] made it tune nothing and say so with exit 0.
func TestReadShardChecksRunPlayers(t *testing.T) {
	f := newMergeFixture(t)
	for i, players := range [][]int{{100}, {}, {4, 4}, {4}} {
		d := f.copyShard(t, 1, fmt.Sprint("players", i))
		editRun(t, d, func(r *resultfile.Run) { r.Players = players })
		if _, err := lab.ReadShard(d); err == nil {
			t.Errorf("run.json players %v, counts of %v: accepted", players, mergePlayers)
		}
	}
}
