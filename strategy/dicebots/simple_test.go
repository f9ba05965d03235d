package dicebots_test

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// simpleRef is the simple heuristic as docs/policies.md words it, die by die and seat by
// seat: the reference that Simple's branch-free form must agree with.
func simpleRef(v *dice.View) int {
	d := &v.Decision
	s := int(v.Self)
	hurt := v.Life[s] < v.MaxLife[s]
	switch d.Kind {
	case dice.DecideReroll:
		reroll := 0
		for i, f := range v.Dice {
			keep := f == dice.Gatling || f == dice.BullsEye1 || f == dice.BullsEye2 || (f == dice.Beer && hurt)
			if !keep && d.Options>>uint(i)&1 == 1 {
				reroll |= 1 << uint(i)
			}
		}
		return reroll
	case dice.DecideTarget:
		var legal []int
		for j := 0; j < int(v.Players); j++ {
			if d.Options>>uint(j)&1 == 1 {
				legal = append(legal, j)
			}
		}
		sh := int(v.Sheriff)
		if sh >= 0 && v.Role == dice.Outlaw {
			for _, j := range legal {
				if j == sh {
					return sh
				}
			}
		}
		if sh >= 0 && v.Role != dice.Outlaw {
			var others []int
			for _, j := range legal {
				if j != sh {
					others = append(others, j)
				}
			}
			if len(others) > 0 {
				legal = others
			}
		}
		best := legal[0]
		for _, j := range legal[1:] {
			if v.Life[j] < v.Life[best] {
				best = j
			}
		}
		return best
	case dice.DecideBeer, dice.DecideSidHeal:
		sh := int(v.Sheriff)
		if !hurt && v.Role == dice.Deputy && sh >= 0 && v.Life[sh] < v.MaxLife[sh] {
			return sh
		}
		if v.Alive>>uint(s)&1 == 1 {
			return s
		}
		for j := 0; j < int(v.Players); j++ { // a dead roller: the first living seat
			if v.Alive>>uint(j)&1 == 1 {
				return j
			}
		}
	case dice.DecideBartArrow:
		if int(v.Arrows[s])+1 < int(v.Life[s]) {
			return 1
		}
		return 0
	case dice.DecidePedroReturn:
		return 1
	case dice.DecideKitDiscard:
		if d.Options>>uint(s)&1 == 1 {
			return s
		}
		return dice.Skip
	case dice.DecideSlab:
		for i := 0; i < dice.NumDice; i++ {
			if d.Options>>uint(i)&1 == 1 {
				return i
			}
		}
	}
	panic(fmt.Sprintf("simpleRef: no answer to %v", d.Kind))
}

// TestSimpleMatchesDefinition plays games at every table size under every rule set of the
// legality test, with Simple at every seat, and compares each of its choices with
// simpleRef.
func TestSimpleMatchesDefinition(t *testing.T) {
	t.Parallel()
	var kinds [dice.NumKinds]int
	var decisions, mismatches int
	first := ""
	h := &hook{p: &dicebots.Simple{}}
	h.check = func(v *dice.View, c int) {
		decisions++
		kinds[v.Decision.Kind]++
		if want := simpleRef(v); c != want {
			mismatches++
			if first == "" {
				first = fmt.Sprintf("%v options %#b (self %d, role %v): chose %d, the definition %d", v.Decision.Kind, v.Decision.Options, v.Self, v.Role, c, want)
			}
		}
	}
	per := games(1000, 100)
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		for name, r := range legalityRules(n) {
			if got := playAll(t, r, h, uint64(5000+n), per); got != 0 {
				t.Errorf("%d players, %s: State.Illegal = %d", n, name, got)
			}
		}
	}
	if mismatches != 0 {
		t.Errorf("%d of %d decisions off the definition; first: %s", mismatches, decisions, first)
	}
	for k := dice.DecideReroll; k < dice.NumKinds; k++ {
		if kinds[k] == 0 {
			t.Errorf("no %v decision in %d: the games did not exercise it", k, decisions)
		}
	}
}
