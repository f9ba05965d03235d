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
	judge := &agreeCheck{t: t, play: Random{}, where: &where, n: &decisions}
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
