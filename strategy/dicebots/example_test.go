package dicebots_test

import (
	"fmt"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// gatlingHunter keeps every Gatling and rerolls every other die while it may; for any
// other decision it takes the first legal option (Decision.Nth(0)).
type gatlingHunter struct{}

func (gatlingHunter) Choose(v *dice.View) int {
	d := &v.Decision
	if d.Kind == dice.DecideReroll {
		// Options holds the dice it may reroll (not Dynamite); 0 stops rolling.
		return int(d.Options &^ uint32(v.Dice.Mask(dice.Gatling)))
	}
	return d.Nth(0)
}

// A policy is any type with Choose(*dice.View) int. This one plays the Outlaws against
// the heuristic at the other seats for 1,000 five-player games.
func Example_customPolicy() {
	h := dicebots.Heuristic{}
	table, err := dice.NewTable(dice.DefaultRules(5), [dice.NumRoles]dice.Policy{
		dice.Sheriff: h, dice.Deputy: h, dice.Outlaw: gatlingHunter{}, dice.Renegade: h,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	games, illegal, gatlings := 1000, 0, 0
	for i := range uint64(games) {
		g := table.Play(seed.ForGame(1, i)) // game i of run 1, as `bangsim run --seed 1` plays it
		illegal += int(g.Illegal)
		if g.Gatlings > 0 {
			gatlings++
		}
	}
	fmt.Println("illegal choices:", illegal)
	fmt.Println("games with a Gatling volley:", gatlings > games/2)
	// Output:
	// illegal choices: 0
	// games with a Gatling volley: true
}
