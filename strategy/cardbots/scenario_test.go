package cardbots_test

import (
	"testing"

	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy/cardbots"
)

// Scenario tests arrange a table through the engine's exported State (roles, characters,
// life, hands, cards in play, the record), with every card removed from the deck so that
// phase 1 draws nothing (C23) and the hands are exactly those arranged; then they start
// the turn of the chosen seat and ask the heuristic. Unless a test says otherwise, five
// Plain players sit S O O R D (seats 0..4); from seat 0, seats 1 and 4 are at distance 1
// and seats 2 and 3 at distance 2.

// seat arranges one seat; a zero life keeps the character's.
type seat struct {
	role   card.Role
	char   card.Character
	life   int8
	hand   []card.CardID
	inPlay []card.CardID
	dead   bool // out of the game, its role shown
}

// deckCards hands out distinct cards by kind, and by suit and rank when a test needs them.
type deckCards struct{ used card.Set }

// of returns an unused card of kind k.
func (d *deckCards) of(k card.Kind) card.CardID {
	for _, c := range card.KindSet(k).Cards(nil) {
		if !d.used.Has(c) {
			d.used.Add(c)
			return c
		}
	}
	panic("no card of kind " + k.String() + " left")
}

// where returns an unused card that ok accepts.
func (d *deckCards) where(ok func(c card.CardID) bool) card.CardID {
	for c := card.CardID(0); c < card.NumCards; c++ {
		if !d.used.Has(c) && ok(c) {
			d.used.Add(c)
			return c
		}
	}
	panic("no such card")
}

// arrange sets up the table with active to play first and runs it to the first decision.
func arrange(t *testing.T, active int, seats []seat) *card.State {
	t.Helper()
	n := len(seats)
	r := card.DefaultRules(n)
	for c := card.CardID(0); c < card.NumCards; c++ {
		r.Remove(c)
	}
	g := new(card.State)
	g.Setup(&r, 1, 2)
	for s, st := range seats {
		g.Role[s] = st.role
		g.Char[s] = st.char
	}
	g.Refresh()
	for s, st := range seats {
		if st.life != 0 {
			g.Life[s] = st.life
		}
		g.Hand[s] = card.Set{}
		for _, c := range st.hand {
			g.Hand[s].Add(c)
		}
		g.HandLen[s] = uint8(g.Hand[s].Len())
		for _, c := range st.inPlay {
			g.InPlay[s].Add(c)
		}
		if st.dead {
			g.Alive &^= 1 << uint(s)
			g.Life[s] = 0
			g.Revealed[s] = st.role
		}
	}
	g.Active = int8(active)
	g.Start()
	return g
}

// equip plays the active seat's blue card c in front of it (as the heuristic would
// first): the engine derives reach and distances from cards that enter play this way,
// not from cards laid in play by arrange, which only the View shows.
func equip(t *testing.T, g *card.State, c card.CardID) {
	t.Helper()
	i := g.Pending().FindPlay(c, g.Pending().Seat, card.NoCard)
	if i < 0 {
		t.Fatalf("cannot play %v", c)
	}
	g.Apply(i)
}

// five returns the default seating S O O R D, all Plain with empty hands.
func five() []seat {
	return []seat{
		{role: card.Sheriff, char: card.Plain},
		{role: card.Outlaw, char: card.Plain},
		{role: card.Outlaw, char: card.Plain},
		{role: card.Renegade, char: card.Plain},
		{role: card.Deputy, char: card.Plain},
	}
}

// choose asks spec for the pending decision of g and returns the option chosen.
func choose(t *testing.T, spec string, g *card.State) card.Option {
	t.Helper()
	p, needs := newPolicy(t, spec)
	var v card.View
	g.FillViewFor(&v, needs&card.NeedsAllRoles != 0)
	c := p.Choose(&v)
	d := g.Pending()
	if !d.Legal(c) {
		t.Fatalf("illegal choice %d of %d (%s)", c, d.N, d.Kind)
	}
	return d.Options[c]
}

// expect checks that the heuristic plays card c at target tg (pick p).
func expect(t *testing.T, got card.Option, act card.Act, c card.CardID, tg int8, pick card.CardID) {
	t.Helper()
	if got.Act != act || got.Card != c || got.Target != tg || got.Pick != pick {
		t.Errorf("chose %s %v at %d pick %v; want %s %v at %d pick %v", got.Act, got.Card, got.Target, got.Pick, act, c, tg, pick)
	}
}

