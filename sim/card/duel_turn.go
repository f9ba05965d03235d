package card

// The long duel's turns. Unlike a game's state machine (machine.go), the duel runs its
// rules straight through and calls the seat's policy at each decision (choose): a duel
// cannot yet be paused at a decision and resumed from a copy (no Pending/Apply). The
// rule steps the two share are the machine's functions, called from here; doc.go lists
// every duel step beside the machine's and what the duel's layout of the machine still
// needs (issue 29).

// Run plays the duel on from the set-up (Begin, or a scenario's table) to its end.
func (d *LongDuel) Run() {
	for !d.Over {
		d.turn()
	}
	if d.trace.on {
		d.flushEvents()
	}
}

// flushEvents hands the events recorded since the last flush to OnEvents.
func (d *LongDuel) flushEvents() {
	ev, lost := d.Events()
	d.EventsLost += lost
	if len(ev) > 0 {
		d.OnEvents(ev)
	}
	d.ClearEvents()
}

// choose asks the deciding seat's policy for the pending decision (written out in
// d.dec) and returns a legal index: an illegal one is replaced by choice mod N and
// counted in Illegal. A decision with one option is not asked.
func (d *LongDuel) choose() int {
	g := &d.State
	dec := &g.dec
	if dec.Yard == 0 || dec.Yard > dec.N {
		dec.Yard = dec.N
	}
	if dec.N <= 1 {
		return 0
	}
	s := dec.Seat & 1
	if g.trace.on {
		d.flushEvents()
	}
	var c int
	switch {
	case d.counter[s] != nil:
		c = d.counter[s].ChooseCount(dec.Kind, int(dec.N), int(dec.Yard), &d.rng[s])
	default:
		v := &d.view[s]
		v.Board = g.Board
		v.Record = g.Record
		v.Hand = g.Hand[s]
		v.Self = s
		v.Role = RoleUnknown
		v.Play.Filled, v.List.Filled = false, false
		v.Decision.copyFrom(dec)
		v.Rand = &d.rng[s]
		if d.duelPol[s] != nil {
			d.public(s)
			c = d.duelPol[s].ChooseDuel(v, &d.pub)
		} else {
			c = d.Policies[s].Choose(v)
		}
	}
	if uint(c) >= uint(dec.N) {
		g.Illegal++
		c = int(uint(c) % uint(dec.N))
	}
	if d.OnDecision != nil {
		d.OnDecision(dec, c)
	}
	return c
}

// public fills d.pub with what seat s may know of DuelInfo: everything but the order of
// the opponent's reinforcements still to come (stacked face down), which reads Plain.
func (d *LongDuel) public(s int8) {
	d.pub = d.Info
	o := s ^ 1
	for k := int(d.Info.Next[o]); k < DuelCharacters; k++ {
		d.pub.Stack[o][k] = Plain
	}
}

// on reports whether slot's character has its ability now: the front character always,
// the back one only while a card aimed at it is being resolved.
func (d *LongDuel) on(slot int8) bool {
	return slot < 2 || slot == d.aimedAt
}

// has reports whether seat s has character c's ability working now (its front, or its
// back while a card aimed at it is being resolved).
func (d *LongDuel) has(s int8, c Character) bool {
	g := &d.State
	if g.Char[DuelFront(s)] == c && g.alive(DuelFront(s)) {
		return true
	}
	b := DuelBack(s)
	return d.aimedAt == b && g.Char[b] == c && g.alive(b)
}

// seatAlive reports whether seat s has a character left.
func (d *LongDuel) seatAlive(s int8) bool {
	return d.Alive>>uint(s&1)&1 != 0 || d.Alive>>uint(s&1+2)&1 != 0
}

// slotOf returns the slot character c is in, -1 when it is not in play.
func (d *LongDuel) slotOf(c Character) int8 {
	for s := int8(0); s < DuelSlots; s++ {
		if d.alive(s) && d.Char[s] == c {
			return s
		}
	}
	return -1
}

