package dice

import "math/bits"

// advance runs the rules until a decision is pending or the game is over. Every phase
// either asks (sets a pending decision) or moves the phase on.
func (g *State) advance() {
	for g.dec.Kind == DecideNone {
		switch g.phase {
		case phTurnStart:
			if g.pauseTurn { // Table.Finish takes over between turns
				return
			}
			g.startTurn()
		case phRoll:
			g.roll()
		case phResolve:
			g.resolveDynamite()
		case phDynamiteEnd:
			g.dynamiteEnd()
		case phBullsEyes:
			g.bullsEyes()
		case phTargets:
			g.targets()
		case phHits:
			g.hits()
		case phStepEnd:
			g.stepEnd()
		case phBeerStart:
			g.beerStart()
		case phBeers:
			g.beers()
		case phKitStart:
			g.kitStart()
		case phKit:
			g.kit()
		case phGatling:
			g.gatling()
		case phTurnEnd:
			g.turnEnd()
		case phOver:
			g.dec.Seat, g.dec.Die, g.dec.Options = -1, -1, 0
			return
		}
	}
}

// ask sets the pending decision; the phase stays where Apply will resume.
func (g *State) ask(k Kind, seat int8, die int8, options uint32) {
	g.dec = Decision{Kind: k, Seat: seat, Die: die, Options: options}
}

// Apply plays choice for the pending decision and runs on to the next one. A choice that
// is not legal is replaced by a legal one (the choice-th legal option, modulo their
// number) and counted in Illegal: no policy can break a rule, and a buggy one shows.
func (g *State) Apply(choice int) {
	d := &g.dec
	if d.Kind == DecideNone {
		return
	}
	choice = g.legalize(choice)
	kind, seat, die := d.Kind, d.Seat, d.Die
	g.dec.Kind = DecideNone
	switch kind {
	case DecideReroll:
		if choice == 0 {
			g.phase = phResolve
		} else {
			g.rollMask = uint8(choice)
			g.RerollsLeft--
			g.phase = phRoll
		}
	case DecideSidHeal:
		g.gain(int8(choice), int8(g.Profile.Arg[g.Active&7].SidHeal), HealSid, g.Active)
		g.noteHeal(g.Active, int8(choice))
		g.rollMask = allDice
		g.phase = phRoll
	case DecideSlab:
		if choice != Skip {
			g.doubleShot(int8(choice))
		}
		g.phase = phTargets
	case DecideTarget:
		g.target[die] = int8(choice)
		g.todo &^= 1 << uint(die)
	case DecideBartArrow:
		t := g.hitSeat[g.hitPos]
		g.hitDone++
		if choice == 1 {
			g.arrowInstead(t)
		} else {
			g.losePoint(t, g.hitCause, g.Active)
		}
	case DecidePedroReturn:
		if choice == 1 {
			g.returnArrow(seat)
			// Another of the point's returns, while he has arrows (return_arrows.returns).
			if g.pedroDone++; g.pedroDone < g.Profile.Arg[seat&7].PedroReturns && g.Arrows[seat] > 0 {
				cause := d.Cause
				g.ask(DecidePedroReturn, seat, -1, 0b11)
				g.dec.Cause = cause
			}
		}
	case DecideBeer:
		g.beer(int8(choice))
		g.todo &^= 1 << uint(die)
	case DecideKitDiscard:
		// A die's discards end with a Skip or after discard_arrows.discards of them.
		if choice != Skip {
			g.discardArrow(int8(choice))
			g.kitDone++
		}
		if choice == Skip || g.kitDone >= g.Profile.Arg[g.Active&7].KitDiscards {
			g.todo &^= 1 << uint(die)
			g.kitDone = 0
		}
	}
	g.advance()
}

// startTurn begins the active player's turn, or ends the game at the turn cap (D17).
func (g *State) startTurn() {
	a := g.Active
	if !g.beginTurn(a) {
		return
	}
	g.rollMask = allDice
	g.phase = phRoll
	if g.sidHeals(a) { // D11: every turn, the first included, before rolling
		g.ask(DecideSidHeal, a, -1, uint32(g.Alive))
	}
}

// beginTurn counts the turn and gives the roller the rerolls of the turn; at the turn
// cap it ends the game in a draw instead (D17) and reports false.
func (g *State) beginTurn(a int8) bool {
	if g.atTurnCap() {
		g.Draw = true
		g.finish(0)
		return false
	}
	g.countTurn(a)
	if g.trace.on {
		g.emit(Event{Kind: EvTurn, Seat: a, N: int8(g.Turn)})
	}
	return true
}

// atTurnCap reports whether the game has played its last turn (D17).
func (g *State) atTurnCap() bool { return g.Turn >= g.Rules.MaxTurns }

// countTurn counts a turn begun and gives the roller the turn's rerolls (with its
// extra_rerolls, Profile.Rerolls). Split from beginTurn so the straight-line driver inlines it:
// beginTurn, with its trace, is too big to.
func (g *State) countTurn(a int8) {
	g.Turn++
	g.Turns = g.Turn
	g.RerollsLeft = g.Profile.Rerolls[a&7]
	g.slabDie, g.slabBeer = -1, -1
}

