package card

import (
	"slices"
	"testing"
)

// TestUncountedFirstPlay: a phase 2 left uncounted because the seat's declarations fix
// its play (optsFixed: a card of its firstCards on offer, or a weapon upgrade) is the decision counted in full once anything
// but the Table's unasked first play looks at it: Pending writes out the same options,
// Apply takes the same index (its range checked against the real N) and the game goes
// on as the twin's, whose phase 2 is always counted. Random plays both games from one
// stream, at 4 to 7 players, both deals; the Table's own path (the card played unasked
// without a count) is pinned by the heuristic's fingerprints in strategy/cardbots.
func TestUncountedFirstPlay(t *testing.T) {
	var first Set
	var rank kindRanks
	for i, k := range []Kind{WellsFargo, Stagecoach, GeneralStore, Barrel, Mustang, Scope} {
		first = first.Or(kindSet[k])
		rank[k] = uint8(i)
	}
	var pol Random
	uncounted, upgrades := map[string]int{}, map[string]int{}
	seededGames(t, 21, 300, func(name string, game uint64, r *Rules, s1, s2 uint64, v *View) {
		var g, twin State
		for _, x := range []*State{&g, &twin} {
			x.Setup(r, s1, s2)
			x.lists = 0xff // every seat a ListPolicy's: phase 2 compact
		}
		g.fixing, g.upgrades = 0xff, 0xff
		for s := range g.firstCards {
			g.firstCards[s] = first
			g.firstRank[s] = rank
		}
		g.Start()
		twin.Start()
		for step := 0; g.dec.Kind != DecideNone; step++ {
			if g.opts == optsFixed {
				uncounted[name]++
				if g.fixed.Kind().Weapon() {
					upgrades[name]++
				}
				if g.dec.Kind != DecidePlay || !g.optSet.Has(g.fixed) || !first.Has(g.fixed) && !g.fixed.Kind().Weapon() {
					t.Fatalf("%s game %d step %d: uncounted %s, %v fixed, cards %v", name, game, step, g.dec.Kind, g.fixed, g.optSet)
				}
			}
			// Every other step, Apply meets the uncounted form itself (no Pending first).
			peek := step%2 == 0
			var d *Decision
			if peek {
				d = g.Pending()
			}
			e := twin.Pending()
			if peek && (d.Kind != e.Kind || d.Seat != e.Seat || d.N != e.N || d.Yard != e.Yard ||
				!slices.Equal(d.Options[:d.N], e.Options[:e.N])) {
				t.Fatalf("%s game %d step %d: written %s %d/%d %v, the twin's %s %d/%d %v", name, game, step,
					d.Kind, d.Yard, d.N, d.Options[:d.N], e.Kind, e.Yard, e.N, e.Options[:e.N])
			}
			twin.FillView(v)
			c := pol.Choose(v)
			if step%7 == 3 {
				c = int(e.N) + step // out of range: replaced by c mod N in both
			}
			g.Apply(c)
			twin.Apply(c)
		}
		if twin.dec.Kind != DecideNone || g.Outcome != twin.Outcome || g.Board != twin.Board ||
			g.Counters != twin.Counters || g.Hand != twin.Hand || g.Record != twin.Record {
			t.Fatalf("%s game %d: %+v, the twin's %+v", name, game, g.Outcome, twin.Outcome)
		}
	})
	if len(uncounted) != 8 {
		t.Fatalf("uncounted phase 2s in %d of 8 table sizes and deals: %v", len(uncounted), uncounted)
	}
	for name, n := range uncounted {
		if n < 100 || upgrades[name] < 10 {
			t.Fatalf("%s: only %d uncounted phase 2s, %d upgrades", name, n, upgrades[name])
		}
	}
}
