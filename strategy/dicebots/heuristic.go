package dicebots

import (
	"math/bits"

	"github.com/bangsim/bangsim/sim/dice"
)

// Heuristic is the default player: it keeps Gatlings (once a volley is within reach) and
// Bull's Eyes that can hit an enemy, rerolls Arrows and unneeded Beers, heals itself
// when hurt, and aims by role using only what its player may know: the Sheriff is public,
// and a player who hits the Sheriff is suspected of being an Outlaw (suspicion).
type Heuristic struct{}

// Choose implements dice.Policy.
func (h Heuristic) Choose(v *dice.View) int {
	d := &v.Decision
	switch d.Kind {
	case dice.DecideReroll:
		return h.reroll(v)
	case dice.DecideTarget:
		return bestTarget(v, uint8(d.Options))
	case dice.DecideBeer, dice.DecideSidHeal:
		return bestHeal(v, uint8(d.Options))
	case dice.DecideSlab:
		return lowestSet(d.Options &^ (1 << dice.Skip))
	case dice.DecideBartArrow:
		s := v.Self
		if v.Pile > 2 && int(v.Arrows[s])+1 < int(v.Life[s]) {
			return 1
		}
		return 0
	case dice.DecidePedroReturn:
		return 1
	case dice.DecideKitDiscard:
		if d.Options>>uint(v.Self)&1 == 1 {
			return int(v.Self)
		}
		return dice.Skip
	}
	return uniform(v)
}

// reroll returns the dice to roll again.
func (h Heuristic) reroll(v *dice.View) int {
	s := v.Self
	var reroll uint32
	gatlings := v.Dice.Count(dice.Gatling)
	need := int(v.Rules.GatlingThreshold)
	if v.Char[s] == dice.WillyTheKid && need > 1 {
		need--
	}
	hurt := v.Life[s] < v.MaxLife[s]
	friends := friendMask(v)
	keepBeer := hurt || allyHurtIn(v, friends)
	for i, f := range v.Dice {
		if v.Decision.Options>>uint(i)&1 == 0 {
			continue
		}
		switch f {
		case dice.Arrow:
			reroll |= 1 << uint(i)
		case dice.Dynamite: // only Black Jack may: avoid the third one
			if v.Dice.Count(dice.Dynamite) >= int(v.Rules.DynamiteThreshold)-1 {
				reroll |= 1 << uint(i)
			}
		case dice.Beer:
			if !keepBeer {
				reroll |= 1 << uint(i)
			}
		case dice.Gatling:
			if gatlings < need-1 {
				reroll |= 1 << uint(i)
			}
		case dice.BullsEye1, dice.BullsEye2:
			if dice.Targets(&v.Public, &v.Rules, s, f)&^friends == 0 {
				reroll |= 1 << uint(i)
			}
		}
	}
	return int(reroll)
}

// sheriffSeat returns the Sheriff's seat, or -1 (3 players).
func sheriffSeat(v *dice.View) int { return int(v.Sheriff) }

// suspicion scores how likely seat j is to be against the Sheriff: hits on the Sheriff
// raise it, heals lower it; a known role settles it.
func suspicion(v *dice.View, j int) int {
	switch v.Revealed[j] {
	case dice.Outlaw, dice.Renegade:
		return 1000
	case dice.Sheriff, dice.Deputy:
		return -1000
	}
	sh := sheriffSeat(v)
	if sh < 0 {
		return 0
	}
	return 2*int(v.Hits[j][sh]) - 2*int(v.Heals[j][sh])
}

// friendMask returns the seats the deciding player does not want to shoot.
func friendMask(v *dice.View) uint8 {
	s := int(v.Self)
	m := uint8(1) << uint(s)
	sh := sheriffSeat(v)
	switch v.Role {
	case dice.Sheriff, dice.Deputy:
		for j := 0; j < int(v.Players); j++ {
			if j == sh || (j != s && suspicion(v, j) < 0) {
				m |= 1 << uint(j)
			}
		}
	case dice.Outlaw:
		for j := 0; j < int(v.Players); j++ {
			if j != sh && j != s && suspicion(v, j) > 0 && v.Revealed[j] != dice.Renegade {
				m |= 1 << uint(j)
			}
		}
	case dice.Renegade:
		if sh >= 0 && bits.OnesCount8(v.Alive) > 2 {
			m |= 1 << uint(sh)
		}
	}
	if v.Players == 3 {
		m = 1 << uint(s)
	}
	return m
}

// allyHurtIn reports whether a living friend (in friends) other than the player is below
// maximum life.
func allyHurtIn(v *dice.View, friends uint8) bool {
	f := friends & v.Alive &^ (1 << uint(v.Self))
	for m := f; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		if v.Life[j] < v.MaxLife[j] {
			return true
		}
	}
	return false
}

// bestTarget picks the enemy to hit among options: in the 3-player game the player's
// target; otherwise the Sheriff for an Outlaw, the most suspected player for the law
// and the Renegade; ties go to the lowest life, to finish players off.
func bestTarget(v *dice.View, options uint8) int {
	if v.Players == 3 {
		want := huntedRole(v.Role)
		for m := options; m != 0; m &= m - 1 {
			j := bits.TrailingZeros8(m)
			if v.Revealed[j] == want {
				return j
			}
		}
		return lowestSet(uint32(options))
	}
	sh := sheriffSeat(v)
	if v.Role == dice.Outlaw && sh >= 0 && options>>uint(sh)&1 == 1 {
		return sh
	}
	if enemies := options &^ friendMask(v); enemies != 0 {
		options = enemies
	}
	best, bestScore := -1, 0
	for m := options; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		score := 16 * suspicion(v, j)
		if v.Role == dice.Outlaw {
			score = -score
		}
		score -= int(v.Life[j])
		if best < 0 || score > bestScore {
			best, bestScore = j, score
		}
	}
	return best
}

// bestHeal heals the player if hurt, else the most hurt friend, else the player (a
// wasted Beer is better than one that helps an enemy).
func bestHeal(v *dice.View, options uint8) int {
	s := int(v.Self)
	if options>>uint(s)&1 == 1 && v.Life[s] < v.MaxLife[s] {
		return s
	}
	best, bestGap := -1, 0
	for m := options & friendMask(v); m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		if gap := int(v.MaxLife[j] - v.Life[j]); gap > bestGap {
			best, bestGap = j, gap
		}
	}
	if best >= 0 {
		return best
	}
	if options>>uint(s)&1 == 1 {
		return s
	}
	return lowestSet(uint32(options))
}

// huntedRole is the 3-player target of role r.
func huntedRole(r dice.Role) dice.Role {
	switch r {
	case dice.Deputy:
		return dice.Renegade
	case dice.Renegade:
		return dice.Outlaw
	}
	return dice.Deputy
}

func lowestSet(m uint32) int { return bits.TrailingZeros32(m) }
