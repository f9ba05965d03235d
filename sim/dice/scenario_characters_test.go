package dice

import "testing"

// One or more scenarios per character (the 16 and the Plain baseline), each playing the
// ability through the exported API. Seating as in scenario_rulings_test.go: scFive,
// Plain unless listed, seat 0 the Sheriff (+2 life).

func TestCharacterPlain_Baseline(t *testing.T) {
	// Plain: 8 life (Sheriff 10), no decisions beyond the rulebook's, Bull's Eye 2 reaches
	// distance 2 only, two Gatlings do not fire, a hit is simply lost.
	var g State
	r := DefaultRules(5)
	r.Deal = DealPlain
	g.Setup(&r, 3, 4)
	for seat := 0; seat < 5; seat++ {
		want := 8
		if g.Role[seat] == Sheriff {
			want = 10
		}
		if g.Char[seat] != Plain || int(g.Life[seat]) != want || int(g.MaxLife[seat]) != want {
			t.Fatalf("seat %d: %s life %d/%d, want Plain %d", seat, g.Char[seat], g.Life[seat], g.MaxLife[seat], want)
		}
	}
	s := newScenario(t, 5, nil, scFive...)
	s.script("2GGDD" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(2, 3))
	s.apply(2)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 8, 7, 8, 8)
	s.wantCounts(0, 0, 0)
	s.wantScriptUsed()
}

func TestCharacterPlain_ThreeRollsOnly(t *testing.T) {
	// Plain: two rerolls; the third roll is final and asks nothing (Lucky Duke's contrast).
	s := newScenario(t, 5, nil, scFive...)
	s.script("DDGGA" + "A" + "A" + "BBBBB")
	s.start()
	s.expect(DecideReroll, 0)
	s.apply(0b10000)
	s.expect(DecideReroll, 0)
	s.apply(0b10000)
	s.expect(DecideReroll, 1)
	s.wantArrows(6, 3, 0, 0, 0, 0)
	s.wantScriptUsed()
}

func TestCharacterBartCassidy_ArrowInsteadOfLife(t *testing.T) {
	// Bart Cassidy takes an arrow instead of the Bull's Eye's point and instead of the
	// Gatling's.
	s := newScenario(t, 5, map[int]Character{1: BartCassidy}, scFive...)
	s.script("1GGGD" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	d := s.expect(DecideBartArrow, 1)
	if d.Cause != CauseBullsEye {
		t.Fatalf("cause %s, want bullseye", d.Cause)
	}
	s.apply(1)
	d = s.expect(DecideBartArrow, 1)
	if d.Cause != CauseGatling {
		t.Fatalf("cause %s, want gatling", d.Cause)
	}
	s.wantArrows(8, 0, 1, 0, 0, 0)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 8, 7, 7, 7)
	s.wantArrows(7, 0, 2, 0, 0, 0)
	s.wantScriptUsed()
}

