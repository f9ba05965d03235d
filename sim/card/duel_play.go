package card

// The long duel's phase 2: the options (every card in hand with every legal target
// slot) and what each card does.

// DuelDistance returns the distance from slot a to slot b of the other seat: front to
// front 1, front to back (either way) 2, back to back 3 (L8), plus b's Mustang (Paul
// Regret's in front), minus a's Scope (Rose Doolan's in front), at least 1. A seat's
// own slots are at distance 0: cards aimed at one's own characters ignore distance.
func (d *LongDuel) DuelDistance(a, b int8) int {
	if DuelOwner(a) == DuelOwner(b) {
		return 0
	}
	g := &d.State
	n := 1 + int(a>>1) + int(b>>1)
	n += int(b2i8(g.InPlay[b&3].hasKind(Mustang))) + int(b2i8(b < 2 && g.Char[b&3] == PaulRegret))
	n -= int(b2i8(g.InPlay[a&3].hasKind(Scope))) + int(b2i8(a < 2 && g.Char[a&3] == RoseDoolan))
	return max(n, 1)
}

// playOptions writes phase 2's options for a (the front character plays every card):
// the end, then per card in hand (in card order) its targets in slot order; Sid
// Ketchum's heal; after the yard, a Beer that would not heal. Cards aimed at a
// character name its slot (Option.Target); Panic! and Cat Balou also the card
// (PickHand: a random card of the target's player's hand, only for the opponent's).
func (d *LongDuel) playOptions(a int8) *Decision {
	g := &d.State
	f := DuelFront(a)
	o := a ^ 1
	dec := g.ask(DecidePlay, a)
	dec.add(Option{Act: ActEnd, Card: NoCard, Target: -1, Pick: NoCard})
	if g.plays >= MaxTurnPlays {
		g.PlayCaps++
		return dec
	}
	var extra [8]Option
	ne := 0
	opp := [2]int8{DuelFront(o), DuelBack(o)}
	own := [2]int8{f, DuelBack(a)}
	reach := g.Reach(f) // the game's: a duel has no passive seat
	bangOK := g.Bangs == 0 || g.Char[f] == WillyTheKid || g.InPlay[f].hasKind(Volcanic)
	janet := g.Char[f] == CalamityJanet
	heals := g.livingCount() >= 3
	h := g.Hand[a]
	for w := 0; w < 2; w++ {
		for m := h[w]; m != 0; m &= m - 1 {
			c := CardID(w*64 + trailing(m))
			k := kindOf[c]
			switch k {
			case BANG, Missed:
				if !bangOK || (k == Missed && !janet) {
					continue
				}
				for _, t := range opp {
					if g.alive(t) && d.DuelDistance(f, t) <= reach {
						dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: NoCard})
					}
				}
			case Beer:
				any := false
				for _, t := range own {
					if heals && g.alive(t) && g.Life[t] < g.MaxLife[t] {
						dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: NoCard})
						any = true
					}
				}
				if !any && ne < len(extra) {
					extra[ne] = Option{Act: ActPlay, Card: c, Target: f, Pick: NoCard}
					ne++
				}
			case Saloon, Stagecoach, WellsFargo, GeneralStore, Gatling, Indians:
				dec.add(Option{Act: ActPlay, Card: c, Target: -1, Pick: NoCard})
			case Panic, CatBalou:
				for _, t := range opp {
					if !g.alive(t) || (k == Panic && d.DuelDistance(f, t) > 1) {
						continue
					}
					if g.HandLen[o] > 0 {
						dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: PickHand})
					}
					d.addInPlay(dec, c, t)
				}
				for _, t := range own { // one's own characters (the digest's duel rule)
					if g.alive(t) {
						d.addInPlay(dec, c, t)
					}
				}
			case Duel:
				for _, t := range opp {
					if g.alive(t) {
						dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: NoCard})
					}
				}
			case Jail:
				for _, t := range opp {
					if g.alive(t) && d.jailable(t) {
						dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: NoCard})
					}
				}
			default: // a blue card on one of one's own characters (L5)
				for _, t := range own {
					if !g.alive(t) {
						continue
					}
					if p := g.InPlay[t]; p.hasKind(k) {
						continue
					}
					dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: NoCard})
				}
			}
		}
	}
	if g.Char[f] == SidKetchum && g.Life[f] < g.MaxLife[f] && g.HandLen[a] >= 2 {
		dec.add(Option{Act: ActHeal, Card: NoCard, Target: f, Pick: NoCard})
	}
	yard := dec.N
	for i := 0; i < ne; i++ {
		dec.add(extra[i])
	}
	dec.Yard = yard
	return dec
}

