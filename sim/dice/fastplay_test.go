package dice_test

// Table.Play runs the rules in straight-line code (fastplay.go); stepping a State
// through Pending and Apply runs the same rules as a state machine. These tests play the
// same games both ways and require the same game: every decision, the View its policy
// saw, every choice, every batch of events, and the finished table. The machine is the
// reference the scenario, playout and fuzz tests check rule by rule and invariant by
// invariant; agreement carries those checks over to the fast path. Recording every
// decision is slow, so a third test compares only the finished tables, over as many
// games as the playout tests play.

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
)

// seen is one decision as a policy met it.
type seen struct {
	view   dice.View // Rand cleared: the streams are compared through the choices
	choice int
}

// recorder wraps a policy and records what it was asked and what it answered.
type recorder struct {
	p   dice.Policy
	log *[]seen
}

// Choose implements dice.Policy.
func (r recorder) Choose(v *dice.View) int {
	c := r.p.Choose(v)
	w := *v
	w.Rand = nil
	*r.log = append(*r.log, seen{w, c})
	return c
}

// played is a whole game as one driver played it.
type played struct {
	decisions []seen
	events    [][]dice.Event
	final     dice.State
}

// playTable plays the game through Table.Play with the given seat policies, tracing the
// events as a replay does.
func playTable(t *testing.T, rules dice.Rules, gameSeed uint64, pols *seatPolicies) played {
	return playTableTraced(t, rules, gameSeed, pols, true)
}

// playTableTraced is playTable with tracing on or off: the driver takes shortcuts when
// nothing is traced (hits and arrows dealt at once), so both ways must match the machine.
func playTableTraced(t *testing.T, rules dice.Rules, gameSeed uint64, pols *seatPolicies, trace bool) played {
	t.Helper()
	var out played
	if err := rules.Validate(); err != nil {
		t.Fatal(err)
	}
	tb := &dice.Table{Rules: rules} // every seat has its own policy: no ByRole needed
	for s := range pols {
		tb.BySeat[s] = recorder{pols[s], &out.decisions}
	}
	if trace {
		tb.OnEvents = func(ev []dice.Event) { out.events = append(out.events, append([]dice.Event(nil), ev...)) }
	}
	out.final = *tb.Play(gameSeed)
	return out
}

// playMachine plays the game by stepping a State: Setup, Start, then Pending, FillView,
// Choose and Apply, each seat's policy stream seeded as Table.Play seeds it.
func playMachine(rules dice.Rules, gameSeed uint64, pols *seatPolicies) played {
	var out played
	s1, s2, s3, s4 := seed.Streams(gameSeed)
	var g dice.State
	g.Setup(&rules, s1, s2)
	g.Trace(true)
	flush := func() {
		if ev, _ := g.Events(); len(ev) > 0 {
			out.events = append(out.events, append([]dice.Event(nil), ev...))
		}
		g.ClearEvents()
	}
	g.Start()
	var rngs [dice.MaxPlayers]rand.PCG
	for s := range rngs {
		rngs[s].Seed(dice.PolicySeed(s3, s4, s, 0))
	}
	var v dice.View
	for g.Pending().Kind != dice.DecideNone {
		flush()
		g.FillView(&v)
		v.Rand = &rngs[g.Pending().Seat]
		rec := recorder{pols[g.Pending().Seat], &out.decisions}
		g.Apply(rec.Choose(&v))
	}
	flush()
	out.final = g
	return out
}

// compareDrivers fails the test at the first difference between the two plays.
func compareDrivers(t *testing.T, what string, fast, ref played) {
	t.Helper()
	for i := range min(len(fast.decisions), len(ref.decisions)) {
		f, r := fast.decisions[i], ref.decisions[i]
		if f.view.Public != r.view.Public || f.view.Decision != r.view.Decision || f.view.Self != r.view.Self ||
			f.view.Role != r.view.Role || f.view.Rules != r.view.Rules || f.view.Omniscient != r.view.Omniscient {
			t.Fatalf("%s: decision %d differs\nfast:    %+v\nmachine: %+v", what, i, f.view.Decision, r.view.Decision)
		}
		if f.choice != r.choice {
			t.Fatalf("%s: decision %d (%+v): choice %d vs %d", what, i, f.view.Decision, f.choice, r.choice)
		}
	}
	if len(fast.decisions) != len(ref.decisions) {
		t.Fatalf("%s: %d decisions vs the machine's %d", what, len(fast.decisions), len(ref.decisions))
	}
	if fast.events != nil && !reflect.DeepEqual(fast.events, ref.events) {
		t.Fatalf("%s: events differ\nfast:    %v\nmachine: %v", what, fast.events, ref.events)
	}
	f, r := &fast.final, &ref.final
	if f.Public != r.Public || f.Outcome != r.Outcome || f.Role != r.Role || *f.Pending() != *r.Pending() {
		t.Fatalf("%s: finished tables differ\nfast:    %s\nmachine: %s", what, describe(f), describe(r))
	}
}

