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
	slices.SortStableFunc(out, func(x, y tui.Hint) int { return cmp.Compare(y.Win, x.Win) })
	return out, nil
}
