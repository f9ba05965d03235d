package enginetest

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// FastPathAgrees plays games seed.ForGame(run, 0..games-1) through an engine's fast
// path (straight-line code, fused loops) and through its reference (stepping the state
// machine, which the playout and scenario tests check rule by rule), and requires the
// same game by diff ("" when alike; it may compare the finished tables only, or every
// decision and event). Agreement carries the machine's checks over to the fast path.
// what names the configuration in the message.
func FastPathAgrees[O any](t testing.TB, what string, run uint64, games int, fast, ref func(i, gameSeed uint64) O, diff func(fast, ref O) string) {
	t.Helper()
	for i := range uint64(games) {
		gs := seed.ForGame(run, i)
		if d := diff(fast(i, gs), ref(i, gs)); d != "" {
			t.Fatalf("%s, game %d (seed %#x): the fast path and the machine differ: %s", what, i, gs, d)
		}
	}
}
