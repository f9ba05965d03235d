package dicegame

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
	"github.com/bangsim/bangsim/tui"
)

// Advisor ranks the legal choices of a decision by the search bot's playouts (bangsim
// advise, and the hint key of bangsim play).
type Advisor struct {
	Rollouts int // playouts per candidate (0: 400)
}

// Rank returns v's candidate choices, best first, each with its rate of wins for v's
// side and a 95% Wilson interval; search's own choice is marked.
func (a Advisor) Rank(v *dice.View) ([]tui.Hint, error) {
	n := a.Rollouts
	if n <= 0 {
		n = 400
	}
	s := dicebots.NewSearch(100, true, 1)
	est, pick := s.Estimates(v, n)
	out := make([]tui.Hint, 0, len(est))
	for _, e := range est {
		p, lo, hi := tui.Rate(e.Wins, e.Plays)
		out = append(out, tui.Hint{Label: describeOption(v, e.Choice), Value: e.Choice, Win: p, Lo: lo, Hi: hi, SearchPick: e.Choice == pick})
	}
	slices.SortStableFunc(out, func(x, y tui.Hint) int { return cmp.Compare(y.Win, x.Win) })
	return out, nil
}

// describeOption says what choice c of v's decision does, without the table's names.
func describeOption(v *dice.View, c int) string {
	d := &v.Decision
	if d.Kind != dice.DecideReroll {
		switch {
		case c == dice.Skip:
			return "skip"
		case d.Kind == dice.DecideSlab:
			return fmt.Sprintf("double die %d", c+1)
		case d.Kind == dice.DecideBartArrow || d.Kind == dice.DecidePedroReturn:
			return map[int]string{0: "no", 1: "yes"}[c]
		}
		return fmt.Sprintf("P%d", c)
	}
	if c == 0 {
		return "stop: keep " + showDice(v.Dice)
	}
	return fmt.Sprintf("reroll %s (dice %s)", facesIn(v.Dice, uint8(c)), dieList(uint8(c)))
}
