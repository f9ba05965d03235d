package card

import (
	"fmt"

	"github.com/bangsim/bangsim/sim/bang"
)

// DuelPosition is a long duel's table as one seat sees it in phase 2 of its own turn
// (bangsim advise --game duel): the characters in play, the cards, one's own hand and
// reinforcements, what is known of the opponent's. The hidden parts (the opponent's
// hand, the deck's order, the opponent's reinforcements' order and the characters not
// named) are not in it: Arrange deals them.
type DuelPosition struct {
	Self int8 // the seat deciding, whose turn it is (0 or 1)
	// Char and Life are each slot's character and life (slot s: seat s's front; s+2:
	// its back); a Life of 0 leaves the slot empty and its Char unread.
	Char    [DuelSlots]Character
	Life    [DuelSlots]int8
	InPlay  [DuelSlots][]CardID // the cards in front of each slot
	Hand    []CardID            // Self's hand
	HandLen uint8               // the opponent's hand size
	// ToCome is each seat's reinforcements still to come, named: Self's in the order
	// they enter, the opponent's in any order (face down: only the set is known).
	// ToComeUnknown counts more of the opponent's, not named; LostUnknown the
	// characters each seat has lost beyond those Lost names. Characters not named are
	// drawn from those nobody holds (the duel's pool is not kept).
	ToCome        [2][]Character
	ToComeUnknown int
	Lost          [2][]Character
	LostUnknown   [2]int
	Discard       []CardID // the discard pile as far as it is known, the top last
	Bangs         uint8    // BANG!s Self has played this turn
}

// Arrange sets d up as a duel under its Options consistent with p, at p.Self's phase-2
// decision, or says which field makes p impossible. The unseen cards (every card not
// in p.Self's hand, in play or on the discard pile) are shuffled from the seed words
// into the opponent's hand, its size, and the deck; the characters p does not name are
// drawn from those nobody holds. The stacks hold each seat's characters entered (the
// ones in play, then the lost) and those to come; the draft's pool is the ten named or
// drawn, the pick order unknown (each seat's picks in character order, Starter and
// PickFirst -1). The record is empty, and this turn the first. A search deals the
// hidden parts afresh (DuelDeterminizer), so arbitrary choices reveal nothing; the
// unnamed characters it keeps as drawn here.
func (d *LongDuel) Arrange(p *DuelPosition, seed1, seed2 uint64) error {
	self := p.Self
	if self != 0 && self != 1 {
		return fmt.Errorf("seat: %d; a long duel has seats 0 and 1", self)
	}
	d.reset(seed1, seed2, seed1^0x6475656c2d706f73, seed2) // "duel-pos"
	g := &d.State
	// Characters: each once, in play within its life, the stacks consistent.
	var used uint64
	count := Character(g.Rules.Count()) // the printed, Plain and the added (Options)
	name := func(field string, c Character) error {
		if c == Plain || c >= count {
			return fmt.Errorf("%s: character %d is no character of the duel", field, c)
		}
		if used>>uint(c)&1 != 0 {
			return fmt.Errorf("%s: %s is named twice (each character is in one place)", field, c)
		}
		used |= 1 << uint(c)
		return nil
	}
	var in [2]int
	for slot := int8(0); slot < DuelSlots; slot++ {
		field := fmt.Sprintf("characters[%d]", slot)
		l := p.Life[slot]
		if l < 0 {
			return fmt.Errorf("life[%d]: %d", slot, l)
		}
		if l == 0 {
			continue
		}
		c := p.Char[slot]
		if err := name(field, c); err != nil {
			return err
		}
		g.enter(slot, c)
		if l > g.MaxLife[slot] {
			return fmt.Errorf("life[%d]: %d, above %s's maximum of %d", slot, l, c, g.MaxLife[slot])
		}
		g.Life[slot] = l
		in[DuelOwner(slot)]++
	}
	if p.ToComeUnknown < 0 || p.ToComeUnknown > DuelCharacters || len(p.ToCome[self]) > DuelCharacters || len(p.ToCome[self^1]) > DuelCharacters {
		return fmt.Errorf("reinforcements: more than a seat's %d characters", DuelCharacters)
	}
	var toCome, lost [2]int
	for s := int8(0); s < 2; s++ {
		if p.LostUnknown[s] < 0 || p.LostUnknown[s] > DuelCharacters || len(p.Lost[s]) > DuelCharacters {
			return fmt.Errorf("lost[%d]: more than a seat's %d characters", s, DuelCharacters)
		}
		toCome[s] = len(p.ToCome[s])
		lost[s] = len(p.Lost[s]) + p.LostUnknown[s]
		if s != self {
			toCome[s] += p.ToComeUnknown
		}
		switch {
		case in[s] == 0:
			return fmt.Errorf("characters: seat %d has no character in play: the duel is over", s)
		case !g.alive(DuelFront(s)):
			return fmt.Errorf("characters[%d]: seat %d has a back character but no front one (the back one comes forward)", DuelFront(s), s)
		case in[s] < 2 && toCome[s] > 0:
			return fmt.Errorf("characters[%d]: seat %d's back is empty while reinforcements are still to come (the next enters at once)", DuelBack(s), s)
		case in[s]+toCome[s]+lost[s] != DuelCharacters:
			return fmt.Errorf("reinforcements: seat %d has %d in play, %d to come and %d lost: a seat has %d characters", s, in[s], toCome[s], lost[s], DuelCharacters)
		}
	}
	st := &d.Info.Stack
	for s := int8(0); s < 2; s++ {
		k := 0
		for _, slot := range [2]int8{DuelFront(s), DuelBack(s)} {
			if g.alive(slot) {
				st[s][k] = g.Char[slot]
				k++
			}
		}
		for i, c := range p.Lost[s] {
			if err := name(fmt.Sprintf("lost[%d][%d]", s, i), c); err != nil {
				return err
			}
			st[s][k] = c
			k++
		}
		k += p.LostUnknown[s] // drawn below
		d.Info.Next[s], d.Info.Lost[s] = uint8(k), uint8(lost[s])
		for i, c := range p.ToCome[s] {
			if err := name(fmt.Sprintf("reinforcements[%d][%d]", s, i), c); err != nil {
				return err
			}
			st[s][k] = c
			k++
		}
	}
	// The characters not named, drawn from those nobody holds.
	var free [bang.MaxCharacters]Character
	nf := 0
	for c := Character(0); c < count; c++ {
		if c != Plain && used>>uint(c)&1 == 0 {
			free[nf] = c
			nf++
		}
	}
	draw := func() Character {
		i := int(g.uintn(uint64(nf)))
		c := free[i]
		nf--
		free[i] = free[nf]
		used |= 1 << uint(c)
		return c
	}
	for s := int8(0); s < 2; s++ {
		k := in[s] + len(p.Lost[s])
		for range p.LostUnknown[s] {
			st[s][k] = draw()
			k++
		}
		if s != self {
			for k += len(p.ToCome[s]); k < DuelCharacters; k++ {
				st[s][k] = draw()
			}
		}
	}
	// The draft as far as it shows: the pool of the ten, the others removed.
	pi, ri := 0, 0
	for c := Character(0); c < count; c++ {
		switch {
		case c == Plain:
		case used>>uint(c)&1 != 0:
			d.Info.Pool[pi] = c
			pi++
		case ri < len(d.Removed):
			d.Removed[ri] = c
			ri++
		}
	}
	d.NumRemoved = uint8(ri)
	for s := 0; s < 2; s++ {
		d.Info.Picked[s] = st[s]
		pk := &d.Info.Picked[s]
		for i := 1; i < DuelCharacters; i++ {
			for j := i; j > 0 && pk[j] < pk[j-1]; j-- {
				pk[j], pk[j-1] = pk[j-1], pk[j]
			}
		}
	}
	if err := d.arrangeCards(p); err != nil {
		return err
	}
	f := DuelFront(self)
	if p.Bangs > g.prof[f].bangCap && !g.InPlay[f].hasKind(Volcanic) {
		return fmt.Errorf("bangs: %d this turn, but only a Volcanic or Willy the Kid plays more than one", p.Bangs)
	}
	g.Active = self
	g.Bangs = p.Bangs
	g.Turns = 1
	d.Info.Turns[self] = 1
	g.chkI, g.jailed, g.aimU = 2, false, -1
	g.phase = phPlay
	g.playOptions()
	return nil
}

