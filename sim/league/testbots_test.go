package league

import (
	"testing"

	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
	"github.com/bangsim/bangsim/strategy/duelbots"
)

// The tests play the shipped bots, resolved here as lab/cardgame.ResolveLeague does
// for a command (only the tests import them: sim/league itself imports no bot).

// testCardBot returns the named card bot as a CardBot.
func testCardBot(t testing.TB, name string) CardBot {
	t.Helper()
	e, err := cardbots.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return CardBot{Name: e.Name, New: e.New, Needs: card.Needs(e.Needs)}
}

// testLongDuel returns the long duel of the default duel bots, as the lab builds it.
func testLongDuel() Duel {
	return LongDuel(func() *card.LongDuel {
		var pol [2]card.Policy
		var dr [2]card.DraftPolicy
		for s := range pol {
			p, err := duelbots.Play(DefaultDuelBot)
			if err != nil {
				panic(err)
			}
			d, err := duelbots.Draft(DefaultDuelDraft)
			if err != nil {
				panic(err)
			}
			pol[s], dr[s] = p, d
		}
		return card.NewLongDuel(pol, dr)
	})
}

// withTestBots fills cfg's card bot (its Bot) and, when unset, its duel.
func withTestBots(cfg Config) Config {
	e, err := cardbots.Lookup(cfg.Bot)
	if err != nil {
		panic(err)
	}
	cfg.CardBot = CardBot{Name: e.Name, New: e.New, Needs: card.Needs(e.Needs)}
	if cfg.Duel == nil {
		cfg.Duel = testLongDuel()
	}
	return cfg
}