// addInPlay adds one Panic!/Cat Balou option per card in front of slot t.
func (d *LongDuel) addInPlay(dec *Decision, c CardID, t int8) {
	p := d.InPlay[t&3]
	for w := 0; w < 2; w++ {
		for m := p[w]; m != 0; m &= m - 1 {
			dec.add(Option{Act: ActPlay, Card: c, Target: t, Pick: CardID(w*64 + trailing(m))})
		}
	}
}

// jailable reports whether a Jail may go on slot t: not already jailed, and not a front
// character whose back one is jailed (a jailed character moves to the back, and only
// one can be there).
func (d *LongDuel) jailable(t int8) bool {
	g := &d.State
	if g.InPlay[t&3].hasKind(Jail) {
		return false
	}
	b := DuelBack(DuelOwner(t))
	return t == b || !g.alive(b) || !g.InPlay[b].hasKind(Jail)
}

// phase2Step asks a for one phase-2 option and plays it; false once a ends phase 2.
func (d *LongDuel) phase2Step(a int8) bool {
	dec := d.playOptions(a)
	o := dec.Options[d.choose()]
	switch o.Act {
	case ActEnd:
		return false
	case ActHeal:
		d.sidHeal(a, DuelFront(a))
		return true
	}
	d.play(a, o)
	return true
}

// sidHeal discards two cards of a's hand (asked one at a time) for 1 life of slot s.
func (d *LongDuel) sidHeal(a, s int8) {
	g := &d.State
	for left := uint8(2); left > 0; left-- {
		dec := g.ask(DecideSidCard, a)
		dec.Need = left
		g.addHand(dec, g.Hand[a])
		g.sidPay(a, dec.Options[d.choose()].Card) // the game's
	}
	g.sidHealed(s)
}

// play carries out a's phase-2 option o.
func (d *LongDuel) play(a int8, o Option) {
	g := &d.State
	c, k, t := o.Card, kindOf[o.Card], o.Target
	f := DuelFront(a)
	g.drop(a, c)
	g.Played[k]++
	g.plays++
	if g.trace.on {
		g.emit(Event{Kind: EvPlay, Seat: a, Other: t, Card: c, Pick: o.Pick})
	}
	g.card = c
	if k.Blue() {
		switch {
		case k == Jail: // L5: on an opponent's character, which moves to (stays at) the back
			g.aim(a, DuelOwner(t))
			g.InPlay[t&3].Add(c)
			if ow := DuelOwner(t); t == DuelFront(ow) && g.alive(DuelBack(ow)) {
				d.swap(ow)
			}
		case k.Weapon():
			g.equip(a, t&3, c) // the game's
		default:
			g.InPlay[t&3].Add(c)
		}
		d.suzy(a)
		return
	}
	g.discard(c)
	if k == GeneralStore || k == Duel {
		g.suzyHold = true
	}
	switch k {
	case BANG, Missed:
		g.Bangs++
		g.aim(a, DuelOwner(t))
		need := uint8(1)
		if g.Char[f] == SlabTheKiller {
			need = 2
		}
		d.shoot(a, t, need, CauseBang)
	case Beer:
		if g.livingCount() >= 3 {
			g.heal(t&3, HealBeer, c)
		}
	case Saloon:
		g.saloon(c) // the game's: every living slot, in slot order
	case Stagecoach:
		g.drawTo(a, 2, DrawCardEffect)
	case WellsFargo:
		g.drawTo(a, 3, DrawCardEffect)
	case GeneralStore:
		d.store(a)
	case Panic, CatBalou:
		ow := DuelOwner(t)
		if ow != a {
			g.aim(a, ow)
		}
		if !g.takeCard(a, t, ow, k, o.Pick) { // the game's
			break // out of the switch: nothing taken
		}
		prev := d.aimedAt
		d.aimedAt = t // a Suzy Lafayette behind it is aimed at: she draws
		d.suzy(ow)
		d.aimedAt = prev
	case Gatling, Indians:
		d.volley(a, k)
	case Duel:
		g.aim(a, DuelOwner(t))
		ch := g.Char[t&3]
		d.duel(a, t)
		g.suzyHold = false
		// The Duel is over, its life loss included (C20): a Suzy Lafayette behind who
		// was dueled, still there, draws now, as her card is still being resolved.
		prev := d.aimedAt
		if g.alive(t&3) && g.Char[t&3] == ch {
			d.aimedAt = t
		}
		d.suzy(0)
		d.suzy(1)
		d.aimedAt = prev
	}
	d.suzy(a) // her last card resolved (C20 as amended)
}

// store lays out as many cards as characters in play (reinforcements not counted: the
// game's storeOpen); the player takes first, then the seats alternate.
func (d *LongDuel) store(a int8) {
	g := &d.State
	g.storeOpen(a) // the game's
	for p := a; !g.Store.Empty(); p ^= 1 {
		dec := g.ask(DecideStore, p)
		dec.From, dec.Card = a, g.card
		g.addHand(dec, g.Store)
		g.storeTake(p, dec.Options[d.choose()].Card)
	}
	g.suzyHold = false
	d.suzy(0)
	d.suzy(1)
}

