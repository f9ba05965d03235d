package dicebots_test

// Every registered policy returns only legal choices, and the yardsticks random, keep
// and reroll-all do exactly what their definitions say (registry.go, baseline.go,
// pick.go).

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// games returns full, or short under -short.
func games(full, short int) int {
	if testing.Short() {
		return short
	}
	return full
}

// hook wraps a policy and hands every view and choice to check.
type hook struct {
	p     dice.Policy
	check func(v *dice.View, choice int)
}

// Choose implements dice.Policy.
func (h *hook) Choose(v *dice.View) int {
	c := h.p.Choose(v)
	h.check(v, c)
	return c
}

// playAll plays games seeds run/0..n-1 with pol at every seat and returns the tables'
// total Illegal count.
func playAll(t *testing.T, r dice.Rules, pol dice.Policy, run uint64, n int) (illegal int) {
	t.Helper()
	tb, err := dice.NewTable(r, [dice.NumRoles]dice.Policy{pol, pol, pol, pol})
	if err != nil {
		t.Fatal(err)
	}
	for i := range uint64(n) {
		g := tb.Play(seed.ForGame(run, i))
		if !g.Over {
			t.Fatalf("game %d not over", i)
		}
		illegal += int(g.Illegal)
	}
	return illegal
}

// legality counts a policy's decisions by kind and its illegal choices.
type legality struct {
	byKind  [dice.NumKinds]int
	illegal int
	first   string
}

func (l *legality) check(v *dice.View, c int) {
	d := &v.Decision
	l.byKind[d.Kind]++
	// Legal, and within the documented range: a seat or Skip, or a five-dice mask.
	ok := d.Legal(c) && c >= 0 && c < 32
	if ok && d.Kind == dice.DecideReroll {
		ok = c < 1<<dice.NumDice
	}
	if !ok {
		l.illegal++
		if l.first == "" {
			l.first = fmt.Sprintf("%s for seat %d, options %#b: chose %d", d.Kind, d.Seat, d.Options, c)
		}
	}
}

// legalityRules are the rule sets the legality test plays.
func legalityRules(n int) map[string]dice.Rules {
	out := map[string]dice.Rules{}
	r := dice.DefaultRules(n)
	out["random-deal"] = r
	r.Deal = dice.DealPlain
	out["plain"] = r
	r = dice.DefaultRules(n)
	r.Arrows, r.Rerolls, r.GatlingThreshold, r.DynamiteThreshold = 5, 4, 2, 2
	r.ResolveAfterDeath, r.DistanceEitherWay = true, true
	out["options"] = r
	return out
}

// TestPoliciesAlwaysLegal plays thousands of games per registered policy, checking every
// choice it makes, and requires every kind of decision to have come up.
func TestPoliciesAlwaysLegal(t *testing.T) {
	per := games(500, 60)
	for _, e := range dicebots.Entries() {
		t.Run(e.Name, func(t *testing.T) {
			t.Parallel()
			var l legality
			pol := &hook{p: e.New(), check: l.check}
			total := 0
			for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
				names := []string{"random-deal", "plain", "options"}
				rs := legalityRules(n)
				for k, name := range names {
					if got := playAll(t, rs[name], pol, uint64(1000+10*n+k), per); got != 0 {
						t.Errorf("%d players, %s: State.Illegal = %d", n, name, got)
					}
					total += per
				}
				// Every character at every seat, to bring up each ability's decisions.
				for c := range dice.NumCharacters {
					r := dice.DefaultRules(n)
					r.Deal = dice.DealSeats
					cs := make([]dice.Character, n)
					for s := range cs {
						cs[s] = c
					}
					if err := r.SetPool(cs); err != nil {
						t.Fatal(err)
					}
					if got := playAll(t, r, pol, uint64(2000+100*n)+uint64(c), per/10); got != 0 {
						t.Errorf("%d players, all %s: State.Illegal = %d", n, c, got)
					}
					total += per / 10
				}
			}
			if l.illegal != 0 {
				t.Errorf("%d illegal choices in %d games; first: %s", l.illegal, total, l.first)
			}
			for k := dice.DecideReroll; k < dice.NumKinds; k++ {
				if l.byKind[k] == 0 {
					t.Errorf("no %s decision came up in %d games", k, total)
				}
			}
			t.Logf("%d games, decisions by kind %v", total, l.byKind[1:])
		})
	}
}

