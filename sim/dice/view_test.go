package dice_test

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
)

// viewCheck checks every View it is shown against the live table: the board as it
// stands, and the public record exactly when the seat's policy reads it.
type viewCheck struct {
	t        *testing.T
	tb       *dice.Table
	where    *string
	recorded *int // decisions shown a non-empty record, so the test can fail
}

func (c viewCheck) check(v *dice.View, blind bool) int {
	c.t.Helper()
	g := &c.tb.State
	board := g.Board
	board.Revealed = v.Revealed // what a seat may see of the roles: sight tests
	if v.Board != board {
		c.t.Fatalf("%s: the View's board is not the table's\nview:  %+v\ntable: %+v", *c.where, v.Board, board)
	}
	switch {
	case blind && v.Record != dice.Record{}:
		c.t.Fatalf("%s: a record-blind seat was shown a record: %+v", *c.where, v.Record)
	case !blind && v.Record != g.Record:
		c.t.Fatalf("%s: the View's record is not the table's\nview:  %+v\ntable: %+v", *c.where, v.Record, g.Record)
	}
	if g.Record != (dice.Record{}) {
		*c.recorded++
	}
	if v.Decision.Kind == dice.DecideReroll {
		return int(v.Decision.Options) // reroll everything: long games, many decisions
	}
	return v.Decision.Nth(int(v.Turn) % v.Decision.Count())
}

// sightedCheck reads the record; blindCheck says it does not.
type sightedCheck struct{ viewCheck }
type blindCheck struct{ viewCheck }

func (c sightedCheck) Choose(v *dice.View) int { return c.check(v, false) }
func (c blindCheck) Choose(v *dice.View) int   { return c.check(v, true) }
func (blindCheck) RecordBlind() bool           { return true }

// TestRecordBlindView: a RecordBlindPolicy decides on a View with the whole board and an
// empty record, while the seats beside it see the record, on both drivers (Play, and
// Finish from a game stopped at its first decision).
func TestRecordBlindView(t *testing.T) {
	where := ""
	recorded := 0
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		r := dice.DefaultRules(n)
		tb := &dice.Table{Rules: r}
		c := viewCheck{t: t, tb: tb, where: &where, recorded: &recorded}
		for i := range uint64(200) {
			for s := range tb.BySeat { // seats blind and sighted in turn, shifting by game
				if (uint64(s)+i)%2 == 0 {
					tb.BySeat[s] = blindCheck{c}
				} else {
					tb.BySeat[s] = sightedCheck{c}
				}
			}
			gs := seed.ForGame(41, i)
			where = fmt.Sprintf("Play, %d players, seed %#x", n, gs)
			tb.Play(gs)
			where = fmt.Sprintf("Finish, %d players, seed %#x", n, gs)
			s1, s2, s3, s4 := seed.Streams(gs)
			tb.State.Reset(&r, s1, s2)
			tb.Finish(s3, s4)
		}
	}
	if recorded < 1000 {
		t.Fatalf("only %d decisions were made with a non-empty record: the test proves nothing", recorded)
	}
}
