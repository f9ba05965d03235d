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
// Every card of a kind has the same options with the same scores, and a card's options
// come before the next card's: only the first card of each kind can win (the first
// option wins ties), so play scores kinds, not options, from View.Play (which a
// card.ListPolicy reads instead of the written-out list). Card IDs are grouped by kind
// in Kind order, so the options of a kind's first card come in the list in the order of
// (kind, target, pick): an option is offered by that key (optKey, playKey), which names
// it (keyOption: what ChoosePlay returns, the Table's way of asking the heuristic);
// only Choose counts the winner's index, from the cards below its kind (optIndex; the
// end, about a fifth of the decisions, is 0 uncounted). The kinds held come from byte
// tables (heldKinds).
// It scores the kinds that aim at nobody first; the kinds that aim (aimKinds: they need
// the reading, read once and only then) only when none of those outranks them all (a
// draw or equip card), each kind's first card at each of its targets. A Beer that would
// not heal, a blue card it has no use for and Missed! are never played. A View built by
// hand, without View.Play, takes playLong, which scores the written-out options one by
// one (and must agree).
func (t *table) play(v *card.View) int {
	pl := &v.Play
	if !pl.Filled {
		d := &v.Decision
		return t.playLong(v, d.Options[:min(int(d.N), card.MaxOptions)])
	}
	return t.optIndex(v, t.playKey(v))
}

// playKey is play's choice as a key (see optKey), from View.Play (filled).
func (t *table) playKey(v *card.View) int {
	pl := &v.Play
	held := heldKinds(&pl.Cards) // the kinds of the cards on offer
	live := held &^ zeroYard(pl) // … those with an option in the yard
	b := newChoice()
	// A Beer (the commonest of these kinds) scored and offered with no branch: whether
	// it is held and would heal is the hand's.
	b.offer(t.beerScore(v)&-int(live>>card.Beer&1), optKey(card.Beer))
	top := 0
	for m := live &^ (aimKinds | 1<<card.Beer); m != 0; m &= m - 1 {
		k := card.Kind(bits.TrailingZeros32(m))
		s := t.kindScore(v, k)
		top = max(top, s)
		b.offer(s, optKey(k))
	}
	if pl.Heal { // the last of the yard
		b.offer(t.sidScore(v), keyHeal)
	}
	if top >= bandEquip || held&aimKinds == 0 {
		return b.key()
	}
	self := int8(t.self)
	others := v.Alive &^ (1 << (uint(self) & 7))
	aim := live & aimKinds
	// The kinds that score 0 whatever the reading says: not read for.
	if aim&(1<<card.Dynamite) != 0 && !t.wantsDynamite() {
		aim &^= 1 << card.Dynamite
	}
	var duel uint8 // the seats a Duel may score at (duelable)
	if aim&(1<<card.Duel) != 0 {
		if duel = t.duelable(v, others); duel == 0 {
			aim &^= 1 << card.Duel
		}
	}
	if aim != 0 {
		r := t.reading(v)
		for m := aim & (1<<card.BANG | 1<<card.Missed); m != 0; m &= m - 1 { // bangScore, written out
			k := card.Kind(bits.TrailingZeros32(m))
			bonus := 0
			if t.janet {
				bonus = t.janetBonus(k)
			}
			key := optKey(k)
			for tm := pl.Reach; tm != 0; tm &= tm - 1 {
				j := bits.TrailingZeros8(tm)
				w := r.wish(v, j) // 0 or less: not a seat to shoot (offered at score 0: no offer)
				b.offer((bandBang+int(w)-15*barrels(v, j)+bonus)&-b2i(w > 0), key|j<<keySeatShift)
			}
		}
		if aim&(1<<card.Jail) != 0 { // jailScore, written out: foes only
			for tm := pl.Jail & r.foes; tm != 0; tm &= tm - 1 {
				j := bits.TrailingZeros8(tm)
				b.offer(bandJail+int(r.wish(v, j)), optKey(card.Jail)|j<<keySeatShift)
			}
		}
		for tm := duel & r.foes; tm != 0; tm &= tm - 1 { // duelScore, written out: a foe it likely outguns
			j := bits.TrailingZeros8(tm)
			b.offer(bandDuel+int(r.wish(v, j)), optKey(card.Duel)|j<<keySeatShift)
		}
		if aim&(1<<card.Panic) != 0 && pl.Near&(r.foes|r.friends) != 0 { // else nothing it may take scores
			stealTargets(v, r, &b, optKey(card.Panic), true, pl.Near)
		}
		if aim&(1<<card.CatBalou) != 0 && others&(r.foes|r.friends) != 0 {
			stealTargets(v, r, &b, optKey(card.CatBalou), false, others)
		}
		for m := aim & (1<<card.Gatling | 1<<card.Indians | 1<<card.Dynamite | 1<<card.Saloon); m != 0; m &= m - 1 {
			k := card.Kind(bits.TrailingZeros32(m))
			b.offer(t.aimKindScore(v, r, k), optKey(k))
		}
	}
	// Past the yard: Panic! or Cat Balou on its own Dynamite, once it no longer wants it
	// (C10; its own other cards and its hand score 0).
	if held&(1<<card.Panic|1<<card.CatBalou) != 0 && has(&t.inPlay, &kindSet[card.Dynamite]) && !t.wantsDynamite() {
		for _, k := range [2]card.Kind{card.Panic, card.CatBalou} {
			if _, beyond := pl.Options(k); held>>k&1 != 0 && beyond != 0 {
				b.offer(int(dropOwn[b2i(k == card.Panic)][card.Dynamite]), keyPast+int(k))
			}
		}
	}
	return b.key() // 0 when nothing scores above 0: the end of phase 2
}

