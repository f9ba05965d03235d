package dicebots

// This file keeps the heuristic as it was written to be read, before its hot path was
// tuned for speed: refChoose is the readable reference that TestFastHeuristicAgreesWithReference
// holds the fast Heuristic.Choose to, decision by decision. Change both together: a
// change of play belongs in the reference first.

import (
	"math/bits"

	"github.com/bangsim/bangsim/sim/dice"
)

// refChoose is Heuristic{P: p}.Choose as the readable reference (p must not be nil).
func refChoose(p *HeuristicParams, v *dice.View) int {
	d := &v.Decision
	var r refReading
	switch d.Kind {
	case dice.DecideReroll:
		r.pending = !r.glance(v, p) // the reroll takes the look only if it needs the friends
		return refRerollMask(v, p, &r)
	case dice.DecideTarget:
		if v.Role == dice.Outlaw && v.Sheriff >= 0 && d.Options>>uint(v.Sheriff&7)&1 == 1 {
			return int(v.Sheriff) // what every Outlaw shoots at (the refReading would say the same)
		}
		r.read(v, p)
		return r.target(v, uint8(d.Options))
	case dice.DecideBeer, dice.DecideSidHeal:
		r.pending = !r.glance(v, p) // the look only if a friend could need the Beer
		return r.bestHeal(v, uint8(d.Options))
	case dice.DecidePedroReturn:
		return 1 // an arrow returned is a life the Indians cannot take
	case dice.DecideBartArrow:
		s := v.Self & 7
		// Take the arrow instead of the life point, unless the Indians could then kill him.
		if v.Life[s] <= 1 || (v.Pile > 2 && int(v.Arrows[s])+1 < int(v.Life[s])) {
			return 1
		}
		return 0
	case dice.DecideSlab:
		r.read(v, p)
		return refSlabChoice(v, &r, d.Options)
	case dice.DecideKitDiscard:
		r.read(v, p)
		return refKitChoice(v, &r, d.Options)
	}
	return d.Nth(0)
}

// refGatlingNeed returns the Gatlings the active player needs to fire.
func refGatlingNeed(v *dice.View) int {
	need := int(v.Rules.GatlingThreshold)
	if v.Char[v.Self] == dice.WillyTheKid && need > 1 {
		need--
	}
	return need
}

// refLowestN returns the n refLowest set bits of m.
func refLowestN(m uint8, n int) uint8 {
	var out uint8
	for ; m != 0 && n > 0; n-- {
		out |= m & -m
		m &= m - 1
	}
	return out
}

// refFaceBits collects the dice by face without a branch: byte f holds bit i for every die
// i showing face f.
func refFaceBits(d *dice.Dice) uint64 {
	return uint64(1)<<(8*uint(d[0]&7)) | uint64(2)<<(8*uint(d[1]&7)) | uint64(4)<<(8*uint(d[2]&7)) |
		uint64(8)<<(8*uint(d[3]&7)) | uint64(16)<<(8*uint(d[4]&7))
}

// refFaceOf returns the mask of the dice showing f from refFaceBits.
func refFaceOf(x uint64, f dice.Face) uint8 { return uint8(x >> (8 * uint(f))) }

// refLowest[m][k] is the k refLowest set bits of the five-dice mask m (all of them when m has
// fewer): the first dice of a face to keep.
var refLowest = func() (t [32][dice.NumDice + 1]uint8) {
	for m := range t {
		for k := range t[m] {
			t[m][k] = refLowestN(uint8(m), k)
		}
	}
	return t
}()

