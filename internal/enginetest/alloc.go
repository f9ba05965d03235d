package enginetest

import "testing"

// AllocRuns is how many whole games each ZeroAllocs measures.
const AllocRuns = 300

// ZeroAllocs requires play to allocate nothing per game: play(0) warms up (pools,
// lazily built tables), then testing.AllocsPerRun measures AllocRuns games
// play(0), play(1), ... what names the driver in the message.
func ZeroAllocs(t testing.TB, what string, play func(game uint64)) {
	t.Helper()
	play(0)
	var i uint64
	allocs := testing.AllocsPerRun(AllocRuns, func() {
		play(i)
		i++
	})
	if allocs != 0 {
		t.Errorf("%s allocates %.2f times per game", what, allocs)
	}
}
