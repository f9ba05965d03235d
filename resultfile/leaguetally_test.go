package resultfile

import (
	"errors"
	"strings"
	"testing"
)

// leagueTally is a small sealed tally: two characters, tables of one size.
func leagueTally(t *testing.T, first, seasons uint64, taken int64) LeagueTally {
	t.Helper()
	lt := LeagueTally{Game: LeagueGame, Version: "x", Seed: 1, Seasons: 10,
		Counts: LeagueCounts{FirstSeason: first, Seasons: seasons, PlayerGames: 3 * seasons, Ranked: seasons,
			Characters: []LeagueCharacter{
				{Character: "A", Taken: taken, Paid: 1, PriceSum: 100, Seats: [][]int64{{taken - 1, 1}}},
				{Character: "B", Taken: 2, Paid: 0, PriceSum: 0, Seats: [][]int64{{0, 2}}}}}}
	if err := lt.Seal(); err != nil {
		t.Fatal(err)
	}
	return lt
}

// league-tally.json is refused when damaged after it was written (checksum), when its
// counts disagree (paid above taken, seats not adding up to the takes, seasons beyond
// the run's), and merges by adding every count.
func TestLeagueTallyValidateMerge(t *testing.T) {
	a := leagueTally(t, 0, 4, 3)
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	damaged := a
	damaged.Counts.Characters = append([]LeagueCharacter(nil), a.Counts.Characters...)
	damaged.Counts.Characters[0].Taken++
	if err := damaged.Validate(); !errors.Is(err, ErrTally) || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("a changed count: %v", err)
	}
	for _, c := range []struct {
		set  func(*LeagueTally)
		want string
	}{
		{func(t *LeagueTally) { t.Counts.Characters[1].Paid = 5 }, "paid 5 is not between 0 and taken 2"},
		{func(t *LeagueTally) { t.Counts.Characters[1].Seats[0][1] = 1 }, "seats add up to 1, not taken 2"},
		{func(t *LeagueTally) { t.Counts.FirstSeason = 8 }, "exceed the run's 10 seasons"},
		{func(t *LeagueTally) { t.Game = "duel" }, "a league tally's"},
	} {
		b := leagueTally(t, 0, 4, 3)
		c.set(&b)
		if err := b.Seal(); err != nil {
			t.Fatal(err)
		}
		if err := b.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %q", err, c.want)
		}
	}
	sum := a.Counts.Clone()
	b := leagueTally(t, 4, 6, 5)
	if err := sum.Merge(&b.Counts); err != nil {
		t.Fatal(err)
	}
	if sum.Seasons != 10 || sum.PlayerGames != 30 || sum.Ranked != 10 || sum.Characters[0].Taken != 8 || sum.Characters[0].Paid != 2 ||
		sum.Characters[0].PriceSum != 200 || sum.Characters[0].Seats[0][0] != 6 || sum.Characters[1].Seats[0][1] != 4 {
		t.Errorf("merged counts: %+v", sum)
	}
	if a.Counts.Characters[0].Taken != 3 || a.Counts.Characters[0].Seats[0][0] != 2 {
		t.Error("merging into a clone changed the original")
	}
}
