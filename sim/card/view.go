package card

import (
	"math/rand/v2"
	"unsafe"
)

// View is what the deciding player may know: the public table, their own hand and role,
// and the decision in hand. The Table keeps one View per seat (Table.Views) and fills
// the seat's in place before every decision of a seat whose policy is not a
// CountPolicy; what it leaves unwritten is the seat's own from earlier in the game.
type View struct {
	Board
	// Record is all zero for a record-blind policy (NeedsNoRecord); the Table copies it
	// at every decision of a seat that sees it, with Deeds.
	Record
	// Deeds[i] counts the changes to row i of Record.Aimed and Record.Hits (wrapping; all
	// zero with the record): a row changes only when its count does, so a policy may key
	// a memo of its reading of the record on them (see Memo).
	Deeds [MaxSeats]uint16
	// Hand is the deciding seat's own hand (Board.HandLen has every hand's size).
	Hand Set
	// Decision is the pending decision; only Options[:Decision.N] are filled (for a
	// ListPolicy, only Options[0] when Play.Compact is set, Options[:List.Pre] when
	// List.Compact is set).
	Decision Decision
	// Play describes a phase-2 decision's options by cards and targets: Play.Filled is
	// set for every phase-2 decision the engine shows.
	Play PlayList
	// List describes the options of a decision that offers cards of a set (a discard,
	// an answer, the General Store, Sid Ketchum's cards) when List.Filled is set.
	List CardList
	Self int8 // the deciding seat (Decision.Seat)
	Role Role // the deciding player's own role
	// Omniscient is true when Revealed shows every role because the run asked for an
	// omniscient policy at this seat; otherwise hidden roles read RoleUnknown.
	Omniscient bool
	Rules      Rules
	// Rand is the deciding seat's own random stream for this game, apart from the
	// engine's and from every other seat's (the Table points the seat's View at it at
	// the start of a game). Its state leads back to the game's seed: code written to
	// cheat can deal the game again from it (docs/policies.md, "What the View does not
	// guard against").
	Rand *rand.PCG
	// Memo is the deciding seat's own memory for this game (the Table clears every
	// seat's at the start of a game and points its View's Memo at it, as it does Rand);
	// nil in a View filled by FillView, whose policy must decide without it.
	Memo *Memo
	// written bounds the entries of Decision.Options fillView has written since the
	// Table last cleared this View (clearView clears no more than these).
	written uint16
	// game is the State the View was last filled from, which only a Determinizer reads
	// (determinize.go): what of it the seat may know.
	game *State
	// units is the profiles the ability accessors read (view_powers.go): the game's
	// when the engine filled the View, own's after ReadProfiles for one made by hand.
	units *[MaxSeats]profile
	own   [MaxSeats]profile
}

// Memo is a seat's policy's memory over one game: what it writes there at one decision
// it finds at its next, and no other seat's policy sees it. The engine never reads it.
// The heuristic keeps its reading of the public record there, keyed on View.Deeds.
type Memo [8]uint64

// Policy chooses among the options of a decision: Choose returns an index into
// v.Decision.Options[:v.Decision.N]; anything else is replaced and counted in
// State.Illegal.
type Policy interface {
	Choose(v *View) int
}

// CountPolicy is implemented by policies whose choice depends on nothing but the
// decision's size and their own stream: Choose(v) returns ChooseCount(v.Decision.Kind,
// v.Decision.N, v.Decision.Yard, v.Rand), reading nothing else of the View (the
// `random` yardstick, Random). The Table asks such a seat through ChooseCount: it fills
// no View for it, and the engine never writes the decision's options out (it builds
// only the one chosen), which is most of what a game of such policies would cost. It is
// a method, not a Needs bit, because the registries' Needs bits are shared with the
// dice game; Table.NeedsDeclared does not skip it.
type CountPolicy interface {
	Policy
	ChooseCount(kind DecisionKind, n, yard int, r *rand.PCG) int
}

// OmniscientPolicy is implemented by policies that ask to see every role.
type OmniscientPolicy interface {
	Policy
	Omniscient() bool
}

// RecordBlindPolicy is implemented by policies that never read the public record
// (View.Record) and say so: the Table spares them its copy, and their View's record
// reads all zero.
type RecordBlindPolicy interface {
	Policy
	RecordBlind() bool
}

// LookaheadPolicy is implemented by policies that copy the game and play it on. The card
// engine always plays on its state machine, whose State a copy can resume at any
// decision, so the Table plays such a seat as any other; the need is declared for the
// registries, whose bits are shared with the dice game.
type LookaheadPolicy interface {
	Policy
	Lookahead() bool
}

// Needs declares what a seat's policy needs from the Table, as its registry entry says
// (the same bits as strategy.Needs and dice.Needs).
type Needs uint8

// What a policy may need.
const (
	NeedsAllRoles  Needs = 1 << iota // sees every role (omniscient)
	NeedsNoRecord                    // never reads the public record (record-blind)
	NeedsLookahead                   // copies the game and plays it on
)