// zeroYard is the set of kinds (bit k for Kind k) whose cards have no option in the
// yard (a Missed! other than Calamity Janet's, a BANG! with nobody in reach, a Beer that
// would not heal, a Panic! with nothing to take at distance 1, …), counted without a
// branch over the kinds that may have none while held and on offer (the others have one
// each: a blue card on offer, a card that aims at nobody), so that play's loops over
// the kinds held skip them with no test of their own: whether a kind held has options
// is the hand's, a coin flip to the predictor, and a Missed! (no option but Janet's) is
// held at most decisions. It relies on the counts the engine fills (a View.Play is
// never filled by hand: its counts are the engine's to write). A Duel (a seat besides
// its own is alive at any decision) and a Jail are left out: play offers them at the
// seats of View.Play's masks, none when their count is 0, and only a Jail with no seat
// to go to (every other seat the Sheriff or jailed) costs a reading for nothing.
func zeroYard(pl *card.PlayList) uint32 {
	return none(pl, card.BANG) | none(pl, card.Missed) | none(pl, card.Beer) | none(pl, card.Panic) |
		none(pl, card.CatBalou)
}

// none is bit k when kind k's cards have no option in the yard.
func none(pl *card.PlayList, k card.Kind) uint32 {
	yard, _ := pl.Options(k)
	return uint32(b2i(yard == 0)) << k
}

// The keys of phase 2's options (see play), in the list's order: 0 the end; optKey(k)
// | j<<keySeatShift | pick the first card of kind k at seat j (0 for a kind that aims at
// no seat), pick 0 for none or a random card of j's hand, 1 + the card taken for one in
// play (Panic!, Cat Balou), which orders a kind's options as the list does (seats in
// increasing order, a hand before the cards in play); keyHeal Sid Ketchum's heal, the
// last of the yard; keyPast + k the first card of kind k (Panic!, Cat Balou) on its own
// Dynamite, past the yard. A key names its option outright (keyOption, for ChoosePlay);
// its index in the list takes a count (keyIndex, for Choose).
const (
	keySeatShift = 7
	keyKindShift = 10
	keyHeal      = (int(card.NumKinds) + 1) << keyKindShift
	keyPast      = keyHeal + 1<<keyKindShift
)

// optKey is the key of the first option of kind k's first card.
func optKey(k card.Kind) int { return (int(k) + 1) << keyKindShift }

// kindLow[k] is the lowest card of kind k.
var kindLow = func() (t [32]card.CardID) {
	for k := range card.NumKinds {
		t[k] = kindSet[k].First()
	}
	return
}()

