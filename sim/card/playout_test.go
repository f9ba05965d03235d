package card

// Random playouts: many seeded games for every table size and character deal, driving
// the State directly (Setup, Start, then Pending → FillView → Choose → Apply) and
// checking the game's invariants after every step. The loop, the step bound, the Illegal
// count and the mid-game copy are internal/enginetest's; this file adapts the State to
// it (driven) and holds the card game's invariants (checker), shared with fuzz_test.go.

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
)

// playoutGames returns the games per configuration, fewer under -short.
func playoutGames(full, short int) int { return enginetest.Games(full, short) }

// maxSteps bounds the decisions of one game: per turn, MaxTurnPlays plays, each with
// its answers (a Gatling's six, a Duel's exchanges), and the discards.
func maxSteps(r *Rules) int { return (int(r.MaxTurns) + 1) * (MaxTurnPlays*20 + 100) }

// driven adapts a State, with a policy per role, to enginetest.Machine: the harness
// plays it (Setup, Start, then Pending → FillView → Choose → Apply) and this file's
// checker checks every invariant after Setup, Start and every Apply. Each seat is asked
// through a View of its own, filled as its role's needs say (every role shown for
// NeedsAllRoles), its stream seeded as a Table seeds it (PolicySeed). strict requires
// every choice to be legal and the random yardstick never to hit MaxTurnPlays.
//
// The long duel gets the same checks by an adapter of its own beside this one: Start
// sets up a duel from the game seed, Choose asks the duel's policies, Check and End run
// its checker (duel_playout_test.go's duelCheck), and its tests call
// enginetest.Playouts, Determinism and ZeroAllocs on it.
type driven struct {
	g       State
	rules   Rules
	rulesOf func(i uint64) Rules // when set, the rules of game index i (rules otherwise)
	byRole  [NumRoles]Policy
	needs   [NumRoles]Needs
	strict  bool
	setup   func(g *State) // when set, called between Setup and Start (to schedule withdrawals)
	ended   func(g *State) // when set, called at the end of every game (not of a copy's)
	ck      checker
	views   [MaxSeats]View
	streams [MaxSeats]rand.PCG
	asked   struct {
		kind DecisionKind
		seat int8
		n    uint16
	}
}

// newDriven returns the adapter for rules with a policy and its needs per role.
func newDriven(rules Rules, byRole [NumRoles]Policy, needs [NumRoles]Needs, strict bool) *driven {
	return &driven{rules: rules, byRole: byRole, needs: needs, strict: strict}
}

// newDrivenAll returns the adapter with pol at every seat.
func newDrivenAll(rules Rules, pol Policy, strict bool) *driven {
	return newDriven(rules, [NumRoles]Policy{pol, pol, pol, pol}, [NumRoles]Needs{}, strict)
}

// Start implements enginetest.Machine.
func (m *driven) Start(gm enginetest.Game) error {
	if m.rulesOf != nil {
		m.rules = m.rulesOf(gm.Index)
	}
	s1, s2, s3, s4 := seed.Streams(gm.Seed)
	g := &m.g
	g.Setup(&m.rules, s1, s2)
	ck, err := newChecker(g, &m.rules)
	if err != nil {
		return fmt.Errorf("after Setup: %w", err)
	}
	m.ck = *ck
	if m.setup != nil {
		m.setup(g)
	}
	g.Start()
	m.views = [MaxSeats]View{}
	for s := range int(g.Players) {
		m.streams[s].Seed(PolicySeed(s3, s4, s, 0))
		m.views[s].Rand = &m.streams[s]
	}
	return nil
}

// Done implements enginetest.Machine.
func (m *driven) Done() bool { return m.g.Pending().Kind == DecideNone }

// Choose implements enginetest.Machine: the seat's role's policy answers through the
// seat's View, which must show what the seat may know and nothing else.
func (m *driven) Choose() (int, bool, error) {
	g := &m.g
	d := g.Pending()
	m.asked.kind, m.asked.seat, m.asked.n = d.Kind, d.Seat, d.N
	role := g.Role[d.Seat&7]
	pol, omniscient := m.byRole[role], m.needs[role]&NeedsAllRoles != 0
	v := &m.views[d.Seat&7]
	g.FillViewFor(v, omniscient)
	if err := checkView(g, v, omniscient); err != nil {
		return 0, false, err
	}
	c := pol.Choose(v)
	return c, d.Legal(c), nil
}

