package card

import "testing"

// One scenario (or more) per numbered ruling of shared/rules/card.md.

func TestRulingC1_DynamiteIsNobodys(t *testing.T) {
	t.Run("death", func(t *testing.T) {
		// ruling C1: an Outlaw killed by Dynamite: no reward for anyone.
		s := newScenario(t, 5, nil, scFive...)
		s.active(1)
		s.life(1, 2)
		s.inPlay(1, nth(Dynamite, 0))
		s.hand(1, nth(Duel, 0))
		s.hand(2, keep)
		s.deck(boomCard, fill1, fill2)
		s.start()
		s.wantDeath(1, CauseDynamite, -1)
		if s.g.Rewards != 0 || s.g.Eliminations[CauseDynamite] != 1 {
			t.Fatalf("rewards %d", s.g.Rewards)
		}
		s.expect(DecidePlay, 2)
		s.wantHand(2, keep, fill1, fill2)
	})
	t.Run("el-gringo", func(t *testing.T) {
		// ruling C1: El Gringo saved from the Dynamite by a Beer takes nothing.
		s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
		s.active(1)
		s.inPlay(1, nth(Dynamite, 0))
		s.hand(1, beer, keep)
		s.hand(0, nth(Duel, 0))
		s.deck(boomCard, fill1, fill2)
		s.start()
		s.expect(DecideLethal, 1)
		s.use(beer)
		s.expect(DecidePlay, 1)
		s.wantLife(5, 1, 4, 4, 4)
		s.wantHand(1, keep, fill1, fill2)
		s.wantHand(0, nth(Duel, 0))
	})
}

func TestRulingC2_SlabAndBarrel(t *testing.T) {
	// ruling C2: a Barrel success counts as one Missed!; the Barrel is drawn once a shot.
	s := newScenario(t, 5, map[int]Character{0: SlabTheKiller}, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep)
	s.hand(1, miss)
	s.inPlay(1, nth(Barrel, 0))
	s.deck(fill1, fill2, heartCard)
	s.start()
	s.playAt(b, 1)
	s.expect(DecideMissed, 1)
	s.wantNeed(1)
	s.use(miss)
	s.wantLife(5, 4, 4, 4, 4)
	if s.g.BarrelDraws != 1 {
		t.Fatalf("%d Barrel draws", s.g.BarrelDraws)
	}
}

func TestRulingC3_JourdonnaisTwoBarrelsAgainstSlab(t *testing.T) {
	// ruling C3: two successes cover both Missed! Slab's BANG! needs.
	s := newScenario(t, 5, map[int]Character{0: SlabTheKiller, 1: Jourdonnais}, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep)
	s.hand(1, miss)
	s.inPlay(1, nth(Barrel, 0))
	s.deck(fill1, fill2, heartCard, cardOf(BANG, 13, Hearts))
	s.start()
	s.playAt(b, 1)
	s.expect(DecidePlay, 0) // never asked for the Missed!
	s.wantLife(5, 4, 4, 4, 4)
	s.wantHand(1, miss)
	if s.g.BarrelDraws != 2 || s.g.BarrelSuccesses != 2 {
		t.Fatalf("barrel draws %d successes %d", s.g.BarrelDraws, s.g.BarrelSuccesses)
	}
}

func TestRulingC4_KillsCreditedToTheCardsPlayer(t *testing.T) {
	t.Run("gatling", func(t *testing.T) {
		// ruling C4: a Gatling kill is the player's: the reward is his.
		s := newScenario(t, 5, nil, scFive...)
		g := nth(Gatling, 0)
		r1, r2, r3 := nth(Jail, 0), nth(Jail, 1), nth(Jail, 2)
		s.hand(0, g, keep)
		s.life(1, 1)
		s.deck(fill1, fill2, r1, r2, r3)
		s.start()
		s.playSelf(g)
		s.wantDeath(1, CauseGatling, 0)
		s.wantHand(0, keep, fill1, fill2, r1, r2, r3)
	})
	t.Run("own-duel", func(t *testing.T) {
		// ruling C4: losing one's own Duel is nobody's doing: no reward for the Sheriff,
		// and (C17) the turn ends at once.
		s := newScenario(t, 5, nil, scFive...)
		du, b := nth(Duel, 0), nth(BANG, 0)
		s.active(1)
		s.life(1, 1)
		s.hand(1, du, fill5)
		s.hand(0, b)
		s.hand(2, keep2())
		s.deck(fill1, fill2, fill3, fill4)
		s.start()
		s.playAt(du, 0)
		s.expect(DecideBang, 0)
		s.use(b)
		s.wantDeath(1, CauseDuel, -1)
		s.wantHand(0)
		s.expect(DecidePlay, 2)
		s.wantTurns(2)
	})
}

