package card

// How playOptionsNext brings phase 2's count up to date after a play of each kind
// (againKind): 0, counted again from scratch.
const (
	againLife uint8 = 1 + iota // Beer, Saloon: the player's life
	againJail                  // a Jail in front of the target
	againCat                   // Cat Balou: a card of the target's, from the hand or in play
	againBlue                  // Barrel, Dynamite, Mustang in front of the player
)

// againKind sorts the kinds whose play playOptionsNext follows. The others are counted
// again: a BANG!, Duel, Gatling, Indians! or General Store goes through other seats'
// answers (afterCard counts), Panic!, Stagecoach and Wells Fargo bring cards into the
// hand, a Scope or a weapon changes the player's reach.
var againKind = [32]uint8{Beer: againLife, Saloon: againLife, Jail: againJail, CatBalou: againCat,
	Barrel: againBlue, Dynamite: againBlue, Mustang: againBlue}

// Each kind of the Panic! and Cat Balou block (layout.go's panicCat0), for
// playOptionsNext's deltas.
const (
	panic0 = panicField << panicAt // Panic! 49–52, the first word
	cat0   = catField << catAt     // Cat Balou 53–56, the first word
)

// playOptionsNext counts phase 2's options after a random seat's play o that came
// straight back to phase 2 (playRandom), from the count o was drawn from, still in
// place (optSet, perKind, Yard, N, pHeal, pReach, pNear, pJail: nothing was asked in
// between), rather than from scratch. Such a play changes little, and what depends on
// its kind: the card left the hand (its kind's count comes off the sum; the hand of two
// or more that C10's Panic!/Cat Balou on oneself needs may be gone), and
//   - Beer, Saloon: the player's life (Beer's count, Sid Ketchum's heal);
//   - Jail: the target is no longer open to a Jail, and has one more card in play to
//     take;
//   - Cat Balou: the target has one card fewer (an empty hand offers none; Suzy may draw
//     again); a Jail taken away opens the target to a Jail again; a Mustang or a Scope
//     taken away changes distances: counted from scratch;
//   - Barrel, Dynamite, Mustang: the player's other cards of that kind are blocked, and
//     he has one more card in play for C10 (his Mustang changes how others see him, not
//     what he sees).
//
// A kind's count is updated only while the hand holds the kind (as playOptions sets
// it). Suzy Lafayette's hand may fill again: counted from scratch, as at the safeguard.
// TestPlayOptionsNext checks the result against a count from scratch at every phase-2
// decision of thousands of games.
func (g *State) playOptionsNext(o Option) {
	a := g.Active & 7
	c := o.Card
	k := kindAt[c&127] & 31
	how := againKind[k]
	if how == 0 || g.plays >= MaxTurnPlays || g.holds(a, PrimEmptyHandDraw) {
		g.playOptions()
		return
	}
	t := o.Target & 7
	if how == againCat && o.Pick != PickHand {
		if pk := kindAt[o.Pick&127]; pk == Mustang || pk == Scope {
			g.playOptions()
			return
		}
	}
	d := &g.dec
	pk := &g.perKind
	yard, n := uint32(d.Yard), uint32(d.N)
	sum := yard - 1 - uint32(b2i8(g.pHeal)) + (n-yard)<<16 - pk[k]
	w := g.optSet
	w.Remove(c)
	var dPanic, dCat uint32
	if g.HandLen[a] == 1 { // C10: the hand of two or more is gone
		dPanic, dCat = ^uint32(1<<16-1), ^uint32(1<<16-1) // −1<<16
	}
	switch how {
	case againLife:
		beer := uint32(1 << 16) // as playOptions
		if g.beerHeals(a) {
			beer = 1
		}
		if old := pk[Beer]; old != beer {
			for m := w[0] & beer0; m != 0; m &= m - 1 {
				sum += beer - old
			}
			pk[Beer] = beer
		}
	case againJail:
		if js := w[1] & jail1; js != 0 {
			g.pJail &^= 1 << uint(t)
			for m := js; m != 0; m &= m - 1 {
				sum--
			}
			pk[Jail]--
		}
		dCat++
		dPanic += uint32(g.pNear >> uint(t) & 1)
	case againCat:
		lost := uint32(1)
		if o.Pick == PickHand {
			lost = uint32(b2i8(g.HandLen[t] == 0)) // Suzy may have drawn again
		} else if kindAt[o.Pick&127] == Jail && g.sheriffs>>uint(t)&1 == 0 {
			if js := w[1] & jail1; js != 0 {
				g.pJail |= 1 << uint(t)
				for m := js; m != 0; m &= m - 1 {
					sum++
				}
				pk[Jail]++
			}
		}
		dCat -= lost
		dPanic -= lost & uint32(g.pNear>>uint(t)&1)
	case againBlue:
		ks := &kindSet[k]
		for m := w[0] & ks[0]; m != 0; m &= m - 1 {
			sum -= pk[k]
		}
		for m := w[1] & ks[1]; m != 0; m &= m - 1 {
			sum -= pk[k]
		}
		w[0], w[1] = w[0]&^ks[0], w[1]&^ks[1]
		dPanic += 1 << 16
		dCat += 1 << 16
	}
	if w[0]&panicCat0 != 0 && dPanic|dCat != 0 {
		for m := w[0] & panic0; m != 0; m &= m - 1 {
			sum += dPanic
		}
		for m := w[0] & cat0; m != 0; m &= m - 1 {
			sum += dCat
		}
		pk[Panic] += dPanic
		pk[CatBalou] += dCat
	}
	d = g.ask(DecidePlay, a)
	d.Options[0] = Option{Act: ActEnd, Card: NoCard, Target: -1, Pick: NoCard}
	heal := g.sidHealOffered(a)
	yard = 1 + sum&0xffff + uint32(b2i8(heal))
	g.opts, g.pHeal, g.optSet = optsPlay, heal, w
	d.Yard = uint16(yard)
	d.N = uint16(yard + sum>>16)
}
