package card

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
)

// TestTablePlayMatchesMachine: Table.Play (the path every run takes: `random`'s fused
// loops, the policies' streams seeded per seat) plays the very game the playout
// adapter plays by stepping the state machine through Pending, FillView, Choose and
// Apply with every invariant checked, compared whole at the end (hashGame: the board,
// the record, the counters, the outcome, the hands, the deck and the pile). The
// machine is what the playout and scenario tests check; agreement carries those checks
// to the Table.
func TestTablePlayMatchesMachine(t *testing.T) {
	games := playoutGames(400, 50)
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, deal := range deals() {
			t.Run(fmt.Sprintf("p%d/%s", n, deal), func(t *testing.T) {
				t.Parallel()
				r := DefaultRules(n)
				r.Deal = deal
				tb := randomTable(t, r)
				m := newDrivenAll(r, &Random{}, true)
				enginetest.FastPathAgrees(t, "Table.Play against the checked machine", 41, games,
					func(_, gs uint64) uint64 { return gameHash(tb.Play(gs)) },
					func(i, gs uint64) uint64 {
						if step, err := enginetest.Play(m, enginetest.Game{Run: 41, Index: i, Seed: gs}, true); err != nil {
							t.Fatalf("game %d (seed %#x) step %d: %v\n%s", i, gs, step, err, m.Describe())
						}
						return gameHash(&m.g)
					},
					diffHashes)
			})
		}
	}
}

// TestPlayDeterministic: the same seed gives the same game (hashGame's fingerprint) on
// a fresh Table or on one that played another game in between, and different seeds
// give different games (enginetest.Determinism), under the rulebook's rules and the
// fingerprinted rule options.
func TestPlayDeterministic(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		rules := ruleVariants(n)
		for _, deal := range deals() {
			r := DefaultRules(n)
			r.Deal = deal
			rules[deal.String()] = r
		}
		for name, r := range rules {
			a, b := randomTable(t, r), randomTable(t, r)
			play := func(tb *Table) func(uint64) uint64 {
				return func(gs uint64) uint64 { return gameHash(tb.Play(gs)) }
			}
			t.Run(fmt.Sprintf("%s/p%d", name, n), func(t *testing.T) {
				enginetest.Determinism(t, 43, 20, play(a), play(b), diffHashes)
			})
		}
	}
}

// TestStateIsPlainValue: no pointer, slice, map, string, interface, channel or function
// anywhere in State (state.go's promise), so assignment copies the whole game, as the
// playouts' mid-game copies and Table.Finish from a copy rely on.
func TestStateIsPlainValue(t *testing.T) { enginetest.PlainValue[State](t) }
