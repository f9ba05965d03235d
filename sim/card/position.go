package card

import (
	"fmt"

	"github.com/bangsim/bangsim/sim/bang"
)

// Position is a card-game table as one seat sees it in phase 2 of its own turn (bangsim
// advise): what is public and what that seat holds. The hidden parts (the other hands'
// cards, the deck's order, the roles not known) are not in it: Arrange deals them.
type Position struct {
	Players int
	Self    int                 // the seat deciding, whose turn it is
	Role    [MaxSeats]Role      // the roles the seat knows (its own, the Sheriff's, the dead's); RoleUnknown for the rest
	Char    [MaxSeats]Character // every seat's character (Plain for none: the zero Character is a real one)
	Life    [MaxSeats]int8      // every seat's life; 0: eliminated
	Hand    []CardID            // the seat's own hand
	HandLen [MaxSeats]uint8     // the other seats' hand sizes (the seat's own is len(Hand))
	InPlay  [MaxSeats][]CardID  // the cards in front of each seat
	Discard []CardID            // the discard pile as far as it is known, the top last
	Bangs   uint8               // BANG!s the seat has played this turn
	Turns   uint16              // turns started so far, this one included (0: 1)
}

// Arrange sets g up as a game under rules consistent with p, at p.Self's phase-2
// decision, or says which field makes p impossible. The roles p leaves unknown are
// given, in seat order, the ones the role deck leaves; the unseen cards (every card not
// in p.Self's hand, in play or on the discard pile) are shuffled from the seed words
// into the other hands, each its size, and the deck. A search deals those hidden parts
// afresh from what the seat knows (Determinizer), so that arbitrary choice reveals
// nothing. The record of who aimed at whom is empty (a position says nothing of it),
// and the dead count as eliminated by nobody.
func (g *State) Arrange(rules *Rules, p *Position, seed1, seed2 uint64) error {
	n := p.Players
	if n != int(rules.Players) {
		return fmt.Errorf("players: %d, the rules are for %d", n, rules.Players)
	}
	if err := rules.Validate(); err != nil {
		return fmt.Errorf("rules: %v", err)
	}
	self := p.Self
	if self < 0 || self >= n {
		return fmt.Errorf("seat: %d is not a seat of %d players", self, n)
	}
	g.Setup(rules, seed1, seed2)
	// Roles: the known ones within the role deck, the Sheriff's and the seat's own known,
	// the rest from what the deck leaves.
	left := bang.RoleCounts(n)
	sheriff := -1
	for s := 0; s < n; s++ {
		r := p.Role[s]
		if r == RoleUnknown {
			continue
		}
		if r >= bang.NumRoles {
			return fmt.Errorf("roles: seat %d's role %d is no role", s, r)
		}
		if left[r] == 0 {
			return fmt.Errorf("roles: more of role %s than the %d-player role deck holds", r, n)
		}
		left[r]--
		if r == Sheriff {
			sheriff = s
		}
	}
	if sheriff < 0 {
		return fmt.Errorf("roles: no Sheriff (the Sheriff's role is public)")
	}
	if p.Role[self] == RoleUnknown {
		return fmt.Errorf("roles: your own role (seat %d) is unknown", self)
	}
	for s := 0; s < n; s++ {
		r := p.Role[s]
		if r == RoleUnknown {
			if p.Life[s] <= 0 {
				return fmt.Errorf("roles: seat %d is dead, so its role was revealed: give it", s)
			}
			for r = 0; left[r] == 0; r++ {
			}
			left[r]--
		}
		g.Role[s] = r
	}
	// Characters, then life against each maximum.
	var seen [bang.MaxCharacters]bool
	for s := 0; s < n; s++ {
		c := p.Char[s]
		if int(c) >= int(bang.NumCharacters)+int(rules.Added) { // the printed ones, then those the rules add
			return fmt.Errorf("characters: seat %d's character %d is no character", s, c)
		}
		if c != Plain && seen[c] {
			return fmt.Errorf("characters: %s sits at two seats", c)
		}
		seen[c] = true
		g.Char[s] = c
	}
	g.Refresh()
	g.Alive = 0
	for s := 0; s < n; s++ {
		l := p.Life[s]
		switch {
		case l < 0:
			return fmt.Errorf("life: seat %d has %d", s, l)
		case l > g.MaxLife[s]:
			return fmt.Errorf("life: seat %d has %d, above its maximum of %d", s, l, g.MaxLife[s])
		case l == 0 && s == self:
			return fmt.Errorf("life: your seat %d is dead", s)
		case l == 0:
			g.Revealed[s] = g.Role[s]
			g.Eliminations[CauseOther]++
		default:
			g.Alive |= 1 << uint(s)
		}
		g.Life[s] = l
	}
	if g.Alive&(1<<uint(sheriff)) == 0 {
		return fmt.Errorf("life: the Sheriff (seat %d) is dead: the game is over", sheriff)
	}
	if (g.outlaws|g.renegades)&g.Alive == 0 {
		return fmt.Errorf("life: no Outlaw or Renegade is alive: the game is over")
	}
	// Cards: each placed once, the cards in play blue and as the rules allow.
	var used Set
	place := func(field string, c CardID) error {
		if !c.Valid() {
			return fmt.Errorf("%s: card %d is not in the deck", field, c)
		}
		if used.Has(c) {
			return fmt.Errorf("%s: %s is placed twice", field, c)
		}
		if Set(rules.Removed).Has(c) {
			return fmt.Errorf("%s: %s is removed from the game by the rules", field, c)
		}
		used.Add(c)
		return nil
	}
	g.Hand = [MaxSeats]Set{}
	g.InPlay = [MaxSeats]Set{}
	for _, c := range p.Hand {
		if err := place("hand", c); err != nil {
			return err
		}
		g.Hand[self].Add(c)
	}
	for s := 0; s < n; s++ {
		field := fmt.Sprintf("in_play[%d]", s)
		if len(p.InPlay[s]) > 0 && g.Alive>>uint(s)&1 == 0 {
			return fmt.Errorf("%s: a dead seat has no cards in play", field)
		}
		for _, c := range p.InPlay[s] {
			if err := place(field, c); err != nil {
				return err
			}
			k := c.Kind()
			switch {
			case !k.Blue():
				return fmt.Errorf("%s: %s is not a blue card, so never stays in play", field, c)
			case g.InPlay[s].hasKind(k):
				return fmt.Errorf("%s: two %ss (one of each card in play)", field, k)
			case k.Weapon() && g.InPlay[s].And(weapons).Len() > 0:
				return fmt.Errorf("%s: two weapons (one at a time)", field)
			case k == Jail && s == sheriff:
				return fmt.Errorf("%s: the Sheriff cannot be jailed", field)
			case k == Jail && s == self:
				return fmt.Errorf("%s: a Jail in front of the player whose phase 2 it is was drawn for already", field)
			}
			g.InPlay[s].Add(c)
		}
		if s != self && p.HandLen[s] > 0 && g.Alive>>uint(s)&1 == 0 {
			return fmt.Errorf("hand_sizes[%d]: the seat is dead and holds no cards", s)
		}
	}
	g.DiscardLen, g.DiscardTop, g.Discarded = 0, NoCard, Set{}
	for _, c := range p.Discard {
		if err := place("discard", c); err != nil {
			return err
		}
		g.discard(c)
	}
	// The unseen cards: the deck, shuffled, the other hands dealt from its top.
	unseen := allSet.Minus(Set(rules.Removed)).Minus(used)
	want := 0
	for s := 0; s < n; s++ {
		if s != self {
			want += int(p.HandLen[s])
		}
	}
	if want > unseen.Len() {
		return fmt.Errorf("hand_sizes: the other hands hold %d cards, but only %d are not in your hand, in play or discarded", want, unseen.Len())
	}
	g.DeckLen = 0
	for _, c := range unseen.Cards(nil) {
		g.pushDeck(c)
	}
	g.shuffle(int(g.DeckLen))
	for s := 0; s < n; s++ {
		if s != self {
			for range p.HandLen[s] {
				g.Hand[s].Add(g.drawCard())
			}
		}
	}
	g.recount()
	g.rekey()
	if p.Bangs > g.prof[self].bangCap && !g.InPlay[self].hasKind(Volcanic) {
		return fmt.Errorf("bangs: %d this turn, but only a Volcanic or Willy the Kid plays more than one", p.Bangs)
	}
	g.Active = int8(self)
	g.Bangs = p.Bangs
	g.Turns = max(p.Turns, 1)
	if g.Turns > g.Rules.MaxTurns {
		return fmt.Errorf("turns: %d, past the turn cap of %d", g.Turns, g.Rules.MaxTurns)
	}
	g.phase = phPlay
	g.playOptions()
	return nil
}
