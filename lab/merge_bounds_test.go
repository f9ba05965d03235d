package lab_test

import (
	"fmt"
	"path/filepath"
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

// A partial merge in which no shard reached a player count (every shard interrupted
// before it) leaves that count out, as the interrupted runs do, and reads back: it used
// to write a zero tally shaped like another table size's (4 players' roles at 5),
// which the tally's own check then refused (report, balance, plot: exit 2).
func TestPartialMergeLeavesOutACountNoShardReached(t *testing.T) {
	f := newMergeFixture(t)
	var dirs []string
	for k := 1; k <= 2; k++ {
		d := f.copyShard(t, k, fmt.Sprint("stopped", k))
		editTally(t, d, true, func(ts *resultfile.TallySet) { ts.Counts = ts.Counts[:1] }) // players 4 only
		editRun(t, d, func(r *resultfile.Run) {
			r.GamesPlayed -= r.Counts[1].Games
			r.Counts[1].Games, r.Counts[1].Partial, r.Partial = 0, true, true
		})
		if _, err := lab.ReadShard(d); err != nil {
			t.Fatalf("an interrupted shard does not read: %v", err)
		}
		dirs = append(dirs, d)
	}
	out := filepath.Join(t.TempDir(), "m")
	rec, counts, err := lab.Merge(lab.MergeSpec{Dirs: dirs, Out: out, AllowPartial: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(counts) != 1 || counts[0].Players != 4 || !rec.Partial {
		t.Fatalf("merged counts %v, partial %v", counts, rec.Partial)
	}
	if err := lab.WriteRun(out, rec, counts); err != nil {
		t.Fatal(err)
	}
	if _, err := lab.ReadShard(out); err != nil {
		t.Fatalf("the partial merge does not read back: %v", err)
	}
}
