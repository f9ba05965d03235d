package lab_test

import (
	"context"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/lab/dicegame"
)

// playLadder plays a small ladder of game g with the given workers.
func playLadder(t *testing.T, g *lab.Game, specs []string, workers int) *lab.LadderResult {
	t.Helper()
	p, err := g.Prepare(lab.Choice{Seed: 5, Policy: g.DefaultPolicy, Rules: lab.Defaults(g.Rules)})
	if err != nil {
		t.Fatal(err)
	}
	var es []lab.Entrant
	for _, s := range specs {
		es = append(es, lab.Entrant{Spec: s, Label: s})
	}
	res, err := lab.Ladder(context.Background(), lab.LadderSpec{Game: g, Prepared: p, Seed: 5, Players: 5, Games: 96, Entrants: es, Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestLadderDeterministicForAnyWorkers holds the tally and the ratings of a ladder
// identical whatever the number of workers, in both games.
func TestLadderDeterministicForAnyWorkers(t *testing.T) {
	for _, tc := range []struct {
		game  *lab.Game
		specs []string
	}{
		{dicegame.Game, []string{"random", "simple", "heuristic"}},
		{cardgame.Game, []string{"random", "heuristic"}},
	} {
		one := playLadder(t, tc.game, tc.specs, 1)
		for _, w := range []int{2, 5} {
			other := playLadder(t, tc.game, tc.specs, w)
			if one.Tally != other.Tally {
				t.Errorf("%s: the tally with %d workers differs from 1 worker's", tc.game.Name, w)
			}
			for i := range one.Record.Ratings {
				if one.Record.Ratings[i] != other.Record.Ratings[i] {
					t.Errorf("%s: rating %d with %d workers %+v, with 1 %+v", tc.game.Name, i, w, other.Record.Ratings[i], one.Record.Ratings[i])
				}
			}
		}
	}
}

// TestLadderBalancesSeats checks the design: one game per bot and index, and every bot
// at every seat once per index, so each bot holds players·indices seats and each role
// as many seats as the role counts deal it.
func TestLadderBalancesSeats(t *testing.T) {
	specs := []string{"random", "simple", "heuristic", "keep"}
	res := playLadder(t, dicegame.Game, specs, 2)
	tl := &res.Tally
	if tl.Indices != 96 || tl.Games != 96*uint64(len(specs)) {
		t.Fatalf("indices %d, games %d; want 96 and %d", tl.Indices, tl.Games, 96*len(specs))
	}
	for a := range specs {
		if got := tl.Rates[a][lab.RoleAll].Seats; got != 5*96 {
			t.Errorf("%s holds %d seats, want %d", specs[a], got, 5*96)
		}
		if tl.Rates[a][0].Seats != 96 { // one Sheriff per game
			t.Errorf("%s was Sheriff %d times, want 96", specs[a], tl.Rates[a][0].Seats)
		}
	}
	if res.Record.Ratings[len(specs)-1].Policy != "random" || res.Record.Ratings[len(specs)-1].Role != "all" {
		t.Errorf("random is not last over every seat: %+v", res.Record.Ratings[:len(specs)])
	}
	// The skill depth is the strongest minus the weakest, random: clearly positive over
	// every seat, one row per role dealt and per character.
	rec := res.Record
	if rec.Weakest != "random" || len(rec.Depth) == 0 || rec.Depth[0].Name != "all" || rec.Depth[0].Depth < 0.1 || rec.Depth[0].Low <= 0 {
		t.Errorf("weakest %q, depth %+v; want random, and a positive depth over every seat", rec.Weakest, rec.Depth)
	}
	chars := 0
	for _, d := range rec.Depth {
		if d.Scope == "character" {
			chars++
		}
	}
	if roles := len(rec.Depth) - chars; roles != 5 || chars < 10 {
		t.Errorf("%d role rows and %d character rows, want 5 (all and four roles) and most of the characters", roles, chars)
	}
}

// TestLadderIndexAllocatesNothing holds a ladder's games to the hot-path rule: after the
// first index (which makes the seats' bot instances), an index allocates nothing.
func TestLadderIndexAllocatesNothing(t *testing.T) {
	p, err := dicegame.Game.Prepare(lab.Choice{Seed: 1, Policy: "heuristic", Rules: lab.Defaults(dicegame.Game.Rules)})
	if err != nil {
		t.Fatal(err)
	}
	newSeating, err := p.Seating(5, []string{"random", "simple", "heuristic"})
	if err != nil {
		t.Fatal(err)
	}
	st, at := newSeating(), make([]int, 5)
	var tl lab.LadderTally
	seed := uint64(7)
	lab.PlayLadderIndex(st, 3, 5, at, &tl, 0, seed)
	if a := testing.AllocsPerRun(50, func() { seed++; lab.PlayLadderIndex(st, 3, 5, at, &tl, seed, seed) }); a != 0 {
		t.Errorf("%v allocations an index, want 0", a)
	}
}

// TestDuelLadderIndexAllocatesNothing: the same for the duel's pairs (three bots, six
// duels a seed, the drafted characters read back through lab.DraftedSeating).
func TestDuelLadderIndexAllocatesNothing(t *testing.T) {
	newSeating, err := cardgame.DuelTable{Draft: "random"}.Seating(2, []string{"random", "heuristic", "random"})
	if err != nil {
		t.Fatal(err)
	}
	st, at := newSeating(), make([]int, 2)
	var tl lab.LadderTally
	seed := uint64(7)
	lab.PlayLadderPairs(st, 3, at, &tl, 0, seed)
	if a := testing.AllocsPerRun(50, func() { seed++; lab.PlayLadderPairs(st, 3, at, &tl, seed, seed) }); a != 0 {
		t.Errorf("%v allocations an index, want 0", a)
	}
}

// TestCardLadderRanksRandomLast holds the card game's ladder to the check at a
// small size (seed 5, 96 game indices): `random` is ranked last over every seat and in
// every role, its overall interval below every other bot's. The margin is wide (random at
// −1.05 [−1.22, −0.89], heuristic +0.42 [+0.27, +0.57]), so the fixed seed is no luck.
func TestCardLadderRanksRandomLast(t *testing.T) {
	specs := []string{"heuristic", "random", "omniscient"}
	rec := playLadder(t, cardgame.Game, specs, 2).Record
	if rec.Weakest != "random" {
		t.Fatalf("weakest %q, want random", rec.Weakest)
	}
	var randomHigh, othersLow float64 = 0, 1e9
	last := map[string]string{} // role → the bot ranked last
	for _, r := range rec.Ratings {
		if r.Rank == len(specs) {
			last[r.Role] = r.Policy
		}
		if r.Role == "all" {
			if r.Policy == "random" {
				randomHigh = r.High
			} else {
				othersLow = min(othersLow, r.Low)
			}
		}
	}
	for role, p := range last {
		if p != "random" {
			t.Errorf("%s: %s ranked last, want random", role, p)
		}
	}
	if len(last) != 5 || randomHigh >= othersLow {
		t.Errorf("%d role rows; random's interval reaches %.3f, the others' from %.3f: want it below", len(last), randomHigh, othersLow)
	}
}