// arrangeCards places p's cards (each once, the cards in play blue and as the duel's
// rules allow), the unseen ones shuffled into the opponent's hand and the deck.
func (d *LongDuel) arrangeCards(p *DuelPosition) error {
	g := &d.State
	self, o := p.Self, p.Self^1
	var used Set
	place := func(field string, c CardID) error {
		if !c.Valid() {
			return fmt.Errorf("%s: card %d is not in the deck", field, c)
		}
		if used.Has(c) {
			return fmt.Errorf("%s: %s is placed twice", field, c)
		}
		if Set(g.Rules.Removed).Has(c) {
			return fmt.Errorf("%s: %s is removed from the game by the rules", field, c)
		}
		used.Add(c)
		return nil
	}
	for _, c := range p.Hand {
		if err := place("hand", c); err != nil {
			return err
		}
		g.Hand[self].Add(c)
	}
	for slot := int8(0); slot < DuelSlots; slot++ {
		field := fmt.Sprintf("in_play[%d]", slot)
		if len(p.InPlay[slot]) > 0 && !g.alive(slot) {
			return fmt.Errorf("%s: an empty slot has no cards in play", field)
		}
		for _, c := range p.InPlay[slot] {
			if err := place(field, c); err != nil {
				return err
			}
			k := c.Kind()
			switch {
			case !k.Blue():
				return fmt.Errorf("%s: %s is not a blue card, so never stays in play", field, c)
			case g.InPlay[slot].hasKind(k):
				return fmt.Errorf("%s: two %ss (one of each card in play)", field, k)
			case k.Weapon() && g.InPlay[slot].And(weapons).Len() > 0:
				return fmt.Errorf("%s: two weapons (one at a time)", field)
			case k == Jail && DuelOwner(slot) == self:
				return fmt.Errorf("%s: a Jail in front of the player whose phase 2 it is was drawn for already", field)
			case k == Jail && slot == DuelFront(o) && g.alive(DuelBack(o)):
				return fmt.Errorf("%s: a jailed front character goes to the back (L5)", field)
			}
			g.InPlay[slot].Add(c)
		}
	}
	g.DiscardLen, g.DiscardTop, g.Discarded, g.Store = 0, NoCard, Set{}, Set{}
	for _, c := range p.Discard {
		if err := place("discard", c); err != nil {
			return err
		}
		g.discard(c)
	}
	unseen := allSet.Minus(Set(g.Rules.Removed)).Minus(used)
	if int(p.HandLen) > unseen.Len() {
		return fmt.Errorf("hand_size: the opponent holds %d cards, but only %d are not in your hand, in play or discarded", p.HandLen, unseen.Len())
	}
	g.DeckLen = 0
	for _, c := range unseen.Cards(nil) {
		g.pushDeck(c)
	}
	g.shuffle(int(g.DeckLen))
	for range p.HandLen {
		g.Hand[o].Add(g.drawCard())
	}
	g.recount()
	g.rekey()
	return nil
}
