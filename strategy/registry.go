package strategy

import (
	"fmt"
	"sort"
	"strings"
)

// Entry describes one registered policy, or one policy spec resolved by Lookup; P is the
// game's policy type (dice.Policy for the dice game).
type Entry[P any] struct {
	// Name is the canonical spec: the registered name alone when every parameter has its
	// default, else name(key=value,...) with the parameters that differ from their
	// defaults, in the order of Params. Lookup(e.Name) gives the same policy back.
	Name        string
	Description string
	// Params lists the parameters a spec may set, for `bangsim policies` and errors.
	Params []Param
	// New returns a fresh instance: a worker owns its policies, and an instance may keep
	// scratch space (search does), so one instance must not be used by two goroutines.
	New func() P
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
	Build func(args []int) func() P
	// Needs is what the policy needs from its engine. The engine reads it here rather
	// than from the policy value, whose interfaces a wrapper would hide; Register checks
	// that it matches what the policy value says.
	Needs Needs
}

// Registry names one game's policies; each game's bot package holds one, so every game
// shares the spec grammar, the parameters and the listings. Register at init time
// only: the registry is not locked, and readers run concurrently once main starts.
type Registry[P any] struct {
	game    string
	check   func(P) Needs
	entries map[string]Entry[P]
}

// NewRegistry returns an empty registry for the named game. check, when not nil, says
// what a policy value declares through its own interfaces; Register compares it with
// each entry's declared Needs so the two cannot drift apart.
func NewRegistry[P any](game string, check func(P) Needs) *Registry[P] {
	return &Registry[P]{game: game, check: check, entries: map[string]Entry[P]{}}
}

// Game returns the name of the game whose policies the registry holds, for messages.
func (r *Registry[P]) Game() string { return r.game }

// Register adds a policy under its name. Registering a name twice, a name a spec cannot
// spell, an entry without New, parameters without Build, a bad default, or Needs that
// differ from what the policy itself says is a programming error, and panics.
func (r *Registry[P]) Register(e Entry[P]) {
	fail := func(format string, a ...any) {
		panic(fmt.Sprintf("strategy: %s ", r.game) + fmt.Sprintf(format, a...))
	}
	if _, dup := r.entries[e.Name]; dup {
		fail("policy registered twice: %s", e.Name)
	}
	if !validName(e.Name) {
		fail("policy name cannot be written in a spec: %s", e.Name)
	}
	if e.New == nil {
		fail("policy without New: %s", e.Name)
	}
	if len(e.Params) > 0 && e.Build == nil {
		fail("policy with parameters but no Build: %s", e.Name)
	}
	if e.Needs&^allNeeds != 0 {
		fail("policy %s declares unknown needs %v", e.Name, e.Needs)
	}
	vals := make([]int, len(e.Params))
	for i, p := range e.Params {
		if !validKey(p.Name) {
			fail("parameter name cannot be written in a spec: %s.%s", e.Name, p.Name)
		}
		v, err := p.Parse(p.Default)
		if err != nil {
			fail("bad default: %s", err)
		}
		vals[i] = v
	}
	if r.check != nil {
		if got := r.check(e.New()); got != e.Needs {
			fail("policy %s declares needs %v, but its policy says %v", e.Name, e.Needs, got)
		}
		// Build makes the tuned policies; a tuned one must need what the entry says too.
		if e.Build != nil {
			if got := r.check(e.Build(vals)()); got != e.Needs {
				fail("policy %s declares needs %v, but the policy its Build makes says %v", e.Name, e.Needs, got)
			}
		}
	}
	r.entries[e.Name] = e
}

// Lookup resolves a policy spec, `name` or `name(key=value,key=value)` (names and keys in
// any case, spaces allowed around tokens), to an entry whose New builds that policy and
// whose Name is the canonical spec; the entry keeps its Needs, Slow and Variant.
// Errors wrap ErrUnknownPolicy or ErrPolicySpec.
func (r *Registry[P]) Lookup(spec string) (Entry[P], error) {
	sp, err := ParseSpec(spec)
	if err != nil {
		return Entry[P]{}, err
	}
	e, ok := r.entries[sp.Name]
	if !ok {
		return Entry[P]{}, fmt.Errorf("%w %q (known: %s)", ErrUnknownPolicy, sp.Name, strings.Join(r.allNames(), ", "))
	}
	if len(sp.Args) == 0 {
		return e, nil
	}
	if len(e.Params) == 0 {
		return Entry[P]{}, fmt.Errorf("%w %q: policy %s takes no parameters", ErrPolicySpec, spec, e.Name)
	}
	vals := make([]int, len(e.Params))
	set := make([]bool, len(e.Params))
	for i, p := range e.Params {
		vals[i], _ = p.Parse(p.Default)
	}
	for _, a := range sp.Args {
		i := e.param(a.Key)
		if i < 0 {
			return Entry[P]{}, fmt.Errorf("%w %q: policy %s has no parameter %q (parameters: %s)", ErrPolicySpec, spec, e.Name, a.Key, e.paramList())
		}
		if set[i] {
			return Entry[P]{}, fmt.Errorf("%w %q: parameter %s given twice", ErrPolicySpec, spec, a.Key)
		}
		set[i] = true
		v, err := e.Params[i].Parse(a.Value)
		if err != nil {
			return Entry[P]{}, fmt.Errorf("%w %q: %v (parameters: %s)", ErrPolicySpec, spec, err, e.paramList())
		}
		vals[i] = v
	}
	out := e
	out.Name = e.canonical(vals)
	if out.Name != e.Name {
		out.New = e.Build(vals)
	}
	return out, nil
}

// param returns the index of the parameter named key (any case), or -1.
func (e *Entry[P]) param(key string) int {
	for i, p := range e.Params {
		if strings.EqualFold(p.Name, key) {
			return i
		}
	}
	return -1
}

// paramList lists the parameters with their ranges for error messages.
func (e *Entry[P]) paramList() string {
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
func (e *Entry[P]) canonical(vals []int) string {
	var b strings.Builder
	b.WriteString(e.Name)
	n := 0
	for i, p := range e.Params {
		if d, _ := p.Parse(p.Default); vals[i] == d {
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
		b.WriteString(p.Format(vals[i]))
	}
	if n > 0 {
		b.WriteByte(')')
	}
	return b.String()
}

// Names lists the registered policies that are neither Slow nor a Variant, in
// alphabetical order: the names of Entries.
func (r *Registry[P]) Names() []string {
	var out []string
	for n, e := range r.entries {
		if !e.Slow && e.Variant == "" {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// allNames lists every registered policy in alphabetical order.
func (r *Registry[P]) allNames() []string {
	out := make([]string, 0, len(r.entries))
	for n := range r.entries {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Entries lists the registered policies that are neither Slow nor a Variant, in
// alphabetical order: the distinct, fast policies a test or tool may play thousands of
// games with at every seat.
func (r *Registry[P]) Entries() []Entry[P] {
	names := r.Names()
	out := make([]Entry[P], 0, len(names))
	for _, n := range names {
		out = append(out, r.entries[n])
	}
	return out
}

// AllEntries lists every registered policy, Slow ones and Variants included, in
// alphabetical order: the list `bangsim policies` should show.
func (r *Registry[P]) AllEntries() []Entry[P] {
	names := r.allNames()
	out := make([]Entry[P], 0, len(names))
	for _, n := range names {
		out = append(out, r.entries[n])
	}
	return out
}
