package dice

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/bangsim/bangsim/internal/seed"
)

// Table plays whole games: a State, the policy of each seat, and the View it fills. A
// worker keeps one Table and replays games through it without allocating.
type Table struct {
	State State
	View  View
	Rules Rules
	// ByRole is the policy of each role; BySeat, where set, overrides it for a seat
	// (seat 0 is the Sheriff, or the Deputy with 3 players).
	ByRole [NumRoles]Policy
	BySeat [MaxPlayers]Policy
	// OnDecision, when set, sees every decision and the choice made (replays).
	OnDecision func(d Decision, choice int)
	// OnEvents, when set, turns tracing on and receives the events after each decision.
	OnEvents func(events []Event)
	// EventsLost counts, over the last game Play or Finish played, the events the trace
	// could not keep (more than its buffer holds between two decisions): a replay says
	// so rather than leave a gap unexplained. Reset by Play and Finish.
	EventsLost int
	// SeatSalt[s], when non-zero, derives seat s's policy stream from (game, seat, salt)
	// instead of (game, seat): a comparison gives an entrant's seat its own coin flips
	// while every other seat draws exactly what it draws in the all-reference game.
	SeatSalt [MaxPlayers]uint64
	// RoleNeeds declares what each role's policy needs from the Table (registries know it
	// even when a wrapper hides the policy's own interfaces); OR'ed with NeedsOf.
	RoleNeeds [NumRoles]Needs
	// SeatNeeds is RoleNeeds for the seats whose policy BySeat sets.
	SeatNeeds [MaxPlayers]Needs
	// NeedsDeclared says RoleNeeds and SeatNeeds are the whole truth, as a registry
	// declares them, so the Table skips asking each policy's interfaces every game (~400
	// instructions of a 22,000-instruction game); left false, the two are combined.
	NeedsDeclared bool

	// rng[s] is seat s's own policy stream: what one seat draws never shifts another's.
	rng        [MaxPlayers]rand.PCG
	seat       [MaxPlayers]Policy
	omniscient [MaxPlayers]bool
	// view[s] is the View seat s decides on: View, or blind for a RecordBlindPolicy,
	// whose record is never written (a shared one would show the last full copy).
	view      [MaxPlayers]*View
	blind     View
	slowHits  uint8 // seats whose hits the straight-line driver deals point by point (playFast)
	elGringos uint8 // seats of El Gringo, found once a game (playFast)
	hooked    bool  // the game is traced or has OnDecision: decide takes ask's path
	stepped   bool  // a seat has a LookaheadPolicy: the game runs on the state machine
}

// ErrNoPolicy is returned when a seat would have no policy.
var ErrNoPolicy = errors.New("no policy")

// NewTable checks the rules and returns a Table using byRole for every role.
func NewTable(rules Rules, byRole [NumRoles]Policy) (*Table, error) {
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	t := &Table{Rules: rules, ByRole: byRole}
	for _, r := range roleDeck[rules.Players] {
		if byRole[r] == nil {
			return nil, fmt.Errorf("%w for role %s", ErrNoPolicy, r)
		}
	}
	return t, nil
}

// Play plays the game with the given seed to its end and returns the finished State.
func (t *Table) Play(gameSeed uint64) *State {
	s1, s2, s3, s4 := seed.Streams(gameSeed)
	g := &t.State
	g.Setup(&t.Rules, s1, s2)
	t.EventsLost = 0
	t.seatPolicies(s3, s4)
	trace := t.OnEvents != nil
	g.Trace(trace)
	if t.stepped {
		g.Start()
		t.stepToEnd()
	} else {
		t.playFast()
	}
	if trace {
		t.flushEvents()
	}
	return g
}

// stepToEnd plays the game on the state machine from its pending decision to the end:
// the driver of a table with a LookaheadPolicy, whose State stays one a copy can resume.
func (t *Table) stepToEnd() {
	g := &t.State
	for g.dec.Kind != DecideNone {
		g.Apply(t.ask())
	}
}

// Finish plays the game in t.State on from where it stands to its end with the table's
// policies, each seat's random stream seeded from (s1, s2, seat, SeatSalt[seat]) as
// PolicySeed says (Play passes the game seed's third and fourth words), and returns the
// finished State:
// the rollout of a search, which copies a game waiting at a decision into a Table,
// applies a candidate choice and lets the table finish it. The rest of the current turn
// is stepped on the state machine, every later turn runs on the straight-line driver
// (all of it on the machine when a seat has a LookaheadPolicy); hooks and tracing work
// as in Play. A game that has been set up but not started is played whole, as Play
// would.
func (t *Table) Finish(s1, s2 uint64) *State {
	g := &t.State
	t.EventsLost = 0
	t.seatPolicies(s1, s2)
	trace := t.OnEvents != nil
	g.Trace(trace)
	if t.stepped {
		g.pauseTurn = false // the machine plays every turn
		if g.dec.Kind == DecideNone && !g.Over {
			g.advance() // set up but not started, or paused between turns
		}
		t.stepToEnd()
	} else {
		g.pauseTurn = true // the machine stops at the next turn's start
		for g.dec.Kind != DecideNone {
			g.Apply(t.ask())
		}
		g.pauseTurn = false
		if !g.Over {
			t.playFast()
		}
	}
	if trace {
		t.flushEvents()
	}
	return g
}

// seatPolicies seeds each seat's policy stream from (w1, w2), points the Views at the
// game and picks each seat's policy (and View) for the roles dealt in t.State.
func (t *Table) seatPolicies(w1, w2 uint64) {
	g := &t.State
	for _, v := range [2]*View{&t.View, &t.blind} {
		v.Rules = g.Rules
		v.Profile = g.Profile
		v.Rand = nil // pointed at the deciding seat's stream before every decision
		v.game = g
	}
	t.stepped = false
	for s := 0; s < int(g.Players); s++ {
		a, b := PolicySeed(w1, w2, s, t.SeatSalt[s])
		t.rng[s].Seed(a, b)
		p, needs := t.BySeat[s], t.SeatNeeds[s]
		if p == nil {
			p, needs = t.ByRole[g.Role[s]], t.RoleNeeds[g.Role[s]]
		}
		t.seat[s] = p
		if !t.NeedsDeclared {
			needs |= NeedsOf(p)
		}
		t.omniscient[s] = needs&NeedsAllRoles != 0
		if needs&NeedsLookahead != 0 {
			t.stepped = true
		}
		t.view[s] = &t.View
		if needs&NeedsNoRecord != 0 {
			t.view[s] = &t.blind
		}
	}
}

// PolicySeed returns the two words that seed seat's policy stream from a game's two
// policy words (w1, w2: the game seed's third and fourth, or Finish's arguments) and
// the seat's salt (0: none). Exported so that a driver stepping a State by hand can give
// each seat the stream a Table would.
func PolicySeed(w1, w2 uint64, seat int, salt uint64) (uint64, uint64) {
	// One SplitMix64 step a word: its mix is a bijection, so distinct (seat, salt) give
	// distinct, well-spread seeds, at a quarter of ForGame's cost (it runs per seat and
	// game, ~1% of a fast game).
	x := w1 + uint64(seat)*0xd1b54a32d192ed03 + salt*0x8cb92ba72f3d8dd7
	y := w2 + uint64(seat)*0xaef17502108ef2d9 + salt*0xf1357aea2e62a9c5
	return seed.SplitMix64(&x), seed.SplitMix64(&y)
}

func (t *Table) flushEvents() {
	ev, lost := t.State.Events()
	t.EventsLost += lost
	if len(ev) > 0 {
		t.OnEvents(ev)
	}
	t.State.ClearEvents()
}
