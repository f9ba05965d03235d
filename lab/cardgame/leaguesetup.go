package cardgame

import (
	"context"
	"fmt"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/sim/league"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// ResolveLeague resolves the bots a league's Config names, which sim/league (rules
// only) does not import: Bot into CardBot from the card bots' registry, and, when Duel
// is nil, the finals' long duel of DuelBot and DuelDraft (empty: the defaults) from the
// duel bots'. A Duel given (CoinDuel) clears DuelBot and DuelDraft: there is no duel of
// theirs to replay. An unknown bot is league.ErrConfig, as every configuration error.
func ResolveLeague(cfg *league.Config) error {
	bot, err := cardbots.Lookup(cfg.Bot)
	if err != nil {
		return fmt.Errorf("%w: card bot: %w", league.ErrConfig, err)
	}
	cfg.CardBot = league.CardBot{Name: bot.Name, New: bot.New, Needs: card.Needs(bot.Needs)}
	if cfg.Duel != nil {
		cfg.DuelBot, cfg.DuelDraft = "", ""
		return nil
	}
	if cfg.DuelBot == "" {
		cfg.DuelBot = league.DefaultDuelBot
	}
	if cfg.DuelDraft == "" {
		cfg.DuelDraft = league.DefaultDuelDraft
	}
	cfg.Duel, err = LeagueDuel(cfg.DuelBot, cfg.DuelDraft, cfg.Characters)
	return err
}

// LeagueDuel returns the league's finals duel (league.LongDuel): both players play
// the named duel play and draft bots (strategy/duelbots), drafting from the league's
// characters (chars, a set of Printed.Extend; nil: the printed); an unknown name is
// league.ErrConfig.
func LeagueDuel(playBot, draftBot string, chars *bang.CharacterSet) (league.Duel, error) {
	spec := leagueDuelSpec(playBot, draftBot, chars)
	if _, err := spec.NewDuel(); err != nil {
		return nil, fmt.Errorf("%w: %w", league.ErrConfig, err)
	}
	return league.LongDuel(func() *card.LongDuel {
		d, err := spec.NewDuel()
		if err != nil { // checked above: a bug
			panic(err)
		}
		return d
	}), nil
}

// leagueDuelSpec is the finals' long duel of a league playing chars (nil: the
// printed): both players with the play and draft bots named, the draft's box the
// league's.
func leagueDuelSpec(playBot, draftBot string, chars *bang.CharacterSet) DuelSpec {
	spec := DuelSpec{Bots: [2]string{playBot, playBot}, Drafts: [2]string{draftBot, draftBot}}
	if chars != nil && !chars.Printed() {
		spec.Game = duelLabGame(chars)
	}
	return spec
}

// CheckLeague resolves cfg's bots (ResolveLeague) and reports what NewLeague would
// refuse (league.ErrConfig), without measuring the characters' worth.
func CheckLeague(cfg league.Config) error {
	if err := ResolveLeague(&cfg); err != nil {
		return err
	}
	return league.Check(cfg)
}

// NewLeague resolves cfg's bots (ResolveLeague) and sets the league up
// (league.NewLeagueContext: the values measured, stopped when ctx is done).
func NewLeague(ctx context.Context, cfg league.Config) (*league.League, error) {
	if err := ResolveLeague(&cfg); err != nil {
		return nil, err
	}
	return league.NewLeagueContext(ctx, cfg)
}
