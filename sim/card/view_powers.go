package card

import "github.com/bangsim/bangsim/sim/bang"

// What a View shows of each unit's ability: public knowledge (every character is face
// up), read from the engine's profile (profile.go), so that a policy follows the
// primitives a character holds rather than its name. In a View filled without a game
// (a test's, a sample's) they are computed from Rules and Char.

// profileOf returns unit s's profile.
func (v *View) profileOf(s int8) *profile {
	if v.game != nil {
		return &v.game.prof[s&7]
	}
	p := v.Rules.profileFor(v.Char[s&7])
	return &p
}

// Holds reports whether unit s (a seat; a slot in the long duel) holds primitive i
// (PrimDrawOnHit…).
func (v *View) Holds(s int8, i int) bool { return v.profileOf(s).prims>>uint(i)&1 != 0 }

// BangCap is the BANG! cards unit s may play a turn without a Volcanic: 1 without
// bang_limit, 255 for its "any number".
func (v *View) BangCap(s int8) int { return int(v.profileOf(s).bangCap) }

// BuiltInBarrel is the "draw!"s unit s's built-in Barrel gives a shot (0 without).
func (v *View) BuiltInBarrel(s int8) int { return int(v.profileOf(s).barrel) }

// Farther is the distance others see unit s farther (harder_to_reach; 0 without).
func (v *View) Farther(s int8) int { return int(v.profileOf(s).harder) }

// Closer is the distance unit s sees the others closer (sees_closer; 0 without).
func (v *View) Closer(s int8) int { return int(v.profileOf(s).closer) }

// MissedNeeded is the Missed! unit s's BANG! needs (needs_missed; 1 without).
func (v *View) MissedNeeded(s int8) int { return int(v.profileOf(s).missed) }

// Powers returns unit s's ability as primitives (Rules.PowersFor its character).
func (v *View) Powers(s int8) bang.Powers { return v.Rules.PowersFor(v.Char[s&7]) }
