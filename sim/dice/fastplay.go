package dice

import "math/bits"

// This file is the Table's straight-line player: the same rules as the state machine
// (machine.go, resolve.go), written as one pass over a turn that calls the seat's policy
// where a choice is to be made, instead of stopping at every decision and resuming in
// Apply. It shares every rule primitive with the machine (rolling, arrows, Indians,
// life, eliminations, the end of the game, settling a step) and duplicates only the
// order in which they run, so the two cannot drift apart unseen:
// TestFastPlayMatchesMachine plays the same games both ways and compares every
// decision, every event and the final table.
//
// Why a second driver: stopping and resuming at ~70 decisions a game (a phase switch,
// the pending decision stored and reloaded, the loops of a step restarted) costs the
// machine about a fifth more instructions per game (34,000 against 28,000 for five
// players with a policy that costs nothing). Stepping (Pending/Apply) stays for tests,
// replays and search, which need a game they can stop anywhere.

// decide asks the policy of seat for a decision and returns its choice, made legal. It
// leaves the decision in g.dec (Kind cleared afterwards) exactly as the machine does, so
// a hook or a trace sees the same thing either way.
func (t *Table) decide(k Kind, seat, die int8, cause Cause, options uint32) int {
	g := &t.State
	// Field by field: the compiler builds a Decision literal with byte stores and reads
	// it back as one word, which stalls store forwarding on every decision.
	g.dec.Kind, g.dec.Seat, g.dec.Die, g.dec.Cause, g.dec.Options = k, seat, die, cause, options
	if t.hooked { // a trace or an OnDecision hook: one test here instead of three
		choice := g.legalize(t.ask())
		g.dec.Kind = DecideNone
		return choice
	}
	v := t.view[seat&7]
	v.Rand = &t.rng[seat&7]                             // the seat's own stream
	g.fillPublic(v, t.omniscient[seat&7], v == &t.View) // the blind View never gets the record
	vd := &v.Decision
	vd.Kind, vd.Seat, vd.Die, vd.Cause, vd.Options = k, seat, die, cause, options
	choice := t.seat[seat&7].Choose(v)
	// The common case inline: a legal choice (Decision.Legal, unrolled). No separate
	// test for a choice of 32 or more (or a negative one, huge as a uint): Go shifts a
	// uint32 that far to 0, so the option bit reads 0 and the choice is illegal, as
	// Legal says.
	var legal bool
	if k == DecideReroll {
		legal = uint(choice)&^uint(options) == 0
	} else {
		legal = options>>uint(choice)&1 != 0
	}
	if !legal {
		choice = g.legalize(choice)
	}
	g.dec.Kind = DecideNone
	return choice
}

// ask shows the pending decision (g.dec) to its seat's policy, with the events before
// it and the hook after it, and returns the choice as made: the path of a traced or
// hooked game, and of Finish's stepping.
func (t *Table) ask() int {
	g := &t.State
	if g.trace.on {
		t.flushEvents()
	}
	seat := g.dec.Seat & 7
	v := t.view[seat]
	v.Rand = &t.rng[seat]
	g.fillView(v, t.omniscient[seat], v == &t.View)
	choice := t.seat[seat].Choose(v)
	if t.OnDecision != nil {
		t.OnDecision(g.dec, choice)
	}
	return choice
}

// playFast plays the set-up game to its end.
func (t *Table) playFast() {
	g := &t.State
	// The seats whose hits take the slow path, found once a game (characters do not
	// change) rather than tested per hit: arrow_for_life and return_arrows may decide,
	// and a traced game reports every point.
	has := &g.Profile.Has
	t.slowHits = has[PrimArrowForLife] | has[PrimReturnArrows] | -b2u8(g.trace.on)
	t.elGringos = has[PrimArrowsToHitter] // for settleStepFor
	t.hooked = g.trace.on || t.OnDecision != nil
	g.straight = true
	for !g.Over {
		t.turn()
	}
	g.straight = false
	g.dec.Seat, g.dec.Die, g.dec.Options = -1, -1, 0
}

// turn plays the active player's turn, or ends the game at the turn cap (D17).
func (t *Table) turn() {
	g := &t.State
	a := g.Active
	// beginTurn's common case inlined (no turn cap, no trace): it is called every turn
	// and is too big to inline whole.
	if g.atTurnCap() || g.trace.on {
		if !g.beginTurn(a) {
			return
		}
	} else {
		g.countTurn(a)
	}
	if g.sidHeals(a) { // D11: every turn, the first included, before rolling
		c := int8(t.decide(DecideSidHeal, a, -1, 0, uint32(g.Alive)))
		g.gain(c, int8(g.Profile.Arg[a&7].SidHeal), HealSid, a)
		g.noteHeal(a, c)
	}
	if t.rollAll(a) {
		t.resolve(a)
	}
	if !g.Over {
		// turnEnd in its inlinable parts (a is still the active seat).
		if g.suzyHeals(a) {
			g.gain(a, int8(g.Profile.Arg[a&7].SuzyHeal), HealSuzy, a)
		}
		g.passDice(a)
	}
}

