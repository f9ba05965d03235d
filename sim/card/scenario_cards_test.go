package card

import "testing"

// One scenario per card. Seat 0 (the Sheriff, 5 life) plays; the deck's top two cards
// are his phase-1 draw (fillers unless the test needs them).

func TestCardBANG(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	b1, b2 := nth(BANG, 0), nth(BANG, 1)
	s.hand(0, b1, b2, keep)
	s.deck(fill1, fill2)
	s.start()
	// Colt .45: seats 1 and 4 (distance 1), not 2 or 3; two BANG!s × 2 targets, the
	// end, and the Beer at full life (not the yardstick's).
	s.wantOptions(6, 5)
	if s.g.Pending().FindPlay(b1, 2, NoCard) >= 0 {
		t.Fatal("BANG! offered at distance 2 with a Colt .45")
	}
	s.playAt(b1, 1)
	s.wantLife(5, 3, 4, 4, 4) // seat 1 holds no Missed!: the hit is taken without asking
	s.wantTop(b1)
	// One BANG! a turn: the second is no longer offered.
	s.expect(DecidePlay, 0)
	if s.hasOption(ActPlay, b2) {
		t.Fatal("a second BANG! offered in one turn")
	}
	if s.g.Played[BANG] != 1 || s.g.Hits[0][1] != 1 || s.g.Aimed[0][1] != 1 {
		t.Fatalf("played %d hits %d aimed %d", s.g.Played[BANG], s.g.Hits[0][1], s.g.Aimed[0][1])
	}
}

func TestCardMissed(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	b1 := nth(BANG, 0)
	s.hand(0, b1, keep, fill3)
	s.hand(1, miss)
	s.deck(fill1, fill2)
	s.start()
	// Missed! is never an option in one's own turn.
	if s.hasOption(ActPlay, fill3) {
		t.Fatal("Missed! offered in own turn")
	}
	s.playAt(b1, 1)
	s.expect(DecideMissed, 1)
	s.wantOptions(2, 2)
	s.wantNeed(1)
	s.use(miss)
	s.wantLife(5, 4, 4, 4, 4)
	s.wantTop(miss)
	s.wantHand(1)
	if s.g.Answered[Missed] != 1 {
		t.Fatalf("answered %v", s.g.Answered)
	}
}

func TestCardBeer(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	b2 := nth(Beer, 1)
	s.hand(0, beer, b2, keep)
	s.deck(fill1, fill2)
	s.life(0, 4)
	s.start()
	s.wantOptions(4, 4) // hurt, 5 alive: every Beer heals
	s.playSelf(beer)
	s.wantLife(5, 4, 4, 4, 4)
	// At full life a Beer is legal but no longer the yardstick's; it heals nothing.
	s.wantOptions(3, 1)
	s.playSelf(b2)
	s.wantLife(5, 4, 4, 4, 4)
	s.wantTop(b2)
}

func TestCardSaloon(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	c := nth(Saloon, 0)
	s.hand(0, c, keep)
	s.deck(fill1, fill2)
	s.life(0, 3)
	s.life(1, 2)
	s.life(3, 1)
	s.start()
	s.playSelf(c)
	s.wantLife(4, 3, 4, 2, 4) // every living player +1, never above the maximum
}

func TestCardStagecoachWellsFargo(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	sc, wf := nth(Stagecoach, 0), nth(WellsFargo, 0)
	x := []CardID{nth(Duel, 0), nth(Duel, 1), nth(Jail, 0), nth(Jail, 1), nth(Jail, 2)}
	s.hand(0, sc, wf, keep)
	s.deck(fill1, fill2, x[0], x[1], x[2], x[3], x[4])
	s.start()
	s.playSelf(sc)
	s.wantHand(0, wf, keep, fill1, fill2, x[0], x[1])
	s.playSelf(wf)
	s.wantHand(0, keep, fill1, fill2, x[0], x[1], x[2], x[3], x[4])
}

