package dicebots

import (
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
)

// TestHeuristicReadsPrimitives: the heuristic judges a seat by the primitives its
// profile holds, whatever its character: a gatling_discount lowers the Gatlings it
// chases, an arrows_to_hitter target is a worse shot, an indian_cap bounds its Indian
// loss, a low_beer makes its own Beer worth more. (That a printed character and its
// added twin get the very same choices is TestTwinPlaysTheSameGames in sim/dice.)
func TestHeuristicReadsPrimitives(t *testing.T) {
	v := readView(5, 0, dice.Sheriff)
	v.Char[0], v.Char[2] = dice.NumCharacters, dice.NumCharacters+1 // added characters
	if got := gatlingNeed(v); got != 3 {
		t.Fatalf("no primitive: need %d, want 3", got)
	}
	v.Profile.Has[dice.PrimGatlingDiscount] = 1 << 0
	v.Profile.Arg[0].WillyFewer = 2
	if got := gatlingNeed(v); got != 1 {
		t.Errorf("gatling_discount(fewer=2): need %d, want 1", got)
	}
	var r reading
	r.read(v, &DefaultHeuristicParams)
	plain := r.shotScore(v, 2, 1)
	v.Profile.Has[dice.PrimArrowsToHitter] = 1 << 2
	if got := r.shotScore(v, 2, 1); got >= plain {
		t.Errorf("arrows_to_hitter target scores %d, a plain one %d", got, plain)
	}
	v.Profile.Has[dice.PrimIndianCap] = 1 << 0
	v.Profile.Arg[0].JourdonnaisCap = 2
	if got := v.Profile.IndianLoss(0, 5); got != 2 {
		t.Errorf("indian_cap(max_loss=2): loss %d, want 2", got)
	}
	v.Profile.Has[dice.PrimLowBeer] = 1 << 0
	v.Profile.Arg[0].JesseHeal, v.Profile.Arg[0].JesseAtMost = 3, 6
	if got := v.Profile.SelfBeer(0, 6); got != 3 {
		t.Errorf("low_beer(heal=3,at_most=6) at 6 life: %d, want 3", got)
	}
}
