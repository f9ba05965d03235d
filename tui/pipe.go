package tui

import "sync"

// Pipe runs a game's driver in its own goroutine one step at a time: the driver calls
// Show with each step and waits there until the UI asks for the next one (Next), so
// the driver is never running while the UI reads the game. A driver that calls the
// person's seat like any bot (a Table's policy) thus plays under the UI's pace.
type Pipe struct {
	answers chan int
	steps   chan Step
	quit    chan struct{}
	once    sync.Once
	done    chan struct{}
}

// stopped is what Show panics with once the UI has closed the pipe, unwinding the
// driver out of the engine's loop; Start's goroutine recovers it.
type stopped struct{}

// StartPipe starts drive in its own goroutine; it first runs when Next is first called.
// drive returns the game's last step (Over set).
func StartPipe(drive func(p *Pipe) Step) *Pipe {
	p := &Pipe{answers: make(chan int), steps: make(chan Step), quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(stopped); !ok {
					panic(r)
				}
			}
		}()
		if !p.wait() {
			return
		}
		last := drive(p)
		last.Over = true
		select {
		case p.steps <- last:
		case <-p.quit:
		}
	}()
	return p
}

// wait blocks until the UI asks for the next step, and reports false once it closes.
func (p *Pipe) wait() bool {
	select {
	case <-p.answers:
		return true
	case <-p.quit:
		return false
	}
}

// Show hands s to the UI and waits for the next call of Next; it returns Next's answer
// (the person's choice when s asks one).
func (p *Pipe) Show(s Step) int {
	select {
	case p.steps <- s:
	case <-p.quit:
		panic(stopped{})
	}
	select {
	case a := <-p.answers:
		return a
	case <-p.quit:
		panic(stopped{})
	}
}

// Next gives the driver answer and returns its next step.
func (p *Pipe) Next(answer int) Step {
	select {
	case p.answers <- answer:
	case <-p.done:
		return Step{Over: true}
	}
	select {
	case s := <-p.steps:
		return s
	case <-p.done:
		return Step{Over: true}
	}
}

// Close stops the driver where it waits and returns once it has unwound.
func (p *Pipe) Close() {
	p.once.Do(func() { close(p.quit) })
	<-p.done
}
