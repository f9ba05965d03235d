package odds

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
)

// allObjectives lists the objectives the tests sweep.
func allObjectives() []Objective {
	objs := []Objective{{Kind: Gatling}, {Kind: Dynamite}}
	for k := 1; k <= 3; k++ {
		objs = append(objs, Objective{Kind: BullsEyes, K: k})
	}
	for k := 1; k <= 2; k++ {
		objs = append(objs, Objective{Kind: Beers, K: k})
	}
	return append(objs, Objective{Kind: NoArrows})
}

var diceCharacters = []dice.Character{dice.Plain, dice.LuckyDuke, dice.WillyTheKid, dice.BlackJack}

// greedy is a plug-in habit: stop once the objective is met, else reroll every legal die
// that does not serve it (never reroll for no-arrows).
func greedy(obj Objective, s Setup) Policy {
	return PolicyFunc(func(c [dice.NumFaces]int, _ int) [dice.NumFaces]int {
		var rr [dice.NumFaces]int
		if obj.Met(s, c, 0) || obj.Kind == NoArrows {
			return rr
		}
		rr = c
		switch obj.Kind {
		case Gatling:
			rr[dice.Gatling] = 0
		case Dynamite:
			rr[dice.Dynamite] = 0
		case BullsEyes:
			rr[dice.BullsEye1], rr[dice.BullsEye2] = 0, 0
		case Beers:
			rr[dice.Beer] = 0
		}
		if s.DynamiteLocked() {
			rr[dice.Dynamite] = 0
		}
		return rr
	})
}

func mustExact(t *testing.T, obj Objective, s Setup, p Policy) *big.Rat {
	t.Helper()
	v, err := Exact(obj, s, p)
	if err != nil {
		t.Fatalf("Exact(%v, %+v): %v", obj, s, err)
	}
	return v
}

func TestOneRoll(t *testing.T) {
	s := DefaultSetup()
	s.Rerolls = 0
	want := big.NewRat(23, 648) // P(Bin(5, 1/6) >= 3) = (10*25 + 5*5 + 1) / 7776
	for _, ch := range diceCharacters {
		if ch == dice.LuckyDuke || ch == dice.WillyTheKid {
			continue
		}
		s = s.WithCharacter(ch)
		for _, p := range []Policy{nil, Keep(), RerollAll(s)} {
			if got := mustExact(t, Objective{Kind: Dynamite}, s, p); got.Cmp(want) != 0 {
				t.Errorf("%v: P(3+ Dynamite in one roll) = %s, want 23/648", ch, got.RatString())
			}
			if got := mustExact(t, Objective{Kind: Gatling}, s, p); got.Cmp(want) != 0 {
				t.Errorf("%v: P(3+ Gatling in one roll) = %s, want 23/648", ch, got.RatString())
			}
		}
	}
	// keep ignores the rerolls it does not use
	if got := mustExact(t, Objective{Kind: Gatling}, DefaultSetup(), Keep()); got.Cmp(want) != 0 {
		t.Errorf("keep, 2 rerolls: P(3+ Gatling) = %s, want 23/648", got.RatString())
	}
	noArrow := big.NewRat(3125, 7776) // (5/6)^5
	if got := mustExact(t, Objective{Kind: NoArrows}, s, nil); got.Cmp(noArrow) != 0 {
		t.Errorf("P(no arrow in one roll) = %s, want (5/6)^5", got.RatString())
	}
	// With rerolls, the best way to take no arrow is not to roll again.
	if got := mustExact(t, Objective{Kind: NoArrows}, DefaultSetup(), nil); got.Cmp(noArrow) != 0 {
		t.Errorf("optimal no-arrows with 2 rerolls = %s, want (5/6)^5", got.RatString())
	}
}

