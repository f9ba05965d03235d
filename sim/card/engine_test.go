package card

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// The deck table: 80 cards, the rulebook's counts per kind, 20 of each suit, 20 hearts
// for a "draw!" and 10 Dynamite explosions (2–9 of spades).
func TestDeckTable(t *testing.T) {
	want := map[Kind]int{BANG: 25, Missed: 12, Beer: 6, Saloon: 1, Stagecoach: 2, WellsFargo: 1, GeneralStore: 2,
		Panic: 4, CatBalou: 4, Gatling: 1, Indians: 2, Duel: 3, Barrel: 2, Dynamite: 1, Jail: 3, Mustang: 2, Scope: 1,
		Volcanic: 2, Schofield: 3, Remington: 1, RevCarabine: 1, Winchester: 1}
	for k := Kind(0); k < NumKinds; k++ {
		if KindSet(k).Len() != want[k] {
			t.Errorf("%s: %d cards, want %d", k, KindSet(k).Len(), want[k])
		}
	}
	var suits [4]int
	for c := CardID(0); c < NumCards; c++ {
		suits[c.Suit()]++
		if r := c.Rank(); r < 2 || r > 14 {
			t.Errorf("%s rank %d", c, r)
		}
	}
	if suits != [4]int{20, 20, 20, 20} || hearts.Len() != 20 || boomSet.Len() != 10 || blueSet.Len() != 17 {
		t.Errorf("suits %v hearts %d boom %d blue %d", suits, hearts.Len(), boomSet.Len(), blueSet.Len())
	}
	if BANG.String() != "BANG!" || RevCarabine.String() != "Rev. Carabine" || CardID(0).String() != "BANG! A♠" || Winchester.Range() != 5 {
		t.Errorf("names: %s %s %s", BANG, RevCarabine, CardID(0))
	}
}

func TestSet(t *testing.T) {
	var s Set
	for _, c := range []CardID{0, 5, 63, 64, 79} {
		s.Add(c)
	}
	if s.Len() != 5 || !s.Has(64) || s.Has(1) || s.First() != 0 || s.Nth(3) != 64 || s.Nth(4) != 79 || s.Nth(5) != NoCard {
		t.Fatalf("set %v", s.Cards(nil))
	}
	s.Remove(0)
	if s.First() != 5 || s.Has(NoCard) {
		t.Fatal("remove")
	}
}

func TestValidate(t *testing.T) {
	for _, bad := range []func(r *Rules){
		func(r *Rules) { r.Players = 3 },
		func(r *Rules) { r.Players = 8 },
		func(r *Rules) { r.MaxTurns = 0 },
		func(r *Rules) { r.Removed[1] = 1 << 20 },
		func(r *Rules) { r.Deal = DealPool; _ = r.SetPool([]Character{BartCassidy}) },
		func(r *Rules) { r.Deal = DealSeats; _ = r.SetPool([]Character{BartCassidy, Plain}) },
		func(r *Rules) { r.Deal = 9 },
	} {
		r := DefaultRules(5)
		bad(&r)
		if err := r.Validate(); !errors.Is(err, ErrRules) {
			t.Errorf("rules %+v: %v", r, err)
		}
	}
	r := DefaultRules(5)
	if err := r.SetPool(make([]Character, MaxPool+1)); !errors.Is(err, ErrRules) {
		t.Error("a pool over MaxPool accepted")
	}
	r.Remove(nth(Dynamite, 0))
	if err := r.Validate(); err != nil || !r.RemovedSet().Has(nth(Dynamite, 0)) {
		t.Fatalf("remove: %v", err)
	}
	var by [NumRoles]Policy
	if _, err := NewTable(DefaultRules(5), by); !errors.Is(err, ErrNoPolicy) {
		t.Errorf("no policies: %v", err)
	}
}

func TestBeerTwoAlive(t *testing.T) {
	// Beer has no effect with 2 players left (it may still be played).
	roles := []Role{Sheriff, Renegade, Outlaw, Outlaw}
	s := newScenario(t, 4, nil, roles...)
	s.dead(2, 3)
	s.life(0, 3)
	s.hand(0, beer, keep)
	s.deck(fill1, fill2)
	s.start()
	s.wantOptions(3, 1) // hurt, but only 2 alive: both Beers are outside the yard
	s.playSelf(beer)
	s.wantLife(3, 4, 0, 0)
	s.wantTop(beer)
}

func TestRewardOutlawKillsOutlaw(t *testing.T) {
	// Killing an Outlaw (anyone, even another Outlaw): 3 cards.
	s := newScenario(t, 5, nil, scFive...)
	b := nth(BANG, 0)
	x, y, z := nth(Duel, 0), nth(Duel, 1), nth(Duel, 2)
	s.active(1)
	s.hand(1, b, keep)
	s.life(2, 1)
	s.deck(fill1, fill2, x, y, z)
	s.start()
	s.playAt(b, 2)
	s.wantDeath(2, CauseBang, 1)
	s.wantHand(1, keep, fill1, fill2, x, y, z)
}

