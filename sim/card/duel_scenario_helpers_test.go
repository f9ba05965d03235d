package card

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// Duel scenarios arrange a long duel (stacks, hands, cards in front of characters, the
// deck's top), then play single turns with scripted choices. Unless a test says
// otherwise every character is a distinct one without an ability that matters to the
// test, seat 0 takes the turn, and every decision not scripted takes option 0 (end
// phase 2, keep the characters, take the hit, die, the first card).

// scripted answers a seat's decisions: each step, in order, is offered the decisions of
// its seat until it returns an index (>= 0); the first step to accept is used up.
// Decisions no step wants take option 0.
type scripted struct {
	steps []func(d *Decision) int
	seen  []Decision // every decision asked of the seat, as asked
}

// Choose implements Policy.
func (p *scripted) Choose(v *View) int {
	p.seen = append(p.seen, v.Decision)
	if len(p.steps) > 0 {
		if c := p.steps[0](&v.Decision); c >= 0 {
			p.steps = p.steps[1:]
			return c
		}
	}
	return 0
}

// play returns a step that plays card c at slot t (pick p) in phase 2.
func play(c CardID, t int8, p CardID) func(d *Decision) int {
	return func(d *Decision) int {
		if d.Kind != DecidePlay {
			return -1
		}
		return d.FindPlay(c, t, p)
	}
}

// when returns a step that takes the first option with act a (and card c, NoCard: any)
// in a decision of kind k.
func when(k DecisionKind, a Act, c CardID) func(d *Decision) int {
	return func(d *Decision) int {
		if d.Kind != k {
			return -1
		}
		return d.Find(a, c)
	}
}

// duelScene is one arranged duel.
type duelScene struct {
	t   *testing.T
	d   *LongDuel
	pol [2]*scripted
}

// Quiet characters for scenarios: abilities that change nothing a scenario looks at
// unless it says so (Pedro Ramirez and Jesse Jones are asked nothing with an empty
// discard pile or an empty opposing hand… so the fillers use Vulture Sam and Suzy only
// where stated; these four draw two cards and do nothing else here).
var quiet = [2][DuelCharacters]Character{
	{PaulRegret, RoseDoolan, VultureSam, SidKetchum, WillyTheKid},
	{ElGringo, BartCassidy, SlabTheKiller, LuckyDuke, KitCarlson},
}

// plainStacks are stacks of characters whose abilities the scenarios below never
// trigger: every slot gets a character by index from a list chosen per test.
func newDuelScene(t *testing.T, stacks [2][DuelCharacters]Character) *duelScene {
	t.Helper()
	sc := &duelScene{t: t, pol: [2]*scripted{{}, {}}}
	sc.d = NewLongDuel([2]Policy{sc.pol[0], sc.pol[1]}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
	sc.d.Begin(seed.ForGame(1, 1))
	sc.d.Place(stacks, 0)
	g := &sc.d.State
	// Every card into the deck in card order (the top last), hands empty.
	g.Hand[0], g.Hand[1], g.HandLen[0], g.HandLen[1] = Set{}, Set{}, 0, 0
	g.DiscardLen, g.DiscardTop, g.Discarded = 0, NoCard, Set{}
	for i := 0; i < NumCards; i++ {
		g.deck[i] = CardID(NumCards - 1 - i)
	}
	g.DeckLen = NumCards
	return sc
}

// take pulls card c out of whichever zone holds it (the deck, arranged by newDuelScene).
func (sc *duelScene) take(c CardID) {
	g := &sc.d.State
	for i := 0; i < int(g.DeckLen); i++ {
		if g.deck[i] == c {
			copy(g.deck[i:], g.deck[i+1:g.DeckLen])
			g.DeckLen--
			return
		}
	}
	for s := 0; s < 2; s++ {
		if g.Hand[s].Has(c) {
			g.drop(int8(s), c)
			return
		}
	}
	for s := 0; s < DuelSlots; s++ {
		if g.InPlay[s].Has(c) {
			g.InPlay[s].Remove(c)
			return
		}
	}
	sc.t.Fatalf("card %s not found", c)
}

// hand gives seat s these cards.
func (sc *duelScene) hand(s int8, cs ...CardID) {
	for _, c := range cs {
		sc.take(c)
		sc.d.give(s, c)
	}
}

// inPlay puts these cards in front of slot.
func (sc *duelScene) inPlay(slot int8, cs ...CardID) {
	for _, c := range cs {
		sc.take(c)
		sc.d.InPlay[slot].Add(c)
	}
}

// top stacks these cards on the deck, the first on top.
func (sc *duelScene) top(cs ...CardID) {
	g := &sc.d.State
	for i := len(cs) - 1; i >= 0; i-- {
		sc.take(cs[i])
		g.pushDeck(cs[i])
	}
}

// script gives seat s's policy its steps.
func (sc *duelScene) script(s int8, steps ...func(d *Decision) int) {
	sc.pol[s].steps = append(sc.pol[s].steps, steps...)
}

// turn plays one turn of the active seat and checks the invariants.
func (sc *duelScene) turn() {
	sc.t.Helper()
	if e := duelCheck(sc.d); e != "" {
		sc.t.Fatalf("before the turn: %s", e)
	}
	sc.d.turn()
	if e := duelCheck(sc.d); e != "" {
		sc.t.Fatalf("after the turn: %s", e)
	}
}

// asked returns the decisions of kind k asked of seat s so far.
func (sc *duelScene) asked(s int8, k DecisionKind) []Decision {
	var out []Decision
	for _, d := range sc.pol[s].seen {
		if d.Kind == k {
			out = append(out, d)
		}
	}
	return out
}

// targets returns the slots that card c may be played at in a phase-2 decision.
func targets(d *Decision, c CardID) []int8 {
	var out []int8
	for i := 0; i < int(d.N); i++ {
		if o := d.Options[i]; o.Act == ActPlay && o.Card == c && (o.Pick == NoCard || o.Pick == PickHand) {
			out = append(out, o.Target)
		}
	}
	return out
}
