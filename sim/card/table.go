package card

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"unsafe"

	"github.com/bangsim/bangsim/internal/fastrand"
	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
)

// Table plays whole games: a State, the policy of each seat, and each seat's View. A
// worker keeps one Table and replays games through it without allocating.
type Table struct {
	State State
	// Views[s] is seat s's own View, filled in place before each of its decisions: what
	// the engine leaves unwritten there (the options a ListPolicy's lists leave out, a
	// List or Play not filled) is only ever what this seat was shown earlier in the
	// game, never another seat's (each game, and each Finish, starts them cleared).
	Views [bang.MaxSeats]View
	Rules Rules
	// ByRole is the policy of each role; BySeat, where set, overrides it for a seat
	// (seat 0 is the Sheriff).
	ByRole [bang.NumRoles]Policy
	BySeat [bang.MaxSeats]Policy
	// RoleNeeds declares what each role's policy needs from the Table (registries know it
	// even when a wrapper hides the policy's own interfaces); OR'ed with NeedsOf unless
	// NeedsDeclared.
	RoleNeeds [bang.NumRoles]Needs
	// SeatNeeds is RoleNeeds for the seats whose policy BySeat sets.
	SeatNeeds [bang.MaxSeats]Needs
	// NeedsDeclared says RoleNeeds and SeatNeeds are the whole truth, as a registry
	// declares them, so the Table skips asking each policy's interfaces every game.
	NeedsDeclared bool
	// SeatSalt[s], when non-zero, derives seat s's policy stream from (game, seat, salt)
	// instead of (game, seat), as in sim/dice: a comparison gives an entrant's seat its
	// own draws while every other seat draws exactly what it draws in the reference game.
	SeatSalt [bang.MaxSeats]uint64
	// OnDecision, when set, sees every decision asked (those with one option are not
	// asked) and the option applied (an illegal choice already replaced).
	OnDecision func(d *Decision, choice int)
	// OnEvents, when set, turns tracing on and receives the events after the start and
	// after each decision.
	OnEvents func(events []Event)
	// EventsLost counts, over the last game Play or Finish played, the events the trace
	// could not keep: more than maxTraceEvents (256) between two decisions, which only a
	// game with almost no cards comes to (its turns pass with nothing to decide). A
	// narration reports them rather than pass over them in silence.
	EventsLost int
	// Withdraw[s], when non-zero, makes seat s withdraw (play passive, State.Withdraw) from
	// that turn of each game Play plays (or Finish starts) on.
	Withdraw [bang.MaxSeats]uint16

	rng        [bang.MaxSeats]rand.PCG
	seat       [bang.MaxSeats]Policy
	mode       [bang.MaxSeats]uint8 // how a seat is asked: seatView, seatCount or seatRandom
	counter    [bang.MaxSeats]CountPolicy
	omniscient [bang.MaxSeats]bool
	record     [bang.MaxSeats]bool
	memo       [bang.MaxSeats]Memo
	// first and firstRank are a FirstPlayPolicy's seat's FirstPlays: the set of their
	// cards (empty for the other seats) and each kind's place in the list.
	first      [bang.MaxSeats]Set
	firstRank  [bang.MaxSeats]kindRanks
	lists      uint8 // the seats of a ListPolicy (as seat last declared them, see declare)
	cancels    uint8 // the seats of a CancelPolicy
	ends       uint8 // the seats of an EndPolicy
	upgrades   uint8 // the seats of a WeaponPolicy
	lateFirst  uint8 // the seats of a FirstPlayPolicy with a kind in FirstPlays whose count decides (firstPlay): played here after the count, not by the State before it (fixedPlay)
	picks      uint8 // the seats of a PlayPolicy, asked ChoosePlay by picker
	picker     [bang.MaxSeats]PlayPolicy
	carded     uint8 // the seats of a CardPolicy, asked ChooseCard by carder
	carder     [bang.MaxSeats]CardPolicy
	randomOnly bool // every seat's policy is Random (runSeats)
}

// ErrNoPolicy is returned when a seat would have no policy.
var ErrNoPolicy = errors.New("no policy")

