package dicebots

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
)

// agreeCheck is the seat wrapper of TestFastHeuristicAgreesWithReference: at every
// decision it asks the readable reference (refChoose) and each fast heuristic under test
// on the same View, fails on the first difference (or on a View the fast path changed),
// and plays play's choice (the first fast heuristic's when play is nil).
type agreeCheck struct {
	t     *testing.T
	fast  []dice.Policy
	par   []*HeuristicParams
	names []string
	play  dice.Policy
	where *string
	n     *int
}

func (c *agreeCheck) Choose(v *dice.View) int {
	before := *v
	var first int
	for i, f := range c.fast {
		want := refChoose(c.par[i], v)
		got := f.Choose(v)
		if *v != before {
			c.t.Fatalf("%s, %s: the fast heuristic changed the View", *c.where, c.names[i])
		}
		if got != want {
			c.t.Fatalf("%s, %s: %s by seat %d (%s, %s), options %#b, dice %v: fast chose %d, the reference %d\nview: %+v",
				*c.where, c.names[i], v.Decision.Kind, v.Self, v.Role, v.Char[v.Self&7], v.Decision.Options, v.Dice, got, want, v.Public)
		}
		if i == 0 {
			first = got
		}
		*c.n++
	}
	if c.play != nil {
		return c.play.Choose(v)
	}
	return first
}

// agreeOmni is agreeCheck at a seat that asks to see every role, as Omniscient does.
type agreeOmni struct{ *agreeCheck }

func (agreeOmni) Omniscient() bool { return true }

// agreeParams returns the tuning a heuristic-family policy plays with, and whether it
// sees every role.
func agreeParams(t *testing.T, p dice.Policy) (*HeuristicParams, bool) {
	var h Heuristic
	omni := false
	switch q := p.(type) {
	case Heuristic:
		h = q
	case *Heuristic:
		h = *q
	case Omniscient:
		h, omni = q.Heuristic, true
	case *Omniscient:
		h, omni = q.Heuristic, true
	default:
		t.Fatalf("not a heuristic: %T", p)
	}
	if h.P == nil {
		return &DefaultHeuristicParams, omni
	}
	return h.P, omni
}

// agreeRules returns the rules of the k-th variant for n players: the rulebook, and
// changes that move the heuristic's thresholds (few arrows for the arrow-care stop,
// other Gatling and Dynamite counts, the D3 and D22 options, plain characters).
func agreeRules(n, k int) dice.Rules {
	r := dice.DefaultRules(n)
	switch k % 9 {
	case 1:
		r.Deal = dice.DealPlain
	case 2:
		r.DistanceEitherWay = true
	case 3:
		r.ResolveAfterDeath, r.Arrows = true, 3
	case 4:
		r.GatlingThreshold, r.DynamiteThreshold = 2, 2
	case 5:
		r.GatlingThreshold, r.DynamiteThreshold, r.Rerolls = 4, 4, 3
	case 6:
		r.GatlingThreshold, r.DynamiteThreshold, r.SheriffBonus = 1, 6, 0
	case 7:
		r.GatlingThreshold, r.Arrows, r.DistanceEitherWay = 6, 1, true
	case 8:
		r.DynamiteThreshold, r.Arrows, r.Deal = 1, 20, dice.DealPlain
	}
	return r
}

// randomParams draws a tuning across every parameter's range, small values (where the
// thresholds bite) more often.
func randomParams(rng *rand.Rand) *HeuristicParams {
	p := new(HeuristicParams)
	for _, hp := range heuristicParams {
		lo, hi := hp.Min, hp.Max
		if rng.IntN(2) == 0 {
			hi = min(hi, lo+6)
		}
		hp.set(p, lo+rng.IntN(hi-lo+1))
	}
	return p
}