// Asked implements enginetest.Machine.
func (m *driven) Asked() string {
	return fmt.Sprintf("%s seat %d (%d options)", m.asked.kind, m.asked.seat, m.asked.n)
}

// Apply implements enginetest.Machine.
func (m *driven) Apply(c int) { m.g.Apply(c) }

// Illegal implements enginetest.Machine.
func (m *driven) Illegal() int { return int(m.g.Illegal) }

// Check implements enginetest.Machine.
func (m *driven) Check() error { return m.ck.step(&m.g) }

// End implements enginetest.Machine: the checker's step has checked the winners
// (checker.end) once the game is over.
func (m *driven) End() error {
	if !m.g.Over {
		return fmt.Errorf("no decision pending but the game is not over")
	}
	if m.strict && m.g.PlayCaps != 0 {
		return fmt.Errorf("the random yardstick hit MaxTurnPlays")
	}
	if m.ended != nil {
		m.ended(&m.g)
	}
	return nil
}

// MaxSteps implements enginetest.Machine.
func (m *driven) MaxSteps() int { return maxSteps(&m.rules) }

// Clone implements enginetest.Machine: a State is a plain value, and so are the seats'
// streams; the policies are shared, as a search shares them.
func (m *driven) Clone() *driven {
	c := *m
	for s := range c.views {
		if c.views[s].Rand != nil {
			c.views[s].Rand = &c.streams[s]
		}
	}
	c.ended = nil
	return &c
}

// Diff implements enginetest.Machine: the whole State, every field.
func (m *driven) Diff(o *driven) string {
	if reflect.DeepEqual(m.g, o.g) {
		return ""
	}
	return "\n" + describe(&m.g) + "vs\n" + describe(&o.g)
}

// Describe implements enginetest.Machine.
func (m *driven) Describe() string {
	return fmt.Sprintf("rules %+v\n%s", m.rules, describe(&m.g))
}

// dealtChars returns the characters as dealt (a passive seat's Char is Plain).
func dealtChars(g *State) (c [MaxSeats]Character) {
	for s := range c {
		c[s] = g.DealtChar(s)
	}
	return c
}

// checker remembers what may not change during a game and checks the invariants.
type checker struct {
	rules   Rules
	n       int
	role    [MaxSeats]Role
	char    [MaxSeats]Character
	maxLife [MaxSeats]int8
	turns   uint16
	cards   int // cards in the game: 80 − removed
}

func newChecker(g *State, rules *Rules) (*checker, error) {
	n := int(rules.Players)
	ck := &checker{rules: *rules, n: n, role: g.Role, char: g.Char, maxLife: g.MaxLife,
		cards: NumCards - Set(rules.Removed).Len()}
	var counts [NumRoles]int
	for s := 0; s < n; s++ {
		if g.Role[s] >= NumRoles {
			return nil, fmt.Errorf("seat %d dealt role %d", s, g.Role[s])
		}
		counts[g.Role[s]]++
	}
	want := map[int][NumRoles]int{4: {1, 0, 2, 1}, 5: {1, 1, 2, 1}, 6: {1, 1, 3, 1}, 7: {1, 2, 3, 1}}[n]
	if counts != want {
		return nil, fmt.Errorf("role counts %v, want %v", counts, want)
	}
	if g.Role[0] != Sheriff || g.Sheriff != 0 {
		return nil, fmt.Errorf("seat 0 holds %s (Sheriff field %d)", g.Role[0], g.Sheriff)
	}
	if err := checkDeal(g, rules); err != nil {
		return nil, err
	}
	for s := 0; s < n; s++ {
		want := int8(rules.CharacterDeal.Life(g.Char[s], Life)) + rules.LifeDelta[g.Char[s]]
		if g.Role[s] == Sheriff {
			want++
		}
		if g.MaxLife[s] != want || g.Life[s] != want {
			return nil, fmt.Errorf("seat %d (%s, %s): life %d max %d, want %d", s, g.Role[s], g.Char[s], g.Life[s], g.MaxLife[s], want)
		}
		if g.Hand[s].Len() != int(want) && g.DeckLen > 0 {
			return nil, fmt.Errorf("seat %d dealt %d cards, want %d", s, g.Hand[s].Len(), want)
		}
	}
	return ck, nil
}

