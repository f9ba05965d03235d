package cardbots_test

import (
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// phase2Decisions calls f at every phase-2 decision with more than one option of
// games played by the heuristic at every seat (players from 4 to 7 by game), through
// the State's own API, with the View the deciding seat sees.
func phase2Decisions(t testing.TB, games int, f func(g *card.State, v *card.View)) {
	t.Helper()
	var h cardbots.Heuristic
	var g card.State
	var v card.View
	for i := 0; i < games; i++ {
		rules := card.DefaultRules(card.MinPlayers + i%(card.MaxPlayers-card.MinPlayers+1))
		g.Reset(&rules, uint64(i)+1, 5)
		for d := g.Pending(); d.Kind != card.DecideNone; d = g.Pending() {
			g.FillView(&v)
			if d.Kind == card.DecidePlay && d.N > 1 {
				f(&g, &v)
				g.FillView(&v) // f may have written it
			}
			g.Apply(h.Choose(&v))
		}
	}
}

// TestSearchSeesOnlyItsView: the search chooses the same in two games its seat cannot
// tell apart (the second a world dealt from the first's View, its hidden roles then
// rotated: other roles, other hands, another deck order and engine stream), from the
// same seat stream.
func TestSearchSeesOnlyItsView(t *testing.T) {
	s1, s2 := cardbots.NewSearch(8, false, 0), cardbots.NewSearch(8, false, 0)
	var other card.State
	var v2 card.View
	var r1, r2 rand.PCG
	var h cardbots.Heuristic
	n, hidden, searched := 0, 0, 0
	phase2Decisions(t, 12, func(g *card.State, v *card.View) {
		v.Determinize(&other, uint64(n), 77)
		rotateHidden(&other, v.Self)
		other.FillView(&v2)
		if v2.Board != v.Board || v2.Record != v.Record || v2.Hand != v.Hand || v2.Decision.N != v.Decision.N {
			t.Fatal("the world dealt shows its seat another View")
		}
		if other.Hand != g.Hand || other.Role != g.Role {
			hidden++
		}
		hc := h.Choose(v)
		r1.Seed(uint64(n), 3)
		r2.Seed(uint64(n), 3)
		v.Rand, v2.Rand = &r1, &r2
		c1, c2 := s1.Choose(v), s2.Choose(&v2)
		if c1 != c2 {
			t.Fatalf("decision %d (turn %d, seat %d): search chose %d in the game, %d in a world it cannot tell from it", n, g.Turns, v.Self, c1, c2)
		}
		if c1 != hc {
			searched++
		}
		n++
	})
	if hidden < n/2 || searched == 0 {
		t.Fatalf("%d decisions, %d with the hidden part changed, %d where search left the heuristic: nothing tested", n, hidden, searched)
	}
}

// rotateHidden passes the hidden roles of g round the seats that hold them (seen from
// seat self), independently of the Determinizer: a game self cannot tell from g. (The
// engine's role masks are left as they were: a Determinizer that read them would be
// caught too.)
func rotateHidden(g *card.State, self int8) {
	var hid []int
	for s := 0; s < int(g.Players); s++ {
		if int8(s) != self && g.Revealed[s] == card.RoleUnknown {
			hid = append(hid, s)
		}
	}
	if len(hid) < 2 {
		return
	}
	first := g.Role[hid[0]]
	for i := 0; i+1 < len(hid); i++ {
		g.Role[hid[i]] = g.Role[hid[i+1]]
	}
	g.Role[hid[len(hid)-1]] = first
}

// searchTable is an n-player table of heuristics with search at seat.
func searchTable(t testing.TB, n, seat int, sp *cardbots.Search) *card.Table {
	t.Helper()
	h := cardbots.Heuristic{}
	tb, err := card.NewTable(card.DefaultRules(n), [4]card.Policy{h, h, h, h})
	if err != nil {
		t.Fatal(err)
	}
	tb.BySeat[seat] = sp
	return tb
}

// TestSearchDeterministic: the same seed plays the same game, decision for decision.
func TestSearchDeterministic(t *testing.T) {
	for i := uint64(0); i < 4; i++ {
		a := searchTable(t, 5, int(i%5), cardbots.NewSearch(4, true, 1))
		b := searchTable(t, 5, int(i%5), cardbots.NewSearch(4, true, 1))
		var ca, cb []int
		a.OnDecision = func(_ *card.Decision, c int) { ca = append(ca, c) }
		b.OnDecision = func(_ *card.Decision, c int) { cb = append(cb, c) }
		ga, gb := a.Play(seed.ForGame(9, i)), b.Play(seed.ForGame(9, i))
		if ga.Outcome != gb.Outcome || ga.Turns != gb.Turns || len(ca) != len(cb) {
			t.Fatalf("game %d: two plays of one seed differ", i)
		}
		for k := range ca {
			if ca[k] != cb[k] {
				t.Fatalf("game %d: decision %d differs", i, k)
			}
		}
	}
}

// TestSearchLegal: search at every decision (all) never makes an illegal choice, at
// every table size and seat.
func TestSearchLegal(t *testing.T) {
	games := 0
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		for seat := 0; seat < n; seat++ {
			tb := searchTable(t, n, seat, cardbots.NewSearch(2, true, 0))
			g := tb.Play(seed.ForGame(4, uint64(n*10+seat)))
			if !g.Over || g.Illegal != 0 {
				t.Fatalf("%d players, search at seat %d: over %v, %d illegal choices", n, seat, g.Over, g.Illegal)
			}
			games++
		}
	}
}

// TestSearchAllocs: a decision allocates nothing once the search has its playout table.
func TestSearchAllocs(t *testing.T) {
	s := cardbots.NewSearch(4, false, 1)
	var r rand.PCG
	checked := 0
	phase2Decisions(t, 1, func(_ *card.State, v *card.View) {
		if checked > 0 {
			return
		}
		r.Seed(1, 2)
		v.Rand = &r
		s.Choose(v) // warm-up: the playout table
		if a := testing.AllocsPerRun(10, func() { s.Choose(v) }); a != 0 {
			t.Fatalf("%v allocations per decision", a)
		}
		checked++
	})
	if checked == 0 {
		t.Fatal("no phase-2 decision found")
	}
}
