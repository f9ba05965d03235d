package league

import (
	"sync"

	"github.com/bangsim/bangsim/sim/card"
)

// CardBot is the card-game bot every seat of a league game plays. The lab resolves it
// from Config.Bot (lab/cardgame: the bot registries live above sim/league, which
// imports no bot).
type CardBot struct {
	// Name is the bot as its registry names it: part of the character values' key.
	Name string
	// New returns a fresh policy; a table holds one per role.
	New func() card.Policy
	// Needs is what the bot's policy declares it reads (card.Needs).
	Needs card.Needs
}

// LongDuel returns a Duel that plays each knock-out match as the card engine's long
// duel (card.LongDuel) from the match's seed, the duels built by newDuel (the lab's,
// from the duel bots' names): the better-ranked player is seat 0 (who chooses to pick
// first or start first). A duel that reaches the turn cap (C11; none of the measured
// duels did) goes to the better-ranked player, this project's convention. Safe for
// concurrent seasons: each call takes a LongDuel from a pool.
func LongDuel(newDuel func() *card.LongDuel) Duel {
	pool := sync.Pool{New: func() any { return newDuel() }}
	return func(m Match) DuelOutcome {
		d := pool.Get().(*card.LongDuel)
		defer pool.Put(d)
		d.Play(m.Seed)
		o := DuelOutcome{HigherWins: d.Info.Winner != 1, Choice: StartFirst, Draw: d.Info.Winner < 0}
		if d.Info.ChoseFirst {
			o.Choice = PickFirst
		}
		return o
	}
}