// keep2 is a second keeper Beer for another seat.
func keep2() CardID { return nth(Beer, 4) }

func TestRulingC5_VultureSamSheriffKillsDeputy(t *testing.T) {
	// ruling C5: he takes the Deputy's cards, then discards everything as the penalty.
	s := newScenario(t, 5, map[int]Character{0: VultureSam}, scFive...)
	b := nth(BANG, 0)
	x, bar, sc := nth(Duel, 0), nth(Barrel, 0), nth(Scope, 0)
	s.hand(0, b, keep)
	s.inPlay(0, sc)
	s.hand(4, x)
	s.inPlay(4, bar)
	s.life(4, 1)
	s.hand(1, keep2())
	s.deck(fill1, fill2, clubCard, fill3, fill4)
	s.start()
	s.playAt(b, 4) // the Barrel draws the club
	s.wantDeath(4, CauseBang, 0)
	s.wantHand(0)
	s.wantInPlay(0)
	s.wantDiscarded(x, bar, sc, keep, fill1, fill2)
	if s.g.Penalties != 1 {
		t.Fatal("no penalty")
	}
	s.expect(DecidePlay, 1) // his turn ended with an empty hand
}

func TestRulingC6_SuzyDrawsMidAnswer(t *testing.T) {
	t.Run("slab", func(t *testing.T) {
		// ruling C6: against Slab she draws after her first Missed! and uses a second.
		s := newScenario(t, 5, map[int]Character{0: SlabTheKiller, 1: SuzyLafayette}, scFive...)
		b := nth(BANG, 0)
		x := nth(Duel, 0)
		s.hand(0, b, keep)
		s.hand(1, miss)
		s.deck(fill1, fill2, miss2, x)
		s.start()
		s.playAt(b, 1)
		s.use(miss)
		s.expect(DecideMissed, 1)
		s.wantNeed(1)
		s.use(miss2)
		s.wantLife(5, 4, 4, 4, 4)
		s.wantHand(1, x) // and once more
	})
	t.Run("el-gringo", func(t *testing.T) {
		// ruling C6: Suzy draws, El Gringo takes that card, Suzy draws again.
		s := newScenario(t, 5, map[int]Character{0: SuzyLafayette, 1: ElGringo}, scFive...)
		b := nth(BANG, 0)
		mus, sc := nth(Mustang, 0), nth(Scope, 0)
		d1 := nth(Duel, 0)
		s.hand(0, b)
		s.deck(mus, sc, d1, keep)
		s.start()
		s.playSelf(mus)
		s.playSelf(sc)
		s.playAt(b, 1) // her last card: she draws d1 before it resolves
		s.wantLife(5, 2, 4, 4, 4)
		s.wantHand(1, d1)
		s.wantHand(0, keep)
		if s.g.SuzyDraws != 2 {
			t.Fatalf("%d Suzy draws", s.g.SuzyDraws)
		}
	})
}

func TestRulingC7_SeveralDeathsOneCard(t *testing.T) {
	t.Run("renegade-alone", func(t *testing.T) {
		// ruling C7: a Renegade's Gatling kills the Deputy, the Sheriff and the last
		// Outlaw, clockwise from his left; he is the only one alive and wins. The reward
		// for the Outlaw is paid all the same (C21).
		s := newScenario(t, 5, nil, scFive...)
		g := nth(Gatling, 0)
		s.active(3)
		s.dead(2)
		s.life(4, 1)
		s.life(0, 1)
		s.life(1, 1)
		s.hand(3, g, keep)
		s.deck(fill1, fill2)
		s.start()
		s.playSelf(g)
		s.wantWinners(3)
		if s.g.Rewards != 1 || s.g.Hand[3].Len() != 6 {
			t.Fatalf("rewards %d, Renegade holds %d", s.g.Rewards, s.g.Hand[3].Len())
		}
		if s.g.Pending().Kind != DecideNone {
			t.Fatal("a decision after the end")
		}
	})
	t.Run("outlaws-win", func(t *testing.T) {
		// ruling C7: the Sheriff dies to the same Gatling as the last Outlaw, the
		// Deputy survives: the Outlaws win.
		s := newScenario(t, 5, nil, scFive...)
		g := nth(Gatling, 0)
		s.active(3)
		s.dead(2)
		s.life(0, 1)
		s.life(1, 1)
		s.hand(3, g, keep)
		s.deck(fill1, fill2)
		s.start()
		s.playSelf(g)
		s.wantAlive(3, 4)
		s.wantWinners(1, 2)
	})
}