// rollAll rolls and rerolls until the player stops, the Dynamite stops them or the
// rerolls run out. It reports whether the turn goes on to the resolution: false when the
// game ended or the roller died to the Indians (D2).
func (t *Table) rollAll(a int8) bool {
	g := &t.State
	mask := uint8(allDice)
	for {
		g.rollDice(mask)
		if g.trace.on {
			g.emit(Event{Kind: EvRoll, Seat: a, Mask: mask, Dice: g.Dice})
		}
		// D1: arrows one at a time; Indians strike the moment the pile empties. While the
		// pile outlasts the roll's arrows (and nothing is traced) they are taken at once,
		// none included: whether a roll shows an Arrow is the dice's call, and a branch on
		// it would be mispredicted as often as not.
		arrows := mask & g.Faces[Arrow]
		if k := uint8(bits.OnesCount8(arrows)); g.Pile > k && !g.trace.on {
			g.Arrows[a&7] += k
			g.Pile -= k
		} else {
			for ; arrows != 0; arrows &= arrows - 1 {
				g.takeArrow(a)
				if g.Over || g.Alive>>uint(a)&1 == 0 {
					return false
				}
			}
		}
		// rerollOptions in its parts, the common ones inlined: it is asked after every
		// roll and is too big to inline whole.
		if g.dynamiteStops() {
			g.dynamiteStop(a)
			return true
		}
		rerollable := g.rerollable(a)
		if rerollable == 0 {
			return true
		}
		c := t.decide(DecideReroll, a, -1, 0, uint32(rerollable))
		if c == 0 {
			return true
		}
		mask = uint8(c)
		g.RerollsLeft--
	}
}

// resolve resolves the kept dice in the rulebook's order: Dynamite, Bull's Eyes, Beers,
// Kit Carlson's discards, Gatling. It stops early when the game ends or the roller's
// death ends the turn (D3).
func (t *Table) resolve(a int8) {
	g := &t.State
	if bits.OnesCount8(g.Faces[Dynamite]) >= int(g.Rules.DynamiteThreshold) {
		t.losePoint(a, CauseDynamite, -1)
		if g.Life[a] <= 0 && g.Alive>>uint(a)&1 == 1 {
			g.eliminate(1<<uint(a), CauseDynamite, -1)
			if g.Over || !g.Rules.ResolveAfterDeath { // D3
				return
			}
		}
	}
	if be := g.Faces[BullsEye1] | g.Faces[BullsEye2]; be != 0 {
		t.shoot(a, be)
		g.hitCause = CauseBullsEye
		t.hits(a)
		if !g.settleStepFor(t.elGringos) {
			return
		}
	}
	t.drinkBeers(a)
	if g.discardsArrows(a) {
		t.kitDiscards(a)
	}
	g.gatling()
	if g.phase == phHits {
		t.hits(a)
		g.settleStepFor(t.elGringos)
	}
}

// shoot offers Slab the Killer his doubled shot, asks each Bull's Eye's target and queues
// the hits, dealt together (D4).
func (t *Table) shoot(a int8, be uint8) {
	g := &t.State
	reach0, reach1 := g.reaches(a)
	slab := int8(-1)
	if opts := g.slabOptions(a, reach0, reach1); opts != 0 {
		if c := t.decide(DecideSlab, a, -1, 0, opts); c != Skip {
			g.doubleShot(int8(c))
			slab = int8(c)
		}
	}
	// Targets in die order, each hit queued as soon as its target is known: the same
	// order the machine deals them in.
	// The reaches in a two-entry array, indexed by the die's face: a select, not a
	// branch the dice decide, and cheaper than mixing the two masks with flags.
	reach := [2]uint8{reach0, reach1}
	var shot uint8 // the dice that found a target, for the trace
	n := uint8(0)
	two := g.Faces[BullsEye2]
	for m := be; m != 0; m &= m - 1 {
		i := int8(bits.TrailingZeros8(m))
		opts := reach[two>>uint(i)&1]
		var s int8
		switch {
		case opts&(opts-1) != 0:
			s = int8(t.decide(DecideTarget, a, i, 0, uint32(opts)))
		case opts != 0: // one legal target: no choice to make
			s = int8(bits.TrailingZeros8(opts))
		default: // no target at all: the die is wasted (D19)
			continue
		}
		// n&7: at most five hits, and the mask spares the bounds checks.
		g.hitSeat[n&7], g.hitDmg[n&7] = s, 1+(g.Profile.Arg[a&7].SlabDamage-1)&-b2u8(i == slab)
		shot |= 1 << uint(i)
		n++
	}
	g.hitN = n
	if g.trace.on { // the machine reports the shots once every target is chosen
		for p := uint8(0); p < n; p++ {
			g.emit(Event{Kind: EvShot, Seat: g.hitSeat[p&7], Other: a, N: int8(g.hitDmg[p&7]), Mask: uint8(bits.TrailingZeros8(shot))})
			shot &= shot - 1
		}
	}
}