// NewTable checks the rules and returns a Table using byRole for every role.
func NewTable(rules Rules, byRole [bang.NumRoles]Policy) (*Table, error) {
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	t := &Table{Rules: rules, ByRole: byRole}
	for _, r := range roleDeck(int(rules.Players)) {
		if byRole[r] == nil {
			return nil, fmt.Errorf("%w for role %s", ErrNoPolicy, r)
		}
	}
	return t, nil
}

// NewTableOf is NewTable with a fresh policy from newPolicy at every role and every
// role's needs declared as needs (NeedsDeclared): how one registry entry's bot is
// seated at a whole table (bangsim's comparisons, the benchmarks).
func NewTableOf(rules Rules, newPolicy func() Policy, needs Needs) (*Table, error) {
	var byRole [bang.NumRoles]Policy
	for r := range byRole {
		byRole[r] = newPolicy()
	}
	t, err := NewTable(rules, byRole)
	if err != nil {
		return nil, err
	}
	for r := range t.RoleNeeds {
		t.RoleNeeds[r] = needs
	}
	t.NeedsDeclared = true
	return t, nil
}

// Play plays the game with the given seed to its end and returns the finished State.
// seed.Streams(gameSeed) gives four words: the first two seed the engine's stream (the
// deal, the shuffles, every random card taken), the last two the seats' policy streams
// (PolicySeed).
func (t *Table) Play(gameSeed uint64) *State {
	s1, s2, s3, s4 := seed.Streams(gameSeed)
	g := &t.State
	g.Setup(&t.Rules, s1, s2)
	t.seatPolicies(s3, s4)
	t.EventsLost = 0
	trace := t.OnEvents != nil
	g.Trace(trace)
	g.Start()
	if trace {
		t.flushEvents()
	}
	t.runSeats()
	return g
}

// Finish plays the game in t.State on from its pending decision to the end with the
// table's policies, each seat's stream seeded from (s1, s2, seat, SeatSalt[seat]) as
// PolicySeed says: the rollout of a search, which copies a game waiting at a decision
// into a Table. A game set up but not started is started first.
func (t *Table) Finish(s1, s2 uint64) *State {
	g := &t.State
	t.seatPolicies(s1, s2)
	t.EventsLost = 0
	trace := t.OnEvents != nil
	g.Trace(trace)
	if g.dec.Kind == DecideNone && !g.Over {
		g.Start()
		if trace {
			t.flushEvents()
		}
	}
	t.runSeats()
	return g
}

// How the Table asks a seat's policy.
const (
	seatView   uint8 = iota // Choose, with the View filled
	seatCount               // a CountPolicy: ChooseCount, no View
	seatRandom              // Random: its draw made here, no View, no call
)

// runSeats plays the game on to its end: runRandom when every seat is Random and no
// hook is set (the yardstick's games), else run.
func (t *Table) runSeats() {
	if t.randomOnly && t.OnDecision == nil && t.OnEvents == nil {
		t.runRandom()
		return
	}
	t.run()
}

// runRandom is run for a table of Random seats without hooks: each draw written out in
// the loop, as run would make it.
func (t *Table) runRandom() {
	g := &t.State
	for g.dec.Kind != DecideNone {
		d := &g.dec
		r := &t.rng[d.Seat&7]
		if g.opts == optsPlay { // phase 2 and phase 3: drawn and played in one loop each
			g.playRandom(r)
			continue
		}
		if d.Kind == DecideDiscard {
			g.discardRandom(r)
			continue
		}
		n := d.drawn()
		var hi uint64
		if n > 1 { // the yardstick's one option (others past it) draws nothing, as randomChoice
			var lo uint64
			hi, lo = bits.Mul64(r.Uint64(), n) // fastrand.UintN written out: the call inlined cost ≈ 300 instructions a game more
			if lo < n {
				hi = fastrand.Reject(r, n, hi, lo)
			}
		}
		g.take(int(hi))
		g.settle()
	}
}

