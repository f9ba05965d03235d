package dice

import (
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/tally"
)

// Tally sums the outcomes of games played at one table size: the shared win tally (by
// role, seat and character), the games by length in turns, and the dice game's own
// events. Merging two Tallies adds them, so any split of the games over workers or
// shards gives the same totals.
type Tally struct {
	bang.WinTally
	Lengths       tally.Lengths // games by their length in turns
	DynamiteStops uint64
	Gatlings      uint64
	Indians       uint64
	Eliminations  [NumCauses]uint64
}

// Add records one finished game.
func (t *Tally) Add(g *State) {
	t.WinTally.Add(int(g.Players), &g.Role, &g.Char, g.Winners, g.Draw, uint64(g.Turns), uint64(g.Illegal))
	t.Lengths.Add(uint64(g.Turns))
	t.DynamiteStops += uint64(g.DynamiteStops)
	t.Gatlings += uint64(g.Gatlings)
	t.Indians += uint64(g.Indians)
	for c, n := range g.Eliminations {
		t.Eliminations[c] += uint64(n)
	}
}

// Merge adds o into t.
func (t *Tally) Merge(o *Tally) {
	t.WinTally.Merge(&o.WinTally)
	t.Lengths.Merge(&o.Lengths)
	t.DynamiteStops += o.DynamiteStops
	t.Gatlings += o.Gatlings
	t.Indians += o.Indians
	for i := range t.Eliminations {
		t.Eliminations[i] += o.Eliminations[i]
	}
}
