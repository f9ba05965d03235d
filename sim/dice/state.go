package dice

import (
	"github.com/bangsim/bangsim/sim/bang"
	"math/rand/v2"
)

// Public is what every player at the table knows: the board and the record.
type Public struct {
	Board
	Record
}

// Board is the table as it stands: who sits where with what life, arrows and dice.
type Board struct {
	Players     uint8
	Active      int8   // seat whose turn it is
	Sheriff     int8   // the Sheriff's seat (public), -1 in the 3-player game
	Alive       uint8  // bit s set while seat s is in the game
	Pile        uint8  // arrows in the central pile
	RerollsLeft uint8  // rerolls the active player still has
	Turn        uint16 // turns started so far
	Dice        Dice
	// Faces[f] has bit i set when die i shows f: the dice by face, kept in step with
	// Dice, so a policy reads "which dice show Gatling" without a loop.
	Faces    [8]uint8
	Life     [MaxPlayers]int8
	MaxLife  [MaxPlayers]int8
	Arrows   [MaxPlayers]uint8
	Char     [MaxPlayers]Character
	Revealed [MaxPlayers]Role // the Sheriff, the dead, and everyone with 3 players; else RoleUnknown
}

// Record is the public record of who hurt and who healed whom, the evidence that role
// inference reads.
type Record struct {
	// Hits[i][j] counts life points i's dice took from j; Heals[i][j] the life i gave j
	// (Beer, Sid Ketchum). Both saturate at 255.
	Hits  [MaxPlayers][MaxPlayers]uint8
	Heals [MaxPlayers][MaxPlayers]uint8
}

// Outcome is how a finished game ended and what happened in it.
type Outcome struct {
	Over          bool
	Draw          bool  // turn cap reached (D17), or everyone died at once in the 3-player game (D16)
	Winners       uint8 // bit s set if seat s won (dead teammates included)
	Turns         uint16
	DynamiteStops uint16
	Gatlings      uint16
	Indians       uint16
	Eliminations  [NumCauses]uint8
	DeathCause    [MaxPlayers]Cause
	KilledBy      [MaxPlayers]int8 // seat that dealt the blow, -1 for nobody (D6) or alive
	Illegal       uint16           // policy choices that were not legal and were replaced
}

// phase is where the state machine stands.
type phase uint8

const (
	phTurnStart phase = iota
	phRoll
	phResolve
	phDynamiteEnd
	phBullsEyes
	phTargets
	phHits
	phStepEnd
	phBeerStart
	phBeers
	phKitStart
	phKit
	phGatling
	phTurnEnd
	phOver
)

// core is the machine's bookkeeping inside a turn.
type core struct {
	phase     phase
	dec       Decision
	rollMask  uint8 // dice to roll next
	slabDie   int8  // Bull's Eye die doubled by Slab, or -1
	slabBeer  int8  // the Beer die Slab spent on it, or -1
	todo      uint8 // dice still to decide for in this step (targets, Beers, Kit Carlson)
	jesseLow  bool  // Jesse Jones's 4-or-less test, made before the Beers (D10)
	kitDone   uint8 // Kit Carlson's discards made for the die at hand
	pedroDone uint8 // Pedro Ramirez's returns made for the point at hand
	target    [NumDice]int8
	reach     [2]uint8 // seats Bull's Eye 1 and 2 can hit this step, fixed while targets are chosen
	hitCause  Cause
	hitN      uint8
	hitPos    uint8
	hitDone   uint8 // points of hit hitPos already dealt
	hitSeat   [MaxPlayers]int8
	hitDmg    [MaxPlayers]uint8
	stepLost  uint8 // seats that lost life in this step (El Gringo, D9)
	duel      bool  // 3 players: a target fell to someone else; last one standing wins
	pauseTurn bool  // advance stops at the start of a turn (Table.Finish)
	straight  bool  // the straight-line driver is playing: the turn's progress is not in the State
	afterStep phase // where to go once the hits of a step are done
	scriptN   uint8
	scriptPos uint8
	script    [48]Face
}