// optIndex is the index in the list of the option of key (see play): a card's yard
// option comes after the end and the yard options of the cards before it (View.Play's
// counts; they are of lower kinds).
func (t *table) optIndex(v *card.View, key int) int {
	if key == 0 { // the end (inlined: a third of phase 2's decisions)
		return 0
	}
	return t.keyIndex(v, key)
}

// keyIndex is optIndex past the end.
func (t *table) keyIndex(v *card.View, key int) int {
	pl := &v.Play
	switch {
	case key < keyHeal:
		k := card.Kind(key>>keyKindShift - 1)
		i := 1 + kindRank(v, k, key)
		lo := kindLow[k&31]
		c0, c1 := pl.Cards[0], pl.Cards[1]&(1<<(lo&63)-1)
		if lo < 64 {
			c0, c1 = c0&(1<<(lo&63)-1), 0
		}
		for m := c0; m != 0; m &= m - 1 {
			yard, _ := pl.Options(kindOf[bits.TrailingZeros64(m)])
			i += yard
		}
		for m := c1; m != 0; m &= m - 1 {
			yard, _ := pl.Options(kindOf[64+bits.TrailingZeros64(m)])
			i += yard
		}
		return i
	case key == keyHeal:
		return int(v.Decision.Yard) - 1
	}
	return pastIndex(v, card.Kind(key-keyPast), t.inPlay.And(kindSet[card.Dynamite]).First())
}

// kindRank is the place of key's option (of kind k) among the yard options of a card of
// kind k: the rank of its seat among the kind's targets; for Panic! and Cat Balou the
// options at the targets before it (a hand, each card in play), then its pick's.
func kindRank(v *card.View, k card.Kind, key int) int {
	pl := &v.Play
	j := key >> keySeatShift & 7
	below := uint8(1)<<uint(j) - 1
	switch k {
	case card.BANG, card.Missed:
		return bits.OnesCount8(pl.Reach & below)
	case card.Jail:
		return bits.OnesCount8(pl.Jail & below)
	case card.Duel:
		return bits.OnesCount8(v.Alive &^ (1 << uint(v.Self&7)) & below)
	case card.Panic, card.CatBalou:
		reach := v.Alive &^ (1 << uint(v.Self&7))
		if k == card.Panic {
			reach = pl.Near
		}
		i := 0
		for tm := reach & below; tm != 0; tm &= tm - 1 {
			s := bits.TrailingZeros8(tm)
			i += b2i(v.HandLen[s] != 0) + v.InPlay[s].Len()
		}
		if pick := key & (1<<keySeatShift - 1); pick != 0 {
			i += b2i(v.HandLen[j] != 0) + v.InPlay[j].Rank(card.CardID(pick-1))
		}
		return i
	}
	return 0
}

// keyOption is the option of key (see optKey) that View.Play offers: the first card of
// its kind (the end for key 0, Sid Ketchum's heal, a Panic! or Cat Balou on its own
// Dynamite past the yard).
func (t *table) keyOption(v *card.View, key int) card.Option {
	pl := &v.Play
	switch {
	case key == 0:
		return card.Option{Act: card.ActEnd, Card: card.NoCard, Target: -1, Pick: card.NoCard}
	case key < keyHeal:
		// PlayOf's option, from tables (its switch on the kind is a coin flip to the
		// predictor); the kind has a card in Cards, as every key playKey makes.
		k := card.Kind(key>>keyKindShift-1) & 31
		lo, hi := pl.Cards[0]&kindSet[k][0], pl.Cards[1]&kindSet[k][1]
		// The first card: 64 + its place in the second word when the first has none.
		c := card.CardID(bits.TrailingZeros64(lo) + bits.TrailingZeros64(hi)&-b2i(lo == 0))
		p := key & (1<<keySeatShift - 1) // 0: none, or a hand (PickHand for a steal)
		return card.Option{Act: card.ActPlay, Card: c,
			Target: int8(key>>keySeatShift&7) | optSelf[k]&t.self | optNone[k],
			Pick:   card.CardID(p-1-b2i(p == 0)) | optPick[k]}
	case key == keyHeal:
		return card.Option{Act: card.ActHeal, Card: card.NoCard, Target: -1, Pick: card.NoCard}
	}
	k := card.Kind(key - keyPast)
	return card.Option{Act: card.ActPlay, Card: pl.Cards.And(kindSet[k&31]).First(), Target: t.self,
		Pick: t.inPlay.And(kindSet[card.Dynamite]).First()}
}

