package cardgame

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// lethalPosition is the Sheriff's phase 2 against a lone Outlaw at 1 life who can
// cancel no BANG!: an empty hand (so no Missed! and no Beer, which saves nobody with two
// players left anyway), no Barrel, a plain character; the Outlaw at distance 1. The
// Sheriff, at 1 life himself with no Missed!, may lose if he lets the Outlaw play.
func lethalPosition() Position {
	return Position{
		Seat:       0,
		Roles:      []string{"sheriff", "?", "outlaw", "renegade"},
		Characters: []string{"plain", "plain", "plain", "plain"},
		Life:       []int{1, 1, 0, 0},
		Hand:       []string{"bang As", "stagecoach 9s", "wells fargo 3h"},
		HandSizes:  []int{0, 0, 0, 0},
		InPlay:     [][]string{{"mustang 8h"}, {}},
		Discard:    []string{"bang Qh"},
	}
}

// TestAdviseCardLethalBang: the known best answer, the lethal BANG! at the lone Outlaw,
// is ranked first at a win rate of 1 (the plays that keep the turn going win as surely,
// the BANG! coming later, but only it wins at once), and the search bot's own choice is
// estimated as high.
func TestAdviseCardLethalBang(t *testing.T) {
	p := lethalPosition()
	hints, err := p.Advise(50, 1)
	if err != nil {
		t.Fatal(err)
	}
	top := hints[0]
	if top.Label != "play BANG! A♠ at P1" || top.Win != 1 {
		t.Fatalf("ranked first: %+v; all: %+v", top, hints)
	}
	picks := 0
	for _, h := range hints {
		if h.SearchPick {
			picks++
			if h.Hi < top.Lo {
				t.Errorf("search's choice %+v is estimated below the lethal BANG!", h)
			}
		}
		if h.Label == "end" && h.Win == 1 {
			t.Errorf("ending the turn at 1 life before the Outlaw's turn never lost: %+v", h)
		}
	}
	if picks != 1 {
		t.Errorf("%d options marked as search's choice", picks)
	}
}

// TestCardPositionState: the game Arrange builds is the position's, at its phase 2.
func TestCardPositionState(t *testing.T) {
	p := lethalPosition()
	p.HandSizes = []int{0, 2, 0, 0}
	g, err := p.State(rand.NewPCG(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	d := g.Pending()
	if d.Kind != card.DecidePlay || d.Seat != 0 || g.Active != 0 {
		t.Fatalf("pending %v for seat %d, active %d", d.Kind, d.Seat, g.Active)
	}
	if g.HandLen != [card.MaxSeats]uint8{3, 2} || g.Life[1] != 1 || g.IsAlive(2) || g.Revealed[3] != card.Renegade || g.Role[1] != card.Outlaw {
		t.Fatalf("hands %v life %v revealed %v roles %v", g.HandLen, g.Life, g.Revealed, g.Role)
	}
	if g.DiscardTop.String() != "BANG! Q♥" || int(g.DeckLen)+int(g.DiscardLen)+3+2+1 != card.NumCards {
		t.Fatalf("discard top %v, deck %d, pile %d", g.DiscardTop, g.DeckLen, g.DiscardLen)
	}
	var v card.View
	g.FillView(&v)
	v.Rand = rand.NewPCG(3, 4)
	if est, pick := cardbots.NewSearch(20, true, 1).Estimates(&v, 5); len(est) != int(d.N) || !d.Legal(pick) {
		t.Fatalf("estimates %v, pick %d of %d", est, pick, d.N)
	}
}

// TestCardPositionImpossible: each impossible position is refused with the field named.
func TestCardPositionImpossible(t *testing.T) {
	for _, c := range []struct {
		want string
		edit func(p *Position)
	}{
		{"hand: BANG! A♠ is placed twice", func(p *Position) { p.Hand = append(p.Hand, "BANG! A♠") }},
		{"discard: Mustang 8♥ is placed twice", func(p *Position) { p.Discard = []string{"mustang 8h"} }},
		{"hand_sizes: the other hands hold 80 cards", func(p *Position) { p.HandSizes[1] = 80 }},
		{"life: seat 1 has 5, above its maximum of 4", func(p *Position) { p.Life[1] = 5 }},
		{"hand_sizes[2]: the seat is dead", func(p *Position) { p.HandSizes[2] = 1 }},
		{"life: seat 0 has 6, above its maximum of 5", func(p *Position) { p.Life[0] = 6 }},
		{"roles: seat 2 is dead", func(p *Position) { p.Roles[2] = "?" }},
		{"roles: more of role Outlaw", func(p *Position) { p.Roles[3] = "outlaw"; p.Roles[1] = "outlaw" }},
		{"roles: no Sheriff", func(p *Position) { p.Roles[0] = "?" }},
		{"game is over", func(p *Position) { p.Roles[1], p.Life[1] = "outlaw", 0 }},
		{"in_play[1]: Missed! 3♠ is not a blue card", func(p *Position) { p.InPlay[1] = []string{"missed 3s"} }},
		{"in_play[0]: two weapons", func(p *Position) { p.InPlay[0] = []string{"volcanic 10s", "schofield Ks"} }},
		{"hand_sizes[0]: 2, but your hand lists 3", func(p *Position) { p.HandSizes[0] = 2 }},
		{"characters[1]: Willy the Kid sits at seat 0 too; each character is dealt once", func(p *Position) { p.Characters[0], p.Characters[1] = "willy the kid", "Willy the Kid" }},
		{"characters[1]:", func(p *Position) { p.Characters[1] = "nobody" }},
		{"hand[0]: \"bang 3h\": the deck has no such BANG!", func(p *Position) { p.Hand[0] = "bang 3h" }},
		{"life: 3 seats", func(p *Position) { p.Life = p.Life[:3] }},
		{"seat: 4", func(p *Position) { p.Seat = 4 }},
		{"bangs: 2 this turn, but only a Volcanic", func(p *Position) { p.Bangs = 2 }},
	} {
		p := lethalPosition()
		c.edit(&p)
		_, err := p.State(rand.NewPCG(1, 2))
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("want %q, got %v", c.want, err)
		}
	}
}

// FuzzParseCard: ParseCard never panics, and a card it reads reads back from its own
// name and from the short spelling.
func FuzzParseCard(f *testing.F) {
	for _, s := range []string{"BANG! A♠", "bang As", "rev-carabine Ac", "missed 10s", "x", "", "bang 1x", "Beer 6♥"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCard(s)
		if err != nil {
			return
		}
		if back, err := ParseCard(c.String()); err != nil || back != c {
			t.Fatalf("%q read as %v, which reads back as %v, %v", s, c, back, err)
		}
	})
}