// refRerollMask is the heuristic's reroll decision: the dice to roll again, 0 to stop. It
// runs before a third of all decisions, so it keeps data-dependent branches few.
func refRerollMask(v *dice.View, p *HeuristicParams, r *refReading) int {
	s := r.self & 7
	opts := uint8(v.Decision.Options)
	x := refFaceBits(&v.Dice)
	g, beer := refFaceOf(x, dice.Gatling), refFaceOf(x, dice.Beer)
	be := refFaceOf(x, dice.BullsEye1) | refFaceOf(x, dice.BullsEye2)
	life, maxLife := int(v.Life[s]), int(v.MaxLife[s])
	ch := v.Char[s]

	// Gatling: keep a volley that fires, chase one that is close (or that would return
	// many arrows), drop one that would hurt its friends more than its enemies.
	var keep uint8
	if g != 0 {
		need := int(v.Rules.GatlingThreshold)
		need -= int(b2i8(ch == dice.WillyTheKid && need > 1))
		n := bits.OnesCount8(g)
		arrows := int(v.Arrows[s])
		chase := n < need && (need-n <= p.GatlingShort || p.ChaseArrows > 0 && arrows >= p.ChaseArrows)
		if (chase || n >= need) && (arrows > 0 || refGatlingWorth(v, r)) {
			if chase && p.ChaseAll {
				return int(opts &^ g)
			}
			k := need
			if chase {
				k = n
			}
			keep = refLowest[g&31][min(k, dice.NumDice)]
		}
	}

	// Bull's Eyes that can reach someone it does not count as a friend. With 5 or more
	// alive every Bull's Eye reaches two seats (D22), so one friend cannot fill its reach.
	switch {
	case be == 0:
	case p.KeepBullseyes:
		keep |= be
	case ch == dice.SuzyLafayette && p.SuzyBelow > 0 && maxLife-life >= p.SuzyBelow && be&(be-1) == 0:
		// a lone Bull's Eye is worth less than her 2 life
	case bits.OnesCount8(v.Alive) >= 5 && (refMaxFriends[min(v.Players, dice.MaxPlayers)][r.role&3] <= 1 || bits.OnesCount8(r.friendMask(v)) <= 1):
		keep |= be
	default:
		friends := r.friendMask(v)
		for f := dice.BullsEye1; f <= dice.BullsEye2; f++ {
			if m := refFaceOf(x, f); m != 0 && v.Targets(v.Self, f)&^friends != 0 {
				keep |= m
			}
		}
	}

	// Beers: as many as it and its friends in need can use.
	if beer != 0 {
		want := (maxLife - life) & -b2i(life < p.BeerBelow)
		if ch == dice.JesseJones && life <= 4 {
			want = (want + 1) / 2 // a Beer on himself gives 2
		}
		if r.role != dice.Outlaw { // an Outlaw cannot be sure who the other Outlaws are
			for m := r.friendMask(v); m != 0; m &= m - 1 {
				j := bits.TrailingZeros8(m) & 7
				l, ml := int(v.Life[j]), int(v.MaxLife[j])
				want += (ml - l) & -b2i(l < p.AllyBelow)
			}
		}
		want += p.BeerExtra & -b2i(want > 0)
		if ch == dice.SlabTheKiller {
			want += b2i(keep&be != 0) // fuel for the doubled shot
		}
		keep |= refLowest[beer&31][min(want, dice.NumDice)]
	}

	junk := opts &^ keep
	// Dynamite: one more would stop the rolling and cost a life it cannot spare.
	// (One branch on the combined, rarely true condition: the parts are data-dependent.)
	kept := bits.OnesCount8(refFaceOf(x, dice.Dynamite) &^ junk)
	if b2u8(kept+1 >= int(v.Rules.DynamiteThreshold))&b2u8(life <= p.DynamiteStop) != 0 {
		return 0
	}
	// Indians: the pile is nearly empty and an attack would hurt it most.
	if int(v.Pile) <= p.ArrowCare && junk != 0 && refIndiansHurtMost(v, r, life) {
		return 0
	}
	return int(junk)
}

// refGatlingWorth reports whether a volley would hurt more of its enemies than of its
// friends (Paul Regret never loses life to it).
func refGatlingWorth(v *dice.View, r *refReading) bool {
	friends := r.friendMask(v)
	hit := r.others
	for m := r.others; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m) & 7
		hit &^= b2u8(v.Char[j] == dice.PaulRegret) << uint(j)
	}
	return bits.OnesCount8(hit&^friends) > bits.OnesCount8(hit&friends)
}

// refIndiansHurtMost reports whether an Indian attack now would kill the player or cost it
// more than its enemies lose on average (by more than one life).
func refIndiansHurtMost(v *dice.View, r *refReading, life int) bool {
	s := r.self & 7
	mine := int(v.Arrows[s]) + 1
	if v.Char[s] == dice.Jourdonnais {
		mine = 1
	}
	if mine >= life {
		return true
	}
	foes := r.others &^ r.friendMask(v)
	sum := 0
	for m := foes; m != 0; m &= m - 1 {
		sum += int(v.Arrows[bits.TrailingZeros8(m)&7])
	}
	k := bits.OnesCount8(foes)
	return k > 0 && mine*k > sum+k
}

