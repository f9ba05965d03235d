package duelbots

import (
	"errors"
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy"
)

// PlayEntry describes one registered duel play bot.
type PlayEntry = strategy.Entry[card.Policy]

// DraftEntry describes one registered duel draft bot (its order choice included).
type DraftEntry = strategy.Entry[card.DraftPolicy]

// PlayRegistry holds the long duel's play bots on the generic registry, so they share
// the spec grammar, the listings and the declared needs of the other games' bots;
// Register checks each declaration against the bot's own interfaces (card.NeedsOf), as
// the card game's registry does.
var PlayRegistry = strategy.NewRegistry[card.Policy]("duel", func(p card.Policy) strategy.Needs {
	return strategy.Needs(card.NeedsOf(p))
})

// DraftRegistry holds the long duel's draft bots. A draft bot sees the draft's view
// only (card.DraftView), so none has needs; nil checks nothing beyond that.
var DraftRegistry = strategy.NewRegistry[card.DraftPolicy]("duel draft", nil)

func init() {
	PlayRegistry.Register(PlayEntry{
		Name:        "random",
		Description: "yardstick: every decision uniformly among the options the rules list for it",
		New:         func() card.Policy { return &card.Random{} },
		Needs:       strategy.NoRecord, // it reads the decision's size and its stream only
	})
	PlayRegistry.Register(PlayEntry{
		Name:        "heuristic",
		Description: "rules of thumb: draw first, arm and protect the front character, jail the opposing front, shoot the weakest in reach; reads only its View",
		New:         func() card.Policy { return &Heuristic{} },
		Needs:       0, // its View and the duel's public state, nothing hidden, no copy of the game
	})
	PlayRegistry.Register(searchEntry())
	DraftRegistry.Register(DraftEntry{
		Name:        "random",
		Description: "picks first or starts first by a coin, drafts and stacks at random",
		New:         func() card.DraftPolicy { return card.RandomDraft{} },
	})
	DraftRegistry.Register(DraftEntry{
		Name:        "value-first",
		Description: "chooses to pick first, drafts the characters of the highest duel value (card.DuelValues)",
		New:         func() card.DraftPolicy { return card.NewValueDraft(true) },
	})
	DraftRegistry.Register(DraftEntry{
		Name:        "value-start",
		Description: "chooses to start first, drafts the characters of the highest duel value (card.DuelValues)",
		New:         func() card.DraftPolicy { return card.NewValueDraft(false) },
	})
}

// PlayNames lists the play policies' names, sorted.
func PlayNames() []string { return PlayRegistry.Names() }

// DraftNames lists the draft policies' names, sorted.
func DraftNames() []string { return DraftRegistry.Names() }

// Play returns a new play policy by spec (a name, or name(key=value,...) for a bot
// with parameters).
func Play(name string) (card.Policy, error) {
	e, err := lookup(PlayRegistry, "duel play bot", name)
	if err != nil {
		return nil, err
	}
	return e.New(), nil
}

// Draft returns a new draft policy by spec.
func Draft(name string) (card.DraftPolicy, error) {
	e, err := lookup(DraftRegistry, "duel draft bot", name)
	if err != nil {
		return nil, err
	}
	return e.New(), nil
}

// lookup resolves a spec in r, saying what kind of bot it is in the refusal.
func lookup[P any](r *strategy.Registry[P], kind, name string) (strategy.Entry[P], error) {
	known := r.Names()
	if strings.Contains(name, ",") && !strings.Contains(name, "(") {
		// A list where one seat takes one bot: --policy a,b is split before it gets here.
		return strategy.Entry[P]{}, fmt.Errorf("%q names more than one %s, where one seat plays one (known: %s)", name, kind, strings.Join(known, ", "))
	}
	e, err := r.Lookup(name)
	switch {
	case errors.Is(err, strategy.ErrUnknownPolicy):
		return e, fmt.Errorf("unknown %s %q (known: %s)", kind, name, strings.Join(known, ", "))
	case err != nil:
		return e, fmt.Errorf("%s: %w", kind, err)
	}
	return e, nil
}
