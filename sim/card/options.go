package card

import "math/bits"

// How the pending decision's options are held. The engine counts a decision's options
// as it asks (N and Yard, which decide whether it is asked at all), but writes the list
// out only when someone looks at it: Pending, a View (fillView), the OnDecision hook. A
// seat whose policy reads nothing but the counts (CountPolicy: the `random` yardstick)
// never makes the engine write its list: Apply builds the one option chosen (option,
// playOption). Written out or not, the list is the same, option for option, and the
// game the same (TestLazyOptions checks every index of every decision of thousands of
// games; the fingerprint tests pin the games themselves).
const (
	optsFull  uint8 = iota // Options[:N] are written
	optsSet                // Options[:optPre] are written; then one ActCard option per card of optSet, in increasing order
	optsPlay               // phase 2's compact form: Options[0] (the end) is written; the rest comes from walking optSet (playOption)
	optsFixed              // phase 2 whose play the seat's declarations fix (fixedPlay): optSet and the card (fixed) are kept, nothing counted (N and Yard say 2, "at least"); the Table plays the card unasked, anything else writes the list out first
)

// lazyOpts is the compact form of the pending decision's options (in State, so a copy of
// a game waiting at a decision copies it too).
type lazyOpts struct {
	// lazy has bit s set when seat s's phase-2 options may stay compact: the Table sets
	// it for the seats of a CountPolicy (when no hook watches the decisions); lists, for
	// the seats of a ListPolicy, whose phase 2 and other lists stay compact in its
	// View (described by View.Play and View.List); for the others, phase 2's list is written as it is asked, as counting it
	// first would only add work. (The short lists, optsSet, are always compact.)
	lazy, lists uint8
	// fixing has bit s set when seat s's unasked plays in phase 2 (a FirstPlayPolicy's
	// and a WeaponPolicy's, Table.run) depend on its walked hand alone: its FirstPlays,
	// firstCards[s] (ranked by firstRank[s]), are all of kinds with one yard option
	// whatever the table (oneOption), as the weapons are. Such a play is found before
	// the count (fixedPlay), which it makes needless (optsFixed); upgrades has the bits
	// of the WeaponPolicy's seats among them. The Table sets them (seatPolicies).
	fixing, upgrades uint8
	firstCards       [MaxSeats]Set
	firstRank        [MaxSeats]kindRanks
	fixed            CardID // optsFixed: the card played
	opts             uint8
	optPre           uint8 // optsSet: the options written before the cards
	optSet           Set   // optsSet: the cards; optsPlay: the cards of the hand that have a yard option (unplayable blue cards taken out)

	// optsPlay: the options each card of a kind gives, the yard's in the low 16 bits and
	// the others' above (BANG!: one per seat in reach, …); the seats in reach of the
	// BANG! (none once the turn's BANG! is played), at distance 1 (Panic!), open to a
	// Jail; and whether Sid Ketchum's heal ends the yard.
	perKind              [32]uint32 // by Kind (32 entries, so an index masked to 5 bits needs no check)
	pReach, pNear, pJail uint8
	pHeal                bool
}

// oneOption marks the kinds whose card gives exactly one yard option in phase 2 when it
// is playable at all: the brown cards without a target and the blue ones (but the Jail)
// played in front of oneself; an unplayable blue card (its kind already in play) is left
// out of the walked hand instead.
var oneOption = func() (s Set) {
	for _, k := range []Kind{Saloon, Stagecoach, WellsFargo, GeneralStore, Gatling, Indians,
		Barrel, Dynamite, Mustang, Scope, Volcanic, Schofield, Remington, RevCarabine, Winchester} {
		s = s.Or(kindSet[k])
	}
	return s
}()

// kindAt is kindOf over every index a card's bit may take (0..127), for the hot loops
// that walk a Set word by word.
var kindAt = func() (t [128]Kind) {
	copy(t[:], kindOf[:])
	return t
}()

// blocked is the cards a hand may not play in phase 2 with the cards m0, m1 (a Set's
// words) in play: every card of their kinds but the Jail.
func blocked(m0, m1 uint64) (b0, b1 uint64) {
	x := uint32(m1<<1 | m0>>63)
	b := uint64(blockedLow[x&0xff] | blockedHigh[x>>8&0x1ff])
	return b << 63, b >> 1
}

