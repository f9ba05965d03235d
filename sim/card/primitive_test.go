package card

import "testing"

// TestPrimitivesMirrorTheCards checks that each printed character's power is its own
// primitive, every argument the printed card's, and that each ability parameter is an
// argument of its character's primitive under the same name, range and default.
func TestPrimitivesMirrorTheCards(t *testing.T) {
	var a Abilities
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
	for _, ap := range abilityParams {
		found := false
		for _, par := range primitives[ap.Character].Params {
			if par.Name == ap.Name {
				found = par.Min == ap.Min && par.Max == ap.Max && par.Default == ap.Default
			}
		}
		if !found {
			t.Errorf("%s.%s is not its primitive's parameter of the same range", ap.Character, ap.Name)
		}
	}
}
