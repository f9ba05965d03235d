package dice

import "math/bits"

// losePoint takes one life point from t (elimination waits for the end of the step, D4
// and D5); Pedro Ramirez may then return one of his arrows.
func (g *State) losePoint(t int8, cause Cause, by int8) {
	if g.dropPoint(t, cause, by) {
		g.pedroDone = 0
		g.ask(DecidePedroReturn, t, -1, 0b11)
		g.dec.Cause = cause
	}
}

// dropPoint takes the life point and reports whether Pedro Ramirez may now return an
// arrow: each time he loses a point (dice.md; the rulebooks' "za każdym razem"), the
// one that brings him to 0 too, since he stays in the game until the step ends (D4,
// D5) and an arrow back on the pile now may let a Bart Cassidy hit later in the same
// step take one.
func (g *State) dropPoint(t int8, cause Cause, by int8) bool {
	g.Life[t]--
	g.stepLost |= 1 << uint(t)
	if by >= 0 && g.Hits[by][t] < 255 {
		g.Hits[by][t]++
	}
	if g.trace.on {
		g.emit(Event{Kind: EvLoseLife, Seat: t, Other: by, N: 1, Cause: uint8(cause)})
	}
	return g.Profile.holds(t, PrimReturnArrows) != 0 && g.Arrows[t] > 0 && g.Profile.Arg[t&7].PedroReturns > 0
}

// returnArrow puts one of s's arrows back on the pile (Pedro Ramirez).
func (g *State) returnArrow(s int8) {
	g.Arrows[s]--
	g.Pile++
	if g.trace.on {
		g.emit(Event{Kind: EvArrowReturned, Seat: s, N: int8(g.Pile)})
	}
}

// arrowInstead gives Bart Cassidy an arrow in place of a life point; the pile never
// empties here because he may not take its last arrow.
func (g *State) arrowInstead(t int8) {
	g.Arrows[t]++
	g.Pile--
	if g.trace.on {
		g.emit(Event{Kind: EvArrowInstead, Seat: t, N: int8(g.Pile)})
	}
}

// discardArrow puts one of s's arrows back on the pile for Kit Carlson.
func (g *State) discardArrow(s int8) {
	g.Arrows[s]--
	g.Pile++
	if g.trace.on {
		g.emit(Event{Kind: EvArrowDiscard, Seat: s, Other: g.Active})
	}
}

// gain heals t by n, never above the maximum and never the dead (D13).
func (g *State) gain(t int8, n int8, src HealSource, by int8) {
	if !g.IsAlive(int(t)) {
		return
	}
	before := g.Life[t]
	g.raise(t, int(n))
	if g.trace.on {
		g.emit(Event{Kind: EvHeal, Seat: t, Other: by, N: g.Life[t] - before, Cause: uint8(src)})
	}
}

// raise is gain's arithmetic without its trace, small enough to inline where gain is
// not: n more life for t, never above the maximum, none for the dead (a flag). In int,
// where the compiler makes min a conditional move: whether the heal reaches the maximum
// is the table's call, and a branch on it mispredicts.
func (g *State) raise(t int8, n int) {
	t &= 7
	n *= int(g.Alive >> uint(t) & 1)
	g.Life[t] = int8(min(int(g.Life[t])+n, int(g.MaxLife[t])))
}

// noteHeal records a heal given by one player to another in the public record.
func (g *State) noteHeal(by, t int8) {
	h := &g.Heals[by][t]
	*h += b2u8(*h < 255) // saturating, without a branch
}

// takeArrow gives s one arrow from the pile; taking the last one sets off the Indians.
func (g *State) takeArrow(s int8) {
	g.Arrows[s]++
	g.Pile--
	if g.trace.on {
		g.emit(Event{Kind: EvArrow, Seat: s, N: int8(g.Pile)})
	}
	if g.Pile == 0 {
		g.indians()
	}
}