// optSelf, optNone and optPick are what card.PlayOf makes of a card of kind k:
// optSelf −1 for a blue card played in front of its player (Target: itself), optNone −1
// for a card that aims at nobody (Target −1), optPick 0 for Panic! and Cat Balou (a
// Pick: the card taken, or PickHand), NoCard for the others (read from PlayOf itself,
// so the two cannot part).
var optSelf, optNone, optPick = func() (self, none [32]int8, pick [32]card.CardID) {
	for k := range card.NumKinds {
		o := card.PlayOf(kindSet[k].First(), 5, 3, card.NoCard)
		self[k] = -int8(b2i(o.Target == 5))
		none[k] = -int8(b2i(o.Target == -1))
		pick[k] = card.NoCard
		if o.Pick == card.PickHand {
			pick[k] = 0
		}
	}
	return
}()

// pastIndex is the index of the option past the yard that plays the first Panic! or Cat
// Balou (kind k) of View.Play.Cards at the card pick in front of the player: after the
// yard come, card by card, the options past it of each card before (View.Play's counts),
// then that card's own: its hand (when offered), then its cards in play in order.
func pastIndex(v *card.View, k card.Kind, pick card.CardID) int {
	pl := &v.Play
	c := pl.Cards.And(kindSet[k]).First()
	i := int(v.Decision.Yard)
	for w := 0; w < 2; w++ {
		for m := pl.Cards[w]; m != 0; m &= m - 1 {
			x := card.CardID(w*64 + bits.TrailingZeros64(m))
			if x >= c {
				break
			}
			_, beyond := pl.Options(kindOf[x])
			i += beyond
		}
	}
	mine := v.InPlay[v.Self&7]
	_, beyond := pl.Options(k)
	return i + beyond - mine.Len() + mine.Rank(pick)
}

// choice is the best option offered so far: the first (the lowest key, or index) of
// the highest score above 0; 0, the end of phase 2, when none scores above 0. It is
// kept packed, the score above choiceKeyBits bits of choiceKeyMask − key, so that one
// max (a conditional move) keeps the best: the branch "better than the best so far"
// went each way by the table's state, a misprediction in two offers.
type choice struct{ best int }

const (
	choiceKeyBits = 20 // keys and indexes are below 2^20 (keyPast + NumKinds, or a list index)
	choiceKeyMask = 1<<choiceKeyBits - 1
)

// newChoice is a choice before any offer: score 0 at key 0 (the end), which an offer
// scoring 0 cannot displace.
func newChoice() choice { return choice{best: choiceKeyMask} }

// offer keeps option i (a key or an index) when it scores more than the best so far, or
// as much with a lower i (kinds are offered in Kind order, not in the list's).
func (b *choice) offer(s, i int) {
	b.best = max(b.best, s<<choiceKeyBits|(choiceKeyMask-i))
}

// key is the best option's key, 0 (the end) when none scored above 0.
func (b *choice) key() int {
	return (choiceKeyMask - b.best&choiceKeyMask) & -b2i(b.best >= 1<<choiceKeyBits) // no branch: whether it ends is the table's
}

// heldKinds is the set of kinds (bit k for Kind k) of the cards of s: a test of the
// first three bytes (BANG!s only) and a table look-up a byte for the others, no loop over
// the cards (whose end no predictor knows). A byte's cards are at most eight kinds from
// its first card's: the table holds them relative to it (a byte an entry: 1.8 KB, not
// the 10 KB of a word a kind set), shifted back by byteBase's kind (a constant).
func heldKinds(s *card.Set) uint32 {
	t := &byteKinds
	return uint32(b2i(s[0]&0xffffff != 0))<<card.BANG |
		uint32(t[0][s[0]>>24&0xff])<<card.BANG | uint32(t[1][s[0]>>32&0xff])<<card.Missed |
		uint32(t[2][s[0]>>40&0xff])<<card.Beer | uint32(t[3][s[0]>>48&0xff])<<card.GeneralStore |
		uint32(t[4][s[0]>>56])<<card.CatBalou | uint32(t[5][s[1]&0xff])<<card.Barrel |
		uint32(t[6][s[1]>>8&0xff])<<card.Volcanic
}

