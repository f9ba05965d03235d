package dice

import "math/bits"

// bullsEyes opens the Bull's Eye step: Slab the Killer may first spend a Beer to double
// one Bull's Eye.
func (g *State) bullsEyes() {
	a := g.Active
	g.phase = phTargets
	g.todo = g.Faces[BullsEye1] | g.Faces[BullsEye2]
	if g.todo == 0 {
		g.beerStart()
		return
	}
	g.target = [NumDice]int8{-1, -1, -1, -1, -1}
	g.reach[0], g.reach[1] = g.reaches(a)
	if opts := g.slabOptions(a, g.reach[0], g.reach[1]); opts != 0 {
		g.ask(DecideSlab, a, -1, opts)
	}
}

// slabOptions returns Slab the Killer's choices (the Bull's Eye dice that can hit
// someone, given the reach of each face, and Skip), or 0 when the roller is not Slab,
// has no Beer to spend (when the doubled shot costs one), or no Bull's Eye can hit anyone.
func (g *State) slabOptions(a int8, reach1, reach2 uint8) uint32 {
	// A Beer to spend, unless the doubled shot costs none (double_bullseye.beers).
	a &= 7
	if g.Profile.Has[PrimDoubleBullsEye]>>uint(a)&1 == 0 || g.Faces[Beer] == 0 && g.Profile.Arg[a].SlabBeers != 0 {
		return 0
	}
	var opts uint32
	if reach1 != 0 {
		opts |= uint32(g.Faces[BullsEye1])
	}
	if reach2 != 0 {
		opts |= uint32(g.Faces[BullsEye2])
	}
	if opts == 0 {
		return 0
	}
	return opts | 1<<Skip
}

// targets asks for each Bull's Eye's target; once all are assigned the hits are dealt
// together (D4).
func (g *State) targets() {
	a := g.Active
	if g.todo != 0 {
		for m := g.todo; m != 0; m &= m - 1 {
			i := int8(bits.TrailingZeros8(m))
			opts := g.reach[g.Dice[i]-BullsEye1]
			if opts&(opts-1) != 0 {
				g.todo = m
				g.ask(DecideTarget, a, i, uint32(opts))
				return
			}
			if opts != 0 { // one legal target: no choice to make
				g.target[i] = int8(bits.TrailingZeros8(opts))
			} // no target at all: the die is wasted (D19)
		}
		g.todo = 0
	}
	// Index the array rather than range over a copy of it: the copy is a wide load of
	// bytes just stored one by one, which stalls store forwarding on this hot path.
	n, slab := uint8(0), g.slabDie
	for i := int8(0); i < NumDice; i++ {
		t := g.target[i]
		if t < 0 {
			continue
		}
		dmg := uint8(1)
		if i == slab {
			dmg = g.Profile.Arg[a&7].SlabDamage
		}
		g.hitSeat[n], g.hitDmg[n] = t, dmg
		n++
		if g.trace.on {
			g.emit(Event{Kind: EvShot, Seat: t, Other: a, N: int8(dmg), Mask: uint8(i)})
		}
	}
	g.hitN = n
	g.startHits(CauseBullsEye, phBeerStart)
}

// startHits begins dealing the queued hits of a step.
func (g *State) startHits(cause Cause, after phase) {
	g.hitCause = cause
	g.hitPos, g.hitDone = 0, 0
	g.stepLost = 0
	g.afterStep = after
	g.phase = phHits
}

// hits deals the queued hits point by point; Bart Cassidy decides per point (D8).
func (g *State) hits() {
	for g.hitPos < g.hitN {
		t := g.hitSeat[g.hitPos]
		if g.hitDone >= g.hitDmg[g.hitPos] || g.Life[t] <= 0 {
			g.hitPos++
			g.hitDone = 0
			continue
		}
		if g.arrowForLife(t) {
			g.ask(DecideBartArrow, t, -1, 0b11)
			g.dec.Cause = g.hitCause
			return
		}
		g.hitDone++
		g.losePoint(t, g.hitCause, g.Active)
		if g.dec.Kind != DecideNone {
			return
		}
	}
	g.phase = phStepEnd
}

// stepEnd applies the step's eliminations together (D4, D5), El Gringo's arrows (D9) and,
// after the Gatling, the roller's arrow return (D7).
func (g *State) stepEnd() {
	if g.settleStep() {
		g.phase = g.afterStep
	} else if !g.Over {
		g.phase = phTurnEnd
	}
}

// settleStep ends a step of hits and reports whether the turn's resolution goes on:
// false when the game is over or the roller fell to El Gringo's arrows (D3).
func (g *State) settleStep() bool {
	return g.settleStepFor(g.Profile.Has[PrimArrowsToHitter])
}

// settleStepFor is settleStep with the seats of El Gringo given: the straight-line
// driver finds them once a game (characters do not change) instead of once a step.
func (g *State) settleStepFor(elGringos uint8) bool {
	a := g.Active
	// Only a seat that lost life in this step can have fallen in it. Every seat is
	// looked at at once, in one word, rather than with a branch: which seats were hit
	// and whether they fell is the dice's call, and branches on it mispredict.
	dead := nonPositive(word8(&g.Life)) & g.Alive & g.stepLost
	if dead != 0 {
		g.eliminate(dead, g.hitCause, a)
		if g.Over {
			return false
		}
	}
	// El Gringo's arrows: the hit El Gringos found in one word too, so the loop below
	// almost never runs instead of passing over every seat that lost life.
	gringos := elGringos &^ (1 << uint(a&7))
	for m := g.stepLost & gringos; m != 0; m &= m - 1 {
		for k := g.Profile.Arg[bits.TrailingZeros8(m)&7].ElGringoArrows; k > 0; k-- {
			if !g.IsAlive(int(a)) {
				break
			}
			g.takeArrow(a)
			if g.Over {
				return false
			}
			if !g.IsAlive(int(a)) && !g.Rules.ResolveAfterDeath { // D3
				return false
			}
		}
	}
	if g.hitCause == CauseGatling && g.Arrows[a] > 0 {
		if g.trace.on {
			g.emit(Event{Kind: EvReturnArrows, Seat: a, N: int8(g.Arrows[a])})
		}
		g.Pile += g.Arrows[a]
		g.Arrows[a] = 0
	}
	return true
}

