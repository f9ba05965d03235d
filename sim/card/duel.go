package card

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
)

// The long duel's slots: seat s (0 or 1) has its front character in slot s and its back
// character in slot s+2, so a slot indexes the Board's per-character arrays (Life,
// MaxLife, Char, InPlay) and Board.Alive holds a bit per occupied slot. Hands, turns and
// HandLen stay per seat.
const (
	DuelSlots      = 4  // front and back of both players
	DuelCharacters = 5  // characters each player drafts
	DuelPool       = 10 // characters laid face up for the draft
	// MaxDuelRemoved bounds the characters a draft leaves out: every character a game
	// may play but Plain (bang.MaxCharacters), less the pool. A duel's own count is its
	// rules' (LongDuel.NumRemoved): 6 of the printed 16.
	MaxDuelRemoved = bang.MaxCharacters - 1 - DuelPool
	// DefaultDuelMaxTurns is the long duel's turn cap (C11: a draw): a duel plays ten
	// characters to the end, so it is longer than a game; the random yardstick's
	// longest of 4,000 duels, 256 turns, is far below it (TestDuelPlayouts fails within
	// a quarter of it).
	DefaultDuelMaxTurns = 2000
)

// DuelFront returns seat s's front slot.
func DuelFront(s int8) int8 { return s & 1 }

// DuelBack returns seat s's back slot.
func DuelBack(s int8) int8 { return s&1 + 2 }

// DuelOwner returns the seat a slot belongs to.
func DuelOwner(slot int8) int8 { return slot & 1 }

// DuelInfo is what the long duel adds to the Board: the draft, the stacks and how far
// each has been played; public but for the order of the reinforcements still to come.
type DuelInfo struct {
	Pool [DuelPool]Character // the ten characters laid face up, in character order
	// (the characters left out are LongDuel.Removed: kept out of the State, whose
	// copies a search makes, as a list sized by the capacity)
	Picked     [2][DuelCharacters]Character // each seat's picks in pick order
	PickFirst  int8                         // the seat that picked first
	Starter    int8                         // the seat that took the first turn
	ChoseFirst bool                         // the better-ranked seat 0 chose to pick first (else to start first)
	// Stack is each seat's characters as stacked: [0] front, [1] back, [2:] the
	// reinforcements in the order they enter. Until the placement (DecidePlace) [0] and
	// [1] are the top two as stacked, revealed. A DuelPolicy's copy shows the opponent's
	// reinforcements still to come as Plain (stacked face down; Picked says who they are).
	Stack [2][DuelCharacters]Character
	// Flipped records each seat's placement: its second revealed character went in front
	// (Stack's [0] and [1] were exchanged).
	Flipped [2]bool
	Next    [2]uint8 // index into Stack of each seat's next reinforcement (2..5)
	Lost    [2]uint8 // characters each seat has lost
	// Winner is the seat that eliminated all five of the other's characters; -1 for a
	// draw (the turn cap) or a duel not over.
	Winner int8
	Turns  [2]uint16 // turns each seat started
}

// Left returns how many of seat s's characters are still to be lost (in play or
// reinforcements).
func (i *DuelInfo) Left(s int8) int { return DuelCharacters - int(i.Lost[s&1]) }

// DraftView is what a draft policy sees: the pool, both players' picks, its own seat.
type DraftView struct {
	Self      int8
	Pool      [DuelPool]Character
	Taken     [DuelPool]bool // Pool[i] has been picked
	Mine      [DuelCharacters]Character
	Theirs    [DuelCharacters]Character
	MineN     int8
	TheirsN   int8
	PickFirst int8 // the seat that picks first (-1 before the choice)
	Starter   int8 // the seat that starts (-1 before the choice)
	Better    bool // Self is the better-ranked player, who chooses the order
	Rand      *rand.PCG
}

// DraftPolicy makes a long duel's set-up choices (seed 003): the better-ranked player's
// choice of picking first or starting first, each pick, and the stacking order. Which
// of the top two goes in front is not the draft policy's: it is decided after both
// pairs are revealed, by the play policy (DecidePlace).
type DraftPolicy interface {
	// PickFirst is asked of the better-ranked seat 0: true to pick first (the opponent
	// starts), false to start first (the opponent picks first).
	PickFirst(v *DraftView) bool
	// Pick returns the index into v.Pool of a character not yet Taken.
	Pick(v *DraftView) int
	// Stack orders v.Mine face down: a permutation of 0..4, whose [0] and [1] are the
	// top two (revealed, then placed: DecidePlace) and [2:] the reinforcements in the
	// order they enter.
	Stack(v *DraftView) [DuelCharacters]int8
}

// DuelPolicy is implemented by play policies that read the duel's public state beside
// the View; the engine calls ChooseDuel instead of Choose for them.
type DuelPolicy interface {
	Policy
	ChooseDuel(v *View, d *DuelInfo) int
}