// byteBase[i] is the kind of card 8i, the first of byte i of a Set, as heldKinds has it
// (the deck's layout, which byteKinds checks); bytes 0–2 hold only BANG!s.
var byteBase = [10]card.Kind{card.BANG, card.BANG, card.BANG, card.BANG, card.Missed, card.Beer,
	card.GeneralStore, card.CatBalou, card.Barrel, card.Volcanic}

// byteKinds[i-3][b] is the set of kinds of the cards 8i + j for the bits j of b, less
// byteBase[i].
var byteKinds = func() (t [7][256]uint8) {
	for i := range byteBase {
		if kindOf[8*i] != byteBase[i] || i < 3 && kindOf[8*i+7] != card.BANG || kindOf[min(8*i+7, card.NumCards-1)]-byteBase[i] >= 8 {
			panic("cardbots: the deck's layout is not byteBase's")
		}
	}
	for i := 3; i < 10; i++ {
		for b := range 256 {
			for j := range 8 {
				if b>>j&1 != 0 && 8*i+j < card.NumCards {
					t[i-3][b] |= 1 << (kindOf[8*i+j] - byteBase[i])
				}
			}
		}
	}
	return
}()

// stealTargets offers Panic! (isPanic) or Cat Balou, whose key is key, at the seats of
// reachable (Panic!: those at distance 1; Cat Balou: every other seat): a random card of
// its hand, then each of its cards in play. It scores as stealScore does, with the
// target's standing read once: a foe's hand and cards, a friend's Jail or Dynamite;
// options that would score 0 (any other seat's) are skipped, as offer would ignore them
// (play calls it only when a foe or a friend is in reach). Of a seat's cards in play only
// the best scoring (the first on ties) can win: it is found by table (bestInPlay), and
// a seat is scored as a foe and as a friend with no branch on which it is (the table's).
func stealTargets(v *card.View, r *reading, b *choice, key int, isPanic bool, reachable uint8) {
	p := b2i(isPanic)
	for tm := reachable & (r.foes | r.friends); tm != 0; tm &= tm - 1 { // the only seats it scores at
		j := bits.TrailingZeros8(tm)
		n := v.HandLen[j]
		in := &v.InPlay[j]
		at := (key | j<<keySeatShift) + 1 // + the card taken: pick 1 + c
		foe := -b2i(r.foes>>uint(j)&1 == 1)
		friend := -b2i(r.friends>>uint(j)&1 == 1) &^ foe // a foe first
		base := bandSteal + int(r.wish(v, j))
		b.offer((base+3*(15+5*p+10*b2i(n == 1)))&-b2i(n != 0)&foe, at-1)
		pv, c := bestInPlay(in, &pickInPlay)
		b.offer((base+3*pv)&-b2i(pv > 0)&foe, at+c)
		fs, fc := bestInPlay(in, &freeInPlay[p]) // a friend's Jail or Dynamite (never itself: a target is another seat)
		b.offer(fs&friend, at+fc)
	}
}

// bestInPlay is the best score of t (a table of inPlayScores) among the cards of in (a
// seat's cards in play: blue cards, 63–79) and its card, the lowest on ties; score 0
// when none scores.
func bestInPlay(in *card.Set, t *inPlayScores) (score, c int) {
	x := max(int(t.c63)&-int(in[0]>>63), int(t.lo[in[1]&0xff]), int(t.hi[in[1]>>8&0xff]))
	return x >> 8, 255 - x&0xff
}

// inPlayScores scores the cards in play (63–79) by table: each entry is score<<8 |
// (255 − card) for the best card (the lowest on ties) of a byte of the second word (lo:
// 64–71, hi: 72–79) or card 63 (the first word's last), so that max picks the best.
type inPlayScores struct {
	c63    int32
	lo, hi [256]int32
}

