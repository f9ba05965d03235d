package league

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/bangsim/bangsim/sim/bang"
)

// League is a checked configuration with its character values measured: it plays any
// number of seasons (Season), concurrently if wanted, each depending only on its seed.
type League struct {
	cfg    Config
	bot    CardBot
	bidder BidderEntry
	values *Values
}

// NewLeague checks the configuration and measures the character values (or takes the
// cached cfg.Values when its key matches).
func NewLeague(cfg Config) (*League, error) { return NewLeagueContext(context.Background(), cfg) }

// NewLeagueContext is NewLeague, the values' measurement stopped when ctx is done (the
// error is then ctx's, not ErrConfig): with a large ValueGames it takes minutes, and a
// scheduler's signal must not wait for it.
func NewLeagueContext(ctx context.Context, cfg Config) (*League, error) {
	bot, bidder, err := cfg.resolve()
	if err != nil {
		return nil, err
	}
	cfg.Withdrawals = append([]Withdrawal(nil), cfg.Withdrawals...)
	l := &League{cfg: cfg, bot: bot, bidder: bidder}
	key := l.valueKey()
	switch {
	case cfg.Values == nil:
		v, err := simulateValues(ctx, bot, cfg.Characters, cfg.Scores, cfg.MaxTurns, cfg.MinTable, cfg.MaxTable, cfg.ValueGames, cfg.ValueSeed, cfg.ValueWorkers, cfg.ValueProgress)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrConfig, err)
		}
		v.Key = key
		l.values = v
	case cfg.Values.Key != key:
		return nil, fmt.Errorf("%w: the cached character values were measured under %q, this league needs %q", ErrConfig, cfg.Values.Key, key)
	default:
		l.values = cfg.Values
	}
	return l, nil
}

// valueKey names what the values depend on: the bot, the turn cap, the table sizes, the
// score table (by content), the games and their seed, and any added characters (by
// content).
func (l *League) valueKey() string {
	var b strings.Builder
	_ = l.cfg.Scores.Format(&b)
	h := fnv.New64a()
	h.Write([]byte(b.String()))
	c := &l.cfg
	key := fmt.Sprintf("bot=%s max-turns=%d tables=%d-%d scores=%s/%016x games=%d seed=%d",
		l.bot.Name, c.MaxTurns, c.MinTable, c.MaxTable, c.Scores.Name, h.Sum64(), c.ValueGames, c.ValueSeed)
	if set := c.characters(); !set.Printed() { // the printed box keeps the key it always had
		a := fnv.New64a()
		fmt.Fprintf(a, "%v", set.Specs()[bang.NumCharacters:])
		key += fmt.Sprintf(" added=%d/%016x", set.Len()-int(bang.NumCharacters), a.Sum64())
	}
	return key
}

// Config returns the league's configuration, defaults filled in.
func (l *League) Config() Config { return l.cfg }

// Characters returns the characters the league lays out: Config.Characters, or the
// printed set (by name) when that is nil.
func (l *League) Characters() *bang.CharacterSet { return l.cfg.characters() }

// Values returns the measured character values.
func (l *League) Values() *Values { return l.values }

// Check reports what NewLeague would refuse in cfg (ErrConfig), without measuring the
// characters' worth: a command checks its whole configuration before it plays.
func Check(cfg Config) error {
	_, _, err := cfg.resolve()
	return err
}

// resolve fills cfg's default score table, checks it and looks up its bidder; the card
// bot and the duel come resolved (the lab's: sim/league imports no bot).
func (c *Config) resolve() (CardBot, BidderEntry, error) {
	if c.Scores == nil {
		t, err := Builtin(DefaultTableName)
		if err != nil {
			return CardBot{}, BidderEntry{}, err
		}
		c.Scores = t
	}
	if err := c.check(); err != nil {
		return CardBot{}, BidderEntry{}, err
	}
	if c.CardBot.New == nil {
		return CardBot{}, BidderEntry{}, fmt.Errorf("%w: no card bot resolved for %q (lab/cardgame.ResolveLeague resolves it)", ErrConfig, c.Bot)
	}
	if c.Duel == nil {
		return CardBot{}, BidderEntry{}, fmt.Errorf("%w: no duel for the knock-out matches (lab/cardgame.ResolveLeague builds the long duel)", ErrConfig)
	}
	bidder, err := LookupBidder(c.Bidder)
	if err != nil {
		return CardBot{}, BidderEntry{}, fmt.Errorf("%w: %w", ErrConfig, err)
	}
	return c.CardBot, bidder, nil
}
