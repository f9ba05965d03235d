package card

import "github.com/bangsim/bangsim/sim/bang"

// SetSeat gives seat s its own policy, needs and stream salt, over its role's: how a
// comparison seats one entrant among reference bots.
func (t *Table) SetSeat(s int, p Policy, needs Needs, salt uint64) {
	t.BySeat[s], t.SeatNeeds[s], t.SeatSalt[s] = p, needs, salt
}

// ClearSeat gives seat s back to its role's policy.
func (t *Table) ClearSeat(s int) {
	t.BySeat[s], t.SeatNeeds[s], t.SeatSalt[s] = nil, 0, 0
}

// PlayOutcome plays the game with the given seed and writes how it ended into o.
func (t *Table) PlayOutcome(gameSeed uint64, o *bang.Outcome) {
	g := t.Play(gameSeed)
	o.Players, o.Winners, o.Draw, o.Illegal = g.Players, g.Winners, g.Draw, uint32(g.Illegal)
	o.Role, o.Char = g.Role, g.Char
}
