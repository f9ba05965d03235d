package dicebots_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// sightCheck wraps a policy and records what its Views reveal.
type sightCheck struct {
	p         dice.Policy
	decisions int
	unknown   int    // decisions whose View showed some RoleUnknown
	leak      string // a living hidden role shown to a policy that is not omniscient
}

func (c *sightCheck) Choose(v *dice.View) int {
	c.decisions++
	seen := false
	for s := 0; s < int(v.Players); s++ {
		rv := v.Revealed[s]
		if rv == dice.RoleUnknown {
			seen = true
			continue
		}
		living := v.Alive>>uint(s)&1 == 1
		if !v.Omniscient && living && int8(s) != v.Self && int8(s) != v.Sheriff && v.Players > 3 && c.leak == "" {
			c.leak = fmt.Sprintf("seat %d's role %s shown to seat %d", s, rv, v.Self)
		}
	}
	if seen {
		c.unknown++
	}
	return c.p.Choose(v)
}

// TestOmniscientSeesRoles: the omniscient policy is shown every role at every decision;
// the heuristic sees only its own, the Sheriff's and the dead's.
func TestOmniscientSeesRoles(t *testing.T) {
	for _, tc := range []struct {
		spec string
		omni bool
	}{{"omniscient", true}, {"heuristic", false}} {
		for n := 4; n <= dice.MaxPlayers; n++ {
			p := mustLookup(t, tc.spec).New()
			c := &sightCheck{p: p}
			var pol dice.Policy = c
			if o, ok := p.(dice.OmniscientPolicy); ok {
				pol = omniWrap{c, o.Omniscient()}
			}
			tb, err := dice.NewTable(dice.DefaultRules(n), [dice.NumRoles]dice.Policy{pol, pol, pol, pol})
			if err != nil {
				t.Fatal(err)
			}
			for i := range uint64(50) {
				tb.Play(seed.ForGame(21, i))
			}
			switch {
			case c.decisions == 0:
				t.Fatalf("%s, %d players: no decisions", tc.spec, n)
			case tc.omni && c.unknown > 0:
				t.Errorf("%s, %d players: %d of %d views hid a role", tc.spec, n, c.unknown, c.decisions)
			case !tc.omni && c.unknown == 0:
				t.Errorf("%s, %d players: no view hid a role", tc.spec, n)
			case !tc.omni && c.leak != "":
				t.Errorf("%s, %d players: %s", tc.spec, n, c.leak)
			}
		}
	}
}

// omniWrap passes the wrapped policy's Omniscient through a checking wrapper.
type omniWrap struct {
	*sightCheck
	omni bool
}

func (o omniWrap) Omniscient() bool { return o.omni }

// TestHeuristicNoAllocs: the heuristic family allocates nothing per decision.
func TestHeuristicNoAllocs(t *testing.T) {
	views := recordViews(t, 5, 20)
	for _, spec := range []string{"heuristic", "heuristic(beer_below=4)", "omniscient", "chase-gatling"} {
		p := mustLookup(t, spec).New()
		i := 0
		if a := testing.AllocsPerRun(2000, func() {
			p.Choose(&views[i%len(views)])
			i++
		}); a != 0 {
			t.Errorf("%s: %.2f allocations per decision", spec, a)
		}
	}
}

// recordViews plays heuristic games and keeps a copy of every View (each still reaches
// its game through Determinize, so only the last game's are live for search).
func recordViews(t *testing.T, n, games int) []dice.View {
	t.Helper()
	var views []dice.View
	rec := viewRecorder{p: dicebots.Heuristic{}, views: &views}
	tb, err := dice.NewTable(dice.DefaultRules(n), [dice.NumRoles]dice.Policy{rec, rec, rec, rec})
	if err != nil {
		t.Fatal(err)
	}
	for i := range uint64(games) {
		tb.Play(seed.ForGame(22, i))
	}
	for i := range views {
		views[i].Rand = rand.NewPCG(uint64(i), 1)
	}
	return views
}

type viewRecorder struct {
	p     dice.Policy
	views *[]dice.View
}

func (r viewRecorder) Choose(v *dice.View) int {
	*r.views = append(*r.views, *v)
	return r.p.Choose(v)
}
