package odds

import (
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/dice"
)

// power is primitive prim of the dice game with its first argument a.
func power(prim int, a uint8) bang.Power {
	return bang.Power{Prim: uint8(prim + 1), Args: [bang.MaxPowerArgs]uint8{a}}
}

// TestSetupReadsPowers: a turn's odds follow the primitives the roller holds, not its
// name: a designer's character holding extra_rerolls(rerolls=2) and
// gatling_discount(fewer=2) rolls like Plain with two more rerolls and a Gatling
// threshold two lower, and a printed card with another ability value (Lucky Duke's
// rerolls=2) like Plain with its rerolls.
func TestSetupReadsPowers(t *testing.T) {
	set, err := bang.PrintedSet(dice.Life, dice.Ability).Extend(bang.CharacterSpec{Name: "Quick Draw", Life: 8,
		Powers: bang.Powers{power(dice.PrimExtraRerolls, 2), power(dice.PrimGatlingDiscount, 2)}})
	if err != nil {
		t.Fatal(err)
	}
	r := dice.DefaultRules(5)
	r.SetCharacters(set)
	quick := SetupFromRules(r, bang.NumCharacters)
	if quick.TotalRerolls() != 4 || quick.GatlingNeed() != 1 || !quick.DynamiteLocked() {
		t.Fatalf("Quick Draw's setup %+v: %d rerolls, needs %d", quick, quick.TotalRerolls(), quick.GatlingNeed())
	}
	plain := Setup{Rerolls: 4, GatlingThreshold: 1, DynamiteThreshold: 3}
	for _, obj := range []Objective{{Kind: Gatling}, {Kind: Beers, K: 3}, {Kind: Dynamite}} {
		if got, want := mustExact(t, obj, quick, nil), mustExact(t, obj, plain, nil); got.Cmp(want) != 0 {
			t.Errorf("%v: Quick Draw %s, Plain with 4 rerolls and threshold 1 %s", obj, got.RatString(), want.RatString())
		}
	}

	r = dice.DefaultRules(5)
	r.Ability.LuckyRerolls = 2
	lucky := SetupFromRules(r, dice.LuckyDuke)
	plain = Setup{Rerolls: 4, GatlingThreshold: 3, DynamiteThreshold: 3}
	if got, want := mustExact(t, Objective{Kind: Gatling}, lucky, nil), mustExact(t, Objective{Kind: Gatling}, plain, nil); got.Cmp(want) != 0 {
		t.Errorf("Lucky Duke rerolls=2: %s, Plain with 4 rerolls %s", got.RatString(), want.RatString())
	}
}

// TestPartialDynamiteLock: reroll_dynamite(max_dynamite=1) frees the Dynamite only
// while one shows, as the engine has it (sim/dice/machine.go): the DP agrees with the
// independent brute force under every fixed habit and the optimum, and the optimum
// lies between a locked roller's and the printed Black Jack's.
func TestPartialDynamiteLock(t *testing.T) {
	s := DefaultSetup().WithPowers(bang.Powers{power(dice.PrimRerollDynamite, 1)})
	s.Rerolls = 1
	locked, free := DefaultSetup(), DefaultSetup().WithCharacter(dice.BlackJack)
	locked.Rerolls, free.Rerolls = 1, 1
	for _, obj := range []Objective{{Kind: BullsEyes, K: 2}, {Kind: Dynamite}, {Kind: Gatling}} {
		for name, p := range map[string]Policy{"optimal": nil, "reroll-all": RerollAll(s), "keep": Keep()} {
			got, err := Exact(obj, s, p)
			if err != nil {
				t.Fatal(err)
			}
			if want := bruteForce(t, obj, s, p); got.Cmp(want) != 0 {
				t.Errorf("%v %s: DP %s, brute force %s", obj, name, got.RatString(), want.RatString())
			}
		}
		v, lo, hi := mustExact(t, obj, s, nil), mustExact(t, obj, locked, nil), mustExact(t, obj, free, nil)
		if v.Cmp(lo) < 0 || v.Cmp(hi) > 0 {
			t.Errorf("%v: max_dynamite=1 %s outside [locked %s, Black Jack %s]", obj, v.FloatString(6), lo.FloatString(6), hi.FloatString(6))
		}
	}
}
