package enginetest

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// Determinism checks that the same seed gives the same game: for every game
// seed.ForGame(run, i), a plays it, b plays another game first (seed.ForGame(run+1, i))
// and then the same one, and a plays it again; the three results must be alike by
// diff ("" when alike). a and b are two drivers built the same way (two Tables, say),
// so state left behind by an earlier game would show. It also guards the check against
// a constant game: at most one of the other games may equal the first.
func Determinism[O any](t testing.TB, run uint64, games int, a, b func(gameSeed uint64) O, diff func(x, y O) string) {
	t.Helper()
	var first O
	differ := 0
	for i := range uint64(games) {
		gs := seed.ForGame(run, i)
		x := a(gs)
		b(seed.ForGame(run+1, i))
		if d := diff(x, b(gs)); d != "" {
			t.Fatalf("seed %#x (seed.ForGame(%d, %d)): two plays differ: %s", gs, run, i, d)
		}
		if d := diff(x, a(gs)); d != "" {
			t.Fatalf("seed %#x (seed.ForGame(%d, %d)): a replay on the same driver differs: %s", gs, run, i, d)
		}
		if i == 0 {
			first = x
		} else if diff(first, x) != "" {
			differ++
		}
	}
	if games > 1 && differ < games-2 {
		t.Errorf("only %d of %d other seeds gave a different game than the first", differ, games-1)
	}
}