func TestDynamiteKillsTheSheriff(t *testing.T) {
	// C17: the end is checked after a Dynamite explosion: the Outlaws win.
	s := newScenario(t, 5, nil, scFive...)
	s.life(0, 3)
	s.inPlay(0, nth(Dynamite, 0))
	s.deck(boomCard, fill1, fill2)
	s.start()
	s.wantDeath(0, CauseDynamite, -1)
	s.wantWinners(1, 2)
}

func TestHighNoon(t *testing.T) {
	// HighNoon K: after the K-th reshuffle every player loses 1 life at the start of
	// their turn, before the Dynamite and the Jail; nobody's doing.
	s := newScenario(t, 5, map[int]Character{0: BartCassidy}, scFive...)
	s.rules(func(r *Rules) { r.HighNoon = 2 })
	s.g.Reshuffles = 2
	x := nth(Duel, 0)
	s.hand(0, keep)
	s.deck(x, fill1, fill2)
	s.start()
	s.expect(DecidePlay, 0)
	s.wantLife(4, 4, 4, 4, 4)
	s.wantHand(0, keep, x, fill1, fill2) // Bart draws for the point lost
	if s.g.LifeLost[CauseHighNoon] != 1 {
		t.Fatal("high noon not counted")
	}
	t.Run("death", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		s.rules(func(r *Rules) { r.HighNoon = 1 })
		s.g.Reshuffles = 1
		s.active(1)
		s.life(1, 1)
		s.hand(1, fill3)
		s.deck(fill1, fill2)
		s.hand(2, keep)
		s.start()
		s.wantDeath(1, CauseHighNoon, -1)
		s.expect(DecidePlay, 2)
		s.wantLife(5, 0, 3, 4, 4) // seat 2 lost his own point at the start of his turn
	})
	t.Run("off-before-k", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		s.rules(func(r *Rules) { r.HighNoon = 2 })
		s.g.Reshuffles = 1
		s.hand(0, keep)
		s.deck(fill1, fill2)
		s.start()
		s.wantLife(5, 4, 4, 4, 4)
	})
}

func TestTallyAddMerge(t *testing.T) {
	tb := randomTable(t, DefaultRules(6))
	var whole, a, b Tally
	for i := 0; i < 200; i++ {
		g := tb.Play(seed.ForGame(3, uint64(i)))
		whole.Add(g)
		if i%2 == 0 {
			a.Add(g)
		} else {
			b.Add(g)
		}
	}
	a.Merge(&b)
	if a != whole {
		t.Fatal("merged halves differ from the whole")
	}
	if whole.Games != 200 || whole.Played[BANG] == 0 || whole.Reshuffles == 0 || whole.BarrelDraws < whole.BarrelSuccesses {
		t.Fatalf("tally %+v", whole)
	}
	var elim uint64
	for _, e := range whole.Eliminations {
		elim += e
	}
	if elim == 0 || whole.Eliminations[CauseOther] != 0 {
		t.Fatalf("eliminations %v", whole.Eliminations)
	}
}

// roleSpy records what its seats see of the roles.
type roleSpy struct {
	Random
	omni bool
	bad  string
}

func (p *roleSpy) Choose(v *View) int {
	for s := 0; s < int(v.Players); s++ {
		r := v.Revealed[s]
		public := s == int(v.Self) || v.Alive>>uint(s)&1 == 0 || s == int(v.Sheriff)
		if !p.omni && !public && r != RoleUnknown {
			p.bad = fmt.Sprintf("seat %d sees seat %d's role", v.Self, s)
		}
		if (p.omni || public) && r == RoleUnknown {
			p.bad = fmt.Sprintf("seat %d does not see seat %d's role", v.Self, s)
		}
	}
	if v.Hand.Len() != int(v.HandLen[v.Self]) || v.Role != v.Revealed[v.Self] {
		p.bad = "own hand or role wrong"
	}
	return p.Random.Choose(v)
}

func (p *roleSpy) Omniscient() bool { return p.omni }

func TestViewHiddenRoles(t *testing.T) {
	for _, omni := range []bool{false, true} {
		spy := &roleSpy{omni: omni}
		var by [NumRoles]Policy
		for i := range by {
			by[i] = spy
		}
		tb, err := NewTable(DefaultRules(7), by)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 50; i++ {
			tb.Play(seed.ForGame(4, uint64(i)))
			if spy.bad != "" {
				t.Fatalf("omniscient %v: %s", omni, spy.bad)
			}
		}
	}
}