// TestLegalityCheckFails guards the legality wrapper: an illegal policy is caught.
func TestLegalityCheckFails(t *testing.T) {
	var l legality
	bad := &hook{p: badPolicy{}, check: l.check}
	illegal := playAll(t, dice.DefaultRules(5), bad, 1, 20)
	if l.illegal == 0 || illegal != l.illegal {
		t.Errorf("a policy returning -1 and 99: wrapper saw %d illegal, State.Illegal %d", l.illegal, illegal)
	}
}

type badPolicy struct{}

func (badPolicy) Choose(v *dice.View) int {
	if v.Decision.Kind == dice.DecideReroll {
		return 99
	}
	return -1
}

// twinCheck plays games with pol at every seat and, before each of its choices, asks
// Random the same question with a copy of the policy stream: on reroll decisions
// onReroll judges pol's choice; on every other decision pol must answer exactly as
// Random does and draw exactly as many numbers.
func twinCheck(t *testing.T, pol dice.Policy, onReroll func(d *dice.Decision, c int) error) {
	t.Helper()
	var rerolls, others, mismatches int
	first := ""
	h := &hook{p: pol}
	var want int
	var after rand.PCG
	// Ask Random first, on a copy of the view and the stream.
	pre := &hook{p: &dicebots.Random{}}
	wrapped := policyFunc(func(v *dice.View) int {
		rngCopy := *v.Rand
		vc := *v
		vc.Rand = &rngCopy
		want = pre.p.Choose(&vc)
		after = rngCopy
		return h.Choose(v)
	})
	h.check = func(v *dice.View, c int) {
		d := &v.Decision
		var err error
		if d.Kind == dice.DecideReroll {
			rerolls++
			err = onReroll(d, c)
		} else {
			others++
			if c != want || *v.Rand != after {
				err = fmt.Errorf("%s options %#b: chose %d, random chooses %d (streams equal after: %v)", d.Kind, d.Options, c, want, *v.Rand == after)
			}
		}
		if err != nil {
			mismatches++
			if first == "" {
				first = err.Error()
			}
		}
	}
	per := games(400, 50)
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		if got := playAll(t, dice.DefaultRules(n), wrapped, uint64(3000+n), per); got != 0 {
			t.Errorf("%d players: State.Illegal = %d", n, got)
		}
	}
	if mismatches != 0 {
		t.Errorf("%d of %d decisions off the definition; first: %s", mismatches, rerolls+others, first)
	}
	if rerolls == 0 || others == 0 {
		t.Errorf("%d reroll and %d other decisions: the games did not exercise both", rerolls, others)
	}
}

type policyFunc func(v *dice.View) int

func (f policyFunc) Choose(v *dice.View) int { return f(v) }

// TestKeepDefinition: keep never rerolls and otherwise plays as random.
func TestKeepDefinition(t *testing.T) {
	t.Parallel()
	twinCheck(t, &dicebots.Keep{}, func(d *dice.Decision, c int) error {
		if c != 0 {
			return fmt.Errorf("reroll options %#b: keep rerolled %#b", d.Options, c)
		}
		return nil
	})
}

// TestRerollAllDefinition: reroll-all rerolls exactly the dice it may, every time, and
// otherwise plays as random.
func TestRerollAllDefinition(t *testing.T) {
	t.Parallel()
	twinCheck(t, &dicebots.RerollAll{}, func(d *dice.Decision, c int) error {
		if c != int(d.Options) {
			return fmt.Errorf("reroll options %#b: reroll-all chose %#b", d.Options, c)
		}
		return nil
	})
}

