package dice_test

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/sim/tally"
)

// Every game counts once in Lengths, at its own length: the histogram adds up to the
// games, and its turns to the tally's total, and halves merge into the whole.
func TestTallyLengths(t *testing.T) {
	tb := newTable(t, dice.DefaultRules(6), "heuristic")
	var whole, a, b dice.Tally
	var want tally.Lengths
	for i := range uint64(300) {
		g := tb.Play(seed.ForGame(4, i))
		want[g.Turns]++
		whole.Add(g)
		if i%2 == 0 {
			a.Add(g)
		} else {
			b.Add(g)
		}
	}
	a.Merge(&b)
	if a != whole {
		t.Fatal("merged halves differ from the whole")
	}
	if whole.Lengths != want {
		t.Fatal("Lengths does not count each game at its length")
	}
	var games, turns uint64
	for n, c := range whole.Lengths {
		games += c
		turns += uint64(n) * c
	}
	if games != whole.Games || turns != whole.Turns {
		t.Errorf("Lengths holds %d games of %d turns, the tally %d of %d", games, turns, whole.Games, whole.Turns)
	}
}

// ruling D17: a game reaching the turn cap is a draw of exactly the cap's turns; the
// default cap is within Lengths, so default games are counted at their exact length.
func TestTallyLengthsTurnCap(t *testing.T) {
	if c := dice.DefaultRules(5).MaxTurns; int(c) > tally.LengthCap {
		t.Fatalf("the default turn cap %d is past tally.LengthCap %d: capped games would not count at their length", c, tally.LengthCap)
	}
	r := dice.DefaultRules(8)
	r.MaxTurns = 3
	tb := newTable(t, r, "heuristic")
	var y dice.Tally
	for i := range uint64(200) {
		y.Add(tb.Play(seed.ForGame(4, i)))
	}
	if y.Draws == 0 || y.Lengths[3] < y.Draws {
		t.Errorf("8 players capped at 3 turns: %d draws, but %d games at 3 turns", y.Draws, y.Lengths[3])
	}
	for n := 4; n < len(y.Lengths); n++ {
		if y.Lengths[n] != 0 {
			t.Fatalf("%d games of %d turns under a cap of 3", y.Lengths[n], n)
		}
	}
}

// Recording a game allocates nothing (the workers' hot path).
func TestTallyAddAllocs(t *testing.T) {
	tb := newTable(t, dice.DefaultRules(5), "simple")
	g := tb.Play(seed.ForGame(4, 0))
	var y dice.Tally
	if n := testing.AllocsPerRun(100, func() { y.Add(g) }); n != 0 {
		t.Errorf("Tally.Add allocates %v times", n)
	}
}

// BenchmarkTallyAdd is the cost of recording one finished game.
func BenchmarkTallyAdd(b *testing.B) {
	tb := newTable(b, dice.DefaultRules(5), "simple")
	g := tb.Play(seed.ForGame(4, 0))
	var y dice.Tally
	for b.Loop() {
		y.Add(g)
	}
}
