package card

import (
	"github.com/bangsim/bangsim/sim/bang"
	"math/bits"
	"math/rand/v2"

	"github.com/bangsim/bangsim/internal/fastrand"
)

// Board is the table as every player sees it: who sits where with what life, character
// and cards in play, the piles' sizes, the discard pile's contents, whose turn it is.
type Board struct {
	Players    uint8
	Active     int8            // the seat whose turn it is
	Sheriff    int8            // the Sheriff's seat (public)
	Alive      uint8           // bit s set while seat s is in the game
	Turns      uint16          // turns started so far (C14: skipped ones included)
	Reshuffles uint16          // times the discard pile became the deck (C9)
	Bangs      uint8           // BANG!s the active player has played this turn (the one-a-turn limit)
	DeckLen    uint8           // cards in the deck
	DiscardLen uint8           // cards in the discard pile
	DiscardTop CardID          // the top of the discard pile, NoCard when it is empty
	HandLen    [MaxSeats]uint8 // the number of cards in each hand
	Life       [MaxSeats]int8
	MaxLife    [MaxSeats]int8
	Char       [MaxSeats]Character
	Revealed   [MaxSeats]Role // the Sheriff's and the dead's roles; RoleUnknown for the rest
	InPlay     [MaxSeats]Set  // the cards in front of each player (Jail and Dynamite included)
	Discarded  Set            // every card on the discard pile (all were seen face up)
	Store      Set            // the General Store's cards still on the table
}

// Record is the public record of who did what to whom, the evidence that role
// inference reads. Counts saturate at 255.
type Record struct {
	// Aimed[i][j] counts the cards i aimed at j: BANG! (and Janet's Missed!), Duel,
	// Panic!, Cat Balou, Jail.
	Aimed [MaxSeats][MaxSeats]uint8
	// Hits[i][j] counts the life points j lost to i's cards.
	Hits [MaxSeats][MaxSeats]uint8
}

// Counters are one game's event counts, summed into a Tally.
type Counters struct {
	Played   [NumKinds]uint16 // cards played in phase 2, by printed kind (a Missed! Janet plays as BANG! counts as Missed!)
	Answered [NumKinds]uint16 // cards used out of turn: Missed! (Janet: BANG!) against shots, BANG! (Janet: Missed!) to Indians! and Duels, Beer against lethal hits

	BarrelDraws        uint16 // Barrel "draw!"s (Jourdonnais's included)
	BarrelSuccesses    uint16 // those that showed a heart
	JailDraws          uint16 // Jail "draw!"s
	JailEscapes        uint16 // those that freed the player
	DynamiteDraws      uint16 // Dynamite "draw!"s
	DynamiteExplosions uint16 // those that exploded
	CardsDrawn         uint16 // cards drawn into hands during play (not the deal, not "draw!" or the Store)
	StorePicks         uint16 // cards taken from a General Store
	SidHeals           uint16 // Sid Ketchum's heals
	SuzyDraws          uint16 // Suzy Lafayette's draws
	BartDraws          uint16 // Bart Cassidy's draws
	GringoSteals       uint16 // cards El Gringo took
	PlayCaps           uint16 // turns whose phase 2 hit MaxTurnPlays (an engine safeguard; 0 in any sane game)
	Rewards            uint8  // Outlaws killed by a player (3 cards each)
	Penalties          uint8  // Deputies killed by the Sheriff
	LifeLost           [NumCauses]uint16
	Eliminations       [NumCauses]uint8
}

// Outcome is how a finished game ended.
type Outcome struct {
	Over    bool
	Draw    bool   // the turn cap was reached (C11)
	Winners uint8  // bit s set if seat s won (dead teammates included); 0 for a draw
	Illegal uint16 // policy choices that were not legal and were replaced
	// DeathCause and KilledBy say how each dead seat died (KilledBy -1: nobody, C1/C4).
	DeathCause [MaxSeats]Cause
	KilledBy   [MaxSeats]int8
}

// phase is where the state machine stands.
type phase uint8

const (
	phTurnStart phase = iota
	phNoonDone
	phDynamite
	phDynamiteDrawn
	phDynamiteDone
	phJail
	phJailDrawn
	phDraw
	phPlay
	phAfterCard
	phShotBarrel
	phShotBarrelDrawn
	phShotAnswer
	phGatling
	phIndians
	phDuel
	phDuelDone
	phStore
	phLethal
	phSurvived
	phSid
	phDiscard
	phNextTurn
	phOver
	phPaused // the long duel stepped a turn at a time (LongDuel's turn): stopped at the next turn's start
)

