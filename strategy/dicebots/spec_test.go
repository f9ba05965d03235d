package dicebots_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// TestLookupSpecs: specs resolve to canonical names, and every mistake is a clear error
// wrapping ErrUnknownPolicy or ErrPolicySpec.
func TestLookupSpecs(t *testing.T) {
	ok := []struct{ spec, name string }{
		{"heuristic", "heuristic"},
		{"  HEURISTIC  ", "heuristic"},
		{"heuristic()", "heuristic"},
		{"heuristic( )", "heuristic"},
		{"heuristic(beer_below=4)", "heuristic(beer_below=4)"},
		{" Heuristic ( Beer_Below = 4 ) ", "heuristic(beer_below=4)"},
		{"heuristic(beer_below=+04)", "heuristic(beer_below=4)"},
		{"heuristic(beer_below=99)", "heuristic"}, // the default
		{"heuristic(dynamite_stop=2,beer_below=4)", "heuristic(beer_below=4,dynamite_stop=2)"},
		{"heuristic(keep_bullseyes=yes)", "heuristic(keep_bullseyes=true)"},
		{"heuristic(keep_bullseyes=0)", "heuristic"},
		{"keep-bullseyes(keep_bullseyes=false)", "keep-bullseyes(keep_bullseyes=false)"},
		{"no-third-dynamite(beer_below=5)", "no-third-dynamite(beer_below=5)"},
		{"search(rollouts=16)", "search(rollouts=16)"},
		{"search(all=false,rollouts=8)", "search(rollouts=8,all=false)"},
		{"random()", "random"},
	}
	for _, c := range ok {
		e, err := dicebots.Lookup(c.spec)
		if err != nil {
			t.Errorf("Lookup(%q): %v", c.spec, err)
			continue
		}
		if e.Name != c.name {
			t.Errorf("Lookup(%q).Name = %q, want %q", c.spec, e.Name, c.name)
		}
		if e.New == nil || e.New() == nil {
			t.Errorf("Lookup(%q): no policy", c.spec)
		}
		if again, err := dicebots.Lookup(e.Name); err != nil || again.Name != e.Name {
			t.Errorf("Lookup(%q) (the canonical name of %q) = %q, %v", e.Name, c.spec, again.Name, err)
		}
	}

	// The grammar's own mistakes are strategy's tests; these check that the dice
	// registry's errors name its policies and parameters.
	bad := []struct {
		spec  string
		want  error
		words []string // the message must name these
	}{
		{"", dicebots.ErrPolicySpec, []string{"empty"}},
		{"no-such-bot", dicebots.ErrUnknownPolicy, []string{"no-such-bot", "heuristic", "search"}},
		{"no-such-bot(x=1)", dicebots.ErrUnknownPolicy, []string{"no-such-bot"}},
		{"heuristic(foo=1)", dicebots.ErrPolicySpec, []string{`"foo"`, "beer_below=0..99", "keep_bullseyes=true|false"}},
		{"heuristic(beer_below=abc)", dicebots.ErrPolicySpec, []string{"beer_below=abc", "0 to 99"}},
		{"heuristic(beer_below=100)", dicebots.ErrPolicySpec, []string{"0 to 99"}},
		{"heuristic(beer_below=-1)", dicebots.ErrPolicySpec, []string{"0 to 99"}},
		{"heuristic(keep_bullseyes=maybe)", dicebots.ErrPolicySpec, []string{"true or false"}},
		{"heuristic(beer_below=4,beer_below=5)", dicebots.ErrPolicySpec, []string{"twice"}},
		{"heuristic(beer_below=4", dicebots.ErrPolicySpec, []string{"missing ')'"}},
		{"random(x=1)", dicebots.ErrPolicySpec, []string{"no parameters"}},
		{"search(rollouts=0)", dicebots.ErrPolicySpec, []string{"1 to 10000"}},
	}
	for _, c := range bad {
		_, err := dicebots.Lookup(c.spec)
		if !errors.Is(err, c.want) {
			t.Errorf("Lookup(%q) = %v, want an error wrapping %v", c.spec, err, c.want)
			continue
		}
		for _, w := range c.words {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("Lookup(%q): %q does not mention %q", c.spec, err, w)
			}
		}
	}
}