// binomialAtLeast returns P(Bin(5, p) >= k) by the closed form.
func binomialAtLeast(k int, p *big.Rat) *big.Rat {
	q := new(big.Rat).Sub(big.NewRat(1, 1), p)
	sum := new(big.Rat)
	binom := []int64{1, 5, 10, 10, 5, 1}
	for j := k; j <= 5; j++ {
		term := big.NewRat(binom[j], 1)
		for range j {
			term.Mul(term, p)
		}
		for range 5 - j {
			term.Mul(term, q)
		}
		sum.Add(sum, term)
	}
	return sum
}

func TestKeepIsBinomial(t *testing.T) {
	for k := 0; k <= 5; k++ {
		if got, want := mustExact(t, Objective{Kind: BullsEyes, K: k}, DefaultSetup(), Keep()), binomialAtLeast(k, big.NewRat(1, 3)); got.Cmp(want) != 0 {
			t.Errorf("keep bullseyes=%d: %s, want %s", k, got.RatString(), want.RatString())
		}
		if got, want := mustExact(t, Objective{Kind: Beers, K: k}, DefaultSetup(), Keep()), binomialAtLeast(k, big.NewRat(1, 6)); got.Cmp(want) != 0 {
			t.Errorf("keep beers=%d: %s, want %s", k, got.RatString(), want.RatString())
		}
	}
}

// TestRerollAllNoArrows: rerolling everything (Dynamite stays) and taking no Arrow on
// any roll. Each die is its own chain: on each roll it shows Dynamite (1/6, then locked),
// or a non-Arrow (4/6, rolled again). With 0 rerolls (5/6)^5; closed form per die for r
// rerolls: P = sum_{j=0..r} (4/6)^j (1/6) + (4/6)^(r+1), provided no Dynamite stop ends
// it early, which the DP handles; so check only threshold 6 (never stops).
func TestRerollAllNoArrows(t *testing.T) {
	for r := 0; r <= 3; r++ {
		s := DefaultSetup()
		s.Rerolls, s.DynamiteThreshold = r, dice.NumDice+1
		die := new(big.Rat)
		pow := big.NewRat(1, 1)
		for range r + 1 {
			die.Add(die, new(big.Rat).Mul(pow, big.NewRat(1, 6)))
			pow.Mul(pow, big.NewRat(4, 6))
		}
		die.Add(die, pow)
		want := big.NewRat(1, 1)
		for range 5 {
			want.Mul(want, die)
		}
		if got := mustExact(t, Objective{Kind: NoArrows}, s, RerollAll(s)); got.Cmp(want) != 0 {
			t.Errorf("%d rerolls: %s, want %s", r, got.RatString(), want.RatString())
		}
	}
}

func TestOptimalDominates(t *testing.T) {
	for _, obj := range allObjectives() {
		for _, ch := range diceCharacters {
			var prev *big.Rat
			for rerolls := 0; rerolls <= 4; rerolls++ {
				s := Setup{Rerolls: rerolls, GatlingThreshold: 3, DynamiteThreshold: 3}.WithCharacter(ch)
				opt := mustExact(t, obj, s, nil)
				for name, p := range map[string]Policy{"keep": Keep(), "reroll-all": RerollAll(s), "greedy": greedy(obj, s)} {
					if v := mustExact(t, obj, s, p); opt.Cmp(v) < 0 {
						t.Errorf("%v %v %d rerolls: optimal %s < %s %s", obj, ch, rerolls, opt.FloatString(6), name, v.FloatString(6))
					}
				}
				if prev != nil && opt.Cmp(prev) < 0 {
					t.Errorf("%v %v: optimal drops from %s to %s with %d rerolls", obj, ch, prev.FloatString(6), opt.FloatString(6), rerolls)
				}
				prev = opt
				plan, err := Solve(obj, s)
				if err != nil {
					t.Fatal(err)
				}
				if plan.Value().Cmp(opt) != 0 {
					t.Errorf("%v %v: Plan.Value %s, Exact %s", obj, ch, plan.Value().RatString(), opt.RatString())
				}
				if v := mustExact(t, obj, s, plan); v.Cmp(opt) != 0 {
					t.Errorf("%v %v: evaluating the plan gives %s, optimum %s", obj, ch, v.RatString(), opt.RatString())
				}
				if opt.Sign() < 0 || opt.Cmp(big.NewRat(1, 1)) > 0 {
					t.Errorf("%v %v: %s is not a probability", obj, ch, opt.RatString())
				}
			}
		}
	}
}

