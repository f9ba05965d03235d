package card

// Driving a long duel: the machine (Start, Pending, Apply) asks, the seats' policies
// answer. A copy of the State at any decision resumes the duel, as a game's does.

// Run plays the duel on from the set-up (Begin, or a scenario's table) to its end.
func (d *LongDuel) Run() {
	g := &d.State
	g.advance()
	for g.dec.Kind != DecideNone {
		g.Apply(d.choose())
	}
	if g.trace.on {
		d.flushEvents()
	}
}

// turn plays the active seat's turn and stops at the start of the next (a scenario's
// step): the machine paused between turns (phPaused).
func (d *LongDuel) turn() {
	g := &d.State
	g.pause = true
	d.Run()
	g.pause = false
	if g.phase == phPaused {
		g.phase = phTurnStart
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

// choose asks the deciding seat's policy for the pending decision and returns a legal
// index: an illegal one is replaced by choice mod N and counted in Illegal (as Apply
// would), and OnDecision sees it.
func (d *LongDuel) choose() int {
	g := &d.State
	dec := &g.dec
	c := d.policyChoice()
	if uint(c) >= uint(dec.N) {
		g.Illegal++
		c = int(uint(c) % uint(dec.N))
	}
	if d.OnDecision != nil && dec.N > 1 {
		d.OnDecision(dec, c)
	}
	return c
}

// policyChoice is the deciding seat's policy's answer to the pending decision, as it
// gave it (legal or not); a decision with one option is not asked (0).
func (d *LongDuel) policyChoice() int {
	g := &d.State
	dec := &g.dec
	s := dec.Seat & 1
	if d.counter[s] == nil || d.OnDecision != nil {
		g.Pending() // written out for a View or the hook (a count policy reads N and Yard)
	}
	if dec.Yard == 0 || dec.Yard > dec.N {
		dec.Yard = dec.N
	}
	if dec.N <= 1 {
		return 0
	}
	if g.trace.on {
		d.flushEvents()
	}
	var c int
	switch {
	case d.counter[s] != nil:
		c = d.counter[s].ChooseCount(dec.Kind, int(dec.N), int(dec.Yard), &d.rng[s])
	default:
		v := &d.view[s]
		d.fillView(v, s)
		if d.duelPol[s] != nil {
			d.public(s)
			c = d.duelPol[s].ChooseDuel(v, &d.pub)
		} else {
			c = d.Policies[s].Choose(v)
		}
	}
	return c
}

// fillView writes into v what seat s sees of the duel at the pending decision: the
// Board (by slot), the record, its own hand, the decision; no role (a duel has none).
func (d *LongDuel) fillView(v *View, s int8) {
	g := &d.State
	v.Board = g.Board
	v.Record = g.Record
	v.Hand = g.Hand[s]
	v.Self = s
	v.Role = RoleUnknown
	v.Play.Filled, v.List.Filled = false, false
	v.Decision.copyFrom(&g.dec)
	v.Rand = &d.rng[s]
	v.game, v.units = g, &g.prof // the game for a DuelDeterminizer (a LookaheadPolicy's), never read by the View's user
}

// Finish plays the duel on from its State (a world a DuelDeterminizer dealt, a
// candidate applied) to its end with the two play policies, their streams seeded from
// (seed1, seed2) as Play seeds them from a duel's: a search's playout.
func (d *LongDuel) Finish(seed1, seed2 uint64) {
	for s := 0; s < 2; s++ {
		d.rng[s].Seed(PolicySeed(seed1, seed2, s, 0))
	}
	d.Run()
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
