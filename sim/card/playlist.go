package card

import (
	"math/bits"
	"unsafe"
)

// PlayList describes a phase-2 decision's options by what they are made of, for a
// policy that scores cards and targets rather than options. The list's order follows
// from it: Options[0] is the end; then each card of Cards in increasing order, with its
// targets in increasing seat order (Panic! and Cat Balou: PickHand first, then the
// target's cards in play in increasing order); then Sid Ketchum's heal, the last of the
// yard; then, past the yard, card by card, Panic! and Cat Balou on oneself (C10: a hand
// of two or more, then each card in play) and a Beer that would not heal. Every card of
// a kind has the same options (Options), and card IDs are grouped by kind in Kind order:
// the yard's options come by kind, so a kind's first option is 1 plus the yard options
// of the cards of Cards below its first card.
type PlayList struct {
	// Filled is set by the engine for a phase-2 decision (never in a View built by
	// hand, whose policy must read Decision.Options).
	Filled bool
	// Compact is set when Decision.Options[1:] are not written: the seat's policy is a
	// ListPolicy, which reads only this.
	Compact bool
	// Heal is set when Sid Ketchum's heal is an option.
	Heal bool
	// Reach holds the seats a BANG! (Calamity Janet's Missed! too) may aim at: none once
	// the turn's BANG! is played.
	Reach uint8
	// Near holds the living seats at distance 1 (Panic!'s targets).
	Near uint8
	// Jail holds the seats a Jail may go to; empty when Cards holds no Jail.
	Jail uint8
	// Cards holds the cards in hand that may have options: the hand less any blue card
	// (but the Jail) whose kind is already in front of the player.
	Cards Set
	// perKind is lazyOpts.perKind: the options a card of each kind gives, the yard's in
	// the low 16 bits and the others' above; meaningful for the kinds of Cards. For a
	// kind not in Cards it is counted from the table (or is the kind's constant), never
	// left from another seat's count, which would show what that seat's hand held
	// (TestViewPlayHidesOtherHands).
	perKind [32]uint32
}

// Options returns how many options each card of kind k in Cards gives in the yard and
// past it (a Missed! other than Calamity Janet's, a BANG! with nobody in reach, a Beer
// that would not heal have no yard option).
func (p *PlayList) Options(k Kind) (yard, beyond int) {
	x := p.perKind[k&31]
	return int(x & 0xffff), int(x >> 16)
}

// CardList describes a decision whose options are Options[:Pre] (written) followed by
// one ActCard option per card of Cards in increasing order: a phase-3 discard, the
// answer to a shot (Pre 1: take the hit), to Indians! or a Duel step (likewise), the
// General Store's pick, Sid Ketchum's cards.
type CardList struct {
	// Filled is set by the engine for such a decision (never by FillView, which writes
	// every list out, nor in a View built by hand).
	Filled bool
	// Compact is set when Decision.Options[Pre:] are not written: the seat's policy is a
	// ListPolicy, which reads only this.
	Compact bool
	Pre     uint8
	Cards   Set
}

// ListPolicy is implemented by policies that read View.Play and View.List where the
// engine fills them, never Decision.Options past the options those say are written
// (the end of phase 2; Options[:List.Pre]). The Table keeps such a seat's lists
// compact, as it does for a CountPolicy: the engine counts the options but does not
// write them out for the View (an OnDecision hook still sees them written out), which
// is most of what asking a decision costs the engine. Like CountPolicy it is a method,
// not a Needs bit. The Table asks these interfaces and their methods (ReadsLists and
// the declared choices below) when a seat's policy changes, not every game: a policy's
// answers must be fixed by its value.
type ListPolicy interface {
	Policy
	ReadsLists() bool
}

// KindList lists kinds of card, first first; NumKinds ends a list shorter than 8.
type KindList [8]Kind

// FirstPlayPolicy is implemented by a ListPolicy whose phase 2 always plays a card of
// certain kinds when one is on offer, whatever else the table shows: FirstPlays lists
// them, the most wanted first. The Table then plays the first card of the first kind
// listed that has a yard option (its first option; Play.Cards and Options say which)
// without asking the policy or filling its View, and asks it only when none is on
// offer (an OnDecision hook still sees the decision and the choice). Its Choose, when
// asked anyway (a View filled by FillView, outside a Table), must choose the same.
// FirstPlays is asked when the seat's policy changes (Table.declare).
type FirstPlayPolicy interface {
	ListPolicy
	FirstPlays() KindList
}

// CancelPolicy is implemented by a ListPolicy that cancels every shot it can: when the
// cards it is offered against a shot (DecideMissed, View.List) are at least as many as
// Decision.Need and all of one kind, it answers with the first of them. The Table then
// answers for it without asking or filling its View, and asks it when they are fewer or
// of both kinds (Calamity Janet's BANG!s and Missed!s); an OnDecision hook still sees
// the decision and the choice. Its Choose, when asked anyway (a View filled by FillView,
// outside a Table), must choose the same. CancelsShots is asked when the seat's policy
// changes.
type CancelPolicy interface {
	ListPolicy
	CancelsShots() bool
}

// EndPolicy is implemented by a ListPolicy that plays nothing past phase 2's yard but
// Panic! or Cat Balou on a Dynamite of its own: when the yard offers only the end
// (Decision.Yard is 1: every card on offer is a Missed! other than Calamity Janet's, a
// BANG! with nobody in reach, a Beer that would not heal, a Panic! or Cat Balou with
// only itself to aim at) and no Dynamite is in front of it, the Table ends its phase 2
// without asking it or filling its View (an OnDecision hook still sees the decision and
// the choice). Its Choose, when asked anyway (a View filled by FillView, outside a
// Table), must choose the same. EndsBareYard is asked when the seat's policy changes.
type EndPolicy interface {
	ListPolicy
	EndsBareYard() bool
}

