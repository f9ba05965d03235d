package card

import "testing"

// The rules audit of issue 11: scenario tests for corners the other scenario tests do
// not reach, each citing the digest's ruling (shared/rules/card.md) or the rulebook's
// passage (seed 001, or the league's rulings in seed 003; Polish, quoted with a
// translation). Where the engine follows the rulebook against the digest, the test
// checks the rulebook's reading (TestAuditSuzyLastCardDraws: C20 as amended);
// docs/rules.md lists where the digest and the rulebooks differ.

// Rulebook, "Zakończenie gry", Przykład 2: "Szeryf jest wyeliminowany. Wcześniej, ten sam
// los spotkał wszystkich bandytów. Na placu boju pozostał renegat i jeden zastępca. Gra
// kończy się zwycięstwem bandytów" (the Sheriff dies after every Outlaw; a Renegade and a
// Deputy are left: the Outlaws win, dead as they are).
func TestAuditEndDeadOutlawsWin(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	x := nth(Duel, 0)
	s.dead(1, 2)
	s.active(3)
	s.hand(3, x, keep)
	s.life(0, 1)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(x, 0) // the Sheriff holds no BANG!: he loses the Duel and dies
	s.wantDeath(0, CauseDuel, 3)
	s.wantWinners(1, 2)
}

// Rulebook, Przykład 1: "Wszyscy bandyci nie żyją, ale renegat nadal jest w grze. W tym
// przypadku gra nadal się toczy" (every Outlaw dead, the Renegade alive: the game goes
// on). The last Outlaw's killer still draws 3 ("Nagrody i kary").
func TestAuditEndRenegadeFightsOn(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	b := nth(BANG, 0)
	s.dead(2)
	s.life(1, 1)
	s.hand(0, b, keep)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.wantDeath(1, CauseBang, 0)
	s.wantRunning()
	s.wantAlive(0, 3, 4)
	s.expect(DecidePlay, 0)
	s.wantHandLen(0, 6) // keep, the two drawn, the reward's three
}

// Rulebook a): "Renegat wygrywa jeżeli jest jedynym graczem pozostałym w grze. W innym
// wypadku, wygrywają Bandyci" (the Renegade wins only as the last one alive, otherwise
// the Outlaws).
func TestAuditEndRenegade(t *testing.T) {
	roles := []Role{Sheriff, Renegade, Outlaw, Outlaw}
	t.Run("alone", func(t *testing.T) {
		s := newScenario(t, 4, nil, roles...)
		b := nth(BANG, 0)
		s.dead(2, 3)
		s.active(1)
		s.hand(1, b, keep)
		s.hand(0, beer) // 2 alive: the Beer cannot save him (C16), so he is not asked
		s.life(0, 1)
		s.deck(fill1, fill2)
		s.start()
		s.playAt(b, 0)
		s.wantDeath(0, CauseBang, 1)
		s.wantWinners(1)
	})
	t.Run("an-outlaw-left", func(t *testing.T) {
		s := newScenario(t, 4, nil, roles...)
		b := nth(BANG, 0)
		s.dead(3)
		s.active(1)
		s.hand(1, b, keep)
		s.life(0, 1)
		s.deck(fill1, fill2)
		s.start()
		s.playAt(b, 0)
		s.wantWinners(2, 3) // the dead Outlaw wins too
	})
}

