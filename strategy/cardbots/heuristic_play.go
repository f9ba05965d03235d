package cardbots

import (
	"math/bits"

	"github.com/bangsim/bangsim/sim/card"
)

// Phase 2 scores an option band + detail; the best option above 0 is played, else the
// phase ends. A band holds one kind of play, so the heuristic draws before it equips,
// equips before it attacks and heals last; inside a band the detail (the wish to hurt
// the target, the card taken) decides.
const (
	bandDraw     = 9000 // Wells Fargo, Stagecoach, General Store
	bandEquip    = 8000 // Barrel, Mustang, Scope, a better weapon
	bandJail     = 7000 // Jail on an enemy
	bandSteal    = 6000 // Panic!, Cat Balou
	bandDuel     = 5000 // Duel it likely wins
	bandBang     = 4000 // BANG! (Calamity Janet's Missed! too)
	bandSpray    = 3500 // Gatling, Indians!
	bandDynamite = 3000 // Dynamite when it wants chaos
	bandHeal     = 1000 // Saloon, Beer, Sid Ketchum's heal
)

// play chooses phase 2's option. By band, best first:
//
//   - draw: Wells Fargo, Stagecoach, then General Store;
//   - equip: Barrel, Mustang, Scope, then a weapon better than its own (weaponValue:
//     longer reach, or a Volcanic when it holds two BANG!s and an enemy is at distance 1);
//   - Jail a known or suspected enemy (the one it most wants to hurt);
//   - Panic!/Cat Balou: free a friend from Jail (or of Dynamite), rid itself of the
//     Dynamite it no longer wants, or take from an enemy its Barrel (40), Mustang (35),
//     Volcanic (25), weapon (15 + 5 × range), Scope (20) or a random card of its hand
//     (Panic! 20, Cat Balou 15, +10 for a last card), weighed with the wish to hurt it;
//     never another's Jail or Dynamite;
//   - Duel a known or suspected enemy when it holds at least as many BANG!s as the target
//     likely does (likelyBangs16) plus DuelEdge;
//   - BANG! the seat it most wants to hurt (less 15 for each Barrel the target draws);
//   - Gatling, Indians! when sprayValue says they hurt more enemies than friends;
//   - Dynamite when wantsDynamite and the player on its left is not a friend;
//   - heal: a Saloon that helps it and its friends more than its enemies; a Beer when its
//     life is at BeerBelow or less, or its hand is over the limit; Sid Ketchum's heal when
//     two cards would be discarded anyway, or at BeerBelow or less with three cards.
//
// The options are read twice and no option costs a call: the first pass collects the
// kinds on offer and where each option's score will be (scoreAt); each kind that aims at
// nobody is scored once, and the reading (read) and each seat's scores for the kinds
// that aim are prepared only when an option needs them and could still win (a draw or
// equip card outranks them all); the second pass looks the scores up. A Beer that would
// not heal, a blue card it has no use for and Missed! are never played.
func (t *table) play(v *card.View) int {
	d := &v.Decision
	opts := d.Options[:min(int(d.N), card.MaxOptions)]
	if len(opts) > maxQuick || t.char == card.SidKetchum {
		return t.playLong(v, opts)
	}
	// Where each option's score is: scoreAt its kind, plus its target for the kinds
	// scored by seat; the end's NoCard (kind NumKinds) scores 0.
	var at [maxQuick]uint8
	var kinds uint32
	for i, o := range opts {
		k := kindOf[o.Card] & 31
		kinds |= 1 << k
		at[i] = scoreAt[k] + uint8(o.Target)&aimMask[k]
	}
	var c playCache
	t.prepare(v, kinds, &c)
	best, bestS := -1, 0
	for i := range opts {
		x := at[i&(maxQuick-1)]
		s := int(c.score[x&63])
		if x >= stealAt {
			s = c.steal(&opts[i], x == panicAt)
		}
		if s > bestS {
			best, bestS = i, s
		}
	}
	if best < 0 {
		for i := range opts {
			if opts[i].Act == card.ActEnd {
				return i
			}
		}
		return 0
	}
	return best
}

