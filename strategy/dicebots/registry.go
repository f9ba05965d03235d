package dicebots

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/bangsim/bangsim/sim/dice"
)

// Entry describes one registered policy, or one policy spec resolved by Lookup.
type Entry struct {
	// Name is the canonical spec: the registered name alone when every parameter has its
	// default, else name(key=value,...) with the parameters that differ from their
	// defaults, in the order of Params. Lookup(e.Name) gives the same policy back.
	Name        string
	Description string
	// Params lists the parameters a spec may set, for `bangsim policies` and errors.
	Params []Param
	// New returns a fresh instance: a worker owns its policies, and an instance may keep
	// scratch space (search does), so one instance must not be used by two goroutines.
	New func() dice.Policy
	// Slow marks a policy that thinks for milliseconds per decision (search): tools and
	// tests that play thousands of games with every registered policy at every seat skip
	// it. Entries leaves slow policies out; AllEntries lists them too.
	Slow bool
	// Variant names the registered policy this one only tunes (the habits tune
	// heuristic): the same code with other defaults, so Entries leaves it out as well
	// (playing it adds nothing to a test of the engine); AllEntries lists it.
	Variant string
	// Build returns the constructor for the given parameter values (one per Params entry,
	// in order, already checked against each Param's range). Nil when Params is empty.
	Build func(args []int) func() dice.Policy
}

var registry = map[string]Entry{}

// Register adds a policy under its name; registering a name twice, a name a spec cannot
// spell, or parameters without Build is a programming error.
func Register(e Entry) {
	if _, dup := registry[e.Name]; dup {
		panic("dicebots: policy registered twice: " + e.Name)
	}
	if !validName(e.Name) {
		panic("dicebots: policy name cannot be written in a spec: " + e.Name)
	}
	if len(e.Params) > 0 && e.Build == nil {
		panic("dicebots: policy with parameters but no Build: " + e.Name)
	}
	for _, p := range e.Params {
		if !validKey(p.Name) {
			panic("dicebots: parameter name cannot be written in a spec: " + e.Name + "." + p.Name)
		}
		if _, err := p.parse(p.Default); err != nil {
			panic("dicebots: bad default: " + err.Error())
		}
	}
	registry[e.Name] = e
}

func init() {
	Register(Entry{Name: "random", Description: "yardstick: every decision uniformly among its legal options (rerolls: each die with probability 1/2)", New: func() dice.Policy { return &Random{} }})
	Register(Entry{Name: "keep", Description: "yardstick: never rerolls; every other decision as random", New: func() dice.Policy { return &Keep{} }})
	Register(Entry{Name: "reroll-all", Description: "yardstick: rerolls every die it may on every reroll; otherwise as random", New: func() dice.Policy { return &RerollAll{} }})
	Register(Entry{Name: "simple", Description: "yardstick: keeps Gatlings, Bull's Eyes and (when hurt) Beers; heals itself; shoots the weakest in range (an Outlaw the Sheriff, the others spare him)", New: func() dice.Policy { return &Simple{} }})
	registerHeuristics()
	registerSearch()
}

// DefaultPolicy names the policy used when none is given.
const DefaultPolicy = "heuristic"

// ErrUnknownPolicy is wrapped by Lookup's error for a name nobody registered.
var ErrUnknownPolicy = errors.New("unknown policy")

// ErrPolicySpec is wrapped by Lookup's error for a spec that does not parse, or sets a
// parameter the policy does not have, or a value out of range.
var ErrPolicySpec = errors.New("bad policy spec")

// Lookup resolves a policy spec, `name` or `name(key=value,key=value)` (names and keys in
// any case, spaces allowed around tokens), to an entry whose New builds that policy and
// whose Name is the canonical spec.
func Lookup(spec string) (Entry, error) {
	sp, err := ParseSpec(spec)
	if err != nil {
		return Entry{}, err
	}
	e, ok := registry[sp.Name]
	if !ok {
		return Entry{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownPolicy, sp.Name, strings.Join(allNames(), ", "))
	}
	if len(sp.Args) == 0 {
		return e, nil
	}
	if len(e.Params) == 0 {
		return Entry{}, fmt.Errorf("%w %q: policy %s takes no parameters", ErrPolicySpec, spec, e.Name)
	}
	vals := make([]int, len(e.Params))
	set := make([]bool, len(e.Params))
	for i, p := range e.Params {
		vals[i], _ = p.parse(p.Default)
	}
	for _, a := range sp.Args {
		i := e.param(a.Key)
		if i < 0 {
			return Entry{}, fmt.Errorf("%w %q: policy %s has no parameter %q (parameters: %s)", ErrPolicySpec, spec, e.Name, a.Key, e.paramList())
		}
		if set[i] {
			return Entry{}, fmt.Errorf("%w %q: parameter %s given twice", ErrPolicySpec, spec, a.Key)
		}
		set[i] = true
		v, err := e.Params[i].parse(a.Value)
		if err != nil {
			return Entry{}, fmt.Errorf("%w %q: %v (parameters: %s)", ErrPolicySpec, spec, err, e.paramList())
		}
		vals[i] = v
	}
	out := e
	out.Name = e.canonical(vals)
	if out.Name != e.Name {
		build := e.Build(vals)
		out.New = build
	}
	return out, nil
}

// param returns the index of the parameter named key (any case), or -1.
func (e *Entry) param(key string) int {
	for i, p := range e.Params {
		if strings.EqualFold(p.Name, key) {
			return i
		}
	}
	return -1
}

// paramList lists the parameters with their ranges for error messages.
func (e *Entry) paramList() string {
	var b strings.Builder
	for i, p := range e.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.Name)
		b.WriteByte('=')
		b.WriteString(p.Range())
	}
	return b.String()
}

// canonical returns the spec naming e with the parameter values vals.
func (e *Entry) canonical(vals []int) string {
	var b strings.Builder
	b.WriteString(e.Name)
	n := 0
	for i, p := range e.Params {
		if d, _ := p.parse(p.Default); vals[i] == d {
			continue
		}
		if n == 0 {
			b.WriteByte('(')
		} else {
			b.WriteByte(',')
		}
		n++
		b.WriteString(p.Name)
		b.WriteByte('=')
		b.WriteString(p.format(vals[i]))
	}
	if n > 0 {
		b.WriteByte(')')
	}
	return b.String()
}

// Names lists the registered policies that are neither Slow nor a Variant, in
// alphabetical order: the names of Entries.
func Names() []string {
	var out []string
	for n, e := range registry {
		if !e.Slow && e.Variant == "" {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// allNames lists every registered policy in alphabetical order.
func allNames() []string {
	out := make([]string, 0, len(registry))
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Entries lists the registered policies that are neither Slow nor a Variant, in
// alphabetical order: the distinct, fast policies a test or tool may play thousands of
// games with at every seat (the yardsticks, heuristic, omniscient).
func Entries() []Entry {
	names := Names()
	out := make([]Entry, 0, len(names))
	for _, n := range names {
		out = append(out, registry[n])
	}
	return out
}

// AllEntries lists every registered policy, Slow ones (search) and Variants (the
// habits) included, in alphabetical order: the list `bangsim policies` should show.
func AllEntries() []Entry {
	names := allNames()
	out := make([]Entry, 0, len(names))
	for _, n := range names {
		out = append(out, registry[n])
	}
	return out
}