// blockedLow and blockedHigh are the cards a hand may not play in phase 2 given the
// cards in play, both as 17 bits for the blue cards 63–79 (bit i, card 63+i): for the
// low eight and the high nine of those, every card of the kinds in play but the Jail.
var blockedLow, blockedHigh = func() (lo [256]uint32, hi [512]uint32) {
	of := func(x uint32) (b uint32) {
		for i := 0; i < 17; i++ {
			if x>>i&1 == 0 {
				continue
			}
			k := kindOf[63+i]
			if k == Jail {
				continue
			}
			for j := 0; j < 17; j++ {
				if kindOf[63+j] == k {
					b |= 1 << j
				}
			}
		}
		return b
	}
	for x := range lo {
		lo[x] = of(uint32(x))
	}
	for x := range hi {
		hi[x] = of(uint32(x) << 8)
	}
	return
}()

// basePerKind is lazyOpts.perKind for the kinds whose phase-2 count never changes (the
// others are set at every phase-2 decision whose walked hand holds them).
var basePerKind = func() (t [32]uint32) {
	for k := Kind(0); k < NumKinds; k++ {
		if oneOption.hasKind(k) {
			t[k] = 1
		}
	}
	return t
}()

// setList makes the pending decision's options Options[:N] (written by the caller)
// followed by one ActCard option per card of s (n of them: the caller knows it, a hand
// by HandLen), in compact form whatever the seat (a View writes them out as it copies
// them, which costs what writing them here would).
func (g *State) setList(d *Decision, s Set, n int) {
	g.opts, g.optPre, g.optSet = optsSet, uint8(d.N), s
	d.N += uint16(n)
	d.Yard = d.N
}

// option returns option i (< N) of the pending decision, writing the list out only for
// an option past phase 2's yard (no yardstick draws one).
func (g *State) option(i int) Option {
	d := &g.dec
	switch g.opts {
	case optsSet:
		if i >= int(g.optPre) {
			return Option{Act: ActCard, Card: g.optSet.Nth(i - int(g.optPre)), Target: -1, Pick: NoCard}
		}
	case optsPlay:
		if i > 0 && i < int(d.Yard) {
			return g.playOption(i)
		}
		if i > 0 {
			g.materialize()
		}
	case optsFixed:
		g.materialize()
	}
	return d.Options[i&(MaxOptions-1)]
}

// materialize writes the pending decision's options out. With none pending (the game
// over, or between decisions) there is nothing to write: the compact form left by the
// last decision (taken unasked, as a phase 2 with only the end is) is stale, and writing
// phase 2 out would ask it again (FuzzPlayOption found Pending doing so on a game over).
func (g *State) materialize() {
	if g.dec.Kind == DecideNone {
		g.opts = optsFull
		return
	}
	switch g.opts {
	case optsSet:
		d := &g.dec
		n := int(g.optPre)
		s := g.optSet
		for w := 0; w < 2; w++ {
			for m := s[w]; m != 0; m &= m - 1 {
				d.Options[n&(MaxOptions-1)] = Option{Act: ActCard, Card: CardID(w*64 + trailing(m)), Target: -1, Pick: NoCard}
				n++
			}
		}
	case optsPlay, optsFixed:
		g.buildPlayOptions() // the same list, from the same position
	}
	g.opts = optsFull
}

// nthSeat returns the seat of the j-th set bit of m (j < popcount).
func nthSeat(m uint8, j int) int8 {
	return int8(nthBit8[m][j&7]) // select.go: no loop
}

