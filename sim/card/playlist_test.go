package card

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// TestPlayListForms: at every phase-2 decision of games played with every option drawn
// uniformly, View.Play describes the list the same way whether the list stays compact
// (a ListPolicy's View) or is written out (FillView), and its counts add up to the
// written-out list: 1 + the yard options of Cards (+ the heal) is Yard, and the options
// past the yard make N; every card played is in Cards. At every decision that offers
// the cards of a set, View.List describes the list written out.
func TestPlayListForms(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 80
	}
	var cv, fv View
	var g State
	checks, lists := 0, 0
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, deal := range deals() {
			t.Run(fmt.Sprintf("p%d/%s", n, deal), func(t *testing.T) {
				r := DefaultRules(n)
				r.Deal = deal
				rng := rand.New(rand.NewPCG(uint64(n), uint64(deal)))
				for i := 0; i < games; i++ {
					s1, s2, _, _ := seed.Streams(seed.ForGame(31, uint64(i)))
					g.Setup(&r, s1, s2)
					g.lists = 0xff // every seat a ListPolicy's
					g.Start()
					for g.dec.Kind != DecideNone {
						switch {
						case g.dec.Kind == DecidePlay:
							if g.opts != optsPlay {
								t.Fatalf("game %d turn %d: phase 2 not compact", i, g.Turns)
							}
							g.fillView(&cv, false, true)
							g.FillView(&fv)
							checkPlayList(t, &cv, &fv)
							checks++
						case g.opts == optsSet:
							g.fillView(&cv, false, true)
							g.FillView(&fv)
							checkCardList(t, &cv, &fv)
							lists++
						}
						g.Apply(int(rng.Uint64() % uint64(g.dec.N)))
					}
				}
			})
		}
	}
	if checks == 0 || lists == 0 {
		t.Fatalf("%d phase-2 lists and %d card lists checked", checks, lists)
	}
}

// checkPlayList compares the compact View c with the written-out View f.
func checkPlayList(t *testing.T, c, f *View) {
	t.Helper()
	cp, fp := &c.Play, &f.Play
	if !cp.Filled || !cp.Compact || !fp.Filled || fp.Compact {
		t.Fatalf("turn %d: compact %+v, written out %+v", c.Turns, cp, fp)
	}
	same := cp.Cards == fp.Cards && cp.Reach == fp.Reach && cp.Near == fp.Near && cp.Heal == fp.Heal
	if cp.Cards.hasKind(Jail) && cp.Jail != fp.Jail {
		same = false
	}
	yard, beyond := 1+int(b2i8(cp.Heal)), 0
	for _, x := range cp.Cards.Cards(nil) {
		cy, cb := cp.Options(kindOf[x])
		fy, fb := fp.Options(kindOf[x])
		if cy != fy || cb != fb {
			same = false
		}
		yard, beyond = yard+cy, beyond+cb
	}
	d := &f.Decision
	if !same || c.Decision.N != d.N || c.Decision.Yard != d.Yard {
		t.Fatalf("turn %d: compact %+v (N %d, yard %d), written out %+v (N %d, yard %d)",
			c.Turns, cp, c.Decision.N, c.Decision.Yard, fp, d.N, d.Yard)
	}
	if yard != int(d.Yard) || yard+beyond != int(d.N) {
		t.Fatalf("turn %d: the counts give yard %d and %d options, the list %d and %d (%v)",
			c.Turns, yard, yard+beyond, d.Yard, d.N, d.Options[:d.N])
	}
	if c.Decision.Options[0] != d.Options[0] || d.Options[0].Act != ActEnd {
		t.Fatalf("turn %d: first option %+v, written out %+v", c.Turns, c.Decision.Options[0], d.Options[0])
	}
	for _, o := range d.Options[1:d.N] {
		if o.Act == ActPlay && !cp.Cards.Has(o.Card) {
			t.Fatalf("turn %d: %+v plays a card not in Cards %v", c.Turns, o, cp.Cards)
		}
	}
	// Card IDs are grouped by kind in Kind order, so the yard's cards come in Kind order:
	// a policy may order a kind's options by (kind, target) and count an option's index
	// from Cards and Options alone (the heuristic does).
	prev := Kind(0)
	for i, o := range d.Options[1:d.Yard] {
		if o.Act != ActPlay {
			continue
		}
		if k := kindOf[o.Card]; k < prev {
			t.Fatalf("turn %d: option %d plays a %v after a %v (%v)", c.Turns, i+1, k, prev, d.Options[:d.N])
		} else {
			prev = k
		}
	}
}

// checkCardList checks that the compact View c's List describes the written-out list of
// f: its first Pre options as c has them, then one ActCard option per card of Cards.
func checkCardList(t *testing.T, c, f *View) {
	t.Helper()
	l, d := &c.List, &f.Decision
	if !l.Filled || !l.Compact || f.List.Filled {
		t.Fatalf("turn %d: compact %+v, written out %+v", c.Turns, l, f.List)
	}
	if c.Decision.N != d.N || int(l.Pre)+l.Cards.Len() != int(d.N) {
		t.Fatalf("turn %d: %+v for %d options (%d written out)", c.Turns, l, c.Decision.N, d.N)
	}
	for i := 0; i < int(l.Pre); i++ {
		if c.Decision.Options[i] != d.Options[i] {
			t.Fatalf("turn %d: option %d is %+v, written out %+v", c.Turns, i, c.Decision.Options[i], d.Options[i])
		}
	}
	for i, x := range l.Cards.Cards(nil) {
		if o := d.Options[int(l.Pre)+i]; o.Act != ActCard || o.Card != x {
			t.Fatalf("turn %d: option %d is %+v, want card %v", c.Turns, int(l.Pre)+i, o, x)
		}
	}
}
