package cardbots

import (
	"encoding/binary"
	"math/bits"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// reading is what the heuristic makes of the table before a decision that aims at
// someone: for every other living seat how much it wants to hurt them (want > 0, the
// higher the sooner), who its friends are, and who it holds for a real enemy (a known
// one, or a suspect by the public record). It lives on the stack: filling it allocates
// nothing.
type reading struct {
	self    int8
	others  uint8 // the living seats but itself
	friends uint8 // never attacked; freed from Jail, spared by Gatling and Indians!
	foes    uint8 // known enemies and suspects: the targets of Jail, Panic!, Cat Balou and Duel
	spare   uint8 // shot at, but not worth a Gatling or Indians! (the Sheriff's endgame pick)
	// want is, for each living seat, the wish to hurt it: positive for an enemy or an
	// unclassified seat it would shoot anyway (Aggression), -1 for a friend, 0 for
	// a seat it leaves alone. It leaves out lifeBonus, which depends on lives (a memo
	// keeps want, see readMemo): wish adds it.
	want [card.MaxSeats]int16
	// byLife is set when the reading depends on life and hand sizes beyond lifeBonus
	// (the Sheriff's endgame pick): not to be kept in a memo.
	byLife bool
	// byRecord is set when the reading read the record (suspicion, hostility): else it
	// depends on who is alive alone, and a memo keeps it whatever the record does.
	byRecord bool
}

// roleCounts[n][r] is the number of seats dealt role r at a table of n.
var roleCounts = func() (c [card.MaxSeats + 1][card.NumRoles]int8) {
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		for r, k := range bang.RoleCounts(n) {
			c[n][r] = int8(k)
		}
	}
	return c
}()

// Wishes to hurt a seat by what the reader knows of it (see read).
const (
	wantSheriffByOutlaw  = 200 // the Outlaws' target
	wantOutlaw           = 120 // a known Outlaw, for the law and the Renegade
	wantRenegadeEarly    = 60  // a known Renegade, for the law, while Outlaws live
	wantRenegadeLate     = 120 // … once they are dead
	wantDeputyByOutlaw   = 100 // a Deputy is in the Outlaws' way
	wantRenegadeByOutlaw = 60
	wantDeputyEarly      = 40  // a Deputy, for the Renegade, while Outlaws live
	wantDeputyLate       = 100 // … once they are dead
	wantSuspect          = 90  // a hidden seat the evidence marks as an enemy (plus 5 a point)
	wantHiddenEnemy      = 80  // a hidden seat that can only be an enemy (nobody hidden is on its side)
	wantRenegadeHidden   = 50  // the Renegade's wish for a hidden seat with no evidence
	wantRenegadeLawful   = 40  // … and for one who looks lawful
	wantSheriffEndgame   = 200 // the Renegade, alone with the Sheriff
	wantEndgamePick      = 60  // the Sheriff's pick between a hidden Deputy and the Renegade
)