// playOptions counts phase 2's options (R2) and keeps them in compact form: the end of
// phase 2 first, then one option per card in hand and target, in card order, then Sid
// Ketchum's heal; after the yardstick's Yard options come the legal plays R2 leaves out:
// Panic! and Cat Balou on oneself (C10) and a Beer that would not heal. A card's options
// depend only on its kind, so the count is a sum over kinds and the i-th option a walk
// over the hand (playOption); buildPlayOptions writes the same list out. (Sets are
// handled a word at a time here: the compiler keeps words in registers, not arrays.)
func (g *State) playOptions() {
	// Small enough to inline where the machine calls it: one call whatever the seat.
	a := g.Active & 7
	if (g.lazy|g.lists)>>uint(a)&1 == 0 {
		g.buildPlayOptions()
		return
	}
	d := g.ask(DecidePlay, a)
	d.Options[0] = Option{Act: ActEnd, Card: NoCard, Target: -1, Pick: NoCard}
	if g.plays >= MaxTurnPlays { // the safeguard: only the end is left
		g.PlayCaps++
		d.N, d.Yard = 1, 1
		return
	}
	m0, m1 := g.InPlay[a][0], g.InPlay[a][1]
	h0, h1 := g.Hand[a][0], g.Hand[a][1]
	// A blue card whose kind is already in front of the player has no option: out of
	// the walk. (The Jail goes in front of another player.) Only blue cards are ever in
	// play, 63–79 (layout.go): they and their kinds fit 17 bits, read from two tables
	// with no branch (a cache by seat tested the cards in play: a coin flip).
	b0, b1 := blocked(m0, m1)
	h0 &^= b0
	h1 &^= b1
	g.optSet[0], g.optSet[1] = h0, h1
	// A card of its FirstPlays, or a weapon above its own, on offer to a seat of fixing:
	// tested here (the call would cost every count more than the work).
	if f := &g.firstCards[a]; g.fixing>>uint(a)&1 != 0 &&
		(h0&f[0]|h1&f[1] != 0 || h1&weapons1 > m1&weapons1 && g.upgrades>>uint(a)&1 != 0) {
		if c := g.fixedPlay(a); c != NoCard { // played unasked, by the walked hand alone: not counted
			g.opts, g.fixed = optsFixed, c
			d.Yard, d.N = 2, 2
			return
		}
	}
	others := g.Alive &^ (1 << uint(a))
	// geometry's cache hit, written out here (the call would cost more than the work)
	key := g.geoBase | uint32(g.reach[a])<<24
	gc := &g.geo[a]
	near, inReach := gc.near, gc.reach
	if key != gc.key {
		near, inReach = g.geometryMiss(a, key)
	}
	// The one BANG! of the turn played (without a branch: whether it was is the random
	// yardstick's draw): no seat in reach.
	inReach &^= uint8(-(b2i8(g.Bangs >= g.prof[a].bangCap) & b2i8(m1&volcanic1 == 0)))
	pk := &g.perKind
	nReach := uint32(bits.OnesCount8(inReach))
	pk[BANG] = nReach
	pk[Missed] = nReach * uint32(g.prof[a].prims>>PrimBangMissedSwap&1)
	pk[Duel] = uint32(bits.OnesCount8(others))
	// A Beer that would not heal is legal, not the yardstick's: beyond the yard (1<<16).
	// beerHeals written out (3 or more alive: 2 others), with no branch (whether it
	// heals is a coin flip to the predictor).
	pk[Beer] = 1 << 16 >> (16 * uint32(b2i8(g.Life[a] < g.MaxLife[a])&b2i8(pk[Duel] >= 2)))
	// Each kind is a range of one word (layout.go): the count is Σ popcount × pk by
	// range, with no loop over the hand, whose exit (at a hand size no predictor
	// knows) was the count's costliest branch. The one-option kinds of both words
	// share one popcount: their bits do not overlap. Panic!, Cat Balou and Jail are
	// counted inside the branches that find them held (a popcount is several
	// instructions at GOAMD64=v1: a test of the CPU, registers kept across the
	// fallback's call); a branch of its own for the others measured no faster. A kind
	// of at most 8 cards is counted from a byte table instead (layout.go's fields).
	sum := uint32(bits.OnesCount64(h0&bang0))*nReach +
		uint32(bits.OnesCount64(h0&missed0))*pk[Missed] +
		uint32(bits.OnesCount8(uint8(h0>>beerAt)&beerField))*pk[Beer] +
		uint32(bits.OnesCount8(uint8(h0>>duelAt)&duelField))*pk[Duel] +
		uint32(bits.OnesCount64(h0&oneOption0|h1&^jail1))
	// Panic!, Cat Balou and the Jail are counted below only when held: the counts the
	// seat before left would show in View.Play what its hand held (zeroed first, no
	// branch of their own).
	pk[Panic], pk[CatBalou], pk[Jail], g.pJail = 0, 0, 0, 0
	if h0&panicCat0 != 0 { // layout.go: every Panic! and Cat Balou is in the first word
		var cPanic, cCat uint32
		for tm := others; tm != 0; tm &= tm - 1 {
			t := trailing8(tm)
			// Only blue cards are ever in play, 63–79: the first word's top bit below
			// the second word's 16 (one popcount, not two).
			p := &g.InPlay[t]
			tk := uint32(bits.OnesCount64(p[1]<<1|p[0]>>63)) + uint32(b2i8(g.HandLen[t] != 0))
			cCat += tk
			cPanic += tk & -uint32(near>>uint(t)&1)
		}
		// C10: on oneself (a hand of two or more, each card in play) only beyond the yard.
		self := uint32(int(b2i8(g.HandLen[a] >= 2))+bits.OnesCount64(m1<<1|m0>>63)) << 16
		pk[Panic], pk[CatBalou] = cPanic|self, cCat|self
		sum += uint32(bits.OnesCount8(uint8(h0>>panicAt)&panicField))*pk[Panic] + uint32(bits.OnesCount8(uint8(h0>>catAt)&catField))*pk[CatBalou]
	}
	if h1&jail1 != 0 { // every Jail is in the second word
		jail := others &^ g.sheriffs
		for tm := jail; tm != 0; tm &= tm - 1 {
			t := trailing8(tm)
			if g.InPlay[t].hasKind(Jail) {
				jail &^= 1 << uint(t)
			}
		}
		g.pJail = jail
		pk[Jail] = uint32(bits.OnesCount8(jail))
		sum += uint32(bits.OnesCount8(uint8(h1>>jailAt)&jailField)) * pk[Jail]
	}
	heal := g.sidHealOffered(a)
	yard := 1 + sum&0xffff + uint32(b2i8(heal))
	g.opts, g.pHeal, g.pReach, g.pNear = optsPlay, heal, inReach, near
	d.Yard = uint16(yard)
	d.N = uint16(yard + sum>>16)
}

