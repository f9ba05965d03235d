package dicegame

import (
	"cmp"
	"fmt"
	"math"
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
		p, lo, hi := wilson(e.Wins, e.Plays)
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

// wilson is the rate k/n with its 95% Wilson score interval.
func wilson(k, n int) (p, lo, hi float64) {
	if n == 0 {
		return 0, 0, 1
	}
	const z = 1.959963984540054
	p = float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	mid := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return p, max(mid-half, 0), min(mid+half, 1)
}