// A hit that leaves 1 life or more is answered by the hit or a Missed! only:
//   - Rulebook, Piwko: "poza turą, ale tylko jeżeli gracz otrzymał trafienie śmiertelne
//     ... Piwko nie działa przy innych trafieniach" (out of turn only against a lethal
//     hit, not against other hits): no Beer;
//   - the digest (Sid Ketchum: "in his turn, or out of turn only against a lethal hit")
//     narrows the rulebook's "W dowolnej chwili, może odrzucić 2 karty z ręki aby
//     odzyskać punkt żywotności" (at any time); the engine follows the digest: no heal
//     is offered out of his turn short of a lethal hit. See the report.
func TestAuditNoHealAgainstANonLethalHit(t *testing.T) {
	d1, d2 := nth(Duel, 0), nth(Duel, 1)
	for _, tc := range []struct {
		name  string
		chars map[int]Character
		hand  []CardID // seat 1's: a Missed! and what could heal
		life  int      // seat 1's before the hit
		after int
	}{
		{"beer", nil, []CardID{miss, beer}, 2, 1},
		{"sid-ketchum", map[int]Character{1: SidKetchum}, []CardID{d1, d2, miss}, 3, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, 5, tc.chars, scFive...)
			b := nth(BANG, 0)
			s.hand(0, b, keep)
			s.hand(1, tc.hand...)
			s.life(1, tc.life)
			s.deck(fill1, fill2)
			s.start()
			s.playAt(b, 1)
			s.expect(DecideMissed, 1)
			s.wantOptions(2, 2) // the hit or the Missed!: no Beer, no heal
			s.act(ActTakeHit)
			s.expect(DecidePlay, 0) // nothing more to ask
			s.wantLife(5, tc.after, 4, 4, 4)
			s.wantHand(1, tc.hand...)
		})
	}
}

// Rulebook, Indianie!: "może odrzucić kartę BANG!. Jeżeli tego nie zrobi, traci jeden
// punkt żywotności"; Pojedynek: "Nie można wykorzystać kart Pudło! ani Baryłka podczas
// pojedynku". No Barrel (real or Jourdonnais's) is drawn and no Missed! is asked for
// against Indians! or a Duel; a lethal Indians! hit may still be saved by a Beer (the
// digest; the Polish text's "Piwko i Pudło! nie chronią przed tym efektem" says Beer,
// see the report).
func TestAuditIndiansAndDuelIgnoreBarrelAndMissed(t *testing.T) {
	t.Run("indians", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: Jourdonnais}, scFive...)
		in := nth(Indians, 0)
		s.hand(0, in, keep)
		s.inPlay(1, nth(Barrel, 0))
		s.hand(1, miss)
		s.hand(2, beer)
		s.life(2, 1)
		s.deck(fill1, fill2, heartCard, heartCard2())
		s.start()
		s.playSelf(in)
		// Seat 1 holds no BANG!: hit unasked, no "draw!". Seat 2's hit is lethal.
		s.expect(DecideLethal, 2)
		s.use(beer)
		s.expect(DecidePlay, 0)
		s.wantLife(5, 3, 1, 3, 3)
		s.wantHand(1, miss)
		if s.g.BarrelDraws != 0 {
			t.Fatalf("%d Barrel draws against Indians!", s.g.BarrelDraws)
		}
	})
	t.Run("duel", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: Jourdonnais}, scFive...)
		x := nth(Duel, 0)
		s.hand(0, x, keep)
		s.inPlay(1, nth(Barrel, 0))
		s.hand(1, miss)
		s.deck(fill1, fill2, heartCard, heartCard2())
		s.start()
		s.playAt(x, 1)
		s.expect(DecidePlay, 0)
		s.wantLife(5, 3, 4, 4, 4)
		s.wantHand(1, miss)
		if s.g.BarrelDraws != 0 {
			t.Fatalf("%d Barrel draws in a Duel", s.g.BarrelDraws)
		}
	})
}

// heartCard2 is a second heart that is no Beer: BANG! K♥.
func heartCard2() CardID { return cardOf(BANG, 13, Hearts) }

// Rulebook, Saloon: "Całkowity efekt powoduje, że wszyscy gracze w grze odzyskują jeden
// punkt żywotności" and "Saloon to nie Piwko!": the two-players-left rule is the Beer's
// only; a Saloon heals both of the last two.
func TestAuditSaloonWithTwoAlive(t *testing.T) {
	roles := []Role{Sheriff, Renegade, Outlaw, Outlaw}
	s := newScenario(t, 4, nil, roles...)
	sa := nth(Saloon, 0)
	s.dead(2, 3)
	s.life(0, 3)
	s.life(1, 2)
	s.hand(0, sa, keep)
	s.deck(fill1, fill2)
	s.start()
	s.playSelf(sa)
	s.wantLife(4, 3, 0, 0)
}

