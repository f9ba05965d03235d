package card

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/internal/seed"
)

// allocRuns is how many whole games each AllocsPerRun measures: the harness's count,
// kept under this name for duel_playout_test.go until the duel moves onto the harness.
const allocRuns = enginetest.AllocRuns

func randomTable(t testing.TB, r Rules) *Table {
	t.Helper()
	var by [NumRoles]Policy
	for i := range by {
		by[i] = &Random{}
	}
	tb, err := NewTable(r, by)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestPlayAllocs: a Table replays whole games without allocating, at every table size,
// characters at random and plain.
func TestPlayAllocs(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, deal := range []Deal{DealRandom, DealPlain} {
			t.Run(fmt.Sprintf("p%d/%s", n, deal), func(t *testing.T) {
				r := DefaultRules(n)
				r.Deal = deal
				tb := randomTable(t, r)
				enginetest.ZeroAllocs(t, "Table.Play", func(i uint64) { tb.Play(seed.ForGame(5, i)) })
			})
		}
	}
}

// TestPlayAllocsHooks: the OnDecision and OnEvents hooks (tracing on) keep a game
// allocation-free as long as the hooks do not allocate.
func TestPlayAllocsHooks(t *testing.T) {
	tb := randomTable(t, DefaultRules(6))
	var decisions, events int
	tb.OnDecision = func(d *Decision, choice int) { decisions++ }
	tb.OnEvents = func(ev []Event) { events += len(ev) }
	enginetest.ZeroAllocs(t, "Table.Play with hooks", func(i uint64) { tb.Play(seed.ForGame(6, i)) })
	if decisions == 0 || events == 0 {
		t.Errorf("hooks not called: %d decisions, %d events", decisions, events)
	}
}

// TestStateDriveAllocs: Reset and the Pending/FillView/Apply loop allocate nothing.
func TestStateDriveAllocs(t *testing.T) {
	r := DefaultRules(5)
	var pol Random
	g := new(State)
	v := new(View)
	tb := randomTable(t, r)
	v.Rand = &tb.rng[0]
	enginetest.ZeroAllocs(t, "driving a State", func(i uint64) {
		s1, s2, _, _ := seed.Streams(seed.ForGame(8, i))
		g.Reset(&r, s1, s2)
		for g.Pending().Kind != DecideNone {
			g.FillView(v)
			g.Apply(pol.Choose(v))
		}
	})
}
