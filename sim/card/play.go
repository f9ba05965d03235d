package card

import "math/bits"

func trailing(m uint64) int { return bits.TrailingZeros64(m) }
func trailing8(m uint8) int { return bits.TrailingZeros8(m) }
func b2i8(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

// Distance returns the distance at which seat a sees seat b (both alive): the living
// seats between them the shorter way round, plus 1, plus b's Mustang (Paul Regret's
// built-in one too), minus a's Scope (Rose Doolan's too), at least 1.
func (g *State) Distance(a, b int8) int {
	if a == b {
		return 0
	}
	d := g.baseDistance(a, b) + g.horses(b) - g.scopes(a)
	if d < 1 {
		d = 1
	}
	return d
}

// baseDistance counts the living seats between a and b the shorter way round, plus 1.
func (g *State) baseDistance(a, b int8) int {
	return int(ring.dist[g.Alive&0x7f][a&7][b&7])
}

// ringTables hold the base distances for every set of living seats (seats 0..6).
type ringTables struct {
	// dist[alive][a][b] is the base distance from a to b (0 for a == b or a dead seat).
	dist [128][8][8]uint8
	// within[alive][a][d+2] holds the living seats other than a at base distance d or
	// less, for d from −2 to 13: geometryMiss indexes it by r+s−h+2 (every seat's reach
	// r is 1–5, s and h 0–2) without clamping, the entries below distance 1 empty.
	within [128][8][16]uint8
}

var ring = buildRing()

func buildRing() *ringTables {
	t := new(ringTables)
	for alive := 0; alive < 128; alive++ {
		living := bits.OnesCount8(uint8(alive))
		for a := 0; a < 7; a++ {
			if alive>>a&1 == 0 {
				continue
			}
			for b := 0; b < 7; b++ {
				if b == a || alive>>b&1 == 0 {
					continue
				}
				cw := 0 // living seats strictly between a and b clockwise
				for s := (a + 1) % 7; s != b; s = (s + 1) % 7 {
					cw += alive >> s & 1
				}
				d := min(cw, living-2-cw) + 1
				t.dist[alive][a][b] = uint8(d)
				for r := d + 2; r < 16; r++ {
					t.within[alive][a][r] |= 1 << b
				}
			}
		}
	}
	return t
}

// horses and scopes count a passive player's Mustang and Scope for nothing (its Char is
// Plain).
func (g *State) horses(b int8) int {
	m := g.InPlay[b&7].hasKind(Mustang) && g.passive>>uint(b&7)&1 == 0
	return int(b2i8(m)) + int(g.prof[b&7].harder)
}

func (g *State) scopes(a int8) int {
	s := g.InPlay[a&7].hasKind(Scope) && g.passive>>uint(a&7)&1 == 0
	return int(b2i8(s)) + int(g.prof[a&7].closer)
}

// Reach returns seat a's weapon range (the Colt .45's 1 without a weapon, or for a
// passive player, whose weapon has no effect).
func (g *State) Reach(a int8) int {
	if g.passive>>uint(a&7)&1 != 0 {
		return 1
	}
	w := g.InPlay[a&7].And(weapons).First()
	if w == NoCard {
		return 1
	}
	return kindOf[w].Range()
}

// geometry returns the living seats the active player a sees at distance 1 (Panic!)
// and within his weapon's reach (BANG!), from the ring tables and the seats' horses
// (Mustang, Paul Regret) and scopes (Scope, Rose Doolan): a target with h horses is
// within r of a seat with s scopes exactly when its base distance is at most r + s − h.
// Cached per seat under everything it reads (Paul and Rose are fixed for the game), so
// a player's next turn finds it when nobody died or changed horse, scope or weapon; the
// key is never 0 (a's own bit is in Alive), so a fresh game's zero keys miss.
func (g *State) geometry(a int8) (near, inReach uint8) {
	key := g.geoBase | uint32(g.reach[a&7])<<24
	c := &g.geo[a&7]
	if key == c.key {
		return c.near, c.reach
	}
	return g.geometryMiss(a, key)
}

func (g *State) geometryMiss(a int8, key uint32) (near, inReach uint8) {
	if g.odd {
		return g.geometryAny(a, key)
	}
	w := &ring.within[g.Alive&0x7f][a&7]
	h1 := g.mustangs ^ g.pauls // one horse
	h2 := g.mustangs & g.pauls // two
	s := int((g.scoped|g.roses)>>uint(a&7)&1) + int(g.scoped&g.roses>>uint(a&7)&1)
	near = w[(3+s)&15]&^(h1|h2) | w[(2+s)&15]&h1 | w[(1+s)&15]&h2 // distance 1 + s − h
	r := int(g.reach[a&7]) + s
	inReach = w[(r+2)&15]&^(h1|h2) | w[(r+1)&15]&h1 | w[r&15]&h2 // r + s − h
	g.geo[a&7] = geoCache{key, near, inReach}
	return near, inReach
}

// geometryAny is geometryMiss where some seat is seen farther or sees closer by more
// than 1 (harder_to_reach, sees_closer past the printed cards' 1): seat by seat, by
// Distance.
//
//go:noinline
func (g *State) geometryAny(a int8, key uint32) (near, inReach uint8) {
	r := int(g.reach[a&7])
	for m := g.Alive &^ (1 << uint(a&7)); m != 0; m &= m - 1 {
		b := int8(trailing8(m))
		d := g.Distance(a, b)
		near |= b2u8(d <= 1) << uint(b)
		inReach |= b2u8(d <= r) << uint(b)
	}
	g.geo[a&7] = geoCache{key, near, inReach}
	return near, inReach
}

// deriveFor is derive after a card of kind k entered or left s's cards in play: only a
// Mustang, a Scope or a weapon (the blue kinds from the Mustang on, cards.go's order)
// changes what derive derives; a Barrel, Dynamite or Jail leaves it as it was.
func (g *State) deriveFor(k Kind, s int8) {
	if k >= Mustang {
		g.derive(s)
	}
}

// derive recomputes what seat s's cards in play mean for distances: whether s has a
// Mustang, a Scope, and the reach of s's weapon. Called wherever a Mustang, Scope or
// weapon may enter or leave play.
func (g *State) derive(s int8) {
	s &= 7
	p := g.InPlay[s]
	bit := uint8(1) << uint(s)
	if g.passive&bit != 0 { // a passive player's cards in play count for nothing
		p = Set{}
	}
	// layout.go: the Mustangs, the Scope and the weapons are in the second word.
	g.mustangs = g.mustangs&^bit | bit*uint8(b2i8(p[1]&mustang1 != 0))
	g.scoped = g.scoped&^bit | bit*uint8(b2i8(p[1]&scope1 != 0))
	r := uint8(1)
	if w := p[1] & weapons1; w != 0 {
		r = uint8(kindAt[(64+trailing(w))&127].Range())
	}
	g.reach[s] = r
	g.rekey()
}

// rekey sets geoBase from Alive, the Mustangs and the Scopes: wherever one changes.
func (g *State) rekey() {
	g.geoBase = uint32(g.Alive) | uint32(g.mustangs)<<8 | uint32(g.scoped)<<16
}

// buildPlayOptions writes phase 2's options out (playOptions says in what order): for
// a seat whose policy reads them, as it is asked, and for a compact list when someone
// looks (materialize). It records what View.Play describes as playOptions does (optSet,
// pReach, pNear, pJail, pHeal, perKind for the kinds in hand), the same values. The options R2 leaves out are written from the far end of
// Options and moved after the yard at the end (the two never meet: MaxOptions exceeds
// every count).
func (g *State) buildPlayOptions() {
	if g.duel {
		g.duelPlayOptions()
		return
	}
	const mask = MaxOptions - 1
	a := g.Active & 7
	d := g.ask(DecidePlay, a)
	o := &d.Options
	o[0] = Option{Act: ActEnd, Card: NoCard, Target: -1, Pick: NoCard}
	if g.plays >= MaxTurnPlays { // the safeguard: only the end is left
		g.PlayCaps++
		d.N, d.Yard = 1, 1
		return
	}
	// Only the kinds in hand are counted below: the others' counts, and the Jail's
	// targets, are reset, or View.Play would show what another seat's hand held.
	g.perKind, g.pJail = basePerKind, 0
	n, ne := 1, 0
	others := g.Alive &^ (1 << uint(a))
	near, inReach := g.geometry(a)
	if g.Bangs >= g.prof[a].bangCap && !g.InPlay[a].hasKind(Volcanic) {
		inReach = 0 // the one BANG! of the turn is played
	}
	missedReach := uint8(0) // Calamity Janet's Missed! as a BANG!
	if g.holds(a, PrimBangMissedSwap) {
		missedReach = inReach
	}
	heals := g.beerHeals(a)
	h := g.Hand[a]
	mine := g.InPlay[a]
	// What View.Play describes, as playOptions records it for the compact form: the
	// cards with options, the Jail's targets, the options of each kind's cards.
	playable := h
	if h.hasKind(Jail) {
		jail := others &^ g.sheriffs
		for tm := jail; tm != 0; tm &= tm - 1 {
			if t := trailing8(tm); g.InPlay[t].hasKind(Jail) {
				jail &^= 1 << uint(t)
			}
		}
		g.pJail = jail
	}
	for w := 0; w < 2; w++ {
		for m := h[w]; m != 0; m &= m - 1 {
			c := CardID(w*64 + trailing(m))
			n0, ne0 := n, ne
			switch k := kindOf[c]; k {
			case BANG, Missed:
				tm := inReach
				if k == Missed {
					tm = missedReach
				}
				for ; tm != 0; tm &= tm - 1 {
					o[n&mask] = Option{Act: ActPlay, Card: c, Target: int8(trailing8(tm)), Pick: NoCard}
					n++
				}
			case Beer:
				if heals {
					o[n&mask] = Option{Act: ActPlay, Card: c, Target: -1, Pick: NoCard}
					n++
				} else {
					ne++
					o[(MaxOptions-ne)&mask] = Option{Act: ActPlay, Card: c, Target: -1, Pick: NoCard}
				}
			case Saloon, Stagecoach, WellsFargo, GeneralStore, Gatling, Indians:
				o[n&mask] = Option{Act: ActPlay, Card: c, Target: -1, Pick: NoCard}
				n++
			case Panic, CatBalou:
				reachable := others
				if k == Panic {
					reachable = near
				}
				for tm := reachable; tm != 0; tm &= tm - 1 {
					t := int8(trailing8(tm))
					if g.HandLen[t] != 0 {
						o[n&mask] = Option{Act: ActPlay, Card: c, Target: t, Pick: PickHand}
						n++
					}
					p := g.InPlay[t]
					for pw := 0; pw < 2; pw++ {
						for pm := p[pw]; pm != 0; pm &= pm - 1 {
							o[n&mask] = Option{Act: ActPlay, Card: c, Target: t, Pick: CardID(pw*64 + trailing(pm))}
							n++
						}
					}
				}
				// C10: oneself, legal but not the yardstick's.
				if g.HandLen[a] >= 2 {
					ne++
					o[(MaxOptions-ne)&mask] = Option{Act: ActPlay, Card: c, Target: a, Pick: PickHand}
				}
				for pw := 0; pw < 2; pw++ {
					for pm := mine[pw]; pm != 0; pm &= pm - 1 {
						ne++
						o[(MaxOptions-ne)&mask] = Option{Act: ActPlay, Card: c, Target: a, Pick: CardID(pw*64 + trailing(pm))}
					}
				}
			case Duel:
				for tm := others; tm != 0; tm &= tm - 1 {
					o[n&mask] = Option{Act: ActPlay, Card: c, Target: int8(trailing8(tm)), Pick: NoCard}
					n++
				}
			case Jail:
				for tm := g.pJail; tm != 0; tm &= tm - 1 {
					o[n&mask] = Option{Act: ActPlay, Card: c, Target: int8(trailing8(tm)), Pick: NoCard}
					n++
				}
			default: // a blue card in front of oneself: never two of one name
				if mine.hasKind(k) {
					playable.Remove(c)
					continue
				}
				o[n&mask] = Option{Act: ActPlay, Card: c, Target: a, Pick: NoCard}
				n++
			}
			g.perKind[kindOf[c]&31] = uint32(n-n0) | uint32(ne-ne0)<<16
		}
	}
	g.pHeal = g.sidHealOffered(a)
	if g.pHeal {
		o[n&mask] = Option{Act: ActHeal, Card: NoCard, Target: -1, Pick: NoCard}
		n++
	}
	g.optSet, g.pReach, g.pNear = playable, inReach, near
	d.Yard = uint16(n)
	for i := 1; i <= ne; i++ { // in the order they were found
		o[n&mask] = o[(MaxOptions-i)&mask]
		n++
	}
	d.N = uint16(n)
}

// play plays option o of phase 2: the card leaves the hand; a blue card goes into play,
// a brown one onto the discard pile before it takes effect (C15). Suzy Lafayette, if
// that was her last card, draws once it is resolved (seed 003: an ability waits for the
// cards' effects; C20 as amended, docs/rules.md): here for the cards resolved at once,
// in afterCard for the others, after every pick of a General Store or the whole Duel.
func (g *State) play(o Option) {
	a := g.Active
	c := o.Card
	k := kindAt[c&127] // the 128-entry table: no bounds check
	t := o.Target
	g.drop(a, c)
	g.Played[k]++
	g.plays++
	if g.trace.on {
		g.emit(Event{Kind: EvPlay, Seat: a, Other: t, Card: c, Pick: o.Pick})
	}
	g.card = c
	// A card that can eliminate nobody goes straight back to phase 2; the others pass
	// through phAfterCard, which checks the end of the game (C7, C17).
	g.phase = phPlay
	// One dispatch on the kind (a jump table), not a test of its colour and then another
	// of the kind: which card a random seat plays is a coin flip to the branch predictor.
	// A brown card goes onto the discard pile before it takes effect (C15): first in
	// each brown case.
	switch k {
	case Jail:
		g.aim(a, g.owner(t))
		g.InPlay[t&7].Add(c)
		if g.duel {
			g.duelJailed(t)
		}
		g.suzy(a)
	case Volcanic, Schofield, Remington, RevCarabine, Winchester: // in front of t: the player (the duel: one of its characters)
		g.equip(a, t, c)
		g.suzy(a)
	case Barrel, Dynamite, Mustang, Scope:
		g.InPlay[t&7].Add(c)
		g.deriveFor(k, t)
		g.suzy(a)
	case BANG, Missed: // a Missed! here is Calamity Janet's BANG!
		g.discard(c)
		g.phase = phAfterCard
		g.Bangs++
		g.aim(a, g.owner(t))
		g.cause = CauseBang
		g.shoot(t, g.prof[a&7].missed, phAfterCard) // needs_missed: 1 without
	case Beer:
		g.discard(c)
		if g.livingCount() >= 3 { // no effect with 2 players left (the duel: characters in play, L8)
			u := a
			if g.duel { // on one of one's characters
				u = t
			}
			g.heal(u, HealBeer, c)
		}
		g.suzy(a)
	case Saloon:
		g.discard(c)
		g.saloon(c)
		g.suzy(a)
	case Stagecoach:
		g.discard(c)
		g.drawTo(a, 2, DrawCardEffect) // C12: reshuffling in the middle includes the Stagecoach
		g.suzy(a)
	case WellsFargo:
		g.discard(c)
		g.drawTo(a, 3, DrawCardEffect)
		g.suzy(a)
	case GeneralStore:
		g.discard(c)
		g.suzyHold = true
		g.phase = phAfterCard
		g.storeOpen(a)
		g.picker = a
		g.phase = phStore
	case Panic, CatBalou:
		g.discard(c)
		ow := g.owner(t)
		g.aim(a, ow)
		if !g.takeCard(a, t, ow, k, o.Pick) {
			g.suzy(a)
			return
		}
		g.aimU = t // the duel: a Suzy Lafayette behind, aimed at, draws
		g.suzy(ow)
		g.aimU = -1
		g.suzy(a)
	case Gatling:
		g.discard(c)
		g.phase = phAfterCard
		g.cause = CauseGatling
		g.loopK = 0
		if g.duel {
			g.duelVolley()
		}
		g.phase = phGatling
	case Indians:
		g.discard(c)
		g.phase = phAfterCard
		g.cause = CauseIndians
		g.loopK = 0
		if g.duel {
			g.duelVolley()
		}
		g.phase = phIndians
	case Duel:
		g.discard(c)
		g.suzyHold = true
		g.phase = phAfterCard
		g.aim(a, g.owner(t))
		g.cause = CauseDuel
		g.duelT, g.responder = t, t
		g.aimU, g.duelCh = t, g.Char[t&7] // the duel: the character challenged
		g.phase = phDuel
	}
}

// equip puts weapon c, seat s's, in front of unit u (s itself in the game, one of its
// characters in the long duel): a weapon already there is replaced, discarded (one
// weapon at a time: the rulebook's turn, step 2).
// For the game and the long duel alike.
func (g *State) equip(s, u int8, c CardID) {
	if w := g.InPlay[u&7].And(weapons).First(); w != NoCard {
		g.InPlay[u&7].Remove(w)
		g.discardBy(s, w, DiscardReplaced)
	}
	g.InPlay[u&7].Add(c)
	g.derive(u)
}

// saloon heals every living unit one life (the game's players, the long duel's
// characters in play, L8), in unit order, from Saloon c. For the game and the duel.
func (g *State) saloon(c CardID) {
	for m := g.Alive; m != 0; m &= m - 1 {
		g.heal(int8(trailing8(m)), HealSaloon, c)
	}
}

// takeCard carries out seat a's Panic! or Cat Balou (kind k) on unit t (a seat, or one
// of the long duel's characters), whose player is ow (t itself in the game): pick is
// PickHand, a random card of ow's hand, or a card in front of t (C22: exactly that
// card); it goes to a's hand (Panic!) or onto the discard pile (Cat Balou), traced. It
// reports false when there was nothing to take (an empty hand). For the game and the
// long duel alike.
func (g *State) takeCard(a, t, ow int8, k Kind, pick CardID) bool {
	var x CardID
	if pick == PickHand {
		x = g.randomCard(g.Hand[ow&7])
		if x == NoCard {
			return false
		}
		g.drop(ow, x)
	} else {
		x = pick
		g.InPlay[t&7].Remove(x)
		g.deriveFor(kindAt[x&127], t)
	}
	if k == Panic {
		g.give(a, x)
		if g.trace.on {
			g.emit(Event{Kind: EvTake, Seat: a, Other: ow, Card: x, Pick: NoCard, Cause: uint8(TakePanic)})
		}
	} else {
		g.discard(x)
		if g.trace.on { // discardBy's, naming who made ow discard
			g.emit(Event{Kind: EvDiscard, Seat: ow, Other: a, Card: x, Pick: NoCard, Cause: uint8(DiscardCatBalou)})
		}
	}
	return true
}

// storeOpen lays out the General Store played by seat a: a card from the deck for each
// player alive (C16; the long duel's characters in play, L8: livingCount either way),
// fewer if the deck and the pile run out, traced.
func (g *State) storeOpen(a int8) {
	n := g.livingCount()
	for i := 0; i < n; i++ {
		s := g.drawCard()
		if s == NoCard {
			break
		}
		g.Store.Add(s)
		if g.trace.on {
			g.emit(Event{Kind: EvReveal, Seat: a, Other: -1, Card: s, Pick: NoCard})
		}
	}
}

// heal gives s one life, never above the maximum, from card c (NoCard: an ability).
func (g *State) heal(s int8, why HealWhy, c CardID) {
	if g.Life[s&7] >= g.MaxLife[s&7] {
		return
	}
	g.Life[s&7]++
	if g.trace.on {
		g.emit(Event{Kind: EvHeal, Seat: s, Other: -1, Card: c, Pick: NoCard, N: 1, Cause: uint8(why)})
	}
}
