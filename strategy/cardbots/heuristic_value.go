package cardbots

import (
	"math/bits"

	"github.com/bangsim/bangsim/sim/card"
)

// kindSet[k] is every card of kind k; weaponSet every weapon; kindOf[c] is card c's kind
// (NumKinds for NoCard and PickHand), indexed without the bounds arithmetic of
// CardID.Kind.
var (
	kindOf = func() (t [256]card.Kind) {
		for c := range t {
			t[c] = card.NumKinds
			if id := card.CardID(c); id.Valid() {
				t[c] = id.Kind()
			}
		}
		return
	}()
	kindSet = func() (t [32]card.Set) { // 32: indexed by a kind & 31 with no bounds check
		for k := range card.NumKinds {
			t[k] = card.KindSet(k)
		}
		return
	}()
	weaponSet = func() (s card.Set) {
		for k := card.Kind(0); k < card.NumKinds; k++ {
			if k.Weapon() {
				s = s.Or(kindSet[k])
			}
		}
		return
	}()
	bangLike = kindSet[card.BANG].Or(kindSet[card.Missed]) // BANG! and Missed!: the cards Calamity Janet uses as either
)

// count returns the cards of set s in x.
func count(x, s *card.Set) int {
	return bits.OnesCount64(x[0]&s[0]) + bits.OnesCount64(x[1]&s[1])
}

// has reports whether x holds a card of s.
func has(x, s *card.Set) bool { return x[0]&s[0]|x[1]&s[1] != 0 }

// table is the deciding seat's own situation, read once per decision.
type table struct {
	hand    card.Set
	inPlay  card.Set
	p       *HeuristicParams
	self    int8
	life    int8
	maxLife int8
	nAlive  int8
	char    card.Character
	role    card.Role
	// The reading (read on first use, see reading) and whether an enemy is near
	// (nearEnemy), for phase 2.
	rd                    reading
	ready, nearDone, near bool
	// The seat's ability as primitives (View.Holds): bang_missed_swap (Calamity
	// Janet), more BANG!s a turn (Willy the Kid), draw_from_discard (Pedro Ramirez),
	// empty_hand_draw (Suzy Lafayette), needs_missed (Slab the Killer). Last, after
	// rd: placed before it they moved rd (and readMemo's 16-byte store of want) by 6
	// bytes, which cost the heuristic about 3% (a paired whole-process timer, p5).
	janet, rapidBang, pedro, suzy, slab bool
}

// look fills t for seat v.Self.
func (t *table) look(v *card.View, p *HeuristicParams) {
	s := int(v.Self) & 7
	// One field a statement: a tuple assignment copied the sets through a temporary.
	t.hand = v.Hand
	t.inPlay = v.InPlay[s]
	t.self = int8(s)
	t.life = v.Life[s]
	t.maxLife = v.MaxLife[s]
	t.char = v.Char[s]
	pr := v.Prims(int8(s))
	t.janet = pr>>card.PrimBangMissedSwap&1 != 0
	t.rapidBang = pr>>card.PrimBangLimit&1 != 0 && v.BangCap(int8(s)) != 1
	t.pedro = pr>>card.PrimDrawFromDiscard&1 != 0
	t.suzy = pr>>card.PrimEmptyHandDraw&1 != 0
	t.slab = pr>>card.PrimNeedsMissed&1 != 0
	t.role = v.Role
	t.nAlive = int8(bits.OnesCount8(v.Alive))
	t.p = p
}

// bangs counts the BANG!s in hand (Calamity Janet: and Missed!s).
func (t *table) bangs() int {
	if t.janet {
		return count(&t.hand, &bangLike)
	}
	return count(&t.hand, &kindSet[card.BANG])
}

// rapid reports whether it may shoot more than once a turn (Willy the Kid, a Volcanic).
func (t *table) rapid() bool {
	return t.rapidBang || has(&t.inPlay, &kindSet[card.Volcanic])
}

// weaponValue rates a weapon as the one in play: its range, a Volcanic 6 when it holds
// two or more BANG!s, is not Willy the Kid (who shoots at will anyway) and near says an
// enemy is at distance 1, else 1 (no better than the Colt .45).
func (t *table) weaponValue(k card.Kind, near bool) int {
	if k == card.Volcanic {
		if near && !t.rapidBang && t.bangs() >= 2 {
			return 6
		}
		return 1
	}
	return k.Range()
}

// currentWeapon rates the weapon in play (the Colt .45: 1).
func (t *table) currentWeapon(near bool) int {
	w := t.inPlay.And(weaponSet).First()
	if w == card.NoCard {
		return 1
	}
	return t.weaponValue(kindOf[w], near)
}