// maxQuick is the most options play reads through its quick path (most lists have under
// ten); longer lists and Sid Ketchum's (whose heal is an option without a card) take
// playLong.
const maxQuick = 64

// playLong is play for any list: it reads each option's act and kind in the second pass.
func (t *table) playLong(v *card.View, opts []card.Option) int {
	var kinds uint32
	for i := range opts {
		kinds |= 1 << (kindOf[opts[i].Card] & 31)
	}
	var c playCache
	t.prepare(v, kinds, &c)
	end, best, bestS := 0, -1, 0
	for i := range opts {
		o := &opts[i]
		var s int
		if o.Act == card.ActPlay {
			k := kindOf[o.Card] & 31
			if k != card.Panic && k != card.CatBalou {
				s = int(c.score[(scoreAt[k]+uint8(o.Target)&aimMask[k])&63])
			} else {
				s = c.steal(o, k == card.Panic)
			}
		} else if o.Act == card.ActEnd {
			end = i
		} else if o.Act == card.ActHeal {
			s = t.sidScore(v)
		}
		if s > bestS {
			best, bestS = i, s
		}
	}
	if best < 0 {
		return end
	}
	return best
}

// prepare fills c's scores for the kinds on offer (a bit each; the end's and the heal's
// NoCard set bit NumKinds): each kind that aims at nobody by kindScore, then, when one
// aims and no draw or equip card outranks it, the rest by aimScores.
func (t *table) prepare(v *card.View, kinds uint32, c *playCache) {
	kinds &= 1<<card.NumKinds - 1
	c.v, c.p = v, t.p
	top := 0
	for m := kinds &^ aimKinds; m != 0; m &= m - 1 {
		k := bits.TrailingZeros32(m)
		s := int(fixedScore[k])
		if s == 0 {
			s = t.kindScore(v, card.Kind(k), c)
		}
		c.score[scoreAt[k]] = int16(s)
		top = max(top, s)
	}
	if kinds&aimKinds != 0 && top < bandEquip {
		t.aimScores(v, kinds, c)
	}
}

// aimKinds are the kinds whose score needs the reading; kindScore scores the others.
const aimKinds = 1<<card.BANG | 1<<card.Missed | 1<<card.Jail | 1<<card.Duel | 1<<card.Panic |
	1<<card.CatBalou | 1<<card.Gatling | 1<<card.Indians | 1<<card.Dynamite | 1<<card.Saloon

// A phase 2 option's score (Panic! and Cat Balou aside) is playCache.score[scoreAt[k] +
// Target&aimMask[k]] for its card's kind k: a row of eight seats for the kinds scored by
// target (BANG!, Calamity Janet's Missed!, Jail, Duel), one entry for the rest (the
// end's and the heal's NoCard, kind NumKinds, one that stays 0). Panic! and Cat Balou
// are at panicAt and catAt, scored by option (playCache.steal).
var scoreAt, aimMask = func() (at, mask [32]uint8) {
	for k := range at {
		at[k] = 32 + uint8(k)
	}
	for i, k := range []card.Kind{card.BANG, card.Missed, card.Jail, card.Duel} {
		at[k], mask[k] = 8*uint8(i), 7
	}
	at[card.Panic], at[card.CatBalou] = panicAt, catAt
	return
}()

const (
	stealAt = 62 // the least of catAt and panicAt
	catAt   = 62
	panicAt = 63
)

// How a target of Panic! or Cat Balou stands to the player (playCache.rel).
const (
	relNone uint8 = iota
	relFoe
	relFriend
	relSelf
)

