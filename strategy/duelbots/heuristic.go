package duelbots

import "github.com/bangsim/bangsim/sim/card"

// Heuristic plays the long duel by fixed rules of thumb, scoring each legal option:
// draw and take cards first, arm and protect the front character, jail the opponent's
// front, then shoot the weakest opposing character in reach (a kill first); answer
// every shot and Indians! it can, drink against a lethal hit, place the character with
// more life (then the more valued) in front at the set-up, keep the healthier
// character in front, and discard or give up its least useful cards. It never plays
// Dynamite, nor Panic! or Cat Balou on its own characters. It reads only its View: the
// board (by slot), its hand and the options.
type Heuristic struct{}

// Choose implements card.Policy.
func (h *Heuristic) Choose(v *card.View) int { return h.ChooseDuel(v, nil) }

// ChooseDuel implements card.DuelPolicy.
func (*Heuristic) ChooseDuel(v *card.View, _ *card.DuelInfo) int {
	d := &v.Decision
	best, bestScore := 0, -1<<30
	for i := 0; i < int(d.N); i++ {
		if s := score(v, d.Options[i]); s > bestScore {
			best, bestScore = i, s
		}
	}
	return best
}

// cardValue is how much a card in hand is worth keeping, higher better.
var cardValue = [card.NumKinds]int{
	card.BANG: 50, card.Missed: 55, card.Beer: 60, card.Saloon: 35, card.Stagecoach: 45,
	card.WellsFargo: 50, card.GeneralStore: 40, card.Panic: 48, card.CatBalou: 44,
	card.Gatling: 52, card.Indians: 47, card.Duel: 42, card.Barrel: 58, card.Dynamite: 5,
	card.Jail: 46, card.Mustang: 54, card.Scope: 36, card.Volcanic: 38, card.Schofield: 40,
	card.Remington: 42, card.RevCarabine: 43, card.Winchester: 44,
}

func value(c card.CardID) int {
	if !c.Valid() {
		return 0
	}
	return cardValue[c.Kind()]
}

// score rates option o of the pending decision.
func score(v *card.View, o card.Option) int {
	d := &v.Decision
	self := v.Self
	front, back := card.DuelFront(self), card.DuelBack(self)
	switch d.Kind {
	case card.DecideSwap:
		// Keep the healthier character in front (it takes the shots at distance 1).
		gain := int(v.Life[back]) - int(v.Life[front])
		if o.Act == card.ActSwap {
			return gain - 1
		}
		return 0
	case card.DecidePlace:
		// The front character draws the starting hand and keeps its life as the hand
		// limit, stands at distance 1 and is the one whose ability works: the one with
		// more life, then the one the draft values more.
		c := v.Char[o.Target&3]
		return 1000*int(v.MaxLife[o.Target&3]) + int(card.DuelValue(c)) // an added character's: card.DuelAddedValue
	case card.DecidePass:
		return -int(v.Life[o.Target&3]) // on the opponent's weaker character
	case card.DecideDraw:
		switch o.Act {
		case card.ActPlayer:
			return 2 // a card from the opponent's hand hurts them too
		case card.ActPile:
			return value(o.Card) / 10
		}
		return 1
	case card.DecideKit, card.DecideDiscard, card.DecideSidCard:
		return -value(o.Card) // give up the least useful
	case card.DecideLucky:
		return luckyScore(o.Card)
	case card.DecideStore:
		return value(o.Card)
	case card.DecideMissed, card.DecideBang:
		if o.Act == card.ActTakeHit {
			return 0
		}
		return 1000 - value(o.Card) // answer, with the cheapest card that does
	case card.DecideLethal:
		switch o.Act {
		case card.ActDie:
			return 0
		case card.ActHeal:
			return 500
		}
		return 1000
	case card.DecidePlay:
		return playScore(v, o, front, back)
	}
	return 0
}

// luckyScore prefers a heart (a Barrel or a Jail succeeds) and avoids 2–9 of spades
// (the Dynamite explodes): Lucky Duke's card serves every "draw!" at once.
func luckyScore(c card.CardID) int {
	switch {
	case c.Suit() == card.Hearts:
		return 2
	case c.Suit() == card.Spades && c.Rank() >= 2 && c.Rank() <= 9:
		return 0
	}
	return 1
}

// playScore rates a phase-2 option; the end scores 0, so only plays above it are made.
func playScore(v *card.View, o card.Option, front, back int8) int {
	if o.Act == card.ActEnd {
		return 0
	}
	if o.Act == card.ActHeal {
		return 30
	}
	k := o.Card.Kind()
	t := o.Target
	mine := t >= 0 && card.DuelOwner(t) == v.Self
	switch k {
	case card.Stagecoach, card.WellsFargo:
		return 100
	case card.GeneralStore:
		return 90
	case card.Barrel, card.Mustang, card.Scope:
		if t == front {
			return 80
		}
		return 5
	case card.Volcanic, card.Schofield, card.Remington, card.RevCarabine, card.Winchester:
		if t != front {
			return -1
		}
		cur := v.InPlay[front].And(weaponSet)
		if w := cur.First(); w != card.NoCard && w.Kind().Range() >= k.Range() {
			return -1
		}
		return 70 + k.Range()
	case card.Dynamite:
		return -1
	case card.Jail:
		if t == card.DuelFront(v.Self^1) {
			return 85
		}
		return 40
	case card.Beer:
		if v.Life[t&3] < v.MaxLife[t&3] && v.Life[t&3] <= 2 {
			return 75
		}
		if v.Life[t&3] < v.MaxLife[t&3] {
			return 20
		}
		return -1
	case card.Saloon:
		var gain int
		for s := int8(0); s < card.DuelSlots; s++ {
			if v.Alive>>uint(s)&1 != 0 && v.Life[s] < v.MaxLife[s] {
				if card.DuelOwner(s) == v.Self {
					gain++
				} else {
					gain--
				}
			}
		}
		if gain > 0 {
			return 60
		}
		return -1
	case card.Panic, card.CatBalou:
		if mine {
			return -1
		}
		if o.Pick == card.PickHand {
			return 55
		}
		return 50 + value(o.Pick)/10
	case card.Gatling, card.Indians:
		return 65
	case card.Duel:
		if countKind(v.Hand, card.BANG) >= 3 {
			return 45 - int(v.Life[t&3])
		}
		return -1
	case card.BANG, card.Missed:
		l := int(v.Life[t&3])
		s := 60 - 5*l
		if l == 1 {
			s += 20 // a kill
		}
		return s
	}
	return -1
}

var weaponSet = card.KindSet(card.Volcanic).Or(card.KindSet(card.Schofield)).Or(card.KindSet(card.Remington)).
	Or(card.KindSet(card.RevCarabine)).Or(card.KindSet(card.Winchester))

func countKind(h card.Set, k card.Kind) int { return h.And(card.KindSet(k)).Len() }