// refSlabChoice doubles the Bull's Eye whose best target is the best enemy, when the Beer
// it costs can be spared (it is not hurt much, or has another Beer) or the doubled shot
// kills; otherwise Skip.
func refSlabChoice(v *dice.View, r *refReading, options uint32) int {
	var reach [2]uint8
	reach[0] = v.Targets(v.Self, dice.BullsEye1)
	reach[1] = v.Targets(v.Self, dice.BullsEye2)
	best, bestSeat, bestScore := -1, -1, 0
	for m := uint8(options); m != 0; m &= m - 1 {
		i := bits.TrailingZeros8(m)
		j, sc := r.bestShot(v, reach[v.Dice[i]-dice.BullsEye1], 2)
		if j >= 0 && (best < 0 || sc > bestScore) {
			best, bestSeat, bestScore = i, j, sc
		}
	}
	if best < 0 || bestScore < 0 || r.friends>>uint(bestSeat)&1 == 1 {
		return dice.Skip
	}
	s := r.self
	kill := v.Life[bestSeat] <= 2
	spare := v.Life[s] >= 5 || v.Life[s] >= v.MaxLife[s] || v.Dice.Count(dice.Beer) >= 2
	if kill || spare {
		return best
	}
	return dice.Skip
}

// refKitChoice discards one of its own arrows, or, when its Gatling fires (and returns its
// own arrows anyway), a friend's; otherwise Skip (an enemy's arrows are the Indians'
// business).
func refKitChoice(v *dice.View, r *refReading, options uint32) int {
	s := r.self
	fires := v.Dice.Count(dice.Gatling) >= refGatlingNeed(v)
	if !fires && options>>uint(s)&1 == 1 {
		return s
	}
	best, most := -1, 0
	for m := uint8(options) & r.friends; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		if a := int(v.Arrows[j]); a > most {
			best, most = j, a
		}
	}
	if best >= 0 {
		return best
	}
	return dice.Skip
}