// TestFastHeuristicAgreesWithReference: the fast Heuristic.Choose makes exactly the
// choice of the readable reference (heuristic_ref_test.go) at every decision: in games
// the heuristic plays itself with every habit and with random tunings, at 3 to 8
// players under several rule variants; in games the random policy plays (positions the
// heuristic would not reach); and with one instance serving two games at once.
func TestFastHeuristicAgreesWithReference(t *testing.T) {
	games := 48 // per habit or tuning, player count and rule variant: 9 variants
	tunings := 12
	if testing.Short() {
		games, tunings = 3, 4
	}
	rng := rand.New(rand.NewPCG(7, 11))
	type entry struct {
		name string
		new  func() dice.Policy
	}
	var entries []entry
	for _, h := range habits {
		e, err := Lookup(h.name)
		if err != nil {
			t.Fatal(err)
		}
		entries = append(entries, entry{e.Name, e.New})
	}
	entries = append(entries, entry{"Heuristic{}", func() dice.Policy { return Heuristic{} }})
	for range tunings {
		p := randomParams(rng)
		omni := rng.IntN(4) == 0
		entries = append(entries, entry{fmt.Sprintf("tuning %+v omniscient %v", *p, omni), func() dice.Policy {
			if omni {
				return Omniscient{Heuristic{P: p}}
			}
			return Heuristic{P: p}
		}})
	}
	decisions := 0
	var where string

	// The heuristic plays itself: one instance at every seat, as a worker runs it.
	for ei, e := range entries {
		pol := e.new()
		par, omni := agreeParams(t, pol)
		c := &agreeCheck{t: t, fast: []dice.Policy{pol}, par: []*HeuristicParams{par}, names: []string{e.name}, where: &where, n: &decisions}
		var seat dice.Policy = c
		if omni {
			seat = agreeOmni{c}
		}
		for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
			for k := range 9 {
				tb, err := dice.NewTable(agreeRules(n, k), [dice.NumRoles]dice.Policy{seat, seat, seat, seat})
				if err != nil {
					t.Fatal(err)
				}
				for i := range uint64(games) {
					where = fmt.Sprintf("self-play, %d players, rules variant %d, game %d", n, k, i)
					tb.Play(seed.ForGame(uint64(1000*ei+10*n+k), i))
				}
			}
		}
	}

	// The random policy plays; every habit and tuning judges each of its positions.
	judge := &agreeCheck{t: t, play: &Random{}, where: &where, n: &decisions}
	for _, e := range entries {
		pol := e.new()
		par, _ := agreeParams(t, pol)
		judge.fast = append(judge.fast, pol)
		judge.par = append(judge.par, par)
		judge.names = append(judge.names, e.name)
	}
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		for k := range 9 {
			tb, err := dice.NewTable(agreeRules(n, k), [dice.NumRoles]dice.Policy{judge, judge, judge, judge})
			if err != nil {
				t.Fatal(err)
			}
			for i := range uint64(games) {
				where = fmt.Sprintf("random play, %d players, rules variant %d, game %d", n, k, i)
				tb.Play(seed.ForGame(uint64(77+10*n+k), i))
			}
		}
	}

	// One instance, two games in step: whatever it keeps between decisions must not
	// carry one game's table into the other's.
	for ei, e := range entries {
		pol := e.new()
		par, _ := agreeParams(t, pol)
		c := &agreeCheck{t: t, fast: []dice.Policy{pol}, par: []*HeuristicParams{par}, names: []string{e.name}, where: &where, n: &decisions}
		for i := range uint64(games) {
			var g [2]dice.State
			var v [2]dice.View
			for j := range g {
				r := agreeRules(3+int(i+uint64(j)*3)%6, int(i)+j)
				s1, s2, _, _ := seed.Streams(seed.ForGame(uint64(5000+ei), 2*i+uint64(j)))
				g[j].Setup(&r, s1, s2)
				g[j].Start()
			}
			for step := 0; g[0].Pending().Kind != dice.DecideNone || g[1].Pending().Kind != dice.DecideNone; step++ {
				j := step & 1
				if g[j].Pending().Kind == dice.DecideNone {
					j ^= 1
				}
				where = fmt.Sprintf("two games in step, game %d of pair %d, step %d", j, i, step)
				g[j].FillView(&v[j])
				g[j].Apply(c.Choose(&v[j]))
			}
		}
	}
	if decisions == 0 {
		t.Fatal("no decisions compared")
	}
	t.Logf("%d decisions compared", decisions)
}