func TestScenarioDrawsFirst(t *testing.T) {
	var d deckCards
	st := five()
	wf, bang, barrel := d.of(card.WellsFargo), d.of(card.BANG), d.of(card.Barrel)
	st[0].hand = []card.CardID{bang, barrel, wf}
	g := arrange(t, 0, st)
	g.Aimed[1][0] = 2 // seat 1 has shot at the Sheriff
	expect(t, choose(t, "heuristic", g), card.ActPlay, wf, -1, card.NoCard)
}

func TestScenarioEquipsBeforeShooting(t *testing.T) {
	var d deckCards
	st := five()
	bang, barrel, mustang := d.of(card.BANG), d.of(card.Barrel), d.of(card.Mustang)
	st[0].hand = []card.CardID{bang, mustang, barrel}
	g := arrange(t, 0, st)
	expect(t, choose(t, "heuristic", g), card.ActPlay, barrel, 0, card.NoCard)
	g.Apply(g.Pending().FindPlay(barrel, 0, card.NoCard))
	expect(t, choose(t, "heuristic", g), card.ActPlay, mustang, 0, card.NoCard)
}

func TestScenarioWeapons(t *testing.T) {
	var d deckCards
	st := five()
	sch, rem := d.of(card.Schofield), d.of(card.Remington)
	st[0].hand = []card.CardID{sch}
	st[0].inPlay = []card.CardID{rem}
	g := arrange(t, 0, st)
	if got := choose(t, "heuristic", g); got.Act != card.ActEnd {
		t.Errorf("with a Remington in play it plays %v, want the end of the phase", got.Card)
	}

	// Two BANG!s and a suspect at distance 1: the Volcanic replaces the Schofield.
	d = deckCards{}
	st = five()
	vol, sch, b1, b2 := d.of(card.Volcanic), d.of(card.Schofield), d.of(card.BANG), d.of(card.BANG)
	st[0].hand = []card.CardID{b1, b2, vol}
	st[0].inPlay = []card.CardID{sch}
	g = arrange(t, 0, st)
	g.Aimed[1][0] = 1
	expect(t, choose(t, "heuristic", g), card.ActPlay, vol, 0, card.NoCard)

	// One BANG!: the Volcanic is no better than the Schofield.
	d = deckCards{}
	st = five()
	vol, sch, b1 = d.of(card.Volcanic), d.of(card.Schofield), d.of(card.BANG)
	st[0].hand = []card.CardID{b1, vol}
	st[0].inPlay = []card.CardID{sch}
	g = arrange(t, 0, st)
	g.Aimed[1][0] = 1
	expect(t, choose(t, "heuristic", g), card.ActPlay, b1, 1, card.NoCard)
}

func TestScenarioOutlawShootsSheriff(t *testing.T) {
	var d deckCards
	st := five()
	bang := d.of(card.BANG)
	st[1].hand = []card.CardID{bang}
	st[2].life = 1 // a weaker target in reach, an unknown
	g := arrange(t, 1, st)
	expect(t, choose(t, "heuristic", g), card.ActPlay, bang, 0, card.NoCard)
}

func TestScenarioLawShootsSuspect(t *testing.T) {
	var d deckCards
	st := five()
	bang, win := d.of(card.BANG), d.of(card.Winchester)
	st[4].hand = []card.CardID{bang, win}
	g := arrange(t, 4, st)
	equip(t, g, win)
	g.Aimed[2][0], g.Hits[2][0] = 1, 1 // seat 2 shot the Sheriff
	g.Aimed[3][2] = 1                  // seat 3 shot seat 2: looks lawful
	expect(t, choose(t, "heuristic", g), card.ActPlay, bang, 2, card.NoCard)

	// Without evidence, no Deputy hidden (5 players: it is the only one): it shoots anyone
	// but the Sheriff, the weakest first.
	d = deckCards{}
	st = five()
	bang, win = d.of(card.BANG), d.of(card.Winchester)
	st[4].hand = []card.CardID{bang, win}
	st[3].life = 2
	g = arrange(t, 4, st)
	equip(t, g, win)
	expect(t, choose(t, "heuristic", g), card.ActPlay, bang, 3, card.NoCard)
}