// core is the machine's bookkeeping inside a turn: the card being resolved and the
// sub-procedures (a shot, a "draw!", a hit, Sid's heal) with the phase each returns to.
type core struct {
	phase     phase
	cause     Cause  // what the card being resolved does damage as
	card      CardID // the card being resolved
	loopK     int8   // Gatling, Indians!: offset from the active player of the current target
	responder int8   // Duel: who must discard a BANG! next
	duelT     int8   // Duel: the player challenged
	picker    int8   // General Store: who takes next
	suzyHold  bool   // a General Store or a Duel is in progress: Suzy waits (C6, C20)
	plays     uint8  // cards played in this turn's phase 2 (MaxTurnPlays)

	shotT       int8 // the player shot at
	shotNeed    uint8
	shotBarrels uint8 // Barrel draws left for this shot
	shotRet     phase

	drawRet phase  // where a "draw!" returns
	drawn   CardID // the card that counts, NoCard for none (C23)

	hitT     int8
	hitBy    int8
	hitN     int8
	hitCause Cause
	hitRet   phase

	sidSeat int8
	sidLeft uint8
	sidRet  phase

	// look_keep at other values than the printed ones (lookKeep): the cards looked at
	// still in hand, and how many are still to go back.
	kit           [4]CardID
	kitN, kitLeft int8

	sheriffs, deputies, outlaws, renegades uint8 // seats dealt each role

	// deeds[i] counts the changes to row i of the record's Aimed and Hits (View.Deeds).
	deeds [MaxSeats]uint16

	// What the cards in play mean for distances (derive keeps them): the seats with a
	// Mustang, with a Scope, and each seat's weapon reach; the seats that others see
	// farther (harder_to_reach) and that see closer (sees_closer) (Refresh), and odd when
	// one of them does so by more than 1 (geometry's general path).
	mustangs, scoped uint8
	reach            [MaxSeats]uint8
	pauls, roses     uint8
	odd              bool
	// suzies has bit s set where seat s may draw by empty_hand_draw (suzy's one test):
	// its seat in the game (Refresh), both seats in the long duel (whose ability it is
	// there is holder's to say).
	suzies uint8
	// prof is each unit's ability profile (profile.go), indexed as Char is: set at the
	// deal (Refresh; the duel's enter), moved with its character.
	prof [MaxSeats]profile
	// geoBase is Alive | mustangs<<8 | scoped<<16, geometry's cache key less the reach
	// (rekey keeps it): one load at each phase-2 count rather than three.
	geoBase uint32
	// geometry's cache, by seat: its key and the seats near the player and in his reach.
	geo      [MaxSeats]geoCache
	lazyOpts // how the pending decision's options are held

	// Withdrawals (withdraw.go): the passive seats, their dealt characters, each seat's
	// scheduled turn (0: none) and the earliest of those (0: none).
	passive uint8
	dealt   [MaxSeats]Character
	wdTurn  [MaxSeats]uint16
	wdNext  uint16

	duelCore
}

// geoCache is one seat's entry in geometry's cache.
type geoCache struct {
	key         uint32
	near, reach uint8
}

// State is one game: a plain value (fixed arrays, bitsets, small integers, no
// pointers), so copying it copies the game.
type State struct {
	Board
	Record
	Counters
	Outcome
	Role  [MaxSeats]Role
	Hand  [MaxSeats]Set // the hands (hidden: a View shows only its own seat's)
	Rules Rules
	// Info is the long duel's draft, stacks and reinforcements (the duel's layout,
	// duel_layout.go); zero in a game.
	Info DuelInfo

	// deck[:DeckLen], the top last, and the discard pile, pile[:DiscardLen]: 128 entries
	// (80 used), so an index masked to 7 bits needs no check.
	deck [128]CardID
	pile [128]CardID
	rng  rand.PCG
	core
	trace traceBuf
	dec   Decision
}

// Reset deals a new game under rules from the two seed words and runs it to the first
// decision. Rules must have passed Validate.
func (g *State) Reset(rules *Rules, seed1, seed2 uint64) {
	g.Setup(rules, seed1, seed2)
	g.Start()
}

