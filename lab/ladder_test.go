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
}