func TestRulingC8_DiscardDownToTheLimit(t *testing.T) {
	// ruling C8: phase 3 discards down to the life, never below; a blue card already in
	// play may be discarded from the hand.
	s := newScenario(t, 5, nil, scFive...)
	bar1, bar2 := nth(Barrel, 0), nth(Barrel, 1)
	x, y := nth(Duel, 0), nth(Duel, 1)
	s.hand(0, bar2, x, y, keep)
	s.inPlay(0, bar1)
	s.life(0, 2)
	s.hand(1, keep2())
	s.deck(fill1, fill2)
	s.start()
	s.playAt(x, 2)                                     // seat 2 has no BANG!: loses a life
	s.apply(s.g.Pending().Find(ActEnd, NoCard), "end") // hand: bar2 y keep fill1 fill2
	s.expect(DecideDiscard, 0)
	s.wantNeed(3)
	s.wantOptions(5, 5)
	s.use(bar2)
	s.use(y)
	s.expect(DecideDiscard, 0)
	s.wantNeed(1)
	s.use(keep)
	s.wantHand(0, fill1, fill2)
	s.expect(DecidePlay, 1)
}

func TestRulingC9_ReshuffleIncludesThePlayedCard(t *testing.T) {
	// ruling C9: the Stagecoach is on the discard pile when the empty deck is reshuffled.
	s := newScenario(t, 5, nil, scFive...)
	sc := nth(Stagecoach, 0)
	s.hand(0, sc, keep)
	s.deck(fill1, fill2)
	s.onlyThese()
	s.start()
	s.playSelf(sc)
	s.wantHand(0, keep, fill1, fill2, sc) // the second draw finds nothing (C23)
	if s.g.Reshuffles != 1 {
		t.Fatalf("%d reshuffles", s.g.Reshuffles)
	}
}

func TestRulingC10_PanicAndCatBalouOnOneself(t *testing.T) {
	// ruling C10: legal, though not the yardstick's option.
	s := newScenario(t, 5, nil, scFive...)
	p, cb := nth(Panic, 0), nth(CatBalou, 0)
	bar, mus := nth(Barrel, 0), nth(Mustang, 0)
	s.hand(0, p, cb, keep)
	s.inPlay(0, bar, mus)
	s.deck(fill1, fill2)
	s.start()
	i := s.g.Pending().FindPlay(p, 0, bar)
	if i < int(s.g.Pending().Yard) {
		t.Fatalf("Panic! on oneself at %d, yard %d", i, s.g.Pending().Yard)
	}
	s.playCard(p, 0, bar)
	s.wantInPlay(0, mus)
	s.playCard(cb, 0, mus)
	s.wantInPlay(0)
	s.wantHand(0, keep, fill1, fill2, bar)
	s.playCard(keep, -1, NoCard)
}

func TestRulingC11_TurnCapIsADraw(t *testing.T) {
	// ruling C11: a game that passes the turn cap ends as a draw.
	s := newScenario(t, 5, nil, scFive...)
	s.rules(func(r *Rules) { r.MaxTurns = 2 })
	s.hand(0, keep)
	s.hand(1, keep2())
	s.deck(fill1, fill2, fill3, fill4)
	s.start()
	s.endTurn()
	s.expect(DecidePlay, 1)
	s.endTurn()
	if !s.g.Over || !s.g.Draw || s.g.Winners != 0 || s.g.Turns != 2 {
		t.Fatalf("over %v draw %v winners %#b turns %d", s.g.Over, s.g.Draw, s.g.Winners, s.g.Turns)
	}
	var tl Tally
	tl.Add(s.g)
	if tl.Draws != 1 || tl.Games != 1 {
		t.Fatalf("tally draws %d", tl.Draws)
	}
}

