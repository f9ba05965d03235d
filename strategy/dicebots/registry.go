package dicebots

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/bangsim/bangsim/sim/dice"
)

// Entry describes one registered policy.
type Entry struct {
	Name        string
	Description string
	New         func() dice.Policy // a fresh instance: a worker owns its policies
}

var registry = map[string]Entry{}

// Register adds a policy under its name; registering a name twice is a programming error.
func Register(e Entry) {
	if _, dup := registry[e.Name]; dup {
		panic("dicebots: policy registered twice: " + e.Name)
	}
	registry[e.Name] = e
}

func init() {
	Register(Entry{"random", "every decision uniformly among its legal options (rerolls: each die with probability 1/2)", func() dice.Policy { return Random{} }})
	Register(Entry{"keep", "never rerolls; every other decision as random", func() dice.Policy { return Keep{} }})
	Register(Entry{"reroll-all", "rerolls every die it may on every reroll; otherwise as random", func() dice.Policy { return RerollAll{} }})
	Register(Entry{"heuristic", "keeps Gatlings and Bull's Eyes, rerolls Arrows, heals when hurt, aims by role and suspicion (default)", func() dice.Policy { return Heuristic{} }})
}

// DefaultPolicy names the policy used when none is given.
const DefaultPolicy = "heuristic"

// ErrUnknownPolicy is wrapped by Lookup's error.
var ErrUnknownPolicy = errors.New("unknown policy")

// Lookup returns the entry registered under name (any case).
func Lookup(name string) (Entry, error) {
	e, ok := registry[strings.ToLower(strings.TrimSpace(name))]
	if !ok {
		return Entry{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownPolicy, name, strings.Join(Names(), ", "))
	}
	return e, nil
}

// Names lists the registered policies in alphabetical order.
func Names() []string {
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Entries lists the registered policies in alphabetical order.
func Entries() []Entry {
	out := make([]Entry, 0, len(registry))
	for _, n := range Names() {
		out = append(out, registry[n])
	}
	return out
}
