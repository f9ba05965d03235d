package card

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
)

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
