package dice

import "testing"

// TestPrimitivesMirrorTheCards checks that each printed character's power is its own
// primitive with its ability parameters as arguments.
func TestPrimitivesMirrorTheCards(t *testing.T) {
	a := DefaultAbilities()
	for c := range Character(16) {
		p := PrintedPowers(c, &a)
		if int(p[0].Prim) != int(c)+1 || p.Len() != 1 {
			t.Errorf("%s: powers %v", c, p)
		}
		for j, par := range primitives[c].Params {
			if int(p[0].Args[j]) != par.Default {
				t.Errorf("%s: %s = %d, want the card's %d", c, par.Name, p[0].Args[j], par.Default)
			}
		}
	}
	if p := PrintedPowers(Plain, &a); p.Len() != 0 {
		t.Errorf("Plain has powers %v", p)
	}
}