// playOption returns phase 2's yard option i (0 < i < Yard) from the compact form.
func (g *State) playOption(i int) Option {
	j := i - 1
	// The BANG!s first (layout.go: cards 0–24, the commonest kind), one target each
	// in reach, without the per-card kind lookup.
	m0 := g.optSet[0]
	if per := int(g.perKind[BANG]); per > 0 {
		for m := m0 & bang0; m != 0; m &= m - 1 {
			if j < per {
				return Option{Act: ActPlay, Card: CardID(trailing(m)), Target: nthSeat(g.pReach, j), Pick: NoCard}
			}
			j -= per
		}
	}
	m0 &^= bang0
	if g.perKind[Missed] == 0 { // as in the count
		m0 &^= missed0
	}
	for m := m0; m != 0; m &= m - 1 {
		c := CardID(trailing(m))
		n := int(g.perKind[kindAt[c&127]&31] & 0xffff)
		if j < n {
			if noTarget0>>(c&63)&1 != 0 { // as cardOption has it, without the call
				return Option{Act: ActPlay, Card: c, Target: -1, Pick: NoCard}
			}
			return g.cardOption(c, j)
		}
		j -= n
	}
	for m := g.optSet[1]; m != 0; m &= m - 1 {
		c := CardID(64 + trailing(m))
		n := int(g.perKind[kindAt[c&127]&31] & 0xffff)
		if j < n {
			if jail1>>(c&63)&1 == 0 { // a blue card in front of oneself, as cardOption has it
				return Option{Act: ActPlay, Card: c, Target: g.dec.Seat, Pick: NoCard}
			}
			return g.cardOption(c, j)
		}
		j -= n
	}
	return Option{Act: ActHeal, Card: NoCard, Target: -1, Pick: NoCard} // Sid Ketchum's heal ends the yard
}

// cardOption returns the j-th yard option of playing card c in phase 2.
func (g *State) cardOption(c CardID, j int) Option {
	a := g.dec.Seat
	o := Option{Act: ActPlay, Card: c, Target: -1, Pick: NoCard}
	switch k := kindAt[c&127]; k {
	case BANG, Missed:
		o.Target = nthSeat(g.pReach, j)
	case Beer, Saloon, Stagecoach, WellsFargo, GeneralStore, Gatling, Indians:
	case Duel:
		o.Target = nthSeat(g.Alive&^(1<<uint(a&7)), j)
	case Jail:
		o.Target = nthSeat(g.pJail, j)
	case Panic, CatBalou:
		reachable := g.Alive &^ (1 << uint(a&7))
		if k == Panic {
			reachable = g.pNear
		}
		for tm := reachable; tm != 0; tm &= tm - 1 {
			t := int8(trailing8(tm))
			if g.HandLen[t] != 0 {
				if j == 0 {
					o.Target, o.Pick = t, PickHand
					return o
				}
				j--
			}
			p := g.InPlay[t]
			if n := p.Len(); j >= n {
				j -= n
				continue
			}
			o.Target, o.Pick = t, p.Nth(j)
			return o
		}
	default: // a blue card in front of oneself
		o.Target = a
	}
	return o
}

// beerHeals reports whether a Beer seat a plays in phase 2 would heal (R2: its option
// is the yardstick's only then): life below the maximum and 3 or more alive.
func (g *State) beerHeals(a int8) bool {
	a &= 7
	return g.Life[a] < g.MaxLife[a] && bits.OnesCount8(g.Alive) >= 3
}

// sidHealOffered reports whether Sid Ketchum at seat a is offered his heal in phase 2
// (R2): below his maximum with 2 or more cards.
func (g *State) sidHealOffered(a int8) bool {
	a &= 7
	// Without a branch: the seat asked changes at every turn.
	return b2i8(g.Life[a] < g.MaxLife[a])&b2i8(int(g.HandLen[a]) >= int(g.prof[a].healCards)) != 0
}
