package card

import "github.com/bangsim/bangsim/sim/bang"

// What a View shows of each unit's ability: public knowledge (every character is face
// up), read from the engine's profile (profile.go), so that a policy follows the
// primitives a character holds rather than its name. In a View filled without a game
// (a test's, a sample's) they are computed from Rules and Char.

// computedProfile is unit s's profile for a View filled without a game (a test's, a
// sample's): out of line, so that each accessor inlines.
//
//go:noinline
func (v *View) computedProfile(s int8) *profile {
	v.computed = v.Rules.profileFor(v.Char[s&7])
	return &v.computed
}

// Holds reports whether unit s (a seat; a slot in the long duel) holds primitive i
// (PrimDrawOnHit…).
func (v *View) Holds(s int8, i int) bool {
	if g := v.game; g != nil {
		return g.prof[s&7].prims>>uint(i)&1 != 0
	}
	return v.computedPrims(s)>>uint(i)&1 != 0
}

// Prims is unit s's primitives as bits (bit i: primitive i held): Holds for all of
// them in one call, for a policy that reads several.
func (v *View) Prims(s int8) uint16 {
	if g := v.game; g != nil {
		return g.prof[s&7].prims
	}
	return v.computedPrims(s)
}

// computedPrims is Prims for a View filled without a game.
//
//go:noinline
func (v *View) computedPrims(s int8) uint16 { return v.computedProfile(s).prims }

// BangCap is the BANG! cards unit s may play a turn without a Volcanic: 1 without
// bang_limit, 255 for its "any number".
func (v *View) BangCap(s int8) int {
	if g := v.game; g != nil {
		return int(g.prof[s&7].bangCap)
	}
	return v.computedArg(s, argBangCap)
}

// BuiltInBarrel is the "draw!"s unit s's built-in Barrel gives a shot (0 without).
func (v *View) BuiltInBarrel(s int8) int {
	if g := v.game; g != nil {
		return int(g.prof[s&7].barrel)
	}
	return v.computedArg(s, argBarrel)
}

// Farther is the distance others see unit s farther (harder_to_reach; 0 without).
func (v *View) Farther(s int8) int {
	if g := v.game; g != nil {
		return int(g.prof[s&7].harder)
	}
	return v.computedArg(s, argHarder)
}

// Closer is the distance unit s sees the others closer (sees_closer; 0 without).
func (v *View) Closer(s int8) int {
	if g := v.game; g != nil {
		return int(g.prof[s&7].closer)
	}
	return v.computedArg(s, argCloser)
}

// MissedNeeded is the Missed! unit s's BANG! needs (needs_missed; 1 without).
func (v *View) MissedNeeded(s int8) int {
	if g := v.game; g != nil {
		return int(g.prof[s&7].missed)
	}
	return v.computedArg(s, argMissed)
}

// Powers returns unit s's ability as primitives (Rules.PowersFor its character).
func (v *View) Powers(s int8) bang.Powers { return v.Rules.PowersFor(v.Char[s&7]) }

// The arguments computedArg reads.
const (
	argBangCap = iota
	argBarrel
	argHarder
	argCloser
	argMissed
)

// computedArg is an accessor's argument k for a View filled without a game.
//
//go:noinline
func (v *View) computedArg(s int8, k int) int {
	p := v.computedProfile(s)
	switch k {
	case argBangCap:
		return int(p.bangCap)
	case argBarrel:
		return int(p.barrel)
	case argHarder:
		return int(p.harder)
	case argCloser:
		return int(p.closer)
	}
	return int(p.missed)
}