func TestScenarioRenegadeSparesSheriff(t *testing.T) {
	var d deckCards
	st := five()
	bang, win := d.of(card.BANG), d.of(card.Winchester)
	st[3].hand = []card.CardID{bang, win}
	st[0].life = 1
	g := arrange(t, 3, st)
	equip(t, g, win)
	g.Aimed[1][0] = 1
	expect(t, choose(t, "heuristic", g), card.ActPlay, bang, 1, card.NoCard)

	// Alone with the Sheriff, it shoots him.
	st = five()
	st[3].hand = []card.CardID{bang}
	st[1].dead, st[2].dead, st[4].dead = true, true, true
	g = arrange(t, 3, st)
	expect(t, choose(t, "heuristic", g), card.ActPlay, bang, 0, card.NoCard)
}

func TestScenarioBeer(t *testing.T) {
	var d deckCards
	st := five()
	beer := d.of(card.Beer)
	st[0].hand = []card.CardID{beer}
	g := arrange(t, 0, st)
	if o := choose(t, "heuristic", g); o.Act != card.ActEnd {
		t.Errorf("at full life it plays %v", o.Card)
	}
	st[0].life = 2
	g = arrange(t, 0, st)
	expect(t, choose(t, "heuristic", g), card.ActPlay, beer, -1, card.NoCard)
	st[0].life = 3 // above beer_below, hand within the limit: keeps it for a lethal hit
	g = arrange(t, 0, st)
	if o := choose(t, "heuristic", g); o.Act != card.ActEnd {
		t.Errorf("at 3 life with one card it plays %v", o.Card)
	}
	if o := choose(t, "heuristic(beer_below=3)", g); o.Card != beer {
		t.Errorf("beer_below=3 at 3 life: chose %s %v", o.Act, o.Card)
	}
	// Over the hand limit: it drinks rather than discard.
	st[0].life = 3
	st[0].hand = []card.CardID{beer, d.of(card.Missed), d.of(card.Missed), d.of(card.Missed)}
	g = arrange(t, 0, st)
	expect(t, choose(t, "heuristic", g), card.ActPlay, beer, -1, card.NoCard)
}

func TestScenarioAnswers(t *testing.T) {
	var d deckCards
	st := five()
	bang, missed, beer := d.of(card.BANG), d.of(card.Missed), d.of(card.Beer)
	st[0].hand = []card.CardID{bang}
	st[1].hand = []card.CardID{missed, beer}
	g := arrange(t, 0, st)
	g.Apply(g.Pending().FindPlay(bang, 1, card.NoCard))
	if d := g.Pending(); d.Kind != card.DecideMissed || d.Seat != 1 {
		t.Fatalf("pending %s for seat %d", d.Kind, d.Seat)
	}
	expect(t, choose(t, "heuristic", g), card.ActCard, missed, -1, card.NoCard)

	// Slab the Killer's BANG! needs two Missed!: one is kept.
	d = deckCards{}
	st = five()
	st[0].char = card.SlabTheKiller
	bang, missed = d.of(card.BANG), d.of(card.Missed)
	st[0].hand = []card.CardID{bang}
	st[1].hand = []card.CardID{missed, d.of(card.Beer)}
	g = arrange(t, 0, st)
	g.Apply(g.Pending().FindPlay(bang, 1, card.NoCard))
	if o := choose(t, "heuristic", g); o.Act != card.ActTakeHit {
		t.Errorf("against Slab with one Missed! it chose %s %v", o.Act, o.Card)
	}

	// A lethal hit: the Beer.
	d = deckCards{}
	st = five()
	bang, beer = d.of(card.BANG), d.of(card.Beer)
	st[0].hand = []card.CardID{bang}
	st[1].hand = []card.CardID{beer}
	st[1].life = 1
	g = arrange(t, 0, st)
	g.Apply(g.Pending().FindPlay(bang, 1, card.NoCard)) // no Missed!: the hit is taken at once
	if d := g.Pending(); d.Kind != card.DecideLethal {
		t.Fatalf("pending %s", d.Kind)
	}
	expect(t, choose(t, "heuristic", g), card.ActCard, beer, -1, card.NoCard)
}

