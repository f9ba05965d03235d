package league

import (
	"context"
	"errors"
	"testing"
	"time"
)

// The values' measurement stops when its context is done, with the context's error
// (not ErrConfig, which the command line reports as bad usage): a league with a large
// ValueGames once ignored Ctrl-C and a scheduler's SIGTERM for minutes.
func TestNewLeagueStopsWhenCancelled(t *testing.T) {
	cfg := testConfig()
	cfg.ValueGames = 10_000_000 // hours if it ran to the end
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	l, err := NewLeagueContext(ctx, cfg)
	if l != nil || !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrConfig) {
		t.Fatalf("NewLeagueContext: %v, %v", l, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("stopped %v after its context", d)
	}
}
