package cardgame

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/bangsim/bangsim/sim/card"
)

// firstDraw is the cards the Sheriff draws in the first turn's phase 1 (card.md, the
// turn: "Draw two cards"); nothing is discarded yet to reshuffle, so they must be left
// in the deck after the deal.
const firstDraw = 2

// deckNeeded is the fewest cards a deck must hold for a game of r at n players to be
// dealt and begun as the rules say: every seat's opening hand is its life (card.md,
// set-up: "Each player draws as many cards as their life points"; card_life, the
// Sheriff +1, --life's change), which sim/card's deal takes from the top of the deck
// and, on a shorter deck, deals short hands from; then the Sheriff draws firstDraw. The
// lives are the worst the deal can give (the n largest of the characters it may seat),
// so that every game of the run is dealt in full: 7 × 4 + 1 + 2 = 31 cards at 7 players
// with the printed lives, 4 × 4 + 1 + 2 = 19 at 4. A smaller deck (a --remove-cards of
// most of the cards) plays short hands and, with every card gone, nothing but draws at
// the turn cap.
func deckNeeded(r *card.Rules, n int) int {
	var lives []int
	life := func(c card.Character) int { return max(card.Life(c)+int(r.LifeDelta[c]), 1) }
	switch r.Deal {
	case card.DealPlain:
		for range n {
			lives = append(lives, life(card.Plain))
		}
	case card.DealPool, card.DealSeats:
		for _, c := range r.Pool[:r.PoolLen] {
			lives = append(lives, life(c))
		}
		if r.Deal == card.DealSeats {
			lives = lives[:min(n, len(lives))] // seat i is dealt the i-th
		}
	default: // the box, without repeats
		for c := card.Character(0); c < card.NumRealCharacters; c++ {
			lives = append(lives, life(c))
		}
	}
	slices.Sort(lives)
	slices.Reverse(lives)
	need := 1 + firstDraw // the Sheriff's extra life point, and the first draw
	for _, l := range lives[:min(n, len(lives))] {
		need += l
	}
	return need
}

// deckSize is the cards left in the deck once r's removed cards are taken out.
func deckSize(r *card.Rules) int {
	return card.NumCards - bits.OnesCount64(r.Removed[0]) - bits.OnesCount64(r.Removed[1])
}

// checkDeck refuses a deck too small for deckNeeded, naming both numbers.
func checkDeck(r *card.Rules, n int) error {
	have, need := deckSize(r), deckNeeded(r, n)
	if have >= need {
		return nil
	}
	return fmt.Errorf("--remove-cards leaves %d of the deck's %d cards, and %d players need %d: the opening hands (each player's life, the Sheriff's one more) and the Sheriff's first draw of %d; remove fewer cards",
		have, card.NumCards, n, need, firstDraw)
}
