package dice

import (
	"math/rand/v2"

	"github.com/bangsim/bangsim/internal/fastrand"
)

// Determinize copies the game into dst as the deciding player knows it, for search
// policies that play the game forward: roles the player cannot see become RoleUnknown
// (fill them with DealHidden), the dice generator is reseeded from seed1 and seed2 so
// the copy cannot reveal future rolls, and tracing and scripts are off. The pending
// decision is the same, so dst.Apply plays a candidate choice.
func (v *View) Determinize(dst *State, seed1, seed2 uint64) {
	g := v.game
	if g == nil {
		panic("dice: Determinize on a View not filled by the engine")
	}
	if g.straight {
		panic("dice: View.Determinize from a policy that does not implement dice.LookaheadPolicy: " +
			"the straight-line driver's game cannot be copied mid-turn; return true from Lookahead() " +
			"and the Table plays the game on the state machine")
	}
	*dst = *g
	dst.trace.on, dst.trace.n = false, 0
	dst.scriptN, dst.scriptPos = 0, 0
	dst.rng.Seed(seed1, seed2)
	// Who decides and whether it sees every role come from the game and the Table, not
	// from View.Self and View.Omniscient, which the policy may have written.
	if !v.omniscient {
		self := g.dec.Seat
		for s := 0; s < int(g.Players); s++ {
			if int8(s) != self && g.Revealed[s] == RoleUnknown {
				dst.Role[s] = RoleUnknown
			}
		}
	}
}

// DealHidden gives the seats whose role is RoleUnknown the roles not yet accounted for,
// shuffled uniformly: one determinization of what a player does not know.
func (g *State) DealHidden(r *rand.PCG) {
	var left [MaxPlayers]Role
	counts := RoleCounts(int(g.Players))
	var unknown [MaxPlayers]int8
	nu := 0
	for s := 0; s < int(g.Players); s++ {
		if g.Role[s] == RoleUnknown {
			unknown[nu] = int8(s)
			nu++
		} else {
			counts[g.Role[s]]--
		}
	}
	nl := 0
	for role, c := range counts {
		for ; c > 0; c-- {
			left[nl] = Role(role)
			nl++
		}
	}
	if nl != nu {
		panic("dice: DealHidden: hidden seats and missing roles disagree")
	}
	for i := nu - 1; i > 0; i-- {
		j := int(fastrand.UintN(r, uint64(i+1)))
		left[i], left[j] = left[j], left[i]
	}
	for i := 0; i < nu; i++ {
		g.Role[unknown[i]] = left[i]
	}
}
