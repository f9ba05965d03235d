package card

// A passive seat (the league's withdrawal, shared/rules/league.md "Withdrawal"): its hand
// is discarded at once and its character's ability is lost (its Char becomes Plain; the
// dealt one stays in DealtChar for the tallies). From then on the engine keeps every
// passive rule itself, whatever the seat's policy: its turn checks the Dynamite and the
// Jail, then is skipped (no phase 1, 2 or 3); its cards in play have no effect (no Barrel
// "draw!", its Mustang, Scope and weapon change no distance); a General Store's card is
// taken for it at random (the engine's stream, L8) and discarded. It never draws a card
// again (no phase 1, no ability, no General Store card, and it can kill nobody: it plays
// nothing), so its hand stays empty, and every answer it could be asked for (a Missed!,
// a BANG! against Indians! or a Duel, a Beer against a lethal hit) has the single option
// of taking the hit, which the engine takes without asking. It still counts in the ring
// of living players, can be targeted, heals from a Saloon, and its death pays the reward
// and penalty and counts for the end of the game as anyone's.

// Withdraw schedules seat s to become passive at the start of turn turn (Turns counts
// from 1, the Sheriff's first turn), before that turn's Dynamite and Jail (after High
// Noon's loss, where that option is on); a turn already started means the next turn
// start, as does a turn whose player High Noon kills. Call it between Setup and Start, or between
// decisions; a seat dead by then stays dead, and a second call for the seat replaces
// the first. Table.Withdraw schedules it for a Table's games.
func (g *State) Withdraw(s int, turn uint16) {
	s &= 7
	if turn <= g.Turns {
		turn = g.Turns + 1
	}
	g.wdTurn[s] = turn
	g.wdNext = 0
	for _, t := range g.wdTurn {
		if t != 0 && (g.wdNext == 0 || t < g.wdNext) {
			g.wdNext = t
		}
	}
}

// Passive returns the passive seats, a bit per seat.
func (g *State) Passive() uint8 { return g.passive }

// IsPassive reports whether seat s has withdrawn (and plays passive).
func (g *State) IsPassive(s int) bool { return g.passive>>uint(s&7)&1 == 1 }

// DealtChar returns seat s's character as dealt: Char[s], except for a passive seat,
// whose Char is Plain (its ability lost).
func (g *State) DealtChar(s int) Character {
	if g.IsPassive(s) {
		return g.dealt[s&7]
	}
	return g.Char[s&7]
}

// withdrawDue makes passive every living seat whose scheduled turn has come (turnStart,
// after counting the turn).
func (g *State) withdrawDue() {
	g.wdNext = 0
	for s := range g.wdTurn {
		t := g.wdTurn[s]
		if t == 0 {
			continue
		}
		if t <= g.Turns {
			g.wdTurn[s] = 0
			if g.alive(int8(s)) && !g.IsPassive(s) {
				g.withdraw(int8(s))
			}
			continue
		}
		if g.wdNext == 0 || t < g.wdNext {
			g.wdNext = t
		}
	}
}

// withdraw makes seat s passive now: the hand is discarded in increasing card order, the
// ability is lost, and its cards in play stop counting for distances.
func (g *State) withdraw(s int8) {
	s &= 7
	bit := uint8(1) << uint(s)
	g.passive |= bit
	g.dealt[s] = g.Char[s]
	g.Char[s] = Plain
	g.prof[s] = plainProfile
	g.suzies &^= bit
	g.pauls &^= bit // geometry's cache assumes these fixed: clear it
	g.roses &^= bit
	g.geo = [MaxSeats]geoCache{}
	if g.trace.on {
		g.emit(Event{Kind: EvWithdraw, Seat: s, Other: -1, Card: NoCard, Pick: NoCard})
	}
	h := g.Hand[s]
	g.Hand[s], g.HandLen[s] = Set{}, 0
	g.discardSet(s, h, DiscardWithdraw)
	g.derive(s)
}

// storePassive takes a General Store card at random for passive seat s and discards it
// (L8), then passes the pick on.
func (g *State) storePassive(s int8) {
	c := g.randomCard(g.Store)
	g.Store.Remove(c)
	g.StorePicks++
	if g.trace.on {
		g.emit(Event{Kind: EvTake, Seat: s, Other: -1, Card: c, Pick: NoCard, Cause: uint8(TakeStore)})
	}
	g.discardBy(s, c, DiscardWithdraw)
	g.picker = g.nextAlive(s)
}