func TestCardGeneralStore(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	gs := nth(GeneralStore, 0)
	r := []CardID{nth(Duel, 0), nth(Jail, 0), nth(Mustang, 0), nth(Scope, 0), nth(Barrel, 0)}
	s.hand(0, gs, keep)
	s.deck(fill1, fill2, r[0], r[1], r[2], r[3], r[4])
	s.start()
	s.playSelf(gs)
	// As many cards as living players; the player first, then clockwise.
	s.expect(DecideStore, 0)
	s.wantOptions(5, 5)
	s.use(r[2])
	s.expect(DecideStore, 1)
	s.use(r[0])
	s.expect(DecideStore, 2)
	s.use(r[4])
	s.expect(DecideStore, 3)
	s.use(r[3]) // seat 4 takes the last card without a decision
	s.expect(DecidePlay, 0)
	s.wantHand(0, keep, fill1, fill2, r[2])
	s.wantHand(1, r[0])
	s.wantHand(2, r[4])
	s.wantHand(3, r[3])
	s.wantHand(4, r[1])
}

func TestCardPanic(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	p := nth(Panic, 0)
	bar := nth(Barrel, 0)
	mus := nth(Mustang, 0)
	s.hand(0, p, keep)
	s.hand(1, fill3)
	s.inPlay(1, bar)
	s.inPlay(2, mus)
	s.hand(2, fill4)
	s.deck(fill1, fill2)
	s.start()
	// Distance 1 only (seats 1 and 4): seat 1's hand and Barrel; seat 4 has nothing.
	d := s.g.Pending()
	if d.FindPlay(p, 1, PickHand) < 0 || d.FindPlay(p, 1, bar) < 0 || d.FindPlay(p, 2, mus) >= 0 || d.FindPlay(p, 2, PickHand) >= 0 {
		t.Fatalf("Panic! options %s", s.options())
	}
	s.playCard(p, 1, bar)
	s.wantHand(0, keep, fill1, fill2, bar) // into the player's hand (C22)
	s.wantInPlay(1)
	s.playSelf(bar)
	s.wantInPlay(0, bar)
}

func TestCardPanicFromHand(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	p := nth(Panic, 0)
	s.hand(0, p, keep)
	s.hand(4, fill3)
	s.deck(fill1, fill2)
	s.start()
	s.playCard(p, 4, PickHand)
	s.wantHand(0, keep, fill1, fill2, fill3)
	s.wantHand(4)
}

func TestCardCatBalou(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	cb := nth(CatBalou, 0)
	mus := nth(Mustang, 0)
	s.hand(0, cb, keep)
	s.inPlay(2, mus)
	s.hand(3, fill3)
	s.deck(fill1, fill2)
	s.start()
	// Any distance: seat 2's Mustang and seat 3's hand are both offered.
	if s.g.Pending().FindPlay(cb, 3, PickHand) < 0 {
		t.Fatalf("Cat Balou options %s", s.options())
	}
	s.playCard(cb, 2, mus)
	s.wantInPlay(2)
	s.wantTop(mus)
}

func TestCardCatBalouHand(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	cb := nth(CatBalou, 0)
	s.hand(0, cb, keep)
	s.hand(3, fill3)
	s.deck(fill1, fill2)
	s.start()
	s.playCard(cb, 3, PickHand)
	s.wantHand(3)
	s.wantTop(fill3)
}

func TestCardGatling(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	g, b := nth(Gatling, 0), nth(BANG, 0)
	s.hand(0, g, b, keep)
	s.hand(2, miss)
	s.deck(fill1, fill2)
	s.start()
	s.playSelf(g)
	// Seat 1 has no Missed!: hit without a decision; seat 2 answers.
	s.expect(DecideMissed, 2)
	s.use(miss)
	s.wantLife(5, 3, 4, 3, 3)
	// Not a BANG! card: the BANG! is still allowed.
	if !s.hasOption(ActPlay, b) {
		t.Fatal("BANG! not offered after a Gatling")
	}
}

func TestCardIndians(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	in, b := nth(Indians, 0), nth(BANG, 1)
	s.hand(0, in, keep)
	s.hand(1, b, miss) // a Missed! does not help
	s.deck(fill1, fill2)
	s.start()
	s.playSelf(in)
	s.expect(DecideBang, 1)
	s.wantOptions(2, 2) // take the hit, or the BANG!
	s.use(b)
	s.wantLife(5, 4, 3, 3, 3)
	s.wantHand(1, miss)
}

