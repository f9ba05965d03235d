package run

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// pieceStarts wraps a toy player to record the first index of every piece it plays: a
// piece starts from a zero tally, so the first game of a piece sees Games == 0.
func pieceStarts(play func() Player[toy]) (func() Player[toy], func(games uint64) []uint64) {
	var mu sync.Mutex
	var starts []uint64
	wrapped := func() Player[toy] {
		p := play()
		return func(tl *toy, index, gameSeed uint64) {
			if tl.Games == 0 {
				mu.Lock()
				starts = append(starts, index)
				mu.Unlock()
			}
			p(tl, index, gameSeed)
		}
	}
	sizes := func(games uint64) []uint64 {
		mu.Lock()
		defer mu.Unlock()
		slices.Sort(starts)
		var out []uint64
		for k, lo := range starts {
			hi := games
			if k+1 < len(starts) {
				hi = starts[k+1]
			}
			out = append(out, hi-lo)
		}
		return out
	}
	return wrapped, sizes
}

// A game slower than a piece's target time must not hold a cancellation up for more than
// about a game, and what was merged must be exactly the first Games games.
func TestCancelSlowGamesReturnsPromptly(t *testing.T) {
	before := runtime.NumGoroutine()
	const gameTime = 30 * time.Millisecond
	slow := func() Player[toy] {
		return func(tl *toy, index, gameSeed uint64) {
			time.Sleep(gameTime)
			playToy(tl, index, gameSeed)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled time.Time
	timer := time.AfterFunc(300*time.Millisecond, func() {
		cancelled = time.Now()
		cancel()
	})
	defer timer.Stop()
	var res Result[toy]
	var err error
	within(t, 20*time.Second, func() {
		res, err = Run(ctx, Config{Games: 1_000_000, Seed: 21}, slow, mergeToy)
	})
	late := time.Since(cancelled)
	t.Logf("returned %v after the cancel with %d games merged", late, res.Games)
	if err != nil {
		t.Fatalf("cancellation returned error %v", err)
	}
	if late > 2*time.Second {
		t.Errorf("Run returned %v after the cancel, want within 2s", late)
	}
	if !res.Partial || res.Games == 0 || res.Games >= res.Planned || res.First != 0 {
		t.Fatalf("got Partial %v, first %d, %d of %d games", res.Partial, res.First, res.Games, res.Planned)
	}
	if want := reference(21, 0, res.Games, 1); res.Tally.counts() != want.counts() {
		t.Errorf("tally of %d games is not the tally of games 0..%d", res.Games, res.Games-1)
	}
	noLeak(t, before)
}

// Cancelling a run of fast games, with pieces grown large, still gives an exact prefix.
func TestCancelTimeSizedGivesPrefix(t *testing.T) {
	for _, workers := range []int{1, 2, 8} {
		ctx, cancel := context.WithCancel(context.Background())
		var played atomic.Uint64
		player := func() Player[toy] {
			return func(tl *toy, index, gameSeed uint64) {
				if played.Add(1) == 300_000 {
					cancel()
				}
				playToy(tl, index, gameSeed)
			}
		}
		var res Result[toy]
		var err error
		within(t, 20*time.Second, func() {
			res, err = Run(ctx, Config{Games: 1 << 30, Seed: 4, Workers: workers}, player, mergeToy)
		})
		cancel()
		if err != nil || !res.Partial || res.Games > played.Load() {
			t.Fatalf("workers %d: got %d games (%d played), Partial %v, err %v", workers, res.Games, played.Load(), res.Partial, err)
		}
		if want := reference(4, 0, res.Games, 1); res.Tally.counts() != want.counts() {
			t.Errorf("workers %d: tally of %d games is not the tally of games 0..%d", workers, res.Games, res.Games-1)
		}
	}
}

// Whatever sizes the pieces come out at, integer totals equal a single-worker run with
// fixed chunks.
func TestTimeSizedTotalsMatchFixedChunks(t *testing.T) {
	const games, runSeed = 20011, 13
	want := mustRun(t, Config{Games: games, Seed: runSeed, Workers: 1, Chunk: 64}, newToy).Tally.counts()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, workers := range []int{1, 2, 3, 8} {
		for _, pieceTime := range []time.Duration{50 * time.Microsecond, 500 * time.Microsecond, 0} {
			// Games of random cost, from nothing to a sleep, so that the measured time
			// per game, and with it the piece size, jumps about.
			slowEvery := uint64(20 + rng.IntN(200))
			var players atomic.Uint64
			jittery := func() Player[toy] {
				r := rand.New(rand.NewPCG(rng.Uint64(), players.Add(1))) // one per worker
				return func(tl *toy, index, gameSeed uint64) {
					if hash(gameSeed^0x5bd1e995)%slowEvery == 0 {
						time.Sleep(time.Duration(r.IntN(100)) * time.Microsecond)
					}
					playToy(tl, index, gameSeed)
				}
			}
			player, sizes := pieceStarts(jittery)
			res := mustRun(t, Config{Games: games, Seed: runSeed, Workers: workers, PieceTime: pieceTime}, player)
			if res.Tally.counts() != want || res.Games != games || res.Partial {
				t.Errorf("workers %d piece time %v: totals differ from a fixed-chunk run", workers, pieceTime)
			}
			s := sizes(games)
			var sum uint64
			for _, n := range s {
				sum += n
			}
			if sum != games || s[0] != 1 {
				t.Errorf("workers %d piece time %v: pieces %v do not tile the run from a 1-game piece", workers, pieceTime, s)
			}
			distinct := slices.Compact(slices.Sorted(slices.Values(s)))
			t.Logf("workers %d piece time %v: %d pieces of %d distinct sizes up to %d", workers, pieceTime, len(s), len(distinct), distinct[len(distinct)-1])
			if len(distinct) < 3 {
				t.Errorf("workers %d piece time %v: piece sizes %v barely vary", workers, pieceTime, s)
			}
		}
	}
}

func TestTimeSizedSmallRuns(t *testing.T) {
	for _, games := range []uint64{1, 2, 5, 17, 100} {
		for _, workers := range []int{1, 3, 8} {
			res := mustRun(t, Config{Games: games, Seed: 1, Workers: workers}, newToy)
			if res.Tally.counts() != reference(1, 0, games, 1).counts() || res.Games != games || res.Partial {
				t.Errorf("games %d workers %d: got %+v", games, workers, res)
			}
		}
	}
}

// With slow games the progress count must move long before a fixed chunk would end.
func TestProgressMovesWithSlowGames(t *testing.T) {
	const gameTime = 30 * time.Millisecond
	slow := func() Player[toy] {
		return func(tl *toy, index, gameSeed uint64) {
			time.Sleep(gameTime)
			playToy(tl, index, gameSeed)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	start := time.Now()
	var firstMoved atomic.Int64 // nanoseconds after start when done was first > 0
	cfg := Config{
		Games: 100_000, Seed: 2, Workers: 2, ProgressEvery: 10 * time.Millisecond,
		Progress: func(done, total uint64) {
			if done > 0 && firstMoved.Load() == 0 {
				firstMoved.Store(int64(time.Since(start)))
				cancel()
			}
		},
	}
	timer := time.AfterFunc(5*time.Second, cancel)
	defer timer.Stop()
	within(t, 20*time.Second, func() {
		if _, err := Run(ctx, cfg, slow, mergeToy); err != nil {
			t.Error(err)
		}
	})
	moved := time.Duration(firstMoved.Load())
	t.Logf("progress first moved after %v", moved)
	if moved == 0 || moved > time.Second {
		t.Errorf("progress first moved after %v, want within 1s", moved)
	}
}

func TestSizer(t *testing.T) {
	// Fast games: pieces grow to MaxPiece within a few measurements.
	s := newSizer(DefaultPieceTime)
	if n := s.next(1<<40, 4); n != firstPiece {
		t.Fatalf("first piece %d games, want %d", n, firstPiece)
	}
	for range 12 {
		n := s.next(1<<40, 4)
		s.observe(n, time.Duration(n)*2*time.Microsecond)
	}
	if n := s.next(1<<40, 4); n < 24_000 || n > 25_000 {
		t.Errorf("2µs games: piece of %d games, want about 25000 (50ms)", n)
	}
	// Very fast games: capped at MaxPiece.
	s = newSizer(DefaultPieceTime)
	for range 12 {
		n := s.next(1<<40, 4)
		s.observe(n, time.Duration(n)*2)
	}
	if n := s.next(1<<40, 4); n != MaxPiece {
		t.Errorf("2ns games: piece of %d games, want %d", n, MaxPiece)
	}
	// A clock too coarse to see a piece still grows pieces, within the growth limit.
	s = newSizer(DefaultPieceTime)
	s.observe(1, 0)
	if n := s.next(1<<40, 4); n != pieceGrowth {
		t.Errorf("after an unmeasurable piece: %d games, want %d", n, pieceGrowth)
	}
	// Slow games: one game a piece.
	s = newSizer(DefaultPieceTime)
	for range 5 {
		s.observe(1, 75*time.Millisecond)
	}
	if n := s.next(1<<40, 4); n != 1 {
		t.Errorf("75ms games: piece of %d games, want 1", n)
	}
	// Games that turn slow shrink the pieces at once.
	s = newSizer(DefaultPieceTime)
	for range 12 {
		n := s.next(1<<40, 4)
		s.observe(n, time.Duration(n)*time.Microsecond)
	}
	big := s.next(1<<40, 4)
	s.observe(big, time.Duration(big)*time.Millisecond)
	if n := s.next(1<<40, 4); n*8 > big {
		t.Errorf("after games turned 1000x slower, pieces went from %d to only %d", big, n)
	}
	// Near the end, pieces shrink, but never past what is left.
	s = sizer{size: 1000}
	if n := s.next(2000, 4); n != 250 {
		t.Errorf("2000 left on 4 workers: piece of %d, want 250", n)
	}
	if n := s.next(200, 4); n != 62 {
		t.Errorf("200 left: piece of %d, want 62 (a 16th of the time-sized piece)", n)
	}
	if n := s.next(3, 4); n != 3 {
		t.Errorf("3 left: piece of %d, want 3", n)
	}
}
