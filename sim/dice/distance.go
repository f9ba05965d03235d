package dice

// distanceSet returns the distances (bit d for distance d) a Bull's Eye showing f reaches
// for a seat that swaps the faces (swap, bullseye_swap) and reaches reach farther
// (reach) with k players alive (ruling D18: Bull's Eye 2 counts as 1 with 2 or 3 alive,
// for everyone, before the primitives' ranges). Both at once: either face reaches both
// faces' distances, and each of them reach farther.
func distanceSet(f Face, swap, reach uint8, k int) uint8 {
	one, two := uint8(1<<1), uint8(1<<2)
	if k <= 3 {
		two = one
	}
	var set uint8
	switch {
	case swap != 0:
		set = one | two
	case f == BullsEye1:
		set = one
	default:
		set = two
	}
	for i := uint8(0); i < reach; i++ {
		set |= set << 1
	}
	return set
}

// reachLevels bounds a seat's reach: the reach primitive's parameter goes up to 2.
const reachLevels = 4

// reachRows is the number of rows of reachBytes: every swap and reach.
const reachRows = 2 * reachLevels

// reachRow returns the row of reachBytes of a seat with the given swap (0 or 1) and
// reach: what Profile.Reach holds.
func reachRow(swap, reach uint8) uint8 { return (swap&1)<<2 | reach&(reachLevels-1) }

// maxDistance is the largest distance a Bull's Eye can reach (Rose Doolan's 2 reaches 3,
// or 4 with her reach at 2), so distance tables index by distance directly.
const maxDistance = 4

// ringRows[way][n][alive][a] packs, byte d-1 for distance d = 1..4, the set of seats at
// distance d from seat a at a table of n seats with the living seats in alive, counted
// over living players the shorter way round (way 0, ruling D22) or either way round (way
// 1, the rule option). Seat a counts as present even if dead, so a roller killed
// mid-turn keeps a place under the resolve-after-death option. Built once: a lookup
// replaces a walk round the table on every Bull's Eye.
var ringRows [2][MaxPlayers + 1][1 << MaxPlayers][MaxPlayers]uint32

// distanceBytes[set>>1] selects the bytes of a ringRows entry for a distance set.
var distanceBytes [16]uint32

func init() {
	for set := range distanceBytes {
		for d := 0; d < maxDistance; d++ {
			if set>>d&1 == 1 {
				distanceBytes[set] |= 0xff << (8 * d)
			}
		}
	}
	initReachBytes()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for alive := 0; alive < 1<<n; alive++ {
			for a := 0; a < n; a++ {
				var order [MaxPlayers]int
				order[0] = a
				k := 1
				for i := 1; i < n; i++ {
					s := (a + i) % n
					if alive>>s&1 == 1 {
						order[k] = s
						k++
					}
				}
				for i := 1; i < k; i++ {
					left, right := i, k-i
					seat := uint32(1) << uint(order[i])
					ringRows[0][n][alive][a] |= seat << (8 * (min(left, right) - 1))
					for _, d := range [2]int{left, right} {
						if d <= maxDistance {
							ringRows[1][n][alive][a] |= seat << (8 * (d - 1))
						}
					}
				}
			}
		}
	}
}

// reaches returns Targets for both Bull's Eye faces from one ring lookup: every roll
// with a Bull's Eye needs both, and two Targets calls repeat the lookup and the calls.
func (g *State) reaches(a int8) (reach1, reach2 uint8) {
	a &= 7
	alive := g.Alive
	near := b2u8(popcount8(alive|1<<uint(a)) <= 3)
	sel := &reachBytes[g.Profile.Reach[a]&(reachRows-1)][near]
	row := ringRows[b2u8(g.Rules.DistanceEitherWay)][min(g.Players, MaxPlayers)][alive][a]
	return foldBytes(row & sel[0]), foldBytes(row & sel[1])
}

// foldBytes ORs the four bytes of x together: the seats of every distance selected.
func foldBytes(x uint32) uint8 {
	x |= x >> 16
	return uint8(x | x>>8)
}

// Targets returns the seats a Bull's Eye showing f rolled by seat a can hit: living
// players other than a (D19) at a distance it reaches (the seat's reach in prof);
// public information only, so policies use it (View.Targets) to judge a die before
// keeping it.
func Targets(p *Public, rules *Rules, prof *Profile, a int8, f Face) uint8 {
	a &= 7
	alive := p.Alive
	near := b2u8(popcount8(alive|1<<uint(a)) <= 3)
	sel := reachBytes[prof.Reach[a]&(reachRows-1)][near][b2u8(f != BullsEye1)]
	return foldBytes(ringRows[b2u8(rules.DistanceEitherWay)][min(p.Players, MaxPlayers)][alive][a] & sel)
}

// reachBytes[row][near][two] is distanceBytes for the distances a Bull's Eye reaches
// (distanceSet): a seat's reach row (Profile.Reach, reachRow), near when 3 or fewer are
// alive, two for Bull's Eye 2. Targets runs before most decisions (the engine's and the
// bots'), so one lookup replaces distanceSet's branches.
var reachBytes [reachRows][2][2]uint32

// initReachBytes fills reachBytes once distanceBytes is filled.
func initReachBytes() {
	for row := range uint8(reachRows) {
		for near := range 2 {
			k := 5 - 2*near // any count on the right side of the 3-alive line
			for two := range 2 {
				f := BullsEye1 + Face(two)
				reachBytes[row][near][two] = distanceBytes[distanceSet(f, row>>2, row&(reachLevels-1), k)>>1&15]
			}
		}
	}
}