// TestSpecParams: a spec's parameters reach the policy it builds.
func TestSpecParams(t *testing.T) {
	e, err := dicebots.Lookup("heuristic(beer_below=4,keep_bullseyes=true)")
	if err != nil {
		t.Fatal(err)
	}
	h, ok := e.New().(dicebots.Heuristic)
	if !ok || h.P == nil {
		t.Fatalf("New() = %#v, want a tuned Heuristic", e.New())
	}
	want := dicebots.DefaultHeuristicParams
	want.BeerBelow, want.KeepBullseyes = 4, true
	if *h.P != want {
		t.Errorf("params %+v, want %+v", *h.P, want)
	}
	// A habit is the heuristic with some defaults changed, and takes the same parameters.
	e, err = dicebots.Lookup("no-third-dynamite(beer_below=4)")
	if err != nil {
		t.Fatal(err)
	}
	h = e.New().(dicebots.Heuristic)
	if h.P.BeerBelow != 4 || h.P.DynamiteStop != 99 {
		t.Errorf("no-third-dynamite(beer_below=4): %+v", *h.P)
	}
	e, err = dicebots.Lookup("search(rollouts=3,all=false,z10=5)")
	if err != nil {
		t.Fatal(err)
	}
	s := e.New().(*dicebots.Search)
	if s.Rollouts != 3 || s.All || s.Z != 0.5 {
		t.Errorf("search(rollouts=3,all=false,z10=5): %+v", s)
	}
	if e.New() == e.New() {
		t.Error("search's New returned the same instance twice; each worker needs its own")
	}
	if o, ok := mustLookup(t, "omniscient").New().(dicebots.Omniscient); !ok || !o.Omniscient() {
		t.Error("omniscient does not build a dice.OmniscientPolicy")
	}
}

func mustLookup(t *testing.T, spec string) dicebots.Entry {
	t.Helper()
	e, err := dicebots.Lookup(spec)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestRegistryDocumented: every policy has a description and documents its parameters;
// Entries leaves out the slow ones, which AllEntries lists.
func TestRegistryDocumented(t *testing.T) {
	all := dicebots.AllEntries()
	var names []string
	for _, e := range all {
		names = append(names, e.Name)
		if e.Description == "" {
			t.Errorf("%s: no description", e.Name)
		}
		for _, p := range e.Params {
			if p.Description == "" || p.Default == "" {
				t.Errorf("%s.%s: no description or default", e.Name, p.Name)
			}
			spec := e.Name + "(" + p.Name + "=" + p.Default + ")"
			if got, err := dicebots.Lookup(spec); err != nil || got.Name != e.Name {
				t.Errorf("Lookup(%q) = %q, %v; the default must give the registered policy", spec, got.Name, err)
			}
		}
	}
	if !slices.IsSorted(names) {
		t.Errorf("AllEntries not sorted: %v", names)
	}
	for _, want := range []string{"heuristic", "omniscient", "search", "chase-gatling", "keep-bullseyes", "bank-beers", "reroll-arrows", "no-third-dynamite", "random", "keep", "reroll-all"} {
		if !slices.Contains(names, want) {
			t.Errorf("%s is not registered", want)
		}
	}
	for _, e := range dicebots.Entries() {
		if e.Slow || e.Variant != "" {
			t.Errorf("Entries lists %s (Slow %v, Variant %q)", e.Name, e.Slow, e.Variant)
		}
	}
	if len(dicebots.Entries()) > dice.MaxPlayers {
		t.Errorf("%d entries: more than a table has seats, which tests that seat each at its own seat assume", len(dicebots.Entries()))
	}
	for _, habit := range []string{"chase-gatling", "keep-bullseyes", "bank-beers", "reroll-arrows", "no-third-dynamite"} {
		if e := mustLookup(t, habit); e.Variant != "heuristic" {
			t.Errorf("%s: Variant %q, want heuristic", habit, e.Variant)
		}
	}
	if e := mustLookup(t, "search"); !e.Slow {
		t.Error("search is not marked Slow")
	}
}

// TestNeedsDeclared: every bot declares in its entry what it needs of the engine, the
// same as its policy value says (Register checks that), and a tuned spec keeps it: the
// engine reads the needs from the entry, which no wrapper hides.
func TestNeedsDeclared(t *testing.T) {
	want := map[string]strategy.Needs{
		"random": strategy.NoRecord, "keep": strategy.NoRecord, "reroll-all": strategy.NoRecord, "simple": strategy.NoRecord,
		"heuristic": 0, "omniscient": strategy.SeesAllRoles, "search": strategy.Lookahead,
		"chase-gatling": 0, "keep-bullseyes": 0, "bank-beers": 0, "reroll-arrows": 0, "no-third-dynamite": 0,
	}
	for _, e := range dicebots.AllEntries() {
		w, ok := want[e.Name]
		if !ok {
			t.Errorf("%s: no expected Needs in this test; add it", e.Name)
			continue
		}
		if e.Needs != w {
			t.Errorf("%s declares %v, want %v", e.Name, e.Needs, w)
		}
	}
	for spec, w := range map[string]strategy.Needs{
		"omniscient(beer_below=4)": strategy.SeesAllRoles,
		"search(rollouts=2)":       strategy.Lookahead,
		"heuristic(beer_below=4)":  0,
	} {
		e := mustLookup(t, spec)
		if e.Needs != w {
			t.Errorf("Lookup(%q).Needs = %v, want %v", spec, e.Needs, w)
		}
		p := e.New()
		_, omni := p.(dice.OmniscientPolicy)
		_, look := p.(dice.LookaheadPolicy)
		if omni != (w&strategy.SeesAllRoles != 0) || look != (w&strategy.Lookahead != 0) {
			t.Errorf("Lookup(%q).New() = %T, which disagrees with Needs %v", spec, p, w)
		}
	}
	if dicebots.Registry.Game() != "dice" {
		t.Errorf("Registry.Game() = %q", dicebots.Registry.Game())
	}
}
