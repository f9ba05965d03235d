package card

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// A traced duel (LongDuel.OnEvents; issue 29: the duel emitted no events) records the
// game's events and accounts for its counters: a turn event per turn, a play per card
// played, an answer per card answered, damage summing to the life lost, an elimination
// per character lost, the deal's cards as dealt, the end last with the winners; and the
// trace changes nothing (the same decisions and end as untraced).
func TestDuelEvents(t *testing.T) {
	for i := uint64(0); i < 200; i++ {
		s := seed.ForGame(31, i)
		var plain, traced []Option
		d := randomDuel()
		d.OnDecision = func(dec *Decision, c int) { plain = append(plain, dec.Options[c]) }
		d.Play(s)
		want := d.State.Counters
		wantTurns, wantWin := d.Turns, d.Winners

		var ev []Event
		d.OnEvents = func(e []Event) { ev = append(ev, e...) }
		d.OnDecision = func(dec *Decision, c int) { traced = append(traced, dec.Options[c]) }
		d.Play(s)
		if len(plain) != len(traced) || d.Counters != want || d.Turns != wantTurns || d.Winners != wantWin {
			t.Fatalf("duel %d: traced, %d decisions (untraced %d) or another end", i, len(traced), len(plain))
		}
		for j := range plain {
			if plain[j] != traced[j] {
				t.Fatalf("duel %d: decision %d differs traced", i, j)
			}
		}
		if d.EventsLost != 0 {
			t.Fatalf("duel %d: %d events lost", i, d.EventsLost)
		}
		var n [NumEventKinds]int
		var played, answered [NumKinds]uint16
		damage, dealt := 0, 0
		for _, e := range ev {
			n[e.Kind]++
			switch e.Kind {
			case EvPlay:
				played[kindOf[e.Card]]++
			case EvAnswer:
				answered[kindOf[e.Card]]++
			case EvDamage:
				damage += int(e.N)
			case EvDeal:
				dealt++
			}
		}
		lost := 0
		for _, l := range d.LifeLost {
			lost += int(l)
		}
		switch {
		case n[EvTurn] != int(d.Turns):
			t.Fatalf("duel %d: %d turn events for %d turns", i, n[EvTurn], d.Turns)
		case played != d.Played:
			t.Fatalf("duel %d: the play events are not the cards played", i)
		case answered != d.Answered:
			t.Fatalf("duel %d: the answer events are not the cards answered", i)
		case damage != lost:
			t.Fatalf("duel %d: damage events %d, life lost %d", i, damage, lost)
		case n[EvEliminate] != int(d.Info.Lost[0])+int(d.Info.Lost[1]):
			t.Fatalf("duel %d: %d eliminations traced, %v lost", i, n[EvEliminate], d.Info.Lost)
		case n[EvCheck] != int(d.BarrelDraws+d.JailDraws+d.DynamiteDraws):
			t.Fatalf("duel %d: %d checks traced", i, n[EvCheck])
		case dealt == 0 || ev[0].Kind != EvDeal:
			t.Fatalf("duel %d: the trace does not open with the deal", i)
		case ev[len(ev)-1].Kind != EvGameOver || ev[len(ev)-1].Mask != d.Winners:
			for _, e := range ev[len(ev)-4:] {
				t.Logf("%v %+v", e.Kind, e)
			}
			t.Fatalf("duel %d: the trace does not end with the game's end", i)
		}
		d.OnEvents = nil
	}
}