// compareBoth plays the game through Table.Play untraced and traced and requires both to
// match the machine.
func compareBoth(t *testing.T, what string, r dice.Rules, gs uint64, pols *seatPolicies) {
	t.Helper()
	ref := playMachine(r, gs, pols)
	compareDrivers(t, what+", untraced", playTableTraced(t, r, gs, pols, false), ref)
	compareDrivers(t, what+", traced", playTable(t, r, gs, pols), ref)
}

// TestFastPlayMatchesMachine plays every registered policy (and the mixed table) at
// every table size, with every character deal and every rule variant, both ways.
func TestFastPlayMatchesMachine(t *testing.T) {
	t.Parallel()
	games := playoutGames(150, 15)
	deals := []struct {
		name string
		set  func(r *dice.Rules)
	}{
		{"random", func(*dice.Rules) {}},
		{"plain", func(r *dice.Rules) { r.Deal = dice.DealPlain }},
		{"pool", func(r *dice.Rules) { r.Deal = dice.DealPool; _ = r.SetPool(dealPool) }},
	}
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		for _, d := range deals {
			r := dice.DefaultRules(n)
			d.set(&r)
			for _, pc := range policyConfigs() {
				for i := range uint64(games) {
					gs := seed.ForGame(31, i)
					pols := pc.seats(i)
					what := fmt.Sprintf("%s, %d players, %s deal, seed %#x", pc.name, n, d.name, gs)
					compareBoth(t, what, r, gs, &pols)
				}
			}
		}
	}
	mixed := policyConfigs()
	pc := mixed[len(mixed)-1]
	for vi, rv := range ruleVariants {
		for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
			r := dice.DefaultRules(n)
			rv.set(&r)
			for i := range uint64(games) {
				gs := seed.ForGame(32+uint64(vi), i)
				pols := pc.seats(i)
				what := fmt.Sprintf("variant %s, %d players, seed %#x", rv.name, n, gs)
				compareBoth(t, what, r, gs, &pols)
			}
		}
	}
}

// TestFastPlayMatchesMachineIllegal feeds both drivers the same arbitrary choices, most
// of them illegal, under the fuzz tests' rule mixes: the replacement of illegal choices
// and the Illegal count agree too.
func TestFastPlayMatchesMachineIllegal(t *testing.T) {
	t.Parallel()
	games := playoutGames(3000, 300)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range games {
		gs := seed.ForGame(33, uint64(i))
		r := fuzzRules(uint8(i), gs)
		choices := make([]byte, 1+rng.IntN(40))
		for j := range choices {
			choices[j] = byte(rng.Uint32())
		}
		var a, b seatPolicies
		pa, pb := &streamPolicy{b: choices}, &streamPolicy{b: choices}
		for s := range a {
			a[s], b[s] = pa, pb
		}
		what := fmt.Sprintf("rules %+v, seed %#x, choices %v", r, gs, choices)
		ref := playMachine(r, gs, &b)
		compareDrivers(t, what+", traced", playTable(t, r, gs, &a), ref)
		pa.i = 0
		compareDrivers(t, what+", untraced", playTableTraced(t, r, gs, &a, false), ref)
	}
}

// machine steps games on the state machine the way a Table plays them: the dice from
// the game seed's first two words, each seat's policy stream from the next two and the
// seat, and every View filled as the Table fills it (every role shown to an omniscient
// policy).
type machine struct {
	g    dice.State
	prng [dice.MaxPlayers]rand.PCG
	v    dice.View
	pols *seatPolicies
}

// deal sets up game gs under r with the given seat policies and returns the seed words
// of the policies' streams.
func (m *machine) deal(r *dice.Rules, gs uint64, pols *seatPolicies) (s3, s4 uint64) {
	s1, s2, s3, s4 := seed.Streams(gs)
	m.g.Reset(r, s1, s2)
	m.seed(s3, s4)
	m.pols = pols
	return s3, s4
}

