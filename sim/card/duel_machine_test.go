package card

import (
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
)

// duelMachine adapts a long duel to enginetest.Machine: the harness plays it through
// the machine (Begin, then Pending → the seat's policy through its View → Apply) and
// duelCheck checks every invariant after Start and every Apply; a copy taken at any
// decision (Clone: the LongDuel is a value, its State and the seats' streams with it)
// must continue to the same end.
type duelMachine struct {
	d      LongDuel
	strict bool
	asked  struct {
		kind DecisionKind
		seat int8
		n    uint16
	}
}

// newDuelMachine returns the adapter for duels between the two play policies, drafted
// by the two draft policies.
func newDuelMachine(play [2]Policy, draft [2]DraftPolicy, strict bool) *duelMachine {
	return &duelMachine{d: *NewLongDuel(play, draft), strict: strict}
}

// Start implements enginetest.Machine: the set-up from the game seed, then the machine
// runs to its first decision.
func (m *duelMachine) Start(gm enginetest.Game) error {
	m.d.Begin(gm.Seed)
	if e := duelCheck(&m.d); e != "" {
		return errors.New(e)
	}
	m.d.State.advance()
	return nil
}

// Done implements enginetest.Machine.
func (m *duelMachine) Done() bool { return m.d.Pending().Kind == DecideNone }

// Choose implements enginetest.Machine: the seat's policy answers through its View,
// which holds its own hand and the pending decision as the machine has it.
func (m *duelMachine) Choose() (int, bool, error) {
	dec := m.d.Pending()
	m.asked.kind, m.asked.seat, m.asked.n = dec.Kind, dec.Seat, dec.N
	c := m.d.policyChoice()
	if v := &m.d.view[dec.Seat&1]; v.Hand != m.d.Hand[dec.Seat&1] || v.Decision.N != dec.N || v.Decision.Unit != dec.Unit {
		return 0, false, fmt.Errorf("seat %d's view is not its hand and decision", dec.Seat)
	}
	return c, dec.Legal(c), nil
}

// Asked implements enginetest.Machine.
func (m *duelMachine) Asked() string {
	return fmt.Sprintf("%s seat %d (%d options)", m.asked.kind, m.asked.seat, m.asked.n)
}

// Apply implements enginetest.Machine.
func (m *duelMachine) Apply(c int) { m.d.Apply(c) }

// Illegal implements enginetest.Machine.
func (m *duelMachine) Illegal() int { return int(m.d.Illegal) }

// Check implements enginetest.Machine.
func (m *duelMachine) Check() error {
	if e := duelCheck(&m.d); e != "" {
		return errors.New(e)
	}
	return nil
}

// End implements enginetest.Machine: a duel ends with a seat that has lost all five
// characters (the other the winner), or at the turn cap.
func (m *duelMachine) End() error {
	d := &m.d
	if !d.Over {
		return errors.New("no decision pending but the duel is not over")
	}
	if d.Draw {
		if d.Info.Winner != -1 || d.Winners != 0 {
			return fmt.Errorf("a draw with winner %d", d.Info.Winner)
		}
		return nil
	}
	w := d.Info.Winner
	if w < 0 || d.Info.Left(w^1) != 0 || d.Info.Left(w) == 0 || d.Winners != 1<<uint(w) {
		return fmt.Errorf("winner %d (bits %#b) with %d and %d characters left", w, d.Winners, d.Info.Left(0), d.Info.Left(1))
	}
	return nil
}

// MaxSteps implements enginetest.Machine.
func (m *duelMachine) MaxSteps() int { return (DefaultDuelMaxTurns + 1) * (MaxTurnPlays*20 + 100) }

// Clone implements enginetest.Machine: the LongDuel is a value (its State, the seats'
// streams and Views); the policies are shared, as a search shares them.
func (m *duelMachine) Clone() *duelMachine {
	c := *m
	return &c
}