// Rulebook, Dynamit: "Karta jest odrzucana, a gracz traci 3 punkty żywotności" (the
// Dynamite is discarded) and C1 (nobody's: no reward). Vulture Sam takes the dead
// player's hand and cards in play, but not the Dynamite, which left play first.
func TestAuditDynamiteDeathAndVultureSam(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{2: VultureSam}, scFive...)
	dy, mu, x := nth(Dynamite, 0), nth(Mustang, 0), nth(Duel, 0)
	s.active(1)
	s.inPlay(1, dy, mu)
	s.hand(1, x)
	s.life(1, 2)
	s.hand(2, keep)
	s.deck(boomCard, fill1, fill2)
	s.start()
	s.wantDeath(1, CauseDynamite, -1)
	s.expect(DecidePlay, 2) // seat 1's turn ended with his death
	s.wantHand(2, keep, x, mu, fill1, fill2)
	s.wantDiscarded(dy, boomCard)
	if s.g.Rewards != 0 {
		t.Fatalf("%d rewards for a Dynamite death", s.g.Rewards)
	}
}

// Rulebook, Dynamit: "Jeżeli gracz ma przed sobą jednocześnie Dynamit i Więzienie,
// sprawdza najpierw Poker! Dynamitu" (Dynamite first, then Jail); a player who survives
// the explosion still draws for the Jail, and a Dynamite that passed is drawn for at
// once by the next player.
func TestAuditDynamiteThenJail(t *testing.T) {
	t.Run("explodes-then-escapes", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		dy, j := nth(Dynamite, 0), nth(Jail, 0)
		s.active(1)
		s.inPlay(1, dy, j)
		s.hand(1, keep)
		s.deck(boomCard, heartCard, fill1, fill2)
		s.start()
		s.expect(DecidePlay, 1)
		s.wantLife(5, 1, 4, 4, 4)
		s.wantInPlay(1)
		s.wantHand(1, keep, fill1, fill2)
		s.wantDiscarded(dy, j, boomCard, heartCard)
		s.wantTop(j)
	})
	t.Run("passes-then-jailed", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		dy, j := nth(Dynamite, 0), nth(Jail, 0)
		s.active(1)
		s.inPlay(1, dy, j)
		s.hand(2, keep)
		s.deck(spadeHigh, clubCard, clubCard2, fill1, fill2)
		s.start()
		// Seat 1: the Dynamite passes (Q♠), the Jail holds (club): turn skipped. Seat 2
		// draws for the Dynamite (club): it passes on to seat 3.
		s.expect(DecidePlay, 2)
		s.wantTurns(2)
		s.wantHand(1)
		s.wantInPlay(1)
		s.wantInPlay(2)
		s.wantInPlay(3, dy)
		s.wantHand(2, keep, fill1, fill2)
	})
}

// Rulebook, El Gringo: "Zawsze gdy straci punkt żywotności w wyniku karty zagranej przez
// innego gracza, El Gringo zabiera z ręki tego gracza losową kartę" (a card played by
// another player: Gatling, Indians!, a Duel he is challenged to; not his own Duel, C4).
func TestAuditElGringoWhoseCard(t *testing.T) {
	for _, tc := range []struct {
		name string
		kind Kind
	}{{"gatling", Gatling}, {"indians", Indians}, {"challenged", Duel}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
			c := nth(tc.kind, 0)
			s.hand(0, c, keep, keep2()) // a Beer is left whichever card he takes
			s.deck(fill1, fill2)
			s.start()
			if tc.kind == Duel {
				s.playAt(c, 1)
			} else {
				s.playSelf(c)
			}
			s.expect(DecidePlay, 0)
			if tc.kind == Duel {
				s.wantLife(5, 2, 4, 4, 4)
			} else {
				s.wantLife(5, 2, 3, 3, 3)
			}
			if s.g.GringoSteals != 1 || s.g.Hand[1].Len() != 1 || s.g.Hand[0].Len() != 3 {
				t.Fatalf("steals %d, hands %v %v", s.g.GringoSteals, s.g.Hand[0].Cards(nil), s.g.Hand[1].Cards(nil))
			}
		})
	}
	t.Run("own-duel", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
		x, b := nth(Duel, 0), nth(BANG, 0)
		s.active(1)
		s.hand(1, x, keep)
		s.hand(0, b, fill3)
		s.deck(fill1, fill2)
		s.start()
		s.playAt(x, 0)
		s.expect(DecideBang, 0)
		s.use(b) // El Gringo holds no BANG!: he loses his own Duel
		s.expect(DecidePlay, 1)
		s.wantLife(5, 2, 4, 4, 4)
		s.wantHand(0, fill3)
		s.wantHand(1, keep, fill1, fill2)
		if s.g.GringoSteals != 0 {
			t.Fatal("El Gringo took a card after losing his own Duel")
		}
	})
}

