package resultfile

import (
	"errors"
	"strings"
	"testing"
)

// duelTally is a small consistent duel tally: 10 duels from duel 5 of a run of 20.
func duelTally() DuelTally {
	return DuelTally{Game: DuelGame, Version: "test", Seed: 3, Policy: [2]string{"heuristic", "random"}, DraftPolicy: [2]string{"random", "random"},
		Duels: 20, Counts: DuelCounts{FirstDuel: 5, Duels: 10, Draws: 1, SeatWins: [2]uint64{6, 3}, OrderWins: [2]uint64{4, 5},
			Characters: []DuelCharacter{{"Bart Cassidy", 7, 4}, {"Black Jack", 3, 3}}}}
}

// duel-tally.json is sealed with a checksum and validated on reading: a changed count
// (the checksum no longer matches), counts that do not add up, a range past the run's
// duels and an unknown schema are refused with ErrTally and the field named.
func TestDuelTallyValidate(t *testing.T) {
	ok := duelTally()
	if err := ok.Seal(); err != nil {
		t.Fatal(err)
	}
	if err := ok.Validate(); err != nil || ok.Schema != DuelTallySchema {
		t.Fatalf("a sealed tally: %v (schema %q)", err, ok.Schema)
	}
	for name, c := range map[string]struct {
		edit   func(*DuelTally)
		reseal bool
		want   string
	}{
		"edited":     {func(d *DuelTally) { d.Counts.SeatWins[0]++ }, false, "checksum"},
		"seats":      {func(d *DuelTally) { d.Counts.SeatWins[0]++ }, true, "do not add up to the duels"},
		"order":      {func(d *DuelTally) { d.Counts.OrderWins[0]++ }, true, "order's wins"},
		"character":  {func(d *DuelTally) { d.Counts.Characters[1].Wins = 4 }, true, "exceeds its duels"},
		"twice":      {func(d *DuelTally) { d.Counts.Characters[1].Character = "Bart Cassidy" }, true, "listed twice"},
		"range":      {func(d *DuelTally) { d.Counts.FirstDuel = 15 }, true, "exceed the run's 20 duels"},
		"schema":     {func(d *DuelTally) { d.Schema = "bangsim.duel-tally/9" }, false, "not one this version reads"},
		"paired":     {func(d *DuelTally) { d.Counts.Paired = &DuelPaired{Pairs: 4} }, true, "not half the duels"},
		"other game": {func(d *DuelTally) { d.Game = "card" }, true, `game "card"`},
	} {
		d := duelTally()
		d.Seal()
		c.edit(&d)
		if c.reseal {
			d.Checksum, _ = duelChecksum(&d.Counts)
		}
		if err := d.Validate(); !errors.Is(err, ErrTally) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}

// Merging adds every count (the clone left alone), and refuses tallies of other
// characters or a paired with a plain one.
func TestDuelCountsMerge(t *testing.T) {
	a, b := duelTally(), duelTally()
	sum := a.Counts.Clone()
	if err := sum.Merge(&b.Counts); err != nil {
		t.Fatal(err)
	}
	if sum.Duels != 20 || sum.Draws != 2 || sum.SeatWins != [2]uint64{12, 6} || sum.Characters[0].Duels != 14 || a.Counts.Characters[0].Duels != 7 {
		t.Errorf("merged %+v (first %+v)", sum, a.Counts)
	}
	b.Counts.Characters[1].Character = "Jesse Jones"
	if err := sum.Merge(&b.Counts); err == nil {
		t.Error("tallies of other characters merged")
	}
	b = duelTally()
	b.Counts.Paired = &DuelPaired{}
	if err := sum.Merge(&b.Counts); err == nil || !strings.Contains(err.Error(), "paired") {
		t.Errorf("a paired with a plain tally: %v", err)
	}
}