// run asks the policies until the game is over.
func (t *Table) run() {
	g := &t.State
	hooked := t.OnDecision != nil || t.OnEvents != nil
	for g.dec.Kind != DecideNone {
		d := &g.dec
		s := d.Seat & 7
		var c int
		switch t.mode[s] {
		case seatRandom: // randomChoice, written out: always legal, so Apply's checks are skipped too
			if !hooked { // phase 2 and phase 3: drawn and played in one loop each
				if g.opts == optsPlay {
					g.playRandom(&t.rng[s])
					continue
				}
				if d.Kind == DecideDiscard {
					g.discardRandom(&t.rng[s])
					continue
				}
			}
			hi := randomDraw(&t.rng[s], d.drawn())
			if !hooked {
				g.take(int(hi))
				g.settle()
				continue
			}
			c = int(hi)
		case seatCount:
			c = t.counter[s].ChooseCount(d.Kind, int(d.N), int(d.Yard), &t.rng[s])
		default:
			if g.opts >= optsPlay { // phase 2, compact (or uncounted, optsFixed): only a ListPolicy's seat's is here
				// A FirstPlayPolicy's, with a card of its list on offer, and a
				// WeaponPolicy's, with a weapon on offer that outreaches its own: the
				// card's first option played unasked (found before the count, optsFixed,
				// unless a FirstPlays kind's count decides: then here). An EndPolicy's,
				// with only the end in the yard and no Dynamite in front of it: ended
				// unasked. Each taken as the option it is (takeOption), not by its index.
				if g.opts == optsFixed {
					if o := g.cardOption(g.fixed, 0); hooked {
						t.takeOption(o, hooked)
					} else { // takeOption's and applyPlay's, written out
						d.Kind = DecideNone
						g.play(o)
						if g.phase == phPlay && d.Kind == DecideNone {
							g.playOptions()
						}
						g.settle()
					}
					continue
				}
				c := NoCard
				if t.lateFirst>>s&1 != 0 {
					if f := &t.first[s]; g.optSet[0]&f[0]|g.optSet[1]&f[1] != 0 {
						c = g.firstPlay(f, &t.firstRank[s])
					}
					if c == NoCard && g.optSet[1]&weapons1 > g.InPlay[s][1]&weapons1 && t.upgrades>>s&1 != 0 {
						c = g.upgrade(s)
					}
				}
				if c != NoCard {
					t.takeOption(g.cardOption(c, 0), hooked)
					continue
				}
				if d.Yard == 1 && t.ends>>s&1 != 0 && !g.InPlay[s].hasKind(Dynamite) {
					t.takeOption(endOption, hooked)
					continue
				}
			} else if d.Kind == DecideMissed && t.cancels>>s&1 != 0 && g.opts == optsSet {
				// A CancelPolicy's answer to a shot, when its cards fix it: answered unasked
				// (by its card, as a CardPolicy's; a hook sees its index, Pre).
				if cc := g.cancelShot(); cc != NoCard {
					if hooked {
						c = int(g.optPre)
						break
					}
					g.carryOut(Option{Act: ActCard, Card: cc, Target: -1, Pick: NoCard})
					g.settle()
					continue
				}
			}
			v := &t.Views[s]
			if g.opts == optsPlay {
				g.fillPlayView(v, t.omniscient[s], t.record[s])
				if t.picks>>s&1 != 0 { // a PlayPolicy's: the option named, checked, taken
					o := t.picker[s].ChoosePlay(v)
					if hooked {
						t.takeOption(o, hooked)
						continue
					}
					if !g.playLegal(o) {
						g.Illegal++
						o = endOption
					}
					d.Kind = DecideNone // takeOption's and applyPlay's, written out: two decisions in three
					if o.Act == ActPlay {
						g.play(o)
						if g.phase == phPlay && d.Kind == DecideNone {
							g.playOptions()
						}
					} else {
						g.applyPlay(s, o)
					}
					g.settle()
					continue
				}
				c = t.seat[s].Choose(v)
			} else {
				g.fillView(v, t.omniscient[s], t.record[s])  // the Table's word, not the View's: a policy may write its View
				if g.opts == optsSet && t.carded>>s&1 != 0 { // a CardPolicy's list: the card named, checked, taken
					cc, i := t.carder[s].ChooseCard(v)
					if cc != NoCard && !hooked && g.optSet.Has(cc) {
						g.carryOut(Option{Act: ActCard, Card: cc, Target: -1, Pick: NoCard})
						g.settle()
						continue
					}
					if cc != NoCard {
						i = g.cardIndex(cc) // N when the list does not hold it: illegal, as below
					}
					c = i
				} else {
					c = t.seat[s].Choose(v)
				}
			}
		}
		if hooked {
			t.hook(c)
			continue
		}
		// Apply, written out (a call less a decision): an illegal choice replaced and
		// counted, the option taken, the rules run on to the next decision asked.
		if uint(c) >= uint(d.N) {
			g.Illegal++
			c = int(uint(c) % uint(d.N))
		}
		g.take(c)
		g.settle()
	}
}