// checkDeal checks the characters against the rules' deal.
func checkDeal(g *State, r *Rules) error {
	n := int(r.Players)
	chars := g.Char[:n]
	switch r.Deal {
	case DealRandom:
		var seen uint32
		for s, c := range chars {
			if c >= NumRealCharacters || seen>>uint(c)&1 == 1 {
				return fmt.Errorf("random deal gave seat %d %s (deal %v)", s, c, chars)
			}
			seen |= 1 << uint(c)
		}
	case DealPlain:
		for s, c := range chars {
			if c != Plain {
				return fmt.Errorf("plain deal gave seat %d %s", s, c)
			}
		}
	case DealPool:
		var left [NumCharacters]int
		for _, c := range r.Pool[:r.PoolLen] {
			left[c]++
		}
		for s, c := range chars {
			if left[c] == 0 {
				return fmt.Errorf("pool deal gave seat %d %s, not left in the list", s, c)
			}
			left[c]--
		}
	case DealSeats:
		for s, c := range chars {
			if c != r.Pool[s] {
				return fmt.Errorf("seat deal gave seat %d %s, want %s", s, c, r.Pool[s])
			}
		}
	}
	return nil
}

// zones checks that every card of the game is in exactly one zone: the deck, the
// discard pile, a hand, in front of a player or on the General Store's table.
func (ck *checker) zones(g *State) error {
	var seen Set
	count := 0
	put := func(c CardID, where string) error {
		if c >= NumCards {
			return fmt.Errorf("%s holds card %d", where, c)
		}
		if seen.Has(c) {
			return fmt.Errorf("card %s is in two zones (again in %s)", c, where)
		}
		if Set(ck.rules.Removed).Has(c) {
			return fmt.Errorf("removed card %s is in %s", c, where)
		}
		seen.Add(c)
		count++
		return nil
	}
	for i := 0; i < int(g.DeckLen); i++ {
		if err := put(g.deck[i], "the deck"); err != nil {
			return err
		}
	}
	var pile Set
	for i := 0; i < int(g.DiscardLen); i++ {
		if err := put(g.pile[i], "the discard pile"); err != nil {
			return err
		}
		pile.Add(g.pile[i])
	}
	if pile != g.Discarded {
		return fmt.Errorf("Discarded set differs from the pile")
	}
	top := NoCard
	if g.DiscardLen > 0 {
		top = g.pile[g.DiscardLen-1]
	}
	if g.DiscardTop != top {
		return fmt.Errorf("DiscardTop %s, pile top %s", g.DiscardTop, top)
	}
	for s := 0; s < MaxSeats; s++ {
		for _, z := range []struct {
			set  Set
			name string
		}{{g.Hand[s], "hand"}, {g.InPlay[s], "in play"}} {
			for _, c := range z.set.Cards(nil) {
				if err := put(c, fmt.Sprintf("seat %d's %s", s, z.name)); err != nil {
					return err
				}
			}
		}
	}
	for _, c := range g.Store.Cards(nil) {
		if err := put(c, "the General Store"); err != nil {
			return err
		}
	}
	if count != ck.cards {
		return fmt.Errorf("%d cards in the zones, want %d (80 − removed)", count, ck.cards)
	}
	return nil
}

