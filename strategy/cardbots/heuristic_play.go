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
// Every option is scored once, from what look prepared and, the first time an option
// aims at someone, read; a Beer that would not heal, a blue card it has no use for and
// Missed! are never played.
func (t *table) play(v *card.View) int {
	d := &v.Decision
	end, best, bestS := 0, -1, 0
	c := playCache{v: v, p: t.p}
	for i := 0; i < int(d.N); i++ {
		o := &d.Options[i]
		var s int
		switch o.Act {
		case card.ActPlay:
			s = t.playScore(v, o, &c)
		case card.ActHeal:
			s = t.sidScore(v)
		case card.ActEnd:
			end = i
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

// playCache holds what some scores need and many decisions never compute: the reading
// of the table (only for options that aim at someone), a near enemy, the spray value.
type playCache struct {
	v              *card.View
	p              *HeuristicParams
	ready          bool
	rd             reading
	nearDone, near bool
	sprayDone      bool
	spray          int
	janetDone      bool
	janet          card.Kind // the kind Calamity Janet would rather shoot with
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

// playScore scores playing option o (ActPlay); 0 or less: not worth playing.
func (t *table) playScore(v *card.View, o *card.Option, c *playCache) int {
	k := kindOf[o.Card]
	tg := int(o.Target) & 7
	switch k {
	case card.WellsFargo:
		return bandDraw + 600
	case card.Stagecoach:
		return bandDraw + 500
	case card.GeneralStore:
		return bandDraw + 100
	case card.Barrel:
		return bandEquip + 500
	case card.Mustang:
		return bandEquip + 400
	case card.Scope:
		return bandEquip + 300
	case card.Volcanic, card.Schofield, card.Remington, card.RevCarabine, card.Winchester:
		near := true
		if k == card.Volcanic || has(t.inPlay, kindSet[card.Volcanic]) {
			near = c.nearEnemy(v)
		}
		if w := t.weaponValue(k, near); w > t.currentWeapon(near) {
			return bandEquip + 10*w
		}
		return 0
	case card.Jail:
		if r := c.reading(); r.isFoe(o.Target) {
			return bandJail + int(r.want[tg])
		}
		return 0
	case card.Panic, card.CatBalou:
		return t.stealScore(v, o, k, c)
	case card.Duel:
		if r := c.reading(); r.isFoe(o.Target) && t.bangs*16 >= likelyBangs16(v, tg)+16*t.p.DuelEdge {
			return bandDuel + int(r.want[tg])
		}
		return 0
	case card.BANG, card.Missed: // a Missed! here is Calamity Janet's BANG!
		w := int(c.reading().want[tg])
		if w <= 0 {
			return 0
		}
		s := bandBang + w - 15*barrels(v, tg)
		if t.char == card.CalamityJanet && k == c.janetKind(t) {
			s++ // she shoots with the kind she holds more of
		}
		return s
	case card.Gatling, card.Indians:
		if !c.sprayDone {
			c.sprayDone = true
			c.spray = c.reading().sprayValue(v)
		}
		if c.spray <= 0 {
			return 0
		}
		if k == card.Gatling {
			return bandSpray + 10 + c.spray
		}
		return bandSpray + c.spray
	case card.Dynamite:
		if t.wantsDynamite() && !c.reading().isFriend(nextAlive(&v.Board, t.self)) {
			return bandDynamite
		}
		return 0
	case card.Saloon:
		if c.reading().saloonValue(v, t) > 0 {
			return bandHeal + 300
		}
		return 0
	case card.Beer:
		if t.life < t.maxLife && t.nAlive >= 3 && (t.life <= t.p.BeerBelow || int(v.HandLen[t.self]) > t.life) {
			return bandHeal + 200
		}
		return 0
	}
	return 0
}

// janetKind returns the kind Calamity Janet holds more of, BANG! on ties.
func (c *playCache) janetKind(t *table) card.Kind {
	if !c.janetDone {
		c.janetDone = true
		c.janet = card.BANG
		if count(t.hand, kindSet[card.Missed]) > count(t.hand, kindSet[card.BANG]) {
			c.janet = card.Missed
		}
	}
	return c.janet
}

// stealScore scores Panic! or Cat Balou (kind k) as option o.
func (t *table) stealScore(v *card.View, o *card.Option, k card.Kind, c *playCache) int {
	tg := int(o.Target) & 7
	pk := o.Pick
	isPanic := k == card.Panic
	if tg == t.self {
		// Its own Dynamite, once it no longer wants it: Cat Balou discards it.
		if pk != card.PickHand && kindOf[pk] == card.Dynamite && !t.wantsDynamite() {
			return bandSteal + 300 + 10*b2i(!isPanic)
		}
		return 0
	}
	r := c.reading()
	switch {
	case r.isFriend(o.Target):
		if pk == card.PickHand {
			return 0
		}
		switch kindOf[pk] {
		case card.Jail:
			return bandSteal + 400 + 10*b2i(isPanic)
		case card.Dynamite:
			return bandSteal + 200 + 10*b2i(!isPanic)
		}
		return 0
	case r.isFoe(o.Target):
		pv := pickValue(v, tg, pk, isPanic)
		if pv <= 0 {
			return 0
		}
		return bandSteal + int(r.want[tg]) + 3*pv
	}
	return 0
}

// pickValue rates taking pk from seat tg: Barrel 40, Mustang 35, Volcanic 25, another
// weapon 15 + 5 × range, Scope 20, a random hand card 20 for Panic! (15 for Cat Balou)
// plus 10 when it is the last one; a Jail or Dynamite 0 (left where it is).
func pickValue(v *card.View, tg int, pk card.CardID, isPanic bool) int {
	if pk == card.PickHand {
		n := v.HandLen[tg&7]
		if n == 0 {
			return 0
		}
		x := 15 + 5*b2i(isPanic)
		if n == 1 {
			x += 10
		}
		return x
	}
	switch k := kindOf[pk]; k {
	case card.Barrel:
		return 40
	case card.Mustang:
		return 35
	case card.Volcanic:
		return 25
	case card.Scope:
		return 20
	case card.Jail, card.Dynamite:
		return 0
	default:
		if k.Weapon() {
			return 15 + 5*k.Range()
		}
	}
	return 0
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
