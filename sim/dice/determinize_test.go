package dice

import (
	"math/rand/v2"
	"testing"
)

// A determinized copy hides unrevealed roles and cannot replay the real dice.
func TestDeterminizeHidesRolesAndFuture(t *testing.T) {
	r := DefaultRules(6)
	var g State
	g.Reset(&r, 11, 12)
	var v View
	g.FillView(&v)
	var c State
	v.Determinize(&c, 99, 100)
	for s := 0; s < 6; s++ {
		switch {
		case int8(s) == v.Self || g.Revealed[s] != RoleUnknown:
			if c.Role[s] != g.Role[s] {
				t.Errorf("seat %d: known role %v changed to %v", s, g.Role[s], c.Role[s])
			}
		case c.Role[s] != RoleUnknown:
			t.Errorf("seat %d: hidden role %v leaked", s, c.Role[s])
		}
	}
	c.DealHidden(rand.NewPCG(1, 2))
	if got, want := countRoles(&c), RoleCounts(6); got != want {
		t.Fatalf("dealt roles %v, want counts %v", got, want)
	}
	// The copy's dice stream is not the game's: its next rolls differ from the real ones.
	same := 0
	for i := uint64(0); i < 50; i++ {
		var real State
		real.Reset(&r, i, i+1)
		real.FillView(&v)
		var cp State
		v.Determinize(&cp, i+500, i+501)
		real.rollDice(allDice)
		cp.rollDice(allDice)
		if real.Dice == cp.Dice {
			same++
		}
	}
	if same > 1 {
		t.Fatalf("the copy rolled the real game's next dice %d times of 50", same)
	}
}

func countRoles(g *State) [NumRoles]int {
	var c [NumRoles]int
	for s := 0; s < int(g.Players); s++ {
		c[g.Role[s]]++
	}
	return c
}
