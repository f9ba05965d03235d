package card

// hit takes n life from t (caused by seat by, -1 for nobody) and returns to ret once the
// hit is over: a lethal hit first asks for Beers (or Sid Ketchum's heal), then the
// player is eliminated or survives (Bart Cassidy draws, El Gringo takes his cards).
func (g *State) hit(t int8, n int8, cause Cause, by int8, ret phase) {
	g.damage(t, g.owner(t), n, cause, by)
	g.hitT, g.hitN, g.hitCause, g.hitBy, g.hitRet = t, n, cause, by, ret
	g.phase = phLethal
	g.lethal() // the machine's next step, taken at once
}

// damage takes n life from unit t (a seat, or one of the long duel's characters),
// whose player is p (t itself in the game), by seat by's card (-1: nobody's): the loss
// counted by cause, by's row of the record's Hits (not for a hit on one's own), traced.
// For the game and the long duel alike.
func (g *State) damage(t, p, n int8, cause Cause, by int8) {
	g.Life[t&7] -= n
	g.LifeLost[cause] += uint16(n)
	if by >= 0 && by != p {
		h := &g.Hits[by&7][p&7]
		*h = uint8(min(int(*h)+int(n), 255))
		g.deeds[by&7]++
	}
	if g.trace.on {
		g.emit(Event{Kind: EvDamage, Seat: t, Other: by, Card: NoCard, Pick: NoCard, N: n, Cause: uint8(cause)})
	}
}

// lethal asks a player at 0 life or less for a Beer (3 or more alive, the dying one
// included, C16) or Sid Ketchum's heal (any number alive, C19) until life is 1 again or
// they give up (R5).
func (g *State) lethal() {
	t := g.hitT
	if g.Life[t&7] >= 1 {
		g.phase = phSurvived
		g.survived()
		return
	}
	p := g.owner(t)
	h := g.Hand[p&7]
	beers := Set{h[0] & beer0, 0} // layout.go: the Beers are in the first word
	if g.livingCount() < 3 {
		beers = Set{}
	}
	heal := h.Len() >= int(g.prof[t&7].healCards) // discard_to_heal
	if beers.Empty() && !heal {                   // death is the only option: taken at once, as advance would take it unasked
		g.eliminate(t, g.hitBy, g.hitCause)
		if !g.Over { // a duel ends at the elimination
			g.phase = g.hitRet
		}
		return
	}
	d := g.ask(DecideLethal, p)
	d.Unit = t
	d.From = g.hitBy
	d.Need = uint8(1 - g.Life[t&7])
	d.add(Option{Act: ActDie, Card: NoCard, Target: -1, Pick: NoCard})
	g.addHand(d, beers)
	if heal {
		d.add(Option{Act: ActHeal, Card: NoCard, Target: -1, Pick: NoCard})
	}
}

// survived pays Bart Cassidy one card per life point the hit cost (C19: also when Beers
// saved him) and lets El Gringo take one random card per point from the hand of the
// player whose card hit him (C19: only as he survives; Suzy Lafayette draws between, C6).
func (g *State) survived() {
	t, n, by := g.hitT, int(g.hitN), g.hitBy
	if g.prof[t&7].prims&(1<<PrimDrawOnHit|1<<PrimTakeFromHitter) != 0 {
		g.survivor(t, g.owner(t), n, by)
	}
	g.phase = g.hitRet
	if g.phase == phAfterCard { // the machine's next step, taken at once
		g.afterCard()
	}
}

// survivor is the ability of unit u, whose player p survived a hit of n life points
// from seat by's card (-1: nobody's): draw_on_hit (Bart Cassidy) draws cards a point,
// then take_from_hitter (El Gringo) takes random cards a point from by's hand (C19;
// Suzy Lafayette draws between, C6), each for the hits its "by" names. For the game and the long duel alike (the duel calls it only while the
// character's ability works).
func (g *State) survivor(u, p int8, n int, by int8) {
	f := &g.prof[u&7]
	if f.prims&(1<<PrimDrawOnHit) != 0 && hitFrom(f.hitBy, g.hitCause) {
		k := n * int(f.hitCards)
		g.BartDraws += uint16(k)
		g.drawTo(p, k, DrawBart)
	}
	if f.prims&(1<<PrimTakeFromHitter) != 0 && hitFrom(f.takeBy, g.hitCause) && by >= 0 && by != p {
		g.suzy(by) // seed 003: a Suzy whose last card hit him draws, he takes it, she draws again
		for i := 0; i < n*int(f.takeCards); i++ {
			c := g.gringoTake(p, by)
			if c == NoCard {
				break
			}
			if g.trace.on {
				g.emit(Event{Kind: EvTake, Seat: p, Other: by, Card: c, Pick: NoCard, Cause: uint8(TakeElGringo)})
			}
			g.suzy(by)
		}
	}
}