// step checks the invariants that hold at every decision point and at the end.
func (ck *checker) step(g *State) error {
	n := ck.n
	all := uint8(1<<n - 1)
	switch {
	case g.Rules != ck.rules:
		return fmt.Errorf("rules changed during the game")
	case int(g.Players) != n:
		return fmt.Errorf("players changed to %d", g.Players)
	case g.Role != ck.role:
		return fmt.Errorf("roles changed")
	case dealtChars(g) != ck.char:
		return fmt.Errorf("characters changed")
	case g.MaxLife != ck.maxLife:
		return fmt.Errorf("maximum life changed")
	case g.Alive&^all != 0:
		return fmt.Errorf("alive mask %#b names empty seats", g.Alive)
	case g.Turns > ck.rules.MaxTurns || g.Turns < ck.turns:
		return fmt.Errorf("turns %d (before %d, cap %d)", g.Turns, ck.turns, ck.rules.MaxTurns)
	case g.Active < 0 || int(g.Active) >= n:
		return fmt.Errorf("active seat %d", g.Active)
	}
	ck.turns = g.Turns
	if err := ck.zones(g); err != nil {
		return err
	}
	d := g.Pending()
	// A passive seat (league: withdrawal) has no ability, an empty hand, and is never asked.
	for s := 0; s < n; s++ {
		if g.IsPassive(s) && (g.Char[s] != Plain || !g.Hand[s].Empty()) {
			return fmt.Errorf("passive seat %d is %s with %d cards in hand", s, g.Char[s], g.Hand[s].Len())
		}
	}
	if d.Kind != DecideNone && g.IsPassive(int(d.Seat)) {
		return fmt.Errorf("passive seat %d asked %s", d.Seat, d.Kind)
	}
	lethal := int8(-1) // the seat that may stand at 0 life or less: a lethal hit in progress
	if d.Kind == DecideLethal || (d.Kind == DecideSidCard && g.sidRet == phLethal) {
		lethal = d.Seat
	}
	if d.Kind != DecideStore && !g.Store.Empty() {
		return fmt.Errorf("General Store cards on the table outside a General Store")
	}
	var elim int
	for _, e := range g.Eliminations {
		elim += int(e)
	}
	if elim != bits.OnesCount8(all&^g.Alive) {
		return fmt.Errorf("eliminations %v, but %d seats are dead", g.Eliminations, bits.OnesCount8(all&^g.Alive))
	}
	for s := 0; s < MaxSeats; s++ {
		if s >= n {
			if !g.Hand[s].Empty() || !g.InPlay[s].Empty() || g.Life[s] != 0 {
				return fmt.Errorf("empty seat %d holds cards or life", s)
			}
			continue
		}
		if int(g.HandLen[s]) != g.Hand[s].Len() {
			return fmt.Errorf("seat %d HandLen %d, holds %d", s, g.HandLen[s], g.Hand[s].Len())
		}
		alive := g.IsAlive(s)
		life := g.Life[s]
		switch {
		case !alive && (life != 0 || !g.Hand[s].Empty() || !g.InPlay[s].Empty()):
			return fmt.Errorf("dead seat %d has life %d, %d cards in hand, %d in play", s, life, g.Hand[s].Len(), g.InPlay[s].Len())
		case alive && int8(s) != lethal && (life < 1 || life > g.MaxLife[s]):
			return fmt.Errorf("seat %d life %d outside 1..%d (pending %s)", s, life, g.MaxLife[s], d.Kind)
		case alive && int8(s) == lethal && (life > 0 || life < -3):
			return fmt.Errorf("seat %d at a lethal decision with life %d", s, life)
		}
		wantRev := RoleUnknown
		if !alive || g.Role[s] == Sheriff {
			wantRev = g.Role[s]
		}
		if g.Revealed[s] != wantRev {
			return fmt.Errorf("seat %d shows role %s, want %s", s, g.Revealed[s], wantRev)
		}
		// In play: one weapon at most, never two cards of one name, no Jail on the Sheriff.
		p := g.InPlay[s]
		if p.And(weapons).Len() > 1 {
			return fmt.Errorf("seat %d has %d weapons in play", s, p.And(weapons).Len())
		}
		for k := Barrel; k < NumKinds; k++ {
			if p.And(kindSet[k]).Len() > 1 {
				return fmt.Errorf("seat %d has two %s in play", s, k)
			}
		}
		if !p.Minus(blueSet).Empty() {
			return fmt.Errorf("seat %d has a brown card in play", s)
		}
		if g.Role[s] == Sheriff && p.hasKind(Jail) {
			return fmt.Errorf("the Sheriff is in Jail")
		}
	}
	if g.Over {
		if d.Kind != DecideNone {
			return fmt.Errorf("game over but %s pending", d.Kind)
		}
		return ck.end(g)
	}
	if g.Draw || g.Winners != 0 {
		return fmt.Errorf("game running with draw %v winners %#b", g.Draw, g.Winners)
	}
	if err := checkDecision(g); err != nil {
		return err
	}
	// Between cards the game must not go on past an end condition.
	if d.Kind == DecidePlay || d.Kind == DecideDraw || d.Kind == DecideKit || d.Kind == DecideDiscard {
		if g.Alive&ck.roleMask(Sheriff) == 0 {
			return fmt.Errorf("Sheriff dead and the game goes on")
		}
		if g.Alive&(ck.roleMask(Outlaw)|ck.roleMask(Renegade)) == 0 {
			return fmt.Errorf("no Outlaw or Renegade alive and the game goes on")
		}
		if !g.IsAlive(int(g.Active)) {
			return fmt.Errorf("the active seat %d is dead at %s", g.Active, d.Kind)
		}
	}
	return nil
}

