package run

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"
)

// Player plays game index with seed gameSeed and adds its outcome into *tally; it is
// called on one worker goroutine only, so it may own mutable scratch state.
type Player[T any] func(tally *T, index, gameSeed uint64)

// Result is what a batch produced; Tally always covers exactly games First..First+Games-1.
type Result[T any] struct {
	Tally   T
	First   uint64        // first game index of this shard
	Games   uint64        // games merged into Tally: always the contiguous prefix First..First+Games-1
	Planned uint64        // games this shard was to play
	Partial bool          // true if stopped (cancelled or panicked) before Planned games were merged
	Elapsed time.Duration // wall time of the whole Run, for games-per-second reports
}

// Run plays the shard's games and merges their tallies in chunk order.
//
// newPlayer is called once per worker (Workers, or fewer when there are fewer chunks), on
// the calling goroutine before any game starts, so each worker owns its scratch state and
// the hot loop need not allocate. merge adds src
// into dst and is only ever called on the calling goroutine. Each chunk starts from a
// zero T, so T should be plain counters (arrays, not maps or slices that would have to be
// allocated per chunk).
//
// Progress, if set, is called on the calling goroutine about every ProgressEvery with the
// number of games finished so far, and once at the end; a slow Progress stalls merging.
//
// Cancelling ctx is not an error: Run returns the completed prefix with Partial set and a
// nil error. The only errors are configuration errors (ErrConfig) and a panicking Player
// (ErrGamePanicked, with a *PanicError naming the game); with the latter the returned
// Result still holds the prefix merged before the panic.
func Run[T any](ctx context.Context, cfg Config, newPlayer func() Player[T], merge func(dst, src *T)) (Result[T], error) {
	start := time.Now()
	if err := cfg.Validate(); err != nil {
		return Result[T]{}, err
	}
	if newPlayer == nil || merge == nil {
		return Result[T]{}, fmt.Errorf("%w: newPlayer and merge must not be nil", ErrConfig)
	}
	lo, hi := ShardRange(cfg.Games, cfg.Shard, cfg.shards())
	b := newBatch[T](ctx, cfg, lo, hi-lo)
	res := Result[T]{First: lo, Planned: hi - lo}
	err := b.run(newPlayer, merge, &res.Tally)
	res.Games = b.merged
	res.Partial = res.Games < res.Planned
	res.Elapsed = time.Since(start)
	return res, err
}

// batch is the state shared by one Run's merger (the calling goroutine) and its workers.
type batch[T any] struct {
	cfg     Config
	first   uint64
	planned uint64
	chunk   uint64
	chunks  uint64 // number of chunks
	window  uint64 // chunks dispatched but not yet merged, at most
	workers int

	ring    []slot[T]    // chunk k is played into ring[k%window]
	work    chan uint64  // chunk indices for workers
	results chan message // worker to merger
	ctxDone <-chan struct{}
	stop    atomic.Bool   // set by the merger to make workers quit early
	done    atomic.Uint64 // games finished, for Progress

	merged uint64 // games merged so far (merger only)
}

// slot pads each chunk tally so that workers filling neighbouring chunks do not share a
// cache line, which would make small tallies slower on more workers.
type slot[T any] struct {
	t T
	_ [128]byte
}

type msgKind uint8

const (
	chunkDone msgKind = iota
	workerExited
	workerPanicked
)

type message struct {
	kind  msgKind
	chunk uint64
	err   *PanicError
}

func newBatch[T any](ctx context.Context, cfg Config, first, planned uint64) *batch[T] {
	b := &batch[T]{cfg: cfg, first: first, planned: planned, chunk: cfg.chunk(), ctxDone: ctx.Done()}
	b.chunks = planned / b.chunk
	if planned%b.chunk != 0 {
		b.chunks++
	}
	b.workers = cfg.workers()
	if uint64(b.workers) > b.chunks {
		b.workers = int(b.chunks)
	}
	b.window = 2 * uint64(b.workers)
	return b
}

// chunkRange returns the global index range [lo, hi) of chunk k.
func (b *batch[T]) chunkRange(k uint64) (lo, hi uint64) {
	off := k * b.chunk
	return b.first + off, b.first + off + min(b.chunk, b.planned-off)
}

// run dispatches chunks, merges them into total in order and returns once every worker
// has exited.
func (b *batch[T]) run(newPlayer func() Player[T], merge func(dst, src *T), total *T) error {
	progress := b.cfg.Progress
	if b.workers == 0 {
		if progress != nil {
			progress(0, 0)
		}
		return nil
	}
	players := make([]Player[T], b.workers)
	for i := range players {
		players[i] = newPlayer()
	}
	b.ring = make([]slot[T], b.window)
	ready := make([]bool, b.window)
	b.work = make(chan uint64, b.window)
	// Every dispatched chunk and every worker sends at most one message, so the merger
	// never makes a worker wait.
	b.results = make(chan message, b.window+uint64(b.workers))

	var next uint64 // next chunk to dispatch
	closed := false
	closeWork := func() {
		if !closed {
			closed = true
			close(b.work)
		}
	}
	dispatch := func() {
		if !closed && next < b.chunks {
			b.work <- next
			next++
		}
		if next == b.chunks {
			closeWork()
		}
	}
	halt := func() {
		b.stop.Store(true)
		closeWork()
	}
	// A panic in merge or Progress must not leave workers blocked forever.
	defer halt()

	for next < b.window && next < b.chunks {
		dispatch()
	}
	for _, p := range players {
		go b.worker(p)
	}

	var tick <-chan time.Time
	if progress != nil {
		t := time.NewTicker(b.cfg.progressEvery())
		defer t.Stop()
		tick = t.C
	}
	ctxDone := b.ctxDone
	var frontier uint64 // next chunk to merge
	var perr *PanicError
	for running := b.workers; running > 0; {
		select {
		case m := <-b.results:
			switch m.kind {
			case workerExited:
				running--
			case workerPanicked:
				running--
				if perr == nil || m.err.Index < perr.Index {
					perr = m.err
				}
				halt()
			case chunkDone:
				ready[m.chunk%b.window] = true
				for frontier < b.chunks && ready[frontier%b.window] {
					s := frontier % b.window
					merge(total, &b.ring[s].t)
					ready[s] = false
					lo, hi := b.chunkRange(frontier)
					b.merged += hi - lo
					frontier++
					dispatch()
				}
			}
		case <-ctxDone:
			ctxDone = nil
			halt()
		case <-tick:
			progress(b.done.Load(), b.planned)
		}
	}
	if progress != nil {
		progress(b.done.Load(), b.planned)
	}
	if perr != nil {
		return perr
	}
	return nil
}
