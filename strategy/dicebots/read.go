package dicebots

import (
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/bangsim/bangsim/sim/dice"
)

// reading is what the heuristic makes of the table before a decision: who is alive, who
// it counts as a friend, and who looks like what. It is built from the View alone
// (public record, own role, and the roles Revealed shows), on the stack, once per
// decision, and is cheap: the second look at the record (sus) is taken only for the
// seats a decision scores.
type reading struct {
	self    int
	sheriff int // -1 with 3 players
	role    dice.Role
	alive   uint8
	others  uint8 // living players other than self
	friends uint8 // living others it will not shoot and may heal
	hidden  uint8 // living others whose role it cannot see
	// lawish and outish are the seats that look lawful or like Outlaws at first look, or
	// are revealed as such (the dead, or everyone when omniscient).
	lawish, outish uint8
	// lawLeft and outLeft count the Deputies and Outlaws whose seats it cannot see.
	lawLeft, outLeft int8
	looked           bool // look has run: lawish, outish, hidden, lawLeft and outLeft are set
	pending          bool // friends wait for look (see friendMask)
	second           bool // sus takes the second look
}

// byteSum adds the eight bytes of x.
func byteSum(x uint64) int {
	x = x&0x00ff00ff00ff00ff + x>>8&0x00ff00ff00ff00ff
	return int((x * 0x0001000100010001) >> 48)
}

// lanes[m] has byte s set to 0xff for every seat s in m.
var lanes = func() (t [256]uint64) {
	for m := range t {
		for s := 0; s < 8; s++ {
			if m>>s&1 == 1 {
				t[m] |= 0xff << (8 * s)
			}
		}
	}
	return t
}()

// read fills r from v. A role Revealed shows (the Sheriff, the dead, everyone with 3
// players, every seat for an omniscient policy) settles a seat; following the engine's
// rule for Revealed, a player that is not omniscient knows only the Sheriff's role and
// the dead's. Every other seat gets the first look at the public record:
//
//	first look: 4·(life it took from the Sheriff) − 2·(life it gave the Sheriff)
//
// positive: looks like an Outlaw; negative: looks lawful. Friends by its own role: for
// the Sheriff and a Deputy, the Sheriff, the Deputies it knows and, while a Deputy is
// unaccounted for, whoever looks lawful; for an Outlaw, the Outlaws it knows and, while
// an Outlaw is unaccounted for, whoever looks like one; for the Renegade, the Sheriff
// while more than the two of them live (it needs him alive to the end). With 3 players
// nobody is a friend.
func (r *reading) read(v *dice.View, p *HeuristicParams) {
	if !r.glance(v, p) {
		r.look(v)
	}
}

// glance fills the cheap part of the reading and reports whether the friends are known
// (3 players, the Renegade, a lone Deputy); if not, look completes it.
func (r *reading) glance(v *dice.View, p *HeuristicParams) bool {
	r.second = p.SecondLook
	s := int(v.Self) & 7
	me := uint8(1) << uint(s)
	sh := int(v.Sheriff)
	r.self, r.role, r.sheriff = s, v.Role, sh
	r.alive = v.Alive
	r.others = v.Alive &^ me
	if sh < 0 {
		return true // 3 players: every role is public and every other player is in the way
	}
	shBit := uint8(1) << uint(sh&7)
	if !v.Omniscient {
		// Shortcuts that need no look at the record: the Renegade's friend is the Sheriff;
		// a lone Deputy's is the Sheriff (nobody hidden is on his side).
		switch {
		case v.Role == dice.Renegade:
			r.friends = shBit & -b2u8(bits.OnesCount8(v.Alive) > 2) & r.others
			return true
		case v.Role == dice.Outlaw && !p.OutlawTeam:
			return true // it trusts nobody: its fellow Outlaws are hidden
		case v.Role == dice.Deputy && roleCounts[min(v.Players, dice.MaxPlayers)][dice.Deputy] == 1:
			r.friends = shBit & r.others
			return true
		}
	}
	return false
}

// friendMask returns the friends, taking the look if glance could not tell.
func (r *reading) friendMask(v *dice.View) uint8 {
	if !r.looked && r.pending {
		r.look(v)
	}
	return r.friends
}

// maxFriends bounds the friends a player of each role can have at a table of n: the
// Deputies for the law (the Sheriff too for a Deputy), the other Outlaws for an Outlaw,
// the Sheriff for the Renegade.
var maxFriends = func() (t [dice.MaxPlayers + 1][dice.NumRoles]int8) {
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		c := roleCounts[n]
		t[n] = [dice.NumRoles]int8{c[dice.Deputy], c[dice.Deputy], c[dice.Outlaw] - 1, 1}
	}
	return t
}()

