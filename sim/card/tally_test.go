package card

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/tally"
)

// Every game counts once in Lengths, at its own length: the histogram adds up to the
// games, and its turns to the tally's total.
func TestTallyLengths(t *testing.T) {
	tb := randomTable(t, DefaultRules(5))
	var y Tally
	var want tally.Lengths
	for i := range uint64(200) {
		g := tb.Play(seed.ForGame(8, i))
		want[min(int(g.Turns), tally.LengthCap)]++
		y.Add(g)
	}
	if y.Lengths != want {
		t.Fatal("Lengths does not count each game at its length")
	}
	var games, turns uint64
	for n, c := range y.Lengths {
		games += c
		turns += uint64(n) * c
	}
	if games != y.Games || turns != y.Turns {
		t.Errorf("Lengths holds %d games of %d turns, the tally %d of %d", games, turns, y.Games, y.Turns)
	}
}

// ruling C11: a game passing the turn cap is a draw after the cap's turns; the default
// cap is within Lengths, so default games are counted at their exact length.
func TestTallyLengthsTurnCap(t *testing.T) {
	if DefaultMaxTurns > tally.LengthCap {
		t.Fatalf("the default turn cap %d is past tally.LengthCap %d: capped games would not count at their length", DefaultMaxTurns, tally.LengthCap)
	}
	r := DefaultRules(7)
	r.MaxTurns = 4
	tb := randomTable(t, r)
	var y Tally
	for i := range uint64(100) {
		y.Add(tb.Play(seed.ForGame(8, i)))
	}
	if y.Draws == 0 || y.Lengths[4] < y.Draws {
		t.Errorf("7 players capped at 4 turns: %d draws, but %d games at 4 turns", y.Draws, y.Lengths[4])
	}
	for n := 5; n < len(y.Lengths); n++ {
		if y.Lengths[n] != 0 {
			t.Fatalf("%d games of %d turns under a cap of 4", y.Lengths[n], n)
		}
	}
}
