package card

// The long duel's life loss, eliminations and reinforcements.

// hit takes n life from slot t (caused by seat by, -1 for nobody): a lethal hit asks
// its player for Beers (three or more characters in play, the dying one included: L8)
// or Sid Ketchum's heal (when his ability works: in front, or the card is aimed at
// him), then the character is eliminated or survives (Bart Cassidy draws, El Gringo
// takes his cards: only with the ability working).
func (d *LongDuel) hit(t int8, n int8, cause Cause, by int8) {
	g := &d.State
	t &= 3
	p := DuelOwner(t)
	g.damage(t, p, n, cause, by) // the game's (deeds counted, which no duel View reads)
	for g.Life[t] < 1 {
		dec := g.ask(DecideLethal, p)
		dec.From = by
		dec.Need = uint8(1 - g.Life[t])
		dec.add(Option{Act: ActDie, Card: NoCard, Target: t, Pick: NoCard})
		if g.livingCount() >= 3 {
			g.addHand(dec, g.Hand[p].And(kindSet[Beer]))
		}
		sid := g.Char[t] == SidKetchum && d.on(t) && g.HandLen[p] >= 2
		if sid {
			dec.add(Option{Act: ActHeal, Card: NoCard, Target: t, Pick: NoCard})
		}
		o := dec.Options[d.choose()]
		switch o.Act {
		case ActDie:
			d.eliminate(t, by, cause)
			return
		case ActHeal:
			d.sidHeal(p, t)
		default:
			g.beerSave(p, t, o.Card)
			d.suzy(p)
		}
	}
	if d.on(t) {
		// by's Suzy Lafayette, whom El Gringo's take may leave without a card, is by's
		// front character (no card is aimed at by's back): the game's suzy is hers.
		g.survivor(g.Char[t], p, int(n), by)
	}
}

// eliminate takes the character in slot t out: its cards in play are discarded (L8),
// or go to the hand of a Vulture Sam in front; a dead front character is replaced by
// the back one moving forward, and the next reinforcement enters at the back. A seat
// with no character left loses the duel.
func (d *LongDuel) eliminate(t, by int8, cause Cause) {
	g := &d.State
	t &= 3
	p := DuelOwner(t)
	g.takeOut(t, by, cause) // the game's
	d.Info.Lost[p]++
	x := g.InPlay[t]
	g.InPlay[t] = Set{}
	vs := int8(-1)
	for _, s := range [2]int8{p ^ 1, p} {
		if f := DuelFront(s); f != t && g.alive(f) && g.Char[f] == VultureSam {
			vs = s
		}
	}
	if vs >= 0 {
		g.Hand[vs] = g.Hand[vs].Or(x)
		g.HandLen[vs] = uint8(g.Hand[vs].Len())
		if g.trace.on {
			g.traceSet(x, Event{Kind: EvTake, Seat: vs, Other: t, Pick: NoCard, Cause: uint8(TakeVulture)})
		}
	} else {
		g.discardSet(t, x, DiscardDead)
	}
	f, b := DuelFront(p), DuelBack(p)
	if t == f && g.alive(b) {
		d.swap(p)
	}
	if !g.alive(b) && d.Info.Next[p] < DuelCharacters {
		d.enter(b, d.Info.Stack[p][d.Info.Next[p]])
		d.Info.Next[p]++
	}
	if !d.seatAlive(p) {
		d.finish(p ^ 1)
	}
}
