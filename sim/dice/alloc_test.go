package dice_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

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
					enginetest.ZeroAllocs(t, "Table.Play", func(i uint64) { tb.Play(seed.ForGame(5, i)) })
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
	enginetest.ZeroAllocs(t, "Table.Play with hooks", func(i uint64) { tb.Play(seed.ForGame(6, i)) })
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
		enginetest.ZeroAllocs(t, e.Name+": driving a State", func(i uint64) {
			s1, s2, _, _ := seed.Streams(seed.ForGame(8, i))
			g.Reset(&r, s1, s2)
			for g.Pending().Kind != dice.DecideNone {
				g.FillView(&v)
				g.Apply(pol.Choose(&v))
			}
		})
	}
}
