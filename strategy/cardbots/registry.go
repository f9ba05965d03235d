package cardbots

import (
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy"
)

// Entry describes one registered card-game bot.
type Entry = strategy.Entry[card.Policy]

// Registry holds every card-game bot by name; Register checks each declaration against
// the bot's own interfaces.
var Registry = strategy.NewRegistry[card.Policy]("card", func(p card.Policy) strategy.Needs {
	return strategy.Needs(card.NeedsOf(p))
})

// DefaultPolicy names the bot every seat gets unless told otherwise.
const DefaultPolicy = "heuristic"

func init() {
	Registry.Register(Entry{
		Name:        "random",
		Description: "yardstick: every decision uniformly among the options the rules list for it (R1-R7)",
		New:         func() card.Policy { return &card.Random{} },
		Needs:       strategy.NoRecord,
	})
	for _, e := range heuristicEntries() {
		Registry.Register(e)
	}
	Registry.Register(searchEntry())
}

// Lookup resolves a bot spec, `name` or `name(key=value,...)`.
func Lookup(spec string) (Entry, error) { return Registry.Lookup(spec) }

// AllEntries lists every registered bot in alphabetical order.
func AllEntries() []Entry { return Registry.AllEntries() }

// Entries lists the registered bots that are neither slow nor variants.
func Entries() []Entry { return Registry.Entries() }