// wantsDynamite reports whether it plays Dynamite at all: the Dynamite parameter, an
// Outlaw or the Renegade (who gain from chaos), 4 life or more (it survives the 3), and
// 3 or more alive.
func (t *table) wantsDynamite() bool {
	return t.p.Dynamite && (t.role == card.Outlaw || t.role == card.Renegade) && t.life >= 4 && t.nAlive >= 3
}

// baseValue is the usefulness order of the cards in hand, the most useful highest; value
// adjusts it to the role and the state.
var baseValue = [card.NumKinds]int16{
	card.Beer:         85,
	card.Missed:       80,
	card.Barrel:       75,
	card.BANG:         70,
	card.Mustang:      68,
	card.WellsFargo:   66,
	card.Panic:        64,
	card.Stagecoach:   62,
	card.CatBalou:     58,
	card.Gatling:      56,
	card.Scope:        55,
	card.Jail:         54,
	card.Duel:         52,
	card.Indians:      50,
	card.GeneralStore: 45,
	card.Saloon:       40,
	card.Dynamite:     20,
}

// value is the usefulness of card c to keep, given have other cards of its kind in hand
// (BANG! and Missed! together for Calamity Janet). The order, most useful first:
//
//	Beer 85, Missed! 80, Barrel 75, BANG! 70, Mustang 68, Wells Fargo 66, Panic! 64,
//	Stagecoach 62, Cat Balou 58, Gatling 56, Scope 55, Jail 54, Duel 52, Indians! 50,
//	General Store 45, Saloon 40, Dynamite 20; a weapon 40 + 6 × its value (weaponValue)
//	when better than the one in play.
//
// adjusted by the role and the state: a blue card it cannot use (one of the name already
// in play, a weapon no better than its own) 8; a Beer 5 with two alive (it heals
// nobody), +5 for the Sheriff and the Renegade (who must last); Missed! +5 for the
// Sheriff; BANG! and Duel +5 for an Outlaw, BANG! +5 for Slab the Killer; a Saloon +15
// when hurt; Dynamite 30 when it would play it (wantsDynamite), else 5; copies: −15 for
// each other BANG! (−3 with a Volcanic or as Willy the Kid), −10 each other Missed!
// (Janet: each other BANG! or Missed!, both valued as a Missed!), −5 each other copy of
// anything else.
func (t *table) value(c card.CardID, have int) int {
	k := kindOf[c]
	if plainValue[k&31] {
		return int(baseValue[k]) - 5*have
	}
	v := int(baseValue[k])
	dup := 5
	switch k {
	case card.Beer:
		if t.nAlive <= 2 {
			return 5
		}
		if t.role == card.Sheriff || t.role == card.Renegade {
			v += 5
		}
	case card.Missed, card.BANG:
		switch {
		case t.janet:
			v, dup = int(baseValue[card.Missed]), 10
		case k == card.Missed:
			dup = 10
		default:
			dup = 15
			if t.rapid() {
				dup = 3
			}
			if t.role == card.Outlaw {
				v += 5
			}
			if t.slab {
				v += 5
			}
		}
		if k == card.Missed && t.role == card.Sheriff {
			v += 5
		}
	case card.Duel:
		if t.role == card.Outlaw {
			v += 5
		}
	case card.Saloon:
		if t.life < t.maxLife {
			v += 15
		}
	case card.Dynamite:
		if t.wantsDynamite() {
			return 30
		}
		return 5
	case card.Barrel, card.Mustang, card.Scope:
		if has(&t.inPlay, &kindSet[k]) {
			return 8
		}
	case card.Jail:
	default:
		if k.Weapon() {
			w := t.weaponValue(k, true)
			if w <= t.currentWeapon(true) || has(&t.inPlay, &kindSet[k]) {
				return 8
			}
			return 40 + 6*w
		}
	}
	return v - dup*have
}

// plainValue marks the kinds whose value is their baseValue less 5 a copy, whatever the
// role and the state.
var plainValue = func() (t [32]bool) {
	for _, k := range []card.Kind{card.WellsFargo, card.Panic, card.Stagecoach, card.CatBalou,
		card.Gatling, card.Jail, card.Indians, card.GeneralStore} {
		t[k] = true
	}
	return
}()