// TestRegistryYardsticks: the registered names build the policies defined in baseline.go.
func TestRegistryYardsticks(t *testing.T) {
	want := map[string]dice.Policy{
		"random": &dicebots.Random{}, "keep": &dicebots.Keep{}, "reroll-all": &dicebots.RerollAll{}, "heuristic": dicebots.Heuristic{},
		"simple": &dicebots.Simple{},
	}
	names := dicebots.Names()
	if !slices.IsSorted(names) {
		t.Errorf("Names not sorted: %v", names)
	}
	for name, p := range want {
		e, err := dicebots.Lookup(name)
		if err != nil {
			t.Fatalf("Lookup(%q): %v", name, err)
		}
		// By their printed form: pointers to zero-size values need not compare equal.
		if e.Name != name || e.Description == "" || fmt.Sprintf("%#v", e.New()) != fmt.Sprintf("%#v", p) {
			t.Errorf("Lookup(%q) = %q, %q, New() = %#v; want %#v", name, e.Name, e.Description, e.New(), p)
		}
		if e2, err := dicebots.Lookup(" " + name + " "); err != nil || e2.Name != name {
			t.Errorf("Lookup with spaces: %v, %v", e2.Name, err)
		}
	}
	if e, err := dicebots.Lookup("RANDOM"); err != nil || e.Name != "random" {
		t.Errorf("Lookup is case sensitive: %v", err)
	}
	if _, err := dicebots.Lookup(dicebots.DefaultPolicy); err != nil {
		t.Errorf("default policy %q not registered: %v", dicebots.DefaultPolicy, err)
	}
	if _, err := dicebots.Lookup("no-such-bot"); !errors.Is(err, dicebots.ErrUnknownPolicy) {
		t.Errorf("Lookup(no-such-bot) = %v, want ErrUnknownPolicy", err)
	}
	entries := dicebots.Entries()
	if len(entries) != len(names) {
		t.Fatalf("%d entries, %d names", len(entries), len(names))
	}
	for i, e := range entries {
		if e.Name != names[i] {
			t.Errorf("Entries()[%d] = %q, Names()[%d] = %q", i, e.Name, i, names[i])
		}
	}
	func() {
		defer func() {
			if recover() == nil {
				t.Errorf("registering %q twice did not panic", names[0])
			}
		}()
		dicebots.Register(dicebots.Entry{Name: names[0]})
	}()
}

// --- statistics -----------------------------------------------------------------------

// pMin is the p-value below which a frequency check fails; the streams are seeded, so a
// test passes or fails the same way every run, and 1e-6 makes a false alarm under a
// changed stream unlikely.
const pMin = 1e-6

// chiSquareP returns the p-value of observed counts against equal expected frequencies.
func chiSquareP(counts []int) float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	exp := float64(total) / float64(len(counts))
	x := 0.0
	for _, c := range counts {
		d := float64(c) - exp
		x += d * d / exp
	}
	return distuv.ChiSquared{K: float64(len(counts) - 1)}.Survival(x)
}

// binomialP returns the two-sided normal-approximation p-value of k successes in n fair
// trials.
func binomialP(k, n int) float64 {
	z := (float64(k) - float64(n)/2) / math.Sqrt(float64(n)/4)
	return math.Erfc(math.Abs(z) / math.Sqrt2)
}

// TestStatisticsCanFail guards the frequency checks: a biased sample of the size the
// tests use is rejected, a fair one accepted.
func TestStatisticsCanFail(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	biased, fair := make([]int, 6), make([]int, 6)
	for range 30000 {
		x := rng.IntN(7) // option 0 twice as likely
		biased[max(x-1, 0)]++
		fair[rng.IntN(6)]++
	}
	if p := chiSquareP(biased); p >= pMin {
		t.Errorf("chi-square accepts a biased sample: %v, p = %g", biased, p)
	}
	if p := chiSquareP(fair); p < pMin {
		t.Errorf("chi-square rejects a fair sample: %v, p = %g", fair, p)
	}
	if p := binomialP(5300, 10000); p >= pMin {
		t.Errorf("binomial accepts 53%% of 10,000: p = %g", p)
	}
	if p := binomialP(5050, 10000); p < pMin {
		t.Errorf("binomial rejects 50.5%% of 10,000: p = %g", p)
	}
}

