package lab_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
)

// Cover lists the gaps of shards' ranges, counts what they hold, and refuses an
// overlap naming both directories and the indices held twice.
func TestCover(t *testing.T) {
	missing, held, err := lab.Cover([]lab.Span{{40, 60, "c"}, {0, 10, "a"}, {10, 20, "b"}}, 100, "duels", "", "")
	if err != nil || held != 40 || !slices.Equal(missing, []string{"duels 20-39", "duels 60-99"}) {
		t.Errorf("gaps %q, held %d, %v", missing, held, err)
	}
	missing, _, _ = lab.Cover(nil, 5, "games", "", "players 4: ")
	if !slices.Equal(missing, []string{"players 4: games 0-4"}) {
		t.Errorf("nothing held: %q", missing)
	}
	_, _, err = lab.Cover([]lab.Span{{0, 10, "a"}, {5, 20, "b"}}, 20, "games", " of 5 players", "")
	if !errors.Is(err, lab.ErrBadShard) || !strings.Contains(err.Error(), "a and b both hold games 5 to 9 of 5 players") {
		t.Errorf("overlap: %v", err)
	}
}