func TestScenarioIndiansAndDuel(t *testing.T) {
	var d deckCards
	st := five()
	ind := d.of(card.Indians)
	st[0].hand = []card.CardID{ind}
	st[1].hand = []card.CardID{d.of(card.BANG)} // 4 life, one BANG!: keeps it
	st[2].hand = []card.CardID{d.of(card.BANG)}
	st[2].life = 2 // low: discards it
	g := arrange(t, 0, st)
	g.Aimed[1][0], g.Aimed[2][0] = 1, 1
	expect(t, choose(t, "heuristic", g), card.ActPlay, ind, -1, card.NoCard)
	g.Apply(g.Pending().FindPlay(ind, -1, card.NoCard))
	if o := choose(t, "heuristic", g); g.Pending().Seat != 1 || o.Act != card.ActTakeHit {
		t.Errorf("seat %d at 4 life with one BANG! chose %s", g.Pending().Seat, o.Act)
	}
	g.Apply(g.Pending().Find(card.ActTakeHit, card.NoCard))
	if o := choose(t, "heuristic", g); g.Pending().Seat != 2 || o.Act != card.ActCard {
		t.Errorf("seat %d at 2 life chose %s", g.Pending().Seat, o.Act)
	}

	// A Duel only with more BANG!s than the target likely holds.
	d = deckCards{}
	st = five()
	duel := d.of(card.Duel)
	st[0].hand = []card.CardID{duel, d.of(card.Missed)}
	st[2].hand = []card.CardID{d.of(card.Missed), d.of(card.Missed), d.of(card.Missed)}
	g = arrange(t, 0, st)
	g.Aimed[2][0] = 1
	if o := choose(t, "heuristic", g); o.Card == duel {
		t.Errorf("with no BANG! it duels seat %d holding 3 cards", o.Target)
	}
	st[0].hand = []card.CardID{duel, d.of(card.BANG), d.of(card.BANG)}
	g = arrange(t, 0, st)
	g.Aimed[2][0] = 1
	expect(t, choose(t, "heuristic", g), card.ActPlay, duel, 2, card.NoCard)
}

func TestScenarioPanicAndCatBalou(t *testing.T) {
	// Panic! frees a friend (the Sheriff, for a Deputy at distance 1) from Jail rather
	// than take a card from an enemy.
	var d deckCards
	st := five()
	pan, jail := d.of(card.Panic), d.of(card.Jail)
	st[4].hand = []card.CardID{pan}
	st[0].hand = []card.CardID{d.of(card.Missed)}
	st[3].hand = []card.CardID{d.of(card.Missed)}
	st[3].inPlay = []card.CardID{d.of(card.Barrel)}
	st[0].inPlay = []card.CardID{d.of(card.Mustang)}
	st[1].inPlay = []card.CardID{jail} // seat 1 jailed; it is a suspect: leave it there
	g := arrange(t, 4, st)
	g.Aimed[1][0], g.Aimed[3][1] = 2, 1
	o := choose(t, "heuristic", g)
	if o.Card != pan || o.Target != 3 || o.Pick.Kind() != card.Barrel {
		t.Errorf("Panic!: chose %s %v at %d pick %v; want the Barrel of seat 3", o.Act, o.Card, o.Target, o.Pick)
	}

	// Cat Balou: a suspect's best blue card.
	d = deckCards{}
	st = five()
	cat := d.of(card.CatBalou)
	st[0].hand = []card.CardID{cat}
	sco, bar := d.of(card.Scope), d.of(card.Barrel)
	st[2].inPlay = []card.CardID{sco, bar}
	st[2].hand = []card.CardID{d.of(card.BANG)}
	st[3].inPlay = []card.CardID{d.of(card.Mustang)}
	g = arrange(t, 0, st)
	g.Aimed[2][0] = 1
	g.Aimed[3][2] = 1
	expect(t, choose(t, "heuristic", g), card.ActPlay, cat, 2, bar)

	// Cat Balou frees the Deputy... seen by the Sheriff: a lawful-looking seat's Jail.
	d = deckCards{}
	st = five()
	cat = d.of(card.CatBalou)
	st[0].hand = []card.CardID{cat}
	jail = d.of(card.Jail)
	st[4].inPlay = []card.CardID{jail}
	g = arrange(t, 0, st)
	g.Aimed[1][0] = 1
	g.Aimed[4][1] = 2 // seat 4 shot the suspect twice: lawful
	expect(t, choose(t, "heuristic", g), card.ActPlay, cat, 4, jail)
}

func TestScenarioJail(t *testing.T) {
	var d deckCards
	st := five()
	jail := d.of(card.Jail)
	st[2].hand = []card.CardID{jail} // an Outlaw: the Sheriff cannot be jailed
	g := arrange(t, 2, st)
	g.Aimed[4][1] = 1 // seat 4 shot seat 1: lawful-looking to an Outlaw
	g.Aimed[1][0] = 1 // seat 1 shot the Sheriff: a fellow Outlaw
	expect(t, choose(t, "heuristic", g), card.ActPlay, jail, 4, card.NoCard)
}

