package cardgame

import (
	"errors"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/league"
)

// ResolveLeague looks the league's bots up (sim/league imports none): an unknown card,
// duel play or duel draft bot is a configuration error naming it; a coin finals clears
// the duel's bot names (no duel to replay), the long duel keeps them.
func TestLeagueDuelRefusesUnknownBots(t *testing.T) {
	for _, c := range []struct {
		set  func(*league.Config)
		want string
	}{
		{func(c *league.Config) { c.Bot = "genius" }, `unknown policy "genius"`},
		{func(c *league.Config) { c.DuelBot = "nobody" }, `unknown duel play bot "nobody"`},
		{func(c *league.Config) { c.DuelDraft = "nobody" }, `"nobody"`},
	} {
		cfg := league.DefaultConfig()
		c.set(&cfg)
		err := CheckLeague(cfg)
		if !errors.Is(err, league.ErrConfig) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want an ErrConfig saying %s", err, c.want)
		}
	}
	cfg := league.DefaultConfig()
	if err := ResolveLeague(&cfg); err != nil || cfg.Duel == nil || cfg.CardBot.New == nil || cfg.DuelBot != league.DefaultDuelBot {
		t.Fatalf("the defaults resolved to %v, duel bot %q", err, cfg.DuelBot)
	}
	cfg = league.DefaultConfig()
	cfg.Duel = league.CoinDuel
	if err := ResolveLeague(&cfg); err != nil || cfg.DuelBot != "" || cfg.DuelDraft != "" {
		t.Fatalf("a coin finals resolved to %v with duel bots %q, %q", err, cfg.DuelBot, cfg.DuelDraft)
	}
}