// Setup deals a new game (roles, characters, life, the shuffled deck, the hands) but
// plays nothing, so a test can rearrange it before Start.
func (g *State) Setup(rules *Rules, seed1, seed2 uint64) {
	g.Board = Board{}
	g.Record = Record{}
	g.Counters = Counters{}
	g.Outcome = Outcome{}
	g.Hand = [MaxSeats]Set{}
	g.Info = DuelInfo{}
	g.core = core{}
	g.perKind = basePerKind
	g.dec.Kind, g.dec.N, g.dec.Yard = DecideNone, 0, 0
	g.trace.n, g.trace.lost = 0, 0
	g.Rules = *rules
	g.rng.Seed(seed1, seed2)
	n := int(rules.Players)
	g.Players = uint8(n)
	g.Alive = uint8(1<<n - 1)
	g.rekey()
	g.DiscardTop = NoCard
	g.KilledBy = [MaxSeats]int8{-1, -1, -1, -1, -1, -1, -1, -1}
	bang.DealRoles(&g.Role, n, &g.rng)
	g.Rules.DealCharacters(&g.Char, n, &g.rng)
	g.Refresh()
	g.reach = [MaxSeats]uint8{1, 1, 1, 1, 1, 1, 1, 1}
	g.buildDeck()
	g.deal(n)
	g.Active = 0
	g.phase = phTurnStart
}

// deal gives each of the n seats, in seat order, as many cards from the top of the deck
// as its life, the hand built in a register; drawCard's loop (which would reshuffle an
// empty deck: nothing is discarded yet) only where the deck is too short, as a deck
// with cards removed may be.
func (g *State) deal(n int) {
	top := int(g.DeckLen)
	for s := 0; s < n; s++ {
		k := max(int(g.Life[s]), 0)
		if k > top {
			g.DeckLen = uint8(top)
			for i := 0; i < k; i++ {
				if c := g.drawCard(); c != NoCard {
					g.give(int8(s), c)
				}
			}
			top = int(g.DeckLen)
			continue
		}
		var h Set
		for i := 0; i < k; i++ {
			top--
			h.Add(g.deck[top&127])
		}
		g.Hand[s&7], g.HandLen[s&7] = h, uint8(k)
	}
	g.DeckLen = uint8(top)
}

// Start plays from the set-up position to the first decision. A traced game records
// the hands as they stand first (EvDeal, a card at a time, seat by seat), so that a
// replay shows the deal every later play comes from.
func (g *State) Start() {
	if g.trace.on {
		g.traceDeal()
	}
	g.advance()
}

// traceDeal emits an EvDeal per card in each seat's hand (out of line: Start inlines).
//
//go:noinline
func (g *State) traceDeal() {
	for s := int8(0); s < int8(g.Players); s++ {
		g.traceSet(g.Hand[s&7], Event{Kind: EvDeal, Seat: s, Other: -1, Pick: NoCard})
	}
}

// Refresh recomputes life, maximum life, the public roles and the role masks from Role
// and Char, for tests that rearrange a freshly set-up table (hands are not redealt).
func (g *State) Refresh() {
	n := int(g.Players)
	g.Sheriff = -1
	g.sheriffs, g.deputies, g.outlaws, g.renegades = 0, 0, 0, 0
	g.pauls, g.roses, g.suzies, g.odd = 0, 0, 0, false
	for s := 0; s < MaxSeats; s++ {
		g.Revealed[s] = RoleUnknown
		if s >= n {
			g.Life[s], g.MaxLife[s] = 0, 0
			g.prof[s] = plainProfile
			continue
		}
		c := g.Char[s]
		life := int8(g.Rules.life(c)) + g.Rules.LifeDelta[c]
		f := g.Rules.profileFor(c)
		g.prof[s] = f
		g.pauls |= b2u8(f.harder != 0) << s
		g.roses |= b2u8(f.closer != 0) << s
		g.suzies |= uint8(f.prims>>PrimEmptyHandDraw&1) << s
		g.odd = g.odd || f.harder > 1 || f.closer > 1
		switch g.Role[s] {
		case Sheriff:
			life++
			g.Sheriff = int8(s)
			g.Revealed[s] = Sheriff
			g.sheriffs |= 1 << s
		case Deputy:
			g.deputies |= 1 << s
		case Outlaw:
			g.outlaws |= 1 << s
		case Renegade:
			g.renegades |= 1 << s
		}
		g.Life[s], g.MaxLife[s] = life, life
	}
}

// buildDeck puts every card not removed by the rules into the deck and shuffles it.
func (g *State) buildDeck() {
	n := NumCards
	if g.Rules.Removed == [2]uint64{} {
		g.deck = fullDeck
	} else {
		in := allSet.Minus(Set(g.Rules.Removed))
		n = 0
		for w := 0; w < 2; w++ {
			for m := in[w]; m != 0; m &= m - 1 {
				g.deck[n] = CardID(w*64 + bits.TrailingZeros64(m))
				n++
			}
		}
	}
	g.shuffle(n)
	g.DeckLen = uint8(n)
	g.DiscardLen = 0
}

