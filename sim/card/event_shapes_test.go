package card

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// The shapes of the traced events a replay reads (issue 28, "The replay a reader can
// follow"): the deal first, Black Jack's second card drawn as well as shown, every heal
// naming its card or ability, a "draw!" that turned nothing saying so, and the discard a
// Cat Balou forces naming who played it.

// traced starts the scenario with the trace on and returns the events up to the first
// decision.
func (s *scenario) traced() []Event {
	s.t.Helper()
	s.g.Trace(true)
	s.start()
	ev, lost := s.g.Events()
	if lost > 0 {
		s.t.Fatalf("%d events lost", lost)
	}
	return append([]Event(nil), ev...)
}

// afterDeal returns the events past the leading EvDeal ones.
func afterDeal(ev []Event) []Event {
	for len(ev) > 0 && ev[0].Kind == EvDeal {
		ev = ev[1:]
	}
	return ev
}

// TestEventBlackJackDrawsHisSecond: Black Jack's second card is an EvDraw (phase 1) like
// his first, then the EvShow that decides his third; it used to be an EvShow alone, so a
// replay never saw it enter his hand.
func TestEventBlackJackDrawsHisSecond(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{0: BlackJack}, scFive...)
	s.hand(0, keep)
	s.deck(fill1, heartCard, fill2)
	ev := afterDeal(s.traced())
	want := []Event{
		{Kind: EvTurn, Seat: 0, Other: -1, Card: NoCard, Pick: NoCard},
		{Kind: EvDraw, Seat: 0, Other: -1, Card: fill1, Pick: NoCard, Cause: uint8(DrawPhase1)},
		{Kind: EvDraw, Seat: 0, Other: -1, Card: heartCard, Pick: NoCard, Cause: uint8(DrawPhase1)},
		{Kind: EvShow, Seat: 0, Other: -1, Card: heartCard, Pick: NoCard, N: 1},
		{Kind: EvDraw, Seat: 0, Other: -1, Card: fill2, Pick: NoCard, Cause: uint8(DrawPhase1)},
	}
	if len(ev) != len(want) {
		t.Fatalf("events %v, want %v", ev, want)
	}
	for i := range want {
		if ev[i] != want[i] {
			t.Errorf("event %d: %+v, want %+v", i, ev[i], want[i])
		}
	}
}

// TestEventCheckWithNoCard: a "draw!" with the deck and the discard pile both empty
// (C23) is an EvCheck with no card, failed, whose Mask says why (CheckNoCard).
func TestEventCheckWithNoCard(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	dy := nth(Dynamite, 0)
	s.inPlay(0, dy)
	s.hand(0, nth(BANG, 0), keep)
	s.onlyThese()
	var check *Event
	ev := s.traced()
	for i := range ev {
		if ev[i].Kind == EvCheck {
			check = &ev[i]
			break
		}
	}
	want := Event{Kind: EvCheck, Seat: 0, Other: -1, Card: NoCard, Pick: NoCard, N: 0, Cause: uint8(CheckDynamite), Mask: CheckNoCard}
	if check == nil || *check != want {
		t.Fatalf("check %+v, want %+v (events %v)", check, want, ev)
	}
}

// TestEventCatBalouDiscardNamesThePlayer: the card a Cat Balou makes its target discard
// is the target's EvDiscard (cause Cat Balou) with Other the player of the Cat Balou.
func TestEventCatBalouDiscardNamesThePlayer(t *testing.T) {
	for _, pick := range []string{"in-play", "hand"} {
		t.Run(pick, func(t *testing.T) {
			s := newScenario(t, 5, nil, scFive...)
			cb, mus := nth(CatBalou, 0), nth(Mustang, 0)
			s.hand(0, cb, keep)
			s.inPlay(2, mus)
			s.hand(2, fill3)
			s.deck(fill1, fill2)
			s.traced()
			s.g.ClearEvents()
			want := Event{Kind: EvDiscard, Seat: 2, Other: 0, Card: mus, Pick: NoCard, Cause: uint8(DiscardCatBalou)}
			if pick == "hand" {
				s.playCard(cb, 2, PickHand)
				want.Card = fill3
			} else {
				s.playCard(cb, 2, mus)
			}
			ev, _ := s.g.Events()
			if len(ev) < 2 || ev[0].Kind != EvPlay || ev[1] != want {
				t.Fatalf("events %+v, want a play then %+v", ev, want)
			}
		})
	}
}

