package card_test

import (
	"fmt"

	"github.com/bangsim/bangsim/sim/card"
)

// A search policy deals worlds its seat cannot tell from the game: the same table and
// own hand, the hidden roles, the other hands and the deck dealt anew.
func ExampleDeterminizer() {
	rules := card.DefaultRules(5)
	var g card.State
	g.Reset(&rules, 1, 2)
	var v card.View
	g.FillView(&v) // what the deciding seat sees (a Table fills it the same way)

	var d card.Determinizer
	d.Prepare(&v) // once a decision
	var world card.State
	d.Deal(&world, 3, 4) // once a sample, each with its own seeds

	var seen card.View
	world.FillView(&seen)
	fmt.Println("same board:", seen.Board == v.Board)
	fmt.Println("same own hand:", seen.Hand == v.Hand)
	fmt.Println("same decision:", seen.Decision.Kind == v.Decision.Kind && seen.Decision.N == v.Decision.N)
	// Output:
	// same board: true
	// same own hand: true
	// same decision: true
}