// kindCount returns the cards in hand counted as c's kind for value's copies (Janet:
// BANG! and Missed! together).
func (t *table) kindCount(c card.CardID) int {
	k := kindOf[c]
	if t.janet && (k == card.BANG || k == card.Missed) {
		return count(&t.hand, &bangLike)
	}
	return count(&t.hand, &kindSet[k])
}

// newValue is value for a card it does not hold yet (every copy in hand counted).
func (t *table) newValue(c card.CardID) int { return t.value(c, t.kindCount(c)) }

// leastUseful returns the option whose card (ActCard, in hand) is least useful to keep,
// the first on ties: phase 3's discard, Sid Ketchum's cards, Kit Carlson's card back.
func (t *table) leastUseful(v *card.View) int {
	if l := &v.List; l.Filled {
		return listIndex(l, t.leastUsefulCard(l))
	}
	d := &v.Decision
	best, bestV := 0, 1<<30
	for i, o := range d.Options[:min(int(d.N), card.MaxOptions)] {
		if o.Act != card.ActCard {
			continue
		}
		if x := t.value(o.Card, t.kindCount(o.Card)-1); x < bestV {
			best, bestV = i, x
		}
	}
	return best
}

// leastUsefulCard is leastUseful's card at a decision View.List describes (NoCard for
// an empty list).
func (t *table) leastUsefulCard(l *card.CardList) card.CardID {
	if l.Cards == t.hand && !t.janet {
		return t.leastUsefulOfHand()
	}
	return t.listBest(l, -1, -1) // the least value of a card held (its other copies counted)
}

// listBest is the card of l whose value, given the copies of its kind in hand plus
// more (−1 for a card held, 0 for one taken), times sign is the highest, the first on
// ties; NoCard for an empty list. Every card of a kind is worth the same: the first of
// each kind is weighed.
func (t *table) listBest(l *card.CardList, more, sign int) card.CardID {
	best, bestV := card.NoCard, -1<<30
	var seen uint32
	for w := 0; w < 2; w++ {
		for m := l.Cards[w]; m != 0; m &= m - 1 {
			c := card.CardID(w*64 + bits.TrailingZeros64(m))
			if k := kindOf[c] & 31; seen>>k&1 == 0 {
				seen |= 1 << k
				if x := sign * t.value(c, t.kindCount(c)+more); x > bestV {
					best, bestV = c, x
				}
			}
		}
	}
	return best
}

// listIndex is card c's option at a decision View.List describes: List.Pre + the cards
// below it; 0 (the first written option: taking the hit) for NoCard.
func listIndex(l *card.CardList, c card.CardID) int {
	if c == card.NoCard {
		return 0
	}
	return int(l.Pre) + l.Cards.Rank(c)
}

// leastUsefulOfHand is leastUsefulCard for a list of the whole hand (a discard, Sid
// Ketchum's cards; not Calamity Janet's, whose BANG!s and Missed!s count as one kind).
// Card IDs are grouped by kind, so the cards of a kind come in a run: the run's first
// card is weighed when the run ends, its length the copies in hand (no count of the
// hand a kind).
func (t *table) leastUsefulOfHand() card.CardID {
	best, bestV := card.NoCard, 1<<30
	first, run := card.NoCard, 0 // the run's first card, its length
	for w := 0; w < 2; w++ {
		for m := t.hand[w]; m != 0; m &= m - 1 {
			c := card.CardID(w*64 + bits.TrailingZeros64(m))
			if kindOf[c] != kindOf[first] {
				if run != 0 {
					if x := t.value(first, run-1); x < bestV {
						best, bestV = first, x
					}
				}
				first, run = c, 0
			}
			run++
		}
	}
	if run != 0 {
		if x := t.value(first, run-1); x < bestV {
			best = first
		}
	}
	return best
}

// mostUseful returns the option whose card (ActCard, not in hand) is most useful to
// take, the first on ties: the General Store.
func (t *table) mostUseful(v *card.View) int {
	if l := &v.List; l.Filled {
		return listIndex(l, t.mostUsefulCard(l))
	}
	d := &v.Decision
	best, bestV := 0, -1<<30
	for i, o := range d.Options[:min(int(d.N), card.MaxOptions)] {
		if o.Act != card.ActCard {
			continue
		}
		if x := t.value(o.Card, t.kindCount(o.Card)); x > bestV {
			best, bestV = i, x
		}
	}
	return best
}

// mostUsefulCard is mostUseful's card at a decision View.List describes (NoCard for an
// empty list).
func (t *table) mostUsefulCard(l *card.CardList) card.CardID {
	return t.listBest(l, 0, 1) // the highest value of a card taken (every copy in hand counted)
}