func TestCharacters(t *testing.T) {
	val := func(obj Objective, ch dice.Character) *big.Rat {
		s := DefaultSetup()
		s = s.WithCharacter(ch)
		return mustExact(t, obj, s, nil)
	}
	g := Objective{Kind: Gatling}
	plain := val(g, dice.Plain)
	for _, ch := range []dice.Character{dice.LuckyDuke, dice.WillyTheKid, dice.BlackJack} {
		if v := val(g, ch); v.Cmp(plain) <= 0 {
			t.Errorf("%v gatling %s not above Plain %s", ch, v.FloatString(6), plain.FloatString(6))
		}
	}
	// Characters whose ability does not touch the dice roll like Plain.
	for _, ch := range []dice.Character{dice.BartCassidy, dice.SuzyLafayette, dice.CalamityJanet} {
		for _, obj := range allObjectives() {
			if v, w := val(obj, ch), val(obj, dice.Plain); v.Cmp(w) != 0 {
				t.Errorf("%v %v: %s, Plain %s", ch, obj, v.RatString(), w.RatString())
			}
		}
	}
	// Black Jack never gains from rerolling Dynamite when chasing Dynamite.
	if v, w := val(Objective{Kind: Dynamite}, dice.BlackJack), val(Objective{Kind: Dynamite}, dice.Plain); v.Cmp(w) != 0 {
		t.Errorf("Black Jack dynamite %s, Plain %s", v.RatString(), w.RatString())
	}
}

// TestSymmetry: Gatling and Beer are alike to the dice (neither locked nor stopping), so
// "k Gatlings" and "k Beers" have the same odds under the optimal policy, and Willy the
// Kid's Gatling is Plain's beers=2.
func TestSymmetry(t *testing.T) {
	for _, ch := range diceCharacters {
		for k := 1; k <= 5; k++ {
			s := DefaultSetup()
			s = s.WithCharacter(ch)
			s.GatlingThreshold = k
			if ch == dice.WillyTheKid {
				if k == dice.NumDice {
					// A threshold past the dice is the Gatling off, for Willy too, as the
					// engine has it (dice.State.refreshProfile).
					s.GatlingThreshold = k + 1
					if g := mustExact(t, Objective{Kind: Gatling}, s, nil); g.Sign() != 0 {
						t.Errorf("Willy the Kid, threshold %d (off): gatling %s, want 0", k+1, g.RatString())
					}
					continue
				}
				s.GatlingThreshold = k + 1
			}
			g, b := mustExact(t, Objective{Kind: Gatling}, s, nil), mustExact(t, Objective{Kind: Beers, K: k}, s, nil)
			if g.Cmp(b) != 0 {
				t.Errorf("%v, %d needed: gatling %s, beers %s", ch, k, g.RatString(), b.RatString())
			}
		}
	}
}

