package league

import "github.com/bangsim/bangsim/sim/card"

// Withdrawal schedules a player's withdrawal from the league (seed 003, "Rezygnacja"):
// during their Game-th game (counted from 1), from the game's turn Turn on (1 is the
// Sheriff's first turn), they play passive and earn $0; Turn 0 withdraws them before
// that game. Either way they play no further game, and they lose any knock-out match by
// forfeit.
type Withdrawal struct {
	Player int
	Game   int
	Turn   int
}

// Passive plays a withdrawn player's seat: Inner, the seat's own policy, until the game
// reaches turn From, then the passive player's rules as far as a policy can keep them:
// it draws its phase-1 card from the deck, plays nothing (it ends phase 2 at once),
// never answers a card (it takes every hit), drinks no Beer against a lethal hit, and
// takes the first card offered by a General Store. What only the engine could do is left
// undone (docs/league.md, "Withdrawal"): the engine still deals it its phase-1 cards,
// which it keeps in hand, its character keeps the abilities the engine applies by itself,
// its Barrel is still drawn, and a General Store's card goes to its hand.
type Passive struct {
	Inner card.Policy
	From  uint16
}

// Choose implements card.Policy.
func (p *Passive) Choose(v *card.View) int {
	if v.Turns < p.From {
		return p.Inner.Choose(v)
	}
	d := &v.Decision
	act := card.ActCard
	switch d.Kind {
	case card.DecideDraw:
		act = card.ActDeck
	case card.DecidePlay:
		act = card.ActEnd
	case card.DecideMissed, card.DecideBang:
		act = card.ActTakeHit
	case card.DecideLethal:
		act = card.ActDie
	}
	if i := d.Find(act, card.NoCard); i >= 0 {
		return i
	}
	return 0
}