// indians makes every player lose a life per arrow held (Jourdonnais at most his cap), then
// refills the pile; the deaths are simultaneous and nobody's doing (D5, D6).
func (g *State) indians() {
	g.Indians++
	if g.trace.on {
		g.emit(Event{Kind: EvIndians})
	}
	var dead uint8
	for m := g.Alive; m != 0; m &= m - 1 {
		s := int8(bits.TrailingZeros8(m))
		loss := int8(g.Arrows[s])
		if cap := int8(g.Profile.Arg[s&7].JourdonnaisCap); loss > cap && g.Profile.holds(s, PrimIndianCap) != 0 {
			loss = cap
		}
		g.Arrows[s] = 0
		if loss == 0 {
			continue
		}
		g.Life[s] -= loss
		if g.trace.on {
			g.emit(Event{Kind: EvLoseLife, Seat: s, Other: -1, N: loss, Cause: uint8(CauseIndians)})
		}
		if g.Life[s] <= 0 {
			dead |= 1 << uint(s)
		}
	}
	g.Pile = g.Rules.Arrows
	if dead != 0 {
		g.eliminate(dead, CauseIndians, -1)
	}
}

// eliminate removes the seats in dead at once, pays Vulture Sam (D12) and checks the end
// of the game (D5). by is the seat that dealt the blow, -1 for nobody.
func (g *State) eliminate(dead uint8, cause Cause, by int8) {
	for m := dead; m != 0; m &= m - 1 {
		s := int8(bits.TrailingZeros8(m))
		g.Alive &^= 1 << uint(s)
		g.Life[s] = 0
		g.Pile += g.Arrows[s]
		g.Arrows[s] = 0
		g.Revealed[s] = g.Role[s]
		g.DeathCause[s] = cause
		g.KilledBy[s] = by
		g.Eliminations[cause]++
		if g.trace.on {
			g.emit(Event{Kind: EvEliminated, Seat: s, Other: by, Cause: uint8(cause)})
		}
	}
	k := int8(bits.OnesCount8(dead))
	// The living holders of heal_on_elimination in one word: the loop runs only when
	// one is seated.
	for m := g.Profile.Has[PrimHealOnElimination] & g.Alive; m != 0; m &= m - 1 {
		v := int8(bits.TrailingZeros8(m))
		g.gain(v, int8(g.Profile.Arg[v&7].VultureHeal)*k, HealVulture, -1)
	}
	g.checkEnd(dead, by)
}

// finish ends the game with the given winners.
func (g *State) finish(winners uint8) {
	g.Over = true
	g.Winners = winners
	g.phase = phOver
	g.dec.Kind = DecideNone
	if g.trace.on {
		g.emit(Event{Kind: EvGameOver, Mask: winners})
	}
}

// roleMask returns the seats dealt role r.
func (g *State) roleMask(r Role) uint8 {
	// All seats in one word, not a branch per seat: the deal decides, so a branch would
	// mispredict. Seats past Players hold no role.
	return equalBytes(word8(&g.Role), uint8(r)) & uint8(1<<g.Players-1)
}

// checkEnd applies the end-of-game rules after a step that eliminated the seats in dead.
func (g *State) checkEnd(dead uint8, by int8) {
	if g.Players == 3 {
		g.checkEnd3(dead, by)
		return
	}
	sheriff := g.roleMask(Sheriff)
	if g.Alive&sheriff == 0 {
		// A lone surviving Renegade wins; otherwise the Outlaws, also when all die at once.
		if bits.OnesCount8(g.Alive) == 1 && g.Alive&g.roleMask(Renegade) != 0 {
			g.finish(g.Alive)
			return
		}
		g.finish(g.roleMask(Outlaw))
		return
	}
	if g.Alive&(g.roleMask(Outlaw)|g.roleMask(Renegade)) == 0 {
		g.finish(sheriff | g.roleMask(Deputy))
	}
}

// huntedBy returns the role a 3-player role must eliminate.
func huntedBy(r Role) Role {
	switch r {
	case Deputy:
		return Renegade
	case Renegade:
		return Outlaw
	default:
		return Deputy
	}
}

// checkEnd3 applies the 3-player goals: your own killing blow on your target wins;
// any other first death turns the game into last one standing (D16).
func (g *State) checkEnd3(dead uint8, by int8) {
	if g.Alive == 0 {
		g.Draw = true
		g.finish(0)
		return
	}
	if !g.duel {
		if by >= 0 && g.IsAlive(int(by)) && dead&g.roleMask(huntedBy(g.Role[by])) != 0 {
			g.finish(1 << uint(by))
			return
		}
		g.duel = true
	}
	if bits.OnesCount8(g.Alive) == 1 {
		g.finish(g.Alive)
	}
}