func TestEdgeThresholds(t *testing.T) {
	s := DefaultSetup()
	s.GatlingThreshold, s.DynamiteThreshold = dice.NumDice+1, dice.NumDice+1
	for _, obj := range []Objective{{Kind: Gatling}, {Kind: Dynamite}} {
		if v := mustExact(t, obj, s, nil); v.Sign() != 0 {
			t.Errorf("%v with threshold 6: %s, want 0", obj, v.RatString())
		}
	}
	for _, obj := range []Objective{{Kind: BullsEyes}, {Kind: Beers}} {
		if v := mustExact(t, obj, DefaultSetup(), nil); v.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%v: %s, want 1", obj, v.RatString())
		}
	}
	s = DefaultSetup()
	s.GatlingThreshold = 1
	s = s.WithCharacter(dice.WillyTheKid) // never below 1
	want := mustExact(t, Objective{Kind: Gatling}, Setup{Rerolls: 2, GatlingThreshold: 1, DynamiteThreshold: 3}, nil)
	if v := mustExact(t, Objective{Kind: Gatling}, s, nil); v.Cmp(want) != 0 {
		t.Errorf("Willy, threshold 1: %s, want %s", v.RatString(), want.RatString())
	}
	s = DefaultSetup()
	s.Rerolls = MaxRerolls
	s = s.WithCharacter(dice.LuckyDuke)
	// With endless rerolls each die ends Gatling or Dynamite, 1/2 each, and the Dynamite
	// stop only cuts chances: the odds approach, but stay below, 1/2.
	v := mustExact(t, Objective{Kind: Gatling}, s, nil)
	if lo := mustExact(t, Objective{Kind: Gatling}, DefaultSetup(), nil); v.Cmp(lo) <= 0 || v.Cmp(big.NewRat(1, 2)) >= 0 || v.Cmp(big.NewRat(49, 100)) <= 0 {
		t.Errorf("11 rerolls: gatling %s, want between 0.49 and 1/2", v.FloatString(6))
	}
}

func TestParseObjective(t *testing.T) {
	good := map[string]Objective{
		"gatling":       {Kind: Gatling},
		" Dynamite ":    {Kind: Dynamite},
		"bullseyes=2":   {Kind: BullsEyes, K: 2},
		"bulls-eyes=0":  {Kind: BullsEyes},
		"BEERS=5":       {Kind: Beers, K: 5},
		"beer = 1":      {Kind: Beers, K: 1},
		"no-arrows":     {Kind: NoArrows},
		"noarrows":      {Kind: NoArrows},
		"bullseye=3":    {Kind: BullsEyes, K: 3},
		"gatlings":      {Kind: Gatling},
		"no-arrow":      {Kind: NoArrows},
		"bulls-eye=1":   {Kind: BullsEyes, K: 1},
		"dynamites":     {Kind: Dynamite},
		"beers=01":      {Kind: Beers, K: 1},
		"bullseyes= 4 ": {Kind: BullsEyes, K: 4},
	}
	for in, want := range good {
		got, err := ParseObjective(in)
		if err != nil || got != want {
			t.Errorf("ParseObjective(%q) = %v, %v; want %v", in, got, err, want)
		}
		if back, err := ParseObjective(got.String()); err != nil || back != got {
			t.Errorf("round trip of %v: %v, %v", got, back, err)
		}
	}
	bad := map[string]string{
		"":            "want",
		"gatling=2":   "takes no count",
		"bullseyes":   "needs a count",
		"beers=6":     "from 0 to 5",
		"beers=-1":    "from 0 to 5",
		"beers=x":     "whole number",
		"arrows":      "want",
		"no-arrows=0": "takes no count",
	}
	for in, frag := range bad {
		_, err := ParseObjective(in)
		if !errors.Is(err, ErrObjective) || !strings.Contains(err.Error(), frag) {
			t.Errorf("ParseObjective(%q) error %v, want ErrObjective mentioning %q", in, err, frag)
		}
	}
	for _, o := range []Objective{{Kind: NumObjectiveKinds}, {Kind: Gatling, K: 1}, {Kind: Beers, K: 6}} {
		if _, err := Exact(o, DefaultSetup(), nil); !errors.Is(err, ErrObjective) {
			t.Errorf("Exact(%+v) error %v, want ErrObjective", o, err)
		}
	}
}