func TestRulingC12_PedroAndStagecoachAtTheDecksEnd(t *testing.T) {
	t.Run("pedro-pile-first", func(t *testing.T) {
		// ruling C12: the top of the discard pile first, then the rest shuffled.
		s := newScenario(t, 5, map[int]Character{0: PedroRamirez}, scFive...)
		x, y := nth(Duel, 0), nth(Duel, 1)
		s.hand(0, keep)
		s.discards(x, y)
		s.onlyThese()
		s.start()
		s.act(ActPile)
		s.wantHand(0, keep, y, x)
		if s.g.Reshuffles != 1 {
			t.Fatal("no reshuffle")
		}
	})
	t.Run("pedro-shuffle-first", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{0: PedroRamirez}, scFive...)
		x, y := nth(Duel, 0), nth(Duel, 1)
		s.hand(0, keep)
		s.discards(x, y)
		s.onlyThese()
		s.start()
		s.act(ActDeck)
		s.wantHand(0, keep, y, x)
	})
	t.Run("stagecoach", func(t *testing.T) {
		// ruling C12: one card left: draw it, shuffle (the Stagecoach included), draw.
		s := newScenario(t, 5, nil, scFive...)
		sc := nth(Stagecoach, 0)
		z := nth(Duel, 0)
		s.hand(0, sc, keep)
		s.deck(fill1, fill2, z)
		s.onlyThese()
		s.start()
		s.playSelf(sc)
		s.wantHand(0, keep, fill1, fill2, z, sc)
	})
}

func TestRulingC13_JanetMissedAsBangAgainstIndiansAndDuel(t *testing.T) {
	t.Run("indians", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: CalamityJanet}, scFive...)
		in := nth(Indians, 0)
		s.hand(0, in, keep)
		s.hand(1, miss)
		s.deck(fill1, fill2)
		s.start()
		s.playSelf(in)
		s.expect(DecideBang, 1) // ruling C13: Janet may answer Indians! with a Missed!
		s.use(miss)
		s.wantLife(5, 4, 3, 3, 3)
	})
	t.Run("duel", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: CalamityJanet}, scFive...)
		du := nth(Duel, 0)
		s.hand(0, du, keep)
		s.hand(1, miss)
		s.deck(fill1, fill2)
		s.start()
		s.playAt(du, 1)
		s.expect(DecideBang, 1)
		s.use(miss)
		s.wantLife(4, 4, 4, 4, 4)
	})
}

func TestRulingC14_TurnsCountWhenTheyStart(t *testing.T) {
	t.Run("jail-at-cap", func(t *testing.T) {
		// ruling C14: a turn skipped by Jail counts, and the cap counts it.
		s := newScenario(t, 5, nil, scFive...)
		s.rules(func(r *Rules) { r.MaxTurns = 1 })
		s.active(1)
		s.inPlay(1, nth(Jail, 0))
		s.deck(clubCard, fill1, fill2)
		s.start()
		if !s.g.Draw || s.g.Turns != 1 {
			t.Fatalf("draw %v turns %d", s.g.Draw, s.g.Turns)
		}
		s.wantHand(1) // no phase at all
	})
	t.Run("dynamite-death", func(t *testing.T) {
		// ruling C14: a turn ended by a Dynamite death counts.
		s := newScenario(t, 5, nil, scFive...)
		s.active(1)
		s.life(1, 3)
		s.inPlay(1, nth(Dynamite, 0))
		s.hand(2, keep)
		s.deck(boomCard, fill1, fill2)
		s.start()
		s.expect(DecidePlay, 2)
		s.wantTurns(2)
		s.wantAlive(0, 2, 3, 4)
	})
}

func TestRulingC15_DiscardBeforeEffect(t *testing.T) {
	t.Run("brown", func(t *testing.T) {
		// ruling C15: the BANG! is on the discard pile while it is being answered.
		s := newScenario(t, 5, nil, scFive...)
		b := nth(BANG, 0)
		s.hand(0, b, keep)
		s.hand(1, miss)
		s.deck(fill1, fill2)
		s.start()
		s.playAt(b, 1)
		s.expect(DecideMissed, 1)
		s.wantTop(b)
	})
	t.Run("jail", func(t *testing.T) {
		// ruling C15: the "draw!" card goes onto the pile before the Jail it decided.
		s := newScenario(t, 5, nil, scFive...)
		j := nth(Jail, 0)
		s.active(1)
		s.inPlay(1, j)
		s.hand(1, keep)
		s.deck(heartCard, fill1, fill2)
		s.start()
		pile := s.g.DiscardPile(nil)
		if len(pile) != 2 || pile[0] != heartCard || pile[1] != j {
			t.Fatalf("pile %v", pile)
		}
	})
	t.Run("lucky", func(t *testing.T) {
		// ruling C15: both of Lucky Duke's cards are discarded, before the Jail.
		s := newScenario(t, 5, map[int]Character{1: LuckyDuke}, scFive...)
		j := nth(Jail, 0)
		s.active(1)
		s.inPlay(1, j)
		s.hand(1, keep)
		s.deck(clubCard, heartCard, fill1, fill2)
		s.start()
		s.expect(DecideLucky, 1)
		s.use(heartCard)
		pile := s.g.DiscardPile(nil)
		if len(pile) != 3 || pile[0] != clubCard || pile[1] != heartCard || pile[2] != j {
			t.Fatalf("pile %v", pile)
		}
		s.expect(DecidePlay, 1)
	})
}

