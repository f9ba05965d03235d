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

// Run plays the shard's games and merges their tallies in index order.
//
// newPlayer is called once per worker (Workers, or fewer when there are fewer games, or
// fewer fixed-size pieces), on
// the calling goroutine before any game starts, so each worker owns its scratch state and
// the hot loop need not allocate. merge adds src
// into dst and is only ever called on the calling goroutine. Each piece starts from a
// zero T, so T should be plain counters (arrays, not maps or slices that would have to be
// allocated per piece).
//
// Progress, if set, is called on the calling goroutine about every ProgressEvery with the
// number of games finished so far (it moves once per finished piece, so about every
// PieceTime per worker even with slow games), and once at the end; a slow Progress stalls
// merging.
//
// Cancelling ctx is not an error: Run returns the completed prefix with Partial set and a
// nil error, within about one game of the cancellation (workers drop the piece in hand). The only errors are configuration errors (ErrConfig) and a panicking Player
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
	lo, hi = cfg.First+lo, cfg.First+hi
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
	fixed   uint64 // Config.Chunk; 0 when pieces are sized by time
	window  uint64 // pieces dispatched but not yet merged, at most
	workers int

	ring    []slot[T]    // piece number k (in dispatch order) is played into ring[k%window]
	work    chan uint64  // piece numbers for workers
	results chan message // worker to merger
	ctxDone <-chan struct{}
	stop    atomic.Bool   // set by the merger to make workers quit early
	done    atomic.Uint64 // games finished, for Progress

	merged uint64 // games merged so far (merger only)
}

// slot holds one piece: the range the dispatcher gave it and the tally a worker plays it
// into. The padding keeps workers filling neighbouring pieces off each other's cache
// lines, which would make small tallies slower on more workers.
type slot[T any] struct {
	t      T
	lo, hi uint64 // global index range [lo, hi), written by the merger before dispatch
	_      [128]byte
}

type msgKind uint8

const (
	pieceDone msgKind = iota
	workerExited
	workerPanicked
)

type message struct {
	kind    msgKind
	piece   uint64        // piece number, for pieceDone
	elapsed time.Duration // time the piece took to play, for pieceDone when sized by time
	err     *PanicError
}

func newBatch[T any](ctx context.Context, cfg Config, first, planned uint64) *batch[T] {
	b := &batch[T]{cfg: cfg, first: first, planned: planned, fixed: cfg.Chunk, ctxDone: ctx.Done()}
	pieces := planned // at most, when sized by time
	if b.fixed != 0 {
		pieces = planned / b.fixed
		if planned%b.fixed != 0 {
			pieces++
		}
	}
	b.workers = cfg.workers()
	if uint64(b.workers) > pieces {
		b.workers = int(pieces)
	}
	b.window = 2 * uint64(b.workers)
	return b
}

// Sizing pieces by time. A piece should take about Config.PieceTime: long enough that
// its overhead is invisible, short enough that workers see a cancellation and Progress
// sees finished games soon. The merger estimates the time per game from the pieces
// finished so far and sizes each piece it hands out from that estimate.
const (
	firstPiece  = 1     // games in the first pieces, before anything is measured
	pieceGrowth = 4     // a piece is at most this many times the largest finished one
	pieceDecay  = 0.875 // weight kept by older measurements at each new one
	tailPieces  = 2     // per worker: near the end, pieces shrink to share out what is left
	tailFloor   = 16    // ...but not below 1/tailFloor of the time-sized piece
)

// sizer turns measured piece times into piece sizes; it belongs to the merger.
type sizer struct {
	target  float64 // wanted piece time, in nanoseconds
	games   float64 // decayed sum of games in measured pieces
	nanos   float64 // decayed sum of their times
	largest uint64  // largest piece measured
	size    uint64  // games per piece for the next dispatch
}

func newSizer(target time.Duration) sizer {
	return sizer{target: float64(target.Nanoseconds()), size: firstPiece}
}

// observe records that a piece of n games took d.
func (s *sizer) observe(n uint64, d time.Duration) {
	s.games = s.games*pieceDecay + float64(n)
	s.nanos = s.nanos*pieceDecay + float64(max(d, 0).Nanoseconds())
	s.largest = max(s.largest, n)
	limit := float64(min(MaxPiece, pieceGrowth*s.largest))
	want := limit
	if s.nanos > 0 {
		want = min(s.target*s.games/s.nanos, limit)
	}
	s.size = uint64(max(want, 1))
}

// next returns the size of a piece when left games remain to be handed out to workers.
func (s *sizer) next(left uint64, workers int) uint64 {
	n := s.size
	if share := left / (tailPieces * uint64(workers)); n > share {
		n = max(share, n/tailFloor, 1)
	}
	return min(n, left)
}

// run dispatches pieces, merges them into total in order and returns once every worker
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
	// Every dispatched piece and every worker sends at most one message, so the merger
	// never makes a worker wait.
	b.results = make(chan message, b.window+uint64(b.workers))
	sz := newSizer(b.cfg.pieceTime())

	var (
		handed   uint64 // games handed out so far: the next piece starts at b.first+handed
		next     uint64 // next piece number to dispatch
		frontier uint64 // next piece number to merge
		closed   bool
	)
	closeWork := func() {
		if !closed {
			closed = true
			close(b.work)
		}
	}
	// dispatch hands out pieces until the window is full; a piece's range is fixed here,
	// in dispatch order, so pieces tile the shard whatever their sizes.
	dispatch := func() {
		for !closed && handed < b.planned && next-frontier < b.window {
			n := b.fixed
			if n == 0 {
				n = sz.next(b.planned-handed, b.workers)
			}
			n = min(n, b.planned-handed)
			s := &b.ring[next%b.window]
			s.lo, s.hi = b.first+handed, b.first+handed+n
			handed += n
			b.work <- next
			next++
		}
		if handed == b.planned {
			closeWork()
		}
	}
	halt := func() {
		b.stop.Store(true)
		closeWork()
	}
	// A panic in merge or Progress must not leave workers blocked forever.
	defer halt()

	dispatch()
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
			case pieceDone:
				s := &b.ring[m.piece%b.window]
				if b.fixed == 0 {
					sz.observe(s.hi-s.lo, m.elapsed)
				}
				ready[m.piece%b.window] = true
				for frontier < next && ready[frontier%b.window] {
					i := frontier % b.window
					merge(total, &b.ring[i].t)
					ready[i] = false
					b.merged += b.ring[i].hi - b.ring[i].lo
					frontier++
				}
				dispatch()
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