// look reads the roles it knows and takes the first look at the hidden seats, then
// sets the friends by its own role. It runs before most decisions of the Sheriff and
// the Outlaws, so it takes all eight seats at once, without a loop or a branch: each
// seat's revealed role, and the life it gave and took from the Sheriff, go to one byte
// lane of three words, where a few word operations compare them. (The compiler reads
// Revealed as one word; timed, that was no slower than byte loads after the engine's
// byte store of the player's own role.)
func (r *reading) look(v *dice.View) {
	r.looked = true
	sh := r.sheriff & 7
	rv, he, hi := &v.Revealed, &v.Heals, &v.Hits
	rev := uint64(rv[0]) | uint64(rv[1])<<8 | uint64(rv[2])<<16 | uint64(rv[3])<<24 |
		uint64(rv[4])<<32 | uint64(rv[5])<<40 | uint64(rv[6])<<48 | uint64(rv[7])<<56
	heals := uint64(he[0][sh]) | uint64(he[1][sh])<<8 | uint64(he[2][sh])<<16 | uint64(he[3][sh])<<24 |
		uint64(he[4][sh])<<32 | uint64(he[5][sh])<<40 | uint64(he[6][sh])<<48 | uint64(he[7][sh])<<56
	hits := uint64(hi[0][sh]) | uint64(hi[1][sh])<<8 | uint64(hi[2][sh])<<16 | uint64(hi[3][sh])<<24 |
		uint64(hi[4][sh])<<32 | uint64(hi[5][sh])<<40 | uint64(hi[6][sh])<<48 | uint64(hi[7][sh])<<56
	n := min(int(v.Players), dice.MaxPlayers)
	seats := uint8(uint16(1)<<uint(n) - 1)
	// Roles are 0..3 and RoleUnknown 255: the top bit says hidden, the low two bits
	// which role (Deputy 01, Outlaw 10; RoleUnknown is neither).
	hidden := topBits(rev) & r.others & seats
	low, high := topBits(rev<<7), topBits(rev<<6)
	dep := low &^ high & seats
	out := high &^ low & seats
	// First look, lane by lane: heals ≥ 2·hits ⇔ hits ≤ ⌊heals/2⌋, and heals > 2·hits ⇔
	// hits < ⌈heals/2⌉. Hits of 128 or more (the top bit, big) settle both; below that
	// each side fits in 7 bits, so a lane's top bit set before a subtraction keeps the
	// borrow in the lane and reads the comparison.
	big := hits & byteTop
	hl := hits &^ byteTop
	half := heals >> 1 &^ byteTop                     // ⌊heals/2⌋
	ge := ((half | byteTop) - hl) &^ big              // top bit: hits ≤ ⌊heals/2⌋
	notLaw := ((hl | byteTop) - (heals - half)) | big // top bit: hits ≥ ⌈heals/2⌉
	lawish := ^topBits(notLaw)
	outish := ^topBits(ge)
	me := uint8(1) << uint(r.self)
	dep &^= me // its own role shows in Revealed
	out &^= me
	counts := &roleCounts[n]
	role := r.role
	r.lawLeft = counts[dice.Deputy] - int8(bits.OnesCount8(dep)) - b2i8(role == dice.Deputy)
	r.outLeft = counts[dice.Outlaw] - int8(bits.OnesCount8(out)) - b2i8(role == dice.Outlaw)
	lawish, outish = dep|lawish&hidden, out|outish&hidden
	r.hidden, r.lawish, r.outish = hidden, lawish, outish
	// Friends by its own role.
	shBit := uint8(1) << uint(sh)
	law := shBit | dep | lawish&-b2u8(r.lawLeft > 0)
	outl := out | outish&-b2u8(r.outLeft > 0)
	ren := shBit & -b2u8(bits.OnesCount8(r.alive) > 2)
	isLaw := -b2u8(role <= dice.Deputy)
	isOut := -b2u8(role == dice.Outlaw)
	isRen := -b2u8(role == dice.Renegade)
	r.friends = (law&isLaw | outl&isOut | ren&isRen) & r.others
}

// byteTop is the top bit of every byte lane.
const byteTop = 0x8080808080808080

// topBits gathers the top bit of each byte lane of x: bit i is lane i's.
func topBits(x uint64) uint8 {
	return uint8((x & byteTop >> 7 * 0x0102040810204080) >> 56)
}

// sus is seat j's outlaw-likeness from the public record, for a seat whose role it cannot
// see: positive for a player who acts against the Sheriff, negative for one who acts
// for him.
//
//	first look:  4·(life taken from the Sheriff) − 2·(life given to the Sheriff)
//	second look: + (life taken from players who look lawful, revealed Deputies included)
//	             − (life taken from players who look like Outlaws, revealed Outlaws included)
func (r *reading) sus(v *dice.View, j int) int {
	if r.sheriff < 0 {
		return 0
	}
	j &= 7
	sh := r.sheriff & 7
	first := 4*int(v.Hits[j][sh]) - 2*int(v.Heals[j][sh])
	if !r.second || !r.looked {
		return first // the second look only when the first was taken for the friends
	}
	row := binary.LittleEndian.Uint64(v.Hits[j][:])
	return first + byteSum(row&lanes[r.lawish]) - byteSum(row&lanes[r.outish])
}

// roleCounts[n] is dice.RoleCounts(n) as small integers.
var roleCounts = func() (c [dice.MaxPlayers + 1][dice.NumRoles]int8) {
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		for r, k := range dice.RoleCounts(n) {
			c[n][r] = int8(k)
		}
	}
	return c
}()