// gringoTake moves a random card of by's hand into El Gringo's (seat or duel slot t):
// one life point's take, in the game and in the long duel alike. NoCard when by's hand
// is empty.
func (g *State) gringoTake(t, by int8) CardID {
	c := g.randomCard(g.Hand[by&7])
	if c != NoCard {
		g.drop(by, c)
		g.give(t, c)
		g.GringoSteals++
	}
	return c
}

// eliminate takes t out of the game, killed by seat by (-1: nobody) with cause. The role
// is shown; the hand, then the cards in play, go onto the discard pile in increasing
// card order, or all into the hand of the first living Vulture Sam clockwise (C21);
// then the reward (3 cards for killing an Outlaw) or the penalty (the Sheriff who
// killed a Deputy discards his hand, then his cards in play) is paid (C5, C21).
func (g *State) eliminate(t, by int8, cause Cause) {
	if g.duel {
		g.duelEliminate(t, by, cause)
		return
	}
	t &= 7
	g.takeOut(t, by, cause)
	g.rekey()
	g.Revealed[t] = g.Role[t]
	g.DeathCause[t] = cause
	g.KilledBy[t] = by
	h, p := g.Hand[t], g.InPlay[t]
	g.Hand[t], g.InPlay[t], g.HandLen[t] = Set{}, Set{}, 0
	g.derive(t)
	if vs := g.vulture(t); vs >= 0 {
		g.Hand[vs] = g.Hand[vs].Or(h).Or(p)
		g.HandLen[vs] = uint8(g.Hand[vs].Len())
		if g.trace.on {
			g.traceSet(h.Or(p), Event{Kind: EvTake, Seat: vs, Other: t, Pick: NoCard, Cause: uint8(TakeVulture)})
		}
	} else {
		g.discardSet(t, h, DiscardDead)
		g.discardSet(t, p, DiscardDead)
	}
	if by < 0 || by == t {
		return
	}
	switch {
	case g.Role[t] == Outlaw:
		g.Rewards++
		if g.trace.on {
			g.emit(Event{Kind: EvReward, Seat: by, Other: t, Card: NoCard, Pick: NoCard})
		}
		g.drawTo(by, 3, DrawReward)
	case g.Role[t] == Deputy && g.Role[by&7] == Sheriff:
		g.Penalties++
		if g.trace.on {
			g.emit(Event{Kind: EvPenalty, Seat: by, Other: t, Card: NoCard, Pick: NoCard})
		}
		h, p := g.Hand[by&7], g.InPlay[by&7]
		g.Hand[by&7], g.InPlay[by&7], g.HandLen[by&7] = Set{}, Set{}, 0
		g.derive(by)
		g.discardSet(by, h, DiscardPenalty)
		g.discardSet(by, p, DiscardPenalty)
		g.suzy(by) // C20: after a penalty
	}
}

// takeOut marks unit t (a seat, or one of the long duel's characters) eliminated by
// seat by (-1: nobody) with cause: out of play at 0 life, counted, traced. What
// happens to its cards and what follows are the game's (eliminate) or the duel's.
func (g *State) takeOut(t, by int8, cause Cause) {
	g.Alive &^= 1 << uint(t&7)
	g.Life[t&7] = 0
	g.Eliminations[cause]++
	if g.trace.on {
		g.emit(Event{Kind: EvEliminate, Seat: t, Other: by, Card: NoCard, Pick: NoCard, Cause: uint8(cause)})
	}
}

// vulture returns the first living Vulture Sam clockwise from seat t, or -1.
func (g *State) vulture(t int8) int8 {
	n := int8(g.Players)
	for i := int8(1); i < n; i++ {
		s := t + i // (t + i) mod n, both below n: no division
		if s >= n {
			s -= n
		}
		if g.holds(s, PrimLootEliminated) && g.alive(s) {
			return s
		}
	}
	return -1
}

// discardSet discards s's cards of set x in increasing card order.
func (g *State) discardSet(s int8, x Set, why DiscardWhy) {
	for w := 0; w < 2; w++ {
		for m := x[w]; m != 0; m &= m - 1 {
			g.discardBy(s, CardID(w*64+trailing(m)), why)
		}
	}
}

// traceSet emits e once per card of x.
func (g *State) traceSet(x Set, e Event) {
	for w := 0; w < 2; w++ {
		for m := x[w]; m != 0; m &= m - 1 {
			e.Card = CardID(w*64 + trailing(m))
			g.emit(e)
		}
	}
}
