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
	if g.trace.on {
		t.flushEvents()
	}
	v := &t.View
	g.fillPublic(v, t.omniscient[seat&7])
	vd := &v.Decision
	vd.Kind, vd.Seat, vd.Die, vd.Cause, vd.Options = k, seat, die, cause, options
	choice := t.seat[seat&7].Choose(v)
	if t.OnDecision != nil {
		t.OnDecision(g.dec, choice)
	}
	// The common case inline: a legal choice and no trace (Decision.Legal, unrolled).
	legal := uint(choice)&^uint(options) == 0
	if k != DecideReroll {
		legal = uint(choice) < 32 && options>>uint(choice)&1 == 1
	}
	if !legal || g.trace.on {
		choice = g.legalize(choice)
	}
	g.dec.Kind = DecideNone
	return choice
}

// playFast plays the set-up game to its end.
func (t *Table) playFast() {
	g := &t.State
	for !g.Over {
		t.turn()
	}
	g.dec.Seat, g.dec.Die, g.dec.Options = -1, -1, 0
}

// turn plays the active player's turn, or ends the game at the turn cap (D17).
func (t *Table) turn() {
	g := &t.State
	a := g.Active
	if !g.beginTurn(a) {
		return
	}
	ch := g.Char[a]
	if ch == SidKetchum { // D11: every turn, the first included, before rolling
		c := int8(t.decide(DecideSidHeal, a, -1, 0, uint32(g.Alive)))
		g.gain(c, 1, HealSid, a)
		g.noteHeal(a, c)
	}
	if t.rollAll(a) {
		t.resolve(a, ch)
	}
	if !g.Over {
		g.turnEnd()
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
		arrows := mask & g.faces[Arrow]
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
		rerollable := g.rerollOptions(a)
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
func (t *Table) resolve(a int8, ch Character) {
	g := &t.State
	if bits.OnesCount8(g.faces[Dynamite]) >= int(g.Rules.DynamiteThreshold) {
		t.losePoint(a, CauseDynamite, -1)
		if g.Life[a] <= 0 && g.Alive>>uint(a)&1 == 1 {
			g.eliminate(1<<uint(a), CauseDynamite, -1)
			if g.Over || !g.Rules.ResolveAfterDeath { // D3
				return
			}
		}
	}
	if be := g.faces[BullsEye1] | g.faces[BullsEye2]; be != 0 {
		t.shoot(a, be)
		g.hitCause = CauseBullsEye
		t.hits(a)
		if !g.settleStep() {
			return
		}
	}
	t.drinkBeers(a)
	if ch == KitCarlson {
		t.kitDiscards(a)
	}
	g.gatling()
	if g.phase == phHits {
		t.hits(a)
		g.settleStep()
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
	var die [NumDice]int8
	n := uint8(0)
	two := g.faces[BullsEye2]
	for m := be; m != 0; m &= m - 1 {
		i := int8(bits.TrailingZeros8(m))
		// The die's face picks the reach: a select, not a branch the dice decide.
		opts := reach0 ^ (reach0^reach1)&-(two>>uint(i)&1)
		var s int8
		switch {
		case opts&(opts-1) != 0:
			s = int8(t.decide(DecideTarget, a, i, 0, uint32(opts)))
		case opts != 0: // one legal target: no choice to make
			s = int8(bits.TrailingZeros8(opts))
		default: // no target at all: the die is wasted (D19)
			continue
		}
		g.hitSeat[n], g.hitDmg[n] = s, 1+b2u8(i == slab)
		die[n&7] = i
		n++
	}
	g.hitN = n
	if g.trace.on { // the machine reports the shots once every target is chosen
		for p := uint8(0); p < n; p++ {
			g.emit(Event{Kind: EvShot, Seat: g.hitSeat[p], Other: a, N: int8(g.hitDmg[p]), Mask: uint8(die[p&7])})
		}
	}
}

// hits deals the queued hits point by point; Bart Cassidy decides per point (D8). Losing
// life never ends the game by itself: settleStep eliminates afterwards (D4, D5).
func (t *Table) hits(a int8) {
	g := &t.State
	cause := g.hitCause
	g.stepLost = 0
	trace := g.trace.on // read once: the stores below could alias it for the compiler
	for p := uint8(0); p < g.hitN; p++ {
		s := g.hitSeat[p&7] & 7
		ch := g.Char[s]
		if ch != BartCassidy && ch != PedroRamirez && !trace {
			// Nobody to ask and nothing to report: the points at once, as dropPoint
			// would take them one by one. None at all (0) when the target already fell
			// to an earlier die: a flag, not a branch, with no effect then.
			d := max(min(int(g.hitDmg[p&7]), int(g.Life[s])), 0)
			g.Life[s] -= int8(d)
			g.stepLost |= b2u8(d > 0) << s
			h := &g.Hits[a&7][s]
			*h = uint8(min(int(*h)+d, 255))
			continue
		}
		for d := g.hitDmg[p]; d > 0 && g.Life[s] > 0; d-- {
			if ch == BartCassidy && g.Pile >= 2 { // never the pile's last arrow
				if t.decide(DecideBartArrow, s, -1, cause, 0b11) == 1 {
					g.arrowInstead(s)
					continue
				}
			}
			t.losePoint(s, cause, a)
		}
	}
}

// losePoint takes one life point from s and lets Pedro Ramirez return an arrow.
func (t *Table) losePoint(s int8, cause Cause, by int8) {
	g := &t.State
	if g.dropPoint(s, cause, by) && t.decide(DecidePedroReturn, s, -1, cause, 0b11) == 1 {
		g.returnArrow(s)
	}
}

// drinkBeers asks each Beer's recipient (any living player, D13); Jesse Jones's test is
// made once, before the first (D10).
func (t *Table) drinkBeers(a int8) {
	g := &t.State
	for m := g.beerDice(); m != 0; m &= m - 1 {
		opts := g.Alive
		if opts&(opts-1) != 0 {
			g.beer(int8(t.decide(DecideBeer, a, int8(bits.TrailingZeros8(m)), 0, uint32(opts))))
		} else {
			g.beer(int8(bits.TrailingZeros8(opts)))
		}
	}
}

// kitDiscards offers Kit Carlson one discard per Gatling die, before the Gatling fires
// (D7), while anyone holds an arrow.
func (t *Table) kitDiscards(a int8) {
	g := &t.State
	for m := g.faces[Gatling]; m != 0; m &= m - 1 {
		holders := g.arrowHolders()
		if holders == 0 {
			return
		}
		if c := t.decide(DecideKitDiscard, a, int8(bits.TrailingZeros8(m)), 0, holders|1<<Skip); c != Skip {
			g.discardArrow(int8(c))
		}
	}
}
