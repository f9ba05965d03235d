package card

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// TestPlayOptionsNext: at every phase-2 decision of 2,000 games a table size and deal,
// every seat playing as the Table plays `random` (playRandom's loop, written out here
// so the test sees each count), the count the engine made — brought up to date by
// playOptionsNext after a play that came straight back to phase 2, else from scratch —
// equals a count made from scratch: N, Yard, every option, and what the compact form
// keeps (the cards, perKind, the seats in reach, near and open to a Jail, the heal);
// and the blocked cards' cache, where its key is the seat's cards in play, holds what
// they block.
func TestPlayOptionsNext(t *testing.T) {
	var cp State
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, deal := range deals() {
			r := DefaultRules(n)
			r.Deal = deal
			g := new(State)
			var rng rand.PCG
			draw := func(n uint16) int {
				hi, _ := bits.Mul64(rng.Uint64(), uint64(n))
				return int(hi)
			}
			counts, followed := 0, 0
			for game := uint64(0); game < 2000; game++ {
				s1, s2, s3, s4 := seed.Streams(seed.ForGame(29, game))
				rng.Seed(s3, s4)
				g.Setup(&r, s1, s2)
				g.lazy = 0xff
				g.Start()
				var last Option // the last phase-2 play
				check := func() {
					d := &g.dec
					a := d.Seat & 7
					if in := g.InPlay[a]; blockedSet(in) != blockedBy(in) {
						t.Fatalf("p%d %s game %d turn %d, after %+v: blocked %v for %v, want %v", n, deal, game, g.Turns, last, blockedSet(in), in, blockedBy(in))
					}
					cp = *g
					cp.playOptions() // from scratch
					e := &cp.dec
					if e.N != d.N || e.Yard != d.Yard || cp.opts != g.opts || cp.optSet != g.optSet ||
						heldCounts(&cp) != heldCounts(g) || cp.pReach != g.pReach || cp.pNear != g.pNear ||
						cp.pHeal != g.pHeal || (g.optSet[1]&jail1 != 0 && cp.pJail != g.pJail) {
						t.Fatalf("p%d %s game %d turn %d, after %+v: kept N %d yard %d, scratch %d %d", n, deal, game, g.Turns, last, d.N, d.Yard, e.N, e.Yard)
					}
					x, y := *g, cp // an option past the yard writes the list out: on copies
					for i := 0; i < int(d.N); i++ {
						if ox, oy := x.option(i), y.option(i); ox != oy {
							t.Fatalf("p%d %s game %d turn %d, after %+v: option %d: kept %+v, scratch %+v", n, deal, game, g.Turns, last, i, ox, oy)
						}
					}
				}
				for g.dec.Kind != DecideNone {
					d := &g.dec
					if g.opts != optsPlay {
						g.Apply(draw(d.Yard))
						continue
					}
					check() // a turn's first count, or one after another seat's answer
					for {   // playRandom's loop
						i := draw(d.Yard)
						if i == 0 || i == int(d.Yard)-1 && g.pHeal {
							g.Apply(i)
							break
						}
						o := g.playOption(i)
						last = o
						d.Kind = DecideNone
						g.play(o)
						if g.phase != phPlay || d.Kind != DecideNone {
							g.settle()
							break
						}
						g.playOptionsNext(o)
						counts++
						if againKind[kindAt[o.Card&127]&31] != 0 {
							followed++
						}
						check()
						if d.N <= 1 {
							g.Apply(0)
							break
						}
					}
				}
			}
			t.Logf("p%d %s: %d counts straight after a play, %d of them after a kind playOptionsNext follows", n, deal, counts, followed)
			if followed < 20000 {
				t.Fatalf("p%d %s: only %d counts brought up to date: too few to test", n, deal, followed)
			}
		}
	}
}

// blockedSet is blocked for a Set.
func blockedSet(in Set) Set {
	b0, b1 := blocked(in[0], in[1])
	return Set{b0, b1}
}

// TestBlockedTables: blocked agrees with blockedBy for every set of the blue cards
// (63–79, the only cards ever in play), whether or not a game could come to it.
func TestBlockedTables(t *testing.T) {
	for x := uint64(0); x < 1<<17; x++ {
		in := Set{x << 63, x >> 1}
		if got, want := blockedSet(in), blockedBy(in); got != want {
			t.Fatalf("cards in play %v: blocked %v, want %v", in, got, want)
		}
	}
}

// blockedBy is the cards a hand may not play in phase 2 for the cards in play in:
// every card of their kinds but the Jail's.
func blockedBy(in Set) (out Set) {
	for _, c := range in.Cards(nil) {
		if k := kindOf[c]; k != Jail {
			out = out.Or(kindSet[k])
		}
	}
	return out
}

// heldCounts is g.perKind for the kinds of the walked hand (Panic! and Cat Balou both
// when it holds either: they are counted together), the others 0: playOptionsNext
// keeps the counts of the kinds the hand no longer holds, which playOptions clears
// (they would show in another seat's View, TestViewPlayHidesOtherHands) and nothing
// reads.
func heldCounts(g *State) (c [32]uint32) {
	h := g.optSet
	for k := Kind(0); k < NumKinds; k++ {
		if h.hasKind(k) || (k == Panic || k == CatBalou) && h[0]&panicCat0 != 0 {
			c[k] = g.perKind[k]
		}
	}
	return c
}
