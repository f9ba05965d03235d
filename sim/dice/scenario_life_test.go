package dice

import (
	"errors"
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
)

// A life change (--life) raises or lowers one character's starting and maximum life,
// the Sheriff's bonus on top, and changes nothing else of the deal: the same seeds deal
// the same roles, characters, dice and arrows.
func TestLifeDeltaChangesOnlyThatCharactersLife(t *testing.T) {
	base := DefaultRules(5)
	base.Deal = DealSeats
	if err := base.SetPool([]Character{WillyTheKid, ElGringo, BartCassidy, Jourdonnais, PaulRegret}); err != nil {
		t.Fatal(err)
	}
	changed := base
	changed.LifeDelta[WillyTheKid] = +2 // the Sheriff, seat 0
	changed.LifeDelta[ElGringo] = -1
	changed.LifeDelta[LuckyDuke] = +5 // not at the table
	for _, r := range []*Rules{&base, &changed} {
		if err := r.Validate(); err != nil {
			t.Fatal(err)
		}
	}
	for seed := uint64(1); seed <= 20; seed++ {
		var a, b State
		a.Setup(&base, seed, seed*7)
		b.Setup(&changed, seed, seed*7)
		want := map[int]int8{0: +2, 1: -1}
		for s := 0; s < 5; s++ {
			d := want[s]
			if b.Life[s]-a.Life[s] != d || b.MaxLife[s]-a.MaxLife[s] != d || b.Life[s] != b.MaxLife[s] {
				t.Fatalf("seed %d seat %d (%s): life %d/%d, without the change %d/%d; want %+d",
					seed, s, a.Char[s], b.Life[s], b.MaxLife[s], a.Life[s], a.MaxLife[s], d)
			}
		}
		if b.Life[0] != int8(Life(WillyTheKid))+2+int8(base.SheriffBonus) {
			t.Fatalf("the Sheriff Willy the Kid has %d life", b.Life[0])
		}
		// Everything else is the same: put the life and the rules back and compare.
		b.Life, b.MaxLife, b.Rules = a.Life, a.MaxLife, a.Rules
		if a != b {
			t.Fatalf("seed %d: the change altered more than life", seed)
		}
	}
}

// Validate keeps each change within ±5 and every character's life at least 1.
func TestLifeDeltaValidate(t *testing.T) {
	for _, tc := range []struct {
		c  Character
		d  int8
		ok bool
	}{{WillyTheKid, 5, true}, {WillyTheKid, -5, true}, {WillyTheKid, 6, false}, {ElGringo, -6, false}, {Plain, -5, true}} {
		r := DefaultRules(5)
		r.LifeDelta[tc.c] = tc.d
		err := r.Validate()
		if (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrRules)) {
			t.Errorf("%s %+d: %v", tc.c, tc.d, err)
		}
	}
	if bang.MaxLifeDelta != 5 {
		t.Fatal("the documented range is -5 to +5")
	}
}