// hits deals the queued hits point by point; arrow_for_life decides per point (D8). Losing
// life never ends the game by itself: settleStep eliminates afterwards (D4, D5).
func (t *Table) hits(a int8) {
	g := &t.State
	cause := g.hitCause
	g.stepLost = 0
	// The step's losses gather in a register and are stored once: the byte stores below
	// could alias stepLost for the compiler, which then reloads and stores it per hit.
	// dropPoint, on the slow path, ORs into stepLost itself, which commutes.
	lost := uint8(0)
	row := &g.Hits[a&7]
	n := g.hitN // no policy can change the queue (they see a View)
	for p := uint8(0); p < n; p++ {
		s := g.hitSeat[p&7] & 7
		if t.slowHits>>uint(s)&1 == 0 {
			// Nobody to ask and nothing to report: the points at once, as dropPoint
			// would take them one by one. None at all (0) when the target already fell
			// to an earlier die: a flag, not a branch, with no effect then.
			d := max(min(int(g.hitDmg[p&7]), int(g.Life[s])), 0)
			g.Life[s] -= int8(d)
			lost |= b2u8(d > 0) << s
			row[s] = uint8(min(int(row[s])+d, 255))
			continue
		}
		for d := g.hitDmg[p&7]; d > 0 && g.Life[s] > 0; d-- {
			if g.arrowForLife(s) {
				if t.decide(DecideBartArrow, s, -1, cause, 0b11) == 1 {
					g.arrowInstead(s)
					continue
				}
			}
			t.losePoint(s, cause, a)
		}
	}
	g.stepLost |= lost
}

// losePoint takes one life point from s and lets Pedro Ramirez return arrows (one on
// the card), each a choice, while he holds any.
func (t *Table) losePoint(s int8, cause Cause, by int8) {
	g := &t.State
	if !g.dropPoint(s, cause, by) {
		return
	}
	for k := g.Profile.Arg[s&7].PedroReturns; k > 0 && g.Arrows[s] > 0; k-- {
		if t.decide(DecidePedroReturn, s, -1, cause, 0b11) != 1 {
			return
		}
		g.returnArrow(s)
	}
}

// drinkBeers asks each Beer's recipient (any living player, D13); Jesse Jones's test is
// made once, before the first (D10).
func (t *Table) drinkBeers(a int8) {
	g := &t.State
	trace := g.trace.on
	for m := g.beerDice(); m != 0; m &= m - 1 {
		opts := g.Alive
		var s int8
		if opts&(opts-1) != 0 {
			s = int8(t.decide(DecideBeer, a, int8(bits.TrailingZeros8(m)), 0, uint32(opts)))
		} else {
			s = int8(bits.TrailingZeros8(opts))
		}
		if trace {
			g.beer(s)
			continue
		}
		// beer's parts, untraced: neither beer nor gain inlines, and the two calls cost
		// more than the heal; raise, beerLife and noteHeal do.
		s &= 7
		g.raise(s, g.beerLife(s))
		g.noteHeal(a&7, s) // a seat is below 8: no bounds check
	}
}

// kitDiscards offers Kit Carlson one discard per Gatling die, before the Gatling fires
// (D7), while anyone holds an arrow.
func (t *Table) kitDiscards(a int8) {
	g := &t.State
	for m := g.Faces[Gatling]; m != 0; m &= m - 1 {
		holders := g.arrowHolders()
		if holders == 0 {
			return
		}
		most := g.Profile.Arg[a&7].KitDiscards
		for k := most; k > 0; k-- {
			if k != most {
				if holders = g.arrowHolders(); holders == 0 {
					return
				}
			}
			c := t.decide(DecideKitDiscard, a, int8(bits.TrailingZeros8(m)), 0, holders|1<<Skip)
			if c == Skip {
				break
			}
			g.discardArrow(int8(c))
		}
	}
}
