package league

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// The passive player (seed 003, withdrawal): from its turn on, the seat plays no card,
// answers no card (no Missed!, no BANG! to Indians! or a Duel, no Beer against a lethal
// hit) and draws its first card from the deck; before it, it plays as its own policy.
func TestPassivePlays(t *testing.T) {
	bot, err := cardbots.Lookup("heuristic")
	if err != nil {
		t.Fatal(err)
	}
	const from = 4
	p := newPlayer(bot, false)
	var acts [2]int // plays or answers by a passive seat: before From, from From on
	passiveTurns := 0
	var turn uint16
	var seat int8
	p.tb.OnEvents = func(ev []card.Event) {
		for _, e := range ev {
			switch e.Kind {
			case card.EvTurn:
				turn++
				if e.Seat == seat && turn >= from {
					passiveTurns++
				}
			case card.EvPlay, card.EvAnswer:
				if e.Seat == seat {
					acts[b2i(turn >= from)]++
				}
			}
		}
	}
	for i := uint64(0); i < 300; i++ {
		n := 4 + int(i%4)
		rules := card.DefaultRules(n)
		gs := seed.ForGame(7, i)
		var roles [bang.MaxSeats]bang.Role
		s1, s2, _, _ := seed.Streams(gs)
		var deal card.State
		deal.Setup(&rules, s1, s2)
		roles = deal.Role
		seat = int8(1 + i%uint64(n-1))
		var passive [bang.MaxSeats]uint16
		passive[seat] = from
		turn = 0
		g := p.play(&rules, gs, &roles, &passive)
		if g.Illegal != 0 {
			t.Fatalf("game %d: %d illegal choices", i, g.Illegal)
		}
	}
	if acts[1] != 0 {
		t.Errorf("passive seats played or answered %d cards after withdrawing", acts[1])
	}
	if acts[0] == 0 || passiveTurns < 1000 {
		t.Errorf("%d cards played before withdrawing, %d passive turns: too few for the test to prove anything", acts[0], passiveTurns)
	}
}

// Before its turn comes, a Passive seat plays exactly as its own policy: the same games.
func TestPassiveBeforeWithdrawal(t *testing.T) {
	bot, err := cardbots.Lookup("heuristic")
	if err != nil {
		t.Fatal(err)
	}
	plain, wrapped := newPlayer(bot, false), newPlayer(bot, false)
	rules := card.DefaultRules(5)
	for i := uint64(0); i < 100; i++ {
		gs := seed.ForGame(3, i)
		var none, never [bang.MaxSeats]uint16
		never[2] = 65535
		var roles [bang.MaxSeats]bang.Role
		a := *plain.play(&rules, gs, &roles, &none)
		s1, s2, _, _ := seed.Streams(gs)
		var deal card.State
		deal.Setup(&rules, s1, s2)
		b := wrapped.play(&rules, gs, &deal.Role, &never)
		if a.Winners != b.Winners || a.Turns != b.Turns || a.Alive != b.Alive || a.Hand != b.Hand {
			t.Fatalf("game %d differs with a Passive seat that never withdraws", i)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
