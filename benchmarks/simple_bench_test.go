package benchmarks

import (
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
)

// BenchmarkDiceSimple plays five-player games with the simple heuristic (the registered
// yardstick `simple`, dicebots.Simple) at every seat: the dice-engine issue's targets as
// it words them ("a simple heuristic"; plain characters, and characters at random).
func BenchmarkDiceSimple(b *testing.B) {
	b.Run("random", func(b *testing.B) {
		benchGames(b, dice.DefaultRules(5), "simple")
	})
	b.Run("plain", func(b *testing.B) {
		r := dice.DefaultRules(5)
		r.Deal = dice.DealPlain
		benchGames(b, r, "simple")
	})
}