// doubleShot makes Slab the Killer's Bull's Eye die hit twice, paid with the lowest Beer
// die (which Beer is spent does not matter: they are alike).
func (g *State) doubleShot(die int8) {
	g.slabDie = die
	g.slabBeer = -1
	if g.Profile.Arg[g.Active&7].SlabBeers != 0 {
		g.slabBeer = int8(bits.TrailingZeros8(g.Faces[Beer]))
	}
	if g.trace.on {
		g.emit(Event{Kind: EvSlab, Seat: g.Active, Mask: uint8(die)})
	}
}

// beerStart makes Jesse Jones's 4-or-less test once, before the Beers (D10).
func (g *State) beerStart() {
	g.todo = g.beerDice()
	g.phase = phBeers
	g.beers()
}

// beerDice makes Jesse Jones's 4-or-less test, once, before the first Beer (D10), and
// returns the Beer dice to resolve: all but the one Slab the Killer spent.
func (g *State) beerDice() uint8 {
	a := g.Active
	// Flags, not && : the second test is the dice's call and would mispredict.
	g.jesseLow = g.Profile.holds(a, PrimLowBeer)&b2u8(g.Life[a] <= int8(g.Profile.Arg[a&7].JesseAtMost)) != 0
	dice := g.Faces[Beer]
	if g.slabBeer >= 0 {
		dice &^= 1 << uint(g.slabBeer)
	}
	return dice
}

// beers asks for each Beer's recipient (any living player, D13).
func (g *State) beers() {
	for m := g.todo; m != 0; m &= m - 1 {
		i := int8(bits.TrailingZeros8(m))
		opts := g.Alive
		if opts&(opts-1) != 0 {
			g.todo = m
			g.ask(DecideBeer, g.Active, i, uint32(opts))
			return
		}
		g.beer(int8(bits.TrailingZeros8(opts)))
	}
	g.todo = 0
	g.kitStart()
}

// beer heals t with one Beer of the active player.
func (g *State) beer(t int8) {
	a := g.Active
	g.gain(t, int8(g.beerLife(t)), HealBeer, a)
	g.noteHeal(a, t)
}

// beerLife is the life one Beer of the active player gives t: Ability.JesseHeal (2) to
// Jesse Jones on himself when his test (made before the first Beer, D10) said low, else
// 1. Who drinks is the policy's call: a flag, not a branch.
func (g *State) beerLife(t int8) int {
	return 1 + int((g.Profile.Arg[g.Active&7].JesseHeal-1)&-(b2u8(t == g.Active)&b2u8(g.jesseLow)))
}

// kitStart opens Kit Carlson's discards, made before the Gatling fires (D7).
func (g *State) kitStart() {
	if g.discardsArrows(g.Active) {
		g.todo = g.Faces[Gatling]
		g.kitDone = 0
		g.phase = phKit
		return
	}
	g.gatling()
}

// kit offers Kit Carlson one discard per Gatling die, whether or not it fires.
func (g *State) kit() {
	g.phase = phGatling
	if g.todo == 0 {
		return
	}
	holders := g.arrowHolders()
	if holders == 0 {
		g.todo = 0
		return
	}
	g.phase = phKit
	g.ask(DecideKitDiscard, g.Active, int8(bits.TrailingZeros8(g.todo)), holders|1<<Skip)
}

// gatling fires when enough Gatlings show: every other player loses a life (Paul Regret
// excepted), then the roller returns all arrows.
func (g *State) gatling() {
	a := g.Active
	g.phase = phTurnEnd
	if g.count(Gatling) < int(g.Profile.Need[a&7]) {
		return
	}
	g.Gatlings++
	if g.trace.on {
		g.emit(Event{Kind: EvGatling, Seat: a})
	}
	// Clockwise from the roller: the living seats above a, then those below it.
	g.hitN = 0
	after := g.Alive &^ (2<<uint(a&7) - 1)
	before := g.Alive & (1<<uint(a&7) - 1)
	// gatling_loss 0 taken out in one word, not tested seat by seat in the loop.
	regret := g.Profile.NoGatling
	for _, m := range [2]uint8{after &^ regret, before &^ regret} {
		for ; m != 0; m &= m - 1 {
			g.hitSeat[g.hitN], g.hitDmg[g.hitN] = int8(bits.TrailingZeros8(m)), 1
			g.hitN++
		}
	}
	g.startHits(CauseGatling, phTurnEnd)
}

// traceChoice records a decision's effect where no other event shows it.
func (g *State) traceChoice(choice int) {
	if g.dec.Kind == DecideReroll {
		g.emit(Event{Kind: EvKeep, Seat: g.dec.Seat, Mask: uint8(choice)})
	}
}

// arrowHolders returns the living seats holding an arrow: Kit Carlson's choices.
func (g *State) arrowHolders() uint32 {
	// In one word: no branch per seat on who holds an arrow.
	return uint32(^equalBytes(word8(&g.Arrows), 0) & g.Alive)
}
