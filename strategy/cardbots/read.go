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
	self, sheriff int
	role          card.Role
	nAlive        int
	alive         uint8 // the living seats
	others        uint8 // the living seats but itself
	friends       uint8 // never attacked; freed from Jail, spared by Gatling and Indians!
	foes          uint8 // known enemies and suspects: the targets of Jail, Panic!, Cat Balou and Duel
	outlawsUp     bool  // an Outlaw may still be alive (hidden or known)
	// want is, for each living seat, the wish to hurt it: positive for an enemy or an
	// unclassified seat it would shoot anyway (Aggression), -1 for a friend, 0 for
	// a seat it leaves alone.
	want [card.MaxSeats]int16
	// sus is the suspicion of each hidden seat (see read); 0 for seats whose role it sees.
	sus [card.MaxSeats]int16
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
//     Deputies ≥ Suspect) makes an enemy (120); the rest are left alone.
//   - Outlaw: the Sheriff (200), known Deputies (100), the known Renegade (60); friends are
//     the known Outlaws, the suspects while another Outlaw is hidden, and every hidden seat
//     once only Outlaws are hidden; whoever looks lawful is an enemy (90+), and once no
//     Outlaw is hidden every hidden seat (80); no evidence: Aggression.
//   - Renegade: the Sheriff is a friend until the two of them are left (then 200); known
//     Outlaws (120) and suspects (90+) first, Deputies and lawful-looking seats late (40
//     while Outlaws live, then 100); no evidence: 50 (120 once only Outlaws are hidden).
//
// Friends are never attacked; foes (known enemies, suspects, seats that can only be
// enemies) are the targets of Jail, Panic!, Cat Balou and Duel; a seat with a positive
// want but no evidence is only shot at and counted by Gatling and Indians!.
func (r *reading) read(v *card.View, p *HeuristicParams) {
	self := int(v.Self) & 7
	me := uint8(1) << uint(self)
	r.self, r.role = self, v.Role
	r.sheriff = int(v.Sheriff) & 7
	r.alive = v.Alive
	r.others = v.Alive &^ me
	r.nAlive = bits.OnesCount8(v.Alive)
	n := min(int(v.Players), card.MaxPlayers)
	counts := &roleCounts[n]
	// The roles still hidden among the others.
	depLeft, outLeft, renLeft := counts[card.Deputy], counts[card.Outlaw], counts[card.Renegade]
	var hidden, evOut, evDep uint8
	knownOutAlive := false
	for s := 0; s < n; s++ {
		bit := uint8(1) << uint(s)
		switch v.Revealed[s] {
		case card.Deputy:
			depLeft--
			evDep |= bit
		case card.Outlaw:
			outLeft--
			evOut |= bit
			knownOutAlive = knownOutAlive || v.Alive&bit != 0
		case card.Renegade:
			renLeft--
		case card.RoleUnknown:
			if r.others&bit != 0 {
				hidden |= bit
			}
		}
	}
	r.outlawsUp = outLeft > 0 || knownOutAlive
	if hidden != 0 {
		r.suspicion(v, hidden, evOut, evDep, int16(p.Suspect))
	}
	thr := int16(p.Suspect)
	agg := int16(p.Aggression)
	onlyDeputies := outLeft <= 0 && renLeft <= 0
	onlyOutlaws := depLeft <= 0 && renLeft <= 0
	for m := r.others; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		bit := uint8(1) << uint(j)
		var w int16
		friend, foe := false, true
		rv := v.Revealed[j]
		s := r.sus[j]
		switch r.role {
		case card.Sheriff, card.Deputy:
			switch rv {
			case card.Sheriff, card.Deputy:
				friend = true
			case card.Outlaw:
				w = wantOutlaw
			case card.Renegade:
				w = pick(r.outlawsUp, wantRenegadeEarly, wantRenegadeLate)
			default:
				switch {
				case onlyDeputies:
					friend = true
				case depLeft <= 0:
					w = wantHiddenEnemy + clamp(5*s, -40, 60)
				case outLeft <= 0:
					// A Deputy or the Renegade: only a hand raised against the Sheriff or a
					// known Deputy (itself, when it is one) tells them apart.
					row := binary.LittleEndian.Uint64(v.Aimed[j][:])
					if hostility(v, j, r.sheriff)+3*laneSum(row&lanes[evDep]) >= thr {
						w = wantRenegadeLate
					}
				case s >= thr:
					w = wantSuspect + min(5*s, 60)
				case s <= -thr:
					friend = true
				default:
					w, foe = agg, false
				}
			}
		case card.Outlaw:
			switch rv {
			case card.Sheriff:
				w = wantSheriffByOutlaw
			case card.Deputy:
				w = wantDeputyByOutlaw
			case card.Renegade:
				w = wantRenegadeByOutlaw
			case card.Outlaw:
				friend = true
			default:
				switch {
				case onlyOutlaws:
					friend = true
				case outLeft <= 0:
					w = wantHiddenEnemy + clamp(-5*s, -40, 60)
				case s >= thr:
					friend = true
				case s <= -thr:
					w = wantSuspect + min(-5*s, 60)
				default:
					w, foe = agg, false
				}
			}
		default: // the Renegade
			switch rv {
			case card.Sheriff:
				if r.nAlive > 2 {
					friend = true
				} else {
					w = wantSheriffEndgame
				}
			case card.Outlaw:
				w = wantOutlaw
			case card.Deputy:
				w = pick(r.outlawsUp, wantDeputyEarly, wantDeputyLate)
			default:
				switch {
				case !r.outlawsUp:
					w = wantDeputyLate
				case depLeft <= 0:
					w = wantOutlaw
				case s >= thr:
					w = wantSuspect + min(5*s, 60)
				case s <= -thr:
					w, foe = wantRenegadeLawful, false
				default:
					w, foe = wantRenegadeHidden, false
				}
			}
		}
		switch {
		case friend:
			r.friends |= bit
			r.want[j] = -1
		case w > 0:
			if foe {
				r.foes |= bit
			}
			r.want[j] = w + lifeBonus(v.Life[j])
		}
	}
}

// suspicion fills r.sus for the hidden seats (see read for the formula). Each seat's row
// of Aimed is read as one word, and the cards it aimed at a set of seats are summed over
// that word's byte lanes (a seat never aims at itself: its own lane is 0).
func (r *reading) suspicion(v *card.View, hidden, evOut, evDep uint8, thr int16) {
	sh := r.sheriff
	var first [card.MaxSeats]int16
	var bad, good uint8
	for m := hidden; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		row := binary.LittleEndian.Uint64(v.Aimed[j][:])
		s := hostility(v, j, sh) + 3*(laneSum(row&lanes[evDep])-laneSum(row&lanes[evOut]))
		first[j] = s
		switch {
		case s >= thr:
			bad |= 1 << uint(j)
		case s <= -thr:
			good |= 1 << uint(j)
		}
	}
	bl, gl := lanes[bad], lanes[good]
	for m := hidden; m != 0; m &= m - 1 {
		j := bits.TrailingZeros8(m)
		row := binary.LittleEndian.Uint64(v.Aimed[j][:])
		r.sus[j] = first[j] - 3*laneSum(row&bl) + laneSum(row&gl)
	}
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
	switch {
	case life <= 1:
		return 40
	case life == 2:
		return 20
	case life == 3:
		return 8
	}
	return 0
}

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
