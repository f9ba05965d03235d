package cardgame

import (
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/card"
)

// The fewest cards a deck needs (docs/rules.md, "Shortages"): the opening hands (card.md:
// "Each player draws as many cards as their life points", the Sheriff +1) of the
// largest lives the deal can seat, then the Sheriff's first draw of two. With the
// printed lives (14 of the 16 characters have 4) that is 7·4+1+2 = 31 at 7 players and
// 4·4+1+2 = 19 at 4; a --life change or a character list moves it.
func TestDeckNeeded(t *testing.T) {
	r7, r4 := card.DefaultRules(7), card.DefaultRules(4)
	if got := deckNeeded(&r7, 7); got != 31 {
		t.Errorf("7 players: %d, want 31", got)
	}
	if got := deckNeeded(&r4, 4); got != 19 {
		t.Errorf("4 players: %d, want 19", got)
	}
	seats := card.DefaultRules(4)
	seats.Deal = card.DealSeats
	if err := seats.SetPool([]card.Character{card.ElGringo, card.PaulRegret, card.WillyTheKid, card.BartCassidy}); err != nil {
		t.Fatal(err)
	}
	if got := deckNeeded(&seats, 4); got != 3+3+4+4+1+2 { // El Gringo and Paul Regret have 3
		t.Errorf("fixed seats: %d, want 17", got)
	}
	seats.LifeDelta[card.ElGringo] = 5
	if got := deckNeeded(&seats, 4); got != 8+3+4+4+1+2 {
		t.Errorf("fixed seats, El Gringo +5: %d, want 22", got)
	}
}

// --remove-cards of every card, or of all but 29 (BANG!, Missed!, Beer, Panic!, Cat
// Balou: 51 of the 80), is refused at the player counts it cannot deal, naming how many
// cards remain and how many are needed; it used to play 1,000-turn draws and exit 0.
func TestDeckTooSmallIsRefused(t *testing.T) {
	var all []string
	for k := card.Kind(0); k < card.NumKinds; k++ {
		all = append(all, k.String())
	}
	prep := func(removed string) lab.Prepared {
		t.Helper()
		cfg, err := lab.Config{Game: Game.Name}.WithRule(Game, "remove-cards", lab.Value{Text: removed})
		if err != nil {
			t.Fatal(err)
		}
		p, err := Game.Prepare(choiceOf(t, cfg))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	p := prep(strings.Join(all, ","))
	if err := p.Check(4); err == nil || !strings.Contains(err.Error(), "leaves 0 of the deck's 80 cards, and 4 players need 19") {
		t.Errorf("every card removed, 4 players: %v", err)
	}
	p = prep("BANG!,Missed!,Beer,Panic!,Cat Balou")
	if err := p.Check(7); err == nil || !strings.Contains(err.Error(), "leaves 29 of the deck's 80 cards, and 7 players need 31") {
		t.Errorf("29 cards, 7 players: %v", err)
	}
	if err := p.Check(4); err != nil {
		t.Errorf("29 cards, 4 players: %v", err)
	}
	if err := prep("").Check(7); err != nil {
		t.Errorf("the whole deck, 7 players: %v", err)
	}
}