// traceBuf holds events between two decisions when tracing.
type traceBuf struct {
	on   bool
	n    uint8
	lost uint16
	ev   [maxTraceEvents]Event
}

// State is one game: copy it to copy the game.
type State struct {
	Public
	Outcome
	Rules Rules
	// Profile is every seat's ability as primitives, made at the deal (Refresh).
	Profile Profile
	Role    [MaxPlayers]Role
	rng     rand.PCG
	core
	trace traceBuf
}

// Reset deals a new game under rules from the two seed words and runs it to the first
// decision. Rules must have passed Validate.
func (g *State) Reset(rules *Rules, seed1, seed2 uint64) {
	g.Setup(rules, seed1, seed2)
	g.Start()
}

// Setup deals a new game but plays nothing, so a test can arrange roles, characters,
// life, arrows or scripted dice before Start.
func (g *State) Setup(rules *Rules, seed1, seed2 uint64) {
	g.Public = Public{}
	g.Outcome = Outcome{}
	g.core = core{}
	g.trace.n, g.trace.lost = 0, 0
	g.Rules = *rules
	g.rng.Seed(seed1, seed2)
	n := int(rules.Players)
	g.Players = uint8(n)
	g.Alive = uint8(1<<n - 1)
	g.Pile = rules.Arrows
	bang.DealRoles(&g.Role, n, &g.rng)
	g.Rules.DealCharacters(&g.Char, n, &g.rng)
	// Whole rows at once, not a loop per seat.
	g.KilledBy = [MaxPlayers]int8{-1, -1, -1, -1, -1, -1, -1, -1}
	g.Revealed = [MaxPlayers]Role{RoleUnknown, RoleUnknown, RoleUnknown, RoleUnknown,
		RoleUnknown, RoleUnknown, RoleUnknown, RoleUnknown}
	g.Refresh()
	g.indexFaces() // the dice read Arrow before the first roll: Faces agrees
	g.Active = 0
	g.phase = phTurnStart
}

// Start plays from the set-up position to the first decision. MaxLife and Revealed are
// taken as they stand, so a test that changes a role or character after Setup should
// call Refresh first.
func (g *State) Start() { g.advance() }

// Refresh recomputes life, maximum life (the character's life, its Rules.LifeDelta and
// the Sheriff's bonus), public roles and the seats' ability Profile from Role and Char,
// for tests that rearrange a freshly set-up table.
func (g *State) Refresh() {
	n := int(g.Players)
	for s := 0; s < n; s++ {
		life := int8(g.Rules.life(g.Char[s])) + g.Rules.LifeDelta[g.Char[s]]
		if g.Role[s] == Sheriff {
			life += int8(g.Rules.SheriffBonus)
		}
		g.Life[s], g.MaxLife[s] = life, life
		g.Revealed[s] = RoleUnknown
		if n == 3 || g.Role[s] == Sheriff {
			g.Revealed[s] = g.Role[s]
		}
	}
	g.Sheriff = -1
	for s := 0; s < n; s++ {
		if g.Role[s] == Sheriff {
			g.Sheriff = int8(s)
		}
	}
	g.refreshProfile()
}

// Pending returns the decision the game waits for; Kind is DecideNone once it is over.
func (g *State) Pending() *Decision { return &g.dec }

// IsAlive reports whether seat s is in the game.
func (g *State) IsAlive(s int) bool { return g.Alive>>uint(s)&1 == 1 }

// Trace turns event recording on or off; events are read with Events after each Apply.
func (g *State) Trace(on bool) { g.trace.on = on }

// Events returns the events recorded since the last ClearEvents, and how many were lost
// to a full buffer.
func (g *State) Events() ([]Event, int) { return g.trace.ev[:g.trace.n], int(g.trace.lost) }

// ClearEvents empties the trace buffer and its count of lost events.
func (g *State) ClearEvents() { g.trace.n, g.trace.lost = 0, 0 }

func (g *State) emit(e Event) {
	if g.trace.n == maxTraceEvents {
		g.trace.lost++
		return
	}
	g.trace.ev[g.trace.n] = e
	g.trace.n++
}
