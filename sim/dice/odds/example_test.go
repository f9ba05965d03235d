package odds_test

import (
	"fmt"

	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/sim/dice/odds"
)

func ExampleExact() {
	obj, err := odds.ParseObjective("gatling")
	if err != nil {
		panic(err)
	}
	s := odds.DefaultSetup()
	best, _ := odds.Exact(obj, s, nil) // nil: the optimal policy
	keep, _ := odds.Exact(obj, s, odds.Keep())
	fmt.Println("optimal:", best.RatString(), "≈", best.FloatString(4))
	fmt.Println("keep:   ", keep.RatString(), "≈", keep.FloatString(4))
	// Output:
	// optimal: 1138594/4782969 ≈ 0.2381
	// keep:    23/648 ≈ 0.0355
}

func ExampleSolve() {
	plan, err := odds.Solve(odds.Objective{Kind: odds.Gatling}, odds.DefaultSetup())
	if err != nil {
		panic(err)
	}
	d := dice.Dice{dice.Gatling, dice.Arrow, dice.Dynamite, dice.Gatling, dice.Beer}
	reroll := plan.Reroll(odds.Counts(d), 2)
	fmt.Printf("%v: reroll %d Arrow, %d Beer; engine mask %05b\n", d, reroll[dice.Arrow], reroll[dice.Beer], odds.RerollMask(d, reroll))
	// Output:
	// GADGB: reroll 1 Arrow, 1 Beer; engine mask 10010
}