// Rulebook, "Nagrody i kary": "Jeżeli szeryf wyeliminuje zastępcę, musi odrzucić z ręki i z
// planszy wszystkie karty" (only the Sheriff eliminating a Deputy is penalised) and C4 (a
// Deputy who loses his own Duel against the Sheriff is killed by nobody).
func TestAuditRewardsAndPenaltiesOnlyWhereDue(t *testing.T) {
	t.Run("deputy-loses-own-duel-to-the-sheriff", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		du, b := nth(Duel, 0), nth(BANG, 0)
		s.active(4)
		s.life(4, 1)
		s.hand(4, du, fill5) // no Beer to save him
		s.hand(0, b, fill3)
		s.deck(fill1, fill2)
		s.start()
		s.playAt(du, 0)
		s.expect(DecideBang, 0)
		s.use(b)
		s.wantDeath(4, CauseDuel, -1)
		if s.g.Penalties != 0 || !s.g.Hand[0].Has(fill3) {
			t.Fatalf("penalties %d, Sheriff's hand %v", s.g.Penalties, s.g.Hand[0].Cards(nil))
		}
	})
	for _, tc := range []struct {
		name     string
		by, dead int
	}{{"outlaw-kills-deputy", 1, 4}, {"sheriff-kills-renegade", 0, 3}, {"renegade-kills-deputy", 3, 4}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, 5, nil, scFive...)
			du := nth(Duel, 0)
			s.active(tc.by)
			s.hand(tc.by, du, keep)
			s.life(tc.dead, 1)
			s.deck(fill1, fill2)
			s.start()
			s.playAt(du, tc.dead)
			s.wantDeath(tc.dead, CauseDuel, tc.by)
			s.wantHand(tc.by, keep, fill1, fill2)
			if s.g.Rewards != 0 || s.g.Penalties != 0 {
				t.Fatalf("rewards %d penalties %d", s.g.Rewards, s.g.Penalties)
			}
		})
	}
}

// Rulebook b): "Wszyscy bandyci i renegaci są wyeliminowani. Szeryf i zastępcy wygrywają":
// a dead Deputy wins with the Sheriff.
func TestAuditLawWinsWithADeadDeputy(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	du := nth(Duel, 0)
	s.dead(1, 2, 4)
	s.life(3, 1)
	s.hand(0, du, keep)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(du, 3)
	s.wantWinners(0, 4)
}

// Rulebook, Pojedynek: "odrzucone karty BANG!, podczas pojedynku nie wliczają się do
// limitu »jeden BANG! na turę«" (BANG!s discarded in a Duel do not count for the limit).
func TestAuditDuelBangsLeaveTheLimit(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	du, b1, b2, b3 := nth(Duel, 0), nth(BANG, 0), nth(BANG, 1), nth(BANG, 2)
	s.hand(0, du, b1, b3, keep)
	s.hand(1, b2)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(du, 1)
	s.expect(DecideBang, 1)
	s.use(b2)
	s.expect(DecideBang, 0)
	s.use(b1)
	s.wantLife(5, 3, 4, 4, 4) // seat 1 has no BANG! left
	if s.g.Bangs != 0 || s.g.Pending().FindPlay(b3, 4, NoCard) < 0 {
		t.Fatalf("bangs %d; BANG! not offered after a Duel: %s", s.g.Bangs, s.options())
	}
}

