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

	"github.com/bangsim/bangsim/internal/enginetest"
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

// compareDrivers says where the two plays first differ, "" if nowhere.
func compareDrivers(fast, ref played) string {
	for i := range min(len(fast.decisions), len(ref.decisions)) {
		f, r := fast.decisions[i], ref.decisions[i]
		if f.view.Public != r.view.Public || f.view.Decision != r.view.Decision || f.view.Self != r.view.Self ||
			f.view.Role != r.view.Role || f.view.Rules != r.view.Rules || f.view.Omniscient != r.view.Omniscient {
			return fmt.Sprintf("decision %d differs\nfast:    %+v\nmachine: %+v", i, f.view.Decision, r.view.Decision)
		}
		if f.choice != r.choice {
			return fmt.Sprintf("decision %d (%+v): choice %d vs %d", i, f.view.Decision, f.choice, r.choice)
		}
	}
	if len(fast.decisions) != len(ref.decisions) {
		return fmt.Sprintf("%d decisions vs the machine's %d", len(fast.decisions), len(ref.decisions))
	}
	if fast.events != nil && !reflect.DeepEqual(fast.events, ref.events) {
		return fmt.Sprintf("events differ\nfast:    %v\nmachine: %v", fast.events, ref.events)
	}
	f, r := &fast.final, &ref.final
	if f.Public != r.Public || f.Outcome != r.Outcome || f.Role != r.Role || *f.Pending() != *r.Pending() {
		return fmt.Sprintf("finished tables differ\nfast:    %s\nmachine: %s", describe(f), describe(r))
	}
	return ""
}

// twoWays is a game played through Table.Play untraced and traced (the fast side), or
// through the machine (ref, the one entry).
type twoWays []played

// compareTwoWays requires both of fast's plays to match the machine's.
func compareTwoWays(fast, ref twoWays) string {
	for k, how := range []string{"untraced", "traced"} {
		if d := compareDrivers(fast[k], ref[0]); d != "" {
			return how + ": " + d
		}
	}
	return ""
}

// bothWays plays the game through Table.Play untraced and traced.
func bothWays(t *testing.T, r dice.Rules, gs uint64, pols *seatPolicies) twoWays {
	return twoWays{playTableTraced(t, r, gs, pols, false), playTable(t, r, gs, pols)}
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
				what := fmt.Sprintf("%s, %d players, %s deal", pc.name, n, d.name)
				enginetest.FastPathAgrees(t, what, 31, games,
					func(i, gs uint64) twoWays { pols := pc.seats(i); return bothWays(t, r, gs, &pols) },
					func(i, gs uint64) twoWays { pols := pc.seats(i); return twoWays{playMachine(r, gs, &pols)} },
					compareTwoWays)
			}
		}
	}
	mixed := policyConfigs()
	pc := mixed[len(mixed)-1]
	for vi, rv := range ruleVariants {
		for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
			r := dice.DefaultRules(n)
			rv.set(&r)
			what := fmt.Sprintf("variant %s, %d players", rv.name, n)
			enginetest.FastPathAgrees(t, what, 32+uint64(vi), games,
				func(i, gs uint64) twoWays { pols := pc.seats(i); return bothWays(t, r, gs, &pols) },
				func(i, gs uint64) twoWays { pols := pc.seats(i); return twoWays{playMachine(r, gs, &pols)} },
				compareTwoWays)
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
	// Each game's rules and choices, drawn by the fast side (called first) and replayed
	// by the machine.
	var r dice.Rules
	var choices []byte
	fast := func(i, gs uint64) twoWays {
		r = fuzzRules(uint8(i), gs)
		choices = make([]byte, 1+rng.IntN(40))
		for j := range choices {
			choices[j] = byte(rng.Uint32())
		}
		var a seatPolicies
		pa := newStream(choices)
		for s := range a {
			a[s] = pa
		}
		traced := playTable(t, r, gs, &a)
		pa.I = 0
		return twoWays{playTableTraced(t, r, gs, &a, false), traced}
	}
	ref := func(i, gs uint64) twoWays {
		var b seatPolicies
		pb := newStream(choices)
		for s := range b {
			b[s] = pb
		}
		return twoWays{playMachine(r, gs, &b)}
	}
	enginetest.FastPathAgrees(t, "arbitrary choices", 33, games, fast, ref, func(f, m twoWays) string {
		if d := compareTwoWays(f, m); d != "" {
			return fmt.Sprintf("rules %+v, choices %v: %s", r, choices, d)
		}
		return ""
	})
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

// diffTables says how two finished tables differ, "" if alike.
func diffTables(fast, ref *dice.State) string {
	if fast.Public != ref.Public || fast.Outcome != ref.Outcome || fast.Role != ref.Role || *fast.Pending() != *ref.Pending() {
		return fmt.Sprintf("\nfast:    %s\nmachine: %s", describe(fast), describe(ref))
	}
	return ""
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
				var pols seatPolicies
				enginetest.FastPathAgrees(t, fmt.Sprintf("Table.Play, %s, %d players, deal %d", pc.name, n, deal), 34, games,
					func(i, gs uint64) *dice.State { pols = pc.seats(i); tb.BySeat = pols; return tb.Play(gs) },
					func(i, gs uint64) *dice.State { m.deal(&r, gs, &pols); m.finish(); return &m.g },
					diffTables)
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
			var pols seatPolicies
			var s3, s4 uint64
			// The fast side (called first) steps the machine to decision i%97, from the
			// first decision to deep into the game, and finishes a copy on the Table; the
			// machine then steps on from the same point.
			fast := func(i, gs uint64) *dice.State {
				pols = pc.seats(i)
				tb.BySeat = pols
				s3, s4 = m.deal(&r, gs, &pols)
				for k := 0; k < int(i%97) && m.g.Pending().Kind != dice.DecideNone; k++ {
					m.step()
				}
				tb.State = m.g
				return tb.Finish(s4, s3)
			}
			ref := func(i, gs uint64) *dice.State { m.seed(s4, s3); m.finish(); return &m.g }
			enginetest.FastPathAgrees(t, fmt.Sprintf("Finish after game i%%97 decisions, %s, %d players", pc.name, n), 35, games, fast, ref, diffTables)
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