// read fills r for seat v.Self. It reads the roles the View shows (the Sheriff's, the
// dead's, its own; every role for an omniscient seat), counts the roles still hidden
// among the others, and for each hidden living seat j reads a suspicion from the public
// record (View.Record), positive for an Outlaw's deeds:
//
//	first look: 4·Aimed[j][Sheriff] + Hits[j][Sheriff]
//	            + 3·(cards j aimed at known Deputies, itself included when it is one)
//	            − 3·(cards j aimed at known Outlaws, itself included when it is one)
//	then:       − 3·(cards j aimed at hidden seats whose first look is a suspect's)
//	            + 1·(cards j aimed at hidden seats whose first look is lawful)
//
// A card aimed (BANG!, Duel, Panic!, Cat Balou, Jail) weighs more than a life taken,
// which Gatling and Indians! take from everyone alike; shooting a lawful-looking seat is
// weak evidence (a lone Deputy shoots every hidden seat, the Renegade who helps the
// Sheriff looks lawful too). A seat at or above Suspect is a suspected Outlaw; at or
// below −Suspect it looks lawful (a Deputy, or the Renegade helping the Sheriff).
//
// Then by its own role (want in brackets, plus lifeBonus for a seat low on life):
//   - Sheriff, Deputy: friends are the Sheriff, the known Deputies, whoever looks lawful
//     while a Deputy is hidden, and every hidden seat once only Deputies are hidden;
//     enemies the known Outlaws (120), the known Renegade (60 while Outlaws live, then
//     120), suspects (90+) and, once no Deputy is hidden, every hidden seat (80); a hidden
//     seat with no evidence gets Aggression. Once no Outlaw is hidden, a hidden seat is a
//     Deputy or the Renegade, and shots at Outlaws or at lawful-looking seats no longer
//     tell them apart: only hostility to the Sheriff and to known Deputies, itself
//     included (4·Aimed[j][Sheriff] + Hits[j][Sheriff] + 3·cards aimed at known
//     Deputies ≥ Suspect) makes an enemy (120). While none does, a Deputy leaves them
//     alone, and the Sheriff (Endgame) picks one, endgamePick: the hidden seat with the
//     most life, at 2 or more (60, a foe, but spared by Gatling and Indians!).
//   - Outlaw: the Sheriff (200), known Deputies (100), the known Renegade (60); friends are
//     the known Outlaws, the suspects while another Outlaw is hidden, and every hidden seat
//     once only Outlaws are hidden; whoever looks lawful is an enemy (90+), and once no
//     Outlaw is hidden every hidden seat (80); no evidence: Aggression.
//   - Renegade: the Sheriff is a friend until the two of them are left (then 200); known
//     Outlaws (120) and suspects (90+) first, Deputies and lawful-looking seats late (40
//     while Outlaws live, then 100); no evidence: 50 (120 once only Outlaws are hidden).
//
// Friends are never attacked; foes (known enemies, suspects, seats that can only be
// enemies, the Sheriff's endgame pick) are the targets of Jail, Panic!, Cat Balou and
// Duel; a seat with a positive want but no evidence is only shot at and counted by
// Gatling and Indians!.
//
// The roles shown are read as one word (a byte a seat) into a bit mask of seats for each
// role (roleMasks), the wishes are written a mask at a time, and the suspicion is read
// only when a rule above needs it.
func (r *reading) read(v *card.View, p *HeuristicParams) {
	self := int(v.Self) & 7
	others := v.Alive &^ (1 << uint(self))
	r.self, r.others = int8(self), others
	n := min(int(v.Players), card.MaxPlayers)
	counts := &roleCounts[n]
	// The roles shown, one seat a bit (the seats at the table only), and the roles still
	// hidden among the others.
	shown, evDep, evOut, evRen, sheriff := roleMasks(&v.Revealed, uint8(1<<uint(n)-1))
	depLeft := int(counts[card.Deputy]) - bits.OnesCount8(evDep)
	outLeft := int(counts[card.Outlaw]) - bits.OnesCount8(evOut)
	renLeft := int(counts[card.Renegade]) - bits.OnesCount8(evRen)
	hidden := others &^ shown
	sheriff &= others
	outlawsUp := outLeft > 0 || evOut&v.Alive != 0
	thr := int16(p.Suspect)
	// The suspicion of the hidden seats, read only when the rules below need it: sus,
	// and the seats at or above Suspect (hi), at or below −Suspect (lo), or between (mid).
	// (Written out at each use rather than a closure, which cost every read its frame.)
	var sus [card.MaxSeats]int16
	var hi, lo, mid uint8
	agg := int16(p.Aggression)
	switch v.Role {
	case card.Sheriff, card.Deputy:
		r.befriend(sheriff | evDep&others)
		r.hurtAll(v, evOut&others, wantOutlaw, true)
		r.hurtAll(v, evRen&others, pick(outlawsUp, wantRenegadeEarly, wantRenegadeLate), true)
		switch {
		case hidden == 0:
		case outLeft <= 0 && renLeft <= 0: // only Deputies are hidden
			r.befriend(hidden)
		case depLeft <= 0:
			r.byRecord = true
			hi, lo = suspicion(v, &sus, hidden, evOut, evDep, thr)
			mid = hidden &^ (hi | lo)
			for m := hidden; m != 0; m &= m - 1 {
				j := bits.TrailingZeros8(m)
				r.hurt(v, j, wantHiddenEnemy+clamp(5*sus[j], -40, 60), true)
			}
		case outLeft <= 0:
			// A Deputy or the Renegade: only a hand raised against the Sheriff or a known
			// Deputy (itself, when it is one) tells them apart.
			r.byRecord = true
			dl := lanes[evDep]
			hostile := false
			for m := hidden; m != 0; m &= m - 1 {
				j := bits.TrailingZeros8(m)
				row := binary.LittleEndian.Uint64(v.Aimed[j][:])
				if hostility(v, j, int(v.Sheriff))+3*laneSum(row&dl) >= thr {
					r.hurt(v, j, wantRenegadeLate, true)
					hostile = true
				}
			}
			if !hostile && v.Role == card.Sheriff && p.Endgame {
				r.byLife = true
				if j := endgamePick(v, hidden); j >= 0 {
					r.hurt(v, j, wantEndgamePick, true)
					r.spare |= 1 << uint(j)
				}
			}
		default:
			r.byRecord = true
			hi, lo = suspicion(v, &sus, hidden, evOut, evDep, thr)
			mid = hidden &^ (hi | lo)
			r.befriend(lo)
			for m := hi; m != 0; m &= m - 1 {
				j := bits.TrailingZeros8(m)
				r.hurt(v, j, wantSuspect+min(5*sus[j], 60), true)
			}
			r.hurtAll(v, mid, agg, false)
		}
	case card.Outlaw:
		r.hurtAll(v, sheriff, wantSheriffByOutlaw, true)
		r.hurtAll(v, evDep&others, wantDeputyByOutlaw, true)
		r.hurtAll(v, evRen&others, wantRenegadeByOutlaw, true)
		r.befriend(evOut & others)
		switch {
		case hidden == 0:
		case depLeft <= 0 && renLeft <= 0: // only Outlaws are hidden
			r.befriend(hidden)
		case outLeft <= 0:
			r.byRecord = true
			hi, lo = suspicion(v, &sus, hidden, evOut, evDep, thr)
			mid = hidden &^ (hi | lo)
			for m := hidden; m != 0; m &= m - 1 {
				j := bits.TrailingZeros8(m)
				r.hurt(v, j, wantHiddenEnemy+clamp(-5*sus[j], -40, 60), true)
			}
		default:
			r.byRecord = true
			hi, lo = suspicion(v, &sus, hidden, evOut, evDep, thr)
			mid = hidden &^ (hi | lo)
			r.befriend(hi)
			for m := lo; m != 0; m &= m - 1 {
				j := bits.TrailingZeros8(m)
				r.hurt(v, j, wantSuspect+min(-5*sus[j], 60), true)
			}
			r.hurtAll(v, mid, agg, false)
		}
	default: // the Renegade
		if bits.OnesCount8(v.Alive) > 2 {
			r.befriend(sheriff)
		} else {
			r.hurtAll(v, sheriff, wantSheriffEndgame, true)
		}
		r.hurtAll(v, evOut&others, wantOutlaw, true)
		r.hurtAll(v, evDep&others, pick(outlawsUp, wantDeputyEarly, wantDeputyLate), true)
		switch {
		case hidden == 0:
		case !outlawsUp:
			r.hurtAll(v, hidden, wantDeputyLate, true)
		case depLeft <= 0:
			r.hurtAll(v, hidden, wantOutlaw, true)
		default:
			r.byRecord = true
			hi, lo = suspicion(v, &sus, hidden, evOut, evDep, thr)
			mid = hidden &^ (hi | lo)
			for m := hi; m != 0; m &= m - 1 {
				j := bits.TrailingZeros8(m)
				r.hurt(v, j, wantSuspect+min(5*sus[j], 60), true)
			}
			r.hurtAll(v, lo, wantRenegadeLawful, false)
			r.hurtAll(v, mid, wantRenegadeHidden, false)
		}
	}
}