// pickValues[k] rates taking a foe's card of kind k in play (Barrel 40, Mustang 35,
// Volcanic 25, another weapon 15 + 5 × range, Scope 20; its Jail or Dynamite 0: left
// where it is); freeFriend[isPanic][k] scores taking a friend's card of kind k (its Jail:
// Panic! 410, Cat Balou 400; its Dynamite: Cat Balou 210, Panic! 200; + bandSteal), and
// dropOwn[isPanic][k] its own (the Dynamite it no longer wants: Cat Balou 310, Panic! 300).
var pickValues, freeFriend, dropOwn = func() (pv [32]int8, ff, do [2][32]int16) {
	for k := card.Kind(0); k < card.NumKinds; k++ {
		switch k {
		case card.Barrel:
			pv[k] = 40
		case card.Mustang:
			pv[k] = 35
		case card.Volcanic:
			pv[k] = 25
		case card.Scope:
			pv[k] = 20
		default:
			if k.Weapon() {
				pv[k] = int8(15 + 5*k.Range())
			}
		}
	}
	for p := range 2 {
		ff[p][card.Jail] = bandSteal + 400 + 10*int16(p)
		ff[p][card.Dynamite] = bandSteal + 200 + 10*int16(1-p)
		do[p][card.Dynamite] = bandSteal + 300 + 10*int16(1-p)
	}
	return
}()

// playCache holds one phase 2 decision's scores, and what some of them need and many
// decisions never compute (the reading, a near enemy).
type playCache struct {
	v              *card.View
	p              *HeuristicParams
	ready          bool
	nearDone, near bool
	score          [64]int16               // by scoreAt: BANG!, Missed!, Jail, Duel by seat, then by kind
	rel            [card.MaxSeats]uint8    // how each seat stands to it, for Panic! and Cat Balou
	stealBase      [card.MaxSeats]int16    // bandSteal + want, for a foe
	stealHand      [2][card.MaxSeats]int16 // [isPanic]: a random card of a foe's hand
	rd             reading
}

// steal looks up the score of Panic! (isPanic) or Cat Balou as option o, by how its
// target stands to the player (aimScores fills rel) and the card taken: a foe's card in
// play, bandSteal + the wish to hurt it + 3 × pickValues; a random card of a foe's hand
// (stealHand); a friend's Jail or Dynamite (freeFriend); its own Dynamite (dropOwn);
// nothing else (another's Jail or Dynamite, a friend's other cards).
func (c *playCache) steal(o *card.Option, isPanic bool) int {
	p := b2i(isPanic)
	tg := int(o.Target) & 7
	if o.Pick == card.PickHand {
		return int(c.stealHand[p][tg])
	}
	pk := kindOf[o.Pick] & 31
	switch c.rel[tg] {
	case relFoe:
		if pv := pickValues[pk]; pv > 0 {
			return int(c.stealBase[tg]) + 3*int(pv)
		}
	case relFriend:
		return int(freeFriend[p][pk])
	case relSelf:
		return int(dropOwn[p][pk])
	}
	return 0
}

// reading returns the reading of the table, read on first use.
func (c *playCache) reading() *reading {
	if !c.ready {
		c.ready = true
		c.rd.read(c.v, c.p)
	}
	return &c.rd
}

// nearEnemy reports whether an enemy (want > 0) is at distance 1.
func (c *playCache) nearEnemy(v *card.View) bool {
	if !c.nearDone {
		r := c.reading()
		c.nearDone = true
		for m := r.others; m != 0; m &= m - 1 {
			j := bits.TrailingZeros8(m)
			if r.want[j] > 0 && distance(&v.Board, r.self, j) <= 1 {
				c.near = true
				break
			}
		}
	}
	return c.near
}

// fixedScore is the score of the kinds that aim at nobody and always score the same
// (0 for the others, which kindScore scores): Wells Fargo, Stagecoach, General Store,
// then Barrel, Mustang, Scope (a blue card it already has is not on offer).
var fixedScore = [32]int16{
	card.WellsFargo:   bandDraw + 600,
	card.Stagecoach:   bandDraw + 500,
	card.GeneralStore: bandDraw + 100,
	card.Barrel:       bandEquip + 500,
	card.Mustang:      bandEquip + 400,
	card.Scope:        bandEquip + 300,
}

