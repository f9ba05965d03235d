package card_test

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// TestBotPlayouts plays the registered bots through the playout checker (every
// invariant after every step, every choice legal, a mid-game copy in one game of
// enginetest.DefaultCopyEvery; see playout_test.go): 10,000 games
// per table size for each of heuristic and omniscient at every seat, half with
// characters at random and half plain, and fewer of two mixed tables (heuristic law
// against random outlaws and renegade, and the reverse with a tuned heuristic), whose
// bots see different Views. Every game is played again by Table.Play (the bots' own
// fast paths: declared first plays, cancels, choices by card or by option), which must
// end the very game the checked machine ended. The random yardstick has its own
// TestRandomPlayouts.
func TestBotPlayouts(t *testing.T) {
	games, mixed := 10000, 2000
	if testing.Short() {
		games, mixed = 400, 100
	}
	tables := []struct {
		name  string
		specs [card.NumRoles]string // Sheriff, Deputy, Outlaw, Renegade
		games int
	}{
		{"heuristic", [4]string{"heuristic", "heuristic", "heuristic", "heuristic"}, games},
		{"omniscient", [4]string{"omniscient", "omniscient", "omniscient", "omniscient"}, games},
		{"law-heuristic", [4]string{"heuristic", "heuristic", "random", "random"}, mixed},
		{"law-random", [4]string{"random", "random", "heuristic(beer_below=0,suspect=1,aggression=100,dynamite=false,duel_edge=-3)", "omniscient"}, mixed},
	}
	for ti, tab := range tables {
		for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
			t.Run(fmt.Sprintf("%s/p%d", tab.name, n), func(t *testing.T) {
				t.Parallel()
				var byRole [card.NumRoles]card.Policy
				var needs [card.NumRoles]card.Needs
				for r, spec := range tab.specs {
					e, err := cardbots.Lookup(spec)
					if err != nil {
						t.Fatal(err)
					}
					byRole[r], needs[r] = e.New(), card.Needs(e.Needs)
				}
				rulesOf := func(i uint64) card.Rules {
					r := card.DefaultRules(n)
					if i%2 == 1 {
						r.Deal = card.DealPlain
					}
					return r
				}
				m := card.NewDriven(rulesOf, byRole, needs)
				var tables [2]*card.Table // by deal: at random, plain
				for k := range tables {
					tb, err := card.NewTable(rulesOf(uint64(k)), byRole)
					if err != nil {
						t.Fatal(err)
					}
					tables[k] = tb
				}
				fast := func(g enginetest.Game) string {
					if a, b := card.GameHash(tables[g.Index%2].Play(g.Seed)), card.GameHash(m.Final()); a != b {
						return fmt.Sprintf("Table.Play's game hash %#x, the machine's %#x", a, b)
					}
					return ""
				}
				enginetest.Playouts(t, m, uint64(100*ti+n), tab.games, enginetest.Options{Strict: true, FastPath: fast})
			})
		}
	}
}
