package dicegame

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/dice/odds"
)

// lastOutlaw is the Sheriff at 1 life holding 2 arrows, one arrow left in the pile,
// against a lone Outlaw at 1 life: three Gatlings showing kill the Outlaw and win, and
// any die rerolled may take the last arrow, bring the Indians and kill the Sheriff.
func lastOutlaw() Position {
	return Position{Seat: 0, Dice: "G G G 1 A", Rerolls: 1, Pile: 1, Life: []int{1, 1, 0, 0}, Arrows: []int{2, 6, 0, 0},
		Roles: []string{"sheriff", "outlaw", "outlaw", "renegade"}, Characters: []string{"plain", "plain", "plain", "plain"}, Objective: "gatling"}
}

// TestAdviseWhereTheOddsDecide: stopping on three Gatlings is the known best answer
// (the exact odds of the Gatling 1, the win certain); advise ranks it first, and the
// search bot's own choice is the one ranked first.
func TestAdviseWhereTheOddsDecide(t *testing.T) {
	p := lastOutlaw()
	a, err := p.Advise(400, 1)
	if err != nil {
		t.Fatal(err)
	}
	top := a.Hints[0]
	if top.Value != 0 || top.Win != 1 || a.Odds[0] != 1 {
		t.Fatalf("first: %+v (odds %v), want stop at 100%% with P(gatling) 1", top, a.Odds[0])
	}
	if !top.SearchPick {
		t.Errorf("search's choice is not the one ranked first: %+v", a.Hints)
	}
	for _, h := range a.Hints[1:] {
		if h.Hi >= top.Lo {
			t.Errorf("%s (%.3f, up to %.3f) is not clearly below stopping", h.Label, h.Win, h.Hi)
		}
	}
}

// TestExactOddsAfterARerollAll: rerolling every die with R rerolls left is a fresh turn
// with R-1 rerolls, whose odds sim/dice/odds computes from the start.
func TestExactOddsAfterARerollAll(t *testing.T) {
	p := lastOutlaw()
	p.Dice, p.Rerolls, p.Life = "A A B B 1", 2, []int{5, 1, 0, 0}
	a, err := p.Advise(1, 1)
	if err != nil {
		t.Fatal(err)
	}
	setup := odds.DefaultSetup()
	setup.Rerolls = 1
	want, err := odds.Exact(odds.Objective{Kind: odds.Gatling}, setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := want.Float64()
	for i, h := range a.Hints {
		if h.Value == 31 {
			if math.Abs(a.Odds[i]-w) > 1e-12 {
				t.Fatalf("P(gatling) after rerolling all: %v, odds says %v", a.Odds[i], w)
			}
			return
		}
	}
	t.Fatal("no candidate rerolls every die")
}

// TestImpossiblePositions: each is refused with the field that makes it impossible.
func TestImpossiblePositions(t *testing.T) {
	for _, c := range []struct {
		field string
		edit  func(*Position)
	}{
		{"life:", func(p *Position) { p.Life = []int{1, 1} }},
		{"arrows:", func(p *Position) { p.Arrows = p.Arrows[:3] }},
		{"pile:", func(p *Position) { p.Pile = 4 }},
		{"life[0]:", func(p *Position) { p.Life[0] = 11 }},
		{"roles[1]:", func(p *Position) { p.Roles[1] = "sheriff" }},
		{"roles[3]:", func(p *Position) { p.Roles[3] = "outlaw" }},
		{"roles[2]:", func(p *Position) { p.Roles[2] = "?" }},
		{"characters[1]:", func(p *Position) { p.Characters[0], p.Characters[1] = "Bart Cassidy", "bart-cassidy" }},
		{"dice:", func(p *Position) { p.Dice = "G G G X A" }},
		{"dice:", func(p *Position) { p.Dice = "D D D 1 A" }},
		{"rerolls:", func(p *Position) { p.Rerolls = 3 }},
		{"seat:", func(p *Position) { p.Seat = 2 }},
		{"objective:", func(p *Position) { p.Objective = "gatlings=2" }},
	} {
		p := lastOutlaw()
		c.edit(&p)
		_, err := p.Advise(1, 1)
		if err == nil || !strings.HasPrefix(err.Error(), c.field) {
			t.Errorf("%s: got %v", c.field, err)
		}
	}
}

// FuzzPosition: any position is built or refused with a field named, never a panic.
func FuzzPosition(f *testing.F) {
	f.Add("G G G 1 A", 1, 1, 1, 2, "outlaw", "plain")
	f.Add("ddd1a", 2, 9, 0, 0, "?", "black-jack")
	f.Fuzz(func(t *testing.T, dice string, rerolls, pile, life, arrows int, role, char string) {
		p := lastOutlaw()
		p.Dice, p.Rerolls, p.Pile, p.Life[1], p.Arrows[0], p.Roles[1], p.Characters[0], p.Objective = dice, rerolls, pile, life, arrows, role, char, ""
		if _, err := p.State(rand.NewPCG(1, 2)); err != nil && !strings.Contains(err.Error(), ": ") {
			t.Fatalf("an error without its field: %v", err)
		}
	})
}