// WeaponPolicy is implemented by a ListPolicy whose phase 2, when none of its
// FirstPlays is on offer, plays the weapon on offer that reaches furthest whenever it
// reaches further than the one in front of it (none: the Colt .45's 1), neither being
// a Volcanic (whose worth may depend on more than its reach): the Table then plays that
// weapon's first card without asking it or filling its View (an OnDecision hook still
// sees the decision and the choice). Its Choose, when asked anyway (a View filled by
// FillView, outside a Table), must choose the same. UpgradesWeapons is asked when the
// seat's policy changes.
type WeaponPolicy interface {
	ListPolicy
	UpgradesWeapons() bool
}

// fixedPlay is the card a seat of fixing (lazyOpts) plays unasked at its pending phase 2,
// optSet its walked hand: the first card of its FirstPlays on offer, else the weapon an
// upgrade plays; NoCard when neither is on offer, and the Table asks. Neither reads
// the count: a FirstPlays kind and a weapon have one yard option a card.
func (g *State) fixedPlay(a int8) CardID {
	c := NoCard
	if f := &g.firstCards[a&7]; g.optSet[0]&f[0]|g.optSet[1]&f[1] != 0 {
		c = g.firstPlay(f, &g.firstRank[a&7])
	}
	if c == NoCard && g.optSet[1]&weapons1 > g.InPlay[a&7][1]&weapons1 && g.upgrades>>uint(a&7)&1 != 0 {
		c = g.upgrade(a)
	}
	return c
}

// upgrade is the card a WeaponPolicy's seat s plays at the pending phase-2 decision,
// kept compact (optsPlay): the first card of the weapon on offer that reaches furthest
// (weapon kinds come in order of reach, layout.go: the highest card's), when it reaches
// further than the one in play and neither is a Volcanic; NoCard otherwise. (run calls
// it only when the weapons on offer, as a word, exceed the one in play: a higher card.)
// The Table plays its first option (in front of the player) by option, not by index.
func (g *State) upgrade(s int8) CardID {
	w, in := g.optSet[1]&weapons1, g.InPlay[s&7][1]&weapons1
	if w == 0 || (w|in)&volcanic1 != 0 {
		return NoCard
	}
	k := kindAt[(127-bits.LeadingZeros64(w))&127]
	reach := 1
	if in != 0 {
		reach = kindAt[(64+trailing(in))&127].Range()
	}
	if k.Range() <= reach || g.perKind[k&31]&0xffff == 0 {
		return NoCard
	}
	return CardID(64 + trailing(w&kindSet[k&31][1]))
}

// cancelShot is the card a CancelPolicy's seat answers the pending DecideMissed with,
// kept compact (optsSet): the first card offered (its option follows the hit, Pre)
// when the cards offered are at least Need and of one kind (layout.go: all in the
// first word); NoCard otherwise.
func (g *State) cancelShot() CardID {
	m := g.optSet[0]
	if m == 0 || bits.OnesCount64(m) < int(g.dec.Need) || m&^missed0 != 0 && m&^bang0 != 0 {
		return NoCard
	}
	return CardID(trailing(m))
}

// firstPlay is the card a FirstPlayPolicy's FirstPlays fix at the pending phase-2
// decision, kept compact (optsPlay), given f, the cards of the kinds they list, and
// rank, each kind's place in the list: the first card of the first kind listed on offer
// with a yard option; NoCard when none is. Only the cards of f on offer are walked
// (usually one), not the list; the Table plays the card's first option by option, not
// by index (which a count over the cards below it would give).
func (g *State) firstPlay(f *Set, rank *kindRanks) CardID {
	h := g.optSet
	c, best := NoCard, uint8(255)
	for m := h[0] & f[0]; m != 0; m &= m - 1 { // in card order: a kind's first card first
		x := trailing(m)
		if k := kindAt[x&127] & 31; rank[k] < best && g.perKind[k]&0xffff != 0 {
			c, best = CardID(x), rank[k]
		}
	}
	for m := h[1] & f[1]; m != 0; m &= m - 1 {
		x := 64 + trailing(m)
		if k := kindAt[x&127] & 31; rank[k] < best && g.perKind[k]&0xffff != 0 {
			c, best = CardID(x), rank[k]
		}
	}
	return c
}

// kindRanks is each kind's place in a KindList (firstPlay reads it only for the kinds
// listed).
type kindRanks [32]uint8

// fillPlay fills v.Play for the pending phase-2 decision from what playOptions (the
// compact form) or buildPlayOptions recorded.
func (g *State) fillPlay(v *View, compact bool) {
	p := &v.Play
	p.Filled, p.Compact = true, compact
	p.Heal, p.Reach, p.Near, p.Jail = g.pHeal, g.pReach, g.pNear, g.pJail
	p.Cards = g.optSet
	// The counts of the kinds that exist, as one block (the rest, never set, stay 0).
	*(*kindCounts)(unsafe.Pointer(&p.perKind)) = *(*kindCounts)(unsafe.Pointer(&g.perKind))
}

// kindCounts is the first NumKinds entries of a perKind, which fillPlay copies as one
// block of straight moves (88 bytes, not 128).
type kindCounts struct{ n [NumKinds]uint32 }