// TestLookAgreesWithReference: the fast reading's look fills exactly the fields of the
// reference's, on made-up tables the games do not reach: every table size, any seat for the Sheriff and for self, any role,
// revealed roles at random (omniscient or not), and the record over the whole byte range
// (the games never count 128 hits on anyone, where the byte lanes need care). Each table
// is most often the last one with a single thing changed (one count of the record, one
// revealed role, who is alive, the table size, the Sheriff's seat, its own role or
// seat): near misses, for a look that would remember its last answers.
func TestLookAgreesWithReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	edge := []uint8{0, 1, 2, 3, 63, 64, 65, 126, 127, 128, 129, 254, 255}
	val := func() uint8 {
		switch rng.IntN(3) {
		case 0:
			return edge[rng.IntN(len(edge))]
		case 1:
			return uint8(rng.IntN(6))
		}
		return uint8(rng.IntN(256))
	}
	role := func() dice.Role { return dice.Role(rng.IntN(int(dice.NumRoles))) }
	fresh := func() *dice.View {
		players := dice.MinPlayers + rng.IntN(dice.MaxPlayers-dice.MinPlayers+1)
		v := &dice.View{Self: int8(rng.IntN(players)), Role: role()}
		v.Players = uint8(players)
		v.Sheriff = int8(rng.IntN(players))
		v.Alive = uint8(rng.IntN(1<<players)) | 1<<uint(v.Self)
		v.Omniscient = rng.IntN(4) == 0
		blank := rng.IntN(2) == 0 // an empty record, as early in a game: seats differ only by role
		for s := range v.Revealed {
			v.Revealed[s] = dice.RoleUnknown
			if rng.IntN(3) == 0 || v.Omniscient {
				v.Revealed[s] = role()
			}
			for j := range v.Hits[s] {
				if !blank {
					v.Hits[s][j], v.Heals[s][j] = val(), val()
				}
			}
		}
		v.Revealed[v.Self] = v.Role
		return v
	}
	n := 400000
	if testing.Short() {
		n = 40000
	}
	v := fresh()
	for i := range n {
		w := *v
		sh := int(w.Sheriff) & 7
		switch k := rng.IntN(16); {
		case k == 0:
			w = *fresh()
		case k < 5:
			w.Hits[rng.IntN(8)][sh] = val()
		case k < 9:
			w.Heals[rng.IntN(8)][sh] = val()
		case k == 9:
			w.Hits[rng.IntN(8)][rng.IntN(8)], w.Heals[rng.IntN(8)][rng.IntN(8)] = val(), val()
		case k == 10:
			w.Revealed[rng.IntN(8)] = []dice.Role{dice.RoleUnknown, role()}[rng.IntN(2)]
		case k == 11:
			w.Alive ^= 1 << uint(rng.IntN(int(w.Players)))
		case k == 12:
			w.Players = uint8(max(int(w.Self), int(w.Sheriff), dice.MinPlayers-1) + 1 + rng.IntN(dice.MaxPlayers-max(int(w.Self), int(w.Sheriff), dice.MinPlayers-1)))
		case k == 13:
			w.Sheriff = int8(rng.IntN(int(w.Players)))
		case k == 14:
			w.Role = role()
			w.Revealed[w.Self] = w.Role
		default:
			w.Self = int8(rng.IntN(int(w.Players)))
		}
		w.Alive |= 1 << uint(w.Self)
		v = &w
		var got reading
		var want refReading
		got.glance(v, &DefaultHeuristicParams)
		got.look(v)
		want.glance(v, &DefaultHeuristicParams)
		want.look(v)
		g := [...]int{int(got.friends), int(got.hidden), int(got.lawish), int(got.outish), int(got.lawLeft), int(got.outLeft)}
		wf := [...]int{int(want.friends), int(want.hidden), int(want.lawish), int(want.outish), int(want.lawLeft), int(want.outLeft)}
		if g != wf {
			t.Fatalf("view %d: friends, hidden, lawish, outish, lawLeft, outLeft = %v, want %v\nview: %+v", i, g, wf, v.Public)
		}
	}
}