// takeOption takes phase 2's option o at the pending decision (kept compact), as take
// would take its index, and runs the rules on to the next decision asked; with a hook,
// through hook and o's index in the list written out (playIndex: N, an illegal choice,
// when the list does not hold o).
func (t *Table) takeOption(o Option, hooked bool) {
	g := &t.State
	if hooked {
		t.hook(g.playIndex(o))
		return
	}
	d := &g.dec
	s := d.Seat
	d.Kind = DecideNone
	g.applyPlay(s, o)
	g.settle()
}

// randomDraw is fastrand.UintN kept out of run's loop: inlined there, the generator's
// constants, kept in registers across the loop, were reloaded after every call it
// makes, whatever seat decides (≈ 12 instructions a decision; runRandom, which makes
// no other kind of call, keeps them inlined).
//
//go:noinline
func randomDraw(r *rand.PCG, n uint64) uint64 {
	if n <= 1 { // as randomChoice: the yardstick's one option draws nothing
		return 0
	}
	return fastrand.UintN(r, n)
}

// hook applies choice c with the hooks called.
func (t *Table) hook(c int) {
	g := &t.State
	if t.OnDecision != nil {
		if g.opts != optsFull {
			g.materialize()
		}
		legal := c
		if uint(c) >= uint(g.dec.N) {
			legal = int(uint(c) % uint(g.dec.N))
		}
		t.OnDecision(&g.dec, legal)
	}
	g.Apply(c)
	if t.OnEvents != nil {
		t.flushEvents()
	}
}

// seatPolicies seeds each seat's policy stream from (w1, w2) and picks each seat's
// policy, View and needs for the roles dealt in t.State.
func (t *Table) seatPolicies(w1, w2 uint64) {
	g := &t.State
	g.lazy, g.lists, g.fixing = 0, 0, 0
	t.randomOnly = true
	for s := 0; s < int(g.Players); s++ {
		a, b := PolicySeed(w1, w2, s, t.SeatSalt[s])
		t.rng[s].Seed(a, b)
		p, needs := t.BySeat[s], t.SeatNeeds[s]
		if p == nil {
			p, needs = t.ByRole[g.Role[s]], t.RoleNeeds[g.Role[s]]
		}
		if !samePolicy(t.seat[s], p) { // else its mode and declared choices are the last game's
			t.seat[s] = p
			t.declare(p, s)
		}
		g.lists |= t.lists & (1 << uint(s)) // its View's lists stay compact, hook or not
		// Its unasked plays found before the count (fixedPlay) unless a count decides.
		if t.lateFirst>>s&1 == 0 && (!t.first[s].Empty() || t.upgrades>>s&1 != 0) {
			g.fixing |= 1 << uint(s)
			g.firstCards[s], g.firstRank[s] = t.first[s], t.firstRank[s]
		}
		g.upgrades = g.upgrades&^(1<<uint(s)) | t.upgrades&(1<<uint(s)) // as declare left it
		t.randomOnly = t.randomOnly && t.mode[s] == seatRandom
		if t.mode[s] != seatView && t.OnDecision == nil { // the hook sees every list written out anyway
			g.lazy |= 1 << uint(s)
		}
		if !t.NeedsDeclared {
			needs |= NeedsOf(p)
		}
		t.omniscient[s] = needs&NeedsAllRoles != 0
		t.record[s] = needs&NeedsNoRecord == 0
		if t.mode[s] == seatView { // a seat asked with a View starts the game with a clear memo and View
			t.memo[s] = Memo{}
			t.clearView(s)
		}
	}
	if g.Turns == 0 && t.Withdraw != [bang.MaxSeats]uint16{} { // here, not in Play: the profile's call sites stay put
		for s, turn := range t.Withdraw {
			if turn != 0 {
				g.Withdraw(s, turn)
			}
		}
	}
}

// samePolicy reports whether a and b are the same policy value: the same dynamic type
// and the same data word (a pointer, or the box of a value, which nothing writes once
// made). It never compares the values themselves, which for some types would panic.
func samePolicy(a, b Policy) bool {
	x, y := (*[2]unsafe.Pointer)(unsafe.Pointer(&a)), (*[2]unsafe.Pointer)(unsafe.Pointer(&b))
	return x[0] == y[0] && x[1] == y[1] // word by word: the arrays compared whole are a call of memequal
}

