package lab_test

import (
	"context"
	"math"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// fixPool is a pool of characters close to one another under the heuristic, so that
// the unplanted game is nearly balanced and a planted change stands out.
const fixPool = "lucky-duke,black-jack,willy-the-kid,el-gringo,pedro-ramirez,calamity-janet,bart-cassidy"

// worstAll is the largest |difference| of a balance's "all" rows and the widest
// half-width among them.
func worstAll(b *report.Balance) (worst, half float64) {
	for _, r := range b.Rows {
		if r.Role == resultfile.AllRoles {
			worst, half = math.Max(worst, math.Abs(r.Diff)), math.Max(half, r.HalfWidth())
		}
	}
	return worst, half
}

// plantedFix plants rules on the pool, sets the tolerance a little above the
// unplanted game's worst difference on the same seeds, and runs the fix.
func plantedFix(t *testing.T, planted map[string]lab.Value, pins []string) *lab.FixResult {
	t.Helper()
	const games, seed = 30000, 11
	clean := diceSpec(t, []int{5}, games, seed, "heuristic", nil)
	clean = withPool(t, clean)
	cr, err := lab.RunBalance(context.Background(), clean)
	if err != nil {
		t.Fatal(err)
	}
	w, h := worstAll(cr.Balance)
	eps := w + h
	s := withPool(t, diceSpec(t, []int{5}, games, seed, "heuristic", planted))
	base, err := lab.RunBalance(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if pw, _ := worstAll(base.Balance); pw <= eps {
		t.Fatalf("the plant is not seen: worst %.3f within %.3f", pw, eps)
	}
	res, err := lab.FixBalance(context.Background(), s, base, lab.FixSpec{Epsilon: eps, Pins: pins, FreshSeed: 99})
	if err != nil {
		t.Fatal(err)
	}
	aw, ah := worstAll(res.After)
	t.Logf("eps %.3f; changes %v; fresh seeds: worst %.3f ± %.3f (before %.3f); %d games, %d evaluations",
		eps, res.Changes, aw, ah, func() float64 { w, _ := worstAll(res.Before); return w }(), res.Games, res.Evaluations)
	if aw > eps+ah {
		t.Errorf("fresh seeds: worst %.3f beyond %.3f plus noise %.3f", aw, eps, ah)
	}
	return res
}

// withPool deals the pool's characters in s.
func withPool(t *testing.T, s lab.BalanceSpec) lab.BalanceSpec {
	t.Helper()
	s.Config.Characters = fixPool
	c, err := lab.NewChoice(s.Run.Game, s.Config, s.Run.Seed, s.Run.Players)
	if err != nil {
		t.Fatal(err)
	}
	if s.Run.Prepared, err = s.Run.Game.Prepare(c); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestFixUndoesPlantedAbility: Willy the Kid made stronger through his parameter (a
// Gatling with 1 die: fewer=2) is found and undone, on fresh seeds, and nothing else
// changes. Lives are pinned: left free, the search fixes him as well with one life
// less (a change as small, and closer to the pool's balance on these seeds), which
// TestFixPlantedAbilityFreeLife shows. (Lucky Duke's rerolls were tried first: even five
// extra move him too little under the heuristic to stand out of this pool.)
func TestFixUndoesPlantedAbility(t *testing.T) {
	res := plantedFix(t, map[string]lab.Value{"ability": {Text: "willy-the-kid.fewer=2"}}, []string{"life"})
	if len(res.Changes) != 1 || res.Changes[0].Key != "willy-the-kid.fewer" || res.Changes[0].To >= 2 {
		t.Fatalf("changes %v, want willy-the-kid.fewer lowered alone", res.Changes)
	}
	if got := lab.FixFlags(res.Changes); len(got) != 1 || got[0] != "--ability willy-the-kid.fewer="+itoa(res.Changes[0].To) {
		t.Errorf("flags %v", got)
	}
}

// TestFixPlantedAbilityFreeLife: with lives free, the planted Willy the Kid is fixed
// by one change of his own, his life or his parameter, and nothing else.
func TestFixPlantedAbilityFreeLife(t *testing.T) {
	res := plantedFix(t, map[string]lab.Value{"ability": {Text: "willy-the-kid.fewer=2"}}, nil)
	if len(res.Changes) != 1 || res.Changes[0].Key != "willy-the-kid.fewer" && res.Changes[0].Key != "life:willy-the-kid" {
		t.Fatalf("changes %v, want one change to Willy the Kid", res.Changes)
	}
}

// TestFixUndoesPlantedLife: Black Jack given 3 more life is fixed by his life (his
// parameter pinned), and nothing else changes.
func TestFixUndoesPlantedLife(t *testing.T) {
	res := plantedFix(t, map[string]lab.Value{"life": {Text: "Black Jack=+3"}}, []string{"black-jack.max_dynamite"})
	if len(res.Changes) != 1 || res.Changes[0].Key != "life:black-jack" || res.Changes[0].To >= 3 {
		t.Fatalf("changes %v, want Black Jack's life lowered alone", res.Changes)
	}
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + itoa(n%10)
}
