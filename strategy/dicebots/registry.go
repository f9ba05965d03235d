package dicebots

import (
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy"
)

// Entry describes one registered dice policy, or one policy spec resolved by Lookup
// (see strategy.Entry); an alias, so callers keep their types.
type Entry = strategy.Entry[dice.Policy]

// Registry holds the dice game's policies; the functions below forward to it so callers
// written before the registry was shared keep working.
var Registry = strategy.NewRegistry[dice.Policy]("dice", needsOf)

// needsOf says what a dice policy value declares through the engine's optional
// interfaces, for Register to check each entry's Needs against. The bits are the
// engine's own, and strategy.Needs uses the same values.
func needsOf(p dice.Policy) strategy.Needs {
	var n strategy.Needs
	if o, ok := p.(dice.OmniscientPolicy); ok && o.Omniscient() {
		n |= strategy.SeesAllRoles
	}
	if b, ok := p.(dice.RecordBlindPolicy); ok && b.RecordBlind() {
		n |= strategy.NoRecord
	}
	if l, ok := p.(dice.LookaheadPolicy); ok && l.Lookahead() {
		n |= strategy.Lookahead
	}
	return n
}

// Register adds a policy under its name (Registry.Register); a programming error panics.
func Register(e Entry) { Registry.Register(e) }

func init() {
	Register(Entry{Name: "random", Description: "yardstick: every decision uniformly among its legal options (rerolls: each die with probability 1/2)", New: func() dice.Policy { return &Random{} }, Needs: strategy.NoRecord})
	Register(Entry{Name: "keep", Description: "yardstick: never rerolls; every other decision as random", New: func() dice.Policy { return &Keep{} }, Needs: strategy.NoRecord})
	Register(Entry{Name: "reroll-all", Description: "yardstick: rerolls every die it may on every reroll; otherwise as random", New: func() dice.Policy { return &RerollAll{} }, Needs: strategy.NoRecord})
	Register(Entry{Name: "simple", Description: "yardstick: keeps Gatlings, Bull's Eyes and (when hurt) Beers; heals itself; shoots the weakest in range (an Outlaw the Sheriff, the others spare him)", New: func() dice.Policy { return &Simple{} }, Needs: strategy.NoRecord})
	registerHeuristics()
	registerSearch()
}

// DefaultPolicy names the policy used when none is given.
const DefaultPolicy = "heuristic"

// ErrUnknownPolicy is wrapped by Lookup's error for a name nobody registered; the same
// value as strategy.ErrUnknownPolicy, so errors.Is works with either.
var ErrUnknownPolicy = strategy.ErrUnknownPolicy

// ErrPolicySpec is wrapped by Lookup's and ParseSpec's errors for a bad spec; the same
// value as strategy.ErrPolicySpec, so errors.Is works with either.
var ErrPolicySpec = strategy.ErrPolicySpec

// Lookup resolves a policy spec, `name` or `name(key=value,key=value)`, to an entry
// whose New builds that policy and whose Name is the canonical spec (Registry.Lookup).
func Lookup(spec string) (Entry, error) { return Registry.Lookup(spec) }

// Names lists the registered policies that are neither Slow nor a Variant, in
// alphabetical order: the names of Entries.
func Names() []string { return Registry.Names() }

// Entries lists the registered policies that are neither Slow nor a Variant, in
// alphabetical order: the distinct, fast policies a test or tool may play thousands of
// games with at every seat (the yardsticks, heuristic, omniscient).
func Entries() []Entry { return Registry.Entries() }

// AllEntries lists every registered policy, Slow ones (search) and Variants (the
// habits) included, in alphabetical order: the list `bangsim policies` should show.
func AllEntries() []Entry { return Registry.AllEntries() }
