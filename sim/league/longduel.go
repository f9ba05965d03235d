package league

import (
	"fmt"
	"sync"

	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/duelbots"
)

// The defaults of the finals' long duel: both players play the duel heuristic and draft
// by the measured value table; the better-ranked chooses to pick first, the order that
// wins more often between such drafters in `bangsim duel` (docs/guide.md, the long
// duel).
const (
	DefaultDuelBot   = "heuristic"
	DefaultDuelDraft = "value-first"
)

// LongDuel returns a Duel that plays each knock-out match as the card engine's long
// duel (card.LongDuel) from the match's seed: the better-ranked player is seat 0 (who
// chooses to pick first or start first), both players with the named play and draft
// bots (duelbots). A duel that reaches the turn cap (C11; none of the measured duels
// did) goes to the better-ranked player, this project's convention. Safe for
// concurrent seasons: each call takes a LongDuel from a pool.
func LongDuel(playBot, draftBot string) (Duel, error) {
	mk := func() (*card.LongDuel, error) {
		var pol [2]card.Policy
		var dr [2]card.DraftPolicy
		for s := range pol {
			p, err := duelbots.Play(playBot)
			if err != nil {
				return nil, fmt.Errorf("%w: %w", ErrConfig, err)
			}
			d, err := duelbots.Draft(draftBot)
			if err != nil {
				return nil, fmt.Errorf("%w: %w", ErrConfig, err)
			}
			pol[s], dr[s] = p, d
		}
		return card.NewLongDuel(pol, dr), nil
	}
	if _, err := mk(); err != nil {
		return nil, err
	}
	pool := sync.Pool{New: func() any { d, _ := mk(); return d }}
	return func(m Match) DuelOutcome {
		d := pool.Get().(*card.LongDuel)
		defer pool.Put(d)
		d.Play(m.Seed)
		o := DuelOutcome{HigherWins: d.Info.Winner != 1, Choice: StartFirst, Draw: d.Info.Winner < 0}
		if d.Info.ChoseFirst {
			o.Choice = PickFirst
		}
		return o
	}, nil
}
