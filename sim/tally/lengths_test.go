package tally

import "testing"

// Each game counts once, at its length; games at or past the cap share the last bucket,
// and merging two halves equals counting every game in one histogram.
func TestLengthsAddMerge(t *testing.T) {
	games := []uint64{0, 7, 7, 12, LengthCap - 1, LengthCap, LengthCap + 1, 65535}
	var whole, a, b Lengths
	for i, n := range games {
		whole.Add(n)
		if i%2 == 0 {
			a.Add(n)
		} else {
			b.Add(n)
		}
	}
	a.Merge(&b)
	if a != whole {
		t.Fatal("merged halves differ from one histogram of every game")
	}
	want := map[int]uint64{0: 1, 7: 2, 12: 1, LengthCap - 1: 1, LengthCap: 3}
	var sum uint64
	for i, n := range whole {
		if n != want[i] {
			t.Errorf("bucket %d holds %d games, want %d", i, n, want[i])
		}
		sum += n
	}
	if sum != uint64(len(games)) {
		t.Errorf("%d games counted, want %d", sum, len(games))
	}
}

// Counting a game allocates nothing: it runs once per game on every worker.
func TestLengthsAddAllocates(t *testing.T) {
	var h Lengths
	if n := testing.AllocsPerRun(100, func() { h.Add(31) }); n != 0 {
		t.Errorf("Add allocates %v times", n)
	}
}
