package cardbots_test

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// newPolicy builds the registered bot spec.
func newPolicy(t testing.TB, spec string) (card.Policy, card.Needs) {
	t.Helper()
	e, err := cardbots.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	return e.New(), card.Needs(e.Needs)
}

// TestHeuristicPlayoutsLegal plays the heuristic and omniscient at every seat, and mixed
// with random (by role and by seat), at 4 to 7 players with random and plain characters:
// no choice may be illegal, and games must end.
func TestHeuristicPlayoutsLegal(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 60
	}
	h, hn := newPolicy(t, "heuristic")
	o, on := newPolicy(t, "omniscient")
	r, rn := newPolicy(t, "random")
	tuned, tn := newPolicy(t, "heuristic(beer_below=0,suspect=1,aggression=100,dynamite=false,duel_edge=-3)")
	mixes := []struct {
		name  string
		pol   [card.NumRoles]card.Policy
		needs [card.NumRoles]card.Needs
	}{
		{"heuristic", [4]card.Policy{h, h, h, h}, [4]card.Needs{hn, hn, hn, hn}},
		{"omniscient", [4]card.Policy{o, o, o, o}, [4]card.Needs{on, on, on, on}},
		{"law-h", [4]card.Policy{h, h, r, r}, [4]card.Needs{hn, hn, rn, rn}},
		{"law-r", [4]card.Policy{r, r, h, h}, [4]card.Needs{rn, rn, hn, hn}},
		{"mixed", [4]card.Policy{o, r, h, tuned}, [4]card.Needs{on, rn, hn, tn}},
	}
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		for _, deal := range []card.Deal{card.DealRandom, card.DealPlain} {
			for mi, mix := range mixes {
				rules := card.DefaultRules(n)
				rules.Deal = deal
				tb, err := card.NewTable(rules, mix.pol)
				if err != nil {
					t.Fatal(err)
				}
				tb.RoleNeeds = mix.needs
				tb.NeedsDeclared = true
				if mix.name == "mixed" { // the heuristic at one seat among random ones
					tb.BySeat[1], tb.SeatNeeds[1] = h, hn
				}
				draws := 0
				for i := 0; i < games; i++ {
					gs := seed.ForGame(uint64(1000*n+100*int(deal)+mi), uint64(i))
					g := tb.Play(gs)
					if g.Illegal != 0 {
						t.Fatalf("%s p%d %s game %d (seed %#x): %d illegal choices", mix.name, n, deal, i, gs, g.Illegal)
					}
					if !g.Over {
						t.Fatalf("%s p%d %s game %d: not over", mix.name, n, deal, i)
					}
					if g.Draw {
						draws++
					}
				}
				if draws > games/50 {
					t.Errorf("%s p%d %s: %d of %d games hit the turn cap", mix.name, n, deal, draws, games)
				}
			}
		}
	}
}

// TestHeuristicNoAllocs plays whole games with the heuristic at every seat: nothing may
// allocate.
func TestHeuristicNoAllocs(t *testing.T) {
	for _, spec := range []string{"heuristic", "omniscient"} {
		for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
			t.Run(fmt.Sprintf("%s/p%d", spec, n), func(t *testing.T) {
				p, needs := newPolicy(t, spec)
				tb, err := card.NewTable(card.DefaultRules(n), [card.NumRoles]card.Policy{p, p, p, p})
				if err != nil {
					t.Fatal(err)
				}
				tb.RoleNeeds = [card.NumRoles]card.Needs{needs, needs, needs, needs}
				tb.NeedsDeclared = true
				i := uint64(0)
				allocs := testing.AllocsPerRun(200, func() {
					tb.Play(seed.ForGame(7, i))
					i++
				})
				if allocs != 0 {
					t.Errorf("%v allocations a game", allocs)
				}
			})
		}
	}
}

// TestHeuristicDeterministic checks that the heuristic draws nothing from its seat's
// stream: with the heuristic at every seat, salting every seat's stream changes no game.
func TestHeuristicDeterministic(t *testing.T) {
	for _, spec := range []string{"heuristic", "omniscient"} {
		p, needs := newPolicy(t, spec)
		a, _ := card.NewTable(card.DefaultRules(6), [card.NumRoles]card.Policy{p, p, p, p})
		b, _ := card.NewTable(card.DefaultRules(6), [card.NumRoles]card.Policy{p, p, p, p})
		for _, tb := range []*card.Table{a, b} {
			tb.RoleNeeds = [card.NumRoles]card.Needs{needs, needs, needs, needs}
			tb.NeedsDeclared = true
		}
		for s := range b.SeatSalt {
			b.SeatSalt[s] = uint64(s) + 99
		}
		for i := 0; i < 200; i++ {
			gs := seed.ForGame(5, uint64(i))
			ga, gb := *a.Play(gs), *b.Play(gs)
			if ga.Outcome != gb.Outcome || ga.Turns != gb.Turns || ga.Counters != gb.Counters {
				t.Fatalf("%s game %d: the seats' streams changed the game", spec, i)
			}
		}
	}
}
