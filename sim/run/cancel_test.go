package run

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/bangsim/bangsim/internal/seed"
)

// within fails the test instead of hanging it if f deadlocks.
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still running after %v: deadlock?", d)
	}
}

// noLeak waits for goroutines started during the test to exit.
func noLeak(t *testing.T, before int) {
	t.Helper()
	for range 200 {
		if runtime.NumGoroutine() <= before {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Errorf("%d goroutines left running, had %d", runtime.NumGoroutine(), before)
}

func TestCancelGivesReproduciblePrefix(t *testing.T) {
	const games, chunk, stopAfter = 1_000_000, 64, 5000
	for _, workers := range []int{1, 2, 8} {
		before := runtime.NumGoroutine()
		ctx, cancel := context.WithCancel(context.Background())
		var played atomic.Uint64
		player := func() Player[toy] {
			return func(tl *toy, index, gameSeed uint64) {
				if played.Add(1) == stopAfter {
					cancel()
				}
				playToy(tl, index, gameSeed)
			}
		}
		var res Result[toy]
		var err error
		within(t, 10*time.Second, func() {
			res, err = Run(ctx, Config{Games: games, Seed: 11, Workers: workers, Chunk: chunk}, player, mergeToy)
		})
		cancel()
		if err != nil {
			t.Fatalf("workers %d: cancellation returned error %v", workers, err)
		}
		if !res.Partial || res.Games >= res.Planned || res.Planned != games {
			t.Fatalf("workers %d: got Partial %v, %d of %d games", workers, res.Partial, res.Games, res.Planned)
		}
		if res.Games%chunk != 0 || res.Games > played.Load() {
			t.Fatalf("workers %d: %d games merged is not a whole number of chunks played (%d played)", workers, res.Games, played.Load())
		}
		if res.Tally.Games != res.Games {
			t.Fatalf("workers %d: tally counts %d games, Result says %d", workers, res.Tally.Games, res.Games)
		}
		full := mustRun(t, Config{Games: max(res.Games, 1), Seed: 11, Workers: 3, Chunk: chunk}, newToy)
		if res.Games > 0 && res.Tally != full.Tally {
			t.Fatalf("workers %d: partial run of %d games differs from a full run of as many", workers, res.Games)
		}
		noLeak(t, before)
	}
}

func TestCancelledBeforeStart(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Run(ctx, Config{Games: 1000, Workers: 4, Chunk: 10}, newToy, mergeToy)
	if err != nil || !res.Partial || res.Games != 0 || res.Tally != (toy{}) {
		t.Fatalf("got %+v, %v; want an empty partial result", res, err)
	}
}

func TestPanicReportsGame(t *testing.T) {
	const games, chunk, bad = 100_000, 100, 12345
	for _, workers := range []int{1, 4} {
		before := runtime.NumGoroutine()
		player := func() Player[toy] {
			return func(tl *toy, index, gameSeed uint64) {
				if index == bad {
					panic("boom")
				}
				playToy(tl, index, gameSeed)
			}
		}
		var res Result[toy]
		var err error
		within(t, 10*time.Second, func() {
			res, err = Run(context.Background(), Config{Games: games, Seed: 8, Workers: workers, Chunk: chunk}, player, mergeToy)
		})
		if !errors.Is(err, ErrGamePanicked) {
			t.Fatalf("workers %d: err = %v, want ErrGamePanicked", workers, err)
		}
		var pe *PanicError
		if !errors.As(err, &pe) || pe.Index != bad || pe.Seed != seed.ForGame(8, bad) || pe.Value != "boom" || len(pe.Stack) == 0 {
			t.Fatalf("workers %d: got %#v", workers, pe)
		}
		if !strings.Contains(err.Error(), "12345") || !strings.Contains(err.Error(), "boom") {
			t.Errorf("workers %d: error %q does not name the game", workers, err)
		}
		if !res.Partial || res.Games > bad/chunk*chunk || res.Games%chunk != 0 || res.Tally != reference(8, 0, res.Games, chunk) {
			t.Errorf("workers %d: got %d games merged, Partial %v", workers, res.Games, res.Partial)
		}
		noLeak(t, before)
	}
}

func TestEveryGamePanics(t *testing.T) {
	before := runtime.NumGoroutine()
	player := func() Player[toy] {
		return func(*toy, uint64, uint64) { panic(errors.New("always")) }
	}
	within(t, 10*time.Second, func() {
		res, err := Run(context.Background(), Config{Games: 1 << 20, Workers: 8, Chunk: 16}, player, mergeToy)
		if !errors.Is(err, ErrGamePanicked) || res.Games != 0 || !res.Partial {
			t.Errorf("got %d games, err %v", res.Games, err)
		}
	})
	noLeak(t, before)
}

func TestPanicInMergePropagatesWithoutLeak(t *testing.T) {
	before := runtime.NumGoroutine()
	func() {
		defer func() {
			if recover() == nil {
				t.Error("merge panic was swallowed")
			}
		}()
		Run(context.Background(), Config{Games: 1 << 20, Workers: 4, Chunk: 16}, newToy, func(dst, src *toy) { panic("merge") })
	}()
	noLeak(t, before)
}
