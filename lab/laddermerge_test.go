package lab_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/resultfile"
)

// The ladder the ladder-merge tests shard: 64 game indices (two per jackknife group)
// of the dice game at 5 players, three bots.
const (
	ladSeed  = 6
	ladGames = 64
)

var ladEntrants = []lab.Entrant{{Spec: "random", Label: "random"}, {Spec: "simple", Label: "simple"}, {Spec: "heuristic", Label: "heuristic"}}

// playLadderShard plays shard k of n of the test ladder (all its indices for n = 0)
// with the given workers and writes its files into dir.
func playLadderShard(t testing.TB, dir string, seed uint64, entrants []lab.Entrant, k, n, workers int) {
	t.Helper()
	p, err := dicegame.Game.Prepare(diceChoice(t, "heuristic", seed))
	if err != nil {
		t.Fatal(err)
	}
	res, err := lab.Ladder(context.Background(), lab.LadderSpec{
		Game: dicegame.Game, Prepared: p, Seed: seed, Players: 5, Games: ladGames, Entrants: entrants,
		Shard: resultfile.Shard{K: k, N: n}, ShardSource: map[bool]string{true: lab.ShardFromFlag}[n > 0], Workers: workers, Out: dir,
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lab.WriteLadder(dir, res); err != nil {
		t.Fatal(err)
	}
}

// ladderShards plays shards 1..n of the test ladder into root/name-K, shard K with
// K workers (so the workers differ between shards too).
func ladderShards(t testing.TB, root, name string, n int) []string {
	t.Helper()
	var dirs []string
	for k := 1; k <= n; k++ {
		d := filepath.Join(root, fmt.Sprintf("%s-%d", name, k))
		playLadderShard(t, d, ladSeed, ladEntrants, k, n, 1+k%3)
		dirs = append(dirs, d)
	}
	return dirs
}

// ladderResultFiles are the files of a ladder directory that a merge must write byte
// for byte as the whole ladder did.
var ladderResultFiles = []string{resultfile.LadderRatingsFile, resultfile.LadderDepthFile, resultfile.LadderTallyFile, resultfile.LadderCountsFile}

// ladderProcessFields clears what ladder.json records of how and when it was made,
// which a merge cannot share with the whole ladder.
func ladderProcessFields(r *resultfile.Ladder) {
	r.Command, r.StartedAt, r.Out, r.Revision, r.GoVersion = nil, "", "", "", ""
	r.ElapsedSeconds, r.GamesPerSecond, r.Workers = 0, 0, 0
	r.MergedFrom = nil
}

// TestLadderMergeEqualsWhole checks that shards 1..N of a ladder, each played with its
// own number of workers and merged in any order, write the whole ladder's CSV files
// and ladder-tally.json byte for byte (the ratings refitted from the added tally), and
// its ladder.json but for the process fields; N = 7 and 70 leave shards with fewer
// indices than jackknife groups, and 70 shards with none.
func TestLadderMergeEqualsWhole(t *testing.T) {
	root := t.TempDir()
	whole := filepath.Join(root, "whole")
	playLadderShard(t, whole, ladSeed, ladEntrants, 0, 0, 2)
	var wholeRec resultfile.Ladder
	readJSON(t, filepath.Join(whole, resultfile.LadderJSONFile), &wholeRec)
	if wholeRec.Shard != (resultfile.Shard{K: 1, N: 1}) || wholeRec.ShardSource != "" {
		t.Errorf("a whole ladder records shard %+v from %q", wholeRec.Shard, wholeRec.ShardSource)
	}
	ns := []int{1, 2, 3, 7}
	if !testing.Short() {
		ns = append(ns, 70)
	}
	for _, n := range ns {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			dirs := ladderShards(t, root, fmt.Sprintf("n%d", n), n)
			var rec resultfile.Ladder
			readJSON(t, filepath.Join(dirs[n-1], resultfile.LadderJSONFile), &rec)
			if rec.Shard != (resultfile.Shard{K: n, N: n}) || rec.ShardSource != lab.ShardFromFlag {
				t.Errorf("shard %d/%d: ladder.json shard %+v from %q", n, n, rec.Shard, rec.ShardSource)
			}
			orders := [][]string{dirs, slices.Clone(dirs)}
			slices.Reverse(orders[1])
			for i, in := range orders {
				out := filepath.Join(root, fmt.Sprintf("merged-%d-%d", n, i))
				res, err := lab.MergeLadders(lab.MergeSpec{Dirs: in, Out: out, Command: []string{"bangsim", "merge"}})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := lab.WriteLadder(out, res); err != nil {
					t.Fatal(err)
				}
				for _, name := range ladderResultFiles {
					want, got := readFile(t, filepath.Join(whole, name)), readFile(t, filepath.Join(out, name))
					if !bytes.Equal(got, want) {
						t.Errorf("merge of %d shards: %s differs from the whole ladder's", n, name)
					}
				}
				var merged resultfile.Ladder
				readJSON(t, filepath.Join(out, resultfile.LadderJSONFile), &merged)
				if !slices.Equal(merged.MergedFrom, in) || merged.Partial || len(merged.Missing) != 0 {
					t.Errorf("merged ladder.json: merged_from %v, partial %v, missing %v", merged.MergedFrom, merged.Partial, merged.Missing)
				}
				w := wholeRec
				ladderProcessFields(&w)
				ladderProcessFields(&merged)
				if a, b := jsonString(t, merged), jsonString(t, w); a != b {
					t.Errorf("merged ladder.json differs beyond the process fields:\n%s\nwant:\n%s", a, b)
				}
				// The merge is itself a valid ladder directory.
				if _, err := lab.ReadLadderShard(out); err != nil {
					t.Errorf("the merged directory does not read back: %v", err)
				}
			}
		})
	}
}