// choose asks Random one synthetic decision.
func choose(v *dice.View, k dice.Kind, options uint32) int {
	v.Decision = dice.Decision{Kind: k, Seat: 0, Die: -1, Options: options}
	return (&dicebots.Random{}).Choose(v)
}

// TestRandomRerollMasksSynthetic: for each set of rerollable dice, random's mask is a
// subset, uniform over the subsets (so each die rerolled with probability 1/2,
// independently).
func TestRandomRerollMasksSynthetic(t *testing.T) {
	v := &dice.View{Rand: rand.NewPCG(7, 8)}
	for _, opts := range []uint32{0b11111, 0b10110, 0b00001, 0b01011} {
		k := bits.OnesCount32(opts)
		counts := make([]int, 1<<k)
		perDie := make([]int, dice.NumDice)
		draws := 2000 << k
		for range draws {
			c := choose(v, dice.DecideReroll, opts)
			if c < 0 || uint32(c)&^opts != 0 {
				t.Fatalf("options %#b: mask %#b not a subset", opts, c)
			}
			counts[pext(uint32(c), opts)]++
			for i := range dice.NumDice {
				perDie[i] += c >> i & 1
			}
		}
		if p := chiSquareP(counts); p < pMin {
			t.Errorf("options %#b: subsets not uniform, p = %g: %v", opts, p, counts)
		}
		for i := range dice.NumDice {
			if opts>>i&1 == 1 {
				if p := binomialP(perDie[i], draws); p < pMin {
					t.Errorf("options %#b: die %d rerolled %d of %d times, p = %g", opts, i, perDie[i], draws, p)
				}
			}
		}
	}
}

// pext gathers the bits of x at the set bits of mask into the low bits.
func pext(x, mask uint32) int {
	out, k := 0, 0
	for m := mask; m != 0; m &= m - 1 {
		if x&(m&-m) != 0 {
			out |= 1 << k
		}
		k++
	}
	return out
}

// rankOf returns the index of c among the set bits of options.
func rankOf(c int, options uint32) int {
	return bits.OnesCount32(options & (1<<uint(c) - 1))
}

// TestRandomUniformSynthetic: random's targets, Beers and Sid Ketchum's heal are uniform
// over the options; Bart's and Pedro's yes/no a fair coin; Slab and Kit skip half the
// time and otherwise pick uniformly.
func TestRandomUniformSynthetic(t *testing.T) {
	v := &dice.View{Rand: rand.NewPCG(9, 10)}
	const per = 5000
	skip := uint32(1) << dice.Skip
	for _, k := range []dice.Kind{dice.DecideTarget, dice.DecideBeer, dice.DecideSidHeal} {
		for _, opts := range []uint32{0b11, 0b1011_0110, 0xff, 0b1000_0001, 0b111} {
			n := bits.OnesCount32(opts)
			counts := make([]int, n)
			for range per * n {
				c := choose(v, k, opts)
				if !v.Decision.Legal(c) {
					t.Fatalf("%s options %#b: chose %d", k, opts, c)
				}
				counts[rankOf(c, opts)]++
			}
			if p := chiSquareP(counts); p < pMin {
				t.Errorf("%s options %#b: not uniform, p = %g: %v", k, opts, p, counts)
			}
		}
	}
	for _, k := range []dice.Kind{dice.DecideBartArrow, dice.DecidePedroReturn} {
		yes := 0
		for range 20 * per {
			c := choose(v, k, 0b11)
			if c != 0 && c != 1 {
				t.Fatalf("%s: chose %d", k, c)
			}
			yes += c
		}
		if p := binomialP(yes, 20*per); p < pMin {
			t.Errorf("%s: yes %d of %d, p = %g", k, yes, 20*per, p)
		}
	}
	for _, k := range []dice.Kind{dice.DecideSlab, dice.DecideKitDiscard} {
		for _, opts := range []uint32{skip | 0b1, skip | 0b10110, skip | 0b1110_0101} {
			rest := opts &^ skip
			n := bits.OnesCount32(rest)
			counts := make([]int, n)
			skips, draws := 0, 4*per*n
			for range draws {
				c := choose(v, k, opts)
				switch {
				case c == dice.Skip:
					skips++
				case c >= 0 && c < dice.Skip && rest>>uint(c)&1 == 1:
					counts[rankOf(c, rest)]++
				default:
					t.Fatalf("%s options %#b: chose %d", k, opts, c)
				}
			}
			if p := binomialP(skips, draws); p < pMin {
				t.Errorf("%s options %#b: skipped %d of %d, p = %g", k, opts, skips, draws, p)
			}
			if n > 1 {
				if p := chiSquareP(counts); p < pMin {
					t.Errorf("%s options %#b: not uniform among the dice/seats, p = %g: %v", k, opts, p, counts)
				}
			}
		}
	}
}

