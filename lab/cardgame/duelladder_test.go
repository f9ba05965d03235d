package cardgame_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/card"
)

// duelLadder plays the duel ladder of specs over games indices (shard k of n; n 0: all
// of them) with the random draft bot and writes it into dir when dir is not "".
func duelLadder(t *testing.T, dir string, specs []string, games uint64, k, n, workers int) *lab.LadderResult {
	t.Helper()
	var entrants []lab.Entrant
	for i, s := range specs {
		entrants = append(entrants, lab.Entrant{Spec: s, Label: fmt.Sprintf("%s-%d", s, i)})
	}
	res, err := lab.Ladder(context.Background(), lab.LadderSpec{
		Game: cardgame.DuelLabGame(), Prepared: cardgame.DuelTable{Draft: "random"}, Seed: 3, Players: 2, Games: games,
		Entrants: entrants, CharactersPerSeat: card.DuelCharacters, Shard: resultfile.Shard{K: k, N: n}, Workers: workers, Out: dir,
	})
	if err != nil {
		t.Fatal(err)
	}
	if dir != "" {
		if _, err := lab.WriteLadder(dir, res); err != nil {
			t.Fatal(err)
		}
	}
	return res
}

// TestDuelLadderRanksRandomLast holds the duel ladder to the check at a small
// size (seed 3, 64 duel seeds, each played by the pair both ways): random is rated
// below heuristic with the two intervals apart, every duel of a pair is counted at
// both seats, and the skill depth lists the drafted characters.
func TestDuelLadderRanksRandomLast(t *testing.T) {
	rec := duelLadder(t, "", []string{"random", "heuristic"}, 64, 0, 0, 2).Record
	if rec.Weakest != "random-0" || rec.Strongest != "heuristic-1" {
		t.Fatalf("weakest %q, strongest %q: want random, heuristic", rec.Weakest, rec.Strongest)
	}
	if len(rec.Ratings) != 2 || rec.Ratings[1].Policy != "random-0" || rec.Ratings[1].High >= rec.Ratings[0].Low {
		t.Fatalf("ratings %+v: want heuristic's interval above random's, the only role row all", rec.Ratings)
	}
	if rec.TablesPlayed != 128 || rec.Ratings[0].Seats != 128 {
		t.Errorf("%d duels, heuristic %d seats: want 128 and 128 (64 seeds x both seats)", rec.TablesPlayed, rec.Ratings[0].Seats)
	}
	chars := 0
	for _, d := range rec.Depth {
		if d.Scope == "character" {
			chars++
		}
	}
	if chars < 10 {
		t.Errorf("skill depth over %d characters, want the drafted ones (at least 10)", chars)
	}
}

// TestDuelLadderShardsMergeLikeWhole: three bots (six duels a seed; random twice, the
// fast bots being two) played in three shards and merged give the files of the whole
// ladder byte for byte, ladder.json aside.
func TestDuelLadderShardsMergeLikeWhole(t *testing.T) {
	specs := []string{"random", "heuristic", "random"}
	root := t.TempDir()
	whole := filepath.Join(root, "whole")
	duelLadder(t, whole, specs, 64, 0, 0, 2)
	var dirs []string
	for k := 1; k <= 3; k++ {
		d := filepath.Join(root, fmt.Sprintf("shard-%d", k))
		duelLadder(t, d, specs, 64, k, 3, k)
		dirs = append(dirs, d)
	}
	merged := filepath.Join(root, "merged")
	res, err := lab.MergeLadders(lab.MergeSpec{Dirs: dirs, Out: merged})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lab.WriteLadder(merged, res); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{resultfile.LadderRatingsFile, resultfile.LadderDepthFile, resultfile.LadderTallyFile, resultfile.LadderCountsFile} {
		a, err := os.ReadFile(filepath.Join(whole, f))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(merged, f))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: the merge differs from the whole ladder", f)
		}
	}
}

// TestDuelLadderTallyKeepsItsDesign: a duel ladder's tally read back with its design
// flag removed (pairs: false, as a rotation ladder's) is refused, not misread.
func TestDuelLadderTallyKeepsItsDesign(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lad")
	duelLadder(t, dir, []string{"random", "heuristic", "random"}, 32, 0, 0, 1)
	if _, err := lab.ReadLadderShard(dir); err != nil {
		t.Fatalf("the ladder as written: %v", err)
	}
	path := filepath.Join(dir, resultfile.LadderCountsFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"pairs": true`)) {
		t.Fatalf("%s does not record the pair design", path)
	}
	if err := os.WriteFile(path, bytes.Replace(b, []byte(`"pairs": true`), []byte(`"pairs": false`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := lab.ReadLadderShard(dir); !errors.Is(err, lab.ErrBadShard) {
		t.Errorf("the tally without its design: %v, want ErrBadShard", err)
	}
}