func TestSetupErrors(t *testing.T) {
	for _, s := range []Setup{
		{Rerolls: -1, GatlingThreshold: 3, DynamiteThreshold: 3},
		{Rerolls: 11, GatlingThreshold: 3, DynamiteThreshold: 3},
		{Rerolls: 2, GatlingThreshold: 0, DynamiteThreshold: 3},
		{Rerolls: 2, GatlingThreshold: 3, DynamiteThreshold: 7},
		{Rerolls: 2, GatlingThreshold: 3, DynamiteThreshold: 3, ExtraRerolls: -1},
		{Rerolls: 2, GatlingThreshold: 3, DynamiteThreshold: 3, GatlingDiscount: 6},
		{Rerolls: 2, GatlingThreshold: 3, DynamiteThreshold: 3, DynamiteRerollMax: 6},
	} {
		if _, err := Exact(Objective{Kind: Gatling}, s, nil); !errors.Is(err, ErrSetup) {
			t.Errorf("Exact with %+v: error %v, want ErrSetup", s, err)
		}
	}
	r := dice.DefaultRules(5)
	for ch, want := range map[dice.Character]Setup{
		dice.Plain:       {2, 3, 3, 0, 0, 0},
		dice.LuckyDuke:   {2, 3, 3, 1, 0, 0},
		dice.WillyTheKid: {2, 3, 3, 0, 1, 0},
		dice.BlackJack:   {2, 3, 3, 0, 0, dice.NumDice},
		dice.SidKetchum:  {2, 3, 3, 0, 0, 0},
	} {
		if got := SetupFromRules(r, ch); got != want {
			t.Errorf("SetupFromRules(%v) = %+v, want %+v", ch, got, want)
		}
	}
}

func TestIllegalPolicy(t *testing.T) {
	s := DefaultSetup()
	cases := map[string]Policy{
		"Dynamite": RerollAll(Setup{}.WithCharacter(dice.BlackJack)),
		"of":       PolicyFunc(func(c [dice.NumFaces]int, _ int) [dice.NumFaces]int { c[dice.Beer]++; return c }),
		"-1":       PolicyFunc(func([dice.NumFaces]int, int) [dice.NumFaces]int { return [dice.NumFaces]int{-1} }),
	}
	for frag, p := range cases {
		_, err := Exact(Objective{Kind: Gatling}, s, p)
		if !errors.Is(err, ErrPolicy) || !strings.Contains(err.Error(), frag) || !strings.Contains(err.Error(), "rerolls left") {
			t.Errorf("illegal policy %q: error %v", frag, err)
		}
	}
	// Black Jack may reroll Dynamite.
	s = s.WithCharacter(dice.BlackJack)
	if _, err := Exact(Objective{Kind: Gatling}, s, RerollAll(s)); err != nil {
		t.Errorf("Black Jack rerolling Dynamite: %v", err)
	}
}

func TestPlanDecisions(t *testing.T) {
	plan, err := Solve(Objective{Kind: Gatling}, DefaultSetup())
	if err != nil {
		t.Fatal(err)
	}
	c := func(s string) [dice.NumFaces]int {
		var d [dice.NumFaces]int
		for i := range len(s) {
			f, ok := dice.FaceFromLetter(s[i])
			if !ok {
				t.Fatalf("bad face %q", s[i])
			}
			d[f]++
		}
		return d
	}
	cases := []struct {
		showing, reroll string
		left            int
	}{
		{"GGGAB", "", 2},    // already fires: stop
		{"GGAB1", "AB1", 2}, // keep the Gatlings
		{"GDDAB", "AB", 1},  // Dynamite locked
		{"DDDGG", "", 2},    // the Dynamite stop: never asked
		{"GGAB1", "", 0},    // no reroll left
		{"GGAB1", "", 3},    // beyond the setup's rerolls
	}
	for _, tc := range cases {
		if got, want := plan.Reroll(c(tc.showing), tc.left), c(tc.reroll); got != want {
			t.Errorf("%s with %d left: reroll %v, want %v", tc.showing, tc.left, got, want)
		}
	}
	if got := plan.Reroll([dice.NumFaces]int{1}, 1); got != ([dice.NumFaces]int{}) {
		t.Errorf("plan on a 1-die state: %v", got)
	}
	// No-arrows: never roll again; once an Arrow was rolled the turn is lost, so stop.
	na, err := Solve(Objective{Kind: NoArrows}, DefaultSetup())
	if err != nil {
		t.Fatal(err)
	}
	for _, showing := range []string{"AAAAA", "A1BGG", "D12BG", "GGGGG"} {
		if got := na.Reroll(c(showing), 2); got != ([dice.NumFaces]int{}) {
			t.Errorf("no-arrows plan rerolls %v in %s", got, showing)
		}
	}
	if plan.Objective() != (Objective{Kind: Gatling}) || plan.Setup() != DefaultSetup() {
		t.Error("plan forgets its objective or setup")
	}
}

