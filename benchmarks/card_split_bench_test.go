package benchmarks

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// tape holds the choices of some games, in the order the Table asked them: indexes
// (Choose; ChooseCard's too, a card c as −1 − c) and phase-2 options (ChoosePlay).
type tape struct {
	idx  []int32
	opts []card.Option
	// starts[g] is where game g's choices begin in idx and opts (one past the last
	// game: where they end).
	starts [][2]int
	i, o   int // the next choice to give back
}

// taped is the heuristic as the Table sees it (a card.ListPolicy with every choice it
// declares), recording its choices on t or, when replay is set, giving t's back without
// thinking: the Table does the same work for it, the bot none.
type taped struct {
	h      cardbots.Heuristic
	t      *tape
	replay bool
}

func (p *taped) ReadsLists() bool          { return p.h.ReadsLists() }
func (p *taped) FirstPlays() card.KindList { return p.h.FirstPlays() }
func (p *taped) CancelsShots() bool        { return p.h.CancelsShots() }
func (p *taped) EndsBareYard() bool        { return p.h.EndsBareYard() }
func (p *taped) UpgradesWeapons() bool     { return p.h.UpgradesWeapons() }
func (p *taped) PlaysByOption() bool       { return p.h.PlaysByOption() }
func (p *taped) PicksByCard() bool         { return p.h.PicksByCard() }

func (p *taped) ChooseCard(v *card.View) (card.CardID, int) {
	if p.replay {
		p.t.i++
		if x := p.t.idx[p.t.i-1]; x < 0 {
			return card.CardID(-1 - x), 0
		}
		return card.NoCard, int(p.t.idx[p.t.i-1])
	}
	c, i := p.h.ChooseCard(v)
	x := int32(i)
	if c != card.NoCard {
		x = -1 - int32(c)
	}
	p.t.idx = append(p.t.idx, x)
	return c, i
}

func (p *taped) Choose(v *card.View) int {
	if p.replay {
		p.t.i++
		return int(p.t.idx[p.t.i-1])
	}
	c := p.h.Choose(v)
	p.t.idx = append(p.t.idx, int32(c))
	return c
}

func (p *taped) ChoosePlay(v *card.View) card.Option {
	if p.replay {
		p.t.o++
		return p.t.opts[p.t.o-1]
	}
	o := p.h.ChoosePlay(v)
	p.t.opts = append(p.t.opts, o)
	return o
}

// tapedTable is a five-player Table of p at every seat, its needs declared as the
// heuristic's registry entry declares them (so the Table fills the same Views).
func tapedTable(b *testing.B, p card.Policy) *card.Table {
	e, err := cardbots.Lookup("heuristic")
	if err != nil {
		b.Fatal(err)
	}
	tb, err := card.NewTableOf(card.DefaultRules(5), func() card.Policy { return p }, card.Needs(e.Needs))
	if err != nil {
		b.Fatal(err)
	}
	return tb
}

// BenchmarkCardHeuristicEngine replays BenchmarkCardHeuristic/p5's games (the first
// 2,048, over and over) with the heuristic's recorded choices: what those games cost the
// engine and the Table (the Views filled, the unasked choices made, the options checked)
// with the bot's thinking taken out. Its time against BenchmarkCardHeuristic/p5's
// splits a heuristic game between the engine and the bot.
func BenchmarkCardHeuristicEngine(b *testing.B) {
	const games = 2048
	t := &tape{}
	rec := tapedTable(b, &taped{t: t})
	for g := range uint64(games) {
		t.starts = append(t.starts, [2]int{len(t.idx), len(t.opts)})
		rec.Play(seed.ForGame(1, g))
	}
	t.starts = append(t.starts, [2]int{len(t.idx), len(t.opts)})
	p := &taped{t: t, replay: true}
	tb := tapedTable(b, p)
	b.ReportAllocs()
	var i, turns uint64
	for b.Loop() {
		g := i % games
		t.i, t.o = t.starts[g][0], t.starts[g][1]
		s := tb.Play(seed.ForGame(1, g))
		if s.Illegal != 0 || t.i != t.starts[g+1][0] || t.o != t.starts[g+1][1] {
			b.Fatalf("game %d: the replay left the recorded game", g)
		}
		turns += uint64(s.Turns)
		i++
	}
	reportGames(b, i, turns)
}