// fullDeck is every card in CardID order.
var fullDeck = func() (d [128]CardID) {
	for i := range NumCards {
		d[i] = CardID(i)
	}
	return d
}()

// shuffle shuffles deck[:n] (Fisher–Yates, the engine's stream). Each 64-bit output of
// the stream gives two exact bounded draws, one per 32-bit half (Lemire's method; a half
// that falls in the rejection band is replaced by a fresh exact draw, which keeps every
// swap exactly uniform). The loop makes no call: a product that falls low (about once
// in 2^26 shuffles) hands the rest of the shuffle to shuffleFrom, so the loop keeps its
// values, the stream's state among them (fastrand.Next), in registers.
func (g *State) shuffle(n int) {
	d := &g.deck
	hi, lo := fastrand.State(&g.rng)
	for i := n - 1; i > 0; i -= 2 {
		var x uint64
		hi, lo, x = fastrand.Next(hi, lo)
		b := uint64(i + 1)
		m := uint64(uint32(x)) * b
		if uint32(m) < uint32(b) {
			g.rng.Seed(hi, lo)
			g.shuffleFrom(i, x, false)
			return
		}
		j := m >> 32
		d[i&127], d[j&127] = d[j&127], d[i&127]
		if i == 1 {
			break
		}
		m = (x >> 32) * (b - 1)
		if uint32(m) < uint32(b-1) {
			g.rng.Seed(hi, lo)
			g.shuffleFrom(i-1, x, true)
			return
		}
		j = m >> 32
		d[(i-1)&127], d[j&127] = d[j&127], d[(i-1)&127]
	}
	g.rng.Seed(hi, lo)
}

// shuffleFrom finishes shuffle from position i, whose draw is x's low half (x's high
// half when high), with the rejections that shuffle hands it.
//
//go:noinline
func (g *State) shuffleFrom(i int, x uint64, high bool) {
	d := &g.deck
	for {
		b := uint32(i + 1)
		h := uint64(uint32(x))
		if high {
			h = x >> 32
		}
		m := h * uint64(b)
		j := int(m >> 32)
		if uint32(m) < b {
			j = g.reject32(m, b)
		}
		d[i&127], d[j&127] = d[j&127], d[i&127]
		if i--; i == 0 {
			return
		}
		if high = !high; !high {
			x = g.rng.Uint64()
		}
	}
}

// reject32 finishes one of shuffle's bounded draws whose product m = h·b fell low: in
// the rejection band a fresh exact draw from the engine's stream replaces it.
func (g *State) reject32(m uint64, b uint32) int {
	if uint32(m) < -b%b {
		return int(g.uintn(uint64(b)))
	}
	return int(m >> 32)
}

// uintn draws uniformly from [0, n) from the engine's stream.
func (g *State) uintn(n uint64) uint64 { return fastrand.UintN(&g.rng, n) }

// Pending returns the decision the game waits for, its options written out; Kind is
// DecideNone once it is over.
func (g *State) Pending() *Decision {
	if g.opts != optsFull {
		g.materialize()
	}
	return &g.dec
}

// IsAlive reports whether seat s is in the game.
func (g *State) IsAlive(s int) bool { return g.Alive>>uint(s&7)&1 == 1 }

func (g *State) alive(s int8) bool { return g.Alive>>uint(s&7)&1 == 1 }

// Deck returns the deck's cards, the top last (a copy into dst).
func (g *State) Deck(dst []CardID) []CardID { return append(dst, g.deck[:g.DeckLen]...) }

// DiscardPile returns the discard pile's cards, the top last (a copy into dst).
func (g *State) DiscardPile(dst []CardID) []CardID { return append(dst, g.pile[:g.DiscardLen]...) }

// drawCard takes the top card of the deck, reshuffling the discard pile into a new deck
// when the deck is empty (C9); NoCard when both are empty (C23).
func (g *State) drawCard() CardID {
	if g.DeckLen == 0 {
		return g.drawEmpty()
	}
	g.DeckLen--
	return g.deck[g.DeckLen&127]
}

// drawEmpty is drawCard with the deck empty (out of line: drawCard inlines).
func (g *State) drawEmpty() CardID {
	if g.DiscardLen == 0 {
		return NoCard
	}
	g.reshuffle()
	g.DeckLen--
	return g.deck[g.DeckLen&127]
}

