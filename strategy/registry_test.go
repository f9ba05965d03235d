package strategy_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/strategy"
)

// bot is a tiny game's policy type: it only has to exist.
type bot interface{ Move() int }

// plain is a tunable bot; its fields are the parameters Build sets.
type plain struct {
	depth int
	fast  bool
}

func (*plain) Move() int { return 0 }

// seer declares through its own interface that it sees every role.
type seer struct{ plain }

func (*seer) SeesAll() bool { return true }

// blind declares that it never reads the record.
type blind struct{ plain }

func (*blind) Blind() bool { return true }

// needsOf reads what a bot declares through its interfaces, as a game's check does.
func needsOf(b bot) strategy.Needs {
	var n strategy.Needs
	if s, ok := b.(interface{ SeesAll() bool }); ok && s.SeesAll() {
		n |= strategy.SeesAllRoles
	}
	if s, ok := b.(interface{ Blind() bool }); ok && s.Blind() {
		n |= strategy.NoRecord
	}
	return n
}

var tinyParams = []strategy.Param{
	{Name: "depth", Default: "3", Min: 1, Max: 20, Description: "plies"},
	{Name: "fast", Kind: strategy.ParamBool, Default: "false", Max: 1, Description: "skip the slow part"},
}

// tiny returns a registry of a few bots: plain (tunable), seer (tunable, omniscient),
// blind (no parameters), tuned (a Variant of plain), deep (Slow).
func tiny() *strategy.Registry[bot] {
	r := strategy.NewRegistry[bot]("tiny", needsOf)
	build := func(a []int) func() bot { return func() bot { return &plain{a[0], a[1] != 0} } }
	r.Register(strategy.Entry[bot]{Name: "plain", Description: "the plain bot", Params: tinyParams,
		New: func() bot { return &plain{3, false} }, Build: build})
	r.Register(strategy.Entry[bot]{Name: "seer", Description: "sees every role", Params: tinyParams, Needs: strategy.SeesAllRoles,
		New:   func() bot { return &seer{plain{3, false}} },
		Build: func(a []int) func() bot { return func() bot { return &seer{plain{a[0], a[1] != 0}} } }})
	r.Register(strategy.Entry[bot]{Name: "blind", Description: "never reads the record", Needs: strategy.NoRecord,
		New: func() bot { return &blind{} }})
	tuned := slices.Clone(tinyParams)
	tuned[0].Default = "5"
	r.Register(strategy.Entry[bot]{Name: "tuned", Description: "plain, deeper", Params: tuned, Variant: "plain",
		New: func() bot { return &plain{5, false} }, Build: build})
	r.Register(strategy.Entry[bot]{Name: "deep", Description: "slow", Slow: true, New: func() bot { return &plain{20, false} }})
	return r
}

// TestLookup: specs resolve to canonical names that resolve to themselves, and the
// parameters reach the bot Build makes.
func TestLookup(t *testing.T) {
	r := tiny()
	ok := []struct {
		spec, name string
		want       plain
	}{
		{"plain", "plain", plain{3, false}},
		{"  PLAIN  ", "plain", plain{3, false}},
		{"plain()", "plain", plain{3, false}},
		{"plain( )", "plain", plain{3, false}},
		{"plain(depth=4)", "plain(depth=4)", plain{4, false}},
		{" Plain ( Depth = 4 ) ", "plain(depth=4)", plain{4, false}},
		{"plain(depth=+04)", "plain(depth=4)", plain{4, false}},
		{"plain(depth=3)", "plain", plain{3, false}}, // the default
		{"plain(fast=yes,depth=4)", "plain(depth=4,fast=true)", plain{4, true}},
		{"plain(fast=0)", "plain", plain{3, false}},
		{"tuned(depth=3)", "tuned(depth=3)", plain{3, false}}, // not tuned's default
		{"tuned", "tuned", plain{5, false}},
		{"blind()", "blind", plain{}},
	}
	for _, c := range ok {
		e, err := r.Lookup(c.spec)
		if err != nil {
			t.Errorf("Lookup(%q): %v", c.spec, err)
			continue
		}
		if e.Name != c.name {
			t.Errorf("Lookup(%q).Name = %q, want %q", c.spec, e.Name, c.name)
		}
		var got plain
		switch b := e.New().(type) {
		case *plain:
			got = *b
		case *blind:
			got = b.plain
		}
		if got != c.want {
			t.Errorf("Lookup(%q).New() = %+v, want %+v", c.spec, got, c.want)
		}
		if again, err := r.Lookup(e.Name); err != nil || again.Name != e.Name {
			t.Errorf("Lookup(%q) (the canonical name of %q) = %q, %v", e.Name, c.spec, again.Name, err)
		}
	}
	if e, _ := r.Lookup("plain(depth=4)"); e.New() == e.New() {
		t.Error("a built New returned the same instance twice; each worker needs its own")
	}
}