// kindScore scores playing a card of kind k that aims at nobody (not an aimKind) and has
// no fixedScore: a weapon, a Beer; 0 or less: not worth playing.
func (t *table) kindScore(v *card.View, k card.Kind, c *playCache) int {
	switch k {
	case card.Volcanic, card.Schofield, card.Remington, card.RevCarabine, card.Winchester:
		near := true
		if k == card.Volcanic || has(t.inPlay, kindSet[card.Volcanic]) {
			near = c.nearEnemy(v)
		}
		if w := t.weaponValue(k, near); w > t.currentWeapon(near) {
			return bandEquip + 10*w
		}
	case card.Beer:
		if t.life < t.maxLife && t.nAlive >= 3 && (t.life <= t.p.BeerBelow || int(v.HandLen[t.self]) > t.life) {
			return bandHeal + 200
		}
	}
	return 0
}

// aimScores reads the table and scores the aimKinds on offer (kinds): BANG! at each seat
// it wants to hurt (the wish, less 15 for each Barrel "draw!" the seat makes; Calamity
// Janet 1 more with the kind she holds more of), Jail at a foe, Duel at a foe when it
// likely holds more BANG!s, Gatling and Indians! by sprayValue, Dynamite, Saloon, and
// for Panic! and Cat Balou how each seat stands to it and the score of a random card of
// a foe's hand (bandSteal + the wish + 3 × (Panic! 20, Cat Balou 15, +10 for a last
// card)); steal does the rest by option.
func (t *table) aimScores(v *card.View, kinds uint32, c *playCache) {
	r := c.reading()
	if kinds&(1<<card.BANG|1<<card.Missed) != 0 {
		var janet [2]int16 // BANG!, Missed!
		if t.char == card.CalamityJanet {
			if count(t.hand, kindSet[card.Missed]) > count(t.hand, kindSet[card.BANG]) {
				janet[1] = 1
			} else {
				janet[0] = 1
			}
		}
		for m := r.others; m != 0; m &= m - 1 {
			j := bits.TrailingZeros8(m)
			if w := r.want[j]; w > 0 {
				s := bandBang + w - 15*int16(barrels(v, j))
				c.score[j] = s + janet[0]
				c.score[8+j] = s + janet[1]
			}
		}
	}
	if kinds&(1<<card.Jail|1<<card.Duel) != 0 {
		bangs := t.bangs()
		for m := r.foes; m != 0; m &= m - 1 {
			j := bits.TrailingZeros8(m)
			w := r.want[j]
			c.score[16+j] = bandJail + w
			if bangs*16 >= likelyBangs16(v, j)+16*t.p.DuelEdge {
				c.score[24+j] = bandDuel + w
			}
		}
	}
	if kinds&(1<<card.Panic|1<<card.CatBalou) != 0 {
		for m := r.friends; m != 0; m &= m - 1 {
			c.rel[bits.TrailingZeros8(m)] = relFriend
		}
		for m := r.foes; m != 0; m &= m - 1 {
			j := bits.TrailingZeros8(m)
			c.rel[j] = relFoe
			base := bandSteal + r.want[j]
			c.stealBase[j] = base
			if n := v.HandLen[j]; n > 0 {
				last := 10 * int16(b2i(n == 1))
				c.stealHand[0][j] = base + 3*(15+last)
				c.stealHand[1][j] = base + 3*(20+last)
			}
		}
		// Its own Dynamite, once it no longer wants it: Cat Balou discards it.
		if !t.wantsDynamite() {
			c.rel[t.self] = relSelf
		}
	}
	if kinds&(1<<card.Gatling|1<<card.Indians) != 0 {
		if spray := r.sprayValue(v); spray > 0 {
			c.score[scoreAt[card.Gatling]] = int16(bandSpray + 10 + spray)
			c.score[scoreAt[card.Indians]] = int16(bandSpray + spray)
		}
	}
	if kinds&(1<<card.Dynamite) != 0 && t.wantsDynamite() && !r.isFriend(nextAlive(&v.Board, t.self)) {
		c.score[scoreAt[card.Dynamite]] = bandDynamite
	}
	if kinds&(1<<card.Saloon) != 0 && r.saloonValue(v, t) > 0 {
		c.score[scoreAt[card.Saloon]] = bandHeal + 300
	}
}

