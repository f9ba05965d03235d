package card

import "testing"

// One scenario per character ability (shared/rules/card.md, "Characters").

func TestCharacterPlain(t *testing.T) {
	if Life(Plain) != 4 || Ability(Plain) != "no ability" {
		t.Fatalf("Plain: life %d, %q", Life(Plain), Ability(Plain))
	}
	r := DefaultRules(5)
	r.Deal = DealPlain
	var g State
	g.Setup(&r, 3, 4)
	for s := 0; s < 5; s++ {
		want := int8(4)
		if s == 0 {
			want = 5 // the Sheriff's extra life
		}
		if g.Char[s] != Plain || g.Life[s] != want || g.MaxLife[s] != want || g.Hand[s].Len() != int(want) {
			t.Fatalf("seat %d: %s life %d/%d hand %d", s, g.Char[s], g.Life[s], g.MaxLife[s], g.Hand[s].Len())
		}
	}
}

func TestCharacterLives(t *testing.T) {
	for c := Character(0); c < NumCharacters; c++ {
		want := 4
		if c == ElGringo || c == PaulRegret {
			want = 3
		}
		if Life(c) != want || Ability(c) == "" {
			t.Errorf("%s: life %d, want %d; ability %q", c, Life(c), want, Ability(c))
		}
	}
	// The Sheriff: a 3 becomes 4.
	s := newScenario(t, 5, map[int]Character{0: PaulRegret}, scFive...)
	if s.g.MaxLife[0] != 4 {
		t.Fatalf("Paul Regret as Sheriff: %d life", s.g.MaxLife[0])
	}
}

func TestCharacterBartCassidy(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: BartCassidy}, scFive...)
	b := nth(BANG, 0)
	x := nth(Duel, 0)
	s.hand(0, b, keep)
	s.deck(fill1, fill2, x)
	s.start()
	s.playAt(b, 1)
	s.wantLife(5, 3, 4, 4, 4)
	s.wantHand(1, x) // one card per life point lost
	if s.g.BartDraws != 1 {
		t.Fatal("BartDraws")
	}
}

func TestCharacterBlackJack(t *testing.T) {
	for _, tc := range []struct {
		name   string
		second CardID
		extra  bool
	}{{"heart", heartCard, true}, {"diamond", diamond, true}, {"club", clubCard, false}, {"spade", spadeHigh, false}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, 5, map[int]Character{0: BlackJack}, scFive...)
			s.hand(0, keep)
			s.deck(fill1, tc.second, fill2)
			s.start()
			s.expect(DecidePlay, 0)
			if tc.extra {
				s.wantHand(0, keep, fill1, tc.second, fill2)
			} else {
				s.wantHand(0, keep, fill1, tc.second)
			}
		})
	}
}

func TestCharacterCalamityJanet(t *testing.T) {
	t.Run("missed-as-bang", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{0: CalamityJanet}, scFive...)
		b := nth(BANG, 0)
		s.hand(0, miss, b, keep)
		s.deck(fill1, fill2)
		s.start()
		s.playAt(miss, 1)
		s.wantLife(5, 3, 4, 4, 4)
		// It counts for the limit: the BANG! is no longer offered; a filler Missed!
		// would be (below, none left in the yard but the end and the Beer).
		if s.hasOption(ActPlay, b) {
			t.Fatal("BANG! offered after a Missed! played as BANG!")
		}
		if s.g.Played[Missed] != 1 || s.g.Bangs != 1 {
			t.Fatalf("played %v bangs %d", s.g.Played, s.g.Bangs)
		}
	})
	t.Run("bang-as-missed", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: CalamityJanet}, scFive...)
		b, b2 := nth(BANG, 0), nth(BANG, 1)
		s.hand(0, b, keep)
		s.hand(1, b2)
		s.deck(fill1, fill2)
		s.start()
		s.playAt(b, 1)
		s.expect(DecideMissed, 1)
		s.use(b2)
		s.wantLife(5, 4, 4, 4, 4)
		if s.g.Answered[BANG] != 1 {
			t.Fatal("answered")
		}
	})
}

