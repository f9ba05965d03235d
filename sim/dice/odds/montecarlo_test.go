package odds

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
)

// simulateTurn plays one turn die by die, as the engine's roll does (sim/dice/machine.go):
// roll the dice in the mask, count the Arrows rolled, stop on the Dynamite threshold, no
// reroll left or no rerollable die, else ask the policy and turn its counts into a mask.
func simulateTurn(rng *rand.Rand, s Setup, p Policy) (final [dice.NumFaces]int, arrows int) {
	var d dice.Dice
	mask := uint8(1<<dice.NumDice - 1)
	left := s.TotalRerolls()
	for {
		for i := range d {
			if mask&(1<<i) != 0 {
				d[i] = dice.Face(rng.IntN(6))
				if d[i] == dice.Arrow {
					arrows++
				}
			}
		}
		c := Counts(d)
		if c[dice.Dynamite] >= s.DynamiteThreshold || left == 0 {
			return c, arrows
		}
		rerollable := uint8(1<<dice.NumDice - 1)
		if s.LockedAt(c[dice.Dynamite]) {
			rerollable &^= d.Mask(dice.Dynamite)
		}
		if rerollable == 0 {
			return c, arrows
		}
		mask = RerollMask(d, p.Reroll(c, left))
		if mask == 0 {
			return c, arrows
		}
		if mask&^rerollable != 0 {
			panic("simulateTurn: the policy rerolled a locked die")
		}
		left--
	}
}

// TestMonteCarlo plays 200,000 turns of every objective and dice-touching character
// under the optimal plan (and, for Plain, the fixed habits) and checks the frequency is
// within 4 standard errors of the exact value.
func TestMonteCarlo(t *testing.T) {
	turns := 200_000
	if testing.Short() {
		turns = 20_000
	}
	seed := uint64(0)
	for _, obj := range allObjectives() {
		for _, ch := range diceCharacters {
			s := DefaultSetup()
			s = s.WithCharacter(ch)
			plan, err := Solve(obj, s)
			if err != nil {
				t.Fatal(err)
			}
			policies := map[string]Policy{"optimal": plan}
			if ch == dice.Plain {
				policies["keep"], policies["reroll-all"], policies["greedy"] = Keep(), RerollAll(s), greedy(obj, s)
			}
			for _, name := range []string{"optimal", "keep", "reroll-all", "greedy"} {
				p, ok := policies[name]
				if !ok {
					continue
				}
				seed++
				exact, _ := mustExact(t, obj, s, p).Float64()
				rng := rand.New(rand.NewPCG(20240604, seed))
				hits := 0
				for range turns {
					final, arrows := simulateTurn(rng, s, p)
					if obj.Met(s, final, arrows) {
						hits++
					}
				}
				freq := float64(hits) / float64(turns)
				se := math.Sqrt(exact * (1 - exact) / float64(turns))
				if math.Abs(freq-exact) > 4*se+1e-12 {
					t.Errorf("%v %v %s: frequency %.5f over %d turns, exact %.5f (%.1f standard errors)",
						obj, ch, name, freq, turns, exact, math.Abs(freq-exact)/se)
				}
			}
		}
	}
}
