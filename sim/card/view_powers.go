package card

import "github.com/bangsim/bangsim/sim/bang"

// What a View shows of each unit's ability: public knowledge (every character is face
// up), read from the engine's profile (profile.go), so that a policy follows the
// primitives a character holds rather than its name. Filled from a game, the View
// points at the game's profiles; a View made by hand (a test's) computes its own from
// Rules and Char with ReadProfiles. Each accessor is one load, inlined into the policy:
// a fallback call here would put every accessor past the inliner's budget, and the
// heuristic reads them at every distance it measures.

// ReadProfiles makes the ability accessors of a View made by hand, not filled by the
// engine, read the profiles of its Rules and Char, as they stand now (call it again
// after changing them). A View the engine fills needs none: it reads the game's.
func (v *View) ReadProfiles() {
	for s := range v.own {
		v.own[s] = v.Rules.profileFor(v.Char[s])
	}
	v.units = &v.own
}

// Holds reports whether unit s (a seat; a slot in the long duel) holds primitive i
// (PrimDrawOnHit…).
func (v *View) Holds(s int8, i int) bool { return v.units[s&7].prims>>uint(i&15)&1 != 0 }

// Prims is unit s's primitives as bits (bit i: primitive i held): Holds for all of
// them in one call, for a policy that reads several.
func (v *View) Prims(s int8) uint16 { return v.units[s&7].prims }

// BangCap is the BANG! cards unit s may play a turn without a Volcanic: 1 without
// bang_limit, 255 for its "any number".
func (v *View) BangCap(s int8) int { return int(v.units[s&7].bangCap) }

// BuiltInBarrel is the "draw!"s unit s's built-in Barrel gives a shot (0 without).
func (v *View) BuiltInBarrel(s int8) int { return int(v.units[s&7].barrel) }

// Farther is the distance others see unit s farther (harder_to_reach; 0 without).
func (v *View) Farther(s int8) int { return int(v.units[s&7].harder) }

// Closer is the distance unit s sees the others closer (sees_closer; 0 without).
func (v *View) Closer(s int8) int { return int(v.units[s&7].closer) }

// MissedNeeded is the Missed! unit s's BANG! needs (needs_missed; 1 without).
func (v *View) MissedNeeded(s int8) int { return int(v.units[s&7].missed) }

// Powers returns unit s's ability as primitives (Rules.PowersFor its character).
func (v *View) Powers(s int8) bang.Powers { return v.Rules.PowersFor(v.Char[s&7]) }
