package card

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// TestDuelDeterminizeReadsNothingHidden: at every decision of 40 random duels, a
// scrambled copy of the duel (the opponent's hand re-dealt, the deck reshuffled, the
// opponent's reinforcements to come reordered, another engine stream: a world the seat
// cannot tell apart) makes DuelDeterminizer deal byte-identical worlds from the same
// seeds; and every world keeps the public table, the seat's own hand and the 80 cards.
func TestDuelDeterminizeReadsNothingHidden(t *testing.T) {
	d := NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
	var det, det2 DuelDeterminizer
	var scrambled, w1, w2 State
	var v, v2 View
	checked := 0
	d.OnDecision = func(dec *Decision, _ int) {
		if dec.Kind == DecidePlace {
			return // the set-up's, before the deck is dealt
		}
		g := &d.State
		s := dec.Seat & 1
		d.fillView(&v, s)
		det.Prepare(&v)
		// The scrambled game: a world the determinizer itself deals from other seeds.
		det.Deal(&scrambled, uint64(checked)*7+1, 99)
		scrambled.rng.Seed(5, uint64(checked))
		v2 = v
		v2.game = &scrambled
		det2.Prepare(&v2)
		det.Deal(&w1, 11, uint64(checked))
		det2.Deal(&w2, 11, uint64(checked))
		if w1.Board != w2.Board || w1.Hand != w2.Hand || w1.deck != w2.deck || w1.Info != w2.Info || w1.rng != w2.rng || w1.dec.N != w2.dec.N {
			t.Fatalf("decision %d: the worlds dealt from a game and from its scrambled copy differ: board %v hand %v deck %v info %v rng %v n %v", checked, w1.Board == w2.Board, w1.Hand == w2.Hand, w1.deck == w2.deck, w1.Info == w2.Info, w1.rng == w2.rng, w1.dec.N == w2.dec.N)
		}
		if w1.Board != g.Board || w1.Hand[s] != g.Hand[s] || w1.Record != g.Record || w1.Info.Next != g.Info.Next {
			t.Fatalf("decision %d: a world changed what seat %d knows", checked, s)
		}
		if e := duelCheck(&LongDuel{State: w1}); e != "" {
			t.Fatalf("decision %d: a dealt world is broken: %s", checked, e)
		}
		checked++
	}
	for i := uint64(0); i < 40; i++ {
		d.Play(seed.ForGame(61, i))
	}
	if checked < 1000 {
		t.Fatalf("only %d decisions checked", checked)
	}
}
