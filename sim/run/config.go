package run

import (
	"errors"
	"fmt"
	"runtime"
	"time"
)

// ErrConfig is wrapped by every configuration error so callers can tell a bad request
// from a failed run with errors.Is.
var ErrConfig = errors.New("run: invalid config")

// DefaultPieceTime is how long a piece of work should take when Config.Chunk is 0: long
// enough that the per-piece channel, atomic and merge traffic is invisible even for games
// of a few hundred nanoseconds, short enough that a cancellation or a progress line never
// waits long on a piece in hand.
const DefaultPieceTime = 50 * time.Millisecond

// MaxPiece caps the games in one time-sized piece, so a very fast game still leaves the
// merge and the progress count moving and the work balanced at the end of a run.
const MaxPiece uint64 = 1 << 16

// DefaultProgressEvery is often enough for a live display and rare enough to cost nothing.
const DefaultProgressEvery = 250 * time.Millisecond

// Config describes one batch; its zero values for Workers, Shards, Chunk, PieceTime and
// ProgressEvery pick sensible defaults.
type Config struct {
	Games         uint64                   // games in the whole run (indices First..First+Games-1), at least 1
	First         uint64                   // index of the run's first game: 0, or where an earlier batch of a sequential run stopped
	Seed          uint64                   // run seed
	Workers       int                      // goroutines; 0 means runtime.GOMAXPROCS(0)
	Shard         int                      // this process plays shard Shard of Shards (0-based)
	Shards        int                      // 0 or 1 means unsharded
	Chunk         uint64                   // games per piece, fixed; 0 means pieces sized by time
	PieceTime     time.Duration            // target time of a piece when Chunk is 0; 0 means DefaultPieceTime
	Progress      func(done, total uint64) // optional; see Run for when it is called
	ProgressEvery time.Duration            // 0 means DefaultProgressEvery
}

// Validate reports the first problem with c, wrapping ErrConfig, so a command line can
// reject bad flags before any game is played.
func (c Config) Validate() error {
	switch {
	case c.Games == 0:
		return fmt.Errorf("%w: Games must be at least 1", ErrConfig)
	case c.First+c.Games < c.First:
		return fmt.Errorf("%w: First + Games = %d + %d overflows the game indices", ErrConfig, c.First, c.Games)
	case c.Workers < 0:
		return fmt.Errorf("%w: Workers = %d, must be >= 0 (0 means GOMAXPROCS)", ErrConfig, c.Workers)
	case c.Shards < 0:
		return fmt.Errorf("%w: Shards = %d, must be >= 0 (0 or 1 means unsharded)", ErrConfig, c.Shards)
	case c.Shard < 0 || c.Shard >= c.shards():
		return fmt.Errorf("%w: Shard = %d, must be in [0, %d)", ErrConfig, c.Shard, c.shards())
	case c.PieceTime < 0:
		return fmt.Errorf("%w: PieceTime = %v, must be >= 0", ErrConfig, c.PieceTime)
	case c.ProgressEvery < 0:
		return fmt.Errorf("%w: ProgressEvery = %v, must be >= 0", ErrConfig, c.ProgressEvery)
	}
	return nil
}

func (c Config) shards() int {
	if c.Shards <= 1 {
		return 1
	}
	return c.Shards
}

func (c Config) workers() int {
	if c.Workers == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return c.Workers
}

func (c Config) pieceTime() time.Duration {
	if c.PieceTime == 0 {
		return DefaultPieceTime
	}
	return c.PieceTime
}

func (c Config) progressEvery() time.Duration {
	if c.ProgressEvery == 0 {
		return DefaultProgressEvery
	}
	return c.ProgressEvery
}
