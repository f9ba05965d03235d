package card_test

import (
	"fmt"

	"github.com/bangsim/bangsim/sim/card"
)

// ExampleState_Arrange builds the Sheriff's phase 2 against a lone Outlaw at 1 life
// with an empty hand, and plays the lethal BANG!.
func ExampleState_Arrange() {
	bang := card.KindSet(card.BANG).First()
	p := card.Position{Players: 4, Self: 0, Hand: []card.CardID{bang}, Turns: 9}
	p.Role = [card.MaxSeats]card.Role{card.Sheriff, card.RoleUnknown, card.Outlaw, card.Renegade}
	p.Life = [card.MaxSeats]int8{2, 1, 0, 0}
	p.Char = [card.MaxSeats]card.Character{card.Plain, card.Plain, card.Plain, card.Plain}
	rules := card.DefaultRules(4)
	var g card.State
	if err := g.Arrange(&rules, &p, 1, 2); err != nil {
		fmt.Println(err)
		return
	}
	d := g.Pending()
	fmt.Println(d.Kind, "for seat", d.Seat, "with", d.N, "options; P1 is the", g.Role[1])
	g.Apply(d.FindPlay(bang, 1, card.NoCard))
	fmt.Println("over:", g.Over, "Sheriff's side won:", g.Winners&1 == 1)
	p.Life[1] = 5
	fmt.Println(g.Arrange(&rules, &p, 1, 2))
	// Output:
	// play for seat 0 with 2 options; P1 is the Outlaw
	// over: true Sheriff's side won: true
	// life: seat 1 has 5, above its maximum of 4
}