func TestRulingC16_GatlingTargetByTarget(t *testing.T) {
	t.Run("vulture-uses-the-dead-mans-missed", func(t *testing.T) {
		// ruling C16: seat 1 dies (Vulture Sam takes his Missed!) before seat 2, Vulture
		// Sam, answers the same Gatling with it.
		s := newScenario(t, 5, map[int]Character{2: VultureSam}, scFive...)
		g := nth(Gatling, 0)
		s.hand(0, g, keep)
		s.hand(1, miss)
		s.life(1, 1)
		s.deck(fill1, fill2, fill3, fill4, fill5)
		s.start()
		s.playSelf(g)
		s.expect(DecideMissed, 1)
		s.act(ActTakeHit)
		s.wantDeath(1, CauseGatling, 0)
		s.expect(DecideMissed, 2)
		s.use(miss)
		s.wantLife(5, 0, 4, 3, 3)
	})
	t.Run("beer-counts-the-dying", func(t *testing.T) {
		// ruling C16: 3 alive at that moment, the dying player included: a Beer saves.
		roles := []Role{Sheriff, Renegade, Outlaw, Outlaw}
		s := newScenario(t, 4, nil, roles...)
		g := nth(Gatling, 0)
		s.dead(2)
		s.hand(0, g, keep)
		s.hand(1, beer)
		s.life(1, 1)
		s.deck(fill1, fill2)
		s.start()
		s.playSelf(g)
		s.expect(DecideLethal, 1)
		s.wantOptions(2, 2)
		s.use(beer)
		s.wantLife(5, 1, 0, 3)
	})
}

func TestRulingC17_EndCheckedAfterTheCard(t *testing.T) {
	// ruling C17: the last Outlaw and the Renegade gone: the law wins at once.
	s := newScenario(t, 5, nil, scFive...)
	b := nth(BANG, 0)
	s.dead(2, 3)
	s.life(1, 1)
	s.hand(0, b, keep)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.wantWinners(0, 4)
	if s.g.Rewards != 1 {
		t.Fatal("reward not paid")
	}
}

func TestRulingC18_BarrelOnlyWhileNeeded(t *testing.T) {
	t.Run("jourdonnais", func(t *testing.T) {
		// ruling C18: the second Barrel is drawn only if the first failed.
		s := newScenario(t, 5, map[int]Character{1: Jourdonnais}, scFive...)
		b := nth(BANG, 0)
		s.hand(0, b, keep)
		s.inPlay(1, nth(Barrel, 0))
		s.deck(fill1, fill2, heartCard, clubCard)
		s.start()
		s.playAt(b, 1)
		if s.g.BarrelDraws != 1 {
			t.Fatalf("%d Barrel draws", s.g.BarrelDraws)
		}
	})
	t.Run("jourdonnais-fails-once", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: Jourdonnais}, scFive...)
		b := nth(BANG, 0)
		s.hand(0, b, keep)
		s.inPlay(1, nth(Barrel, 0))
		s.deck(fill1, fill2, clubCard, heartCard)
		s.start()
		s.playAt(b, 1)
		s.wantLife(5, 4, 4, 4, 4)
		if s.g.BarrelDraws != 2 || s.g.BarrelSuccesses != 1 {
			t.Fatalf("%d Barrel draws", s.g.BarrelDraws)
		}
	})
	t.Run("slab-gatling", func(t *testing.T) {
		// ruling C18: Slab's Gatling needs one Missed! only.
		s := newScenario(t, 5, map[int]Character{0: SlabTheKiller}, scFive...)
		g := nth(Gatling, 0)
		s.hand(0, g, keep)
		s.hand(1, miss)
		s.deck(fill1, fill2)
		s.start()
		s.playSelf(g)
		s.expect(DecideMissed, 1)
		s.wantNeed(1)
		s.use(miss)
		s.wantLife(5, 4, 3, 3, 3)
	})
}