func (ck *checker) roleMask(r Role) uint8 {
	var m uint8
	for s := 0; s < ck.n; s++ {
		if ck.role[s] == r {
			m |= 1 << uint(s)
		}
	}
	return m
}

// end checks a finished game's winners against the end conditions.
func (ck *checker) end(g *State) error {
	sheriff, deputies := ck.roleMask(Sheriff), ck.roleMask(Deputy)
	outlaws, renegade := ck.roleMask(Outlaw), ck.roleMask(Renegade)
	switch {
	case g.Draw:
		if g.Winners != 0 || g.Turns != ck.rules.MaxTurns {
			return fmt.Errorf("draw with winners %#b after %d turns (cap %d)", g.Winners, g.Turns, ck.rules.MaxTurns)
		}
	case g.Alive&sheriff == 0:
		want := outlaws
		if g.Alive == renegade {
			want = renegade
		}
		if g.Winners != want {
			return fmt.Errorf("Sheriff dead, alive %#b: winners %#b, want %#b", g.Alive, g.Winners, want)
		}
	case g.Alive&(outlaws|renegade) == 0:
		if g.Winners != sheriff|deputies {
			return fmt.Errorf("law wins: winners %#b, want %#b", g.Winners, sheriff|deputies)
		}
	default:
		return fmt.Errorf("game over with no end condition (alive %#b)", g.Alive)
	}
	return nil
}

// checkDecision checks that the pending decision's options are what its kind allows.
func checkDecision(g *State) error {
	d := g.Pending()
	s := d.Seat
	if s < 0 || int(s) >= int(g.Players) || !g.IsAlive(int(s)) {
		return fmt.Errorf("%s for seat %d (alive %#b)", d.Kind, s, g.Alive)
	}
	if d.N < 2 || d.Yard < 1 || d.Yard > d.N || int(d.N) > MaxOptions {
		return fmt.Errorf("%s with N %d, Yard %d", d.Kind, d.N, d.Yard)
	}
	if d.Kind != DecidePlay && d.Yard != d.N {
		return fmt.Errorf("%s with Yard %d != N %d", d.Kind, d.Yard, d.N)
	}
	hand := g.Hand[s]
	seen := map[Option]bool{}
	for i := 0; i < int(d.N); i++ {
		o := d.Options[i]
		if seen[o] {
			return fmt.Errorf("%s: option %+v listed twice", d.Kind, o)
		}
		seen[o] = true
		var err error
		switch d.Kind {
		case DecideDiscard, DecideSidCard, DecideKit:
			if o.Act != ActCard || !hand.Has(o.Card) {
				err = fmt.Errorf("not a card in hand")
			}
		case DecideStore:
			if o.Act != ActCard || !g.Store.Has(o.Card) {
				err = fmt.Errorf("not a card of the store")
			}
		case DecideLucky:
			if o.Act != ActCard || !g.Discarded.Has(o.Card) {
				err = fmt.Errorf("not a discarded draw! card")
			}
		case DecideMissed:
			if i == 0 && o.Act != ActTakeHit {
				err = fmt.Errorf("first option is not take-hit")
			} else if i > 0 && (!hand.Has(o.Card) || !(o.Card.Kind() == Missed || ckHas(g, s, PrimBangMissedSwap) && o.Card.Kind() == BANG)) {
				err = fmt.Errorf("not a Missed! in hand")
			}
		case DecideBang:
			if i == 0 && o.Act != ActTakeHit {
				err = fmt.Errorf("first option is not take-hit")
			} else if i > 0 && (!hand.Has(o.Card) || !(o.Card.Kind() == BANG || ckHas(g, s, PrimBangMissedSwap) && o.Card.Kind() == Missed)) {
				err = fmt.Errorf("not a BANG! in hand")
			}
		case DecideLethal:
			switch o.Act {
			case ActDie:
			case ActHeal:
				if p, ok := ckPower(g, s, PrimDiscardToHeal); !ok || hand.Len() < int(p.Args[0]) {
					err = fmt.Errorf("heal without discard_to_heal or with fewer cards than its price")
				}
			case ActCard:
				if !hand.Has(o.Card) || o.Card.Kind() != Beer || bits.OnesCount8(g.Alive) < 3 {
					err = fmt.Errorf("not a usable Beer")
				}
			default:
				err = fmt.Errorf("bad act")
			}
		case DecideDraw:
			switch o.Act {
			case ActDeck:
			case ActPlayer:
				if !ckHas(g, s, PrimDrawFromPlayer) || o.Target == s || !g.IsAlive(int(o.Target)) || g.Hand[o.Target].Empty() {
					err = fmt.Errorf("bad Jesse Jones source")
				}
			case ActPile:
				if !ckHas(g, s, PrimDrawFromDiscard) || o.Card != g.DiscardTop || o.Card == NoCard {
					err = fmt.Errorf("bad Pedro Ramirez source")
				}
			default:
				err = fmt.Errorf("bad act")
			}
		case DecidePlay:
			err = checkPlay(g, d, i)
			if err == nil && i == 0 {
				err = checkTargets(g, d)
			}
		default:
			err = fmt.Errorf("unknown decision")
		}
		if err != nil {
			return fmt.Errorf("%s seat %d option %d %+v: %w", d.Kind, s, i, o, err)
		}
	}
	return nil
}

