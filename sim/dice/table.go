package dice

import (
	"errors"
	"fmt"

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
	// PolicySalt, when non-zero, reseeds the policies' random stream from (game seed,
	// salt) while the dice stay those of the game seed: two entrants of a comparison then
	// play on common dice without sharing their coin flips.
	PolicySalt uint64

	policyRNG  randPCG
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
	if t.PolicySalt != 0 {
		salted := seed.ForGame(gameSeed, t.PolicySalt)
		s3, s4 = seed.SplitMix64(&salted), seed.SplitMix64(&salted)
	}
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
// policies, their random stream seeded from (s1, s2), and returns the finished State:
// the rollout of a search, which copies a game waiting at a decision into a Table,
// applies a candidate choice and lets the table finish it. The rest of the current turn
// is stepped on the state machine, every later turn runs on the straight-line driver
// (all of it on the machine when a seat has a LookaheadPolicy); hooks and tracing work
// as in Play. A game that has been set up but not started is played whole, as Play
// would.
func (t *Table) Finish(s1, s2 uint64) *State {
	g := &t.State
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

// seatPolicies seeds the policies' stream, points the Views at the game and picks each
// seat's policy (and View) for the roles dealt in t.State.
func (t *Table) seatPolicies(s1, s2 uint64) {
	g := &t.State
	t.policyRNG.Seed(s1, s2)
	for _, v := range [2]*View{&t.View, &t.blind} {
		v.Rules = g.Rules
		v.Rand = &t.policyRNG.PCG
		v.game = g
	}
	t.stepped = false
	for s := 0; s < int(g.Players); s++ {
		p := t.BySeat[s]
		if p == nil {
			p = t.ByRole[g.Role[s]]
		}
		t.seat[s] = p
		o, ok := p.(OmniscientPolicy)
		t.omniscient[s] = ok && o.Omniscient()
		b, ok := p.(RecordBlindPolicy)
		blind := ok && b.RecordBlind()
		if l, ok := p.(LookaheadPolicy); ok && l.Lookahead() {
			t.stepped = true
		}
		t.view[s] = &t.View
		if blind {
			t.view[s] = &t.blind
		}
	}
}

func (t *Table) flushEvents() {
	ev, _ := t.State.Events()
	if len(ev) > 0 {
		t.OnEvents(ev)
	}
	t.State.ClearEvents()
}
