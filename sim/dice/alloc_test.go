package dice_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// allocRuns is how many whole games each AllocsPerRun measures.
const allocRuns = 300

// TestPlayAllocs: a Table replays whole games without allocating, for every registered
// policy, several table sizes, characters dealt at random and plain.
func TestPlayAllocs(t *testing.T) {
	for _, e := range dicebots.Entries() {
		for _, n := range []int{3, 4, 5, 8} {
			for _, deal := range []dice.Deal{dice.DealRandom, dice.DealPlain} {
				t.Run(fmt.Sprintf("%s/p%d/deal%d", e.Name, n, deal), func(t *testing.T) {
					r := dice.DefaultRules(n)
					r.Deal = deal
					tb := newTable(t, r, e.Name)
					tb.Play(seed.ForGame(5, 0)) // warm up
					var i uint64
					allocs := testing.AllocsPerRun(allocRuns, func() {
						tb.Play(seed.ForGame(5, i))
						i++
					})
					if allocs != 0 {
						t.Errorf("Table.Play allocates %.2f times per game", allocs)
					}
				})
			}
		}
	}
}

// TestPlayAllocsHooksAndSeats: per-seat policies and the OnDecision and OnEvents hooks
// (tracing on) keep a game allocation-free as long as the hooks themselves do not
// allocate.
func TestPlayAllocsHooksAndSeats(t *testing.T) {
	r := dice.DefaultRules(6)
	tb := newTable(t, r, "heuristic")
	for s, e := range dicebots.Entries() {
		tb.BySeat[s] = e.New()
	}
	var decisions, events int
	tb.OnDecision = func(d dice.Decision, choice int) { decisions++ }
	tb.OnEvents = func(ev []dice.Event) { events += len(ev) }
	tb.Play(seed.ForGame(6, 0))
	var i uint64
	allocs := testing.AllocsPerRun(allocRuns, func() {
		tb.Play(seed.ForGame(6, i))
		i++
	})
	if allocs != 0 {
		t.Errorf("Table.Play with hooks allocates %.2f times per game", allocs)
	}
	if decisions == 0 || events == 0 {
		t.Errorf("hooks not called: %d decisions, %d events", decisions, events)
	}
}

// TestStateDriveAllocs: Reset and the Pending/FillView/Apply loop allocate nothing.
func TestStateDriveAllocs(t *testing.T) {
	for _, e := range dicebots.Entries() {
		r := dice.DefaultRules(5)
		pol := e.New()
		var g dice.State
		v := dice.View{Rand: rand.NewPCG(1, 2)}
		var i uint64
		play := func() {
			s1, s2, _, _ := seed.Streams(seed.ForGame(8, i))
			i++
			g.Reset(&r, s1, s2)
			for g.Pending().Kind != dice.DecideNone {
				g.FillView(&v)
				g.Apply(pol.Choose(&v))
			}
		}
		play()
		if allocs := testing.AllocsPerRun(allocRuns, play); allocs != 0 {
			t.Errorf("%s: driving a State allocates %.2f times per game", e.Name, allocs)
		}
	}
}
