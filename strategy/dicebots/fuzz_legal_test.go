package dicebots_test

import (
	"testing"
	"time"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// legalChecker wraps a policy and fails the test on the first illegal choice.
type legalChecker struct {
	t    *testing.T
	name string
	p    dice.Policy
}

func (c legalChecker) Choose(v *dice.View) int {
	choice := c.p.Choose(v)
	if !v.Decision.Legal(choice) {
		c.t.Fatalf("%s chose %d at a %s decision with options %#b", c.name, choice, v.Decision.Kind, v.Decision.Options)
	}
	return choice
}

// fuzzSpec returns the spec a fuzzed game plays for entry e: the slow search at a small
// effort, so each input stays fast.
func fuzzSpec(e dicebots.Entry) string {
	if e.Slow {
		return e.Name + "(rollouts=2)"
	}
	return e.Name
}

// FuzzPoliciesLegal plays a whole game whose seats are dealt policies from every
// registered policy (habits and search included) by the fuzzed bytes, under fuzzed rules,
// and fails on any illegal choice.
//
//	go test ./strategy/dicebots -run '^$' -fuzz FuzzPoliciesLegal -fuzztime 200000x
func FuzzPoliciesLegal(f *testing.F) {
	all := dicebots.AllEntries()
	for i := range all {
		f.Add(uint64(i), uint8(3+i%6), []byte{byte(i), byte(i + 1), byte(i + 2), byte(i + 3)}, uint8(i))
	}
	f.Fuzz(func(t *testing.T, gameSeed uint64, players uint8, seats []byte, variant uint8) {
		n := dice.MinPlayers + int(players)%(dice.MaxPlayers-dice.MinPlayers+1)
		r := dice.DefaultRules(n)
		r.Rerolls = variant % 4
		r.Arrows = 3 + variant%8
		r.GatlingThreshold = 2 + variant%3
		r.Deal = dice.Deal(variant % 2) // random characters or plain
		r.DistanceEitherWay = variant&8 != 0
		r.ResolveAfterDeath = variant&16 != 0
		var byRole [dice.NumRoles]dice.Policy
		for i := range byRole {
			byRole[i] = dicebots.Heuristic{}
		}
		tb, err := dice.NewTable(r, byRole)
		if err != nil {
			t.Fatal(err)
		}
		for s := 0; s < n; s++ {
			k := 0
			if s < len(seats) {
				k = int(seats[s])
			}
			e, err := dicebots.Lookup(fuzzSpec(all[k%len(all)]))
			if err != nil {
				t.Fatal(err)
			}
			tb.BySeat[s] = legalChecker{t, e.Name, e.New()}
		}
		g := tb.Play(seed.ForGame(gameSeed, 0))
		if !g.Over || g.Illegal != 0 {
			t.Fatalf("game over %v, illegal choices %d", g.Over, g.Illegal)
		}
	})
}

// TestSearchCostPerDecision records what one search decision costs at the default
// effort (the issue asks for the number; the test only checks it stays finite).
func TestSearchCostPerDecision(t *testing.T) {
	if testing.Short() {
		t.Skip("measures for about a second")
	}
	e, err := dicebots.Lookup("search")
	if err != nil {
		t.Fatal(err)
	}
	timed := &timedPolicy{p: e.New()}
	h := dicebots.Heuristic{}
	tb, err := dice.NewTable(dice.DefaultRules(5), [dice.NumRoles]dice.Policy{h, h, h, h})
	if err != nil {
		t.Fatal(err)
	}
	for i := uint64(0); i < 10; i++ {
		tb.BySeat[i%5] = timed
		tb.Play(seed.ForGame(3, i))
		tb.BySeat[i%5] = nil
	}
	if timed.calls == 0 {
		t.Fatal("search never decided")
	}
	t.Logf("search (default effort): %d decisions, %v per decision on average", timed.calls, timed.spent/time.Duration(timed.calls))
}

type timedPolicy struct {
	p     dice.Policy
	calls int
	spent time.Duration
}

func (tp *timedPolicy) Choose(v *dice.View) int {
	start := time.Now()
	c := tp.p.Choose(v)
	tp.spent += time.Since(start)
	tp.calls++
	return c
}
