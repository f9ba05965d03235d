package dicebots_test

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// sighted hides a policy's dice.RecordBlindPolicy method, so the Table shows it the
// whole View, record included.
type sighted struct{ dice.Policy }

// TestRecordBlindPoliciesKeepTheirWord: every registered policy that says it never reads
// the public record plays the same games when it is shown the record, 3 to 8 players,
// characters at random: what it was spared changes none of its choices.
func TestRecordBlindPoliciesKeepTheirWord(t *testing.T) {
	blind := 0
	for _, e := range dicebots.Entries() {
		p := e.New()
		if b, ok := p.(dice.RecordBlindPolicy); !ok || !b.RecordBlind() {
			continue
		}
		blind++
		for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
			r := dice.DefaultRules(n)
			var asBlind, asSighted [dice.NumRoles]dice.Policy
			for i := range asBlind {
				asBlind[i], asSighted[i] = e.New(), sighted{e.New()}
			}
			tb, err := dice.NewTable(r, asBlind)
			if err != nil {
				t.Fatal(err)
			}
			ts, err := dice.NewTable(r, asSighted)
			if err != nil {
				t.Fatal(err)
			}
			for i := range uint64(2_000) {
				gs := seed.ForGame(43, i)
				a, b := tb.Play(gs), ts.Play(gs)
				if a.Public != b.Public || a.Outcome != b.Outcome {
					t.Fatalf("%s, %d players, seed %#x: the game differs when the policy sees the record", e.Name, n, gs)
				}
			}
		}
	}
	if blind < 4 { // random, keep, reroll-all, simple
		t.Fatalf("only %d registered policies are record-blind; the yardsticks should be", blind)
	}
}
