package league

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/bangsim/bangsim/strategy/cardbots"
)

// League is a checked configuration with its character values measured: it plays any
// number of seasons (Season), concurrently if wanted, each depending only on its seed.
type League struct {
	cfg    Config
	bot    cardbots.Entry
	bidder BidderEntry
	values *Values
	// longDuel: the finals are the long duel of cfg.DuelBot and DuelDraft (Config.Duel
	// was nil), which a replay can play again.
	longDuel bool
}

// NewLeague checks the configuration and measures the character values (or takes the
// cached cfg.Values when its key matches).
func NewLeague(cfg Config) (*League, error) { return NewLeagueContext(context.Background(), cfg) }

// NewLeagueContext is NewLeague, the values' measurement stopped when ctx is done (the
// error is then ctx's, not ErrConfig): with a large ValueGames it takes minutes, and a
// scheduler's signal must not wait for it.
func NewLeagueContext(ctx context.Context, cfg Config) (*League, error) {
	longDuel := cfg.Duel == nil
	bot, bidder, err := cfg.resolve()
	if err != nil {
		return nil, err
	}
	cfg.Withdrawals = append([]Withdrawal(nil), cfg.Withdrawals...)
	l := &League{cfg: cfg, bot: bot, bidder: bidder, longDuel: longDuel}
	key := l.valueKey()
	switch {
	case cfg.Values == nil:
		v, err := simulateValues(ctx, bot, cfg.Scores, cfg.MaxTurns, cfg.MinTable, cfg.MaxTable, cfg.ValueGames, cfg.ValueSeed, cfg.ValueWorkers, cfg.ValueProgress)
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
// score table (by content), the games and their seed.
func (l *League) valueKey() string {
	var b strings.Builder
	_ = l.cfg.Scores.Format(&b)
	h := fnv.New64a()
	h.Write([]byte(b.String()))
	c := &l.cfg
	return fmt.Sprintf("bot=%s max-turns=%d tables=%d-%d scores=%s/%016x games=%d seed=%d",
		l.bot.Name, c.MaxTurns, c.MinTable, c.MaxTable, c.Scores.Name, h.Sum64(), c.ValueGames, c.ValueSeed)
}

// Config returns the league's configuration, defaults filled in.
func (l *League) Config() Config { return l.cfg }

// Values returns the measured character values.
func (l *League) Values() *Values { return l.values }

// Check reports what NewLeague would refuse in cfg (ErrConfig), without measuring the
// characters' worth: a command checks its whole configuration before it plays.
func Check(cfg Config) error {
	_, _, err := cfg.resolve()
	return err
}

// resolve fills cfg's defaults (the score table, the duel), checks it and looks up its
// card bot and bidder.
func (c *Config) resolve() (cardbots.Entry, BidderEntry, error) {
	if c.Scores == nil {
		t, err := Builtin(DefaultTableName)
		if err != nil {
			return cardbots.Entry{}, BidderEntry{}, err
		}
		c.Scores = t
	}
	if err := c.check(); err != nil {
		return cardbots.Entry{}, BidderEntry{}, err
	}
	bot, err := cardbots.Lookup(c.Bot)
	if err != nil {
		return cardbots.Entry{}, BidderEntry{}, fmt.Errorf("%w: card bot: %w", ErrConfig, err)
	}
	bidder, err := LookupBidder(c.Bidder)
	if err != nil {
		return cardbots.Entry{}, BidderEntry{}, fmt.Errorf("%w: %w", ErrConfig, err)
	}
	if c.Duel == nil {
		if c.DuelBot == "" {
			c.DuelBot = DefaultDuelBot
		}
		if c.DuelDraft == "" {
			c.DuelDraft = DefaultDuelDraft
		}
		if c.Duel, err = LongDuel(c.DuelBot, c.DuelDraft); err != nil {
			return cardbots.Entry{}, BidderEntry{}, err
		}
	}
	return bot, bidder, nil
}
