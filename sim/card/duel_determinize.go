package card

import (
	"math/rand/v2"

	"github.com/bangsim/bangsim/internal/fastrand"
)

// DuelDeterminizer deals long duels consistent with what one seat knows, for search
// policies (LookaheadPolicy) that play the duel on, as Determinizer deals the game's.
// Prepare reads the View's seat's knowledge at a decision; each Deal writes one world
// into a State that resumes at the same decision:
//
//   - everything public (the Board: the characters in play, their life and cards in
//     front; the record; the discard pile; the card being resolved; the pending
//     decision; the draft, DuelInfo) and the seat's own hand are kept;
//   - the unseen cards (the opponent's hand and the deck) are shuffled and dealt, the
//     opponent getting as many as it holds, the rest making the deck;
//   - the opponent's reinforcements still to come (their set is public, Picked; their
//     order is stacked face down) are put in a random order;
//   - the engine's stream is reseeded, tracing is off.
//
// What the seat may know beyond that (a card Kit Carlson put back, the General Store's
// cards the opponent took) is forgotten: a world may contradict it, never reveal more.
// It holds no pointer but to the duel Prepare was given and allocates nothing.
type DuelDeterminizer struct {
	src  *State
	self int8
	pool [NumCards]CardID
	np   int
	rng  rand.PCG
}

// Prepare reads what v's seat knows of the duel v was filled from (by LongDuel's
// driver), at a decision of its play (the set-up's placement comes before the deal).
// It panics for a View the duel did not fill.
func (d *DuelDeterminizer) Prepare(v *View) {
	g := v.game
	if g == nil || !g.duel {
		panic("card: DuelDeterminizer.Prepare on a View not filled by a long duel")
	}
	d.src = g
	d.self = g.dec.Seat & 1 // the duel's word, not the View's: a policy may write its View
	seen := g.Hand[d.self].Or(g.Store).Or(g.Discarded)
	for s := 0; s < DuelSlots; s++ {
		seen = seen.Or(g.InPlay[s])
	}
	d.np = 0
	for c := CardID(0); c < NumCards; c++ {
		if !seen.Has(c) && !Set(g.Rules.Removed).Has(c) {
			d.pool[d.np] = c
			d.np++
		}
	}
}

// Deal writes into dst one world consistent with what the prepared seat knows, its
// engine stream seeded from (seed1, seed2), which also draw the cards and the order
// of the opponent's reinforcements.
func (d *DuelDeterminizer) Deal(dst *State, seed1, seed2 uint64) {
	g := d.src
	if dst != g {
		*dst = *g
	}
	dst.trace.on, dst.trace.n, dst.trace.lost = false, 0, 0
	d.rng.Seed(seed1^0x9e3779b97f4a7c15, seed2)
	p := d.pool // a copy: each Deal shuffles the prepared order afresh
	for i := d.np - 1; i > 0; i-- {
		j := int(fastrand.UintN(&d.rng, uint64(i+1)))
		p[i], p[j] = p[j], p[i]
	}
	o := d.self ^ 1
	var h Set
	k := 0
	for ; k < int(dst.HandLen[o]); k++ {
		h.Add(p[k])
	}
	dst.Hand[o] = h
	n := 0
	for ; k < d.np; k++ {
		dst.deck[n&127] = p[k]
		n++
	}
	if n != int(dst.DeckLen) {
		panic("card: DuelDeterminizer.Deal: the unseen cards and the hand's and deck's sizes disagree")
	}
	// The reinforcements to come, in character order first (so that their order in the
	// source says nothing), then shuffled.
	st, lo := &dst.Info.Stack[o], int(dst.Info.Next[o])
	for i := lo + 1; i < DuelCharacters; i++ {
		for j := i; j > lo && st[j] < st[j-1]; j-- {
			st[j], st[j-1] = st[j-1], st[j]
		}
	}
	for i := DuelCharacters - 1; i > lo; i-- {
		j := lo + int(fastrand.UintN(&d.rng, uint64(i-lo+1)))
		st[i], st[j] = st[j], st[i]
	}
	dst.rng.Seed(seed1, seed2)
}
