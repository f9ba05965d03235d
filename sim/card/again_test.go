package card

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// TestPlayOptionsNext: at every phase-2 decision that follows a play of the same turn
// in 2,000 games a table size and deal, every seat playing as the Table plays `random`
// (playRandom's loop, written out here so the test sees each count), the count
// playOptionsNext brings up to date equals a count made from scratch: N, Yard, every
// option, and what the compact form keeps (the cards, perKind, the seats in reach,
// near and open to a Jail, the heal).
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
				for g.dec.Kind != DecideNone {
					d := &g.dec
					if g.opts != optsPlay {
						g.Apply(draw(d.Yard))
						continue
					}
					for { // playRandom's loop
						i := draw(d.Yard)
						if i == 0 || i == int(d.Yard)-1 && g.pHeal {
							g.Apply(i)
							break
						}
						o := g.playOption(i)
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
						cp = *g
						cp.playOptions() // from scratch
						e := &cp.dec
						if e.N != d.N || e.Yard != d.Yard || cp.opts != g.opts || cp.optSet != g.optSet ||
							cp.perKind != g.perKind || cp.pReach != g.pReach || cp.pNear != g.pNear ||
							cp.pHeal != g.pHeal || (g.optSet[1]&jail1 != 0 && cp.pJail != g.pJail) {
							t.Fatalf("p%d %s game %d turn %d, after %+v: next N %d yard %d, scratch %d %d", n, deal, game, g.Turns, o, d.N, d.Yard, e.N, e.Yard)
						}
						a, b := *g, cp // an option past the yard writes the list out: on copies
						for i := 0; i < int(d.N); i++ {
							if oa, ob := a.option(i), b.option(i); oa != ob {
								t.Fatalf("p%d %s game %d turn %d, after %+v: option %d: next %+v, scratch %+v", n, deal, game, g.Turns, o, i, oa, ob)
							}
						}
						if d.N <= 1 {
							g.Apply(0)
							break
						}
					}
				}
			}
			t.Logf("p%d %s: %d counts after a play, %d of them brought up to date", n, deal, counts, followed)
			if followed < 20000 {
				t.Fatalf("p%d %s: only %d counts brought up to date: too few to test", n, deal, followed)
			}
		}
	}
}
