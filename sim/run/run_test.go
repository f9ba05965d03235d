package run

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

func TestMatchesSequentialReference(t *testing.T) {
	const games, runSeed = 20011, 7
	for _, chunk := range []uint64{1, 3, 64, 1000, 2048, 50000} {
		want := reference(runSeed, 0, games, chunk)
		for _, workers := range []int{1, 2, 3, 8} {
			res := mustRun(t, Config{Games: games, Seed: runSeed, Workers: workers, Chunk: chunk}, newToy)
			if res.Tally != want {
				t.Errorf("chunk %d workers %d: tally differs from sequential reference", chunk, workers)
			}
			if res.Games != games || res.Planned != games || res.First != 0 || res.Partial {
				t.Errorf("chunk %d workers %d: got %+v", chunk, workers, res)
			}
		}
	}
}

func TestCountsIndependentOfChunk(t *testing.T) {
	const games = 12345
	want := mustRun(t, Config{Games: games, Seed: 99, Workers: 1, Chunk: 1}, newToy).Tally.counts()
	for _, chunk := range []uint64{0, 2, 7, 100, 4096, 1 << 20} {
		for _, workers := range []int{0, 1, 2, 3, 8} {
			got := mustRun(t, Config{Games: games, Seed: 99, Workers: workers, Chunk: chunk}, newToy).Tally.counts()
			if got != want {
				t.Errorf("chunk %d workers %d: counts differ", chunk, workers)
			}
		}
	}
}

// Slow early chunks make later ones finish first, so the merge must buffer and reorder.
func TestOutOfOrderCompletionMergedInOrder(t *testing.T) {
	const games, chunk = 4000, 10
	slow := func() Player[toy] {
		return func(tl *toy, index, gameSeed uint64) {
			if index%chunk == 0 && (index/chunk)%7 == 0 {
				time.Sleep(200 * time.Microsecond)
			}
			playToy(tl, index, gameSeed)
		}
	}
	want := reference(3, 0, games, chunk)
	for _, workers := range []int{2, 3, 8} {
		res := mustRun(t, Config{Games: games, Seed: 3, Workers: workers, Chunk: chunk}, slow)
		if res.Tally != want {
			t.Errorf("workers %d: tally differs from sequential reference", workers)
		}
	}
}

// No worker may run more than the window of 2*workers chunks ahead of the merge.
func TestWorkersStayWithinWindow(t *testing.T) {
	const games, chunk, workers = 50000, 16, 4
	var merged atomic.Uint64
	var worst atomic.Int64
	player := func() Player[toy] {
		return func(tl *toy, index, gameSeed uint64) {
			ahead := int64(index/chunk) - int64(merged.Load()/chunk)
			for {
				w := worst.Load()
				if ahead <= w || worst.CompareAndSwap(w, ahead) {
					break
				}
			}
			playToy(tl, index, gameSeed)
		}
	}
	merge := func(dst, src *toy) {
		mergeToy(dst, src)
		merged.Store(dst.Games)
	}
	if _, err := Run(context.Background(), Config{Games: games, Workers: workers, Chunk: chunk}, player, merge); err != nil {
		t.Fatal(err)
	}
	if w := worst.Load(); w >= 2*workers {
		t.Errorf("a worker ran %d chunks ahead of the merge, want < %d", w, 2*workers)
	}
}

func TestProgress(t *testing.T) {
	const games = 3000
	var calls, last uint64
	cfg := Config{
		Games: games, Workers: 3, Chunk: 50, ProgressEvery: time.Millisecond,
		Progress: func(done, total uint64) {
			// Plain variables: the race detector fails this if calls come from several goroutines.
			calls++
			if total != games || done < last || done > total {
				t.Errorf("Progress(%d, %d) after %d", done, total, last)
			}
			last = done
		},
	}
	slow := func() Player[toy] {
		return func(tl *toy, index, gameSeed uint64) {
			if index%100 == 0 {
				time.Sleep(100 * time.Microsecond)
			}
			playToy(tl, index, gameSeed)
		}
	}
	mustRun(t, cfg, slow)
	if calls < 2 || last != games {
		t.Errorf("Progress called %d times, last done %d; want several, ending at %d", calls, last, games)
	}
}

func TestSmallRuns(t *testing.T) {
	for _, games := range []uint64{1, 2, 5, 17} {
		res := mustRun(t, Config{Games: games, Seed: 1, Workers: 8, Chunk: 4}, newToy)
		if res.Tally != reference(1, 0, games, 4) || res.Games != games {
			t.Errorf("games %d: got %+v", games, res)
		}
	}
}

func TestRejectsNilFuncs(t *testing.T) {
	cfg := Config{Games: 1}
	if _, err := Run[toy](context.Background(), cfg, nil, mergeToy); err == nil {
		t.Error("nil newPlayer accepted")
	}
	if _, err := Run(context.Background(), cfg, newToy, nil); err == nil {
		t.Error("nil merge accepted")
	}
}