// Diff implements enginetest.Machine: the whole State and the seats' streams.
func (m *duelMachine) Diff(o *duelMachine) string {
	if reflect.DeepEqual(m.d.State, o.d.State) && m.d.rng == o.d.rng {
		return ""
	}
	return "\n" + m.Describe() + "vs\n" + o.Describe()
}

// Describe implements enginetest.Machine.
func (m *duelMachine) Describe() string {
	d := &m.d
	return fmt.Sprintf("turn %d active %d alive %04b chars %v life %v hands %d/%d deck %d pile %d pending %s seat %d unit %d N %d phase %d over %v winner %d\n",
		d.Turns, d.Active, d.Alive, d.Char[:DuelSlots], d.Life[:DuelSlots], d.HandLen[0], d.HandLen[1], d.DeckLen, d.DiscardLen,
		d.dec.Kind, d.dec.Seat, d.dec.Unit, d.dec.N, d.phase, d.Over, d.Info.Winner)
}

// TestDuelMachinePlayouts plays duels through the state machine under the shared
// harness: invariants after every step, strict legality, a copy taken mid-duel in one
// duel of 8 continued to the same end, and each duel against LongDuel.Play's (the
// count path for Random seats) for the same seed; random and value drafts, random and
// heuristic-like play.
func TestDuelMachinePlayouts(t *testing.T) {
	n := enginetest.Games(2000, 300)
	for _, dr := range [][2]DraftPolicy{{RandomDraft{}, RandomDraft{}}, {NewValueDraft(true), NewValueDraft(false)}} {
		m := newDuelMachine([2]Policy{&viewRandom{}, &viewRandom{}}, dr, true)
		fast := NewLongDuel([2]Policy{&Random{}, &Random{}}, dr)
		enginetest.Playouts(t, m, 41, n, enginetest.Options{Strict: true, CopyEvery: 8, FastPath: func(gm enginetest.Game) string {
			fast.Play(gm.Seed)
			a, b := &fast.State, &m.d.State // the duel's own (a used State keeps stale options past N)
			if a.Board != b.Board || a.Record != b.Record || a.Counters != b.Counters || a.Outcome != b.Outcome || a.Info != b.Info || a.Hand != b.Hand {
				return "LongDuel.Play (the count path) ends otherwise:\n" + (&duelMachine{d: *fast}).Describe()
			}
			return ""
		}})
	}
}

// FuzzDuel drives whole duels with an arbitrary stream of choices (legal or not; both
// seats read the one stream, the draft is RandomDraft) through enginetest.FuzzDecisions,
// which checks duelCheck's invariants after every step: the machine maps any integer
// onto a legal option, counts it in Illegal, never panics; LongDuel.Play, fed the same
// stream, plays the same duel.
//
//	go test ./sim/card -run '^$' -fuzz FuzzDuel -fuzztime 100000x
func FuzzDuel(f *testing.F) {
	build := func(gameSeed uint64, _ uint8, choices []byte) (*duelMachine, error) {
		p := newStream(choices)
		return newDuelMachine([2]Policy{&p, &p}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}}, false), nil
	}
	enginetest.FuzzDecisions(f, fuzzCorpus(), build, func(t *testing.T, m *duelMachine, gameSeed uint64, _ uint8, choices []byte) {
		// LongDuel.Play, fed the same stream, plays the same duel, untraced and traced.
		for _, trace := range []bool{false, true} {
			p := newStream(choices)
			d := NewLongDuel([2]Policy{&p, &p}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
			if trace {
				d.OnEvents = func([]Event) {}
			}
			d.Play(gameSeed)
			if d.Board != m.d.Board || d.Counters != m.d.Counters || d.Outcome != m.d.Outcome || d.Info != m.d.Info {
				t.Fatalf("seed %#x, trace %v: LongDuel.Play and the machine differ\nplay:    %smachine: %s", gameSeed, trace, (&duelMachine{d: *d}).Describe(), m.Describe())
			}
		}
	})
}
