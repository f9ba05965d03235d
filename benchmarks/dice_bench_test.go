package benchmarks

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// benchGames plays game i of run 1 per iteration on one Table with the registered policy
// at every seat.
func benchGames(b *testing.B, rules dice.Rules, policy string) {
	e, err := dicebots.Lookup(policy)
	if err != nil {
		b.Fatal(err)
	}
	benchPolicy(b, rules, e.New, policy)
}

// benchPolicy plays game i of run 1 per iteration on one Table with a policy from
// newPolicy at every role.
func benchPolicy(b *testing.B, rules dice.Rules, newPolicy func() dice.Policy, policy string) {
	var byRole [dice.NumRoles]dice.Policy
	for r := range byRole {
		byRole[r] = newPolicy()
	}
	tb, err := dice.NewTable(rules, byRole)
	if err != nil {
		b.Fatal(err)
	}
	// As bangsim's tables are built: needs declared once, as a registry entry states
	// them, not discovered every game.
	for r := range tb.RoleNeeds {
		tb.RoleNeeds[r] = dice.NeedsOf(byRole[r])
	}
	tb.NeedsDeclared = true
	b.ReportAllocs()
	var i, turns uint64
	for b.Loop() {
		g := tb.Play(seed.ForGame(1, i))
		if g.Illegal != 0 {
			b.Fatalf("game %d: %d illegal choices by %s", i, g.Illegal, policy)
		}
		turns += uint64(g.Turns)
		i++
	}
	reportGames(b, i, turns)
}

// BenchmarkDiceGame plays whole games with characters dealt at random and the default
// policy, at every table size.
func BenchmarkDiceGame(b *testing.B) {
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		b.Run(fmt.Sprintf("p%d", n), func(b *testing.B) {
			benchGames(b, dice.DefaultRules(n), dicebots.DefaultPolicy)
		})
	}
}

// BenchmarkDiceGamePlain plays five-player games with plain characters (no abilities)
// and the default policy. The 500,000 games/s target names a simple heuristic,
// which BenchmarkDiceSimple/plain plays; this is the same games with the default bot.
func BenchmarkDiceGamePlain(b *testing.B) {
	r := dice.DefaultRules(5)
	r.Deal = dice.DealPlain
	benchGames(b, r, dicebots.DefaultPolicy)
}

// BenchmarkDicePolicy plays five-player games, characters at random, every seat playing
// one registered policy.
func BenchmarkDicePolicy(b *testing.B) {
	for _, e := range dicebots.Entries() {
		b.Run(e.Name, func(b *testing.B) {
			benchGames(b, dice.DefaultRules(5), e.Name)
		})
	}
}

// floorPolicy costs next to nothing, so a game with it at every seat measures the engine
// alone (rules, View, policy call): it rerolls the dice showing an Arrow while it may,
// and takes the lowest legal option of every other decision.
type floorPolicy struct{}

// Choose implements dice.Policy.
func (floorPolicy) Choose(v *dice.View) int {
	d := &v.Decision
	if d.Kind != dice.DecideReroll {
		return d.Nth(0)
	}
	// Byte f of x holds the dice showing face f: no branch on what the dice show.
	x := uint64(1)<<(8*uint(v.Dice[0]&7)) | uint64(2)<<(8*uint(v.Dice[1]&7)) | uint64(4)<<(8*uint(v.Dice[2]&7)) |
		uint64(8)<<(8*uint(v.Dice[3]&7)) | uint64(16)<<(8*uint(v.Dice[4]&7))
	return int(uint32(x>>(8*dice.Arrow)) & d.Options & 31)
}

// BenchmarkDiceEngine plays five-player games with floorPolicy at every seat: the
// engine's own cost, which bounds what any policy can reach (characters at random, and
// plain).
func BenchmarkDiceEngine(b *testing.B) {
	b.Run("random", func(b *testing.B) {
		benchPolicy(b, dice.DefaultRules(5), func() dice.Policy { return floorPolicy{} }, "floor")
	})
	b.Run("plain", func(b *testing.B) {
		r := dice.DefaultRules(5)
		r.Deal = dice.DealPlain
		benchPolicy(b, r, func() dice.Policy { return floorPolicy{} }, "floor")
	})
}