func TestRulingC19_SurvivalAbilities(t *testing.T) {
	t.Run("el-gringo-dies", func(t *testing.T) {
		// ruling C19: El Gringo takes his card only if he survives.
		s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
		b := nth(BANG, 0)
		s.hand(0, b, keep)
		s.life(1, 1)
		s.deck(fill1, fill2, fill3, fill4, fill5)
		s.start()
		s.playAt(b, 1)
		s.wantDeath(1, CauseBang, 0)
		s.wantHand(0, keep, fill1, fill2, fill3, fill4, fill5)
		if s.g.GringoSteals != 0 {
			t.Fatal("a dead El Gringo stole")
		}
	})
	t.Run("bart-saved", func(t *testing.T) {
		// ruling C19: Bart draws for the point lost even when a Beer saved him.
		s := newScenario(t, 5, map[int]Character{1: BartCassidy}, scFive...)
		b := nth(BANG, 0)
		x := nth(Duel, 0)
		s.hand(0, b, keep)
		s.hand(1, beer)
		s.life(1, 1)
		s.deck(fill1, fill2, x)
		s.start()
		s.playAt(b, 1)
		s.expect(DecideLethal, 1)
		s.use(beer)
		s.wantLife(5, 1, 4, 4, 4)
		s.wantHand(1, x)
	})
	t.Run("bart-dies", func(t *testing.T) {
		// ruling C19 (the digest's "if he survives the hit"): Bart at 1 life with no
		// Beer draws nothing for the point that kills him, so the Beer on the deck
		// does not save him; it goes to the Sheriff's reward for the Outlaw. (The
		// rulebook's "each time he loses a life point" does not say; docs/rules.md.)
		s := newScenario(t, 5, map[int]Character{1: BartCassidy}, scFive...)
		b := nth(BANG, 0)
		s.hand(0, b, keep)
		s.hand(1, nth(Duel, 0))
		s.life(1, 1)
		s.deck(fill1, fill2, beer, fill3, fill4)
		s.start()
		s.playAt(b, 1)
		s.wantDeath(1, CauseBang, 0)
		if s.g.BartDraws != 0 {
			t.Fatal("a dead Bart Cassidy drew")
		}
		s.wantHand(0, keep, fill1, fill2, beer, fill3, fill4)
	})
	t.Run("bart-dynamite", func(t *testing.T) {
		// ruling C19: 3 cards for a Dynamite he survives.
		s := newScenario(t, 5, map[int]Character{1: BartCassidy}, scFive...)
		s.active(1)
		s.inPlay(1, nth(Dynamite, 0))
		s.hand(1, keep)
		x, y, z := nth(Duel, 0), nth(Duel, 1), nth(Duel, 2)
		s.deck(boomCard, x, y, z, fill1, fill2)
		s.start()
		s.expect(DecidePlay, 1)
		s.wantLife(5, 1, 4, 4, 4)
		s.wantHand(1, keep, x, y, z, fill1, fill2)
	})
	t.Run("sid-two-alive", func(t *testing.T) {
		// ruling C19: Sid's heal is not a Beer: it works with 2 players alive, a Beer
		// does not.
		roles := []Role{Sheriff, Renegade, Outlaw, Outlaw}
		s := newScenario(t, 4, map[int]Character{1: SidKetchum}, roles...)
		b := nth(BANG, 0)
		d1 := nth(Duel, 0)
		s.dead(2, 3)
		s.hand(0, b, keep)
		s.hand(1, beer, d1)
		s.life(1, 1)
		s.deck(fill1, fill2)
		s.start()
		s.playAt(b, 1)
		s.expect(DecideLethal, 1)
		s.wantOptions(2, 2) // die, heal: no Beer
		s.act(ActHeal)
		s.use(beer)
		s.wantLife(5, 1, 0, 0)
	})
}