// befriend marks the seats of m as friends.
func (r *reading) befriend(m uint8) {
	r.friends |= m
	for ; m != 0; m &= m - 1 {
		r.want[bits.TrailingZeros8(m)] = -1
	}
}

// hurt sets the wish to hurt seat j to w (when positive; wish adds lifeBonus), and
// marks it a foe when foe is set.
func (r *reading) hurt(v *card.View, j int, w int16, foe bool) {
	if w <= 0 {
		return
	}
	j &= 7
	r.want[j] = w
	if foe {
		r.foes |= 1 << uint(j)
	}
}

// hurtAll is hurt for every seat of m.
func (r *reading) hurtAll(v *card.View, m uint8, w int16, foe bool) {
	if w <= 0 {
		return
	}
	if foe {
		r.foes |= m
	}
	for ; m != 0; m &= m - 1 {
		r.want[bits.TrailingZeros8(m)] = w
	}
}

// wish is the wish to hurt seat j: want, plus lifeBonus when positive.
func (r *reading) wish(v *card.View, j int) int16 {
	w := r.want[j&7]
	return w + lifeBonus(v.Life[j&7])&-int16(b2i(w > 0)) // no branch: whether it is an enemy is the table's
}

// deedLanes[s] masks seat s's count in the two words of a memo key (readMemo).
var deedLanes = func() (t [card.MaxSeats][2]uint64) {
	for s := range t {
		t[s][s/4] = 0xffff << (16 * uint(s%4))
	}
	return t
}()