// roll rolls the dice in rollMask, takes their arrows and offers a reroll.
func (g *State) roll() {
	a := g.Active
	mask := g.rollMask
	g.rollDice(mask)
	if g.trace.on {
		g.emit(Event{Kind: EvRoll, Seat: a, Mask: mask, Dice: g.Dice})
	}
	// D1: arrows one at a time; Indians strike the moment the pile empties.
	for m := mask & g.Faces[Arrow]; m != 0; m &= m - 1 {
		g.takeArrow(a)
		if g.Over {
			return
		}
		if !g.IsAlive(int(a)) { // D2: eliminated while rolling, the turn ends at once
			g.phase = phTurnEnd
			return
		}
	}
	rerollable := g.rerollOptions(a)
	if rerollable == 0 {
		g.phase = phResolve
		return
	}
	g.ask(DecideReroll, a, -1, uint32(rerollable))
}

// rerollOptions returns the dice the roller may reroll after a roll whose arrows have
// been taken, or 0 when the rolling is over: the three-Dynamite stop (D23, checked after
// the arrows), no rerolls left, or nothing to reroll (Dynamite stays, but for Black
// Jack).
func (g *State) rerollOptions(a int8) uint8 {
	if g.dynamiteStops() {
		g.dynamiteStop(a)
		return 0
	}
	return g.rerollable(a)
}

// dynamiteStops reports whether the dice show enough Dynamite to stop the rolling (D23).
func (g *State) dynamiteStops() bool {
	return g.count(Dynamite) >= int(g.Rules.DynamiteThreshold)
}

// dynamiteStop counts (and traces) a roll stopped by its Dynamite.
func (g *State) dynamiteStop(a int8) {
	g.DynamiteStops++
	if g.trace.on {
		g.emit(Event{Kind: EvDynamite, Seat: a})
	}
}

// rerollable returns the dice the roller may reroll when the Dynamite has not stopped
// them: none without a reroll left, else all but the Dynamite (Black Jack: all). Small
// enough to inline, unlike rerollOptions, which the straight-line driver calls on every
// roll. Flags, not a branch on who rolls. reroll_dynamite rerolls Dynamite while no
// more than its max_dynamite show.
func (g *State) rerollable(a int8) uint8 {
	dyn := g.Faces[Dynamite]
	free := g.Profile.holds(a, PrimRerollDynamite) & b2u8(popcount8(dyn) <= int(g.Profile.Arg[a&7].BlackJackMax))
	keep := dyn & (free - 1)
	return (allDice &^ keep) & -b2u8(g.RerollsLeft != 0)
}

// resolveDynamite applies the roller's Dynamite loss, the first resolution step.
func (g *State) resolveDynamite() {
	a := g.Active
	if g.count(Dynamite) < int(g.Rules.DynamiteThreshold) {
		g.bullsEyes() // the common case: straight on to the next step
		return
	}
	g.phase = phDynamiteEnd
	g.losePoint(a, CauseDynamite, -1)
}

// dynamiteEnd eliminates a roller the Dynamite killed and moves on to the Bull's Eyes.
func (g *State) dynamiteEnd() {
	a := g.Active
	g.phase = phBullsEyes
	if g.Life[a] <= 0 && g.IsAlive(int(a)) {
		g.eliminate(1<<uint(a), CauseDynamite, -1)
		if !g.Over && !g.Rules.ResolveAfterDeath { // D3
			g.phase = phTurnEnd
		}
	}
}

// turnEnd applies Suzy Lafayette and passes the dice clockwise.
func (g *State) turnEnd() {
	a := g.Active
	if g.suzyHeals(a) {
		g.gain(a, int8(g.Profile.Arg[a&7].SuzyHeal), HealSuzy, a)
	}
	g.passDice(a)
}

// suzyHeals reports whether a living holder of end_heal ends its turn with no more
// Bull's Eyes than its bullseyes (none, on Suzy Lafayette's card). Flags, not && : who
// is active and what the dice show would mispredict.
func (g *State) suzyHeals(a int8) bool {
	return g.Alive>>uint(a&7)&1&g.Profile.holds(a, PrimEndHeal)&
		b2u8(popcount8(g.Faces[BullsEye1]|g.Faces[BullsEye2]) <= int(g.Profile.Arg[a&7].SuzyBullsEyes)) != 0
}

// sidHeals reports whether the active seat a holds start_heal with a heal to give.
func (g *State) sidHeals(a int8) bool {
	return g.Profile.holds(a, PrimStartHeal) != 0 && g.Profile.Arg[a&7].SidHeal > 0
}

// discardsArrows reports whether the active seat a holds discard_arrows with a discard to
// make.
func (g *State) discardsArrows(a int8) bool {
	return g.Profile.holds(a, PrimDiscardArrows) != 0 && g.Profile.Arg[a&7].KitDiscards > 0
}

// arrowForLife reports whether seat s, about to lose a point, may take an arrow
// instead (arrow_for_life: only while the pile holds more than its keep_pile, on the
// card never its last arrow).
func (g *State) arrowForLife(s int8) bool {
	return g.Profile.holds(s, PrimArrowForLife) != 0 && g.Pile > g.Profile.Arg[s&7].BartKeepPile
}

// passDice hands the dice to the next living seat after a. turnEnd is split in these
// two so the straight-line driver inlines them: whole, it is too big to.
func (g *State) passDice(a int8) {
	g.Active = g.nextAlive(a)
	g.phase = phTurnStart
}

// nextAlive returns the first living seat clockwise after s.
func (g *State) nextAlive(s int8) int8 {
	alive := g.Alive
	if alive == 0 {
		return s
	}
	// The first living seat above s or, with none, round the table past the last seat:
	// a select, not a branch on where in the round the dice are.
	after := alive &^ (2<<uint(s&7) - 1)
	return int8(bits.TrailingZeros8(after | alive&-b2u8(after == 0)))
}
