package lab_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// syntheticTally plays games of a model table in which every character is worth exactly
// the same except planted, whose side wins with odds multiplied by edge while it sits
// at the table: roles and characters are dealt as in the games (bang.DealRoles, the
// rulebook's random character deal), and the winning side is drawn from the sides' base
// weights. With real characters no run can say which characters are truly equal; here
// the truth is known, so balance's flags can be checked against it.
func syntheticTally(n, games int, planted bang.Character, edge float64, seed uint64) resultfile.CountTally {
	rng := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	r := rand.New(rng)
	base := [bang.NumRoles]float64{bang.Sheriff: 4, bang.Outlaw: 5, bang.Renegade: 1} // the law, the Outlaws, the Renegade
	var deal bang.CharacterDeal
	var w bang.WinTally
	var role [bang.MaxSeats]bang.Role
	var char [bang.MaxSeats]bang.Character
	for range games {
		bang.DealRoles(&role, n, rng)
		deal.DealCharacters(&char, n, rng)
		weight := base
		for s := 0; s < n; s++ {
			if char[s] == planted {
				side := role[s]
				if side == bang.Deputy {
					side = bang.Sheriff
				}
				weight[side] *= edge
			}
		}
		x := r.Float64() * (weight[bang.Sheriff] + weight[bang.Outlaw] + weight[bang.Renegade])
		won := bang.Renegade
		switch {
		case x < weight[bang.Sheriff]:
			won = bang.Sheriff
		case x < weight[bang.Sheriff]+weight[bang.Outlaw]:
			won = bang.Outlaw
		}
		var winners uint8
		for s := 0; s < n; s++ {
			side := role[s]
			if side == bang.Deputy {
				side = bang.Sheriff
			}
			if side == won {
				winners |= 1 << uint(s)
			}
		}
		w.Add(n, &role, &char, winners, false, 30, 0)
	}
	return resultfile.CountTally{Players: n, Games: uint64(games), Tally: lab.ExportWins(&w, bang.Declare(bang.MinSeats, bang.MaxSeats, bang.PrintedNames()), n, nil)}
}

// TestBalanceFlagsOnlyPlanted is issue 12's "flags the planted character and no other"
// where the truth is known: 100 seeds of 20,000 synthetic 5-player games, at α = 5%
// (Holm over every row). 11 of 100 is the binomial 99.5% bound for p = 0.05 (3 of 20
// under -short); measured (docs/statistics.md, "The step-down"):
//
//   - No character planted: a character is flagged in at most 11 of 100 seeds.
//     Measured: 4 (13 of 400 seeds).
//   - El Gringo planted (his side's odds ×1.3 while he plays, about +6 points over his
//     roles, the size of a real +2 life): flagged in at least 90 seeds (measured: 100),
//     and another character in at most 11 (measured: 2; 17 of 400 seeds). Without the
//     step-down it was 12: every other character's pool held El Gringo's games, so
//     each sat a little below it. The other characters' per-role intervals, against
//     the pool without him, cover 0 in at least 94.5% of rows (measured 95.3%; without
//     the step-down 94.1%), the role-weighted ones (conservative) in at least 94%.
//
// Real characters are not equal, so the same question on real games is asked as "does
// only the planted character move" (TestPlantedImbalance).
func TestBalanceFlagsOnlyPlanted(t *testing.T) {
	seeds, games := 100, 20000
	if testing.Short() {
		seeds, games = 20, 20000
	}
	const alpha = 0.05
	z := report.ZFor(0.95)
	gringo := bang.ElGringo.String()
	for _, tc := range []struct {
		name string
		edge float64
	}{{"planted", 1.3}, {"none", 1}} {
		found, others, diff := 0, 0, 0.0
		var cover, rows, coverAll, rowsAll int
		for s := range seeds {
			ct := syntheticTally(5, games, bang.ElGringo, tc.edge, uint64(s+1))
			b := report.NewBalance([]resultfile.CountTally{ct}, alpha, z)
			diff += b.Row(5, resultfile.AllRoles, gringo).Diff / float64(seeds)
			flagged := b.Flagged(false)
			if slices.Contains(flagged, gringo) {
				found++
			}
			if slices.ContainsFunc(flagged, func(c string) bool { return c != gringo }) {
				others++
			}
			for _, r := range b.Rows {
				if r.Character == gringo {
					continue
				}
				in := r.Low <= 0 && 0 <= r.High
				if r.Role == resultfile.AllRoles {
					rowsAll++
					if in {
						coverAll++
					}
				} else if rows++; in {
					cover++
				}
			}
		}
		cov, covAll := float64(cover)/float64(rows), float64(coverAll)/float64(rowsAll)
		t.Logf("%s: El Gringo %+.1f points over his roles, flagged in %d of %d seeds; another character flagged in %d; "+
			"the others' intervals cover 0 in %.4f per role, %.4f over their roles", tc.name, 100*diff, found, seeds, others, cov, covAll)
		limit := 2 + seeds*9/100 // 11 of 100; 3 of 20 under -short
		if tc.edge > 1 {
			if found < seeds*9/10 {
				t.Errorf("%s: the planted character flagged in only %d of %d seeds", tc.name, found, seeds)
			}
		} else if found > limit {
			t.Errorf("%s: El Gringo flagged in %d of %d seeds with no edge", tc.name, found, seeds)
		}
		if others > limit {
			t.Errorf("%s: another character flagged in %d of %d seeds, more than %d", tc.name, others, seeds, limit)
		}
		if cov < 0.945 || covAll < 0.94 {
			t.Errorf("%s: the others' intervals cover 0 in %.4f per role, %.4f over their roles", tc.name, cov, covAll)
		}
	}
}
