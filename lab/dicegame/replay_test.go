package dicegame

import (
	"io"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// TestReplayAccount replays many games with every character and checks that the
// replay's running account, kept from the events alone, ends where the engine does:
// no event is missing or misread.
func TestReplayAccount(t *testing.T) {
	c, err := lab.NewChoice(Game, lab.Config{Game: Game.Name, Policy: dicebots.DefaultPolicy}, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := Game.Prepare(c)
	if err != nil {
		t.Fatal(err)
	}
	setup := pr.(*prepared)
	kinds := map[string]bool{}
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		rules, err := setup.rules(n)
		if err != nil {
			t.Fatal(err)
		}
		for i := uint64(0); i < 60; i++ {
			table, err := setup.newTable(rules)
			if err != nil {
				t.Fatal(err)
			}
			info := replayInfo{Seed: 5, Index: i, GameSeed: seed.ForGame(5, i), Bots: setup.DescribePolicies()}
			rec := &recordingNarration{textNarration: textNarration{w: io.Discard}, kinds: kinds}
			g, a := replayGame(table, info, rec, true)
			for s := 0; s < n; s++ {
				life := int(g.Life[s])
				if !g.IsAlive(s) {
					life = 0
				}
				if a.Life[s] != life || a.Arrows[s] != int(g.Arrows[s]) {
					t.Fatalf("%d players, game %d, seat %d: replay has life %d arrows %d, engine %d and %d",
						n, i, s, a.Life[s], a.Arrows[s], life, g.Arrows[s])
				}
			}
			if a.Pile != int(g.Pile) || a.Turn != int(g.Turns) {
				t.Fatalf("%d players, game %d: replay pile %d turn %d, engine %d and %d", n, i, a.Pile, a.Turn, g.Pile, g.Turns)
			}
		}
	}
	for k := dice.EventKind(0); k < dice.NumEventKinds; k++ {
		if eventNames[k] == "" {
			t.Errorf("event kind %d has no JSON name", k)
		}
		if !kinds[eventNames[k]] {
			t.Logf("event %s never occurred in the sample", eventNames[k])
		}
	}
}

// recordingNarration notes which events occurred.
type recordingNarration struct {
	textNarration
	kinds map[string]bool
}

func (r *recordingNarration) event(e dice.Event, a *account) {
	r.kinds[eventNames[e.Kind]] = true
	r.textNarration.event(e, a)
}