// LongDuel plays the league's two-player long duel (shared/rules/league.md, the finals; L5,
// L8) with the card engine's state: a State whose Board is indexed by slot (DuelFront,
// DuelBack) for the per-character arrays and by seat for hands, and the card engine's
// cards, piles, "draw!", decisions and options. A worker keeps one LongDuel and replays
// duels through it without allocating. Seat 0 is the better-ranked player.
type LongDuel struct {
	State
	MaxTurns uint16 // turn cap; 0 means DefaultDuelMaxTurns
	// Options are the card game's rule options that apply to a duel (SetOptions checks
	// them): Removed (the cards taken out of the deck), LifeDelta (added to each
	// character's printed life as it enters play), Ability (the ability parameters) and
	// HighNoon (the timer: after K
	// reshuffles the active player's front character loses 1 life at the start of each
	// turn, nobody's doing). Players, MaxTurns and the character deal are the duel's own
	// (the draft) and ignored here. The zero value is the league's duel.
	Options Rules
	// Policies are the two seats' play policies; Drafts their set-up policies.
	Policies [2]Policy
	Drafts   [2]DraftPolicy
	// OnDecision, when set, sees every decision asked and the legal choice applied.
	OnDecision func(d *Decision, choice int)
	// OnEvents, when set, traces the duel: it is given the events of the game's kinds
	// (event.go) recorded since the last call, before each decision asked and at the
	// end; EventsLost counts those a full buffer dropped. Where an event names a
	// character (EvDamage, EvHeal, EvCheck, EvEliminate, EvPass's Other, EvPlay's
	// Other) its Seat or Other is a slot (DuelFront, DuelBack); elsewhere a seat. The
	// slice is reused: a caller keeps a copy.
	OnEvents   func([]Event)
	EventsLost int
	// Removed[:NumRemoved] is the characters the draft left out, in the order its
	// shuffle left them: the duel's characters (printed and added, never Plain) less
	// DuelInfo.Pool. Public, and read by no rule: it is the LongDuel's, not the State's,
	// so that copying a duel's state (a search's worlds) copies no list sized by the
	// capacity.
	Removed    [MaxDuelRemoved]Character
	NumRemoved uint8

	rng     [2]rand.PCG
	view    [2]View // each seat's own (what is left unwritten there is its own)
	dview   DraftView
	counter [2]CountPolicy
	duelPol [2]DuelPolicy
	pub     DuelInfo // the DuelInfo a DuelPolicy sees (public)
	picks   int8     // picks made in the draft
	taken   [DuelPool]bool
}

// NewLongDuel returns a LongDuel between two play policies and two draft policies.
func NewLongDuel(play [2]Policy, draft [2]DraftPolicy) *LongDuel {
	return &LongDuel{Policies: play, Drafts: draft}
}

// Play plays the duel with the given seed to its end: the draft, the stacking, the deal
// and the turns. seed.Streams(gameSeed) gives the engine's two words (the characters
// removed, the deck, every random card) and the seats' two (PolicySeed, salt 0).
func (d *LongDuel) Play(gameSeed uint64) {
	d.Begin(gameSeed)
	d.Run()
}

// SetOptions checks the card rule options a duel takes (Options) and sets them: the
// removed cards must be cards of the deck, each life change within ±bang.MaxLifeDelta
// leaving a life of at least 1, and the ability parameters in their ranges, as
// Rules.Validate has them for a game.
func (d *LongDuel) SetOptions(r Rules) error {
	if r.Removed[1]>>(NumCards-64) != 0 {
		return fmt.Errorf("%w: removed card set names cards beyond the %d of the deck", ErrRules, NumCards)
	}
	if err := r.LifeDelta.CheckCount(r.Count(), r.life); err != nil {
		return fmt.Errorf("%w: %v", ErrRules, err)
	}
	if err := r.Ability.check(); err != nil {
		return fmt.Errorf("%w: %v", ErrRules, err)
	}
	d.Options = Rules{Removed: r.Removed, HighNoon: r.HighNoon, LifeDelta: r.LifeDelta, Ability: r.Ability}
	// The added characters' lives and powers: the draft lays its pool out of the
	// printed and the added characters alike. Not the deal, which is the draft's.
	d.Options.Added, d.Options.AddedLife, d.Options.AddedPowers = r.Added, r.AddedLife, r.AddedPowers
	return nil
}

// Begin sets a duel up from its seed: draft, stacks, placement of the top two,
// shuffled deck, starting hands. It plays no turn, so a test can rearrange the table
// before Run.
func (d *LongDuel) Begin(gameSeed uint64) {
	s1, s2, s3, s4 := seed.Streams(gameSeed)
	d.reset(s1, s2, s3, s4)
	d.draft()
	d.stackUp()
	d.place()
	d.deal()
}