// checkPlay checks phase-2 option i against the rules, independently of playOptions.
func checkPlay(g *State, d *Decision, i int) error {
	o := d.Options[i]
	a := g.Active
	inYard := i < int(d.Yard)
	if d.Seat != a {
		return fmt.Errorf("phase 2 for a seat not active")
	}
	switch o.Act {
	case ActEnd:
		if i != 0 {
			return fmt.Errorf("end not first")
		}
		return nil
	case ActHeal:
		if p, ok := ckPower(g, a, PrimDiscardToHeal); !ok || g.Life[a] >= g.MaxLife[a] || g.Hand[a].Len() < int(p.Args[0]) || !inYard {
			return fmt.Errorf("bad heal")
		}
		return nil
	case ActPlay:
	default:
		return fmt.Errorf("bad act")
	}
	c := o.Card
	if !g.Hand[a].Has(c) {
		return fmt.Errorf("card not in hand")
	}
	t := o.Target
	k := c.Kind()
	if t >= 0 && (int(t) >= int(g.Players) || !g.IsAlive(int(t))) {
		return fmt.Errorf("target dead or no seat")
	}
	alive := bits.OnesCount8(g.Alive)
	bangOK := ckBangOK(g, a)
	switch k {
	case Missed, BANG:
		if k == Missed && !ckHas(g, a, PrimBangMissedSwap) {
			return fmt.Errorf("Missed! in own turn")
		}
		if !bangOK || t == a || t < 0 || g.Distance(a, t) > g.Reach(a) || !inYard {
			return fmt.Errorf("BANG! not allowed")
		}
	case Beer:
		if heals := g.Life[a] < g.MaxLife[a] && alive >= 3; heals != inYard {
			return fmt.Errorf("Beer in yard %v, heals %v", inYard, heals)
		}
	case Panic, CatBalou:
		if t == a {
			if inYard {
				return fmt.Errorf("self-target in the yard")
			}
		} else if !inYard || k == Panic && g.Distance(a, t) > 1 {
			return fmt.Errorf("bad Panic!/Cat Balou target")
		}
		if o.Pick == PickHand {
			h := g.Hand[t]
			if t == a {
				h.Remove(c)
			}
			if h.Empty() {
				return fmt.Errorf("empty hand picked")
			}
		} else if !g.InPlay[t].Has(o.Pick) {
			return fmt.Errorf("pick not in play")
		}
	case Duel:
		if t == a || t < 0 || !inYard {
			return fmt.Errorf("bad Duel")
		}
	case Jail:
		if t == a || t < 0 || g.Role[t] == Sheriff || g.InPlay[t].hasKind(Jail) || !inYard {
			return fmt.Errorf("bad Jail")
		}
	default:
		if k.Blue() {
			if t != a || g.InPlay[a].hasKind(k) || !inYard {
				return fmt.Errorf("bad blue card")
			}
		} else if !inYard {
			return fmt.Errorf("brown card out of the yard")
		}
	}
	return nil
}