// NeedsOf returns what p declares through OmniscientPolicy, RecordBlindPolicy and
// LookaheadPolicy.
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

// fillView copies what seat s may know into v: the board, the record and its Deeds when
// record is set (else they are left as they were: zero in a blind View), s's hand,
// every hand's size, the roles s may see and the pending decision's live options. What
// does not change in a game (Self, Role, Omniscient, Rules, Rand, Memo) is its caller's
// to set: the Table's once a game (clearView), FillViewFor's each time.
func (g *State) fillView(v *View, omniscient, record bool) {
	if g.opts == optsPlay {
		// Only a ListPolicy's seat keeps phase 2 compact up to here (the Table asks a
		// CountPolicy without a View, and FillView writes every list out).
		g.fillPlayView(v, omniscient, record)
		return
	}
	s := g.dec.Seat & 7
	g.fillSeen(v, s, omniscient, record)
	v.Play.Filled, v.List.Filled = false, false
	d := &v.Decision
	if g.opts == optsSet {
		v.List = CardList{Filled: true, Pre: g.optPre, Cards: g.optSet}
		if g.lists>>uint(s)&1 != 0 { // a ListPolicy's seat: the cards stay unwritten
			v.List.Compact = true
			d.copyHead(&g.dec)
			if g.optPre != 0 { // Pre is 0 or 1; with 0, the State's Options[0] is another decision's, maybe another seat's
				d.Options[0] = g.dec.Options[0]
			}
			return
		}
		g.materialize()
	}
	d.copyFrom(&g.dec)
	v.written = max(v.written, g.dec.N)
	if g.dec.Kind == DecidePlay {
		g.fillPlay(v, false)
	}
}

// fillPlayView is fillView for a ListPolicy's compact phase 2 (optsPlay), which the
// Table knows it is asking: no switch on the options' form.
func (g *State) fillPlayView(v *View, omniscient, record bool) {
	g.fillSeen(v, g.dec.Seat&7, omniscient, record)
	v.List.Filled = false
	d := &v.Decision
	d.copyHead(&g.dec)
	d.Options[0] = g.dec.Options[0] // the end, the only option written
	g.fillPlay(v, true)
}

// fillSeen copies into v what seat s sees whatever the decision: the board, the record
// (as fillView says), its hand and the roles it may see.
func (g *State) fillSeen(v *View, s int8, omniscient, record bool) {
	copyBoard(&v.Board, &g.Board)
	v.game, v.units = g, &g.prof
	if record { // copied whether or not it changed: a test of Deeds first was a coin flip to the predictor
		v.Record = g.Record
		v.Deeds = g.deeds
	}
	v.Hand = g.Hand[s&7]
	if omniscient {
		v.Revealed = g.Role
	} else {
		v.Revealed[s&7] = g.Role[s&7]
	}
}

// FillView fills v for the pending decision as a non-omniscient player sees it, for
// tools that drive a State without a Table (v.Rand is left to the caller).
func (g *State) FillView(v *View) { g.FillViewFor(v, false) }

// FillViewFor is FillView with every role shown when omniscient is set.
func (g *State) FillViewFor(v *View, omniscient bool) {
	v.Rules = g.Rules
	v.Memo = nil
	if g.opts != optsFull { // the caller's policy may read every option
		g.materialize()
	}
	v.Record, v.Deeds = g.Record, g.deeds // v may hold any record: copied whatever its Deeds
	s := g.dec.Seat & 7
	v.Self, v.Role, v.Omniscient = s, g.Role[s], omniscient
	g.fillView(v, omniscient, false)
}

// boardCut splits a Board for copyBoard: Go copies a block of up to 128 bytes as
// straight moves but a larger one, as the whole Board (216 bytes), by a loop.
const boardCut = 128

// boardHead and boardTail are a Board's two blocks (as structs: a byte array copied
// through unsafe.Pointer is a call of memmove).
type (
	boardHead struct{ b [boardCut]byte }
	boardTail struct {
		b [unsafe.Sizeof(Board{}) - boardCut]byte
	}
)

// Each part a block of straight moves: the Board larger than the cut but not than two
// of them (a field added to state.go's Board that breaks this fails to compile here).
var (
	_ [unsafe.Sizeof(Board{}) - boardCut - 1]struct{}
	_ [2*boardCut - unsafe.Sizeof(Board{})]struct{}
)

// copyBoard is *dst = *src in two blocks of straight moves (about 30 instructions, not
// the 45 of the loop): the copy every View's fill makes. A Board holds no pointers.
func copyBoard(dst, src *Board) {
	*(*boardHead)(unsafe.Pointer(dst)) = *(*boardHead)(unsafe.Pointer(src))
	*(*boardTail)(unsafe.Add(unsafe.Pointer(dst), boardCut)) = *(*boardTail)(unsafe.Add(unsafe.Pointer(src), boardCut))
}
