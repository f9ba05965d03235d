package duelbots

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy"
)

// The duel search plays legal duels to their end, the same duel from the same seed
// (its numbers come from its seat's stream), and beats the heuristic it rolls out with
// at a small budget, seats swapped on the same seeds.
func TestDuelSearchLegalDeterministicStronger(t *testing.T) {
	n := 6
	wins, played := 0, 0
	for _, ss := range []int{0, 1} {
		var pol [2]card.Policy
		pol[ss], pol[1-ss] = NewSearch(8, false, 1), &Heuristic{}
		d := card.NewLongDuel(pol, [2]card.DraftPolicy{card.RandomDraft{}, card.RandomDraft{}})
		for i := 0; i < n; i++ {
			gs := seed.ForGame(71, uint64(i))
			d.Play(gs)
			if d.Illegal != 0 || !d.Over {
				t.Fatalf("duel %d: illegal %d, over %v", i, d.Illegal, d.Over)
			}
			won, turns := d.Info.Winner, d.Turns
			if i < 2 { // the same seed again: the same duel
				d.Play(gs)
				if d.Info.Winner != won || d.Turns != turns {
					t.Fatalf("duel %d played twice: winner %d/%d, turns %d/%d", i, won, d.Info.Winner, turns, d.Turns)
				}
			}
			if int(won) == ss {
				wins++
			}
			played++
		}
	}
	t.Logf("search (8 rollouts) won %d of %d paired duels against the heuristic", wins, played)
	if wins*2 <= played {
		t.Fatalf("search won only %d of %d against the heuristic", wins, played)
	}
}

// The duel search is registered with its parameters and declares that it looks ahead.
func TestDuelSearchRegistered(t *testing.T) {
	e, err := PlayRegistry.Lookup("search")
	if err != nil || e.Needs&strategy.Lookahead == 0 || !e.Slow || len(e.Params) != 3 {
		t.Fatalf("search entry %+v", e)
	}
	p, err := Play("search(rollouts=3,all=true,z10=0)")
	if err != nil {
		t.Fatal(err)
	}
	if s := p.(*Search); s.Rollouts != 3 || !s.All || s.Z != 0 {
		t.Fatalf("spec built %+v", s)
	}
	if card.NeedsOf(p)&card.NeedsLookahead == 0 {
		t.Fatal("search does not declare Lookahead to the engine")
	}
}
