package dice

import "github.com/bangsim/bangsim/sim/bang"

// The dice game's ability primitives, in the order of the primitives table: each
// printed ability is one of them (PrintedPowers), and a character file composes them.
const (
	PrimArrowForLife      = iota // Bart Cassidy
	PrimRerollDynamite           // Black Jack
	PrimBullsEyeSwap             // Calamity Janet
	PrimArrowsToHitter           // El Gringo
	PrimLowBeer                  // Jesse Jones
	PrimIndianCap                // Jourdonnais
	PrimDiscardArrows            // Kit Carlson
	PrimExtraRerolls             // Lucky Duke
	PrimGatlingLoss              // Paul Regret
	PrimReturnArrows             // Pedro Ramirez
	PrimReach                    // Rose Doolan
	PrimStartHeal                // Sid Ketchum
	PrimDoubleBullsEye           // Slab the Killer
	PrimEndHeal                  // Suzy Lafayette
	PrimHealOnElimination        // Vulture Sam
	PrimGatlingDiscount          // Willy the Kid
	NumPrimitives
)

// primitives is the dice game's one table of ability primitives. Each primitive's
// parameters are the printed ability's (AbilityParams), with the same names, ranges
// and defaults, so that a printed character re-created from its primitive plays the
// very same games.
var primitives = func() []bang.Primitive {
	docs := [NumPrimitives]struct{ name, doc string }{
		{"arrow_for_life", "takes an arrow instead of losing a life point to a Bull's Eye or the Gatling"},
		{"reroll_dynamite", "may reroll Dynamite"},
		{"bullseye_swap", "uses a Bull's Eye 1 as a Bull's Eye 2 and the other way round"},
		{"arrows_to_hitter", "the player who makes him lose life with a Bull's Eye or the Gatling takes arrows"},
		{"low_beer", "a Beer on himself heals more while he is low"},
		{"indian_cap", "loses at most a few life points to an Indian attack"},
		{"discard_arrows", "discards arrows of any player for each Gatling"},
		{"extra_rerolls", "rerolls more times a turn"},
		{"gatling_loss", "loses less life to the Gatling"},
		{"return_arrows", "returns arrows to the pile instead of losing life points"},
		{"reach", "his Bull's Eyes reach farther"},
		{"start_heal", "at the start of his turn, a player of his choice gains life"},
		{"double_bullseye", "once a turn, a Beer makes one Bull's Eye do more damage"},
		{"end_heal", "gains life at the end of his turn if his dice show few Bull's Eyes"},
		{"heal_on_elimination", "gains life when another player is eliminated"},
		{"gatling_discount", "needs fewer Gatlings to fire"},
	}
	table := make([]bang.Primitive, NumPrimitives)
	for i, d := range docs {
		table[i] = bang.Primitive{Name: d.name, Doc: d.doc}
		for _, p := range abilityParams {
			if int(p.Character) == i {
				table[i].Params = append(table[i].Params, bang.PrimitiveParam{Name: p.Name, Min: p.Min, Max: p.Max, Default: p.Default(), Doc: p.Doc})
			}
		}
	}
	return table
}()

// Primitives returns the dice game's ability primitives (a copy of the one table).
func Primitives() []bang.Primitive { return append([]bang.Primitive(nil), primitives...) }

// PrintedPowers returns printed character c's ability as primitives with a's values
// (the printed cards' unless a run's --ability changed them): character i of the
// printed order has primitive i; Plain has none.
func PrintedPowers(c Character, a *Abilities) bang.Powers {
	var p bang.Powers
	if c >= bang.NumRealCharacters {
		return p
	}
	p[0].Prim = uint8(c) + 1
	j := 0
	for i := range abilityParams {
		if ap := &abilityParams[i]; ap.Character == c {
			p[0].Args[j] = uint8(ap.Get(a))
			j++
		}
	}
	return p
}