// TestLookupErrors: every mistake is a clear error wrapping ErrUnknownPolicy or
// ErrPolicySpec, worded as the dice registry's always were.
func TestLookupErrors(t *testing.T) {
	r := tiny()
	bad := []struct {
		spec  string
		want  error
		words []string // the message must name these
	}{
		{"", strategy.ErrPolicySpec, []string{"bad policy spec", "empty", "want name or name(key=value,...)"}},
		{"no-such-bot", strategy.ErrUnknownPolicy, []string{`unknown policy "no-such-bot" (known: blind, deep, plain, seer, tuned)`}},
		{"no-such-bot(x=1)", strategy.ErrUnknownPolicy, []string{"no-such-bot"}},
		{"plain(foo=1)", strategy.ErrPolicySpec, []string{`bad policy spec "plain(foo=1)": policy plain has no parameter "foo" (parameters: depth=1..20, fast=true|false)`}},
		{"plain(depth=abc)", strategy.ErrPolicySpec, []string{"depth=abc: want an integer from 1 to 20 (parameters: depth=1..20"}},
		{"plain(depth=21)", strategy.ErrPolicySpec, []string{"1 to 20"}},
		{"plain(depth=0)", strategy.ErrPolicySpec, []string{"1 to 20"}},
		{"plain(depth=-1)", strategy.ErrPolicySpec, []string{"1 to 20"}},
		{"plain(fast=maybe)", strategy.ErrPolicySpec, []string{"fast=maybe: want true or false"}},
		{"plain(depth=4", strategy.ErrPolicySpec, []string{"missing ')'"}},
		{"plain(depth=4))", strategy.ErrPolicySpec, []string{"after ')'"}},
		{"plain(depth=4,depth=5)", strategy.ErrPolicySpec, []string{"parameter depth given twice"}},
		{"plain(depth=4,)", strategy.ErrPolicySpec, []string{"parameter name"}},
		{"plain(=4)", strategy.ErrPolicySpec, []string{"parameter name"}},
		{"plain(depth=)", strategy.ErrPolicySpec, []string{"expected a value for depth"}},
		{"plain(depth 4)", strategy.ErrPolicySpec, []string{"expected '=' after depth"}},
		{"plain depth", strategy.ErrPolicySpec, []string{"after the name"}},
		{"(depth=4)", strategy.ErrPolicySpec, []string{"a policy name must start it"}},
		{"blind(x=1)", strategy.ErrPolicySpec, []string{"policy blind takes no parameters"}},
		{"plain(depth=4)x", strategy.ErrPolicySpec, []string{"after ')'"}},
		{strings.Repeat("a", 2000), strategy.ErrPolicySpec, []string{"longer than 1024 bytes"}},
	}
	for _, c := range bad {
		_, err := r.Lookup(c.spec)
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

// TestLookupKeepsNeeds: a spec with parameters builds a new constructor but keeps the
// entry's Needs (and Slow, Variant), which the engine reads from the entry.
func TestLookupKeepsNeeds(t *testing.T) {
	r := tiny()
	for _, spec := range []string{"seer", "seer(depth=7)", "SEER(fast=true,depth=2)"} {
		e, err := r.Lookup(spec)
		if err != nil {
			t.Fatal(err)
		}
		if e.Needs != strategy.SeesAllRoles {
			t.Errorf("Lookup(%q).Needs = %v, want SeesAllRoles", spec, e.Needs)
		}
		if got := needsOf(e.New()); got != e.Needs {
			t.Errorf("Lookup(%q): its bot says %v, the entry %v", spec, got, e.Needs)
		}
	}
	if e, _ := r.Lookup("tuned(fast=true)"); e.Variant != "plain" || e.Needs != 0 {
		t.Errorf("tuned(fast=true): Variant %q, Needs %v", e.Variant, e.Needs)
	}
	if e, _ := r.Lookup("blind"); e.Needs != strategy.NoRecord {
		t.Errorf("blind: Needs %v", e.Needs)
	}
}

// TestListings: Names and Entries leave out Slow entries and Variants, AllEntries lists
// every one, all sorted.
func TestListings(t *testing.T) {
	r := tiny()
	if got, want := r.Names(), []string{"blind", "plain", "seer"}; !slices.Equal(got, want) {
		t.Errorf("Names() = %v, want %v", got, want)
	}
	var names []string
	for _, e := range r.Entries() {
		names = append(names, e.Name)
	}
	if want := r.Names(); !slices.Equal(names, want) {
		t.Errorf("Entries() names %v, want %v", names, want)
	}
	names = nil
	for _, e := range r.AllEntries() {
		names = append(names, e.Name)
	}
	if want := []string{"blind", "deep", "plain", "seer", "tuned"}; !slices.Equal(names, want) {
		t.Errorf("AllEntries() names %v, want %v", names, want)
	}
	if r.Game() != "tiny" {
		t.Errorf("Game() = %q", r.Game())
	}
	if got := strategy.NewRegistry[bot]("empty", nil).Names(); len(got) != 0 {
		t.Errorf("empty registry: Names() = %v", got)
	}
}

// mustPanic checks that Register refuses e, with a message containing want.
func mustPanic(t *testing.T, r *strategy.Registry[bot], e strategy.Entry[bot], want string) {
	t.Helper()
	defer func() {
		t.Helper()
		v := recover()
		if v == nil {
			t.Errorf("Register(%q) did not panic", e.Name)
			return
		}
		if msg, _ := v.(string); !strings.Contains(msg, want) {
			t.Errorf("Register(%q) panicked with %v, want it to mention %q", e.Name, v, want)
		}
	}()
	r.Register(e)
}

// TestRegisterPanics: programming errors in an entry panic at registration, not at the
// first Lookup.
func TestRegisterPanics(t *testing.T) {
	r := tiny()
	newPlain := func() bot { return &plain{3, false} }
	build := func(a []int) func() bot { return newPlain }
	mustPanic(t, r, strategy.Entry[bot]{Name: "plain", New: newPlain}, "strategy: tiny policy registered twice: plain")
	mustPanic(t, r, strategy.Entry[bot]{Name: "Upper", New: newPlain}, "cannot be written in a spec: Upper")
	mustPanic(t, r, strategy.Entry[bot]{Name: "a b", New: newPlain}, "cannot be written in a spec")
	mustPanic(t, r, strategy.Entry[bot]{Name: "", New: newPlain}, "cannot be written in a spec")
	mustPanic(t, r, strategy.Entry[bot]{Name: "nonew"}, "without New")
	mustPanic(t, r, strategy.Entry[bot]{Name: "nobuild", New: newPlain, Params: tinyParams}, "parameters but no Build")
	mustPanic(t, r, strategy.Entry[bot]{Name: "badkey", New: newPlain, Build: build,
		Params: []strategy.Param{{Name: "Depth", Default: "1", Max: 2}}}, "parameter name cannot be written in a spec: badkey.Depth")
	mustPanic(t, r, strategy.Entry[bot]{Name: "baddefault", New: newPlain, Build: build,
		Params: []strategy.Param{{Name: "depth", Default: "9", Max: 2}}}, "bad default: depth=9")
	mustPanic(t, r, strategy.Entry[bot]{Name: "odd", New: newPlain, Needs: 8}, "unknown needs")
	if _, err := r.Lookup("nobuild"); !errors.Is(err, strategy.ErrUnknownPolicy) {
		t.Errorf("a refused entry was registered: %v", err)
	}
}

// TestRegisterNeedsMismatch: an entry whose declared Needs disagree with what its bot's
// own interfaces say panics, whichever way they differ, so the two cannot drift; a
// registry without a check takes the declaration as it is.
func TestRegisterNeedsMismatch(t *testing.T) {
	r := tiny()
	// Declares nothing, but the bot is omniscient: a wrapper would lose the need.
	mustPanic(t, r, strategy.Entry[bot]{Name: "hidden-seer", New: func() bot { return &seer{} }},
		"policy hidden-seer declares needs none, but its policy says SeesAllRoles")
	// Declares a need its bot does not have.
	mustPanic(t, r, strategy.Entry[bot]{Name: "claims", Needs: strategy.NoRecord | strategy.SeesAllRoles, New: func() bot { return &blind{} }},
		"declares needs SeesAllRoles|NoRecord, but its policy says NoRecord")
	// New agrees, but the bots Build makes do not.
	mustPanic(t, r, strategy.Entry[bot]{Name: "drift", Needs: strategy.SeesAllRoles, Params: tinyParams,
		New:   func() bot { return &seer{} },
		Build: func([]int) func() bot { return func() bot { return &plain{} } }},
		"the policy its Build makes says none")

	free := strategy.NewRegistry[bot]("free", nil)
	free.Register(strategy.Entry[bot]{Name: "seer", Needs: strategy.Lookahead, New: func() bot { return &seer{} }})
	if e, err := free.Lookup("seer"); err != nil || e.Needs != strategy.Lookahead {
		t.Errorf("without a check: %v, %v", e.Needs, err)
	}
}

// TestNeedsString: the needs read by name, in bit order.
func TestNeedsString(t *testing.T) {
	for n, want := range map[strategy.Needs]string{
		0:                                      "none",
		strategy.SeesAllRoles:                  "SeesAllRoles",
		strategy.NoRecord:                      "NoRecord",
		strategy.Lookahead:                     "Lookahead",
		strategy.Lookahead | strategy.NoRecord: "NoRecord|Lookahead",
		strategy.SeesAllRoles | strategy.NoRecord | strategy.Lookahead: "SeesAllRoles|NoRecord|Lookahead",
		strategy.NoRecord | 0x10: "NoRecord|0x10",
	} {
		if got := n.String(); got != want {
			t.Errorf("Needs(%d).String() = %q, want %q", uint8(n), got, want)
		}
	}
	// The engines use the same bits (dice.NeedsAllRoles=1, NeedsNoRecord=2,
	// NeedsLookahead=4), so a game may convert one to the other.
	if strategy.SeesAllRoles != 1 || strategy.NoRecord != 2 || strategy.Lookahead != 4 {
		t.Errorf("bits %d %d %d, want 1 2 4", strategy.SeesAllRoles, strategy.NoRecord, strategy.Lookahead)
	}
}