// readMemo is read, through the seat's memo (View.Memo) where the Table gives one: the
// reading depends on the record's rows of the hidden seats (not on its own: it is not
// hidden from itself, nor on the Sheriff's), on who is alive (and so on the roles
// shown) and on lives only through lifeBonus (which wish adds), except for the
// Sheriff's endgame pick (byLife, never kept). So a reading kept with the View.Deeds of
// the seats other than itself and the Sheriff, and Alive, is still good while they are
// unchanged, as it is between the plays of a turn; a reading that did not read the
// record at all (byRecord unset: no hidden seat's standing was in question) is good
// while Alive is, and is kept with another mark and no Deeds. The memo's words: the key
// (those Deeds, two words; Alive and a mark), then others, friends, foes and spare,
// then want.
func (r *reading) readMemo(v *card.View, p *HeuristicParams) {
	m := v.Memo
	if m == nil {
		r.read(v, p)
		return
	}
	self := int(v.Self) & 7
	d := &v.Deeds
	k0 := uint64(d[0]) | uint64(d[1])<<16 | uint64(d[2])<<32 | uint64(d[3])<<48
	k1 := uint64(d[4]) | uint64(d[5])<<16 | uint64(d[6])<<32 | uint64(d[7])<<48
	// Its own rows and the Sheriff's (never hidden) are not read: out of the key.
	k0 &^= deedLanes[self][0]
	k1 &^= deedLanes[self][1]
	if sh := int(v.Sheriff); sh >= 0 {
		k0 &^= deedLanes[sh&7][0]
		k1 &^= deedLanes[sh&7][1]
	}
	k2 := uint64(v.Alive) | 1<<8
	// A reading kept without the record (byRecord unset) has the mark 2<<8 instead.
	// Either key, tested with one branch (whether the memo holds is the table's, a coin
	// flip to the predictor; a test a word would add one for each).
	if min((m[2]^k2)|(m[0]^k0)|(m[1]^k1), m[2]^(k2^3<<8)) == 0 {
		x, w0, w1 := m[3], m[4], m[5]
		r.self = int8(self)
		r.others, r.friends, r.foes, r.spare = uint8(x), uint8(x>>8), uint8(x>>16), uint8(x>>24)
		r.want = [card.MaxSeats]int16{
			int16(w0), int16(w0 >> 16), int16(w0 >> 32), int16(w0 >> 48),
			int16(w1), int16(w1 >> 16), int16(w1 >> 32), int16(w1 >> 48),
		}
		return
	}
	r.read(v, p)
	if r.byLife {
		m[2] = 0
		return
	}
	w := &r.want
	m[0], m[1], m[2] = k0, k1, k2
	if !r.byRecord {
		m[2] = k2 ^ 3<<8
	}
	m[3] = uint64(r.others) | uint64(r.friends)<<8 | uint64(r.foes)<<16 | uint64(r.spare)<<24
	m[4] = uint64(uint16(w[0])) | uint64(uint16(w[1]))<<16 | uint64(uint16(w[2]))<<32 | uint64(uint16(w[3]))<<48
	m[5] = uint64(uint16(w[4])) | uint64(uint16(w[5]))<<16 | uint64(uint16(w[6]))<<32 | uint64(uint16(w[7]))<<48
}

// endgamePick is the hidden seat the Sheriff shoots once no Outlaw is hidden and no
// hidden seat has raised a hand against him or a known Deputy (see read): the one with
// the most life, at 2 or more, the fewer cards in hand on ties, then the later seat; -1
// when every hidden seat is at 1 life.
func endgamePick(v *card.View, hidden uint8) int {
	best, bestK := -1, 0
	for m := hidden; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		if v.Life[j] < 2 {
			continue
		}
		if k := int(v.Life[j])<<12 | (255-int(v.HandLen[j]))<<4 | j; k > bestK {
			best, bestK = j, k
		}
	}
	return best
}

