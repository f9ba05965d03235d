package card

import (
	"errors"
	"testing"
)

// TestLifeDelta: a designer's life change moves the character's maximum life, starting
// life and starting hand (a player is dealt as many cards as life points), the Sheriff
// still adding 1; Validate refuses a change that leaves a character below 1 life.
func TestLifeDelta(t *testing.T) {
	r := DefaultRules(4)
	r.Deal = DealSeats
	if err := r.SetPool([]Character{ElGringo, BartCassidy, PaulRegret, SuzyLafayette}); err != nil {
		t.Fatal(err)
	}
	r.LifeDelta[ElGringo] = +2
	r.LifeDelta[PaulRegret] = -1
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	var g State
	g.Setup(&r, 1, 2)
	for s, want := range []int{Life(ElGringo) + 2 + 1, Life(BartCassidy), Life(PaulRegret) - 1, Life(SuzyLafayette)} {
		if int(g.Life[s]) != want || int(g.MaxLife[s]) != want || g.Hand[s].Len() != want {
			t.Errorf("seat %d (%s): life %d max %d hand %d, want %d", s, g.Char[s], g.Life[s], g.MaxLife[s], g.Hand[s].Len(), want)
		}
	}
	r.LifeDelta[ElGringo] = -int8(Life(ElGringo)) // 3 life: within ±5, leaves 0
	if err := r.Validate(); !errors.Is(err, ErrRules) {
		t.Errorf("a change to 0 life: Validate = %v, want ErrRules", err)
	}
}
