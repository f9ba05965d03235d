package dicebots_test

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// TestVariantsLegal: the policies Entries leaves out as variants (the habits), and tuned
// specs, make only legal choices at 3 to 8 players, with characters dealt at random and
// with the characters whose abilities ask questions at every seat. (Entries' policies
// are checked by TestPoliciesAlwaysLegal, search by TestSearchLegal.)
func TestVariantsLegal(t *testing.T) {
	specs := []string{"heuristic(beer_below=3,ally_below=0,gatling_short=0,chase_arrows=1,arrow_care=9,dynamite_stop=99,suzy_below=1)",
		"omniscient(keep_bullseyes=true,chase_all=true,beer_extra=2)"}
	for _, e := range dicebots.AllEntries() {
		if e.Variant != "" {
			specs = append(specs, e.Name)
		}
	}
	per := 60
	if testing.Short() {
		per = 15
	}
	for _, spec := range specs {
		t.Run(spec, func(t *testing.T) {
			t.Parallel()
			c := &searchLegal{p: mustLookup(t, spec).New()}
			var pol dice.Policy = c
			if _, ok := c.p.(dice.OmniscientPolicy); ok {
				pol = omniLegal{c}
			}
			games := 0
			for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
				plain, seats := dice.DefaultRules(n), dice.DefaultRules(n)
				cs := []dice.Character{dice.SlabTheKiller, dice.KitCarlson, dice.BartCassidy, dice.PedroRamirez,
					dice.SidKetchum, dice.BlackJack, dice.SuzyLafayette, dice.JesseJones}
				seats.Deal = dice.DealSeats
				if err := seats.SetPool(cs[:n]); err != nil {
					t.Fatal(err)
				}
				for k, r := range []dice.Rules{plain, seats} {
					tb, err := dice.NewTable(r, [dice.NumRoles]dice.Policy{pol, pol, pol, pol})
					if err != nil {
						t.Fatal(err)
					}
					for i := range uint64(per) {
						g := tb.Play(seed.ForGame(uint64(60+10*n+k), i))
						games++
						if !g.Over || g.Illegal != 0 {
							t.Fatalf("%d players, game %d: over %v, State.Illegal %d", n, i, g.Over, g.Illegal)
						}
					}
				}
			}
			if c.illegal != 0 {
				t.Errorf("%d illegal choices in %d games; first: %s", c.illegal, games, c.first)
			}
			for k := dice.DecideReroll; k < dice.NumKinds; k++ {
				if c.byKind[k] == 0 {
					t.Errorf("no %s decision came up in %d games", k, games)
				}
			}
		})
	}
}

// omniLegal keeps an omniscient policy omniscient behind the legality wrapper.
type omniLegal struct{ *searchLegal }

func (omniLegal) Omniscient() bool { return true }
