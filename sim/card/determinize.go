package card

import (
	"math/rand/v2"

	"github.com/bangsim/bangsim/internal/fastrand"
	"github.com/bangsim/bangsim/sim/bang"
)

// Determinizer deals States consistent with what one seat knows, for search policies
// (LookaheadPolicy) that play the game on: information-set sampling. Prepare reads the
// View's seat's knowledge once a decision; each Deal then writes one world into a
// State that resumes at the same decision:
//
//   - everything public (the Board, the record, the discard pile, the card being
//     resolved, the pending decision) and the seat's own hand and role are kept;
//   - the roles the seat cannot see are dealt among the roles not accounted for (the
//     Sheriff's, the dead's and its own are known), each assignment drawn with weight
//     the product of a likelihood per act of the public record (weights below);
//   - the unseen cards (every other hand and the deck: the cards the seat cannot place,
//     a set the public record and its own hand fix) are shuffled and dealt, each other
//     hand getting as many as it holds, the rest making the deck;
//   - the engine's stream is reseeded, so the copy's future draws reveal nothing, and
//     tracing and the Table's per-seat shortcuts are off (Table.Finish sets its own).
//
// What the seat may know beyond that (the card Kit Carlson put back on the deck, the
// General Store's cards a player took) is forgotten: a world may contradict it, never
// reveal more. The likelihood is a simple reading: each card a hidden player aimed at
// or life it took from a seat whose role the seat knows multiplies the weight of each
// role that player may have by hostileTo[known role][candidate role] (an Outlaw shoots
// the law, a Deputy seldom does; the law shoots Outlaws). Nothing the engine reads in
// a dealt world depends on the hidden roles, hands or deck order of the source game
// (TestDeterminizeReadsNothingHidden).
//
// It deals the multi-player game's hidden parts only: the long duel's unplayed stacks
// are not redealt. A Determinizer holds no pointer to any game but the one Prepare was
// given, allocates nothing, and is not safe for use by two goroutines.
type Determinizer struct {
	src    *State
	self   int8
	hidden [MaxSeats]int8 // the seats whose role is dealt
	nh     int
	// assign[k][i] is the role of hidden[i] in assignment k; cum its cumulative weight.
	assign [maxAssign][MaxSeats]Role
	cum    [maxAssign]float64
	na     int
	pool   [128]CardID // the unseen cards, in CardID order
	np     int
	rng    rand.PCG
}

// maxAssign bounds the role assignments Prepare lists: at 7 players with the Sheriff
// deciding, 6 hidden seats take 2 Deputies, 3 Outlaws and 1 Renegade (60 ways).
const maxAssign = 64

// hostileTo[t][r] is the likelihood factor of one hostile act (a card aimed, a life
// taken) toward a seat of known role t by a player of role r (Sheriff, Deputy, Outlaw,
// Renegade). The law's acts against the law and an Outlaw's against Outlaws are rare;
// the Renegade sits between.
var hostileTo = [bang.NumRoles][bang.NumRoles]float64{
	Sheriff:  {1, 0.15, 1, 0.5},
	Deputy:   {1, 0.3, 1, 0.6},
	Outlaw:   {1, 1, 0.3, 0.8},
	Renegade: {1, 1, 1, 1},
}

// maxActs caps the acts counted per pair of seats, so that weights stay well inside
// float64 and a long feud does not rule a role out entirely.
const maxActs = 6

// Prepare reads what v's seat knows of the game v was filled from (by a Table or
// FillView). It panics for a View the engine did not fill.
func (d *Determinizer) Prepare(v *View) {
	g := v.game
	if g == nil {
		panic("card: Determinizer.Prepare on a View not filled by the engine")
	}
	d.src = g
	self := g.dec.Seat & 7 // the game's word, not the View's: a policy may write its View
	d.self = self
	n := int(g.Players)
	// What the seat knows of the roles: the revealed ones and its own (an omniscient
	// seat's search deals the others all the same).
	var known [MaxSeats]Role
	counts := bang.RoleCounts(n)
	d.nh = 0
	for s := 0; s < n; s++ {
		r := g.Revealed[s]
		if int8(s) == self {
			r = g.Role[s]
		}
		known[s] = r
		if r == RoleUnknown {
			d.hidden[d.nh] = int8(s)
			d.nh++
		} else {
			counts[r]--
		}
	}
	// The likelihood factor of each role for each hidden seat, from its acts toward the
	// seats whose role is known.
	var like [MaxSeats][bang.NumRoles]float64
	for i := 0; i < d.nh; i++ {
		h := d.hidden[i]
		for r := range like[i] {
			like[i][r] = 1
		}
		for t := 0; t < n; t++ {
			if known[t] == RoleUnknown {
				continue
			}
			acts := min(int(g.Aimed[h][t])+int(g.Hits[h][t]), maxActs)
			for ; acts > 0; acts-- {
				for r := range like[i] {
					like[i][r] *= hostileTo[known[t]][r]
				}
			}
		}
	}
	d.na = 0
	var cur [MaxSeats]Role
	d.enumerate(0, &counts, &cur, 1, &like)
	// The unseen cards: every other hand and the deck, in CardID order.
	var u Set
	for s := 0; s < n; s++ {
		if int8(s) != self {
			u = u.Or(g.Hand[s])
		}
	}
	for _, c := range g.deck[:g.DeckLen] {
		u.Add(c)
	}
	d.np = 0
	for w := 0; w < 2; w++ {
		for m := u[w]; m != 0; m &= m - 1 {
			d.pool[d.np&127] = CardID(w*64 + trailing(m))
			d.np++
		}
	}
}