// refReading is what the heuristic makes of the table before a decision: who is alive, who
// it counts as a friend, and who looks like what. It is built from the View alone
// (public record, own role, and the roles Revealed shows), on the stack, once per
// decision, and is cheap: the second look at the record (sus) is taken only for the
// seats a decision scores.
type refReading struct {
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
func (r *refReading) read(v *dice.View, p *HeuristicParams) {
	if !r.glance(v, p) {
		r.look(v)
	}
}

// glance fills the cheap part of the refReading and reports whether the friends are known
// (3 players, the Renegade, a lone Deputy); if not, look completes it.
func (r *refReading) glance(v *dice.View, p *HeuristicParams) bool {
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
func (r *refReading) friendMask(v *dice.View) uint8 {
	if !r.looked && r.pending {
		r.look(v)
	}
	return r.friends
}

// refMaxFriends bounds the friends a player of each role can have at a table of n: the
// Deputies for the law (the Sheriff too for a Deputy), the other Outlaws for an Outlaw,
// the Sheriff for the Renegade.
var refMaxFriends = func() (t [dice.MaxPlayers + 1][dice.NumRoles]int8) {
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		c := roleCounts[n]
		t[n] = [dice.NumRoles]int8{c[dice.Deputy], c[dice.Deputy], c[dice.Outlaw] - 1, 1}
	}
	return t
}()

// look reads the roles it knows and takes the first look at the hidden seats, then
// sets the friends by its own role. One pass over the seats, without data-dependent
// branches: it runs before most decisions of the Sheriff and the Outlaws.
func (r *refReading) look(v *dice.View) {
	r.looked = true
	sh := r.sheriff & 7
	n := min(int(v.Players), dice.MaxPlayers)
	var dep, out, hidden, lawish, outish uint8
	for j := 0; j < n; j++ {
		rv := uint8(v.Revealed[j])
		dep |= b2u8(rv == uint8(dice.Deputy)) << uint(j)
		out |= b2u8(rv == uint8(dice.Outlaw)) << uint(j)
		hidden |= rv >> 7 << uint(j) // RoleUnknown is 255, the roles 0..3
		d := int(v.Heals[j][sh]) - 2*int(v.Hits[j][sh])
		outish |= uint8(uint(d)>>63) << uint(j)
		lawish |= uint8(uint(-d)>>63) << uint(j)
	}
	me := uint8(1) << uint(r.self)
	dep &^= me // its own role shows in Revealed
	out &^= me
	hidden &= r.others
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
	ren := shBit & -b2u8(bits.OnesCount8(v.Alive) > 2)
	isLaw := -b2u8(role <= dice.Deputy)
	isOut := -b2u8(role == dice.Outlaw)
	isRen := -b2u8(role == dice.Renegade)
	r.friends = (law&isLaw | outl&isOut | ren&isRen) & r.others
}

// sus is seat j's outlaw-likeness from the public record, for a seat whose role it cannot
// see: positive for a player who acts against the Sheriff, negative for one who acts
// for him.
//
//	first look:  4·(life taken from the Sheriff) − 2·(life given to the Sheriff)
//	second look: + (life taken from players who look lawful, revealed Deputies included)
//	             − (life taken from players who look like Outlaws, revealed Outlaws included)
func (r *refReading) sus(v *dice.View, j int) int {
	if r.sheriff < 0 {
		return 0
	}
	j &= 7
	sh := r.sheriff & 7
	first := 4*int(v.Hits[j][sh]) - 2*int(v.Heals[j][sh])
	if !r.second || !r.looked {
		return first // the second look only when the first was taken for the friends
	}
	second := 0
	for k := 0; k < dice.MaxPlayers; k++ {
		hit := int(v.Hits[j][k])
		second += hit*int(r.lawish>>uint(k)&1) - hit*int(r.outish>>uint(k)&1)
	}
	return first + second
}

// refShotBase[role][class] is the base score of shooting a seat of that class (its revealed
// role, or 4 for a seat whose role it cannot see) for a player of that role; friends
// score -1000 whatever their class.
var refShotBase = [dice.NumRoles][5]int16{
	dice.Sheriff:  {-1000, -1000, 300, 200, 100},
	dice.Deputy:   {-1000, -1000, 300, 200, 100},
	dice.Outlaw:   {1000, 300, -1000, 50, 100},
	dice.Renegade: {100, 150, 300, 200, 100}, // the Sheriff only when the two of them are left
}

// refSusWeight[role] turns suspicion into target preference: the law and the Renegade
// shoot who looks like an Outlaw, an Outlaw who looks lawful.
var refSusWeight = [dice.NumRoles]int16{10, 10, -10, 10}

// shotScore rates shooting seat j (higher is better; negative: it would rather not).
// dmg is the damage the shot deals (2 for Slab's doubled Bull's Eye).
func (r *refReading) shotScore(v *dice.View, j, dmg int) int {
	j &= 7
	var base int
	switch {
	case r.sheriff < 0: // 3 players
		base = 100
		if v.Revealed[j] == refHuntedRole(r.role) && bits.OnesCount8(r.alive) == 3 {
			base = 300
		}
	case r.friends>>uint(j)&1 == 1:
		base = -1000
	default:
		role := r.role & 3
		cls := min(uint8(v.Revealed[j]), 4)
		base = int(refShotBase[role][cls])
		if cls == 4 {
			base += int(refSusWeight[role]) * r.sus(v, j)
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
	if v.Char[j] == dice.ElGringo && life > dmg {
		base -= 5
	}
	return base
}

// bestShot returns the seat in options it most wants to hit, and that seat's score.
func (r *refReading) bestShot(v *dice.View, options uint8, dmg int) (int, int) {
	if foes := options &^ r.friends; foes != 0 && foes&(foes-1) == 0 {
		j := bits.TrailingZeros8(foes)
		return j, r.shotScore(v, j, dmg) // the one seat that is not a friend
	}
	best, bestScore := -1, 0
	for m := options; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		if sc := r.shotScore(v, j, dmg); best < 0 || sc > bestScore {
			best, bestScore = j, sc
		}
	}
	return best, bestScore
}

// target returns the seat to hit with a Bull's Eye among options: the one seat that is
// not a friend if there is just one, else the best bestShot.
func (r *refReading) target(v *dice.View, options uint8) int {
	if foes := options &^ r.friends; foes != 0 && foes&(foes-1) == 0 {
		return bits.TrailingZeros8(foes)
	}
	j, _ := r.bestShot(v, options, 1)
	return j
}

// bestHeal returns the seat in options to heal: among itself and its friends below
// their maximum (a Deputy counts the Sheriff; the Renegade the Sheriff only when he is
// down to 3 life or less, about to fall), the refLowest in life, itself first on ties, the
// Sheriff first for a Deputy or Renegade, Jesse Jones himself when a Beer gives him 2;
// with nobody to heal, the Sheriff for a Deputy or Renegade (a free public sign of
// loyalty), else itself (the Beer is wasted rather than given to a possible enemy).
func (r *refReading) bestHeal(v *dice.View, options uint8) int {
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
			if v.Char[j] == dice.JesseJones && life <= 4 {
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

// refHuntedRole is the 3-player target of role r.
func refHuntedRole(r dice.Role) dice.Role {
	switch r {
	case dice.Deputy:
		return dice.Renegade
	case dice.Renegade:
		return dice.Outlaw
	}
	return dice.Deputy
}