// pickInPlay scores a foe's cards in play by pickValues; freeInPlay[isPanic] a friend's
// by freeFriend.
var pickInPlay, freeInPlay = func() (pick inPlayScores, free [2]inPlayScores) {
	fill := func(t *inPlayScores, score func(k card.Kind) int) {
		packed := func(c int) int32 { return int32(score(kindOf[c])<<8 | (255 - c)) }
		t.c63 = packed(63) & -int32(b2i(score(kindOf[63]) > 0))
		for m := 1; m < 256; m++ {
			for i := range 8 {
				if m>>i&1 == 1 {
					if s := score(kindOf[64+i]); s > 0 {
						t.lo[m] = max(t.lo[m], packed(64+i))
					}
					if s := score(kindOf[72+i]); s > 0 {
						t.hi[m] = max(t.hi[m], packed(72+i))
					}
				}
			}
		}
	}
	fill(&pick, func(k card.Kind) int { return int(pickValues[k&31]) })
	for p := range free {
		fill(&free[p], func(k card.Kind) int { return int(freeFriend[p][k&31]) })
	}
	return
}()

// playLong is play for a View built by hand (no View.Play): it scores each written-out
// option by its act, kind and target, the kinds that aim only when no kind that aims at
// nobody outranks them all.
func (t *table) playLong(v *card.View, opts []card.Option) int {
	top := 0
	for i := range opts {
		if k := kindOf[opts[i].Card] & 31; opts[i].Act == card.ActPlay && aimKinds>>k&1 == 0 {
			top = max(top, t.kindScore(v, k))
		}
	}
	end, best, bestS := 0, -1, 0
	for i := range opts {
		o := &opts[i]
		var s int
		switch o.Act {
		case card.ActPlay:
			k := kindOf[o.Card] & 31
			j := int(o.Target) & 7
			switch {
			case aimKinds>>k&1 == 0:
				s = t.kindScore(v, k)
			case top >= bandEquip:
			case k == card.BANG || k == card.Missed:
				s = t.bangScore(v, t.reading(v), k, j)
			case k == card.Jail:
				s = jailScore(v, t.reading(v), j)
			case k == card.Duel:
				s = t.duelScore(v, t.reading(v), j)
			case k == card.Panic || k == card.CatBalou:
				s = t.stealScore(v, k == card.Panic, j, o.Pick)
			default:
				s = t.aimKindScore(v, t.reading(v), k)
			}
		case card.ActEnd:
			end = i
		case card.ActHeal:
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

// aimKinds are the kinds whose score needs the reading; kindScore scores the others.
const aimKinds = 1<<card.BANG | 1<<card.Missed | 1<<card.Jail | 1<<card.Duel | 1<<card.Panic |
	1<<card.CatBalou | 1<<card.Gatling | 1<<card.Indians | 1<<card.Dynamite | 1<<card.Saloon

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

// reading returns the reading of the table, read on first use (small enough to inline:
// the read is a call of its own).
func (t *table) reading(v *card.View) *reading {
	if !t.ready {
		t.readNow(v)
	}
	return &t.rd
}

// readNow reads the table into t.rd (through the seat's memo).
func (t *table) readNow(v *card.View) {
	t.ready = true
	t.rd.readMemo(v, t.p)
}

// nearEnemy reports whether an enemy (want > 0) is at distance 1 (View.Play.Near
// holds the seats there when the engine filled it).
func (t *table) nearEnemy(v *card.View) bool {
	if !t.nearDone {
		r := t.reading(v)
		t.nearDone = true
		if v.Play.Filled {
			for m := v.Play.Near; m != 0; m &= m - 1 {
				if r.want[bits.TrailingZeros8(m)] > 0 {
					t.near = true
					break
				}
			}
			return t.near
		}
		for m := r.others; m != 0; m &= m - 1 {
			j := bits.TrailingZeros8(m)
			if r.want[j] > 0 && distance(v, int(r.self), j) <= 1 {
				t.near = true
				break
			}
		}
	}
	return t.near
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

// kindScore scores playing a card of kind k that aims at nobody (not an aimKind):
// fixedScore, or for a weapon and a Beer as below; 0 or less: not worth playing.
// (The fixed scores inline; a Beer and a weapon are a call.)
func (t *table) kindScore(v *card.View, k card.Kind) int {
	if s := fixedScore[k&31]; s != 0 {
		return int(s)
	}
	return t.varScore(v, k)
}

// varScore is kindScore for the kinds without a fixedScore: a weapon better than its
// own, a Beer when it drinks one in its turn.
func (t *table) varScore(v *card.View, k card.Kind) int {
	switch k {
	case card.Volcanic, card.Schofield, card.Remington, card.RevCarabine, card.Winchester:
		// Neither it nor the one in play a Volcanic (the common case): weaponValue is the
		// range, the Colt .45's 1.
		cur := t.inPlay.And(weaponSet).First()
		if k != card.Volcanic && kindOf[cur] != card.Volcanic {
			if w := k.Range(); w > max(kindOf[cur].Range(), 1) {
				return bandEquip + 10*w
			}
			return 0
		}
		// k or the one in play (cur, one at most) is a Volcanic: weaponValue and
		// currentWeapon written out. A Volcanic is worth 6 with two BANG!s, not as Willy
		// the Kid, and an enemy near (asked only then), else 1; another weapon its range;
		// none in play the Colt .45's 1.
		volcanic := 1
		if !t.rapidBang && t.bangs() >= 2 && t.nearEnemy(v) {
			volcanic = 6
		}
		w, now := volcanic, 1
		if k != card.Volcanic {
			w = k.Range()
		}
		if kc := kindOf[cur]; kc == card.Volcanic {
			now = volcanic
		} else if cur != card.NoCard {
			now = kc.Range()
		}
		if w > now {
			return bandEquip + 10*w
		}
	case card.Beer:
		return t.beerScore(v)
	}
	return 0
}

// beerScore scores a Beer in its turn: bandHeal + 200 when it is hurt, three or more
// are alive, and its life is at BeerBelow or less or its hand over the limit; else 0
// (counted without a branch).
func (t *table) beerScore(v *card.View) int {
	ok := b2i(t.life < t.maxLife) & b2i(t.nAlive >= 3) &
		(b2i(int(t.life) <= t.p.BeerBelow) | b2i(int(v.HandLen[t.self&7]) > int(t.life)))
	return (bandHeal + 200) & -ok
}

// bangScore scores a BANG! (k, or Calamity Janet's Missed!) at seat j it wants to hurt:
// the wish, less 15 for each Barrel "draw!" the seat makes; Janet 1 more with the kind
// she holds more of (the BANG! on a tie).
func (t *table) bangScore(v *card.View, r *reading, k card.Kind, j int) int {
	return shotScore(v, r, j, t.janetBonus(k))
}

// shotScore is bangScore with Janet's bonus for the kind given.
func shotScore(v *card.View, r *reading, j, bonus int) int {
	w := r.wish(v, j)
	if w <= 0 {
		return 0
	}
	return bandBang + int(w) - 15*barrels(v, j) + bonus
}

// janetBonus is 1 for Calamity Janet's kind k (BANG! or Missed!) when she holds more of
// it (the BANG! on a tie), else 0.
func (t *table) janetBonus(k card.Kind) int {
	if !t.janet {
		return 0
	}
	more := card.BANG
	if count(&t.hand, &kindSet[card.Missed]) > count(&t.hand, &kindSet[card.BANG]) {
		more = card.Missed
	}
	return b2i(k == more)
}

// jailScore scores a Jail on seat j: a foe, by the wish to hurt it.
func jailScore(v *card.View, r *reading, j int) int {
	if r.foes>>uint(j&7)&1 == 0 {
		return 0
	}
	return bandJail + int(r.wish(v, j))
}

// duelable is the seats of m it holds at least as many BANG!s as they likely do
// (likelyBangs16) plus DuelEdge: those a Duel may score at when they are foes.
func (t *table) duelable(v *card.View, m uint8) uint8 {
	mine := t.bangs()*16 - 16*t.p.DuelEdge
	var out uint8
	for ; m != 0; m &= m - 1 {
		if j := bits.TrailingZeros8(m); mine >= likelyBangs16(v, j) {
			out |= 1 << uint(j)
		}
	}
	return out
}

// duelScore scores a Duel with seat j: a foe, when it holds at least as many BANG!s as
// the foe likely does (likelyBangs16) plus DuelEdge.
func (t *table) duelScore(v *card.View, r *reading, j int) int {
	if r.foes>>uint(j&7)&1 == 0 || t.bangs()*16 < likelyBangs16(v, j)+16*t.p.DuelEdge {
		return 0
	}
	return bandDuel + int(r.wish(v, j))
}

// stealScore scores Panic! (isPanic) or Cat Balou at seat j taking pick (PickHand: a
// random card of its hand) by how the seat stands to it: a foe's card in play, bandSteal
// + the wish to hurt it + 3 × pickValues; a random card of a foe's hand, bandSteal + the
// wish + 3 × (Panic! 20, Cat Balou 15, +10 for a last card); a friend's Jail or Dynamite
// (freeFriend); its own Dynamite once it no longer wants it (dropOwn); nothing else.
func (t *table) stealScore(v *card.View, isPanic bool, j int, pick card.CardID) int {
	r := t.reading(v)
	p := b2i(isPanic)
	switch {
	case r.foes>>uint(j&7)&1 == 1:
		base := bandSteal + int(r.wish(v, j))
		if pick == card.PickHand {
			if n := v.HandLen[j&7]; n > 0 {
				return base + 3*(15+5*p+10*b2i(n == 1))
			}
			return 0
		}
		if pv := pickValues[kindOf[pick]&31]; pv > 0 {
			return base + 3*int(pv)
		}
	case pick == card.PickHand:
	case r.friends>>uint(j&7)&1 == 1:
		return int(freeFriend[p][kindOf[pick]&31])
	case j == int(t.self) && !t.wantsDynamite():
		return int(dropOwn[p][kindOf[pick]&31])
	}
	return 0
}

// aimKindScore scores the kinds that aim at nobody in particular but need the reading:
// Gatling and Indians! by sprayValue, Dynamite when it wants chaos and the player on its
// left is not a friend, a Saloon by saloonValue.
func (t *table) aimKindScore(v *card.View, r *reading, k card.Kind) int {
	switch k {
	case card.Gatling, card.Indians:
		if spray := r.sprayValue(v); spray > 0 {
			return bandSpray + 10*b2i(k == card.Gatling) + spray
		}
	case card.Dynamite:
		if t.wantsDynamite() && !r.isFriend(nextAlive(&v.Board, int(t.self))) {
			return bandDynamite
		}
	case card.Saloon:
		if r.saloonValue(v, t) > 0 {
			return bandHeal + 300
		}
	}
	return 0
}

// sidScore scores Sid Ketchum's heal in his turn: when hurt, and two cards would be
// discarded anyway (the hand two or more over the limit), or at BeerBelow or less with
// three cards or more.
func (t *table) sidScore(v *card.View) int {
	n := int(v.HandLen[t.self])
	if t.life < t.maxLife && (n-int(t.life) >= 2 || int(t.life) <= t.p.BeerBelow && n >= 3) {
		return bandHeal + 100
	}
	return 0
}

// barrels is the number of Barrel "draw!"s seat s makes against a shot (a real Barrel,
// Jourdonnais's own).
func barrels(v *card.View, s int) int {
	return b2i(has(&v.InPlay[s&7], &kindSet[card.Barrel])) + v.BuiltInBarrel(int8(s))
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
// living seats between them the shorter way round plus 1, plus b's Mustang (and
// harder_to_reach's distance: Paul Regret's), minus a's Scope (and sees_closer's: Rose
// Doolan's), at least 1.
func distance(v *card.View, a, t int) int {
	b := &v.Board
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
	d += b2i(has(&b.InPlay[t&7], &kindSet[card.Mustang])) + v.Farther(int8(t))
	d -= b2i(has(&b.InPlay[a&7], &kindSet[card.Scope])) + v.Closer(int8(a))
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
