package dice

import "math/rand/v2"

// View is what the deciding player may know: the public table, their own role, and the
// decision in hand. The Table fills one View in place before every decision.
type View struct {
	Public
	Decision Decision
	Self     int8 // the deciding seat (Decision.Seat)
	Role     Role // the deciding player's own role
	// Omniscient is true when Revealed shows every role because the run asked for an
	// omniscient policy at this seat; otherwise hidden roles read RoleUnknown.
	Omniscient bool
	Rules      Rules
	// Profile is every seat's ability as primitives (public: the cards are face up),
	// copied once a game with Rules; bots read a seat's abilities here, never its name.
	Profile Profile
	// Rand is the deciding seat's own random stream for this game, apart from the dice
	// and from every other seat's, so what a policy draws changes neither the dice nor
	// another seat's draws (the Table points it at the seat before every decision). Its
	// state leads back to the game's seed (docs/policies.md, "What the View does not
	// guard against").
	Rand *rand.PCG

	game *State // the live game, reachable only through Determinize
	// omniscient is the Table's word on Omniscient, which Determinize trusts: a policy
	// may write its View's fields, and none of that may show it a hidden role.
	omniscient bool
}

// Policy chooses among the legal options of a decision. Choose must return a choice the
// Decision allows (see Decision.Legal); anything else is replaced and counted in
// State.Illegal.
type Policy interface {
	Choose(v *View) int
}

// OmniscientPolicy is implemented by policies that ask to see every role; the Table shows
// them the truth, and reports label them as such.
type OmniscientPolicy interface {
	Policy
	Omniscient() bool
}

// RecordBlindPolicy is implemented by policies that never read the public record
// (View.Hits, View.Heals) and say so: the Table spares them its copy before each of their
// decisions, a third of the View, and shows them a View whose record reads all zero. It
// changes no choice of a policy that keeps its word (the yardsticks' tests check theirs).
type RecordBlindPolicy interface {
	Policy
	RecordBlind() bool
}

// LookaheadPolicy is implemented by policies that call View.Determinize and play the
// copy on. The Table's straight-line driver keeps a turn's progress (the dice still to
// aim, the hits queued, the Beers to drink) in its own code rather than in the State,
// so a copy taken in the middle of its turn could not resume; the Table plays a game
// with such a policy at any seat on the state machine instead, whose State always can,
// and Determinize refuses to copy a game the straight-line driver is playing.
type LookaheadPolicy interface {
	Policy
	Lookahead() bool
}

// Needs declares what a seat's policy needs from the Table, as its registry entry says.
type Needs uint8

// What a policy may need: each says why the Table plays its seat otherwise.
const (
	NeedsAllRoles  Needs = 1 << iota // sees every role (omniscient)
	NeedsNoRecord                    // never reads the public record (record-blind)
	NeedsLookahead                   // copies the game (View.Determinize) and plays it on
)

// NeedsOf returns what p declares through OmniscientPolicy, RecordBlindPolicy and
// LookaheadPolicy, for a registry to check its declaration against the policy.
func NeedsOf(p Policy) Needs {
	var n Needs
	if o, ok := p.(OmniscientPolicy); ok && o.Omniscient() {
		n |= NeedsAllRoles
	}
	if b, ok := p.(RecordBlindPolicy); ok && b.RecordBlind() {
		n |= NeedsNoRecord
	}
	if l, ok := p.(LookaheadPolicy); ok && l.Lookahead() {
		n |= NeedsLookahead
	}
	return n
}

// fillView copies what the deciding seat may know into v.
func (g *State) fillView(v *View, omniscient, record bool) {
	v.Decision = g.dec
	v.game = g
	g.fillPublic(v, omniscient, record)
}

// fillPublic copies the table as the deciding seat (g.dec.Seat) may see it into v, the
// record only when record is set; the caller points v.game at g.
func (g *State) fillPublic(v *View, omniscient, record bool) {
	if record {
		v.Public = g.Public
	} else {
		v.Board = g.Board
	}
	s := g.dec.Seat & 7 // a seat is below 8: no bounds checks on every decision
	v.Self = s
	v.Role = g.Role[s]
	v.Omniscient, v.omniscient = omniscient, omniscient
	if omniscient {
		v.Revealed = g.Role
	} else {
		v.Revealed[s] = g.Role[s]
	}
}

// FillView fills v for the pending decision as a non-omniscient player sees it, for
// tools that drive a State without a Table.
func (g *State) FillView(v *View) {
	v.Rules = g.Rules
	v.Profile = g.Profile
	g.fillView(v, false, true)
}

// Targets returns the seats a Bull's Eye showing f rolled by seat a can hit, as the
// View shows the table (dice.Targets).
func (v *View) Targets(a int8, f Face) uint8 { return Targets(&v.Public, &v.Rules, &v.Profile, a, f) }

// Hitters returns the seats that have hit seat s at least once (public record).
func (v *View) Hitters(s int) uint8 {
	var m uint8
	for i := 0; i < int(v.Players); i++ {
		if v.Hits[i][s] > 0 {
			m |= 1 << uint(i)
		}
	}
	return m
}