func TestRulingC20_SuzyTiming(t *testing.T) {
	t.Run("after-it-resolves", func(t *testing.T) {
		// ruling C20 as amended (seed 003: an ability waits until the cards' effects are
		// resolved): she draws once her last card is resolved, so the target's Barrel
		// "draw!" comes first. (The digest's C20 had her draw first: the Barrel would
		// have drawn fill1 and failed.)
		s := newScenario(t, 5, map[int]Character{0: SuzyLafayette}, scFive...)
		b := nth(BANG, 0)
		mus, sc := nth(Mustang, 0), nth(Scope, 0)
		s.hand(0, b)
		s.inPlay(1, nth(Barrel, 0))
		s.deck(mus, sc, heartCard, fill1)
		s.start()
		s.playSelf(mus)
		s.playSelf(sc)
		s.playAt(b, 1)
		s.wantHand(0, fill1)
		s.wantLife(5, 4, 4, 4, 4) // the Barrel drew the heart
	})
	t.Run("el-gringo", func(t *testing.T) {
		// ruling C6 (seed 003): her last BANG! hits El Gringo: she draws, he takes that
		// card, she draws again.
		s := newScenario(t, 5, map[int]Character{0: SuzyLafayette, 1: ElGringo}, scFive...)
		b := nth(BANG, 0)
		mus, sc := nth(Mustang, 0), nth(Scope, 0)
		s.hand(0, b)
		s.deck(mus, sc, fill1, fill2)
		s.start()
		s.playSelf(mus)
		s.playSelf(sc)
		s.playAt(b, 1) // no Missed!: the hit is taken unasked; her turn ends with fill2
		s.wantHand(0, fill2)
		if !s.g.Hand[1].Has(fill1) {
			t.Fatalf("El Gringo's hand %v lacks the card Suzy drew first", s.g.Hand[1])
		}
		if s.g.SuzyDraws != 2 || s.g.GringoSteals != 1 {
			t.Fatalf("Suzy draws %d, Gringo steals %d", s.g.SuzyDraws, s.g.GringoSteals)
		}
	})
	t.Run("general-store", func(t *testing.T) {
		// ruling C20: a General Store played as her last card: she waits for the picks,
		// then holds a card and draws nothing.
		s := newScenario(t, 5, map[int]Character{0: SuzyLafayette}, scFive...)
		gs := nth(GeneralStore, 0)
		mus, sc := nth(Mustang, 0), nth(Scope, 0)
		r := []CardID{keep, nth(Duel, 0), nth(Duel, 1), nth(Duel, 2), nth(Jail, 0)}
		s.hand(0, gs)
		s.deck(mus, sc, r[0], r[1], r[2], r[3], r[4], fill1)
		s.start()
		s.playSelf(mus)
		s.playSelf(sc)
		s.playSelf(gs)
		s.expect(DecideStore, 0)
		s.use(keep)
		for seat := 1; seat <= 3; seat++ {
			s.expect(DecideStore, seat)
			s.apply(0, "pick")
		}
		s.expect(DecidePlay, 0)
		s.wantHand(0, keep)
		if s.g.SuzyDraws != 0 {
			t.Fatal("Suzy drew during the General Store")
		}
	})
	t.Run("duel", func(t *testing.T) {
		// ruling C20: in a Duel she waits until it is over, its life loss included,
		// then draws once.
		s := newScenario(t, 5, map[int]Character{1: SuzyLafayette}, scFive...)
		du := nth(Duel, 0)
		b0, b1 := nth(BANG, 0), nth(BANG, 1)
		x := nth(Jail, 0)
		s.hand(0, du, b0, keep)
		s.hand(1, b1)
		s.deck(fill1, fill2, x)
		s.start()
		s.playAt(du, 1)
		s.expect(DecideBang, 1)
		s.use(b1) // her last card: no draw yet
		s.expect(DecideBang, 0)
		s.act(ActTakeHit) // seat 0 loses
		s.wantLife(4, 4, 4, 4, 4)
		s.wantHand(1, x)
		if s.g.SuzyDraws != 1 {
			t.Fatalf("%d Suzy draws", s.g.SuzyDraws)
		}
	})
	t.Run("penalty", func(t *testing.T) {
		// ruling C20: the Sheriff Suzy who killed a Deputy discards all, then draws.
		s := newScenario(t, 5, map[int]Character{0: SuzyLafayette}, scFive...)
		b := nth(BANG, 0)
		x := nth(Jail, 0)
		s.hand(0, b, fill3)
		s.life(4, 1)
		s.hand(1, keep)
		s.deck(fill1, fill2, x, fill4, fill5)
		s.start()
		s.playAt(b, 4)
		s.wantDeath(4, CauseBang, 0)
		if s.g.Penalties != 1 || s.g.SuzyDraws != 1 {
			t.Fatalf("penalties %d Suzy draws %d", s.g.Penalties, s.g.SuzyDraws)
		}
		s.wantHand(0, x)
	})
}