func TestScenarioGatling(t *testing.T) {
	var d deckCards
	st := five()
	gat := d.of(card.Gatling)
	st[2].hand = []card.CardID{gat}
	g := arrange(t, 2, st)
	expect(t, choose(t, "heuristic", g), card.ActPlay, gat, -1, card.NoCard)

	// The Renegade does not fire it while the Sheriff is at 1 life and others live.
	d = deckCards{}
	st = five()
	gat = d.of(card.Gatling)
	st[3].hand = []card.CardID{gat}
	st[0].life = 1
	g = arrange(t, 3, st)
	if o := choose(t, "heuristic", g); o.Card == gat {
		t.Error("the Renegade fires a Gatling at a Sheriff on 1 life")
	}
}

func TestScenarioDynamite(t *testing.T) {
	var d deckCards
	st := five()
	dyn := d.of(card.Dynamite)
	st[4].hand = []card.CardID{dyn} // the Sheriff sits on its left
	st[4].role, st[2].role = card.Outlaw, card.Deputy
	g := arrange(t, 4, st)
	expect(t, choose(t, "heuristic", g), card.ActPlay, dyn, 4, card.NoCard)
	if o := choose(t, "heuristic(dynamite=false)", g); o.Card == dyn {
		t.Error("dynamite=false plays Dynamite")
	}
	// The law never plays it.
	st = five()
	st[0].hand = []card.CardID{dyn}
	g = arrange(t, 0, st)
	if o := choose(t, "heuristic", g); o.Card == dyn {
		t.Error("the Sheriff plays Dynamite")
	}
}

// TestScenarioDropsOwnDynamite: an Outlaw whose Dynamite is in front of him at 3 life (he
// no longer wants it) discards it with Cat Balou (C10: an option past the yard, after
// his Panic!'s own options past it), rather than rob the Sheriff or drink a Beer.
func TestScenarioDropsOwnDynamite(t *testing.T) {
	var d deckCards
	st := five()
	dyn, beer, panic, cat, bang := d.of(card.Dynamite), d.of(card.Beer), d.of(card.Panic), d.of(card.CatBalou), d.of(card.BANG)
	st[1].hand = []card.CardID{dyn, beer, panic, cat, bang}
	st[1].life = 3
	g := arrange(t, 1, st)
	g.Apply(g.Pending().FindPlay(dyn, 1, card.NoCard)) // as if played at 4 life
	expect(t, choose(t, "heuristic", g), card.ActPlay, cat, 1, dyn)
}

// TestScenarioBareYardDynamite: an Outlaw at 3 life (he no longer wants a Dynamite)
// with a Panic! and a Missed!, and nothing at the table to take: once his Dynamite is in
// front of him the yard holds only the end, and past it his Panic! on that Dynamite. The
// Table, which ends a bare yard for the heuristic unasked (card.EndPolicy), must ask him
// there, and he drops the Dynamite; without the Dynamite the end is his answer.
func TestScenarioBareYardDynamite(t *testing.T) {
	for _, withDynamite := range []bool{true, false} {
		var d deckCards
		st := five()
		dyn, panic, missed, beer := d.of(card.Dynamite), d.of(card.Panic), d.of(card.Missed), d.of(card.Beer)
		first := beer // a Beer at full life for the first play when there is no Dynamite
		if withDynamite {
			first = dyn
		} else {
			st[1].life = 0
		}
		st[1].hand = []card.CardID{first, panic, missed}
		g := arrange(t, 1, st)
		if withDynamite {
			g.Life[1] = 3
		}
		want := card.Option{Act: card.ActEnd, Card: card.NoCard, Target: -1, Pick: card.NoCard}
		if withDynamite {
			want = card.Option{Act: card.ActPlay, Card: panic, Target: 1, Pick: dyn}
		}
		if got := secondPlayThroughTable(t, g, 1, first); got != want {
			t.Errorf("dynamite %v: the Table played %+v; want %+v", withDynamite, got, want)
		}
	}
}

// playsFirst is the heuristic, with all it declares to the Table (Heuristic embedded),
// that plays card first at its first phase-2 decision (whatever the options' form).
type playsFirst struct {
	cardbots.Heuristic
	first  card.CardID
	played bool
}

