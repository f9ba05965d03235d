package card

import (
	"fmt"
	"testing"
)

// Scenario tests arrange a table (roles, characters, life, hands, cards in play, the
// deck's order, the discard pile), then drive Apply with scripted choices through the
// exported API, checking the table after each step. Unless a test says otherwise every
// character is Plain (4 life, the Sheriff 5) and seat 0, the Sheriff, takes the first
// turn.

// scFive is the 5-player seating most scenarios use.
var scFive = []Role{Sheriff, Outlaw, Outlaw, Renegade, Deputy}

// scenario is one arranged game under test.
type scenario struct {
	t     *testing.T
	g     *State
	ck    *checker
	hands [MaxSeats][]CardID
	play  [MaxSeats][]CardID
	top   []CardID // the deck from the top
	pile  []CardID // the discard pile from the bottom
	only  bool     // cards not placed are removed from the game
}

// newScenario deals an n-player game under the default rules without playing it.
func newScenario(t *testing.T, n int, chars map[int]Character, roles ...Role) *scenario {
	t.Helper()
	return newScenarioRules(t, DefaultRules(n), chars, roles...)
}

// newScenarioRules is newScenario under the given rules.
func newScenarioRules(t *testing.T, r Rules, chars map[int]Character, roles ...Role) *scenario {
	t.Helper()
	if err := r.Validate(); err != nil {
		t.Fatalf("rules: %v", err)
	}
	n := int(r.Players)
	if len(roles) != n {
		t.Fatalf("scenario: %d roles for %d players", len(roles), n)
	}
	g := new(State)
	g.Setup(&r, 1, 2)
	for s := 0; s < n; s++ {
		g.Role[s] = roles[s]
		g.Char[s] = Plain
		if c, ok := chars[s]; ok {
			g.Char[s] = c
		}
	}
	g.Refresh()
	return &scenario{t: t, g: g}
}

// nth returns the i-th card (in deck order) of kind k.
func nth(k Kind, i int) CardID {
	c := kindSet[k].Nth(i)
	if c == NoCard {
		panic(fmt.Sprintf("no %s number %d", k, i))
	}
	return c
}

// cardOf returns the card of kind k with the given rank and suit.
func cardOf(k Kind, rank uint8, suit Suit) CardID {
	for _, c := range kindSet[k].Cards(nil) {
		if c.Rank() == rank && c.Suit() == suit {
			return c
		}
	}
	panic(fmt.Sprintf("no %s %d of %s", k, rank, suit))
}

// Cards for "draw!" results: a heart that is no Dynamite explosion, a spade that
// explodes, and a club that is neither.
var (
	heartCard = cardOf(BANG, 12, Hearts)   // BANG! Q♥
	boomCard  = cardOf(Missed, 5, Spades)  // Missed! 5♠
	clubCard  = cardOf(BANG, 2, Clubs)     // BANG! 2♣
	clubCard2 = cardOf(BANG, 3, Clubs)     // BANG! 3♣
	clubCard3 = cardOf(BANG, 4, Clubs)     // BANG! 4♣
	diamond   = cardOf(BANG, 2, Diamonds)  // BANG! 2♦
	spadeHigh = cardOf(Barrel, 12, Spades) // Barrel Q♠: a spade that does not explode
	// Fillers: Missed! of clubs, which no Plain player can play in his own turn.
	fill1, fill2, fill3, fill4, fill5 = nth(Missed, 7), nth(Missed, 8), nth(Missed, 9), nth(Missed, 10), nth(Missed, 11)
	// keep is a Beer: at full life an extra option, so the active player's phase 2
	// stays open (a decision with one option is not asked).
	keep  = nth(Beer, 5)
	beer  = nth(Beer, 0)
	miss  = nth(Missed, 0) // Missed! 2♠ for answers
	miss2 = nth(Missed, 1)
)

// hand gives seat these cards (replacing any).
func (s *scenario) hand(seat int, cs ...CardID) { s.hands[seat] = cs }

// inPlay puts these cards in front of seat.
func (s *scenario) inPlay(seat int, cs ...CardID) { s.play[seat] = cs }

// deck stacks the deck, top card first; the cards placed nowhere go under them unless
// onlyThese is called.
func (s *scenario) deck(cs ...CardID) { s.top = cs }

// discards lays the discard pile, bottom card first.
func (s *scenario) discards(cs ...CardID) { s.pile = cs }

// onlyThese removes every card not placed from the game (Rules.Removed), so the deck
// holds exactly the stacked cards: reshuffles and empty piles are exact.
func (s *scenario) onlyThese() { s.only = true }

// life sets seat's life.
func (s *scenario) life(seat, l int) { s.g.Life[seat] = int8(l) }

// active makes seat the first player to take a turn.
func (s *scenario) active(seat int) { s.g.Active = int8(seat) }

// dead arranges the listed seats as already eliminated (counted as CauseOther, so the
// eliminations still add up).
func (s *scenario) dead(seats ...int) {
	for _, seat := range seats {
		s.g.Eliminations[CauseOther]++
		s.g.Alive &^= 1 << uint(seat)
		s.g.rekey() // as eliminate does
		s.g.Life[seat] = 0
		s.g.Revealed[seat] = s.g.Role[seat]
	}
}

