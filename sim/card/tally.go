package card

import (
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/tally"
)

// Tally sums the outcomes of games played at one table size: the shared win tally (by
// role, seat and character), the games by length in turns, and the card game's own
// event counts. Merging two Tallies adds them, so any split of the games over workers
// or shards gives the same totals.
type Tally struct {
	bang.WinTally
	Lengths            tally.Lengths    // games by their length in turns
	Played             [NumKinds]uint64 // cards played in phase 2, by printed kind
	Answered           [NumKinds]uint64 // cards used out of turn (Missed!, BANG!, Beer), by printed kind
	BarrelDraws        uint64
	BarrelSuccesses    uint64
	JailDraws          uint64
	JailEscapes        uint64
	DynamiteDraws      uint64
	DynamiteExplosions uint64
	Reshuffles         uint64
	CardsDrawn         uint64 // cards drawn into hands during play
	StorePicks         uint64
	SidHeals           uint64
	SuzyDraws          uint64
	BartDraws          uint64
	GringoSteals       uint64
	PlayCaps           uint64 // turns cut by MaxTurnPlays (0 in any sane game)
	Rewards            uint64 // Outlaws killed by a player
	Penalties          uint64 // Deputies killed by the Sheriff
	LifeLost           [NumCauses]uint64
	Eliminations       [NumCauses]uint64
}

// Add records one finished game.
func (t *Tally) Add(g *State) {
	chars := &g.Char
	if g.passive != 0 { // a passive seat counts under its dealt character
		var dealt [MaxSeats]Character
		for s := range dealt {
			dealt[s] = g.DealtChar(s)
		}
		chars = &dealt
	}
	t.WinTally.Add(int(g.Players), &g.Role, chars, g.Winners, g.Draw, uint64(g.Turns), uint64(g.Illegal))
	t.Lengths.Add(uint64(g.Turns))
	for k := range t.Played {
		t.Played[k] += uint64(g.Played[k])
		t.Answered[k] += uint64(g.Answered[k])
	}
	t.BarrelDraws += uint64(g.BarrelDraws)
	t.BarrelSuccesses += uint64(g.BarrelSuccesses)
	t.JailDraws += uint64(g.JailDraws)
	t.JailEscapes += uint64(g.JailEscapes)
	t.DynamiteDraws += uint64(g.DynamiteDraws)
	t.DynamiteExplosions += uint64(g.DynamiteExplosions)
	t.Reshuffles += uint64(g.Reshuffles)
	t.CardsDrawn += uint64(g.CardsDrawn)
	t.StorePicks += uint64(g.StorePicks)
	t.SidHeals += uint64(g.SidHeals)
	t.SuzyDraws += uint64(g.SuzyDraws)
	t.BartDraws += uint64(g.BartDraws)
	t.GringoSteals += uint64(g.GringoSteals)
	t.PlayCaps += uint64(g.PlayCaps)
	t.Rewards += uint64(g.Rewards)
	t.Penalties += uint64(g.Penalties)
	for c := range t.LifeLost {
		t.LifeLost[c] += uint64(g.LifeLost[c])
		t.Eliminations[c] += uint64(g.Eliminations[c])
	}
}

// Merge adds o into t.
func (t *Tally) Merge(o *Tally) {
	t.WinTally.Merge(&o.WinTally)
	t.Lengths.Merge(&o.Lengths)
	for k := range t.Played {
		t.Played[k] += o.Played[k]
		t.Answered[k] += o.Answered[k]
	}
	t.BarrelDraws += o.BarrelDraws
	t.BarrelSuccesses += o.BarrelSuccesses
	t.JailDraws += o.JailDraws
	t.JailEscapes += o.JailEscapes
	t.DynamiteDraws += o.DynamiteDraws
	t.DynamiteExplosions += o.DynamiteExplosions
	t.Reshuffles += o.Reshuffles
	t.CardsDrawn += o.CardsDrawn
	t.StorePicks += o.StorePicks
	t.SidHeals += o.SidHeals
	t.SuzyDraws += o.SuzyDraws
	t.BartDraws += o.BartDraws
	t.GringoSteals += o.GringoSteals
	t.PlayCaps += o.PlayCaps
	t.Rewards += o.Rewards
	t.Penalties += o.Penalties
	for c := range t.LifeLost {
		t.LifeLost[c] += o.LifeLost[c]
		t.Eliminations[c] += o.Eliminations[c]
	}
}