// Rulebook, Lucky Duke: "Za każdym razem, kiedy ma sprawdzić Pokera!, odkrywa dwie karty i
// wybiera" (every "draw!", the Jail's too).
func TestAuditLuckyDukeJail(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: LuckyDuke}, scFive...)
	j := nth(Jail, 0)
	s.active(1)
	s.inPlay(1, j)
	s.hand(1, keep)
	s.deck(clubCard, heartCard, fill1, fill2)
	s.start()
	s.expect(DecideLucky, 1)
	s.use(heartCard)
	s.expect(DecidePlay, 1)
	s.wantInPlay(1)
	s.wantHand(1, keep, fill1, fill2)
	s.wantDiscarded(j, clubCard, heartCard)
}

// Rulebook, Panika!: "zasięg nie może być zmodyfikowany przez broń ale może być
// zmodyfikowany efektem Lunety oraz/i Mustanga" (a weapon does not extend Panic!, a Scope
// or Mustang does; Rose Doolan's and Paul Regret's built-in ones too), and "Kiedy bohater
// zostaje wyeliminowany, nie podliczamy go podczas sprawdzania zasięgu" (the dead do not
// count for distance).
func TestAuditPanicReach(t *testing.T) {
	p, b := nth(Panic, 0), nth(BANG, 0)
	t.Run("weapon-does-not-count", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: PaulRegret}, scFive...)
		s.hand(0, p, b, keep)
		s.inPlay(0, nth(Winchester, 0))
		s.hand(1, fill3)
		s.hand(2, fill4)
		s.deck(fill1, fill2)
		s.start()
		d := s.g.Pending()
		if d.FindPlay(p, 1, PickHand) >= 0 || d.FindPlay(p, 2, PickHand) >= 0 {
			t.Fatalf("Panic! beyond distance 1: %s", s.options())
		}
		if d.FindPlay(b, 1, NoCard) < 0 || d.FindPlay(b, 2, NoCard) < 0 {
			t.Fatalf("BANG! not within the Winchester's reach: %s", s.options())
		}
	})
	t.Run("rose-doolan", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{0: RoseDoolan, 1: PaulRegret}, scFive...)
		s.hand(0, p, keep)
		s.hand(1, fill3)
		s.hand(2, fill4)
		s.hand(3, fill5)
		s.deck(fill1, fill2)
		s.start()
		d := s.g.Pending()
		for _, seat := range []int8{1, 2, 3} {
			if d.FindPlay(p, seat, PickHand) < 0 {
				t.Fatalf("Rose's Panic! misses seat %d: %s", seat, s.options())
			}
		}
	})
	t.Run("dead-between", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		s.dead(1)
		s.hand(0, p, keep)
		s.hand(2, fill4)
		s.hand(3, fill5)
		s.deck(fill1, fill2)
		s.start()
		d := s.g.Pending()
		if d.FindPlay(p, 2, PickHand) < 0 || d.FindPlay(p, 3, PickHand) >= 0 {
			t.Fatalf("Panic! with seat 1 dead: %s", s.options())
		}
	})
}

// C19: El Gringo takes his cards once he survives, a Beer having saved him.
func TestAuditElGringoSavedByABeer(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep, keep2())
	s.hand(1, beer)
	s.life(1, 1)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.expect(DecideLethal, 1)
	s.use(beer)
	s.expect(DecidePlay, 0)
	s.wantLife(5, 1, 4, 4, 4)
	if s.g.GringoSteals != 1 || s.g.Hand[1].Len() != 1 || s.g.Hand[0].Len() != 3 {
		t.Fatalf("steals %d, hands %v %v", s.g.GringoSteals, s.g.Hand[0].Cards(nil), s.g.Hand[1].Cards(nil))
	}
}

