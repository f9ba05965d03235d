package run

import (
	"errors"
	"fmt"
)

// ErrGamePanicked is wrapped by the error Run returns when a Player panics, so callers
// can tell a game bug from a configuration error with errors.Is.
var ErrGamePanicked = errors.New("run: game panicked")

// PanicError carries what a caller needs to replay the failing game alone; get it with
// errors.As.
type PanicError struct {
	Index uint64 // global game index
	Seed  uint64 // the game's seed, seed.ForGame(Config.Seed, Index)
	Value any    // the value passed to panic
	Stack []byte // the panicking goroutine's stack, for the bug report
}

// Error names the game so a log line alone is enough to replay it.
func (e *PanicError) Error() string {
	return fmt.Sprintf("run: game %d (seed %#x) panicked: %v", e.Index, e.Seed, e.Value)
}

// Unwrap lets errors.Is(err, ErrGamePanicked) match.
func (e *PanicError) Unwrap() error { return ErrGamePanicked }