// rules edits the rules before the start.
func (s *scenario) rules(edit func(r *Rules)) { edit(&s.g.Rules) }

// arrange lays the cards as the test placed them.
func (s *scenario) arrange() {
	s.t.Helper()
	g := s.g
	var used Set
	mark := func(c CardID) {
		if used.Has(c) {
			s.t.Fatalf("scenario: card %s placed twice", c)
		}
		used.Add(c)
	}
	g.Hand = [MaxSeats]Set{}
	g.InPlay = [MaxSeats]Set{}
	for seat := 0; seat < MaxSeats; seat++ {
		for _, c := range s.hands[seat] {
			mark(c)
			g.Hand[seat].Add(c)
		}
		for _, c := range s.play[seat] {
			if !blueSet.Has(c) { // phase 2's count relies on it (options.go)
				s.t.Fatalf("seat %d: %v laid in play is not a blue card", seat, c)
			}
			mark(c)
			g.InPlay[seat].Add(c)
		}
	}
	g.DiscardLen, g.DiscardTop, g.Discarded = 0, NoCard, Set{}
	for _, c := range s.pile {
		mark(c)
		g.discard(c)
	}
	for _, c := range s.top {
		mark(c)
	}
	rest := allSet.Minus(used)
	if s.only {
		g.Rules.Removed = [2]uint64(rest)
		rest = Set{}
	}
	g.DeckLen = 0
	for _, c := range rest.Cards(nil) { // the unplaced cards under the stacked ones
		g.pushDeck(c)
	}
	for i := len(s.top) - 1; i >= 0; i-- {
		g.pushDeck(s.top[i])
	}
	g.recount()
}

// start lays the cards and plays to the first decision.
func (s *scenario) start() {
	s.t.Helper()
	s.arrange()
	ck := &checker{rules: s.g.Rules, n: int(s.g.Players), role: s.g.Role, char: s.g.Char, maxLife: s.g.MaxLife,
		cards: NumCards - Set(s.g.Rules.Removed).Len()}
	s.ck = ck
	s.g.Start()
	s.check("Start")
}

// check runs the zone and life invariants.
func (s *scenario) check(after string) {
	s.t.Helper()
	if err := s.ck.step(s.g); err != nil {
		s.t.Fatalf("after %s: %v\n%s", after, err, describe(s.g))
	}
}

// expect requires the pending decision to be kind for seat.
func (s *scenario) expect(kind DecisionKind, seat int) {
	s.t.Helper()
	d := s.g.Pending()
	if d.Kind != kind || int(d.Seat) != seat {
		s.t.Fatalf("pending %s for seat %d, want %s for seat %d\noptions %s\n%s", d.Kind, d.Seat, kind, seat, s.options(), describe(s.g))
	}
}

// options renders the pending options.
func (s *scenario) options() string {
	d := s.g.Pending()
	out := ""
	for i := 0; i < int(d.N); i++ {
		o := d.Options[i]
		out += fmt.Sprintf("[%d %s %s t%d %s] ", i, o.Act, o.Card, o.Target, o.Pick)
	}
	return out
}

// apply chooses option i.
func (s *scenario) apply(i int, what string) {
	s.t.Helper()
	if i < 0 {
		s.t.Fatalf("no option %s for %s seat %d; options %s\n%s", what, s.g.Pending().Kind, s.g.Pending().Seat, s.options(), describe(s.g))
	}
	s.g.Apply(i)
	s.check(what)
}

// playCard plays card c at target t (-1 none) in phase 2; pick for Panic!/Cat Balou.
func (s *scenario) playCard(c CardID, t int, pick CardID) {
	s.t.Helper()
	s.expect(DecidePlay, int(s.g.Active))
	s.apply(s.g.Pending().FindPlay(c, int8(t), pick), "play "+c.String())
}

// playAt plays c at t (no pick).
func (s *scenario) playAt(c CardID, t int) { s.t.Helper(); s.playCard(c, t, NoCard) }

// playSelf plays a card with no target (-1), or a blue card in front of oneself.
func (s *scenario) playSelf(c CardID) {
	s.t.Helper()
	t := -1
	if c.Kind().Blue() {
		t = int(s.g.Active)
	}
	s.playCard(c, t, NoCard)
}

// endTurn ends phase 2.
func (s *scenario) endTurn() {
	s.t.Helper()
	s.expect(DecidePlay, int(s.g.Active))
	s.apply(s.g.Pending().Find(ActEnd, NoCard), "end")
}

// use takes the option that uses card c (answer, Beer, discard, pick).
func (s *scenario) use(c CardID) {
	s.t.Helper()
	s.apply(s.g.Pending().Find(ActCard, c), "use "+c.String())
}

// act takes the first option with act a (take-hit, die, heal, deck).
func (s *scenario) act(a Act) {
	s.t.Helper()
	s.apply(s.g.Pending().Find(a, NoCard), a.String())
}

// hasOption reports whether the pending decision offers an option with act a and card c.
func (s *scenario) hasOption(a Act, c CardID) bool { return s.g.Pending().Find(a, c) >= 0 }