// declare reads how seat s's new policy p is asked (Random, a CountPolicy, a View) and,
// for a ListPolicy, the choices it declares (FirstPlayPolicy, CancelPolicy, EndPolicy,
// WeaponPolicy, PlayPolicy, CardPolicy): once, when the seat's policy changes, not every game (the type
// assertions cost hundreds of instructions a game; a policy's declarations are fixed
// by its value).
func (t *Table) declare(p Policy, s int) {
	s &= 7
	bit := uint8(1) << uint(s)
	t.lists, t.cancels, t.ends, t.upgrades = t.lists&^bit, t.cancels&^bit, t.ends&^bit, t.upgrades&^bit
	t.lateFirst &^= bit
	t.picks, t.picker[s] = t.picks&^bit, nil
	t.carded, t.carder[s] = t.carded&^bit, nil
	t.mode[s], t.counter[s], t.first[s] = seatView, nil, Set{}
	if r, ok := p.(*Random); ok { // the commonest first: a pointer compare, not the interface assertion below
		t.mode[s], t.counter[s] = seatRandom, r
	} else if cp, ok := p.(CountPolicy); ok {
		t.mode[s], t.counter[s] = seatCount, cp
	} else if lp, ok := p.(ListPolicy); ok && lp.ReadsLists() {
		t.lists |= bit
		if fp, ok := p.(FirstPlayPolicy); ok {
			t.setFirst(s, fp.FirstPlays())
			if !t.first[s].Minus(oneOption).Empty() {
				t.lateFirst |= bit
			}
		}
		if cp, ok := p.(CancelPolicy); ok && cp.CancelsShots() {
			t.cancels |= bit
		}
		if ep, ok := p.(EndPolicy); ok && ep.EndsBareYard() {
			t.ends |= bit
		}
		if wp, ok := p.(WeaponPolicy); ok && wp.UpgradesWeapons() {
			t.upgrades |= bit
		}
		if pp, ok := p.(PlayPolicy); ok && pp.PlaysByOption() {
			t.picks, t.picker[s] = t.picks|bit, pp
		}
		if cp, ok := p.(CardPolicy); ok && cp.PicksByCard() {
			t.carded, t.carder[s] = t.carded|bit, cp
		}
	}
}

// setFirst keeps seat s's FirstPlays l: the set of their cards and each kind's place.
func (t *Table) setFirst(s int, l KindList) {
	var f Set
	for i, k := range l {
		if k >= NumKinds {
			break
		}
		if !f.hasKind(k) { // a kind listed twice keeps its first place
			t.firstRank[s&7][k] = uint8(i)
		}
		f = f.Or(kindSet[k])
	}
	t.first[s&7] = f
}

// clearView readies seat s's View for a game: what an earlier game or rollout left in
// it (whose deck may be this one's) is cleared, what stays the same all game is set,
// and its record is the State's (a record-blind seat's stays zero), which fillView then
// copies at every decision of a seat that sees it.
func (t *Table) clearView(s int) {
	g := &t.State
	s &= 7
	v := &t.Views[s]
	d := &v.Decision
	clear(d.Options[:max(v.written, 1)])
	v.written = 0
	d.Kind, d.Seat, d.From, d.Card, d.Need, d.N, d.Yard = 0, 0, 0, 0, 0, 0, 0
	v.Play, v.List = PlayList{}, CardList{}
	v.Rules = g.Rules
	v.Self, v.Role, v.Omniscient = int8(s), g.Role[s], t.omniscient[s]
	v.Rand, v.Memo = &t.rng[s], &t.memo[s]
	v.Record, v.Deeds = Record{}, [MaxSeats]uint16{}
	if t.record[s] {
		v.Record, v.Deeds = g.Record, g.deeds
	}
}

// PolicySeed returns the two words that seed seat's policy stream from a game's two
// policy words (w1, w2: the game seed's third and fourth) and the seat's salt (0: none):
// sim/dice's scheme, so that both engines give a seat its stream the same way.
func PolicySeed(w1, w2 uint64, seat int, salt uint64) (uint64, uint64) {
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