// seed seeds every seat's policy stream from (w1, w2) as Table.Finish does.
func (m *machine) seed(w1, w2 uint64) {
	for s := range m.prng {
		m.prng[s].Seed(dice.PolicySeed(w1, w2, s, 0))
	}
}

// step plays the pending decision with the seat's policy.
func (m *machine) step() {
	g := &m.g
	seat := g.Pending().Seat
	p := m.pols[seat]
	g.FillView(&m.v)
	m.v.Rand = &m.prng[seat]
	if o, ok := p.(dice.OmniscientPolicy); ok && o.Omniscient() {
		m.v.Revealed, m.v.Omniscient = g.Role, true
	}
	g.Apply(p.Choose(&m.v))
}

// finish steps the game to its end.
func (m *machine) finish() {
	for m.g.Pending().Kind != dice.DecideNone {
		m.step()
	}
}

// sameTable fails the test when the two finished tables differ.
func sameTable(t *testing.T, what string, fast, ref *dice.State) {
	t.Helper()
	if fast.Public != ref.Public || fast.Outcome != ref.Outcome || fast.Role != ref.Role || *fast.Pending() != *ref.Pending() {
		t.Fatalf("%s: the fast driver and the machine differ\nfast:    %s\nmachine: %s", what, describe(fast), describe(ref))
	}
}

// TestFastPlayMatchesMachineManyGames compares only the finished tables, which is cheap
// enough for the playout tests' scale: every registered policy and the mixed table,
// 3 to 8 players, characters at random and plain, untraced (the path runs take).
func TestFastPlayMatchesMachineManyGames(t *testing.T) {
	t.Parallel()
	games := playoutGames(2_000, 100)
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		for _, deal := range []dice.Deal{dice.DealRandom, dice.DealPlain} {
			r := dice.DefaultRules(n)
			r.Deal = deal
			for _, pc := range policyConfigs() {
				tb := &dice.Table{Rules: r}
				var m machine
				for i := range uint64(games) {
					gs := seed.ForGame(34, i)
					pols := pc.seats(i)
					tb.BySeat = pols
					fast := tb.Play(gs)
					m.deal(&r, gs, &pols)
					m.finish()
					sameTable(t, fmt.Sprintf("Table.Play, %s, %d players, deal %d, seed %#x", pc.name, n, deal, gs), fast, &m.g)
				}
			}
		}
	}
}

// TestFinishMatchesMachine stops games at a decision part-way through (the state a
// search rollout starts from), hands them to Table.Finish, and requires the finished
// table that stepping the machine to the end gives, the policies' stream reseeded at the
// same point on both sides.
func TestFinishMatchesMachine(t *testing.T) {
	t.Parallel()
	games := playoutGames(1_000, 100)
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		r := dice.DefaultRules(n)
		for _, pc := range policyConfigs() {
			tb := &dice.Table{Rules: r}
			var m machine
			for i := range uint64(games) {
				gs := seed.ForGame(35, i)
				pols := pc.seats(i)
				tb.BySeat = pols
				s3, s4 := m.deal(&r, gs, &pols)
				stop := int(i % 97) // from the first decision to deep into the game
				for k := 0; k < stop && m.g.Pending().Kind != dice.DecideNone; k++ {
					m.step()
				}
				tb.State = m.g
				fast := tb.Finish(s4, s3)
				m.seed(s4, s3)
				m.finish()
				sameTable(t, fmt.Sprintf("Finish after %d decisions, %s, %d players, seed %#x", stop, pc.name, n, gs), fast, &m.g)
			}
		}
	}
	// A game set up but not started is played whole, as Play plays it.
	r := dice.DefaultRules(5)
	tb := newTable(t, r, "random")
	for i := range uint64(50) {
		gs := seed.ForGame(36, i)
		want := *tb.Play(gs)
		s1, s2, s3, s4 := seed.Streams(gs)
		tb.State.Setup(&r, s1, s2)
		if got := tb.Finish(s3, s4); got.Public != want.Public || got.Outcome != want.Outcome {
			t.Fatalf("seed %#x: Finish from the set-up table differs from Play\nfinish: %s\nplay:   %s", gs, describe(got), describe(&want))
		}
	}
}