// reset clears the state and seeds the engine's and the seats' streams.
func (d *LongDuel) reset(s1, s2, s3, s4 uint64) {
	g := &d.State
	g.Board = Board{}
	g.Record = Record{}
	g.Counters = Counters{}
	g.Outcome = Outcome{}
	g.Hand = [MaxSeats]Set{}
	g.Role = [MaxSeats]Role{}
	g.core = core{}
	g.duel, g.slotBits, g.aimU, g.suzies = true, 2, -1, 3
	for u := range g.prof {
		g.prof[u] = plainProfile // enter sets each slot's
	}
	// checkEnd's masks: with every unit counted a Sheriff and an Outlaw, the game's end
	// never comes in a duel, whose end is its elimination's (duelEliminate).
	g.sheriffs, g.outlaws = 0xff, 0xff
	g.dec.Kind, g.dec.N, g.dec.Yard = DecideNone, 0, 0
	g.trace.on, g.trace.n, g.trace.lost = d.OnEvents != nil, 0, 0
	d.EventsLost = 0
	mt := d.MaxTurns
	if mt == 0 {
		mt = DefaultDuelMaxTurns
	}
	g.Rules = Rules{Players: 2, MaxTurns: mt, Removed: d.Options.Removed, HighNoon: d.Options.HighNoon, LifeDelta: d.Options.LifeDelta, Ability: d.Options.Ability}
	g.Rules.Added, g.Rules.AddedLife, g.Rules.AddedPowers = d.Options.Added, d.Options.AddedLife, d.Options.AddedPowers
	g.rng.Seed(s1, s2)
	g.Players = 2
	g.Sheriff = -1
	g.DiscardTop = NoCard
	g.KilledBy = [MaxSeats]int8{-1, -1, -1, -1, -1, -1, -1, -1}
	for s := range g.Revealed {
		g.Revealed[s] = RoleUnknown
	}
	d.Info = DuelInfo{PickFirst: -1, Starter: -1, Winner: -1}
	d.NumRemoved = 0
	for s := 0; s < 2; s++ {
		a, b := PolicySeed(s3, s4, s, 0)
		d.rng[s].Seed(a, b)
		d.counter[s], d.duelPol[s] = nil, nil
		if cp, ok := d.Policies[s].(CountPolicy); ok {
			d.counter[s] = cp
		} else if dp, ok := d.Policies[s].(DuelPolicy); ok {
			d.duelPol[s] = dp
		}
	}
	for s := range d.view { // cleared: an earlier duel's options are not this one's
		d.view[s].Decision = Decision{}
		d.view[s].Play, d.view[s].List = PlayList{}, CardList{}
		d.view[s].Rules = g.Rules
		d.view[s].Omniscient = false
	}
}

// draft removes all but ten of the duel's characters at random (six of the printed
// 16; the added ones are drawn alike, Plain never), asks seat 0 to pick first or start
// first, and lets the seats pick alternately until each has five. The shuffle draws
// one number per character but the first, so a duel of the printed characters draws
// the same numbers whatever the capacity.
func (d *LongDuel) draft() {
	g := &d.State
	all := duelBox // a copy of a ready table: every character but Plain, in order
	n := g.Rules.Count() - 1
	for i := n - 1; i > 0; i-- {
		j := int(g.uintn(uint64(i + 1)))
		all[i], all[j] = all[j], all[i]
	}
	d.NumRemoved = uint8(copy(d.Removed[:], all[DuelPool:n]))
	var in uint64
	for _, c := range all[:DuelPool] {
		in |= 1 << uint(c)
	}
	for i := 0; in != 0; in &= in - 1 {
		d.Info.Pool[i] = Character(bits.TrailingZeros64(in))
		i++
	}
	v := &d.dview
	*v = DraftView{Pool: d.Info.Pool}
	d.picks = 0
	d.draftView(0)
	first := d.Drafts[0].PickFirst(v)
	d.Info.ChoseFirst = first
	d.Info.PickFirst, d.Info.Starter = 0, 1
	if !first {
		d.Info.PickFirst, d.Info.Starter = 1, 0
	}
	for d.picks < 2*DuelCharacters {
		s := d.Info.PickFirst ^ int8(d.picks&1)
		d.draftView(s)
		i := d.Drafts[s].Pick(v)
		if i < 0 || i >= DuelPool || v.Taken[i] {
			g.Illegal++
			i = 0
			for v.Taken[i] {
				i++
			}
		}
		d.Info.Picked[s][d.picks/2] = d.Info.Pool[i]
		d.taken[i] = true
		d.picks++
	}
}