func (p *playsFirst) Choose(v *card.View) int {
	if d := &v.Decision; d.Kind == card.DecidePlay && !p.played {
		p.played = true
		for i := 0; i < int(d.N); i++ {
			if d.Options[i].Act == card.ActPlay && d.Options[i].Card == p.first {
				return i
			}
		}
	}
	return p.Heuristic.Choose(v)
}

// stopRun stops a Table's run from its OnDecision hook (secondPlayThroughTable).
type stopRun struct{}

// secondPlayThroughTable runs a Table of heuristics on from g, seat s playing first
// first (g's pending decision, written out as g was driven without a Table), and returns
// s's next phase-2 choice as the hook sees it (taken unasked or not; it must be a bare
// yard): the run stops there.
func secondPlayThroughTable(t *testing.T, g *card.State, s int8, first card.CardID) (got card.Option) {
	t.Helper()
	var h cardbots.Heuristic
	tb, err := card.NewTable(g.Rules, [card.NumRoles]card.Policy{h, h, h, h})
	if err != nil {
		t.Fatal(err)
	}
	tb.BySeat[s] = &playsFirst{first: first}
	tb.State = *g
	plays := 0
	tb.OnDecision = func(d *card.Decision, c int) {
		if d.Kind != card.DecidePlay || d.Seat != s {
			return
		}
		if plays++; plays == 2 {
			if d.Yard != 1 || d.N < 2 {
				t.Fatalf("yard %d of %d options; want a bare yard", d.Yard, d.N)
			}
			got = d.Options[c]
			panic(stopRun{})
		}
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stopRun); !ok {
				panic(r)
			}
		}
	}()
	tb.Finish(1, 2)
	t.Fatalf("seat %d was asked in phase 2 %d times", s, plays)
	return
}

func TestScenarioDiscard(t *testing.T) {
	var d deckCards
	st := five()
	dyn, missed, bang, beer, bar := d.of(card.Dynamite), d.of(card.Missed), d.of(card.BANG), d.of(card.Beer), d.of(card.Barrel)
	st[0].hand = []card.CardID{dyn, missed, bang, beer, bar}
	st[0].inPlay = []card.CardID{d.of(card.Barrel)}
	st[0].life = 2
	g := arrange(t, 0, st)
	g.Apply(g.Pending().Find(card.ActEnd, card.NoCard))
	// 5 cards, limit 2 — after the end of phase 2 (the Beer would be drunk by the
	// heuristic; here the phase is ended by hand) it discards the least useful first:
	// the Dynamite it would never play, then the Barrel it already has in play, then the
	// BANG! (it keeps Missed! and Beer for defence).
	for _, want := range []card.CardID{dyn, bar, bang} {
		if d := g.Pending(); d.Kind != card.DecideDiscard {
			t.Fatalf("pending %s", d.Kind)
		}
		o := choose(t, "heuristic", g)
		if o.Card != want {
			t.Errorf("discarded %v, want %v", o.Card, want)
		}
		g.Apply(g.Pending().Find(card.ActCard, o.Card))
	}
}

// view is a hand-made View for the decisions the arranged table cannot reach (an empty
// deck has nothing to "draw!" or to give Kit Carlson).
func view(self, active int, role card.Role, char card.Character) *card.View {
	v := new(card.View)
	v.Players = 5
	v.Alive = 0x1f
	v.Active, v.Self, v.Role = int8(active), int8(self), role
	v.Sheriff = 0
	for s := range v.Revealed {
		v.Revealed[s] = card.RoleUnknown
		v.Life[s], v.MaxLife[s] = 4, 4
		v.Char[s] = card.Plain
	}
	v.Revealed[0], v.Revealed[self] = card.Sheriff, role
	v.Life[0], v.MaxLife[0] = 5, 5
	v.Char[self] = char
	v.ReadProfiles()
	return v
}

func options(v *card.View, k card.DecisionKind, opts ...card.Option) {
	v.Decision.Kind, v.Decision.Seat = k, v.Self
	v.Decision.N, v.Decision.Yard = uint16(len(opts)), uint16(len(opts))
	copy(v.Decision.Options[:], opts)
}

func cardOpt(c card.CardID) card.Option {
	return card.Option{Act: card.ActCard, Card: c, Target: -1, Pick: card.NoCard}
}

