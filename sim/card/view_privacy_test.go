package card_test

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// listSpy is a ListPolicy that plays as p and checks, at every decision,
// that what its View holds beyond what the engine wrote for it (Decision.Options past
// the written ones, View.Play and View.List when not filled) names only cards it has
// been shown in this game: its hands and the options and lists written for it (an
// entry never written, a zero Option, names nothing).
type listSpy struct {
	p     card.Policy // what it plays as
	shown card.Set
	leaks int
	first string
}

func (s *listSpy) ReadsLists() bool { return true }

func (s *listSpy) Choose(v *card.View) int {
	d := &v.Decision
	written := int(d.N)
	switch {
	case v.Play.Filled && v.Play.Compact:
		written = 1
	case v.List.Filled && v.List.Compact:
		written = int(v.List.Pre)
	}
	s.shown = s.shown.Or(v.Hand)
	for _, o := range d.Options[:written] {
		for _, c := range [2]card.CardID{o.Card, o.Pick} {
			if c.Valid() {
				s.shown.Add(c)
			}
		}
	}
	if v.Play.Filled {
		s.shown = s.shown.Or(v.Play.Cards)
	}
	if v.List.Filled {
		s.shown = s.shown.Or(v.List.Cards)
	}
	unseen := func(c card.CardID) bool { return c.Valid() && !s.shown.Has(c) }
	leak := func(what string) {
		if s.leaks++; s.first == "" {
			s.first = fmt.Sprintf("seat %d, %v: %s", v.Self, d.Kind, what)
		}
	}
	for i := written; i < card.MaxOptions; i++ {
		if o := d.Options[i]; o != (card.Option{}) && (unseen(o.Card) || unseen(o.Pick)) { // zero: never written (a real option's Card or Pick is NoCard, not card 0)
			leak(fmt.Sprintf("Options[%d] (%d written) = %+v", i, written, o))
			break
		}
	}
	for _, l := range [2]struct {
		filled bool
		cards  card.Set
		name   string
	}{{v.Play.Filled, v.Play.Cards, "Play"}, {v.List.Filled, v.List.Cards, "List"}} {
		if !l.filled && l.cards.And(s.shown) != l.cards {
			leak("stale " + l.name + ".Cards")
		}
	}
	return s.p.Choose(v)
}

// hiddenLists is a policy (the heuristic, Random) as a plain Policy: neither a
// ListPolicy nor a CountPolicy, so the engine writes every list out for its seat.
type hiddenLists struct{ card.Policy }

// TestViewPrivacy plays a ListPolicy among seats whose lists the engine writes out (a
// phase-3 discard lists the discarder's hand): the entries of its View the engine did
// not write for it must never name a card it has not been shown (a policy sees only
// what its player may know), in the first game of a Table and in the games after.
func TestViewPrivacy(t *testing.T) {
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		spy := &listSpy{p: cardbots.Heuristic{}}
		other := hiddenLists{cardbots.Heuristic{}}
		for role := range card.NumRoles {
			var byRole [card.NumRoles]card.Policy
			for r := range byRole {
				byRole[r] = other
			}
			byRole[role] = spy
			tab, err := card.NewTable(card.DefaultRules(n), byRole)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 20 {
				spy.shown = card.Set{}
				tab.Play(seed.ForGame(uint64(n), uint64(i)))
			}
		}
		if spy.leaks != 0 {
			t.Errorf("%d players: %d decisions saw cards not shown to them; first: %s", n, spy.leaks, spy.first)
		}
	}
}

// TestDuelViewPrivacy is TestViewPrivacy for the long duel: the spy at either seat,
// the other seat's decisions written out, duel after duel on one LongDuel.
func TestDuelViewPrivacy(t *testing.T) {
	for seat := range 2 {
		spy := &listSpy{p: hiddenLists{&card.Random{}}}
		pols := [2]card.Policy{hiddenLists{&card.Random{}}, hiddenLists{&card.Random{}}}
		pols[seat] = spy
		d := card.NewLongDuel(pols, [2]card.DraftPolicy{card.RandomDraft{}, card.RandomDraft{}})
		for i := range 50 {
			spy.shown = card.Set{}
			d.Play(seed.ForGame(7, uint64(i)))
		}
		if spy.leaks != 0 {
			t.Errorf("spy at seat %d: %d decisions saw cards not shown to them; first: %s", seat, spy.leaks, spy.first)
		}
	}
}

// tamperer plays as p but first writes into its View what the Table sets once a game
// (Omniscient, Self, Role) and a record it made up: a policy may write its View, and
// none of that may show it a hidden role or change what the engine tells it next.
type tamperer struct {
	p    card.Policy
	seen int // decisions at which a hidden role showed
}

func (x *tamperer) Choose(v *card.View) int {
	for s := range int(v.Players) {
		if s != int(v.Self) && s != int(v.Sheriff) && v.Alive>>uint(s)&1 == 1 && v.Revealed[s] != card.RoleUnknown {
			x.seen++
		}
	}
	c := x.p.Choose(v)
	v.Omniscient = true
	v.Revealed = [card.MaxSeats]card.Role{}
	return c
}

// TestViewTamper: a policy that sets its View's Omniscient between decisions still sees
// no living player's hidden role (the Table, not the View, says who is omniscient).
func TestViewTamper(t *testing.T) {
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		x := &tamperer{p: &card.Random{}}
		var byRole [card.NumRoles]card.Policy
		for r := range byRole {
			byRole[r] = x
		}
		tab, err := card.NewTable(card.DefaultRules(n), byRole)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 20 {
			tab.Play(seed.ForGame(uint64(n), uint64(i)))
		}
		if x.seen != 0 {
			t.Errorf("%d players: a hidden role showed at %d decisions after the policy set View.Omniscient", n, x.seen)
		}
	}
}