func TestCardDuel(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	du := nth(Duel, 0)
	b0, b1, b2 := nth(BANG, 0), nth(BANG, 1), nth(BANG, 2)
	s.hand(0, du, b0, keep)
	s.hand(2, b1, b2)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(du, 2) // any distance
	s.expect(DecideBang, 2)
	s.use(b1)
	s.expect(DecideBang, 0)
	s.use(b0)
	s.expect(DecideBang, 2)
	s.use(b2) // seat 0 has no BANG! left: he loses without a decision
	s.wantLife(4, 4, 4, 4, 4)
	if s.g.Bangs != 0 {
		t.Fatal("Duel BANG!s counted for the limit")
	}
	s.expect(DecidePlay, 0)
}

func TestCardBarrel(t *testing.T) {
	// A heart: the shot is missed. Otherwise a Missed! may still be played.
	for _, tc := range []struct {
		name  string
		draw  CardID
		asked bool
	}{{"heart", heartCard, false}, {"club", clubCard, true}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, 5, nil, scFive...)
			b := nth(BANG, 0)
			s.hand(0, b, keep)
			s.hand(1, miss)
			s.inPlay(1, nth(Barrel, 0))
			s.deck(fill1, fill2, tc.draw)
			s.start()
			s.playAt(b, 1)
			if tc.asked {
				s.expect(DecideMissed, 1)
				s.use(miss)
			}
			s.expect(DecidePlay, 0)
			s.wantLife(5, 4, 4, 4, 4)
			s.wantDiscarded(tc.draw)
			if s.g.BarrelDraws != 1 || (s.g.BarrelSuccesses == 1) == tc.asked {
				t.Fatalf("barrel draws %d successes %d", s.g.BarrelDraws, s.g.BarrelSuccesses)
			}
		})
	}
}

func TestCardDynamite(t *testing.T) {
	t.Run("play", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		dy := nth(Dynamite, 0)
		s.hand(0, dy, keep)
		s.deck(fill1, fill2)
		s.start()
		s.playSelf(dy)
		s.wantInPlay(0, dy)
	})
	t.Run("explodes", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		dy := nth(Dynamite, 0)
		s.inPlay(0, dy)
		s.hand(0, keep)
		s.deck(boomCard, fill1, fill2)
		s.start()
		s.expect(DecidePlay, 0)
		s.wantLife(2, 4, 4, 4, 4)
		s.wantInPlay(0)
		s.wantDiscarded(dy, boomCard)
		s.wantHand(0, keep, fill1, fill2)
	})
	t.Run("passes", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		dy := nth(Dynamite, 0)
		s.inPlay(0, dy)
		s.hand(0, keep)
		s.deck(spadeHigh, fill1, fill2)
		s.start()
		s.expect(DecidePlay, 0)
		s.wantLife(5, 4, 4, 4, 4)
		s.wantInPlay(0)
		s.wantInPlay(1, dy)
	})
}

func TestCardJail(t *testing.T) {
	t.Run("play", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		j := nth(Jail, 0)
		s.hand(0, j, keep)
		s.inPlay(3, nth(Jail, 1))
		s.deck(fill1, fill2)
		s.start()
		// Any distance, never the Sheriff, never a second Jail: seats 1, 2 and 4.
		s.wantOptions(5, 4)
		s.playAt(j, 2)
		s.wantInPlay(2, j)
	})
	t.Run("skipped", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		j := nth(Jail, 0)
		s.active(1)
		s.inPlay(1, j)
		s.hand(2, keep)
		s.deck(clubCard, fill1, fill2)
		s.start()
		// No heart: the Jail is discarded and seat 1's turn is skipped whole.
		s.expect(DecidePlay, 2)
		s.wantInPlay(1)
		s.wantHand(1)
		s.wantHand(2, keep, fill1, fill2)
		s.wantDiscarded(j, clubCard)
		s.wantTurns(2)
	})
	t.Run("escapes", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		j := nth(Jail, 0)
		s.active(1)
		s.inPlay(1, j)
		s.hand(1, keep)
		s.deck(heartCard, fill1, fill2)
		s.start()
		s.expect(DecidePlay, 1)
		s.wantInPlay(1)
		s.wantHand(1, keep, fill1, fill2)
		if s.g.JailDraws != 1 || s.g.JailEscapes != 1 {
			t.Fatal("jail counters")
		}
	})
}

