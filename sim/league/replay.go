package league

import (
	"fmt"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// GameTable returns a card table set up to play game rec of a season of l again alone,
// exactly as the season played it: the table's size, the characters the auction gave
// (card.DealSeats), the turn cap, the season's card bot at every seat and the seats
// that went passive (a withdrawal). The caller sets its hooks (a narration) and plays
// it with rec.Seed; SameGame then checks that it was the season's game.
func (l *League) GameTable(rec *GameRecord) (*card.Table, error) {
	n := rec.Players
	rules := l.cfg.tableRules(n)
	rules.Deal = card.DealSeats
	var chars [bang.MaxSeats]bang.Character
	for s := 0; s < n; s++ {
		chars[s] = rec.Seats[s].Char
	}
	if err := rules.SetPool(chars[:n]); err != nil {
		return nil, fmt.Errorf("league game %d: %w", rec.Index+1, err)
	}
	if err := rules.Validate(); err != nil {
		return nil, fmt.Errorf("league game %d: %w", rec.Index+1, err)
	}
	p := newPlayer(l.bot, false)
	p.tb.Rules = rules
	p.tb.Withdraw = rec.Passive
	return p.tb, nil
}

// SameGame reports whether the finished game g is game rec as the season recorded it:
// the same roles, characters, end and turns.
func SameGame(rec *GameRecord, g *card.State) bool {
	if int(g.Players) != rec.Players || g.Draw != rec.Draw || int(g.Turns) != rec.Turns {
		return false
	}
	for s := 0; s < rec.Players; s++ {
		// A seat that went passive reads Plain from its withdrawal on.
		if g.Role[s] != rec.Seats[s].Role || (g.Char[s] != rec.Seats[s].Char && !rec.Seats[s].Withdrew) {
			return false
		}
	}
	return g.Draw || sideOf(g) == rec.Winner
}

// DuelBots names the play and draft bots of the finals' long duel (Config.DuelBot,
// DuelDraft; both finalists play them), and reports whether the league plays its
// finals as that duel (false: they are empty, Config.Duel is another, e.g. CoinDuel,
// and there is no duel to replay).
func (l *League) DuelBots() (play, draft string, longDuel bool) {
	return l.cfg.DuelBot, l.cfg.DuelDraft, l.cfg.DuelBot != ""
}
