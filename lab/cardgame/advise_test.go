package cardgame

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
	"github.com/bangsim/bangsim/tui"
)

// lethalWatch plays the Sheriff as the heuristic and, at the first phase-2 decision
// facing a lone Outlaw at 1 life who, as the Sheriff's seat can see, can cancel no
// BANG! (an empty hand, no Barrel, not Jourdonnais; with two players left a Beer saves
// nobody), ranks the options as the hint and advise do.
type lethalWatch struct {
	card.Policy
	t      *card.Table
	target int8
	hints  []tui.Hint
}

func (w *lethalWatch) Choose(v *card.View) int {
	g := &w.t.State
	others := g.Alive &^ (1 << uint(v.Self))
	if w.hints == nil && v.Decision.Kind == card.DecidePlay && bits.OnesCount8(others) == 1 {
		o := int8(bits.TrailingZeros8(others))
		canCancel := g.HandLen[o] > 0 // what the Sheriff may know: an empty hand holds no Missed!
		for _, c := range g.InPlay[o].Cards(nil) {
			canCancel = canCancel || c.Kind() == card.Barrel
		}
		if g.Role[o] == card.Outlaw && g.Life[o] == 1 && !canCancel && g.Char[o] != card.Jourdonnais && v.Decision.FindPlay(bangIn(v, o), o, card.NoCard) >= 0 {
			h, err := Advisor{Rollouts: 100}.Rank(v)
			if err == nil {
				w.hints, w.target = h, o
			}
		}
	}
	return w.Policy.Choose(v)
}

// bangIn returns a BANG! of the deciding hand that v offers to play at o.
func bangIn(v *card.View, o int8) card.CardID {
	for i := 0; i < int(v.Decision.N); i++ {
		op := v.Decision.Options[i]
		if op.Act == card.ActPlay && op.Card.Kind() == card.BANG && op.Target == o {
			return op.Card
		}
	}
	return card.NoCard
}

// TestAdviseLethalBang: the known best answer, a lethal BANG! in range against a lone
// Outlaw with no Missed! possible, is ranked first, at a win rate of 1; and the search
// bot's own choice there is estimated as high (its playouts win too).
func TestAdviseLethalBang(t *testing.T) {
	rules := card.DefaultRules(4)
	tab, err := card.NewTableOf(rules, func() card.Policy { return &cardbots.Heuristic{} }, 0)
	if err != nil {
		t.Fatal(err)
	}
	w := &lethalWatch{Policy: &cardbots.Heuristic{}, t: tab}
	tab.SetSeat(0, w, 0, 0)
	for i := uint64(0); i < 3000 && w.hints == nil; i++ {
		tab.Play(seed.ForGame(11, i))
	}
	if w.hints == nil {
		t.Fatal("no game of 3000 came to a lethal BANG! against a lone Outlaw")
	}
	top := w.hints[0]
	if top.Win != 1 || top.Value != w.hints[0].Value || !strings.HasPrefix(top.Label, "play BANG!") || !strings.HasSuffix(top.Label, fmt.Sprintf("at P%d", w.target)) {
		t.Fatalf("ranked first: %+v; all: %+v", top, w.hints)
	}
	for _, h := range w.hints {
		if h.SearchPick && h.Hi < top.Lo {
			t.Errorf("search's choice %+v is estimated below the lethal BANG!", h)
		}
	}
}
