package dice_test

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/dice"
)

// compositeRules returns r playing eight added characters, each of three or four
// different primitives (every primitive held by two of them), every parameter at arg's
// value, dealt at random with the printed ones, or alone when only is set.
func compositeRules(t *testing.T, r dice.Rules, arg func(p *bang.PrimitiveParam) int, only bool) dice.Rules {
	t.Helper()
	table := dice.Primitives()
	var specs []bang.CharacterSpec
	for k := range 8 {
		sp := bang.CharacterSpec{Name: fmt.Sprintf("Composite %d", k), Life: 5 + k%4}
		prims := []int{2 * k, 2*k + 1, (2*k + 5) % dice.NumPrimitives, (2*k + 10) % dice.NumPrimitives}
		for j, i := range prims[:3+k%2] {
			var args []int
			for pi := range table[i].Params {
				args = append(args, arg(&table[i].Params[pi]))
			}
			pw, err := bang.NewPower(table, i, args...)
			if err != nil {
				t.Fatal(err)
			}
			sp.Powers[j] = pw
		}
		specs = append(specs, sp)
	}
	set, err := bang.PrintedSet(dice.Life, dice.Ability).Extend(specs...)
	if err != nil {
		t.Fatal(err)
	}
	r.SetCharacters(set)
	if only {
		r.Deal = dice.DealPool
		var pool []dice.Character
		for k := range 8 {
			pool = append(pool, dice.NumCharacters+dice.Character(k))
		}
		if err := r.SetPool(pool); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestFastPlayMatchesMachineComposites: with added characters of several primitives
// each, at their defaults and at the ends of their ranges, the straight-line driver and
// the state machine play the same games, decision for decision and event for event.
func TestFastPlayMatchesMachineComposites(t *testing.T) {
	t.Parallel()
	games := playoutGames(200, 20)
	mixed := policyConfigs()
	pc := mixed[len(mixed)-1] // every policy at the table
	args := []struct {
		name string
		arg  func(p *bang.PrimitiveParam) int
	}{
		{"default", func(p *bang.PrimitiveParam) int { return p.Default }},
		{"min", func(p *bang.PrimitiveParam) int { return p.Min }},
		{"max", func(p *bang.PrimitiveParam) int { return p.Max }},
	}
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		for ai, a := range args {
			for _, only := range []bool{false, true} {
				r := compositeRules(t, dice.DefaultRules(n), a.arg, only)
				what := fmt.Sprintf("%s, %d players, composites at %s, only %v", pc.name, n, a.name, only)
				enginetest.FastPathAgrees(t, what, 60+uint64(ai), games,
					func(i, gs uint64) twoWays { pols := pc.seats(i); return bothWays(t, r, gs, &pols) },
					func(i, gs uint64) twoWays { pols := pc.seats(i); return twoWays{playMachine(r, gs, &pols)} },
					compareTwoWays)
			}
		}
	}
}
