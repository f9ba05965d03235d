package card_test

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/duelbots"
)

// TestDuelBotPlayouts plays the registered duel bots through the duel's invariant
// checker at every decision (80 cards conserved, five characters a side, life in
// bounds): every play bot against every play bot, each draft bot, and every duel ends
// with a winner and no illegal choice.
func TestDuelBotPlayouts(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	for _, p0 := range duelbots.PlayNames() {
		for _, p1 := range duelbots.PlayNames() {
			for _, dn := range duelbots.DraftNames() {
				t.Run(fmt.Sprintf("%s-%s-%s", p0, p1, dn), func(t *testing.T) {
					a, _ := duelbots.Play(p0)
					b, _ := duelbots.Play(p1)
					d0, _ := duelbots.Draft(dn)
					d1, _ := duelbots.Draft(dn)
					d := card.NewLongDuel([2]card.Policy{a, b}, [2]card.DraftPolicy{d0, d1})
					var bad string
					d.OnDecision = func(dec *card.Decision, _ int) {
						if bad == "" {
							bad = card.DuelCheck(d)
						}
					}
					for i := 0; i < n; i++ {
						d.Play(seed.ForGame(17, uint64(i)))
						if bad == "" {
							bad = card.DuelCheck(d)
						}
						if bad != "" || d.Illegal != 0 || !d.Over || d.Draw {
							t.Fatalf("duel %d: %q, illegal %d, over %v, draw %v", i, bad, d.Illegal, d.Over, d.Draw)
						}
					}
				})
			}
		}
	}
}