// roleMasks reads the roles shown for the seats of seats, one bit a seat: the seats whose
// role is shown, and those shown as Deputies, Outlaws, the Renegade, the Sheriff. The
// eight roles are read as one word, a byte a seat: RoleUnknown is the only byte with its
// high bit set, and the two low bits of the others are the role (Sheriff 0, Deputy 1,
// Outlaw 2, Renegade 3); each bit is gathered across the eight bytes by one multiply.
func roleMasks(a *[card.MaxSeats]card.Role, seats uint8) (shown, dep, out, ren, sheriff uint8) {
	x := uint64(a[0]) | uint64(a[1])<<8 | uint64(a[2])<<16 | uint64(a[3])<<24 |
		uint64(a[4])<<32 | uint64(a[5])<<40 | uint64(a[6])<<48 | uint64(a[7])<<56
	const ones = 0x0101010101010101
	gather := func(y uint64) uint8 { return uint8((y & ones) * 0x0102040810204080 >> 56) }
	shown = ^gather(x>>7) & seats
	b0, b1 := gather(x), gather(x>>1)
	return shown, shown & b0 &^ b1, shown &^ b0 & b1, shown & b0 & b1, shown &^ (b0 | b1)
}

// suspicion fills sus for the hidden seats (see read for the formula) and returns those
// at or above thr and those at or below −thr. Each seat's row of Aimed is read as one
// word, and the cards it aimed at a set of seats are summed over that word's byte lanes
// (a seat never aims at itself: its own lane is 0), an empty set's too, and each seat
// is classed with no branch (both are the table's, coin flips to the predictor).
func suspicion(v *card.View, sus *[card.MaxSeats]int16, hidden, evOut, evDep uint8, thr int16) (hi, lo uint8) {
	sh := int(v.Sheriff)
	var bad, good uint8
	dl, ol := lanes[evDep], lanes[evOut]
	for m := hidden; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		row := binary.LittleEndian.Uint64(v.Aimed[j][:])
		s := hostility(v, j, sh) + 3*(laneSum(row&dl)-laneSum(row&ol))
		sus[j] = s
		bad |= uint8(b2i(s >= thr)) << uint(j)
		good |= uint8(b2i(s <= -thr)) << uint(j)
	}
	good &^= bad // bad first, as a switch would have it (a Suspect of 0 or less)
	if bad|good == 0 {
		return 0, 0
	}
	bl, gl := lanes[bad], lanes[good]
	for m := hidden; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		row := binary.LittleEndian.Uint64(v.Aimed[j][:])
		s := sus[j] + laneSum(row&gl) - 3*laneSum(row&bl)
		sus[j] = s
		hi |= uint8(b2i(s >= thr)) << uint(j)
		lo |= uint8(b2i(s <= -thr)) << uint(j)
	}
	return hi, lo &^ hi
}

// lanes[m] has byte lane i all ones for every seat i in m.
var lanes = func() (t [256]uint64) {
	for m := range t {
		for i := 0; i < 8; i++ {
			if m>>i&1 == 1 {
				t[m] |= 0xff << (8 * i)
			}
		}
	}
	return t
}()

// laneSum adds the eight byte lanes of x exactly (up to 8·255).
func laneSum(x uint64) int16 {
	x = x&0x00ff00ff00ff00ff + x>>8&0x00ff00ff00ff00ff
	return int16(x * 0x0001000100010001 >> 48)
}

// hostility is the first term of the suspicion: 4·Aimed[j][sh] + Hits[j][sh].
func hostility(v *card.View, j, sh int) int16 {
	return 4*int16(v.Aimed[j&7][sh&7]) + int16(v.Hits[j&7][sh&7])
}

// lifeBonus adds to the wish to hurt an enemy with little life left: a kill takes a
// player's cards and turns out of the game.
func lifeBonus(life int8) int16 {
	return lifeBonuses[uint8(life)]
}

// lifeBonuses[uint8(life)] is lifeBonus: 40 at 1 life or less (0 and below read as 128
// and up), 20 at 2, 8 at 3, 0 from 4 (one load, no clamp).
var lifeBonuses = func() (t [256]int16) {
	for b := range t {
		switch life := int8(b); {
		case life <= 1:
			t[b] = 40
		case life == 2:
			t[b] = 20
		case life == 3:
			t[b] = 8
		}
	}
	return
}()

func pick(c bool, a, b int16) int16 {
	if c {
		return a
	}
	return b
}

func clamp(x, lo, hi int16) int16 { return max(lo, min(x, hi)) }

// isFriend reports whether seat j is a friend.
func (r *reading) isFriend(j int8) bool { return r.friends>>uint(j&7)&1 == 1 }

// isFoe reports whether seat j is a known or suspected enemy.
func (r *reading) isFoe(j int8) bool { return r.foes>>uint(j&7)&1 == 1 }