func TestCharacterElGringo(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep, keep2())
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.expect(DecidePlay, 0) // a Beer is left to him whichever card was taken
	s.wantLife(5, 2, 4, 4, 4)
	// One random card of the shooter's hand per life point.
	before := Set{}
	for _, c := range []CardID{keep, keep2(), fill1, fill2} {
		before.Add(c)
	}
	if s.g.Hand[1].Len() != 1 || s.g.Hand[0].Len() != 3 || s.g.Hand[0].Or(s.g.Hand[1]) != before {
		t.Fatalf("hands %v %v", s.g.Hand[0].Cards(nil), s.g.Hand[1].Cards(nil))
	}
	if s.g.GringoSteals != 1 {
		t.Fatal("GringoSteals")
	}
}

func TestCharacterJesseJones(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{0: JesseJones}, scFive...)
	x := nth(Duel, 0)
	s.hand(0, keep)
	s.hand(2, x)
	s.hand(3, fill3, fill4)
	s.deck(fill1, fill2)
	s.start()
	s.expect(DecideDraw, 0)
	s.wantOptions(3, 3) // the deck, seat 2, seat 3 (seats 1 and 4 have no cards)
	s.apply(s.g.Pending().Find(ActPlayer, NoCard), "seat 2")
	s.wantHand(0, keep, x, fill1) // the second card from the deck
	s.wantHand(2)
}

func TestCharacterJourdonnais(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: Jourdonnais}, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep)
	s.deck(fill1, fill2, heartCard)
	s.start()
	s.playAt(b, 1)
	s.wantLife(5, 4, 4, 4, 4)
	if s.g.BarrelDraws != 1 || s.g.BarrelSuccesses != 1 {
		t.Fatal("no built-in Barrel")
	}
}

func TestCharacterKitCarlson(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{0: KitCarlson}, scFive...)
	s.hand(0, keep)
	s.deck(fill1, fill2, fill3)
	s.start()
	s.expect(DecideKit, 0)
	s.wantOptions(3, 3)
	s.use(fill2)
	s.wantHand(0, keep, fill1, fill3)
	if s.g.deck[s.g.DeckLen-1] != fill2 {
		t.Fatalf("top of the deck %s, want %s", s.g.deck[s.g.DeckLen-1], fill2)
	}
}

func TestCharacterLuckyDuke(t *testing.T) {
	t.Run("barrel", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: LuckyDuke}, scFive...)
		b := nth(BANG, 0)
		s.hand(0, b, keep)
		s.inPlay(1, nth(Barrel, 0))
		s.deck(fill1, fill2, clubCard, heartCard)
		s.start()
		s.playAt(b, 1)
		s.expect(DecideLucky, 1)
		s.wantOptions(2, 2)
		s.use(heartCard)
		s.wantLife(5, 4, 4, 4, 4)
		s.wantDiscarded(clubCard, heartCard) // both are discarded
	})
	t.Run("dynamite", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{0: LuckyDuke}, scFive...)
		dy := nth(Dynamite, 0)
		s.inPlay(0, dy)
		s.hand(0, keep)
		s.deck(boomCard, spadeHigh, fill1, fill2)
		s.start()
		s.expect(DecideLucky, 0)
		s.use(spadeHigh)
		s.wantLife(5, 4, 4, 4, 4)
		s.wantInPlay(1, dy)
		s.wantHand(0, keep, fill1, fill2)
	})
}

func TestCharacterPaulRegretRoseDoolan(t *testing.T) {
	b := nth(BANG, 0)
	s := newScenario(t, 5, map[int]Character{1: PaulRegret, 0: RoseDoolan}, scFive...)
	s.hand(0, b, keep)
	s.inPlay(4, nth(Mustang, 0))
	s.deck(fill1, fill2)
	s.start()
	// Rose sees everyone 1 closer; Paul is 1 further: seat 1 at 1+1−1, seat 2 at 2−1,
	// seat 4 (Mustang) at 1+1−1.
	for seat, want := range map[int8]int{1: 1, 2: 1, 3: 1, 4: 1} {
		if d := s.g.Distance(0, seat); d != want {
			t.Fatalf("Rose to seat %d: %d, want %d", seat, d, want)
		}
	}
	if d := s.g.Distance(2, 1); d != 2 {
		t.Fatalf("seat 2 to Paul: %d, want 2", d)
	}
	s.wantOptions(6, 5)
}