// draftView fills the draft view for seat s from the picks so far.
func (d *LongDuel) draftView(s int8) {
	v := &d.dview
	v.Self = s
	v.Better = s == 0
	v.PickFirst, v.Starter = d.Info.PickFirst, d.Info.Starter
	v.Mine, v.Theirs = d.Info.Picked[s], d.Info.Picked[s^1]
	first := (d.picks + 1) / 2 // the first picker's count
	if d.Info.PickFirst == s {
		v.MineN, v.TheirsN = first, d.picks/2
	} else {
		v.MineN, v.TheirsN = d.picks/2, first
	}
	if d.picks == 0 {
		d.taken = [DuelPool]bool{}
	}
	v.Taken = d.taken
	v.Rand = &d.rng[s&1]
}

// stackUp asks each seat for its stacking order and reveals the top two of each stack:
// in play as stacked (the top one in front) until place.
func (d *LongDuel) stackUp() {
	g := &d.State
	for s := int8(0); s < 2; s++ {
		d.draftView(s)
		p := d.Drafts[s].Stack(&d.dview)
		var seen uint8
		ok := true
		for _, i := range p {
			if i < 0 || i >= DuelCharacters || seen>>uint(i)&1 != 0 {
				ok = false
				break
			}
			seen |= 1 << uint(i)
		}
		if !ok {
			g.Illegal++
			p = [DuelCharacters]int8{0, 1, 2, 3, 4}
		}
		for k, i := range p {
			d.Info.Stack[s][k] = d.Info.Picked[s][i]
		}
	}
	d.Place(d.Info.Stack, d.Info.Starter)
}

// place asks each seat which of its two revealed characters goes in front ("reveals
// the top two and places one in front, one behind"): option 0 (ActEnd) keeps the top
// one in front, option 1 (ActSwap) puts the second there; each option's Target is the
// slot of the character it puts in front. Both seats see both revealed pairs (the Board,
// as stacked) and neither sees the other's placement: both are asked before either is
// applied, as if both placed at once.
func (d *LongDuel) place() {
	g := &d.State
	var flip [2]bool
	for s := int8(0); s < 2; s++ {
		dec := g.ask(DecidePlace, s)
		dec.add(Option{Act: ActEnd, Card: NoCard, Target: DuelFront(s), Pick: NoCard})
		dec.add(Option{Act: ActSwap, Card: NoCard, Target: DuelBack(s), Pick: NoCard})
		flip[s] = dec.Options[d.choose()].Act == ActSwap
	}
	for s := int8(0); s < 2; s++ {
		if flip[s] {
			g.swapFront(s)
			st := &d.Info.Stack[s]
			st[0], st[1] = st[1], st[0]
		}
		d.Info.Flipped[s] = flip[s]
	}
	g.dec.Kind, g.dec.N, g.dec.Yard = DecideNone, 0, 0
}

// Place puts both stacks in play (front, back, three reinforcements each) at full life
// with empty hands and cards in play, and makes starter the active seat: how Begin
// ends its set-up, and how a scenario test arranges a table of its choice.
func (d *LongDuel) Place(stacks [2][DuelCharacters]Character, starter int8) {
	g := &d.State
	d.Info.Stack = stacks
	d.Info.Flipped = [2]bool{}
	d.Info.Starter = starter
	g.Alive = 0
	for s := int8(0); s < 2; s++ {
		g.enter(DuelFront(s), stacks[s][0])
		g.enter(DuelBack(s), stacks[s][1])
		d.Info.Next[s] = 2
		d.Info.Lost[s] = 0
		g.Hand[s], g.HandLen[s] = Set{}, 0
	}
	g.Active = starter
}

// deal shuffles the deck (the game's buildDeck) and deals each player as many cards as their front
// character's life, the starting player first.
func (d *LongDuel) deal() {
	g := &d.State
	g.buildDeck()
	for k := int8(0); k < 2; k++ {
		s := d.Info.Starter ^ k
		for i := 0; i < int(g.Life[DuelFront(s)]); i++ {
			if c := g.drawCard(); c != NoCard {
				g.give(s, c)
			}
		}
	}
	if g.trace.on {
		g.traceDeal() // the game's EvDeal, seat by seat
	}
}

// duelBox lists every character but Plain, in order (the printed ones, then the added
// ones): what a draft shuffles, its first Rules.Count()−1.
var duelBox = func() (p [bang.MaxCharacters - 1]Character) {
	for i := range p {
		p[i] = Character(i)
		if p[i] >= Plain {
			p[i]++
		}
	}
	return p
}()

// Setup panics: a duel is set up by Begin (or Place), not by the game's rules.
func (d *LongDuel) Setup(*Rules, uint64, uint64) { panic("card: a LongDuel is set up by Begin") }

// Reset panics: a duel is set up by Begin (or Place), not by the game's rules.
func (d *LongDuel) Reset(*Rules, uint64, uint64) { panic("card: a LongDuel is set up by Begin") }