// ckPower returns seat s's power of primitive i, from its character's powers under the
// rules (not the engine's profile, which the checker checks).
func ckPower(g *State, s int8, i int) (bang.Power, bool) {
	ps := g.Rules.PowersFor(g.Char[s&7])
	for _, p := range ps {
		if int(p.Prim) == i+1 {
			return p, true
		}
	}
	return bang.Power{}, false
}

// ckHas reports whether seat s holds primitive i (ckPower).
func ckHas(g *State, s int8, i int) bool { _, ok := ckPower(g, s, i); return ok }

// ckBangOK reports whether active seat a may play a BANG! now: below its bang_limit
// (1 without; 0 any number) or with a Volcanic.
func ckBangOK(g *State, a int8) bool {
	limit := 1
	if p, ok := ckPower(g, a, PrimBangLimit); ok {
		limit = int(p.Args[0])
	}
	return limit == 0 || int(g.Bangs) < limit || g.InPlay[a].hasKind(Volcanic)
}

// checkTargets checks that every BANG! (Janet: Missed!) and Panic! in hand is offered
// at every target the distances allow, computed afresh.
func checkTargets(g *State, d *Decision) error {
	a := g.Active
	bangOK := ckBangOK(g, a)
	offered := map[CardID]uint8{}
	for i := 0; i < int(d.N); i++ {
		if o := d.Options[i]; o.Act == ActPlay && o.Target >= 0 {
			offered[o.Card] |= 1 << uint(o.Target)
		}
	}
	for _, c := range g.Hand[a].Cards(nil) {
		k := c.Kind()
		var want uint8
		for t := int8(0); t < int8(g.Players); t++ {
			if t == a || !g.IsAlive(int(t)) {
				continue
			}
			dist := g.Distance(a, t)
			switch {
			case (k == BANG || k == Missed && ckHas(g, a, PrimBangMissedSwap)) && bangOK && dist <= g.Reach(a):
				want |= 1 << uint(t)
			case k == Panic && dist <= 1 && (!g.Hand[t].Empty() || !g.InPlay[t].Empty()):
				want |= 1 << uint(t)
			}
		}
		if k == Panic {
			want |= offered[c] & (1 << uint(a)) // oneself, checked by checkPlay
		}
		if (k == BANG || k == Missed || k == Panic) && offered[c] != want {
			return fmt.Errorf("%s offered at seats %08b, want %08b", c, offered[c], want)
		}
	}
	return nil
}

// checkView checks that a View shows what its seat may know and nothing else (every
// role, for an omniscient seat).
func checkView(g *State, v *View, omniscient bool) error {
	s := v.Self
	if s != g.Pending().Seat || v.Hand != g.Hand[s] || v.Role != g.Role[s] {
		return fmt.Errorf("view of seat %d shows the wrong seat or hand", s)
	}
	for i := 0; i < int(g.Players); i++ {
		want := RoleUnknown
		if omniscient || i == int(s) || !g.IsAlive(i) || g.Role[i] == Sheriff {
			want = g.Role[i]
		}
		if v.Revealed[i] != want {
			return fmt.Errorf("view of seat %d shows seat %d's role as %s, want %s", s, i, v.Revealed[i], want)
		}
		if int(v.HandLen[i]) != g.Hand[i].Len() || v.InPlay[i] != g.InPlay[i] || v.Life[i] != g.Life[i] {
			return fmt.Errorf("view of seat %d wrong", i)
		}
	}
	d := g.Pending()
	if v.Decision.N != d.N || v.Decision.Yard != d.Yard || v.Decision.Kind != d.Kind || v.Decision.Seat != d.Seat {
		return fmt.Errorf("view decision header differs")
	}
	for i := 0; i < int(d.N); i++ {
		if v.Decision.Options[i] != d.Options[i] {
			return fmt.Errorf("view option %d differs", i)
		}
	}
	return nil
}

