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
	// log is where a command's own lines go while the display is up: above the bar on a
	// terminal (so that they do not tear it), among the lines in a log.
	log() io.Writer
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
func (quietProgress) log() io.Writer                             { return io.Discard }

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
		if now.Sub(p.last) < p.every || done >= total || done == 0 { // at 0 there is no rate yet
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

func (p *lineProgress) log() io.Writer { return p.w }

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

// log writes through mpb, which prints the lines above the bars at its next refresh.
func (b *barProgress) log() io.Writer { return b.p }

// totalProgress shows runs played one after the other (a sweep's cells, each with its
// player counts) as one count of games on the display every long command uses, so that
// the bar or line says how far the whole command has got, at what rate, and when it
// will end, rather than only how far the count in hand has.
type totalProgress struct {
	inner progress
	total uint64 // the games of every run to play
	mu    sync.Mutex
	begin time.Time
	shown bool                     // inner has been started
	done  uint64                   // games of the counts finished
	cb    func(done, total uint64) // inner's callback (nil: it shows nothing)
}

// newTotalProgress returns the progress of runs of total games in all, shown on inner.
func newTotalProgress(inner progress, total uint64) progress {
	return &totalProgress{inner: inner, total: total}
}

func (p *totalProgress) Start(_ int, _ uint64) func(done, total uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.shown {
		p.shown, p.begin = true, time.Now()
		p.cb = p.inner.Start(0, p.total)
	}
	if p.cb == nil {
		return nil
	}
	base, cb, total := p.done, p.cb, p.total
	return func(done, _ uint64) { cb(min(base+done, total), total) }
}

func (p *totalProgress) Finish(_ int, done, _ uint64, _ time.Duration) {
	p.mu.Lock()
	p.done = min(p.done+done, p.total)
	p.mu.Unlock()
}

func (p *totalProgress) close() {
	p.mu.Lock()
	shown, done, begin := p.shown, p.done, p.begin
	p.mu.Unlock()
	if shown {
		p.inner.Finish(0, done, p.total, time.Since(begin))
	}
	p.inner.close()
}

func (p *totalProgress) log() io.Writer { return p.inner.log() }

// lazyProgress shows on p one count that starts at the first call of update, for a
// phase whose total is known only then, or that may not be played at all (the league's
// value games); finish closes p, with the final line only when the phase started.
// update's calls must not overlap.
func lazyProgress(p progress) (update func(done, total uint64), finish func()) {
	var (
		started     bool
		cb          func(done, total uint64)
		begin       time.Time
		last, total uint64
	)
	update = func(done, t uint64) {
		if !started {
			started, begin = true, time.Now()
			cb = p.Start(0, t)
		}
		last, total = done, t
		if cb != nil {
			cb(done, t)
		}
	}
	finish = func() {
		if started {
			p.Finish(0, last, total, time.Since(begin))
		}
		p.close()
	}
	return update, finish
}
