package resultfile

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// TestCompareCountsMergeOverflow checks that adding two shards' paired sums refuses a
// signed sum that leaves int64 either way, naming the field, as the unsigned ones do.
func TestCompareCountsMergeOverflow(t *testing.T) {
	for _, c := range []struct {
		name string
		a, b int64
		want string
	}{
		{"up", math.MaxInt64 - 1, 2, "diffs[0] (keep, all).sum"},
		{"down", math.MinInt64 + 1, -2, "diffs[0] (keep, all).sum"},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := CompareCounts{Diffs: []CompareDiff{{Policy: "keep", Role: "all", PairedCell: PairedCell{Sum: c.a}}}}
			y := CompareCounts{Diffs: []CompareDiff{{Policy: "keep", Role: "all", PairedCell: PairedCell{Sum: c.b}}}}
			err := x.Merge(&y)
			if !errors.Is(err, ErrTally) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "overflow") {
				t.Errorf("merge of sums %d and %d: %v, want an overflow of %s", c.a, c.b, err, c.want)
			}
		})
	}
	// Sums that stay in range add exactly, negative ones included.
	x := CompareCounts{Diffs: []CompareDiff{{PairedCell: PairedCell{Sum: -5, SumSeats: math.MinInt64 + 10}}}}
	y := CompareCounts{Diffs: []CompareDiff{{PairedCell: PairedCell{Sum: 3, SumSeats: -10}}}}
	if err := x.Merge(&y); err != nil || x.Diffs[0].Sum != -2 || x.Diffs[0].SumSeats != math.MinInt64 {
		t.Errorf("merge: %v, sum %d, sum_seats %d", err, x.Diffs[0].Sum, x.Diffs[0].SumSeats)
	}
}

// TestAbs checks |v| for the values whose negation overflows int64.
func TestAbs(t *testing.T) {
	for v, want := range map[int64]uint64{0: 0, -3: 3, 3: 3, math.MaxInt64: math.MaxInt64, math.MinInt64: 1 << 63} {
		if got := abs(v); got != want {
			t.Errorf("abs(%d) = %d, want %d", v, got, want)
		}
	}
}