func TestRerollMask(t *testing.T) {
	d := dice.Dice{dice.Gatling, dice.Arrow, dice.Gatling, dice.Beer, dice.Arrow}
	var rr [dice.NumFaces]int
	rr[dice.Arrow], rr[dice.Gatling] = 2, 1
	if got := RerollMask(d, rr); got != 0b10011 {
		t.Errorf("RerollMask = %05b, want 10011", got)
	}
	if got := RerollMask(d, [dice.NumFaces]int{}); got != 0 {
		t.Errorf("RerollMask of nothing = %05b", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("RerollMask with too many Beers did not panic")
		}
	}()
	rr = [dice.NumFaces]int{}
	rr[dice.Beer] = 2
	RerollMask(d, rr)
}

func TestNamedPolicy(t *testing.T) {
	want := []string{"keep", "optimal", "reroll-all"}
	names := PolicyNames()
	for _, w := range want {
		found := false
		for _, n := range names {
			found = found || n == w
		}
		if !found {
			t.Errorf("PolicyNames() = %v, missing %q", names, w)
		}
	}
	obj, s := Objective{Kind: BullsEyes, K: 2}, DefaultSetup()
	for _, name := range want {
		p, err := NamedPolicy(name, obj, s)
		if err != nil {
			t.Fatal(err)
		}
		ref := map[string]Policy{"keep": Keep(), "optimal": nil, "reroll-all": RerollAll(s)}[name]
		if v, w := mustExact(t, obj, s, p), mustExact(t, obj, s, ref); v.Cmp(w) != 0 {
			t.Errorf("NamedPolicy(%q): %s, want %s", name, v.RatString(), w.RatString())
		}
	}
	if _, err := NamedPolicy("yolo", obj, s); !errors.Is(err, ErrPolicy) || !strings.Contains(err.Error(), "reroll-all") {
		t.Errorf("unknown policy error %v", err)
	}
	if _, err := NamedPolicy("optimal", Objective{Kind: Beers, K: 9}, s); !errors.Is(err, ErrObjective) {
		t.Errorf("optimal with a bad objective: %v", err)
	}
	if err := RegisterPolicy("test-greedy", func(o Objective, s Setup) (Policy, error) { return greedy(o, s), nil }); err != nil {
		t.Fatal(err)
	}
	if err := RegisterPolicy("test-greedy", func(Objective, Setup) (Policy, error) { return Keep(), nil }); !errors.Is(err, ErrPolicy) {
		t.Errorf("duplicate registration: %v", err)
	}
	if err := RegisterPolicy("", nil); !errors.Is(err, ErrPolicy) {
		t.Errorf("empty registration: %v", err)
	}
	if _, err := NamedPolicy("test-greedy", obj, s); err != nil {
		t.Error(err)
	}
}

func BenchmarkExactOptimal(b *testing.B) {
	s := DefaultSetup()
	s = s.WithCharacter(dice.LuckyDuke)
	for b.Loop() {
		if _, err := Exact(Objective{Kind: Gatling}, s, nil); err != nil {
			b.Fatal(err)
		}
	}
}
