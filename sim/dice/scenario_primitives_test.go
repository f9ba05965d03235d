package dice

import (
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
)

// Scenarios of added characters composed of several primitives: each primitive takes
// effect as it would alone. (Every single primitive at a non-default argument, held by
// an added character, is TestScenariosWithAddedTwins.) Seating as elsewhere: scFive,
// Plain unless listed, seat 0 the Sheriff (+2 life); the added characters have 8 life.

// power returns the dice primitive named name with args.
func power(t *testing.T, name string, args ...int) bang.Power {
	t.Helper()
	i, err := bang.FindPrimitive(primitives, name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := bang.NewPower(primitives, i, args...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// addedRules returns r playing one added character, "Composite", of powers pw, 8 life:
// it is Character NumCharacters.
func addedRules(t *testing.T, r Rules, pw ...bang.Power) Rules {
	t.Helper()
	sp := bang.CharacterSpec{Name: "Composite", Life: 8}
	copy(sp.Powers[:], pw)
	set, err := bang.PrintedSet(Life, Ability).Extend(sp)
	if err != nil {
		t.Fatal(err)
	}
	r.SetCharacters(set)
	return r
}

// composite is the added character of addedRules.
const composite = NumCharacters

func TestPrimitivesCombined_ExtraRerollsAndIndianCap(t *testing.T) {
	// extra_rerolls(rerolls=2) + indian_cap(max_loss=2): taking the pile's last arrow
	// while holding 3, he loses 2 to the Indians, not 4, and has 4 rerolls.
	r := addedRules(t, DefaultRules(5), power(t, "extra_rerolls", 2), power(t, "indian_cap", 2))
	s := newScenarioRules(t, r, map[int]Character{0: composite}, scFive...)
	s.arrows(1, map[int]int{0: 3, 3: 5})
	s.script("ADDGG" + "BBBBB")
	s.start()
	s.options(s.expect(DecideReroll, 0), scOpts(0, 3, 4))
	if s.g.RerollsLeft != 4 {
		t.Fatalf("rerolls left %d, want 4 (2 and extra_rerolls' 2)", s.g.RerollsLeft)
	}
	s.wantLife(8, 8, 8, 3, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantCounts(1, 0, 0)
}

func TestPrimitivesCombined_TwoHeals(t *testing.T) {
	// start_heal(heal=2) + end_heal(heal=1): +2 to himself before rolling (D11), +1 at the
	// end of a turn without a Bull's Eye.
	r := addedRules(t, DefaultRules(5), power(t, "start_heal", 2), power(t, "end_heal", 1, 0))
	s := newScenarioRules(t, r, map[int]Character{0: composite}, scFive...)
	s.life(map[int]int{0: 5})
	s.script("GGDDA" + "BBBBB")
	s.start()
	s.options(s.expect(DecideSidHeal, 0), scOpts(0, 1, 2, 3, 4))
	s.apply(0)
	s.wantLife(7, 8, 8, 8, 8)
	s.stop(0)
	s.expect(DecideReroll, 1)
	s.wantLife(8, 8, 8, 8, 8)
	s.wantArrows(8, 1, 0, 0, 0, 0)
}

func TestPrimitivesCombined_SwapAndReach(t *testing.T) {
	// bullseye_swap + reach(reach=1), 7 players: either face reaches distance 1 or 2,
	// each one farther: every seat, distance 3 by Bull's Eye 1 and distance 1 by Bull's
	// Eye 2 included.
	r := addedRules(t, DefaultRules(7), power(t, "bullseye_swap", 1), power(t, "reach", 1))
	s := newScenarioRules(t, r, map[int]Character{0: composite}, Sheriff, Outlaw, Outlaw, Outlaw, Renegade, Deputy, Deputy)
	s.script("12DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 2, 3, 4, 5, 6))
	s.apply(3)
	s.options(s.expectDie(DecideTarget, 0, 1), scOpts(1, 2, 3, 4, 5, 6))
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 8, 7, 8, 8, 8)
}

func TestPrimitivesCombined_ArrowForLifeAndReturnArrows(t *testing.T) {
	// arrow_for_life + return_arrows, hit by two Bull's Eyes: he takes an arrow for the
	// first point (D8), loses the second and returns one of his arrows for it.
	r := addedRules(t, DefaultRules(5), power(t, "arrow_for_life", 1), power(t, "return_arrows", 1))
	s := newScenarioRules(t, r, map[int]Character{1: composite}, scFive...)
	s.script("11DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1) // die 0 at seat 1
	s.apply(1) // die 1 at seat 1
	s.expect(DecideBartArrow, 1)
	s.apply(1)
	s.wantArrows(8, 0, 1, 0, 0, 0)
	s.expect(DecideBartArrow, 1)
	s.apply(0)
	s.expect(DecidePedroReturn, 1)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 8, 8, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
}

// TestPrimitivesRefused: an added character holding one primitive twice, a primitive
// outside the table or an argument outside its range is refused by Validate, in one
// line naming the character and the primitive; two different primitives never are.
func TestPrimitivesRefused(t *testing.T) {
	twice := addedRules(t, DefaultRules(5), power(t, "extra_rerolls", 1), power(t, "extra_rerolls", 2))
	if err := twice.Validate(); err == nil || !strings.Contains(err.Error(), "extra_rerolls given twice") || !strings.Contains(err.Error(), "#17") {
		t.Errorf("extra_rerolls twice: %v", err)
	}
	far := addedRules(t, DefaultRules(5), bang.Power{Prim: NumPrimitives + 1})
	if err := far.Validate(); err == nil || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("primitive %d: %v", NumPrimitives+1, err)
	}
	big := addedRules(t, DefaultRules(5), bang.Power{Prim: PrimReach + 1, Args: [3]uint8{3}})
	if err := big.Validate(); err == nil || !strings.Contains(err.Error(), "reach.reach 3, want 0 to 2") {
		t.Errorf("reach 3: %v", err)
	}
	for i := range NumPrimitives {
		for j := range NumPrimitives {
			if i == j {
				continue
			}
			r := addedRules(t, DefaultRules(5), bang.Power{Prim: uint8(i + 1), Args: defaultArgs(i)}, bang.Power{Prim: uint8(j + 1), Args: defaultArgs(j)})
			if err := r.Validate(); err != nil {
				t.Errorf("%s + %s refused: %v", primitives[i].Name, primitives[j].Name, err)
			}
		}
	}
}

// defaultArgs is primitive i's printed arguments.
func defaultArgs(i int) [bang.MaxPowerArgs]uint8 {
	var a [bang.MaxPowerArgs]uint8
	for j, p := range primitives[i].Params {
		a[j] = uint8(p.Default)
	}
	return a
}