// wantLife checks every seat's life.
func (s *scenario) wantLife(l ...int) {
	s.t.Helper()
	for seat, v := range l {
		if int(s.g.Life[seat]) != v {
			s.t.Fatalf("life %v, want %v\n%s", s.g.Life[:s.g.Players], l, describe(s.g))
		}
	}
}

// wantHand checks seat's hand exactly.
func (s *scenario) wantHand(seat int, cs ...CardID) {
	s.t.Helper()
	var want Set
	for _, c := range cs {
		want.Add(c)
	}
	if s.g.Hand[seat] != want {
		s.t.Fatalf("seat %d hand %v, want %v\n%s", seat, s.g.Hand[seat].Cards(nil), want.Cards(nil), describe(s.g))
	}
}

// wantHandLen checks seat's hand size.
func (s *scenario) wantHandLen(seat, n int) {
	s.t.Helper()
	if s.g.Hand[seat].Len() != n {
		s.t.Fatalf("seat %d holds %d cards, want %d\n%s", seat, s.g.Hand[seat].Len(), n, describe(s.g))
	}
}

// wantInPlay checks the cards in front of seat exactly.
func (s *scenario) wantInPlay(seat int, cs ...CardID) {
	s.t.Helper()
	var want Set
	for _, c := range cs {
		want.Add(c)
	}
	if s.g.InPlay[seat] != want {
		s.t.Fatalf("seat %d in play %v, want %v\n%s", seat, s.g.InPlay[seat].Cards(nil), want.Cards(nil), describe(s.g))
	}
}

// wantTop checks the top of the discard pile.
func (s *scenario) wantTop(c CardID) {
	s.t.Helper()
	if s.g.DiscardTop != c {
		s.t.Fatalf("discard top %s, want %s\n%s", s.g.DiscardTop, c, describe(s.g))
	}
}

// wantDiscarded checks that c is on the discard pile.
func (s *scenario) wantDiscarded(cs ...CardID) {
	s.t.Helper()
	for _, c := range cs {
		if !s.g.Discarded.Has(c) {
			s.t.Fatalf("%s not on the discard pile\n%s", c, describe(s.g))
		}
	}
}

// wantAlive checks exactly which seats are alive.
func (s *scenario) wantAlive(seats ...int) {
	s.t.Helper()
	var m uint8
	for _, x := range seats {
		m |= 1 << uint(x)
	}
	if s.g.Alive != m {
		s.t.Fatalf("alive %0*b, want %0*b\n%s", s.g.Players, s.g.Alive, s.g.Players, m, describe(s.g))
	}
}

// wantDeath checks how seat died.
func (s *scenario) wantDeath(seat int, cause Cause, by int) {
	s.t.Helper()
	if s.g.IsAlive(seat) || s.g.DeathCause[seat] != cause || int(s.g.KilledBy[seat]) != by {
		s.t.Fatalf("seat %d alive %v cause %s by %d, want dead of %s by %d", seat, s.g.IsAlive(seat), s.g.DeathCause[seat], s.g.KilledBy[seat], cause, by)
	}
}

// wantWinners checks the finished game's winners.
func (s *scenario) wantWinners(seats ...int) {
	s.t.Helper()
	var m uint8
	for _, x := range seats {
		m |= 1 << uint(x)
	}
	if !s.g.Over || s.g.Winners != m {
		s.t.Fatalf("over %v winners %0*b, want %0*b\n%s", s.g.Over, s.g.Players, s.g.Winners, s.g.Players, m, describe(s.g))
	}
}

// wantRunning checks the game goes on.
func (s *scenario) wantRunning() {
	s.t.Helper()
	if s.g.Over {
		s.t.Fatalf("game over (winners %#b), want it running\n%s", s.g.Winners, describe(s.g))
	}
}

// wantActive checks whose turn it is.
func (s *scenario) wantActive(seat int) {
	s.t.Helper()
	if int(s.g.Active) != seat {
		s.t.Fatalf("active seat %d, want %d\n%s", s.g.Active, seat, describe(s.g))
	}
}

// wantTurns checks the turn count.
func (s *scenario) wantTurns(n int) {
	s.t.Helper()
	if int(s.g.Turns) != n {
		s.t.Fatalf("turns %d, want %d", s.g.Turns, n)
	}
}

// wantOptions checks the pending decision's options: N and Yard.
func (s *scenario) wantOptions(n, yard int) {
	s.t.Helper()
	d := s.g.Pending()
	if int(d.N) != n || int(d.Yard) != yard {
		s.t.Fatalf("%s has %d options (yard %d), want %d (yard %d): %s", d.Kind, d.N, d.Yard, n, yard, s.options())
	}
}

// wantNeed checks the pending decision's Need.
func (s *scenario) wantNeed(n int) {
	s.t.Helper()
	if d := s.g.Pending(); int(d.Need) != n {
		s.t.Fatalf("%s needs %d, want %d", d.Kind, d.Need, n)
	}
}

// role changes seat's role before the start.
func (s *scenario) role(seat int, r Role) {
	s.g.Role[seat] = r
	s.g.Refresh()
}
