package cardbots

import (
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
)

// playCheck is the heuristic with every phase 2 decision also taken by playLong (the
// path for long lists and Sid Ketchum), which must agree with play's quick path.
type playCheck struct {
	t      *testing.T
	h      Heuristic
	checks int
}

func (p *playCheck) Choose(v *card.View) int {
	c := p.h.Choose(v)
	if v.Decision.Kind == card.DecidePlay {
		var t table
		t.look(v, p.h.params())
		opts := v.Decision.Options[:v.Decision.N]
		if long := t.playLong(v, opts); long != c {
			p.t.Fatalf("seat %d turn %d: play chose %d (%+v), playLong %d (%+v)", v.Self, v.Turns, c, opts[c], long, opts[long])
		}
		p.checks++
	}
	return c
}

// TestPlayPathsAgree plays heuristic games at 4 to 7 players: play's quick path and
// playLong choose the same option at every phase 2 decision.
func TestPlayPathsAgree(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 50
	}
	p := &playCheck{t: t}
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		tb, err := card.NewTable(card.DefaultRules(n), [card.NumRoles]card.Policy{p, p, p, p})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < games; i++ {
			tb.Play(seed.ForGame(uint64(n), uint64(i)))
		}
	}
	if p.checks == 0 {
		t.Fatal("no phase 2 decision checked")
	}
}
