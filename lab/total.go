package lab

import (
	"fmt"
	"math"
	"math/bits"
	"strconv"
)

// MaxGames is the most games one command may play in all (every player count, every
// table of a compare index, every cell of a sweep). sim/run itself numbers a batch's
// games in uint64, and run.json sums the counts in uint64, but the progress bar and
// Go's time arithmetic count in int64, so int64's range is the one every part can hold.
// No run comes near it (at ten million games a second it is 29,000 years of play); a
// larger request is a typo, and an overflow would print nonsense totals.
const MaxGames uint64 = math.MaxInt64

// GamesProduct returns the product of factors (e.g. games per count × player counts),
// and false when it is above MaxGames: the one overflow-checked multiplication of game
// totals, so every command refuses the same totals.
func GamesProduct(factors ...uint64) (uint64, bool) {
	total := uint64(1)
	for _, f := range factors {
		hi, lo := bits.Mul64(total, f)
		if hi != 0 || lo > MaxGames {
			return 0, false
		}
		total = lo
	}
	return total, true
}

// GamesSum returns a + b, and false when it is above MaxGames.
func GamesSum(a, b uint64) (uint64, bool) {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 || s > MaxGames {
		return 0, false
	}
	return s, true
}

// TooManyGames is the message for a request of more than MaxGames games; what names it
// ("--games 9223372036854775809 at 2 player counts").
func TooManyGames(what string) error {
	return fmt.Errorf("%s is too many games in all: at most %s games fit in one command", what, GroupDigits(MaxGames))
}

// GroupDigits writes n with commas between groups of three digits: 1,000,000.
func GroupDigits(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