func TestScenarioLuckyDuke(t *testing.T) {
	var d deckCards
	spade := d.where(func(c card.CardID) bool { return c.Suit() == card.Spades && c.Rank() <= 9 })
	heart := d.where(func(c card.CardID) bool { return c.Suit() == card.Hearts })
	club := d.where(func(c card.CardID) bool { return c.Suit() == card.Clubs })
	h := cardbots.Heuristic{}
	// A Barrel out of his turn: the heart.
	v := view(1, 0, card.Outlaw, card.LuckyDuke)
	v.InPlay[1].Add(d.of(card.Barrel))
	options(v, card.DecideLucky, cardOpt(club), cardOpt(heart))
	if c := h.Choose(v); c != 1 {
		t.Errorf("Barrel: chose %d, want the heart", c)
	}
	// His Dynamite at his turn's start: not the 2–9 of spades.
	v = view(1, 1, card.Outlaw, card.LuckyDuke)
	v.InPlay[1].Add(d.of(card.Dynamite))
	options(v, card.DecideLucky, cardOpt(spade), cardOpt(club))
	if c := h.Choose(v); c != 1 {
		t.Errorf("Dynamite: chose %d, want the club", c)
	}
	// His Jail: the heart.
	v = view(1, 1, card.Outlaw, card.LuckyDuke)
	v.InPlay[1].Add(d.of(card.Jail))
	options(v, card.DecideLucky, cardOpt(spade), cardOpt(heart))
	if c := h.Choose(v); c != 1 {
		t.Errorf("Jail: chose %d, want the heart", c)
	}
}

func TestScenarioPhaseOne(t *testing.T) {
	var d deckCards
	h := cardbots.Heuristic{}
	deck := card.Option{Act: card.ActDeck, Card: card.NoCard, Target: -1, Pick: card.NoCard}
	// Pedro Ramirez takes a Missed! from the pile, not a Jail.
	v := view(2, 2, card.Outlaw, card.PedroRamirez)
	options(v, card.DecideDraw, deck, card.Option{Act: card.ActPile, Card: d.of(card.Missed), Target: -1, Pick: card.NoCard})
	if c := h.Choose(v); c != 1 {
		t.Error("Pedro Ramirez leaves a Missed! on the pile")
	}
	options(v, card.DecideDraw, deck, card.Option{Act: card.ActPile, Card: d.of(card.Jail), Target: -1, Pick: card.NoCard})
	if c := h.Choose(v); c != 0 {
		t.Error("Pedro Ramirez takes a Jail from the pile")
	}
	// Jesse Jones (an Outlaw) draws from the Sheriff's hand rather than a bigger unknown.
	v = view(2, 2, card.Outlaw, card.JesseJones)
	v.HandLen = [card.MaxSeats]uint8{2, 5, 0, 0, 1}
	v.Aimed[1][0] = 1 // seat 1: a fellow Outlaw
	pl := func(s int8) card.Option {
		return card.Option{Act: card.ActPlayer, Card: card.NoCard, Target: s, Pick: card.NoCard}
	}
	options(v, card.DecideDraw, deck, pl(0), pl(1), pl(4))
	if c := h.Choose(v); v.Decision.Options[c].Target != 0 {
		t.Errorf("Jesse Jones chose %s %d", v.Decision.Options[c].Act, v.Decision.Options[c].Target)
	}
	// Kit Carlson puts back the least useful: the Dynamite of a Deputy.
	v = view(4, 4, card.Deputy, card.KitCarlson)
	a, b, c := d.of(card.BANG), d.of(card.Dynamite), d.of(card.Missed)
	v.Hand.Add(a)
	v.Hand.Add(b)
	v.Hand.Add(c)
	options(v, card.DecideKit, cardOpt(a), cardOpt(b), cardOpt(c))
	if got := h.Choose(v); got != 1 {
		t.Errorf("Kit Carlson puts back %v", v.Decision.Options[got].Card)
	}
}

// TestOmniscientSeesRoles checks that omniscient declares its need and uses the roles:
// it shoots the hidden Outlaw the heuristic cannot tell from the Renegade.
func TestOmniscientSeesRoles(t *testing.T) {
	e, err := cardbots.Lookup("omniscient")
	if err != nil {
		t.Fatal(err)
	}
	if card.NeedsOf(e.New()) != card.NeedsAllRoles {
		t.Error("omniscient does not declare NeedsAllRoles")
	}
	var d deckCards
	st := five()
	bang, win := d.of(card.BANG), d.of(card.Winchester)
	st[4].hand = []card.CardID{bang, win}
	st[3].life = 3 // the Renegade looks weaker
	g := arrange(t, 4, st)
	equip(t, g, win)
	if o := choose(t, "omniscient", g); o.Card != bang || (o.Target != 1 && o.Target != 2) {
		t.Errorf("omniscient Deputy shot seat %d, want an Outlaw", o.Target)
	}
}

