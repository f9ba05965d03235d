package dicebots

import (
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/sim/dice/odds"
)

// The dice part of the heuristic and of each habit, for the exact odds of `bangsim odds`:
// there only the dice count (no life, arrow pile or targets), so each rule below is the
// bot's reroll rule read on the dice alone, at its default parameters, with what it would
// learn from the table fixed as follows: a Bull's Eye always has an enemy in reach (kept),
// someone on its side is hurt (Beers kept), and the pile is never low enough for the
// arrow-care stop. reroll-arrows, keep-bullseyes and bank-beers differ from heuristic
// only in those table-dependent parts, so on the dice alone they coincide with it.
func init() {
	base := func(_ odds.Objective, s odds.Setup) (odds.Policy, error) { return diceHeuristic(s, false, false), nil }
	must(odds.RegisterPolicy("heuristic", base))
	must(odds.RegisterPolicy("reroll-arrows", base))
	must(odds.RegisterPolicy("keep-bullseyes", base))
	must(odds.RegisterPolicy("bank-beers", base))
	must(odds.RegisterPolicy("chase-gatling", func(_ odds.Objective, s odds.Setup) (odds.Policy, error) {
		return diceHeuristic(s, true, false), nil
	}))
	must(odds.RegisterPolicy("no-third-dynamite", func(_ odds.Objective, s odds.Setup) (odds.Policy, error) {
		return diceHeuristic(s, false, true), nil
	}))
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// diceHeuristic returns the heuristic's reroll rule on the dice alone: reroll Arrows,
// keep Bull's Eyes and Beers, keep Gatlings once at most one short of firing (chase: once
// any shows, and then reroll every other die), and never reroll into a Dynamite stop it
// could avoid (Black Jack rerolls the Dynamite one short of the stop; noThird stops
// rolling there instead).
func diceHeuristic(s odds.Setup, chase, noThird bool) odds.Policy {
	need := s.GatlingNeed()
	stopAt := s.DynamiteThreshold - 1
	return odds.PolicyFunc(func(c [dice.NumFaces]int, _ int) [dice.NumFaces]int {
		var r [dice.NumFaces]int
		if noThird && stopAt > 0 && c[dice.Dynamite] == stopAt {
			return r
		}
		r[dice.Arrow] = c[dice.Arrow]
		g := c[dice.Gatling]
		switch {
		case chase && g > 0 && g < need:
			r[dice.BullsEye1], r[dice.BullsEye2], r[dice.Beer] = c[dice.BullsEye1], c[dice.BullsEye2], c[dice.Beer]
		case g < need-1:
			r[dice.Gatling] = g
		}
		if !s.LockedAt(c[dice.Dynamite]) && stopAt > 0 && c[dice.Dynamite] == stopAt { // Black Jack's reroll_dynamite
			r[dice.Dynamite] = c[dice.Dynamite]
		}
		return r
	})
}