func TestCardMustangScope(t *testing.T) {
	b := nth(BANG, 0)
	t.Run("mustang", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		s.hand(0, b, keep)
		s.inPlay(1, nth(Mustang, 0))
		s.deck(fill1, fill2)
		s.start()
		if s.g.Distance(0, 1) != 2 || s.g.Distance(1, 0) != 1 {
			t.Fatalf("distances %d %d", s.g.Distance(0, 1), s.g.Distance(1, 0))
		}
		if s.g.Pending().FindPlay(b, 1, NoCard) >= 0 || s.g.Pending().FindPlay(b, 4, NoCard) < 0 {
			t.Fatalf("BANG! options %s", s.options())
		}
	})
	t.Run("scope", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		s.hand(0, b, keep)
		s.inPlay(0, nth(Scope, 0))
		s.deck(fill1, fill2)
		s.start()
		if s.g.Distance(0, 2) != 1 || s.g.Distance(2, 0) != 2 {
			t.Fatalf("distances %d %d", s.g.Distance(0, 2), s.g.Distance(2, 0))
		}
		s.wantOptions(6, 5) // BANG! at all four, the end, the Beer
	})
}

func TestCardWeapons(t *testing.T) {
	// Seven players: seat 3 sits at distance 3; a Mustang makes it 4, Paul Regret 5.
	roles := []Role{Sheriff, Outlaw, Outlaw, Outlaw, Renegade, Deputy, Deputy}
	for _, tc := range []struct {
		weapon Kind
		reach  int
	}{{Volcanic, 1}, {Schofield, 2}, {Remington, 3}, {RevCarabine, 4}, {Winchester, 5}} {
		t.Run(tc.weapon.String(), func(t *testing.T) {
			s := newScenario(t, 7, map[int]Character{3: PaulRegret}, roles...)
			w := nth(tc.weapon, 0)
			b := nth(BANG, 0)
			s.hand(0, w, b, keep)
			s.inPlay(0, nth(Schofield, 1)) // the new weapon replaces it
			if tc.weapon == Schofield {
				s.inPlay(0, nth(Volcanic, 1))
			}
			s.inPlay(3, nth(Mustang, 0))
			s.deck(fill1, fill2)
			s.start()
			old := s.g.InPlay[0].First()
			s.playSelf(w)
			s.wantInPlay(0, w)
			s.wantDiscarded(old)
			if s.g.Reach(0) != tc.reach || w.Kind().Range() != tc.reach {
				t.Fatalf("reach %d, want %d", s.g.Reach(0), tc.reach)
			}
			if s.g.Distance(0, 3) != 5 {
				t.Fatalf("distance to seat 3: %d", s.g.Distance(0, 3))
			}
			got := 0
			for seat := 1; seat < 7; seat++ {
				if s.g.Pending().FindPlay(b, int8(seat), NoCard) >= 0 {
					got++
					if s.g.Distance(0, int8(seat)) > tc.reach {
						t.Fatalf("BANG! at seat %d beyond reach", seat)
					}
				}
			}
			want := map[int]int{1: 2, 2: 4, 3: 5, 4: 5, 5: 6}[tc.reach]
			if got != want {
				t.Fatalf("%d BANG! targets, want %d: %s", got, want, s.options())
			}
		})
	}
	t.Run("volcanic", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		b1, b2 := nth(BANG, 0), nth(BANG, 1)
		s.hand(0, b1, b2, keep)
		s.inPlay(0, nth(Volcanic, 0))
		s.deck(fill1, fill2)
		s.start()
		s.playAt(b1, 1)
		s.playAt(b2, 1) // any number of BANG! a turn
		s.wantLife(5, 2, 4, 4, 4)
	})
	t.Run("same-name", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		s.hand(0, nth(Schofield, 0), nth(Barrel, 0), keep)
		s.inPlay(0, nth(Schofield, 1), nth(Barrel, 1))
		s.deck(fill1, fill2)
		s.start()
		s.wantOptions(2, 1) // never two cards of one name in play: only the end and the Beer
	})
}
