package league

import (
	"errors"
	"fmt"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// ErrConfig is wrapped by every configuration error.
var ErrConfig = errors.New("bad league configuration")

// Config is a league season's setup. DefaultConfig gives the league rules' numbers (6
// meetings of up to 3 games, 12 to 15 games, $2,000) and this project's choices for
// what they leave open (20 players, 80% attendance, tables of 4 to 7).
type Config struct {
	// Players is the number of league players (at least MinTable).
	Players int
	// Meetings and GamesPerMeeting: the qualifying round's meetings and the games a
	// player may play at each (seed 003: 6 and up to 3).
	Meetings, GamesPerMeeting int
	// MinGames and MaxGames: a player with fewer than MinGames recorded games is not
	// ranked, and a player stops playing once MaxGames are recorded, so every recorded
	// game counts (L6: 12 and 15).
	MinGames, MaxGames int
	// MinTable and MaxTable bound a table's size (the card game: 4 to 7).
	MinTable, MaxTable int
	// Attendance is the chance, in percent, that a player comes to a meeting.
	Attendance int
	// StartCash is every player's money at the start of the league ($2,000).
	StartCash int64
	// Scores pays each player after each game (L1); nil is the shipped example.
	Scores *ScoreTable
	// Bot is the card-game bot spec every seat plays ("heuristic"), as the lab resolves
	// it into CardBot (lab/cardgame.ResolveLeague).
	Bot string
	// CardBot is the resolved Bot: the policies the tables play.
	CardBot CardBot
	// Characters is the box the auctions lay out and the tables play: nil for the
	// printed sixteen, or a card-game set with added characters (lab/cardgame's
	// Printed.Extend of a character file), which then lie in every layout's shuffle
	// beside the printed ones, are valued, priced and played like them. Plain is never
	// laid out.
	Characters *bang.CharacterSet
	// Bidder names the auction bot every player uses (Bidders; "value").
	Bidder string
	// MaxTurns is the card game's turn cap (C11).
	MaxTurns int
	// ValueGames is the number of games per table size simulated for Values; ValueSeed
	// seeds them; ValueWorkers plays them in parallel (results do not depend on it).
	ValueGames   int
	ValueSeed    uint64
	ValueWorkers int
	// ValueProgress, if set, is told how many of the value games are played, about every
	// ValueProgressEvery while they are and once at the end, one call at a time: a
	// measurement of minutes shows how far it has got like every other long phase.
	ValueProgress func(done, total uint64)
	// Values, when set, is a Values measured earlier under the same setup (its Key must
	// match), so that several leagues share one measurement.
	Values *Values
	// Withdrawals schedules players' withdrawals (at most one per player).
	Withdrawals []Withdrawal
	// Duel decides a knock-out match (required): the long duel (LongDuel) of DuelBot
	// and DuelDraft as the lab builds it, or CoinDuel, the old stand-in, for tests and
	// comparisons.
	Duel Duel
	// DuelBot and DuelDraft name the finals' play and draft bots when Duel is their
	// long duel, for a replay of a match; both empty when Duel is another (CoinDuel).
	DuelBot, DuelDraft string
}

// DefaultConfig returns the default league setup.
func DefaultConfig() Config {
	return Config{
		Players:         20,
		Meetings:        6,
		GamesPerMeeting: 3,
		MinGames:        12,
		MaxGames:        15,
		MinTable:        card.MinPlayers,
		MaxTable:        card.MaxPlayers,
		Attendance:      80,
		StartCash:       2000,
		Bot:             "heuristic",
		Bidder:          "value",
		DuelBot:         DefaultDuelBot,
		DuelDraft:       DefaultDuelDraft,
		MaxTurns:        card.DefaultMaxTurns,
		ValueGames:      20000,
		ValueSeed:       1,
		ValueWorkers:    1,
	}
}

// The defaults of the finals' long duel: both players play the duel heuristic and draft
// by the measured value table; the better-ranked chooses to pick first, the order that
// wins more often between such drafters in `bangsim duel` (docs/guide.md, the long
// duel).
const (
	DefaultDuelBot   = "heuristic"
	DefaultDuelDraft = "value-first"
)

// MaxLeaguePlayers bounds Config.Players.
const MaxLeaguePlayers = 10000

// check reports the first setting that cannot make a season.
func (c *Config) check() error {
	bad := func(format string, a ...any) error { return fmt.Errorf("%w: %s", ErrConfig, fmt.Sprintf(format, a...)) }
	switch {
	case c.MinTable < card.MinPlayers || c.MaxTable > card.MaxPlayers || c.MinTable > c.MaxTable:
		return bad("tables of %d to %d players: the card game seats %d to %d", c.MinTable, c.MaxTable, card.MinPlayers, card.MaxPlayers)
	case c.Players < c.MinTable || c.Players > MaxLeaguePlayers:
		return bad("%d league players: want %d (one table) to %d", c.Players, c.MinTable, MaxLeaguePlayers)
	case c.Meetings < 1 || c.GamesPerMeeting < 1 || c.Meetings*c.GamesPerMeeting > 1000:
		return bad("%d meetings of %d games: want at least 1 of each, at most 1,000 games in all", c.Meetings, c.GamesPerMeeting)
	case c.MinGames < 0 || c.MaxGames < 1 || c.MinGames > c.MaxGames:
		return bad("games to be ranked %d, games that count %d: want 0 <= min <= max, max >= 1", c.MinGames, c.MaxGames)
	case c.MinGames > c.Meetings*c.GamesPerMeeting:
		return bad("%d games to be ranked, but %d meetings of %d games give at most %d", c.MinGames, c.Meetings, c.GamesPerMeeting, c.Meetings*c.GamesPerMeeting)
	case c.Attendance < 1 || c.Attendance > 100:
		return bad("attendance %d%%: want 1 to 100", c.Attendance)
	case c.StartCash < 0 || c.StartCash > 1e9:
		return bad("starting money %d: want 0 to 1,000,000,000", c.StartCash)
	case c.MaxTurns < 1 || c.MaxTurns > 65535:
		return bad("turn cap %d: want 1 to 65535", c.MaxTurns)
	case c.ValueGames < 1 || c.ValueGames > 10_000_000:
		return bad("%d simulated games per table size for the values: want 1 to 10,000,000", c.ValueGames)
	case c.ValueWorkers < 1 || c.ValueWorkers > 1024:
		return bad("%d workers: want 1 to 1024", c.ValueWorkers)
	}
	if !c.Scores.PaysDollars() {
		return bad("score table %s counts %s, not dollars; a season pays dollars at its auctions (the L1a points table is for reference and tests)", c.Scores.Name, c.Scores.Unit)
	}
	for n := c.MinTable; n <= c.MaxTable; n++ {
		if !c.Scores.Covers(n) {
			return bad("score table %s has no rows for %d players; give it some or keep tables within the sizes it covers", c.Scores.Name, n)
		}
	}
	// One withdrawal per player and season: an every-season one takes all of a player's
	// seasons (key -1), a one-season one its own.
	seen := make(map[[2]int]bool, len(c.Withdrawals))
	// Messages number the player as the files do, from 1 (Withdrawal.Player+1).
	for _, w := range c.Withdrawals {
		in := ""
		if w.OneSeason {
			in = fmt.Sprintf(" in season %d", w.Season)
		}
		switch {
		case w.Player < 0 || w.Player >= c.Players:
			return bad("withdrawal of player %d: players are numbered 1 to %d, as on the score sheet", w.Player+1, c.Players)
		case w.OneSeason && w.Season < 0:
			return bad("withdrawal of player %d in season %d: seasons are numbered from 0", w.Player+1, w.Season)
		case w.Finals && (w.Game != 0 || w.Turn != 0):
			return bad("withdrawal of player %d before the finals names game %d, turn %d: a finals withdrawal names no game", w.Player+1, w.Game, w.Turn)
		case w.Finals:
		case w.Game < 1:
			return bad("withdrawal of player %d in game %d: games are counted from 1", w.Player+1, w.Game)
		case w.Game > c.MaxGames:
			return bad("withdrawal of player %d in game %d: a player plays at most %d games (MaxGames), so it would never come", w.Player+1, w.Game, c.MaxGames)
		case w.Turn < 0 || w.Turn > 65535:
			return bad("withdrawal of player %d at turn %d: want 0 (before the game) to 65535", w.Player+1, w.Turn)
		}
		k := [2]int{w.Player, -1}
		if w.OneSeason {
			k[1] = w.Season
		}
		if seen[k] || seen[[2]int{w.Player, -1}] || !w.OneSeason && c.withdrawsInSomeSeason(w.Player) {
			return bad("player %d withdraws twice%s; a withdrawn player leaves the league for good", w.Player+1, in)
		}
		seen[k] = true
	}
	return nil
}

// characters returns the set the league plays: Characters, or the printed names.
func (c *Config) characters() *bang.CharacterSet { return orPrinted(c.Characters) }

// orPrinted returns set, or the printed characters by name when it is nil.
func orPrinted(set *bang.CharacterSet) *bang.CharacterSet {
	if set == nil {
		return bang.PrintedNames()
	}
	return set
}

// tableRules returns the card rules of a league table of n players: the rulebook's
// with the turn cap and the league's characters (an added one's life and powers),
// dealt as the caller says.
func (c *Config) tableRules(n int) card.Rules {
	r := card.DefaultRules(n)
	r.MaxTurns = uint16(c.MaxTurns)
	if c.Characters != nil {
		r.SetCharacters(c.Characters)
	}
	return r
}

// withdrawsInSomeSeason reports whether a one-season withdrawal names player p.
func (c *Config) withdrawsInSomeSeason(p int) bool {
	for _, w := range c.Withdrawals {
		if w.Player == p && w.OneSeason {
			return true
		}
	}
	return false
}