// Rulebook, Calamity Janet: "Janet może używać kart BANG! jako Pudło! i na odwrót. Jeżeli
// jednak zagra Pudło! jako BANG!, nie może zagrać w tej samej turze kolejnej karty BANG!
// (chyba że posiada Volcanica)": a BANG! against a Gatling, two of either against Slab,
// and with a Volcanic a BANG! after a Missed! played as one.
func TestAuditCalamityJanet(t *testing.T) {
	t.Run("gatling", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: CalamityJanet}, scFive...)
		g, b := nth(Gatling, 0), nth(BANG, 0)
		s.hand(0, g, keep)
		s.hand(1, b)
		s.deck(fill1, fill2)
		s.start()
		s.playSelf(g)
		s.expect(DecideMissed, 1)
		s.use(b)
		s.wantLife(5, 4, 3, 3, 3)
	})
	t.Run("slab", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{0: SlabTheKiller, 1: CalamityJanet}, scFive...)
		b, b2 := nth(BANG, 0), nth(BANG, 1)
		s.hand(0, b, keep)
		s.hand(1, b2, miss)
		s.deck(fill1, fill2)
		s.start()
		s.playAt(b, 1)
		s.expect(DecideMissed, 1)
		s.wantNeed(2)
		s.use(b2)
		s.expect(DecideMissed, 1)
		s.use(miss)
		s.wantLife(5, 4, 4, 4, 4)
	})
	t.Run("volcanic", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{0: CalamityJanet}, scFive...)
		b := nth(BANG, 0)
		s.hand(0, miss, b, keep)
		s.inPlay(0, nth(Volcanic, 0))
		s.deck(fill1, fill2)
		s.start()
		s.playAt(miss, 1)
		s.playAt(b, 4)
		s.wantLife(5, 3, 4, 4, 3)
	})
}

// Rulebook, Bart Cassidy: "Za każdym razem, gdy Bart traci punkt żywotności, natychmiast
// dobiera kartę z talii" (every life point lost, his own lost Duel included, which C4
// makes nobody's).
func TestAuditBartCassidyOwnDuel(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: BartCassidy}, scFive...)
	du, b, x := nth(Duel, 0), nth(BANG, 0), nth(Jail, 0)
	s.active(1)
	s.hand(1, du, keep)
	s.hand(0, b)
	s.deck(fill1, fill2, x)
	s.start()
	s.playAt(du, 0)
	s.expect(DecideBang, 0)
	s.use(b)
	s.expect(DecidePlay, 1)
	s.wantLife(5, 3, 4, 4, 4)
	s.wantHand(1, keep, fill1, fill2, x)
}

// Rulebook, Więzienie: "Jeżeli gracz jest w więzieniu nadal może być celem karty BANG!
// Nadal może również zagrywać karty w odpowiedzi, np. Pudło!, Piwko" (a jailed player can
// be shot and still answers with Missed! or a Beer).
func TestAuditJailedPlayerAnswers(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep)
	s.inPlay(1, nth(Jail, 0))
	s.hand(1, beer)
	s.life(1, 1)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.expect(DecideLethal, 1)
	s.use(beer)
	s.wantLife(5, 1, 4, 4, 4)
	s.wantAlive(0, 1, 2, 3, 4)
}

// Rulebook, Sklep: "odkrywa tyle kart, z góry talii, ilu graczy uczestniczy w rozgrywce"
// (as many cards as players in the game): the digest reads the living; the dead neither
// count nor pick.
func TestAuditGeneralStoreCountsTheLiving(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	gs := nth(GeneralStore, 0)
	r := []CardID{nth(Duel, 0), nth(Jail, 0), nth(Mustang, 0), nth(Scope, 0)}
	s.dead(2, 3)
	s.hand(0, gs, keep)
	s.deck(fill1, fill2, r[0], r[1], r[2], r[3])
	s.start()
	s.playSelf(gs)
	s.expect(DecideStore, 0)
	s.wantOptions(3, 3)
	s.use(r[1])
	s.expect(DecideStore, 1)
	s.use(r[0])
	s.expect(DecidePlay, 0) // seat 4 takes the last without a decision
	s.wantHand(4, r[2])
	if s.g.deck[s.g.DeckLen-1] != r[3] {
		t.Fatalf("top of the deck %s, want %s", s.g.deck[s.g.DeckLen-1], r[3])
	}
}

// Rulebook, Gatling: "Powoduje efekt »BANG!« »dla wszystkich innych graczy«" and Baryłka:
// "Kiedy gracz jest celem karty BANG!": a Gatling's shot is a BANG!'s, so a Barrel draws.
func TestAuditBarrelAgainstGatling(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	g := nth(Gatling, 0)
	s.hand(0, g, keep)
	s.inPlay(1, nth(Barrel, 0))
	s.deck(fill1, fill2, heartCard)
	s.start()
	s.playSelf(g)
	s.wantLife(5, 4, 3, 3, 3)
	if s.g.BarrelDraws != 1 || s.g.BarrelSuccesses != 1 {
		t.Fatalf("barrel draws %d successes %d", s.g.BarrelDraws, s.g.BarrelSuccesses)
	}
}