func TestCharacterBartCassidy_NeverTheLastArrow(t *testing.T) {
	// Bart Cassidy may not take the pile's last arrow: he loses the point, unasked.
	s := newScenario(t, 5, map[int]Character{1: BartCassidy}, scFive...)
	s.arrows(1, map[int]int{2: 8})
	s.script("1DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 8, 8, 8)
	s.wantArrows(1, 0, 0, 8, 0, 0)
}

func TestCharacterBartCassidy_NotAgainstIndiansOrDynamite(t *testing.T) {
	// Bart Cassidy rolling: the Indians take 2 from him and his Dynamite 1, with no offer
	// although the refilled pile has arrows to spare.
	s := newScenario(t, 5, map[int]Character{1: BartCassidy}, scFive...)
	s.active(1)
	s.arrows(1, map[int]int{1: 1, 3: 7})
	s.script("ADDDG" + "BBBBB")
	s.start()
	s.expect(DecideReroll, 2)
	s.wantLife(10, 5, 8, 1, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantCounts(1, 1, 0)
}

func TestCharacterBlackJack_RerollsDynamite(t *testing.T) {
	// Black Jack may reroll his two Dynamite (a Plain roller may not: see the worked
	// example) and here turns them into a Gatling and a Dynamite.
	s := newScenario(t, 5, map[int]Character{0: BlackJack}, scFive...)
	s.script("DDAGG" + "GD" + "BBBBB")
	s.start()
	s.options(s.expect(DecideReroll, 0), 0b11111)
	s.wantArrows(8, 1, 0, 0, 0, 0)
	s.apply(0b00011)
	s.wantDice("GDAGG")
	s.options(s.expect(DecideReroll, 0), 0b11111)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 7, 7, 7)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantScriptUsed()
}

func TestCharacterBlackJack_NotWhenThreeShow(t *testing.T) {
	// Black Jack keeps two Dynamite, rerolls the rest and a third Dynamite shows: the
	// rolling stops at once and he loses a life, his reroll left unused.
	s := newScenario(t, 5, map[int]Character{0: BlackJack}, scFive...)
	s.script("DDGGA" + "DGG" + "BBBBB")
	s.start()
	s.apply(0b11100)
	s.expect(DecideReroll, 1)
	s.wantLife(9, 8, 8, 8, 8)
	s.wantArrows(8, 1, 0, 0, 0, 0)
	s.wantCounts(0, 1, 0)
	s.wantScriptUsed()
}

func TestCharacterCalamityJanet_SwappedRanges(t *testing.T) {
	// Calamity Janet, 6 players: both Bull's Eyes reach distance 1 or 2, not 3.
	s := newScenario(t, 6, map[int]Character{0: CalamityJanet}, Sheriff, Outlaw, Outlaw, Outlaw, Renegade, Deputy)
	s.script("12DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 2, 4, 5))
	s.apply(2) // Bull's Eye 1 used as 2
	s.options(s.expectDie(DecideTarget, 0, 1), scOpts(1, 2, 4, 5))
	s.apply(1) // Bull's Eye 2 used as 1
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 7, 8, 8, 8)
}

func TestCharacterElGringo_ShooterTakesArrow(t *testing.T) {
	// El Gringo: the roller who hits him takes an arrow; the hit on seat 4 costs nothing.
	s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
	s.script("11DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.apply(4)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 6, 8, 8, 7)
	s.wantArrows(8, 1, 0, 0, 0, 0)
}

func TestCharacterElGringo_NoArrowForIndiansOrDynamite(t *testing.T) {
	// El Gringo rolling loses life to the Indians and his Dynamite: nobody takes an arrow.
	s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
	s.active(1)
	s.arrows(1, map[int]int{1: 1, 3: 7})
	s.script("ADDDG" + "BBBBB")
	s.start()
	s.expect(DecideReroll, 2)
	s.wantLife(10, 4, 8, 1, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
}

func TestCharacterElGringo_KilledStillCostsArrowIndians(t *testing.T) {
	// El Gringo (D9): killed by the Gatling, he still makes the roller take an arrow; it is
	// the pile's last and the Indians strike the roller before his arrows return.
	s := newScenario(t, 5, map[int]Character{2: ElGringo}, scFive...)
	s.life(map[int]int{2: 1})
	s.arrows(1, map[int]int{0: 3, 4: 5})
	s.script("GGGDD" + "BBBBB")
	s.start()
	s.stop(0)
	s.expect(DecideReroll, 1)
	s.wantLife(6, 7, 0, 7, 2)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantDeath(2, CauseGatling, 0)
	s.wantCounts(1, 0, 1)
}

func TestCharacterJesseJones_DoubleBeerCapped(t *testing.T) {
	// Jesse Jones at 4 (max 9): three Beers on himself give 2, 2 and the 1 left to his
	// maximum; a Beer on another player gives 1.
	s := newScenario(t, 5, map[int]Character{2: JesseJones}, scFive...)
	s.active(2)
	s.life(map[int]int{1: 5, 2: 4})
	s.script("BBBBG" + "BBBBB")
	s.start()
	s.stop(2)
	s.apply(2)
	s.wantLife(10, 5, 6, 8, 8)
	s.apply(2)
	s.apply(2)
	s.wantLife(10, 5, 9, 8, 8)
	s.apply(1)
	s.expect(DecideReroll, 3)
	s.wantLife(10, 6, 9, 8, 8)
}

func TestCharacterJesseJones_AboveFourSingleBeer(t *testing.T) {
	// Jesse Jones at 5: a Beer on himself gives just 1.
	s := newScenario(t, 5, map[int]Character{2: JesseJones}, scFive...)
	s.active(2)
	s.life(map[int]int{2: 5})
	s.script("BGGDD" + "BBBBB")
	s.start()
	s.stop(2)
	s.apply(2)
	s.expect(DecideReroll, 3)
	s.wantLife(10, 8, 6, 8, 8)
}

func TestCharacterJourdonnais_IndiansTakeOne(t *testing.T) {
	// Jourdonnais holding 3 arrows loses only 1 to the Indians.
	s := newScenario(t, 5, map[int]Character{2: Jourdonnais}, scFive...)
	s.arrows(1, map[int]int{2: 3, 3: 5})
	s.script("ADDGG" + "BBBBB")
	s.start()
	s.options(s.expect(DecideReroll, 0), scOpts(0, 3, 4))
	s.wantLife(9, 8, 6, 3, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantCounts(1, 0, 0)
}

func TestCharacterKitCarlson_OneDiscardPerGatlingDie(t *testing.T) {
	// Kit Carlson with two Gatlings (no fire): two discards, one of seat 3's arrows and
	// one of his own; he keeps the rest, the Gatling not having fired.
	s := newScenario(t, 5, map[int]Character{0: KitCarlson}, scFive...)
	s.arrows(6, map[int]int{0: 2, 3: 1})
	s.script("GGDDA" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideKitDiscard, 0, 0), scOpts(0, 3)|1<<Skip)
	s.apply(3)
	s.options(s.expectDie(DecideKitDiscard, 0, 1), scOpts(0)|1<<Skip)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantArrows(7, 2, 0, 0, 0, 0)
	s.wantLife(9, 8, 8, 8, 8)
	s.wantCounts(0, 0, 0)
	s.wantScriptUsed()
}

func TestCharacterKitCarlson_ThreeGatlings(t *testing.T) {
	// Kit Carlson with three Gatlings: three of seat 1's arrows go back, then the Gatling
	// fires and returns all of his own.
	s := newScenario(t, 5, map[int]Character{0: KitCarlson}, scFive...)
	s.arrows(4, map[int]int{0: 2, 1: 3})
	s.script("GGGDD" + "BBBBB")
	s.start()
	s.stop(0)
	for die := 0; die < 3; die++ {
		s.options(s.expectDie(DecideKitDiscard, 0, die), scOpts(0, 1)|1<<Skip)
		s.apply(1)
	}
	s.expect(DecideReroll, 1)
	s.wantLife(9, 7, 7, 7, 7)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantCounts(0, 0, 1)
}

func TestCharacterLuckyDuke_FourRolls(t *testing.T) {
	// Lucky Duke rerolls three times (four rolls in all); his fourth roll completes a
	// Gatling.
	s := newScenario(t, 5, map[int]Character{0: LuckyDuke}, scFive...)
	s.script("DDGGA" + "A" + "A" + "G" + "BBBBB")
	s.start()
	for left := 3; left >= 1; left-- {
		s.expect(DecideReroll, 0)
		if int(s.g.RerollsLeft) != left {
			t.Fatalf("rerolls left %d, want %d", s.g.RerollsLeft, left)
		}
		s.apply(0b10000)
	}
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 7, 7, 7)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantCounts(0, 0, 1)
	s.wantScriptUsed()
}

func TestCharacterPaulRegret_GatlingMisses(t *testing.T) {
	// Paul Regret loses a life to a Bull's Eye but none to the Gatling.
	s := newScenario(t, 5, map[int]Character{1: PaulRegret}, scFive...)
	s.script("GGG1D" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 8, 7, 7, 7)
	s.wantCounts(0, 0, 1)
}

func TestCharacterPedroRamirez_ReturnsArrowPerPoint(t *testing.T) {
	// Pedro Ramirez hit twice: asked at each point; returns one arrow, keeps the other.
	s := newScenario(t, 5, map[int]Character{1: PedroRamirez}, scFive...)
	s.arrows(7, map[int]int{1: 2})
	s.script("11DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.apply(1)
	d := s.expect(DecidePedroReturn, 1)
	s.options(d, 0b11)
	if d.Cause != CauseBullsEye {
		t.Fatalf("cause %s, want bullseye", d.Cause)
	}
	s.apply(1)
	s.wantArrows(8, 0, 1, 0, 0, 0)
	s.expect(DecidePedroReturn, 1)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 6, 8, 8, 8)
	s.wantArrows(8, 0, 1, 0, 0, 0)
}

func TestCharacterPedroRamirez_LastPointAsked(t *testing.T) {
	// Pedro Ramirez losing his last point is asked too ("each time he loses a life
	// point"; he stays in the game until the step ends, D4): the arrow he returns lets
	// Bart Cassidy, hit later in the same step, take one from a pile that held only one.
	s := newScenario(t, 5, map[int]Character{1: PedroRamirez, 4: BartCassidy}, scFive...)
	s.life(map[int]int{1: 1})
	s.arrows(1, map[int]int{1: 2, 2: 6})
	s.script("11DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1) // die 0 at Pedro
	s.apply(4) // die 1 at Bart
	s.expect(DecidePedroReturn, 1)
	s.apply(1)
	s.wantArrows(2, 0, 1, 6, 0, 0)
	s.expect(DecideBartArrow, 4)
	s.apply(1)
	s.expect(DecideReroll, 2) // Pedro out at the step's end (his other arrow back on the pile), so seat 2 plays next
	s.wantArrows(2, 0, 0, 6, 0, 1)
	s.wantAlive(0, 2, 3, 4)
}

func TestCharacterPedroRamirez_DynamiteAndNoArrows(t *testing.T) {
	// Pedro Ramirez losing a life to his own Dynamite may return an arrow.
	s := newScenario(t, 5, map[int]Character{1: PedroRamirez}, scFive...)
	s.active(1)
	s.arrows(8, map[int]int{1: 1})
	s.script("DDDGG" + "BBBBB")
	s.start()
	d := s.expect(DecidePedroReturn, 1)
	if d.Cause != CauseDynamite {
		t.Fatalf("cause %s, want dynamite", d.Cause)
	}
	s.apply(1)
	s.expect(DecideReroll, 2)
	s.wantLife(10, 7, 8, 8, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
}

func TestCharacterPedroRamirez_NoArrowsNotAsked(t *testing.T) {
	// Pedro Ramirez holding no arrow is not asked.
	s := newScenario(t, 5, map[int]Character{1: PedroRamirez}, scFive...)
	s.script("1DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 8, 8, 8)
}

func TestCharacterRoseDoolan_RangesFivePlayers(t *testing.T) {
	// Rose Doolan, 5 alive: Bull's Eye 1 reaches distance 1 or 2 (everyone), Bull's Eye 2
	// distance 2 (3 does not exist).
	s := newScenario(t, 5, map[int]Character{0: RoseDoolan}, scFive...)
	s.script("12DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 2, 3, 4))
	s.apply(2)
	s.options(s.expectDie(DecideTarget, 0, 1), scOpts(2, 3))
	s.apply(3)
	s.expect(DecideReroll, 1)
	s.wantLife(11, 8, 7, 7, 8)
}

func TestCharacterRoseDoolan_RangesSevenPlayers(t *testing.T) {
	// Rose Doolan, 7 alive: Bull's Eye 1 reaches distance 1 or 2, Bull's Eye 2 distance 2
	// or 3.
	s := newScenario(t, 7, map[int]Character{0: RoseDoolan}, Sheriff, Outlaw, Outlaw, Outlaw, Renegade, Deputy, Deputy)
	s.script("12DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 2, 5, 6))
	s.apply(2)
	s.options(s.expectDie(DecideTarget, 0, 1), scOpts(2, 3, 4, 5))
	s.apply(4)
	s.expect(DecideReroll, 1)
	s.wantLife(11, 8, 7, 8, 7, 8, 8)
}

func TestCharacterRoseDoolan_FourAliveBullsEye2OnlyOpposite(t *testing.T) {
	// Rose Doolan (ruling D22), a full 4-player table: her Bull's Eye 2 reaches distance 2
	// or 3, but with 4 alive only the opposite player is at 2 and nobody at 3, so it hits
	// the Sheriff opposite her without a choice; her Bull's Eye 1 reaches all three.
	s := newScenario(t, 4, map[int]Character{2: RoseDoolan}, Sheriff, Renegade, Outlaw, Outlaw)
	s.active(2)
	s.script("21DDG" + "BBBBB")
	s.start()
	s.stop(2)
	s.options(s.expectDie(DecideTarget, 2, 1), scOpts(0, 1, 3))
	s.apply(3)
	s.expect(DecideReroll, 3)
	s.wantLife(9, 8, 9, 7)
	s.wantScriptUsed()
}

func TestCharacterSidKetchum_HealsEveryTurn(t *testing.T) {
	// Sid Ketchum (D11): heals before rolling on his first turn and on the next one.
	s := newScenario(t, 4, map[int]Character{1: SidKetchum}, Sheriff, Renegade, Outlaw, Outlaw)
	s.dead(2, 3)
	s.active(1)
	s.life(map[int]int{0: 7, 1: 5})
	s.script("DDGGA" + "DDGGA" + "DDGGA")
	s.start()
	s.options(s.expect(DecideSidHeal, 1), scOpts(0, 1))
	s.apply(1)
	s.wantLife(7, 6, 0, 0)
	s.stop(1)
	s.stop(0)
	s.options(s.expect(DecideSidHeal, 1), scOpts(0, 1))
	if s.g.ScriptLeft() != 5 {
		t.Fatalf("Sid rolled before healing; %s", s.dump())
	}
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(8, 6, 0, 0)
	s.wantArrows(6, 1, 2, 0, 0)
	s.wantScriptUsed()
}

func TestCharacterSlabTheKiller_DoubleDamageBeerSpent(t *testing.T) {
	// Slab the Killer spends his first Beer to make one Bull's Eye deal 2; the other
	// Bull's Eye deals 1 and only the second Beer heals.
	s := newScenario(t, 5, map[int]Character{0: SlabTheKiller}, scFive...)
	s.life(map[int]int{0: 6})
	s.script("11BBG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expect(DecideSlab, 0), scOpts(0, 1)|1<<Skip)
	s.apply(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 4))
	s.apply(1)
	s.expectDie(DecideTarget, 0, 1)
	s.apply(4)
	s.expectDie(DecideBeer, 0, 3)
	s.wantLife(6, 6, 8, 8, 7)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(7, 6, 8, 8, 7)
	s.wantScriptUsed()
}

func TestCharacterSlabTheKiller_NoBeerNoOffer(t *testing.T) {
	// Slab the Killer without a Beer is not asked.
	s := newScenario(t, 5, map[int]Character{0: SlabTheKiller}, scFive...)
	s.script("11DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.expectDie(DecideTarget, 0, 0)
	s.apply(1)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 6, 8, 8, 8)
}

func TestCharacterSlabTheKiller_Skip(t *testing.T) {
	// Slab the Killer declines: the Bull's Eye deals 1 and the Beer heals.
	s := newScenario(t, 5, map[int]Character{0: SlabTheKiller}, scFive...)
	s.life(map[int]int{0: 6})
	s.script("1BDDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expect(DecideSlab, 0), scOpts(0)|1<<Skip)
	s.apply(Skip)
	s.apply(1)
	s.expectDie(DecideBeer, 0, 1)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(7, 7, 8, 8, 8)
}

func TestCharacterSuzyLafayette_GainsWithoutBullsEye(t *testing.T) {
	// Suzy Lafayette ends her turn with no Bull's Eye: +2, at the end of the turn only.
	s := newScenario(t, 5, map[int]Character{0: SuzyLafayette}, scFive...)
	s.life(map[int]int{0: 5})
	s.script("GGDDA" + "BBBBB")
	s.start()
	s.expect(DecideReroll, 0)
	s.wantLife(5, 8, 8, 8, 8)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(7, 8, 8, 8, 8)
}

func TestCharacterSuzyLafayette_NoGainWithBullsEye(t *testing.T) {
	// Suzy Lafayette's final dice show a Bull's Eye: no gain.
	s := newScenario(t, 5, map[int]Character{0: SuzyLafayette}, scFive...)
	s.life(map[int]int{0: 5})
	s.script("1GDDA" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(4)
	s.expect(DecideReroll, 1)
	s.wantLife(5, 8, 8, 8, 7)
}

func TestCharacterSuzyLafayette_Capped(t *testing.T) {
	// Suzy Lafayette at 9 of 10 gains only 1.
	s := newScenario(t, 5, map[int]Character{0: SuzyLafayette}, scFive...)
	s.life(map[int]int{0: 9})
	s.script("GGDDA" + "BBBBB")
	s.start()
	s.stop(0)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 8, 8, 8, 8)
}

func TestCharacterVultureSam_GainsTwo(t *testing.T) {
	// Vulture Sam gains 2 when another player is eliminated.
	s := newScenario(t, 5, map[int]Character{4: VultureSam}, scFive...)
	s.life(map[int]int{1: 1, 4: 5})
	s.script("1DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.expect(DecideReroll, 2)
	s.wantLife(10, 0, 8, 8, 7)
}

func TestCharacterVultureSam_Capped(t *testing.T) {
	// Vulture Sam at 8 of 9 gains only 1.
	s := newScenario(t, 5, map[int]Character{4: VultureSam}, scFive...)
	s.life(map[int]int{1: 1, 4: 8})
	s.script("1DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.expect(DecideReroll, 2)
	s.wantLife(10, 0, 8, 8, 9)
}

func TestCharacterWillyTheKid_TwoGatlingsFire(t *testing.T) {
	// Willy the Kid fires with two Gatlings and returns his arrow.
	s := newScenario(t, 5, map[int]Character{0: WillyTheKid}, scFive...)
	s.arrows(8, map[int]int{0: 1})
	s.script("GGDD1" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 6, 7, 7, 7)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantCounts(0, 0, 1)
}

func TestCharacterWillyTheKid_GatlingOff(t *testing.T) {
	// --gatling 6 switches the Gatling off for everyone, Willy the Kid too (his "one
	// fewer" would make it 5, which five dice can show).
	r := DefaultRules(5)
	r.GatlingThreshold = NumDice + 1
	s := newScenarioRules(t, r, map[int]Character{0: WillyTheKid}, scFive...)
	s.script("GGGGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 8, 8, 8, 8)
	s.wantCounts(0, 0, 0)
}

func TestCharacterWillyTheKid_FiresOnce(t *testing.T) {
	// Willy the Kid with four Gatlings fires once: everyone else loses exactly 1.
	s := newScenario(t, 5, map[int]Character{0: WillyTheKid}, scFive...)
	s.script("GGGGD" + "BBBBB")
	s.start()
	s.stop(0)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 7, 7, 7)
	s.wantCounts(0, 0, 1)
}