// editLadderTally decodes dir's ladder-tally.json, lets edit change it, seals it again
// if reseal and writes it back.
func editLadderTally(t *testing.T, dir string, reseal bool, edit func(ts *resultfile.LadderTally)) {
	t.Helper()
	var ts resultfile.LadderTally
	path := filepath.Join(dir, resultfile.LadderCountsFile)
	readJSON(t, path, &ts)
	edit(&ts)
	if reseal {
		if err := ts.Seal(); err != nil {
			t.Fatal(err)
		}
	}
	writeJSON(t, path, &ts)
}

// TestLadderMergeRefuses mixes up or damages one shard per case and checks that
// MergeLadders refuses with ErrBadShard (and ErrTally for a damaged tally), in one
// line naming the shard and what is wrong, and writes nothing; missing indices make a
// partial merge.
func TestLadderMergeRefuses(t *testing.T) {
	root := t.TempDir()
	s := ladderShards(t, root, "shard", 3)
	otherSeed := filepath.Join(root, "other-seed")
	playLadderShard(t, otherSeed, ladSeed+1, ladEntrants, 2, 3, 1)
	otherBots := filepath.Join(root, "other-bots")
	playLadderShard(t, otherBots, ladSeed, append(slices.Clone(ladEntrants[:2]), lab.Entrant{Spec: "keep", Label: "keep"}), 2, 3, 1)
	half := filepath.Join(root, "half")
	playLadderShard(t, half, ladSeed, ladEntrants, 2, 2, 1)
	bad := func(t *testing.T, name string) (string, []string) {
		d := filepath.Join(root, name)
		if err := os.CopyFS(d, os.DirFS(s[1])); err != nil {
			t.Fatal(err)
		}
		return d, []string{s[0], d, s[2]}
	}
	tallyFile := func(d string) string { return filepath.Join(d, resultfile.LadderCountsFile) }
	badShard := []error{lab.ErrBadShard}
	badTally := []error{lab.ErrBadShard, resultfile.ErrTally}
	cases := []struct {
		name  string
		is    []error
		setup func(t *testing.T, name string) ([]string, []string) // dirs, substrings of the error
	}{
		{"other-seed", badShard, func(*testing.T, string) ([]string, []string) {
			return []string{s[0], otherSeed, s[2]}, []string{otherSeed, "the ladders differ: seed 7 against 6"}
		}},
		{"other-bots", badShard, func(*testing.T, string) ([]string, []string) {
			return []string{s[0], otherBots, s[2]}, []string{otherBots, "the ladders differ: policies random, simple, keep against random, simple, heuristic"}
		}},
		{"overlap", badShard, func(*testing.T, string) ([]string, []string) {
			return []string{s[0], s[1], half}, []string{"both hold game indices 32 to 42"}
		}},
		{"no-ladder-tally", badShard, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			os.Remove(tallyFile(d))
			return dirs, []string{d, "no ladder-tally.json", "play the ladder's shards again"}
		}},
		{"checksum", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editLadderTally(t, d, false, func(ts *resultfile.LadderTally) { ts.Counts.Rates[0].Wins-- })
			return dirs, []string{tallyFile(d), "checksum", "changed or damaged"}
		}},
		{"seats-not-every-seat", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editLadderTally(t, d, true, func(ts *resultfile.LadderTally) {
				r := &ts.Counts.Rates[len(ts.Roles())-1] // random, all
				r.Seats, r.SeatsSq = r.Seats-1, r.SeatsSq-1
			})
			return dirs, []string{tallyFile(d), "(random, all)", "want every seat of every index"}
		}},
		{"beat-itself", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editLadderTally(t, d, true, func(ts *resultfile.LadderTally) { ts.Counts.Beat[5].Seats[1][1] = 1 })
			return dirs, []string{tallyFile(d), "counts.beat[5]", "simple beat itself"}
		}},
		{"character-seats", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editLadderTally(t, d, true, func(ts *resultfile.LadderTally) { ts.Counts.Characters[0].Seats++ })
			return dirs, []string{tallyFile(d), "want a character at every seat"}
		}},
		{"tally-of-another-record", badShard, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			if err := os.WriteFile(tallyFile(d), readFile(t, tallyFile(otherSeed)), 0o644); err != nil {
				t.Fatal(err)
			}
			return dirs, []string{d, "ladder-tally.json does not belong to the ladder.json beside it", "seed"}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dirs, wants := c.setup(t, c.name)
			out := filepath.Join(root, "out-"+c.name)
			_, err := lab.MergeLadders(lab.MergeSpec{Dirs: dirs, Out: out})
			for _, target := range c.is {
				if !errors.Is(err, target) {
					t.Errorf("error %v does not wrap %v", err, target)
				}
			}
			if err != nil {
				if msg := err.Error(); strings.Contains(msg, "\n") {
					t.Errorf("the refusal is more than one line: %q", msg)
				}
				for _, w := range wants {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q lacks %q", err, w)
					}
				}
			}
			if _, serr := os.Stat(out); serr == nil {
				t.Errorf("the refused merge wrote %s", out)
			}
		})
	}
	res, err := lab.MergeLadders(lab.MergeSpec{Dirs: []string{s[0], s[2]}, Out: filepath.Join(root, "partial")})
	if !errors.Is(err, lab.ErrPartialMerge) || !res.Record.Partial || !slices.Equal(res.Record.Missing, []string{"game indices 22-42"}) {
		t.Errorf("two of three shards: %v, partial %v, missing %v", err, res.Record.Partial, res.Record.Missing)
	}
}
