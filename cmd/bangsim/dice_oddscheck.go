package main

import (
	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/sim/dice/odds"
)

// checkLife is everyone's life and maximum life in a --check game: no Indian attack,
// Dynamite or shot of one turn can eliminate anybody, so only the dice matter.
const checkLife = 100

// turnChecker plays seat 0's first turn of a game through the real engine with the odds
// policy choosing its rerolls, and scores it with the objective. A worker owns one.
type turnChecker struct {
	q     *oddsQuery
	state dice.State
	lost  int // trace events lost in the last turn (a bug if ever non-zero)
}

func newTurnChecker(q *oddsQuery) *turnChecker {
	return &turnChecker{q: q}
}

// play sets up the game of gameSeed (seat 0 the chosen character, the others Plain,
// everyone checkLife life), plays until turn 2 starts or the game ends, and reports
// whether turn 1 met the objective: the final dice are those of turn 1's last roll, the
// arrows rolled are the Arrow faces among the dice each roll of turn 1 rolled.
func (t *turnChecker) play(gameSeed uint64) bool {
	g := &t.state
	s1, s2, _, _ := seed.Streams(gameSeed)
	g.Setup(&t.q.rules, s1, s2)
	for s := 0; s < int(g.Players); s++ {
		g.Life[s], g.MaxLife[s] = checkLife, checkLife
	}
	g.Trace(true)
	g.Start()
	t.lost = 0
	var final dice.Dice
	arrows := 0
	for {
		ev, lost := g.Events()
		t.lost += lost
		done := false
		for _, e := range ev {
			if e.Kind == dice.EvTurn && e.N >= 2 {
				done = true
				break
			}
			if e.Kind == dice.EvRoll {
				final = e.Dice
				for i, f := range e.Dice {
					if e.Mask>>uint(i)&1 == 1 && f == dice.Arrow {
						arrows++
					}
				}
			}
		}
		g.ClearEvents()
		d := g.Pending()
		if done || d.Kind == dice.DecideNone {
			break
		}
		choice := d.Nth(0)
		if d.Kind == dice.DecideReroll && d.Seat == 0 && g.Turn == 1 {
			reroll := t.q.pol.Reroll(odds.Counts(g.Dice), int(g.RerollsLeft))
			choice = int(odds.RerollMask(g.Dice, reroll))
		}
		g.Apply(choice)
	}
	return t.q.obj.Met(t.q.setup, odds.Counts(final), arrows)
}