// volley resolves a Gatling or Indians! of seat a: the opponent's front, a's own back,
// then the opponent's back (L5), each the character in that place when the card was
// played, wherever it stands by its turn.
func (d *LongDuel) volley(a int8, k Kind) {
	g := &d.State
	o := a ^ 1
	var order [3]Character
	n := 0
	for _, s := range [3]int8{DuelFront(o), DuelBack(a), DuelBack(o)} {
		if g.alive(s) {
			order[n] = g.Char[s]
			n++
		}
	}
	cause := CauseGatling
	if k == Indians {
		cause = CauseIndians
	}
	for _, ch := range order[:n] {
		t := d.slotOf(ch)
		if t < 0 {
			continue
		}
		if k == Gatling {
			d.shoot(a, t, 1, cause)
		} else {
			d.indians(a, t)
		}
		if g.Over {
			return
		}
	}
}

// shoot resolves a shot of seat a at slot t needing need Missed!: the target's Barrel
// and Jourdonnais's (C2, C3, C18; each "draw!" read by the game's barrelDrawn), then Missed! from its player's hand (Calamity Janet:
// BANG! too), else the hit.
func (d *LongDuel) shoot(a, t int8, need uint8, cause Cause) {
	g := &d.State
	p := DuelOwner(t)
	prev := d.aimedAt
	d.aimedAt = t
	defer func() { d.aimedAt = prev }()
	barrels := int(b2i8(g.InPlay[t&3].hasKind(Barrel))) + int(b2i8(g.Char[t&3] == Jourdonnais))
	g.shotT, g.shotNeed = t, need // the game's barrelDrawn reads the "draw!" of each
	for ; barrels > 0 && g.shotNeed > 0; barrels-- {
		g.BarrelDraws++
		g.drawn = d.check(p)
		g.barrelDrawn()
	}
	need = g.shotNeed
	for need > 0 {
		dec := g.ask(DecideMissed, p)
		dec.From, dec.Card, dec.Need = a, g.card, need
		dec.add(Option{Act: ActTakeHit, Card: NoCard, Target: t, Pick: NoCard})
		use := kindSet[Missed]
		if d.has(p, CalamityJanet) {
			use = use.Or(kindSet[BANG])
		}
		g.addHand(dec, g.Hand[p].And(use))
		op := dec.Options[d.choose()]
		if op.Act == ActTakeHit {
			by := a
			if a == p {
				by = -1 // one's own Gatling on one's own back: nobody's doing
			}
			d.hit(t, 1, cause, by)
			return
		}
		d.answer(p, op.Card)
		need--
		d.suzy(p)
	}
}

// askBang asks seat p, answering for slot t, to discard a BANG! (Janet: or a Missed!)
// or take the hit; it reports whether p discarded one.
func (d *LongDuel) askBang(p, t, from int8) bool {
	g := &d.State
	dec := g.ask(DecideBang, p)
	dec.From, dec.Card = from, g.card
	dec.add(Option{Act: ActTakeHit, Card: NoCard, Target: t, Pick: NoCard})
	use := kindSet[BANG]
	if d.has(p, CalamityJanet) {
		use = use.Or(kindSet[Missed])
	}
	g.addHand(dec, g.Hand[p].And(use))
	op := dec.Options[d.choose()]
	if op.Act == ActTakeHit {
		return false
	}
	d.answer(p, op.Card)
	return true
}

// indians resolves Indians! of seat a at slot t.
func (d *LongDuel) indians(a, t int8) {
	p := DuelOwner(t)
	prev := d.aimedAt
	d.aimedAt = t
	defer func() { d.aimedAt = prev }()
	if d.askBang(p, t, a) {
		d.suzy(p)
		return
	}
	by := a
	if a == p {
		by = -1
	}
	d.hit(t, 1, CauseIndians, by)
}

// duel resolves a's Duel against slot t: t's player discards a BANG! first, then a, and
// so on; the first who does not loses 1 life: t, or a's front character (C4: losing
// one's own Duel is nobody's doing).
func (d *LongDuel) duel(a, t int8) {
	p := DuelOwner(t)
	prev := d.aimedAt
	d.aimedAt = t
	defer func() { d.aimedAt = prev }()
	for {
		if !d.askBang(p, t, a) {
			d.hit(t, 1, CauseDuel, a)
			return
		}
		if !d.askBang(a, DuelFront(a), p) {
			d.aimedAt = prev
			d.hit(DuelFront(a), 1, CauseDuel, -1)
			return
		}
	}
}
