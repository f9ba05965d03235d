package resultfile_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// oneLadderIndex is the tally of one game index of a one-seat ladder of bots a and b,
// the seat (role R, character C) won by a and lost by b, sealed.
func oneLadderIndex(t testing.TB) *resultfile.LadderTally {
	t.Helper()
	won := resultfile.Cell{Games: 1, Seats: 1, Wins: 1, WinsSq: 1, SeatsWins: 1, SeatsSq: 1}
	lost := resultfile.Cell{Games: 1, Seats: 1, SeatsSq: 1}
	diff := resultfile.PairedCell{Games: 1, Seats: 1, Sum: 1, SumSq: 1, SumSeats: 1, SeatsSq: 1}
	ts := &resultfile.LadderTally{
		Game: "dice", Version: "test", Seed: 1, Players: 1, Policies: []string{"a", "b"}, Specs: []string{"a", "b"},
		GameIndices: 2, Groups: 1,
		Counts: resultfile.LadderCounts{
			Indices: 1, Games: 2,
			Beat: []resultfile.LadderBeat{{Group: 0, Role: "R", Seats: [][]uint64{{0, 1}, {0, 0}}}},
			Rates: []resultfile.CompareRate{
				{Policy: "a", Role: "R", Cell: won}, {Policy: "a", Role: "all", Cell: won},
				{Policy: "b", Role: "R", Cell: lost}, {Policy: "b", Role: "all", Cell: lost},
			},
			Roles:      []resultfile.LadderPair{{A: "a", B: "b", Name: "R", PairedCell: diff}, {A: "a", B: "b", Name: "all", PairedCell: diff}},
			Characters: []resultfile.LadderPair{{A: "a", B: "b", Name: "C", PairedCell: diff}},
		},
	}
	if err := ts.Seal(); err != nil {
		t.Fatal(err)
	}
	return ts
}

// TestLadderTallyValidateAndMerge checks that a consistent tally validates, that two
// add up row by row into one that validates again (as two shards' indices do), and
// that an inconsistent one is refused with ErrTally.
func TestLadderTallyValidateAndMerge(t *testing.T) {
	ts := oneLadderIndex(t)
	if err := ts.Validate(); err != nil {
		t.Fatalf("a consistent tally: %v", err)
	}
	sum := ts.Counts.Clone()
	if err := sum.Merge(&ts.Counts); err != nil {
		t.Fatal(err)
	}
	if ts.Counts.Beat[0].Seats[0][1] != 1 || sum.Beat[0].Seats[0][1] != 2 || sum.Rates[1].Wins != 2 || sum.Characters[0].Sum != 2 {
		t.Errorf("merge: beat %d (the original %d), wins %d, character sum %d; want 2 (1), 2, 2",
			sum.Beat[0].Seats[0][1], ts.Counts.Beat[0].Seats[0][1], sum.Rates[1].Wins, sum.Characters[0].Sum)
	}
	merged := *ts
	merged.Counts = sum
	if err := merged.Seal(); err != nil {
		t.Fatal(err)
	}
	if err := merged.Validate(); err != nil {
		t.Errorf("the sum of two indices: %v", err)
	}
	for name, edit := range map[string]func(c *resultfile.LadderCounts){
		"beat itself":       func(c *resultfile.LadderCounts) { c.Beat[0].Seats[1][1] = 1 },
		"beat not 2x2":      func(c *resultfile.LadderCounts) { c.Beat[0].Seats[1] = nil },
		"wins above seats":  func(c *resultfile.LadderCounts) { c.Rates[0].Wins = 2 },
		"no character seat": func(c *resultfile.LadderCounts) { c.Characters[0].Seats = 0 },
		"games":             func(c *resultfile.LadderCounts) { c.Games = 3 },
		"indices":           func(c *resultfile.LadderCounts) { c.FirstIndex = 2 },
	} {
		bad := oneLadderIndex(t)
		edit(&bad.Counts)
		if err := bad.Seal(); err != nil {
			t.Fatal(err)
		}
		if err := bad.Validate(); !errors.Is(err, resultfile.ErrTally) {
			t.Errorf("%s: %v, want ErrTally", name, err)
		}
	}
}

// FuzzLadderTally feeds Validate and Merge arbitrary tallies, sealed so that the
// checks behind the checksum are reached: neither may panic, and a tally that
// validates merges with itself.
func FuzzLadderTally(f *testing.F) {
	b, err := json.Marshal(oneLadderIndex(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Fuzz(func(t *testing.T, data []byte) {
		var ts resultfile.LadderTally
		if json.Unmarshal(data, &ts) != nil || ts.Seal() != nil {
			return
		}
		if ts.Validate() != nil {
			return
		}
		sum := ts.Counts.Clone()
		if err := sum.Merge(&ts.Counts); err != nil && !errors.Is(err, resultfile.ErrTally) {
			t.Errorf("merge: %v", err)
		}
	})
}
