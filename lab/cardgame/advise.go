package cardgame

import (
	"cmp"
	"slices"

	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
	"github.com/bangsim/bangsim/tui"
)

// Advisor ranks the options of a decision by the search bot's playouts (bangsim advise,
// and the hint key of bangsim play).
type Advisor struct {
	Rollouts int // playouts per option (0: 200)
}

// Rank returns v's options, best first, each with its rate of wins for v's side and a
// 95% Wilson interval; search's own choice is marked.
func (a Advisor) Rank(v *card.View) ([]tui.Hint, error) {
	n := a.Rollouts
	if n <= 0 {
		n = 200
	}
	est, pick := cardbots.NewSearch(100, true, 1).Estimates(v, n)
	var nar narrator
	out := make([]tui.Hint, 0, len(est))
	for _, e := range est {
		p, lo, hi := tui.Rate(e.Wins, e.Plays)
		out = append(out, tui.Hint{Label: nar.describe(v.Decision.Options[e.Choice]), Value: e.Choice, Win: p, Lo: lo, Hi: hi, SearchPick: e.Choice == pick})
	}
	// Best first; among equal rates an option that wins at once first (a sure win is as
	// sure by any road, but the shortest is the one to take).
	now := a.winsAtOnce(v, len(est))
	slices.SortStableFunc(out, func(x, y tui.Hint) int {
		return cmp.Or(cmp.Compare(y.Win, x.Win), cmp.Compare(now[y.Value], now[x.Value]))
	})
	return out, nil
}

// atOnceWorlds is how many worlds winsAtOnce deals.
const atOnceWorlds = 16

// winsAtOnce counts, for each of v's first n options, the worlds dealt as the search
// deals them (card.Determinizer) where taking it ends the game, won by v's side, before
// anyone decides again.
func (a Advisor) winsAtOnce(v *card.View, n int) []int {
	out := make([]int, n)
	var d card.Determinizer
	d.Prepare(v)
	var g card.State
	for w := range atOnceWorlds {
		for i := range out {
			d.Deal(&g, uint64(w), 0x61742d6f6e6365) // "at-once"
			g.Apply(i)
			if g.Over && g.Winners>>uint(v.Self)&1 == 1 {
				out[i]++
			}
		}
	}
	return out
}