func TestRulingC21_DeadCardsBeforeTheReward(t *testing.T) {
	// ruling C21: the dead Outlaw's hand, then his cards in play, go onto the pile
	// before the killer draws his 3 cards.
	s := newScenario(t, 5, nil, scFive...)
	b := nth(BANG, 0)
	x, y, sc := nth(Duel, 0), nth(Duel, 1), nth(Scope, 0)
	s.role(4, Outlaw)
	s.role(1, Deputy)
	s.hand(0, b, keep)
	s.hand(4, x, y)
	s.inPlay(4, sc)
	s.life(4, 1)
	s.deck(fill1, fill2, fill3, fill4, fill5)
	s.start()
	s.playAt(b, 4)
	pile := s.g.DiscardPile(nil)
	want := []CardID{b, x, y, sc}
	if len(pile) != len(want) {
		t.Fatalf("pile %v, want %v", pile, want)
	}
	for i := range want {
		if pile[i] != want[i] {
			t.Fatalf("pile %v, want %v", pile, want)
		}
	}
	s.wantHand(0, keep, fill1, fill2, fill3, fill4, fill5)
}

func TestRulingC22_KitPanicDynamite(t *testing.T) {
	t.Run("kit-one-at-a-time", func(t *testing.T) {
		// ruling C22: Kit's third card comes from the reshuffled pile; the one he returns
		// goes on top of the deck.
		s := newScenario(t, 5, map[int]Character{0: KitCarlson}, scFive...)
		x := nth(Duel, 0)
		s.hand(0, keep)
		s.deck(fill1, fill2)
		s.discards(x)
		s.onlyThese()
		s.start()
		s.expect(DecideKit, 0)
		s.wantOptions(3, 3)
		s.use(fill1)
		if s.g.DeckLen != 1 || s.g.deck[0] != fill1 || s.g.Reshuffles != 1 {
			t.Fatalf("deck %v", s.g.Deck(nil))
		}
		s.wantHand(0, keep, fill2, x)
	})
	t.Run("panic-dynamite-cat-jail", func(t *testing.T) {
		// ruling C22: Panic! and Cat Balou take exactly the card aimed at, Jail and
		// Dynamite included.
		s := newScenario(t, 5, nil, scFive...)
		p, cb := nth(Panic, 0), nth(CatBalou, 0)
		dy, j := nth(Dynamite, 0), nth(Jail, 0)
		s.hand(0, p, cb, keep)
		s.inPlay(1, dy, j)
		s.deck(fill1, fill2)
		s.start()
		s.playCard(p, 1, dy)
		s.playCard(cb, 1, j)
		s.wantInPlay(1)
		s.wantHand(0, keep, fill1, fill2, dy)
		s.wantTop(j)
	})
	t.Run("dynamite-skips-the-dead", func(t *testing.T) {
		// ruling C22: the Dynamite passes to the next living player clockwise.
		s := newScenario(t, 5, nil, scFive...)
		dy := nth(Dynamite, 0)
		s.dead(1)
		s.inPlay(0, dy)
		s.hand(0, keep)
		s.deck(clubCard, fill1, fill2)
		s.start()
		s.wantInPlay(2, dy)
	})
}

func TestRulingC23_NothingToDraw(t *testing.T) {
	// ruling C23: with both piles empty nothing is drawn, and a "draw!" fails: the
	// Dynamite does not explode (it passes), phase 1 draws nothing.
	s := newScenario(t, 5, nil, scFive...)
	dy := nth(Dynamite, 0)
	b := nth(BANG, 0)
	s.inPlay(0, dy)
	s.hand(0, b, keep)
	s.onlyThese()
	s.start()
	s.expect(DecidePlay, 0)
	s.wantInPlay(1, dy)
	s.wantHand(0, b, keep)
	s.wantLife(5, 4, 4, 4, 4)
	if s.g.DynamiteDraws != 1 || s.g.DynamiteExplosions != 0 || s.g.Reshuffles != 0 {
		t.Fatal("counters")
	}
}