func TestScenarioSidKetchum(t *testing.T) {
	var d deckCards
	st := five()
	st[0].char = card.SidKetchum
	st[0].life = 2
	dyn, sal := d.of(card.Dynamite), d.of(card.Saloon)
	st[0].hand = []card.CardID{d.of(card.Missed), d.of(card.Missed), dyn, sal, d.of(card.Beer)}
	g := arrange(t, 0, st)
	// The Saloon first (only he is hurt), then the Beer (one card over the limit), then
	// the end: at 4 of 5 life with 3 cards he keeps them.
	expect(t, choose(t, "heuristic", g), card.ActPlay, sal, -1, card.NoCard)
	g.Apply(g.Pending().FindPlay(sal, -1, card.NoCard))
	o := choose(t, "heuristic", g)
	if o.Act != card.ActPlay || o.Card.Kind() != card.Beer {
		t.Fatalf("chose %s %v, want the Beer", o.Act, o.Card)
	}
	g.Apply(g.Pending().FindPlay(o.Card, -1, card.NoCard))
	if o := choose(t, "heuristic", g); o.Act != card.ActEnd {
		t.Errorf("chose %s %v, want the end", o.Act, o.Card)
	}
	// At 1 life with 4 cards, no Beer: he heals, discarding the Dynamite first.
	st[0].life = 1
	st[0].hand = []card.CardID{st[0].hand[0], st[0].hand[1], dyn, d.of(card.Jail)}
	g = arrange(t, 0, st)
	if o := choose(t, "heuristic", g); o.Act != card.ActHeal {
		t.Fatalf("at 1 life with 4 cards chose %s %v, want the heal", o.Act, o.Card)
	}
	g.Apply(g.Pending().Find(card.ActHeal, card.NoCard))
	if o := choose(t, "heuristic", g); g.Pending().Kind != card.DecideSidCard || o.Card != dyn {
		t.Errorf("%s: discards %v first, want the Dynamite", g.Pending().Kind, o.Card)
	}
}

func TestScenarioSheriffEndgame(t *testing.T) {
	// The Outlaws are dead; the Deputy (4) and the Renegade (3) are hidden, at distance 1.
	endgame := func(rLife, dLife int8, hand ...card.Kind) (*card.State, []card.CardID) {
		var d deckCards
		st := five()
		st[1].dead, st[2].dead = true, true
		st[3].life, st[4].life = rLife, dLife
		var cards []card.CardID
		for _, k := range hand {
			cards = append(cards, d.of(k))
		}
		st[0].hand = cards
		return arrange(t, 0, st), cards
	}
	// He shoots the healthier hidden seat, whichever it is.
	g, c := endgame(3, 2, card.BANG)
	expect(t, choose(t, "heuristic", g), card.ActPlay, c[0], 3, card.NoCard)
	g, c = endgame(2, 3, card.BANG)
	expect(t, choose(t, "heuristic", g), card.ActPlay, c[0], 4, card.NoCard)
	// Never a killing shot; and without the rule he holds fire.
	g, _ = endgame(1, 1, card.BANG)
	if o := choose(t, "heuristic", g); o.Act != card.ActEnd {
		t.Errorf("both at 1 life: chose %s %v at %d; want the end", o.Act, o.Card, o.Target)
	}
	g, _ = endgame(3, 2, card.BANG)
	if o := choose(t, "heuristic(endgame=false)", g); o.Act != card.ActEnd {
		t.Errorf("endgame=false: chose %s %v at %d; want the end", o.Act, o.Card, o.Target)
	}
	// A Jail for the pick, but no Gatling.
	g, c = endgame(3, 2, card.Jail, card.Gatling)
	expect(t, choose(t, "heuristic", g), card.ActPlay, c[0], 3, card.NoCard)
	g, _ = endgame(3, 2, card.Gatling)
	if o := choose(t, "heuristic", g); o.Act != card.ActEnd {
		t.Errorf("Gatling: chose %s %v at %d; want the end", o.Act, o.Card, o.Target)
	}
	// A hand raised against him marks the Renegade, however healthy the Deputy.
	g, c = endgame(2, 3, card.BANG)
	g.Aimed[3][0] = 1
	expect(t, choose(t, "heuristic", g), card.ActPlay, c[0], 3, card.NoCard)
}
