package enginetest

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// Options says what Playouts checks beyond Play's checks.
type Options struct {
	// Strict requires every choice to be legal (the registered policies); without it
	// (fuzzed or arbitrary choices) an illegal choice must only be counted in Illegal.
	Strict bool
	// CopyEvery takes, in every CopyEvery-th game, a copy mid-game and requires it to
	// continue as the original (see Copy); 0 means DefaultCopyEvery, -1 never.
	CopyEvery int
	// FastPath, when set, is called after each game has passed its checks, with the
	// machine still at the game's end: it plays the same game on the engine's fast
	// path and says how the two differ ("" when alike). This checks the fast path on
	// every game of the run for the cost of one fast game each.
	FastPath func(g Game) string
}

// DefaultCopyEvery is how often Playouts checks a mid-game copy unless told: one game
// in 64 costs about 3% more time and, over a 10,000-game run, copies 156 games, cut
// after 0 to 100 decisions.
const DefaultCopyEvery = 64

// Games returns full games per configuration, or short under -short.
func Games(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// Play plays game g on m to its end, checking every invariant after Start and after
// every Apply: the step bound, the legality of each choice (strict), that Illegal grows
// by one exactly for each illegal choice, the engine's Check, and End. It returns the
// step reached and the first failure.
func Play[M Machine[M]](m M, g Game, strict bool) (int, error) {
	if err := m.Start(g); err != nil {
		return 0, err
	}
	if err := m.Check(); err != nil {
		return 0, fmt.Errorf("after Start: %w", err)
	}
	return Finish(m, 1, strict)
}

// Finish plays m from its pending decision to the end with every check of Play,
// counting steps from step.
func Finish[M Machine[M]](m M, step int, strict bool) (int, error) {
	limit := m.MaxSteps()
	for ; !m.Done(); step++ {
		if err := Step(m, step, limit, strict); err != nil {
			return step, err
		}
	}
	if err := m.End(); err != nil {
		return step, fmt.Errorf("at the end: %w", err)
	}
	return step, nil
}

// Step plays the pending decision of m, the step-th of the game, and checks it.
func Step[M Machine[M]](m M, step, limit int, strict bool) error {
	if step > limit {
		return fmt.Errorf("game still running after %d decisions", limit)
	}
	c, legal, err := m.Choose()
	if err != nil {
		return fmt.Errorf("at %s: %w", m.Asked(), err)
	}
	if strict && !legal {
		return fmt.Errorf("policy chose %d, not legal for %s", c, m.Asked())
	}
	before := m.Illegal()
	m.Apply(c)
	want := before
	if !legal {
		want++
	}
	if got := m.Illegal(); got != want {
		return fmt.Errorf("choice %d for %s (legal %v): Illegal went %d -> %d", c, m.Asked(), legal, before, got)
	}
	if err := m.Check(); err != nil {
		return fmt.Errorf("after choice %d for %s: %w", c, m.Asked(), err)
	}
	return nil
}

// Playouts plays games seed.ForGame(run, 0..games-1) on m with Play, and every
// opt.CopyEvery-th of them through Copy, then opt.FastPath if set, failing t at the
// first broken invariant with the game, its seed and the table.
func Playouts[M Machine[M]](t testing.TB, m M, run uint64, games int, opt Options) {
	t.Helper()
	every := opt.CopyEvery
	if every == 0 {
		every = DefaultCopyEvery
	}
	for i := range uint64(games) {
		g := Game{Run: run, Index: i, Seed: seed.ForGame(run, i)}
		var step int
		var err error
		if every > 0 && i%uint64(every) == 0 {
			step, err = Copy(m, g, int(i/uint64(every))%101, opt.Strict)
		} else {
			step, err = Play(m, g, opt.Strict)
		}
		if err != nil {
			t.Fatalf("game %d (seed %#x, seed.ForGame(%d, %d)) step %d: %v\n%s", i, g.Seed, run, i, step, err, m.Describe())
		}
		if opt.FastPath != nil {
			if d := opt.FastPath(g); d != "" {
				t.Fatalf("game %d (seed %#x, seed.ForGame(%d, %d)): the fast path and the machine differ: %s", i, g.Seed, run, i, d)
			}
		}
	}
}

// Copy plays game g with every check of Play, and at decision cut (or the end, if the
// game is shorter) takes two copies of the machine: playing the original to its end
// must leave the copies alike, and one copy, played on, must end as the original. This
// is what a search that copies a state at a decision relies on.
func Copy[M Machine[M]](m M, g Game, cut int, strict bool) (int, error) {
	if err := m.Start(g); err != nil {
		return 0, err
	}
	if err := m.Check(); err != nil {
		return 0, fmt.Errorf("after Start: %w", err)
	}
	limit := m.MaxSteps()
	step := 1
	for ; step <= cut && !m.Done(); step++ {
		if err := Step(m, step, limit, strict); err != nil {
			return step, err
		}
	}
	snap, spare := m.Clone(), m.Clone()
	end, err := Finish(m, step, strict)
	if err != nil {
		return end, err
	}
	if d := snap.Diff(spare); d != "" {
		return end, fmt.Errorf("playing the original on changed its copy taken before decision %d: %s", step, d)
	}
	if _, err := Finish(snap, step, strict); err != nil {
		return step, fmt.Errorf("the copy taken before decision %d: %w", step, err)
	}
	if d := m.Diff(snap); d != "" {
		return end, fmt.Errorf("the original and its copy taken before decision %d end differently: %s\ncopy: %s", step, d, snap.Describe())
	}
	return end, nil
}

// Copies runs Copy on games seed.ForGame(run, 0..games-1), cut at cut(i).
func Copies[M Machine[M]](t testing.TB, m M, run uint64, games int, cut func(i uint64) int, strict bool) {
	t.Helper()
	for i := range uint64(games) {
		g := Game{Run: run, Index: i, Seed: seed.ForGame(run, i)}
		if step, err := Copy(m, g, cut(i), strict); err != nil {
			t.Fatalf("game %d (seed %#x) cut at %d, step %d: %v\n%s", i, g.Seed, cut(i), step, err, m.Describe())
		}
	}
}