// check makes a "draw!" for seat s (C15: the card is discarded at once; Lucky Duke's
// ability, when s has it, turns two and asks which counts). NoCard: no card to turn (C23).
func (d *LongDuel) check(s int8) CardID {
	g := &d.State
	c1 := g.drawCard()
	if c1 == NoCard {
		return NoCard
	}
	if !d.has(s, LuckyDuke) {
		g.discardBy(s, c1, DiscardCheck)
		return c1
	}
	c2 := g.luckyTurn(s, c1) // the game's order: both turned, then discarded
	if c2 == NoCard {
		return c1
	}
	dec := g.ask(DecideLucky, s)
	dec.addCard(c1)
	dec.addCard(c2)
	return dec.Options[d.choose()].Card
}

// turn plays the active seat's turn: the game's turnOpen (the turn cap, C11) and High
// Noon's loss, the Dynamite, the Jail, the swap, the three phases, then the turn
// passes.
func (d *LongDuel) turn() {
	g := &d.State
	g.Active &= 1
	if !g.turnOpen() { // the game's
		d.finish(-1)
		return
	}
	a := g.Active
	d.Info.Turns[a]++
	if g.highNoon() {
		// The game's High Noon (turnStart), on the front character: one who dies of it
		// is replaced by the back one, whose turn it is then, as after the Dynamite.
		if d.hit(DuelFront(a), 1, CauseHighNoon, -1); g.Over {
			return
		}
	}
	if d.dynamite(a); g.Over {
		return
	}
	if !d.jail(a) {
		g.Active = a ^ 1
		return
	}
	d.swapChoice(a)
	d.phase1(a)
	for !g.Over && d.phase2Step(a) {
	}
	if g.Over {
		return
	}
	d.phase3(a)
	g.Active = a ^ 1
}

// dynamite checks a Dynamite on either of a's characters (front first): the game's
// dynamiteOn (an explosion on its character: 3 damage, nobody's, C1), or a pass to an
// opponent's character of a's choice (L5) through the game's passDynamite. A Dynamite
// is attached to the character it was played on or passed to, so while it is resolved
// it is a card aimed at that character: a back one's ability works (Lucky Duke's
// "draw!", Bart Cassidy's draws, Sid Ketchum's heal against the explosion).
func (d *LongDuel) dynamite(a int8) {
	g := &d.State
	prev := d.aimedAt
	defer func() { d.aimedAt = prev }()
	for _, slot := range [2]int8{DuelFront(a), DuelBack(a)} {
		if !g.alive(slot) || !g.InPlay[slot].hasKind(Dynamite) {
			continue
		}
		d.aimedAt = slot
		g.DynamiteDraws++
		g.drawn = d.check(a)
		dy, boom := g.dynamiteOn(slot, a)
		if boom {
			d.hit(slot, 3, CauseDynamite, -1)
			return
		}
		// The pass is asked with the Dynamite still on its character, as the seed's
		// policies have always seen it.
		dec := g.ask(DecidePass, a)
		dec.Card = dy
		o := a ^ 1
		for _, t := range [2]int8{DuelFront(o), DuelBack(o)} {
			if g.alive(t) {
				dec.add(Option{Act: ActPlayer, Card: dy, Target: t, Pick: NoCard})
			}
		}
		g.passDynamite(slot, dec.Options[d.choose()].Target&3, dy)
		return
	}
}

// jail draws for each Jail on a's characters (front first), each read by the game's
// jailOn (the Jail discarded); it reports whether the turn goes on: a draw without a
// heart skips the turn (C14). The seed calls the jailed character the Jail's target,
// so its "draw!" is resolved with a back one's ability (Lucky Duke's two cards).
func (d *LongDuel) jail(a int8) bool {
	g := &d.State
	free := true
	prev := d.aimedAt
	defer func() { d.aimedAt = prev }()
	for _, slot := range [2]int8{DuelFront(a), DuelBack(a)} {
		if !g.alive(slot) || !g.InPlay[slot].hasKind(Jail) {
			continue
		}
		d.aimedAt = slot
		g.JailDraws++
		g.drawn = d.check(a)
		if !g.jailOn(slot, a) {
			free = false
		}
	}
	return free
}

