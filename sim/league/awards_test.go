package league

import "testing"

// ruling L9: the awards go to the ranked players only, most kills and fewest deaths to
// the richer of tied players, most deaths to the poorer; a full tie goes to the lower
// player number.
func TestAwardsTies(t *testing.T) {
	st := []Standing{
		{Player: 0, Rank: 3, Score: 5000, Kills: 9, Deaths: 2},
		{Player: 1, Rank: 1, Score: 9000, Kills: 9, Deaths: 7}, // ties 0 on kills, richer
		{Player: 2, Rank: 2, Score: 7000, Kills: 1, Deaths: 2}, // ties 0 on fewest deaths, richer
		{Player: 3, Rank: 4, Score: 3000, Kills: 2, Deaths: 7}, // ties 1 on most deaths, poorer
		{Player: 4, Rank: 0, Score: 100, Kills: 20, Deaths: 0}, // unranked: no award
	}
	if got, want := AwardsOf(st), (Awards{MostKills: 1, FewestDeaths: 2, MostDeaths: 3}); got != want {
		t.Errorf("awards %+v, want %+v", got, want)
	}
	// The richer wins most kills even when listed later; the poorer most deaths even when
	// listed earlier.
	st[1].Score, st[0].Score = 4000, 6000
	if got := AwardsOf(st); got.MostKills != 0 {
		t.Errorf("most kills to %d, want 0 (richer)", got.MostKills)
	}
	// Equal on the measure and the $: the lower player number.
	st[3].Score = st[1].Score
	if got := AwardsOf(st); got.MostDeaths != 1 {
		t.Errorf("most deaths to %d, want 1 (equal $, lower number)", got.MostDeaths)
	}
	if got := AwardsOf(st[4:]); got != (Awards{-1, -1, -1}) {
		t.Errorf("no ranked player, awards %+v, want none", got)
	}
}