// TestRandomPlayouts plays random games at every table size with characters at random
// and plain, checking every invariant after every step, and a copy taken mid-game in one
// game of enginetest.DefaultCopyEvery continued to the same end. Every game is played
// again by Table.Play (the path every run takes: `random`'s fused loops, the seats'
// streams seeded per seat), which must end the very game the checked machine ended
// (hashGame: the board, the record, the counters, the outcome, the hands, the deck and
// the pile): agreement carries the machine's checks over to the Table.
func TestRandomPlayouts(t *testing.T) {
	games := playoutGames(10000, 1000)
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, deal := range []Deal{DealRandom, DealPlain} {
			t.Run(fmt.Sprintf("p%d/%s", n, deal), func(t *testing.T) {
				t.Parallel()
				r := DefaultRules(n)
				r.Deal = deal
				m := newDrivenAll(r, &Random{}, true)
				tb := randomTable(t, r)
				enginetest.Playouts(t, m, uint64(n)*10+uint64(deal), games/2, enginetest.Options{Strict: true, FastPath: func(gm enginetest.Game) string {
					return diffHashes(gameHash(tb.Play(gm.Seed)), gameHash(&m.g))
				}})
			})
		}
	}
}

// TestRulePlayouts plays random games under the rule options: removed cards, high noon,
// a short turn cap, character pools and fixed seats.
func TestRulePlayouts(t *testing.T) {
	games := playoutGames(2000, 200)
	configs := []struct {
		name string
		edit func(r *Rules)
	}{
		{"removed-brown", func(r *Rules) {
			// A designer's set: every Volcanic, Dynamite, Jail and the Gatling out.
			for _, k := range []Kind{Volcanic, Dynamite, Jail, Gatling} {
				r.Remove(KindSet(k).Cards(nil)...)
			}
		}},
		{"removed-most", func(r *Rules) {
			// Only 12 cards left: the piles run dry (C23) and games hit the cap.
			cs := allSet.Cards(nil)
			r.Remove(cs[12:]...)
			r.MaxTurns = 60
		}},
		{"high-noon-1", func(r *Rules) { r.HighNoon = 1 }},
		{"cap-10", func(r *Rules) { r.MaxTurns = 10 }},
		{"pool", func(r *Rules) {
			r.Deal = DealPool
			_ = r.SetPool([]Character{SuzyLafayette, ElGringo, SlabTheKiller, LuckyDuke, Jourdonnais, SidKetchum, VultureSam, CalamityJanet})
		}},
		{"seats-abilities", func(r *Rules) {
			r.Deal = DealSeats
			cs := []Character{VultureSam, SuzyLafayette, ElGringo, SidKetchum, LuckyDuke, KitCarlson, PedroRamirez}
			_ = r.SetPool(cs[:r.Players])
		}},
	}
	for _, cfg := range configs {
		for n := MinPlayers; n <= MaxPlayers; n++ {
			t.Run(fmt.Sprintf("%s/p%d", cfg.name, n), func(t *testing.T) {
				t.Parallel()
				r := DefaultRules(n)
				cfg.edit(&r)
				if err := r.Validate(); err != nil {
					t.Fatal(err)
				}
				enginetest.Playouts(t, newDrivenAll(r, &Random{}, true), uint64(n)*100+7, games/4, enginetest.Options{Strict: true})
			})
		}
	}
}

// describe renders a game for failure messages.
func describe(g *State) string {
	n := int(g.Players)
	s := fmt.Sprintf("turn %d active %d alive %0*b life %v over %v draw %v winners %#b deck %d pile %d (top %s) pending %s seat %d N %d phase %d\n",
		g.Turns, g.Active, n, g.Alive, g.Life[:n], g.Over, g.Draw, g.Winners, g.DeckLen, g.DiscardLen, g.DiscardTop,
		g.Pending().Kind, g.Pending().Seat, g.Pending().N, g.phase)
	for i := 0; i < n; i++ {
		s += fmt.Sprintf("  seat %d %s %s life %d/%d hand %v in play %v\n", i, g.Role[i], g.Char[i], g.Life[i], g.MaxLife[i],
			g.Hand[i].Cards(nil), g.InPlay[i].Cards(nil))
	}
	return s
}