// TestEventHealNamesItsSource: a Beer's and a Saloon's heals carry the card (they used
// to carry none), Sid Ketchum's his ability.
func TestEventHealNamesItsSource(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: SidKetchum}, scFive...)
	sal := nth(Saloon, 0)
	s.hand(0, beer, sal, keep)
	s.life(0, 3)
	s.life(3, 2)
	s.deck(fill1, fill2)
	s.traced()
	s.g.ClearEvents()
	s.playSelf(beer)
	s.playSelf(sal)
	var got []Event
	ev, _ := s.g.Events()
	for _, e := range ev {
		if e.Kind == EvHeal {
			got = append(got, e)
		}
	}
	want := []Event{
		{Kind: EvHeal, Seat: 0, Other: -1, Card: beer, Pick: NoCard, N: 1, Cause: uint8(HealBeer)},
		{Kind: EvHeal, Seat: 0, Other: -1, Card: sal, Pick: NoCard, N: 1, Cause: uint8(HealSaloon)},
		{Kind: EvHeal, Seat: 3, Other: -1, Card: sal, Pick: NoCard, N: 1, Cause: uint8(HealSaloon)},
	}
	if len(got) != len(want) {
		t.Fatalf("heals %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("heal %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestEventShapesInPlay holds every traced game of random seats, 4 to 7 players, to
// the shapes above: the first events are the deal, one EvDeal per card of each hand as
// Setup dealt it, in seat order; every heal names a card of its cause's kind (Sid
// Ketchum's none); every EvShow follows the EvDraw of its card; an EvCheck has no card
// exactly when its Mask says CheckNoCard.
func TestEventShapesInPlay(t *testing.T) {
	heals := map[HealWhy]int{}
	for n := MinPlayers; n <= MaxPlayers; n++ {
		r := DefaultRules(n)
		tb := randomTable(t, r)
		var ev []Event
		tb.OnEvents = func(e []Event) { ev = append(ev, e...) }
		for i := uint64(0); i < 150; i++ {
			ev = ev[:0]
			gs := seed.ForGame(28, i)
			var dealt State
			s1, s2, _, _ := seed.Streams(gs)
			dealt.Setup(&tb.Rules, s1, s2)
			g := tb.Play(gs)
			k := 0
			for s := 0; s < n; s++ {
				for _, c := range dealt.Hand[s].Cards(nil) {
					if k >= len(ev) || ev[k] != (Event{Kind: EvDeal, Seat: int8(s), Other: -1, Card: c, Pick: NoCard}) {
						t.Fatalf("p%d game %d: event %d is %+v, want the deal of %s to seat %d", n, i, k, ev[min(k, len(ev)-1)], c, s)
					}
					k++
				}
			}
			if ev[k].Kind != EvTurn {
				t.Fatalf("p%d game %d: the deal is followed by %v, want the first turn", n, i, ev[k].Kind)
			}
			for j, e := range ev[k:] {
				switch e.Kind {
				case EvDeal:
					t.Fatalf("p%d game %d: a deal event after the start", n, i)
				case EvHeal:
					heals[HealWhy(e.Cause)]++
					wantKind := map[HealWhy]Kind{HealBeer: Beer, HealSaloon: Saloon}
					if kd, ok := wantKind[HealWhy(e.Cause)]; ok && (!e.Card.Valid() || e.Card.Kind() != kd) ||
						HealWhy(e.Cause) == HealSid && (e.Card != NoCard || g.Char[e.Seat] != SidKetchum) ||
						e.Cause > uint8(HealSid) {
						t.Fatalf("p%d game %d: heal %+v", n, i, e)
					}
				case EvShow:
					if p := ev[k+j-1]; p.Kind != EvDraw || p.Card != e.Card || p.Seat != e.Seat {
						t.Fatalf("p%d game %d: show %+v after %+v", n, i, e, p)
					}
				case EvCheck:
					if (e.Card == NoCard) != (e.Mask == CheckNoCard) || e.Mask > CheckNoCard {
						t.Fatalf("p%d game %d: check %+v", n, i, e)
					}
				}
			}
		}
	}
	for _, why := range []HealWhy{HealBeer, HealSaloon, HealSid} {
		if heals[why] == 0 {
			t.Errorf("no heal of cause %d in the games: the test saw nothing", why)
		}
	}
}
