package lab_test

import (
	"math"
	"testing"

	"github.com/bangsim/bangsim/lab"
)

// GamesProduct and GamesSum refuse, rather than wrap, a total above lab.MaxGames
// (int64's largest, what the progress bar and time arithmetic hold): `--games
// 9223372036854775809` over two player counts used to plan 2 games.
func TestGamesTotals(t *testing.T) {
	for _, tc := range []struct {
		factors []uint64
		want    uint64
		ok      bool
	}{
		{[]uint64{1_000_000, 6}, 6_000_000, true},
		{[]uint64{lab.MaxGames, 1}, lab.MaxGames, true},
		{[]uint64{lab.MaxGames / 2, 2}, lab.MaxGames - 1, true},
		{[]uint64{lab.MaxGames/2 + 1, 2}, 0, false},                  // 2^63: past int64
		{[]uint64{9223372036854775809, 2}, 0, false},                 // wraps to 2 in uint64
		{[]uint64{1 << 32, 1 << 32}, 0, false},                       // wraps to 0
		{[]uint64{math.MaxUint64, 6}, 0, false},                      // compare's --games × games an index
		{[]uint64{3074457345618258603, 4}, 0, false},                 // > MaxInt64 but < MaxUint64
		{[]uint64{1 << 20, 1 << 20, 1 << 20, 1 << 2}, 1 << 62, true}, // several factors
		{[]uint64{1 << 20, 1 << 20, 1 << 20, 1 << 4}, 0, false},      // overflow on the last
	} {
		got, ok := lab.GamesProduct(tc.factors...)
		if got != tc.want || ok != tc.ok {
			t.Errorf("GamesProduct(%v) = %d, %v; want %d, %v", tc.factors, got, ok, tc.want, tc.ok)
		}
	}
	if s, ok := lab.GamesSum(lab.MaxGames-1, 1); !ok || s != lab.MaxGames {
		t.Errorf("GamesSum(MaxGames-1, 1) = %d, %v", s, ok)
	}
	if _, ok := lab.GamesSum(lab.MaxGames, 1); ok {
		t.Error("GamesSum(MaxGames, 1) fits")
	}
	if _, ok := lab.GamesSum(math.MaxUint64, 2); ok {
		t.Error("GamesSum wrapped")
	}
}
