// Command bangsim plays BANG! The Dice Game and the BANG! card game millions of times
// and reports who wins:
// win rates by role, character and seat with confidence intervals, game statistics,
// and turn-by-turn replays of any single game. Run `bangsim --help` for the commands.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// After the first signal the default behaviour comes back, so a second Ctrl-C
	// kills a run that is taking too long to write its partial results.
	go func() {
		<-ctx.Done()
		stop()
	}()
	code := execute(ctx, os.Args, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