// Seed 003 ("Ogólne zasady i FAQ"): "By aktywować zdolność swojej postaci gracz musi
// poczekać aż efekty wszystkich kart nie zostaną rozpatrzone" (to use one's ability one
// waits until the cards' effects are resolved), and of Suzy's General Store: "jako że
// posiada już karty na ręce, nie dobiera nowej karty" (she already holds cards, so she
// draws none). C20 has her draw before her last card resolves, so a last Stagecoach
// (or Wells Fargo, or Panic!) gives her one card more than seed 003 does.
func TestAuditSuzyLastCardDraws(t *testing.T) {
	for _, tc := range []struct {
		name string
		kind Kind
		want int // cards in hand after the card, by seed 003
	}{{"stagecoach", Stagecoach, 2}, {"wells-fargo", WellsFargo, 3}, {"panic", Panic, 1}} {
		t.Run(tc.name, func(t *testing.T) {
			s := newScenario(t, 5, map[int]Character{0: SuzyLafayette}, scFive...)
			c := nth(tc.kind, 0)
			mus, sc := nth(Mustang, 0), nth(Scope, 0)
			s.hand(0, c)
			s.hand(1, fill3)
			s.deck(mus, sc, fill1, fill2, fill4, fill5)
			s.start()
			s.playSelf(mus)
			s.playSelf(sc)
			if tc.kind == Panic {
				s.playCard(c, 1, PickHand)
			} else {
				s.playSelf(c)
			}
			if got := s.g.Hand[0].Len(); got != tc.want {
				t.Fatalf("Suzy holds %d cards after her last card %s, seed 003 gives %d", got, tc.kind, tc.want)
			}
		})
	}
}

// Rulebook, Piwko: "Kiedy w grze pozostanie tylko 2 graczy, Piwko nie ma efektu", and
// a): the Renegade alone wins. The Sheriff's two Beers cannot save him from the
// Dynamite with 2 alive (with 3 or more, seed 003's "dwie karty Piwka" example would),
// and the Dynamite is nobody's (C1), yet the Renegade wins.
func TestAuditDynamiteTwoAliveRenegadeWins(t *testing.T) {
	roles := []Role{Sheriff, Renegade, Outlaw, Outlaw}
	s := newScenario(t, 4, nil, roles...)
	s.dead(2, 3)
	s.life(0, 2)
	s.inPlay(0, nth(Dynamite, 0))
	s.hand(0, beer, keep)
	s.deck(boomCard, fill1, fill2)
	s.start()
	s.wantDeath(0, CauseDynamite, -1)
	s.wantWinners(1)
}

// Rulebook, Rose Doolan: "Kiedy zagra Lunetę widzi wszystkich w zasięgu obniżonym o 2"
// (with a real Scope, 2 closer): seven players, seat 3 at distance 3 comes within a
// Panic!'s reach.
func TestAuditRoseDoolanWithAScope(t *testing.T) {
	roles := []Role{Sheriff, Outlaw, Outlaw, Outlaw, Renegade, Deputy, Deputy}
	s := newScenario(t, 7, map[int]Character{0: RoseDoolan}, roles...)
	p := nth(Panic, 0)
	s.hand(0, p, keep)
	s.inPlay(0, nth(Scope, 0))
	s.hand(3, fill3)
	s.deck(fill1, fill2)
	s.start()
	if d := s.g.Distance(0, 3); d != 1 {
		t.Fatalf("Rose with a Scope sees seat 3 at %d, want 1", d)
	}
	if s.g.Pending().FindPlay(p, 3, PickHand) < 0 {
		t.Fatalf("Panic! at seat 3 not offered: %s", s.options())
	}
}

