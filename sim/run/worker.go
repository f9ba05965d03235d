package run

import (
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/bangsim/bangsim/internal/seed"
)

// worker plays the pieces it is handed until there are none left or the batch stops.
func (b *batch[T]) worker(p Player[T]) {
	timed := b.fixed == 0
	for k := range b.work {
		if b.stopped() {
			break
		}
		s := &b.ring[k%b.window]
		lo, hi := s.lo, s.hi
		var zero T
		s.t = zero
		var start time.Time
		if timed {
			start = time.Now()
		}
		end, err := playPiece(p, &s.t, b.cfg.Seed, lo, hi, &b.stop)
		if err != nil {
			b.results <- message{kind: workerPanicked, err: err}
			return
		}
		if end < hi {
			// Stopped inside the piece: drop it. Only whole pieces are merged, and the
			// merge stops at the first missing one, so the result stays a prefix.
			break
		}
		var elapsed time.Duration
		if timed {
			elapsed = time.Since(start)
		}
		b.done.Add(hi - lo)
		b.results <- message{kind: pieceDone, piece: k, elapsed: elapsed}
	}
	b.results <- message{kind: workerExited}
}

// stopped is checked before each piece: workers look at ctx themselves so that a
// cancellation stops them even before the merger has noticed it.
func (b *batch[T]) stopped() bool {
	if b.stop.Load() {
		return true
	}
	select {
	case <-b.ctxDone:
		return true
	default:
		return false
	}
}

// playPiece plays games [lo, hi) into tally, returning where it got to: hi, or the first
// game not played because stop was set (a plain load per game, which the merger sets as
// soon as ctx is cancelled, so a piece of slow games is abandoned within one game). It
// turns a panic into a *PanicError naming the game, so one bad game cannot take the
// process or the other workers down.
func playPiece[T any](p Player[T], tally *T, runSeed, lo, hi uint64, stop *atomic.Bool) (end uint64, perr *PanicError) {
	cur := lo
	defer func() {
		if v := recover(); v != nil {
			perr = &PanicError{Index: cur, Seed: seed.ForGame(runSeed, cur), Value: v, Stack: debug.Stack()}
		}
	}()
	for i := lo; i < hi; i++ {
		if stop.Load() {
			return i, nil
		}
		cur = i
		p(tally, i, seed.ForGame(runSeed, i))
	}
	return hi, nil
}
