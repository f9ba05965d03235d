package dice

import (
	"fmt"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestRollDiceFair rolls every non-empty mask of dice many times and requires what a
// fair roll gives: the kept dice unchanged, every rolled die uniform over the six faces,
// every pair of rolled dice independent (uniform over the 36 pairs), and the per-face
// masks in step with the dice. The bound p < 1e-6 over a fixed seed cannot flake; a
// roll that reused a digit, skipped one or leaked a kept die fails it.
func TestRollDiceFair(t *testing.T) {
	const rolls = 36 * 2000
	var g State
	g.rng.Seed(3, 4)
	g.indexFaces()
	for mask := uint8(1); mask <= allDice; mask++ {
		var one [NumDice][6]float64
		var two [NumDice][NumDice][36]float64
		for range rolls {
			// Kept dice show a known face that changes with the roll, so a leak shows.
			before := g.Dice
			g.rollDice(mask)
			for i := range NumDice {
				if mask>>i&1 == 0 && g.Dice[i] != before[i] {
					t.Fatalf("mask %05b: kept die %d changed from %v to %v", mask, i, before[i], g.Dice[i])
				}
			}
			for f := range Face(6) {
				if g.Faces[f] != g.Dice.Mask(f) {
					t.Fatalf("mask %05b: faces[%v] = %05b, the dice %v", mask, f, g.Faces[f], g.Dice)
				}
			}
			for i := range NumDice {
				one[i][g.Dice[i]]++
				for j := i + 1; j < NumDice; j++ {
					two[i][j][6*int(g.Dice[i])+int(g.Dice[j])]++
				}
			}
			g.Dice[(mask+1)%NumDice] = Face(rolls % 6) // a kept die may show anything
			g.indexFaces()
		}
		for i := range NumDice {
			if mask>>i&1 == 0 {
				continue
			}
			checkUniform(t, fmt.Sprintf("mask %05b die %d", mask, i), one[i][:])
			for j := i + 1; j < NumDice; j++ {
				if mask>>j&1 == 1 {
					checkUniform(t, fmt.Sprintf("mask %05b dice %d and %d", mask, i, j), two[i][j][:])
				}
			}
		}
	}
}

// checkUniform fails when the counts are not plausibly uniform (chi-squared, p < 1e-6).
func checkUniform(t *testing.T, what string, counts []float64) {
	t.Helper()
	total := 0.0
	for _, c := range counts {
		total += c
	}
	want := total / float64(len(counts))
	chi := 0.0
	for _, c := range counts {
		chi += (c - want) * (c - want) / want
	}
	if p := (distuv.ChiSquared{K: float64(len(counts) - 1)}).Survival(chi); p < 1e-6 {
		t.Errorf("%s: not uniform (chi-squared %.1f, p = %.2g): %v", what, chi, p, counts)
	}
}