// sidScore scores Sid Ketchum's heal in his turn: when hurt, and two cards would be
// discarded anyway (the hand two or more over the limit), or at BeerBelow or less with
// three cards or more.
func (t *table) sidScore(v *card.View) int {
	n := int(v.HandLen[t.self])
	if t.life < t.maxLife && (n-t.life >= 2 || t.life <= t.p.BeerBelow && n >= 3) {
		return bandHeal + 100
	}
	return 0
}

// barrels is the number of Barrel "draw!"s seat s makes against a shot (a real Barrel,
// Jourdonnais's own).
func barrels(v *card.View, s int) int {
	return b2i(has(v.InPlay[s&7], kindSet[card.Barrel])) + b2i(v.Char[s&7] == card.Jourdonnais)
}

// sprayValue weighs a Gatling or Indians!: +10 for each seat it wants to hurt (+10 more
// at 1 life), −15 for each friend (−60 more at 1 life: a Sheriff who kills his Deputy
// pays, a Renegade who kills the Sheriff early loses).
func (r *reading) sprayValue(v *card.View) int {
	val := 0
	for m := r.others; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		low := v.Life[j] <= 1
		switch {
		case r.spare>>uint(j)&1 == 1:
		case r.want[j] > 0:
			val += 10 + 10*b2i(low)
		case r.friends>>uint(j)&1 == 1:
			val -= 15 + 60*b2i(low)
		}
	}
	return val
}

// saloonValue weighs a Saloon: +10 when it is hurt itself, +8 for each hurt friend, −8
// for each hurt seat it wants to hurt.
func (r *reading) saloonValue(v *card.View, t *table) int {
	val := 0
	if t.life < t.maxLife {
		val += 10
	}
	for m := r.others; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		if v.Life[j] >= v.MaxLife[j] {
			continue
		}
		switch {
		case r.want[j] > 0:
			val -= 8
		case r.friends>>uint(j)&1 == 1:
			val += 8
		}
	}
	return val
}

// distance is the distance at which seat a sees seat b (shared/rules/card.md): the
// living seats between them the shorter way round plus 1, plus b's Mustang (Paul
// Regret's own too), minus a's Scope (Rose Doolan's too), at least 1.
func distance(b *card.Board, a, t int) int {
	if a == t {
		return 0
	}
	n := int(b.Players)
	cw := 0
	for s := (a + 1) % n; s != t; s = (s + 1) % n {
		cw += int(b.Alive >> uint(s) & 1)
	}
	ccw := bits.OnesCount8(b.Alive) - 2 - cw
	d := min(cw, ccw) + 1
	d += b2i(has(b.InPlay[t&7], kindSet[card.Mustang])) + b2i(b.Char[t&7] == card.PaulRegret)
	d -= b2i(has(b.InPlay[a&7], kindSet[card.Scope])) + b2i(b.Char[a&7] == card.RoseDoolan)
	return max(d, 1)
}

// nextAlive returns the next living seat clockwise after s (where a Dynamite goes).
func nextAlive(b *card.Board, s int) int8 {
	n := int(b.Players)
	for i := 1; i <= n; i++ {
		t := (s + i) % n
		if b.Alive>>uint(t)&1 == 1 {
			return int8(t)
		}
	}
	return int8(s)
}
