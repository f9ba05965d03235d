package league

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// league: withdrawal (seed 003) — from its turn on, the engine plays the seat passive:
// its hand is discarded, its policy is never asked again (no card played, none answered,
// no Beer), it draws no card, and it holds none at the end; before it, it plays as its
// own policy.
func TestPassivePlays(t *testing.T) {
	bot := testCardBot(t, "heuristic")
	const from = 4
	p := newPlayer(bot, false)
	var acts [2]int // plays, answers, draws and decisions of the withdrawing seat: before From, from From on
	passiveTurns, withdrawals := 0, 0
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
			case card.EvWithdraw:
				if e.Seat != seat || turn != from {
					t.Errorf("seat %d withdrew in turn %d, want seat %d in turn %d", e.Seat, turn, seat, from)
				}
				withdrawals++
			case card.EvPlay, card.EvAnswer, card.EvDraw:
				if e.Seat == seat {
					acts[b2i(turn >= from)]++
				}
			}
		}
	}
	p.tb.OnDecision = func(d *card.Decision, choice int) {
		if d.Seat == seat {
			acts[b2i(turn >= from)]++
		}
	}
	for i := uint64(0); i < 300; i++ {
		n := 4 + int(i%4)
		rules := card.DefaultRules(n)
		gs := seed.ForGame(7, i)
		seat = int8(1 + i%uint64(n-1))
		var passive [bang.MaxSeats]uint16
		passive[seat] = from
		turn = 0
		g := p.play(&rules, gs, &passive)
		if g.Illegal != 0 {
			t.Fatalf("game %d: %d illegal choices", i, g.Illegal)
		}
		if g.IsAlive(int(seat)) && !g.IsPassive(int(seat)) || !g.Hand[seat].Empty() {
			t.Fatalf("game %d: seat %d alive %v, passive %v, holds %d cards", i, seat, g.IsAlive(int(seat)), g.IsPassive(int(seat)), g.Hand[seat].Len())
		}
	}
	if acts[1] != 0 {
		t.Errorf("passive seats played, answered, drew or were asked %d times after withdrawing", acts[1])
	}
	if acts[0] == 0 || passiveTurns < 1000 || withdrawals < 250 {
		t.Errorf("%d acts before withdrawing, %d passive turns, %d withdrawals: too few for the test to prove anything", acts[0], passiveTurns, withdrawals)
	}
}

// A withdrawal the game never reaches changes nothing: the same games.
func TestPassiveBeforeWithdrawal(t *testing.T) {
	bot := testCardBot(t, "heuristic")
	plain, wrapped := newPlayer(bot, false), newPlayer(bot, false)
	rules := card.DefaultRules(5)
	for i := uint64(0); i < 100; i++ {
		gs := seed.ForGame(3, i)
		var none, never [bang.MaxSeats]uint16
		never[2] = 65535
		a := *plain.play(&rules, gs, &none)
		b := wrapped.play(&rules, gs, &never)
		if a.Winners != b.Winners || a.Turns != b.Turns || a.Alive != b.Alive || a.Hand != b.Hand {
			t.Fatalf("game %d differs with a withdrawal that never comes", i)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