func TestCharacterPedroRamirez(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{0: PedroRamirez}, scFive...)
	x, y := nth(Duel, 0), nth(Duel, 1)
	s.hand(0, keep)
	s.discards(x, y)
	s.deck(fill1, fill2)
	s.start()
	s.expect(DecideDraw, 0)
	s.wantOptions(2, 2)
	s.act(ActPile)
	s.wantHand(0, keep, y, fill1)
	s.wantTop(x)
}

func TestCharacterSidKetchum(t *testing.T) {
	t.Run("own-turn", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{0: SidKetchum}, scFive...)
		s.hand(0, keep)
		s.life(0, 3)
		s.deck(fill1, fill2)
		s.start()
		s.act(ActHeal)
		s.expect(DecideSidCard, 0)
		s.wantNeed(2)
		s.use(fill1)
		s.expect(DecideSidCard, 0)
		s.use(fill2)
		s.wantLife(4, 4, 4, 4, 4)
		s.wantHand(0, keep)
		// Never above the maximum: one more heal (4 → 5) needs two cards.
		if s.hasOption(ActHeal, NoCard) {
			t.Fatal("heal offered with one card")
		}
	})
	t.Run("lethal", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: SidKetchum}, scFive...)
		b := nth(BANG, 0)
		s.hand(0, b, keep)
		d1, d2 := nth(Duel, 0), nth(Duel, 1)
		s.hand(1, d1, d2)
		s.life(1, 1)
		s.deck(fill1, fill2)
		s.start()
		s.playAt(b, 1)
		s.expect(DecideLethal, 1)
		s.wantOptions(2, 2) // die, heal
		s.act(ActHeal)
		s.expect(DecideSidCard, 1)
		s.use(d1) // the second card goes without a decision
		s.wantLife(5, 1, 4, 4, 4)
		s.wantHand(1)
	})
}

func TestCharacterSlabTheKiller(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{0: SlabTheKiller}, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep)
	s.hand(1, miss, miss2)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.expect(DecideMissed, 1)
	s.wantNeed(2)
	s.use(miss)
	s.expect(DecideMissed, 1)
	s.wantNeed(1)
	s.use(miss2)
	s.wantLife(5, 4, 4, 4, 4)
}

func TestCharacterSlabOneMissedNotEnough(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{0: SlabTheKiller}, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep)
	s.hand(1, miss)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.use(miss) // the second is not there: the hit lands anyway
	s.wantLife(5, 3, 4, 4, 4)
}

func TestCharacterSuzyLafayette(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: SuzyLafayette}, scFive...)
	b := nth(BANG, 0)
	x := nth(Duel, 0)
	s.hand(0, b, keep)
	s.hand(1, miss)
	s.deck(fill1, fill2, x)
	s.start()
	s.playAt(b, 1)
	s.use(miss)
	s.wantHand(1, x) // her hand emptied: she draws at once
	if s.g.SuzyDraws != 1 {
		t.Fatal("SuzyDraws")
	}
}

func TestCharacterVultureSam(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{2: VultureSam}, scFive...)
	b := nth(BANG, 0)
	bar, x := nth(Barrel, 0), nth(Duel, 0)
	r1, r2, r3 := nth(Jail, 0), nth(Jail, 1), nth(Jail, 2)
	s.hand(0, b, keep)
	s.hand(1, x)
	s.inPlay(1, bar)
	s.life(1, 1)
	s.deck(fill1, fill2, clubCard, r1, r2, r3)
	s.start()
	s.playAt(b, 1) // the Barrel's draw! fails on the club; no Missed!
	s.wantAlive(0, 2, 3, 4)
	s.wantHand(2, x, bar)                         // his hand and his cards in play
	s.wantHand(0, keep, fill1, fill2, r1, r2, r3) // the reward for an Outlaw
}

func TestCharacterWillyTheKid(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{0: WillyTheKid}, scFive...)
	b1, b2 := nth(BANG, 0), nth(BANG, 1)
	s.hand(0, b1, b2, keep)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b1, 1)
	s.playAt(b2, 4)
	s.wantLife(5, 3, 4, 4, 3)
}