// TestRandomInGames: in real games, random's reroll masks are subsets with each offered
// die rerolled half the time, and its targets, Beers and Sid heals are uniform over the
// options (ranks pooled by the number of options).
func TestRandomInGames(t *testing.T) {
	t.Parallel()
	var offered, rerolled [dice.NumDice]int
	var ranks [dice.NumKinds][dice.MaxPlayers + 1][]int
	bad := ""
	check := func(v *dice.View, c int) {
		d := &v.Decision
		switch d.Kind {
		case dice.DecideReroll:
			if c < 0 || uint32(c)&^d.Options != 0 {
				bad = fmt.Sprintf("reroll options %#b: mask %#b", d.Options, c)
			}
			for i := range dice.NumDice {
				if d.Options>>i&1 == 1 {
					offered[i]++
					rerolled[i] += c >> i & 1
				}
			}
		case dice.DecideTarget, dice.DecideBeer, dice.DecideSidHeal:
			if !d.Legal(c) {
				bad = fmt.Sprintf("%s options %#b: chose %d", d.Kind, d.Options, c)
				return
			}
			n := bits.OnesCount32(d.Options)
			if ranks[d.Kind][n] == nil {
				ranks[d.Kind][n] = make([]int, n)
			}
			ranks[d.Kind][n][rankOf(c, d.Options)]++
		}
	}
	per := games(2000, 200)
	pol := &hook{p: &dicebots.Random{}, check: check}
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		if got := playAll(t, dice.DefaultRules(n), pol, uint64(4000+n), per); got != 0 {
			t.Errorf("%d players: State.Illegal = %d", n, got)
		}
	}
	if bad != "" {
		t.Fatal(bad)
	}
	for i := range dice.NumDice {
		if offered[i] < 1000 {
			t.Errorf("die %d offered only %d times", i, offered[i])
		}
		if p := binomialP(rerolled[i], offered[i]); p < pMin {
			t.Errorf("die %d rerolled %d of %d times, p = %g", i, rerolled[i], offered[i], p)
		}
	}
	tested := 0
	for k, byN := range ranks {
		for n, counts := range byN {
			total := 0
			for _, c := range counts {
				total += c
			}
			if n < 2 || total < 50*n {
				continue
			}
			tested++
			if p := chiSquareP(counts); p < pMin {
				t.Errorf("%s with %d options: ranks not uniform, p = %g: %v", dice.Kind(k), n, p, counts)
			}
		}
	}
	if tested < 3 {
		t.Errorf("only %d (kind, option count) groups had enough decisions to test", tested)
	}
}