// enumerate lists the assignments of the roles left in counts to hidden[i:], with
// weight w times their likelihood; past maxAssign it stops (not at seven players).
func (d *Determinizer) enumerate(i int, counts *[bang.NumRoles]int, cur *[MaxSeats]Role, w float64, like *[MaxSeats][bang.NumRoles]float64) {
	if d.na == maxAssign {
		return
	}
	if i == d.nh {
		d.assign[d.na] = *cur
		c := w
		if d.na > 0 {
			c += d.cum[d.na-1]
		}
		d.cum[d.na] = c
		d.na++
		return
	}
	for r := range counts {
		if counts[r] == 0 {
			continue
		}
		counts[r]--
		cur[i] = Role(r)
		d.enumerate(i+1, counts, cur, w*like[i][r], like)
		counts[r]++
	}
}

// Deal writes into dst one world consistent with what the prepared seat knows, its
// engine stream seeded from (seed1, seed2), which also draw the roles and the cards.
// dst is then at the same decision: dst.Apply plays a candidate, a Table whose State it
// is plays on with Finish.
func (d *Determinizer) Deal(dst *State, seed1, seed2 uint64) {
	g := d.src
	if dst != g {
		*dst = *g
	}
	dst.trace.on, dst.trace.n, dst.trace.lost = false, 0, 0
	dst.lazy, dst.lists, dst.fixing, dst.upgrades = 0, 0, 0, 0
	d.rng.Seed(seed1^0x9e3779b97f4a7c15, seed2)
	// The roles: an assignment drawn by weight.
	if d.nh > 0 && d.na > 0 {
		total := d.cum[d.na-1]
		x := float64(d.rng.Uint64()>>11) / (1 << 53) * total
		k := 0
		for k < d.na-1 && d.cum[k] <= x {
			k++
		}
		for i := 0; i < d.nh; i++ {
			dst.Role[d.hidden[i]&7] = d.assign[k][i]
		}
	}
	dst.deputies, dst.outlaws, dst.renegades = 0, 0, 0
	for s := 0; s < int(dst.Players); s++ {
		switch dst.Role[s] {
		case Deputy:
			dst.deputies |= 1 << s
		case Outlaw:
			dst.outlaws |= 1 << s
		case Renegade:
			dst.renegades |= 1 << s
		}
	}
	// The cards: the unseen ones shuffled, each other hand dealt its size, the rest the
	// deck (the top last).
	p := d.pool
	for i := d.np - 1; i > 0; i-- {
		j := int(fastrand.UintN(&d.rng, uint64(i+1)))
		p[i&127], p[j&127] = p[j&127], p[i&127]
	}
	k := 0
	for s := 0; s < int(dst.Players); s++ {
		if int8(s) == d.self {
			continue
		}
		var h Set
		for i := 0; i < int(dst.HandLen[s]); i++ {
			h.Add(p[k&127])
			k++
		}
		dst.Hand[s] = h
	}
	n := 0
	for ; k < d.np; k++ {
		dst.deck[n&127] = p[k&127]
		n++
	}
	if n != int(dst.DeckLen) {
		panic("card: Determinizer.Deal: the unseen cards and the hands' and deck's sizes disagree")
	}
	dst.rng.Seed(seed1, seed2)
}

// Determinize copies the game v was filled from into dst as v's seat knows it: one
// world of Determinizer (Prepare, then Deal). A search that deals many worlds at one
// decision keeps a Determinizer and prepares it once.
func (v *View) Determinize(dst *State, seed1, seed2 uint64) {
	var d Determinizer
	d.Prepare(v)
	d.Deal(dst, seed1, seed2)
}