// reshuffle makes the whole discard pile the new deck (C9).
func (g *State) reshuffle() {
	n := int(g.DiscardLen)
	copy(g.deck[:n], g.pile[:n])
	g.shuffle(n)
	g.DeckLen = uint8(n)
	g.DiscardLen = 0
	g.DiscardTop = NoCard
	g.Discarded = Set{}
	g.Reshuffles++
	if g.trace.on {
		g.emit(Event{Kind: EvReshuffle, Seat: -1, Other: -1, Card: NoCard, Pick: NoCard, N: int8(n)})
	}
}

// pushDeck puts c on top of the deck (Kit Carlson).
func (g *State) pushDeck(c CardID) {
	g.deck[g.DeckLen&127] = c
	g.DeckLen++
}

// discard puts c on top of the discard pile.
func (g *State) discard(c CardID) {
	g.pile[g.DiscardLen&127] = c
	g.DiscardLen++
	g.DiscardTop = c
	g.Discarded.Add(c)
}

// discardBy discards seat s's card c, tracing why.
func (g *State) discardBy(s int8, c CardID, why DiscardWhy) {
	g.discard(c)
	if g.trace.on {
		g.emit(Event{Kind: EvDiscard, Seat: s, Other: -1, Card: c, Pick: NoCard, Cause: uint8(why)})
	}
}

// popDiscard takes the top card of the discard pile (Pedro Ramirez), NoCard if empty.
func (g *State) popDiscard() CardID {
	if g.DiscardLen == 0 {
		return NoCard
	}
	g.DiscardLen--
	c := g.pile[g.DiscardLen&127]
	g.Discarded.Remove(c)
	g.DiscardTop = NoCard
	if g.DiscardLen > 0 {
		g.DiscardTop = g.pile[(g.DiscardLen-1)&127]
	}
	return c
}

// drawTo draws n cards from the deck into s's hand (fewer when both piles run out).
func (g *State) drawTo(s int8, n int, why DrawWhy) {
	for ; n > 0; n-- {
		c := g.drawCard()
		if c == NoCard {
			return
		}
		g.give(s, c)
		g.CardsDrawn++
		if g.trace.on {
			g.emit(Event{Kind: EvDraw, Seat: s, Other: -1, Card: c, Pick: NoCard, Cause: uint8(why)})
		}
	}
}

// drawTwo is drawTo(s, 2, DrawPhase1), the common phase 1: the two top cards at once
// when the deck holds both and no trace is on (drawTo's loop otherwise).
func (g *State) drawTwo(s int8) {
	n := g.DeckLen
	if n < 2 || g.trace.on {
		g.drawTo(s, 2, DrawPhase1)
		return
	}
	g.DeckLen = n - 2
	h := &g.Hand[s&7]
	h.Add(g.deck[(n-1)&127])
	h.Add(g.deck[(n-2)&127])
	g.HandLen[s&7] += 2
	g.CardsDrawn += 2
}

// give puts c into s's hand.
func (g *State) give(s int8, c CardID) {
	g.Hand[s&7].Add(c)
	g.HandLen[s&7]++
}

// drop takes c, which s holds, out of s's hand.
func (g *State) drop(s int8, c CardID) {
	g.Hand[s&7].Remove(c)
	g.HandLen[s&7]--
}

// recount sets HandLen from the hands and what distances derive from the cards in play,
// for tests that lay cards by hand.
func (g *State) recount() {
	for s := range g.Hand {
		g.HandLen[s] = uint8(g.Hand[s].Len())
		g.derive(int8(s))
	}
}

// randomCard returns a uniformly random card of set h (the engine's stream), NoCard when
// it is empty.
func (g *State) randomCard(h Set) CardID {
	n := h.Len()
	if n == 0 {
		return NoCard
	}
	return h.Nth(int(g.uintn(uint64(n))))
}

// aim records that a aimed a card at t.
func (g *State) aim(a, t int8) {
	if a == t {
		return
	}
	p := &g.Aimed[a&7][t&7]
	if *p < 255 {
		*p++
		g.deeds[a&7]++
	}
}

// livingCount is the number of players alive.
func (g *State) livingCount() int { return bits.OnesCount8(g.Alive) }

// nextAlive returns the next living seat clockwise after s (s itself when alone).
func (g *State) nextAlive(s int8) int8 {
	// The lowest living seat above s, else the lowest at or below it (the wrap round):
	// the clockwise search without a division a seat.
	// The two searches in one word, the seats above s in its low byte, without a
	// branch on whether the search wraps round (once a round, a seat's turn apart).
	below := uint8(2)<<uint(s&7) - 1 // seats 0..s
	if m := uint16(g.Alive&^below) | uint16(g.Alive&below)<<8; m != 0 {
		return int8(bits.TrailingZeros16(m) & 7)
	}
	return s
}
