package dice

// distanceSet returns the distances (bit d for distance d) a Bull's Eye showing f reaches
// for character ch with k players alive (ruling D18: Bull's Eye 2 counts as 1 with 2 or 3
// alive, for everyone, before Rose Doolan's and Calamity Janet's ranges).
func distanceSet(f Face, ch Character, k int) uint8 {
	one, two := uint8(1<<1), uint8(1<<2)
	if k <= 3 {
		two = one
	}
	var set uint8
	switch {
	case ch == CalamityJanet:
		set = one | two
	case f == BullsEye1:
		set = one
	default:
		set = two
	}
	if ch == RoseDoolan {
		set |= set << 1
	}
	return set
}

// targetMask returns the seats a Bull's Eye showing f can hit when rolled by a: living
// players other than a (D19) at a distance it reaches, counted over living players the
// shorter way round (D22) or, under the rule option, either way round.
func (g *State) targetMask(a int8, f Face) uint8 { return Targets(&g.Public, &g.Rules, a, f) }

// Targets returns the seats a Bull's Eye showing f rolled by seat a can hit, from public
// information only; policies use it to judge a die before keeping it.
func Targets(p *Public, rules *Rules, a int8, f Face) uint8 {
	var order [MaxPlayers]int8
	n := int8(p.Players)
	order[0] = a
	k := 1
	for i := int8(1); i < n; i++ {
		s := (a + i) % n
		if p.Alive>>uint(s)&1 == 1 {
			order[k] = s
			k++
		}
	}
	set := distanceSet(f, p.Char[a], k)
	var mask uint8
	for i := 1; i < k; i++ {
		left, right := i, k-i
		var hit bool
		if rules.DistanceEitherWay {
			hit = set>>uint(left)&1 == 1 || set>>uint(right)&1 == 1
		} else {
			hit = set>>uint(min(left, right))&1 == 1
		}
		if hit {
			mask |= 1 << uint(order[i])
		}
	}
	return mask
}