func TestSeatSalt(t *testing.T) {
	// A salt changes its seat's stream only: the same game with seat 3 salted differs
	// somewhere, and an unsalted replay is identical.
	tb := randomTable(t, DefaultRules(5))
	base := *tb.Play(seed.ForGame(9, 1))
	again := *tb.Play(seed.ForGame(9, 1))
	if base.Board != again.Board || base.Counters != again.Counters {
		t.Fatal("a replay differs")
	}
	differs := false
	for i := uint64(0); i < 20 && !differs; i++ {
		tb.SeatSalt[3] = 0
		plain := *tb.Play(seed.ForGame(9, i))
		tb.SeatSalt[3] = 12345
		salted := *tb.Play(seed.ForGame(9, i))
		differs = plain.Counters != salted.Counters || plain.Turns != salted.Turns
	}
	if !differs {
		t.Fatal("a seat salt changes nothing")
	}
}

func TestEventsTrace(t *testing.T) {
	tb := randomTable(t, DefaultRules(6))
	var ev []Event
	tb.OnEvents = func(e []Event) { ev = append(ev, e...) }
	for i := 0; i < 100; i++ {
		ev = ev[:0]
		g := tb.Play(seed.ForGame(11, uint64(i)))
		var turns, elim, reshuffles, played int
		for _, e := range ev {
			switch e.Kind {
			case EvTurn:
				turns++
			case EvEliminate:
				elim++
			case EvReshuffle:
				reshuffles++
			case EvPlay:
				played++
			}
		}
		var wantElim, wantPlayed int
		for _, e := range g.Eliminations {
			wantElim += int(e)
		}
		for _, p := range g.Played {
			wantPlayed += int(p)
		}
		last := ev[len(ev)-1]
		if turns != int(g.Turns) || elim != wantElim || reshuffles != int(g.Reshuffles) || played != wantPlayed ||
			last.Kind != EvGameOver || last.Mask != g.Winners {
			t.Fatalf("game %d: events turns %d/%d elim %d/%d reshuffles %d/%d played %d/%d last %v",
				i, turns, g.Turns, elim, wantElim, reshuffles, g.Reshuffles, played, wantPlayed, last.Kind)
		}
	}
}

func TestFinishFromACopy(t *testing.T) {
	// A game copied at a decision and finished on a Table ends as a legal game; from
	// the same streams, twice the same way.
	r := DefaultRules(5)
	var g State
	s1, s2, _, _ := seed.Streams(seed.ForGame(12, 0))
	g.Reset(&r, s1, s2)
	v := View{Rand: rand.NewPCG(1, 2)}
	var p Random
	for i := 0; i < 40 && g.Pending().Kind != DecideNone; i++ {
		g.FillView(&v)
		g.Apply(p.Choose(&v))
	}
	tb := randomTable(t, r)
	tb.State = g
	a := *tb.Finish(7, 8)
	tb.State = g
	b := *tb.Finish(7, 8)
	if !a.Over || a.Board != b.Board || a.Outcome != b.Outcome {
		t.Fatal("Finish is not a deterministic playout to the end")
	}
}

// TestLongestRandomGames measures the longest random-bot games, which set the default
// turn cap (DefaultMaxTurns): no game may come near it.
func TestLongestRandomGames(t *testing.T) {
	games := playoutGames(20000, 2000)
	longest := 0
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, deal := range []Deal{DealRandom, DealPlain} {
			r := DefaultRules(n)
			r.Deal = deal
			tb := randomTable(t, r)
			for i := 0; i < games/2; i++ {
				g := tb.Play(seed.ForGame(13, uint64(i)))
				if g.Draw {
					t.Fatalf("p%d game %d reached the turn cap", n, i)
				}
				longest = max(longest, int(g.Turns))
			}
		}
	}
	t.Logf("longest of %d random games: %d turns (cap %d)", 4*games, longest, DefaultMaxTurns)
	if longest*4 > DefaultMaxTurns {
		t.Fatalf("a random game of %d turns comes within 4x of the cap %d", longest, DefaultMaxTurns)
	}
}

func TestMaxTurnPlays(t *testing.T) {
	// With the deck and the discard pile exhausted, Wells Fargo draws itself back (C9);
	// a policy replaying it is stopped after MaxTurnPlays cards and the turn goes on.
	s := newScenario(t, 5, nil, scFive...)
	wf := nth(WellsFargo, 0)
	s.hand(0, wf, keep)
	s.hand(1, keep2())
	s.deck(fill1, fill2)
	s.onlyThese()
	s.start()
	for i := 0; i < MaxTurnPlays; i++ {
		s.playSelf(wf)
	}
	s.expect(DecidePlay, 1)
	if s.g.PlayCaps != 1 || s.g.Played[WellsFargo] != MaxTurnPlays {
		t.Fatalf("caps %d, played %d", s.g.PlayCaps, s.g.Played[WellsFargo])
	}
}