// shotBase[role][class] is the base score of shooting a seat of that class (its revealed
// role, or 4 for a seat whose role it cannot see) for a player of that role; friends
// score -1000 whatever their class.
var shotBase = [dice.NumRoles][5]int16{
	dice.Sheriff:  {-1000, -1000, 300, 200, 100},
	dice.Deputy:   {-1000, -1000, 300, 200, 100},
	dice.Outlaw:   {1000, 300, -1000, 50, 100},
	dice.Renegade: {100, 150, 300, 200, 100}, // the Sheriff only when the two of them are left
}

// susWeight[role] turns suspicion into target preference: the law and the Renegade
// shoot who looks like an Outlaw, an Outlaw who looks lawful.
var susWeight = [dice.NumRoles]int16{10, 10, -10, 10}

// shotScore rates shooting seat j (higher is better; negative: it would rather not).
// dmg is the damage the shot deals (2 for Slab's doubled Bull's Eye).
func (r *reading) shotScore(v *dice.View, j, dmg int) int {
	j &= 7
	var base int
	switch {
	case r.sheriff < 0: // 3 players
		base = 100
		if v.Revealed[j] == huntedRole(r.role) && bits.OnesCount8(r.alive) == 3 {
			base = 300
		}
	case r.friends>>uint(j)&1 == 1:
		base = -1000
	default:
		role := r.role & 3
		cls := min(uint8(v.Revealed[j]), 4)
		base = int(shotBase[role][cls])
		if cls == 4 {
			base += int(susWeight[role]) * r.sus(v, j)
			if role <= dice.Deputy && r.lawLeft <= 0 {
				base += 100 // nobody hidden is on its side
			}
		}
	}
	life := int(v.Life[j])
	if life <= dmg {
		base += 60 // a kill takes a player's dice out of the game
	}
	base -= 2 * life
	if v.Profile.Holds(j, dice.PrimArrowsToHitter) && life > dmg {
		base -= 5
	}
	return base
}

// bestShot returns the seat in options it most wants to hit, and that seat's score (the
// first of the best; -1 and 0 for no options).
func (r *reading) bestShot(v *dice.View, options uint8, dmg int) (int, int) {
	if foes := options &^ r.friends; foes != 0 && foes&(foes-1) == 0 {
		j := bits.TrailingZeros8(foes)
		return j, r.shotScore(v, j, dmg) // the one seat that is not a friend
	}
	if options == 0 {
		return -1, 0
	}
	// Every score beats MinInt, so the loop tests only the score, which the compiler
	// turns into conditional moves: which seat scores best is data, a poor branch.
	best, bestScore := -1, math.MinInt
	for m := options; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		if sc := r.shotScore(v, j, dmg); sc > bestScore {
			best, bestScore = j, sc
		}
	}
	return best, bestScore
}

// target returns the seat to hit with a Bull's Eye among options: the one seat that is
// not a friend if there is just one, else the best bestShot.
func (r *reading) target(v *dice.View, options uint8) int {
	if foes := options &^ r.friends; foes != 0 && foes&(foes-1) == 0 {
		return bits.TrailingZeros8(foes)
	}
	j, _ := r.bestShot(v, options, 1)
	return j
}

// bestHeal returns the seat in options to heal: among itself and its friends below
// their maximum (a Deputy counts the Sheriff; the Renegade the Sheriff only when he is
// down to 3 life or less, about to fall), the lowest in life, itself first on ties, the
// Sheriff first for a Deputy or Renegade, Jesse Jones himself when a Beer gives him 2;
// with nobody to heal, the Sheriff for a Deputy or Renegade (a free public sign of
// loyalty), else itself (the Beer is wasted rather than given to a possible enemy).
func (r *reading) bestHeal(v *dice.View, options uint8) int {
	s, sh := r.self&7, r.sheriff
	cand := r.friendMask(v) | 1<<uint(s)
	shBit := uint8(0)
	if sh >= 0 && (r.role == dice.Deputy || r.role == dice.Renegade) {
		shBit = 1 << uint(sh&7)
		if r.role == dice.Deputy || v.Life[sh&7] <= 3 {
			cand |= shBit
		} else {
			cand &^= shBit
		}
	}
	best, bestScore := -1, -1
	for m := cand & options; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m) & 7
		life := int(v.Life[j])
		if life >= int(v.MaxLife[j]) {
			continue
		}
		sc := 40 - 3*life
		switch {
		case j == s:
			sc += 2
			if v.Profile.SelfBeer(j, life) > 1 {
				sc += 6 // a Beer on himself gives 2
			}
		case 1<<uint(j) == shBit:
			sc += 4
		}
		if sc > bestScore {
			best, bestScore = j, sc
		}
	}
	if best >= 0 {
		return best
	}
	if shBit&options != 0 {
		return sh
	}
	if options>>uint(s)&1 == 1 {
		return s
	}
	return bits.TrailingZeros8(options)
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

func b2i8(b bool) int8 {
	if b {
		return 1
	}
	return 0
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}