// Seed 003: "Jeśli postać gracza znajduje się w Więzieniu, wszystkie jej karty zachowują
// swoje właściwości. Np. nadal otrzymuje on bonusy z kart Baryłka i Mustang" (a jailed
// player's Barrel and Mustang still work).
func TestAuditJailedPlayersCardsWork(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep)
	s.inPlay(1, nth(Jail, 0), nth(Barrel, 0))
	s.inPlay(4, nth(Jail, 1), nth(Mustang, 0))
	s.deck(fill1, fill2, heartCard)
	s.start()
	if s.g.Pending().FindPlay(b, 4, NoCard) >= 0 {
		t.Fatalf("BANG! at the jailed Mustang's owner (distance 2): %s", s.options())
	}
	s.playAt(b, 1)
	s.wantLife(5, 4, 4, 4, 4)
	if s.g.BarrelSuccesses != 1 {
		t.Fatal("the jailed player's Barrel did not draw")
	}
}

// C16: a target eliminated by a Gatling is gone (Vulture Sam paid) before the next target
// answers, so Vulture Sam may answer the same Gatling with the dead player's Missed!.
func TestAuditVultureSamAnswersWithTheDeadsMissed(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{2: VultureSam}, scFive...)
	g := nth(Gatling, 0)
	s.hand(0, g, keep)
	s.hand(1, miss)
	s.life(1, 1)
	s.deck(fill1, fill2)
	s.start()
	s.playSelf(g)
	s.expect(DecideMissed, 1)
	s.act(ActTakeHit)
	s.wantDeath(1, CauseGatling, 0)
	s.expect(DecideMissed, 2)
	s.use(miss)
	s.wantLife(5, 0, 4, 3, 3)
	s.wantHand(2)
}

// Rulebook, El Gringo: "Jeżeli przeciwnikowi zabraknie kart - trudno, nic się nie dzieje"
// (if the player has no cards left, nothing happens): a Gatling played as the last card.
func TestAuditElGringoEmptyHand(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
	g := nth(Gatling, 0)
	mus, sc := nth(Mustang, 0), nth(Scope, 0)
	s.hand(0, g)
	s.deck(mus, sc, keep, fill1)
	s.start()
	s.playSelf(mus)
	s.playSelf(sc)
	s.playSelf(g) // his last card; his turn then ends by itself
	s.expect(DecidePlay, 1)
	s.wantLife(5, 2, 3, 3, 3)
	s.wantHand(1, keep, fill1)
	if s.g.GringoSteals != 0 {
		t.Fatal("El Gringo took a card from an empty hand")
	}
}

// Rulebook, Dynamit: "Jeżeli gracz odkryje pika o wartości od 2 do 9, Dynamit eksploduje"
// and "odkryty kolor i wartość muszą się zgadzać dokładnie" (suit and rank must match
// exactly): the edges 2♠ and 9♠ explode, 10♠ and A♠ do not; a Jail frees
// on a heart only (a diamond, red as it is, does not).
func TestAuditDrawEdges(t *testing.T) {
	for _, tc := range []struct {
		card CardID
		boom bool
	}{
		{cardOf(Missed, 2, Spades), true},
		{cardOf(Stagecoach, 9, Spades), true},
		{cardOf(Jail, 10, Spades), false},
		{cardOf(BANG, 14, Spades), false},
		{cardOf(Scope, 14, Spades), false},
	} {
		t.Run("dynamite-"+tc.card.String(), func(t *testing.T) {
			s := newScenario(t, 5, nil, scFive...)
			dy := nth(Dynamite, 0)
			s.inPlay(0, dy)
			s.hand(0, keep)
			s.deck(tc.card, fill1, fill2)
			s.start()
			s.expect(DecidePlay, 0)
			if tc.boom {
				s.wantLife(2, 4, 4, 4, 4)
				s.wantInPlay(1)
			} else {
				s.wantLife(5, 4, 4, 4, 4)
				s.wantInPlay(1, dy)
			}
		})
	}
	t.Run("jail-diamond", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		s.active(1)
		s.inPlay(1, nth(Jail, 0))
		s.hand(2, keep)
		s.deck(diamond, fill1, fill2)
		s.start()
		s.expect(DecidePlay, 2) // seat 1's turn skipped
		s.wantInPlay(1)
		s.wantHand(1)
	})
}
