package run

import (
	"runtime/debug"

	"github.com/bangsim/bangsim/internal/seed"
)

// worker plays the chunks it is handed until there are none left or the batch stops.
func (b *batch[T]) worker(p Player[T]) {
	for k := range b.work {
		if b.stopped() {
			break
		}
		lo, hi := b.chunkRange(k)
		t := &b.ring[k%b.window].t
		var zero T
		*t = zero
		if err := playChunk(p, t, b.cfg.Seed, lo, hi); err != nil {
			b.results <- message{kind: workerPanicked, err: err}
			return
		}
		b.done.Add(hi - lo)
		b.results <- message{kind: chunkDone, chunk: k}
	}
	b.results <- message{kind: workerExited}
}

// stopped is checked once per chunk: workers look at ctx themselves so that a
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

// playChunk plays games [lo, hi) into tally and turns a panic into a *PanicError naming
// the game, so one bad game cannot take the process or the other workers down.
func playChunk[T any](p Player[T], tally *T, runSeed, lo, hi uint64) (perr *PanicError) {
	cur := lo
	defer func() {
		if v := recover(); v != nil {
			perr = &PanicError{Index: cur, Seed: seed.ForGame(runSeed, cur), Value: v, Stack: debug.Stack()}
		}
	}()
	for i := lo; i < hi; i++ {
		cur = i
		p(tally, i, seed.ForGame(runSeed, i))
	}
	return nil
}
