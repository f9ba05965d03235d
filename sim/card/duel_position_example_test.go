package card_test

import (
	"fmt"

	"github.com/bangsim/bangsim/sim/card"
)

// ExampleLongDuel_Arrange builds seat 0's phase 2 of a long duel where both seats are
// down to their last character at 1 life and seat 1's hand is empty, and plays the
// lethal BANG!.
func ExampleLongDuel_Arrange() {
	bang := card.KindSet(card.BANG).First()
	p := card.DuelPosition{Self: 0, Hand: []card.CardID{bang}}
	p.Char = [card.DuelSlots]card.Character{card.BartCassidy, card.SlabTheKiller}
	p.Life = [card.DuelSlots]int8{1, 1, 0, 0}
	p.LostUnknown = [2]int{4, 4}
	d := card.NewLongDuel([2]card.Policy{}, [2]card.DraftPolicy{})
	if err := d.Arrange(&p, 1, 2); err != nil {
		fmt.Println(err)
		return
	}
	dec := d.Pending()
	fmt.Println(dec.Kind, "for seat", dec.Seat, "with", dec.N, "options; characters left", d.Info.Left(0), d.Info.Left(1))
	d.Apply(dec.FindPlay(bang, card.DuelFront(1), card.NoCard))
	fmt.Println("over:", d.Over, "winner: seat", d.Info.Winner)
	p.Char[2], p.Life[2] = card.KitCarlson, 3 // a back one too: six characters
	fmt.Println(d.Arrange(&p, 1, 2))
	// Output:
	// play for seat 0 with 2 options; characters left 1 1
	// over: true winner: seat 0
	// reinforcements: seat 0 has 2 in play, 0 to come and 4 lost: a seat has 5 characters
}
