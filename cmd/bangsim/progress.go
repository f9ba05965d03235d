package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"

	"github.com/bangsim/bangsim/lab"
)

// progress shows how far a run has got, one player count at a time.
type progress interface {
	lab.Progress
	// close releases the display; nothing is printed after it.
	close()
}

// newProgress picks the display: none with quiet, a bar when w is a terminal, plain
// lines every interval otherwise (logs, pipes, CI).
func newProgress(w io.Writer, quiet bool, every time.Duration) progress {
	return newNamedProgress(w, quiet, every, "", "games")
}

// newNamedProgress is newProgress for what is not a player count of games: name labels
// the line or bar instead of "players N" and unit counts what is played ("duels").
func newNamedProgress(w io.Writer, quiet bool, every time.Duration, name, unit string) progress {
	switch {
	case quiet:
		return quietProgress{}
	case isTerminal(w):
		return &barProgress{p: mpb.New(mpb.WithOutput(w)), name: name, unit: unit}
	default:
		return &lineProgress{w: w, every: every, name: name, unit: unit}
	}
}

// label is "players N", or name when given.
func label(name string, players int) string {
	if name != "" {
		return name
	}
	return fmt.Sprintf("players %d", players)
}

// isTerminal reports whether w is a terminal (a TTY), as stderr is when a person runs
// bangsim by hand.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// rateETA returns games per second and the time left at that rate; ok is false when
// the time left cannot be computed (nothing done yet) or is beyond what a time.Duration
// holds (about 292 years), where a plain conversion would wrap to a negative time.
func rateETA(done, total uint64, elapsed time.Duration) (rate float64, eta time.Duration, ok bool) {
	if elapsed <= 0 || done == 0 {
		return 0, 0, false
	}
	rate = float64(done) / elapsed.Seconds()
	nanos := float64(total-min(done, total)) / rate * float64(time.Second)
	if !(nanos < float64(math.MaxInt64)) { // also NaN
		return rate, 0, false
	}
	return rate, time.Duration(nanos), true
}

// etaText is the ETA a progress line shows: "ETA 12s", or "ETA unknown" when rateETA
// cannot give one; never a negative time.
func etaText(eta time.Duration, ok bool) string {
	if !ok {
		return "ETA unknown"
	}
	return "ETA " + roundDuration(eta).String()
}

// roundDuration rounds to what a person wants to read: seconds, or tenths below 10 s.
func roundDuration(d time.Duration) time.Duration {
	if d < 10*time.Second {
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Second)
}

// percent returns done/total in whole percent.
func percent(done, total uint64) uint64 {
	if total == 0 {
		return 100
	}
	return done * 100 / total
}

// quietProgress shows nothing (--quiet).
type quietProgress struct{}

func (quietProgress) Start(int, uint64) func(done, total uint64) { return nil }
func (quietProgress) Finish(int, uint64, uint64, time.Duration)  {}
func (quietProgress) close()                                     {}

// lineProgress prints a plain line every interval, for logs:
// "players 5: 1200000/5000000 games (24%), 310000 games/s, ETA 12s".
type lineProgress struct {
	w          io.Writer
	every      time.Duration
	name, unit string // see newNamedProgress
	begin      time.Time
	last       time.Time
}

func (p *lineProgress) Start(players int, total uint64) func(done, total uint64) {
	p.begin = time.Now()
	p.last = p.begin
	return func(done, total uint64) {
		now := time.Now()
		if now.Sub(p.last) < p.every || done >= total {
			return
		}
		p.last = now
		rate, eta, ok := rateETA(done, total, now.Sub(p.begin))
		fmt.Fprintf(p.w, "%s: %d/%d %s (%d%%), %.0f %s/s, %s\n",
			label(p.name, players), done, total, p.unit, percent(done, total), rate, p.unit, etaText(eta, ok))
	}
}

func (p *lineProgress) Finish(players int, done, total uint64, elapsed time.Duration) {
	rate, _, _ := rateETA(done, total, elapsed)
	end := "done in"
	if done < total {
		end = "stopped after"
	}
	fmt.Fprintf(p.w, "%s: %d/%d %s (%d%%), %.0f %s/s, %s %v\n",
		label(p.name, players), done, total, p.unit, percent(done, total), rate, p.unit, end, roundDuration(elapsed))
}

func (p *lineProgress) close() {}

// barProgress draws one mpb bar per player count with rate and ETA.
type barProgress struct {
	p          *mpb.Progress
	name, unit string // see newNamedProgress
	mu         sync.Mutex
	bar        *mpb.Bar
}

func (b *barProgress) Start(players int, total uint64) func(done, total uint64) {
	if total == 0 {
		return nil
	}
	begin := time.Now()
	rate := func(s decor.Statistics) string {
		r, eta, ok := rateETA(uint64(s.Current), uint64(s.Total), time.Since(begin))
		if s.Completed || s.Aborted {
			return fmt.Sprintf("%.0f %s/s", r, b.unit)
		}
		return fmt.Sprintf("%.0f %s/s, %s", r, b.unit, etaText(eta, ok))
	}
	bar := b.p.New(int64(total), mpb.BarStyle(),
		mpb.PrependDecorators(
			decor.Name(label(b.name, players)+" "),
			decor.CountersNoUnit("%d/%d "+b.unit, decor.WCSyncSpaceR),
		),
		mpb.AppendDecorators(
			decor.NewPercentage("%d", decor.WC{W: 5}),
			decor.Any(func(s decor.Statistics) string { return "  " + rate(s) }),
		),
	)
	b.mu.Lock()
	b.bar = bar
	b.mu.Unlock()
	return func(done, _ uint64) { bar.SetCurrent(int64(done)) }
}

func (b *barProgress) Finish(_ int, done, total uint64, _ time.Duration) {
	b.mu.Lock()
	bar := b.bar
	b.bar = nil
	b.mu.Unlock()
	if bar == nil {
		return
	}
	bar.SetCurrent(int64(done))
	if done < total || total == 0 {
		bar.Abort(false)
	}
	bar.Wait()
}

func (b *barProgress) close() { b.p.Wait() }