// swapChoice lets a swap the front and back characters, after the Jail and the
// Dynamite and before drawing, unless the back one is jailed (it may not come forward).
func (d *LongDuel) swapChoice(a int8) {
	g := &d.State
	b := DuelBack(a)
	if !g.alive(b) || g.InPlay[b].hasKind(Jail) {
		return
	}
	dec := g.ask(DecideSwap, a)
	dec.add(Option{Act: ActEnd, Card: NoCard, Target: -1, Pick: NoCard})
	dec.add(Option{Act: ActSwap, Card: NoCard, Target: b, Pick: NoCard})
	if dec.Options[d.choose()].Act == ActSwap {
		d.swap(a)
	}
}

// swap exchanges seat s's front and back characters (life, cards in play and all).
func (d *LongDuel) swap(s int8) {
	g := &d.State
	f, b := DuelFront(s), DuelBack(s)
	g.Char[f], g.Char[b] = g.Char[b], g.Char[f]
	g.Life[f], g.Life[b] = g.Life[b], g.Life[f]
	g.MaxLife[f], g.MaxLife[b] = g.MaxLife[b], g.MaxLife[f]
	g.InPlay[f], g.InPlay[b] = g.InPlay[b], g.InPlay[f]
	fa, ba := g.Alive>>uint(f)&1, g.Alive>>uint(b)&1
	g.Alive = g.Alive&^(1<<uint(f)|1<<uint(b)) | ba<<uint(f) | fa<<uint(b)
}

// phase1 draws a's two cards with the front character's ability: the game's phase1
// (the front slot is the seat, so g.Active indexes both), its question answered here
// and carried out by the game's phase1Take or putBack. Jesse Jones's list is the
// game's: every other living unit with a hand, and only a seat holds one (the duel's
// hands are by owner), so it lists the opponent, by its front slot.
func (d *LongDuel) phase1(a int8) {
	g := &d.State
	g.Active = a
	g.dec.Kind = DecideNone // the game's phase1 asks, or leaves this
	g.phase1()
	switch g.dec.Kind {
	case DecideDraw:
		// The opponent's front slot is its seat, so the game's step takes from its hand
		// and checks its Suzy Lafayette (her ability is the front's: no card is aimed).
		g.phase1Take(a, g.dec.Options[d.choose()])
	case DecideKit:
		g.putBack(a, g.dec.Options[d.choose()].Card)
	}
}

// phase3 discards a's hand down to the limit, the front character's life (L8), one card
// at a time (C8): the game's overLimit, as a's front slot is a (DuelFront).
func (d *LongDuel) phase3(a int8) {
	g := &d.State
	for over := g.overLimit(a); over > 0; over = g.overLimit(a) {
		dec := g.ask(DecideDiscard, a)
		dec.Need = uint8(over)
		g.addHand(dec, g.Hand[a])
		c := dec.Options[d.choose()].Card
		g.drop(a, c)
		g.discardBy(a, c, DiscardLimit)
	}
}

// suzy draws seat s a card when its hand is empty and Suzy Lafayette's ability works
// for it (C6, C20), unless a General Store or a Duel is in progress.
//
// The draw is the game's (suzyDraw): its test of a living seat reads s's front slot,
// and a seat with a character left has one in front (eliminate brings the back one
// forward at once).
//
// Nothing happens once the duel is over: the game checks its end before her draw
// (afterCard), and a duel, which ends at the elimination, may end inside a card.
func (d *LongDuel) suzy(s int8) {
	if !d.Over && d.has(s&1, SuzyLafayette) {
		d.suzyDraw(s & 1)
	}
}

// finish ends the duel: winner is a seat, or -1 for a draw.
func (d *LongDuel) finish(winner int8) {
	g := &d.State
	d.Info.Winner = winner
	var w uint8
	if winner >= 0 {
		w = 1 << uint(winner)
	}
	g.finish(w) // the game's: Over, Winners, EvGameOver
}
