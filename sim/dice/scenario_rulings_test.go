package dice

import (
	"slices"
	"testing"
)

// One scenario per numbered ruling of shared/rules/dice.md. Unless a test says otherwise
// every character is Plain (8 life, the Sheriff 10), seat 0 is the Sheriff and takes the
// first turn, and the dice after the turn under test are a quiet roll of the next player
// ("BBBBB") that only shows whose turn came next.

// scFive is the 5-player seating most scenarios use.
var scFive = []Role{Sheriff, Outlaw, Outlaw, Renegade, Deputy}

func TestRulingD1_IndiansMidRollRestFromRefilledPile(t *testing.T) {
	// ruling D1: arrows are taken one at a time; the pile empties on the second of three,
	// the Indians attack at once, and the third arrow comes from the refilled pile.
	s := newScenario(t, 5, nil, scFive...)
	s.arrows(2, map[int]int{1: 3, 2: 4})
	s.script("AAAGD" + "BBBBB")
	s.start()
	s.expect(DecideReroll, 0)
	s.wantCounts(1, 0, 0)
	s.wantLife(8, 5, 4, 8, 8) // Sheriff held 2 when the pile emptied
	s.wantArrows(8, 1, 0, 0, 0, 0)
	s.stop(0)
	s.expect(DecideReroll, 1)
	s.wantLife(8, 5, 4, 8, 8)
	s.wantArrows(8, 1, 0, 0, 0, 0)
	s.wantScriptUsed()
}

func TestRulingD2_EliminatedWhileRollingEndsTurn(t *testing.T) {
	// ruling D2: the roller dies to the Indians his first Arrow sets off; his second Arrow
	// is not taken and his three Gatlings never fire.
	s := newScenario(t, 5, nil, scFive...)
	s.active(1)
	s.life(map[int]int{1: 1})
	s.arrows(1, map[int]int{3: 4, 4: 4})
	s.script("AAGGG" + "BBBBB")
	s.start()
	s.expect(DecideReroll, 2)
	s.wantLife(10, 0, 8, 4, 4)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantAlive(0, 2, 3, 4)
	s.wantDeath(1, CauseIndians, -1)
	s.wantCounts(1, 0, 0)
	s.wantRunning()
	s.wantScriptUsed()
}

func TestRulingD3_DynamiteKillsRollerRestUnresolved(t *testing.T) {
	// ruling D3: the roller's own Dynamite eliminates him; his two Bull's Eyes 1 do not
	// resolve.
	s := newScenario(t, 5, nil, scFive...)
	s.active(1)
	s.life(map[int]int{1: 1})
	s.script("DDD11" + "BBBBB")
	s.start()
	s.expect(DecideReroll, 2)
	s.wantLife(10, 0, 8, 8, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantAlive(0, 2, 3, 4)
	s.wantDeath(1, CauseDynamite, -1)
	s.wantCounts(0, 1, 0)
	s.wantRunning()
	s.wantScriptUsed()
}

func TestRulingD3_OptionResolveAfterDeathDynamite(t *testing.T) {
	// ruling D3, rule option Rules.ResolveAfterDeath: the literal reading, the dead
	// roller's Bull's Eyes still resolve.
	r := DefaultRules(5)
	r.ResolveAfterDeath = true
	s := newScenarioRules(t, r, nil, scFive...)
	s.active(1)
	s.life(map[int]int{1: 1})
	s.script("DDD11" + "BBBBB")
	s.start()
	s.options(s.expectDie(DecideTarget, 1, 3), scOpts(0, 2))
	s.wantAlive(0, 2, 3, 4)
	s.apply(0)
	s.options(s.expectDie(DecideTarget, 1, 4), scOpts(0, 2))
	s.apply(2)
	s.expect(DecideReroll, 2)
	s.wantLife(9, 0, 7, 8, 8)
	s.wantDeath(1, CauseDynamite, -1)
	s.wantRunning()
	s.wantScriptUsed()
}

func TestRulingD3_ElGringoIndiansKillRollerRestUnresolved(t *testing.T) {
	// ruling D3 (with D9): the arrow the roller takes for hitting El Gringo is the pile's
	// last; the Indians kill the roller, so his Beer and his three Gatlings do not resolve.
	s := newScenario(t, 5, map[int]Character{2: ElGringo}, scFive...)
	s.active(1)
	s.life(map[int]int{1: 2})
	s.arrows(1, map[int]int{1: 1, 3: 4, 4: 3})
	s.script("1BGGG" + "BBBBB")
	s.start()
	s.stop(1)
	s.options(s.expectDie(DecideTarget, 1, 0), scOpts(0, 2))
	s.apply(2)
	s.expect(DecideReroll, 2)
	s.wantLife(10, 0, 6, 4, 5)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantDeath(1, CauseIndians, -1)
	s.wantCounts(1, 0, 0)
	s.wantRunning()
	s.wantScriptUsed()
}

func TestRulingD3_OptionResolveAfterDeathElGringo(t *testing.T) {
	// ruling D3, rule option Rules.ResolveAfterDeath: as above, but the dead roller's Beer
	// and Gatling still resolve.
	r := DefaultRules(5)
	r.ResolveAfterDeath = true
	s := newScenarioRules(t, r, map[int]Character{2: ElGringo}, scFive...)
	s.active(1)
	s.life(map[int]int{1: 2})
	s.arrows(1, map[int]int{1: 1, 3: 4, 4: 3})
	s.script("1BGGG" + "BBBBB")
	s.start()
	s.stop(1)
	s.apply(2)
	s.options(s.expectDie(DecideBeer, 1, 1), scOpts(0, 2, 3, 4))
	s.wantLife(10, 0, 6, 4, 5)
	s.apply(3)
	s.expect(DecideReroll, 2)
	s.wantLife(9, 0, 5, 4, 4)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantCounts(1, 0, 1)
	s.wantRunning()
	s.wantScriptUsed()
}

func TestRulingD4_BeerCannotSaveBullsEyeVictim(t *testing.T) {
	// ruling D4: the Bull's Eye eliminates seat 1 before the Beers, so the Beer cannot
	// be given to him.
	s := newScenario(t, 5, nil, scFive...)
	s.life(map[int]int{1: 1, 2: 5})
	s.script("1BGGD" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 4))
	s.apply(1)
	d := s.expectDie(DecideBeer, 0, 1)
	s.options(d, scOpts(0, 2, 3, 4))
	if d.Legal(1) {
		t.Fatalf("Beer on the eliminated seat 1 is legal")
	}
	s.wantAlive(0, 2, 3, 4)
	s.wantDeath(1, CauseBullsEye, 0)
	s.apply(2)
	s.expect(DecideReroll, 2)
	s.wantLife(10, 0, 6, 8, 8)
	s.wantRunning()
	s.wantScriptUsed()
}

func TestRulingD4_AllBullsEyesAssignedFirst(t *testing.T) {
	// ruling D4: both Bull's Eyes are assigned before either deals damage.
	s := newScenario(t, 5, nil, scFive...)
	s.script("12GDD" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 4))
	s.apply(1)
	s.options(s.expectDie(DecideTarget, 0, 1), scOpts(2, 3))
	s.wantLife(10, 8, 8, 8, 8) // nothing dealt yet
	s.apply(3)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 8, 7, 8)
	s.wantScriptUsed()
}

func TestRulingD5_SheriffAndLastOutlawDieTogether(t *testing.T) {
	// ruling D5: one Indian attack kills the Sheriff and the last Outlaw at once (the
	// Renegade and the other Outlaw are already out): the Sheriff is dead, Outlaws win.
	s := newScenario(t, 4, nil, Sheriff, Renegade, Outlaw, Outlaw)
	s.dead(1, 3)
	s.life(map[int]int{0: 1, 2: 1})
	s.arrows(1, map[int]int{2: 8})
	s.script("ADDGG")
	s.start()
	s.wantWinners(2, 3)
	s.wantAlive()
	s.wantDeath(0, CauseIndians, -1)
	s.wantDeath(2, CauseIndians, -1)
	s.wantArrows(9, 0, 0, 0, 0)
}

func TestRulingD5_EndCheckedAfterBullsEyeStep(t *testing.T) {
	// ruling D5: the end is checked after the Bull's Eye step; the game is over before the
	// Sheriff's Beers could heal him.
	s := newScenario(t, 4, nil, Sheriff, Renegade, Outlaw, Outlaw)
	s.dead(1, 2)
	s.life(map[int]int{0: 5, 3: 1})
	s.script("1BBGG")
	s.start()
	s.stop(0)
	s.wantWinners(0)
	s.wantLife(5, 0, 0, 0)
	s.wantDeath(3, CauseBullsEye, 0)
	s.wantCounts(0, 0, 0)
}

func TestRulingD6_IndiansAndDynamiteAreNobodysBlow(t *testing.T) {
	// ruling D6: the Sheriff's Bull's Eye kills El Gringo (the Sheriff's blow); the arrow
	// he then takes sets off the Indians, who kill seat 3: nobody's blow.
	s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
	s.life(map[int]int{1: 1})
	s.arrows(1, map[int]int{3: 8})
	s.script("1GGDD" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 4))
	s.apply(1)
	s.expect(DecideReroll, 2)
	s.wantDeath(1, CauseBullsEye, 0)
	s.wantDeath(3, CauseIndians, -1)
	s.wantLife(9, 0, 8, 0, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantAlive(0, 2, 4)
	if e := s.g.Eliminations; e[CauseBullsEye] != 1 || e[CauseIndians] != 1 || e[CauseGatling] != 0 || e[CauseDynamite] != 0 {
		t.Fatalf("eliminations %v, want one Bull's Eye and one Indians", e)
	}
	s.wantRunning()
}

func TestRulingD7_GatlingReturnsArrowsAfterDamage(t *testing.T) {
	// ruling D7: the Sheriff holds 3 arrows and the pile 1; the Gatling hits Bart Cassidy
	// before the return, so the pile still holds only its last arrow and Bart must lose
	// the life point.
	s := newScenario(t, 5, map[int]Character{1: BartCassidy}, scFive...)
	s.arrows(1, map[int]int{0: 3, 2: 5})
	s.script("GGGDD" + "BBBBB")
	s.start()
	s.options(s.expect(DecideReroll, 0), scOpts(0, 1, 2))
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 7, 7, 7)
	s.wantArrows(4, 0, 0, 5, 0, 0)
	s.wantCounts(0, 0, 1)
	s.wantScriptUsed()
}

func TestGatlingHitsClockwiseFromTheRoller(t *testing.T) {
	// The rulebook says only that every other player loses a life point; the engine deals
	// the volley clockwise from the roller, which fixes the order in which Bart Cassidy and
	// Pedro Ramirez are asked and the order of the events a replay shows.
	s := newScenario(t, 5, nil, scFive...)
	s.active(2)
	s.g.Trace(true)
	s.script("GGGDD" + "BBBBB")
	s.start()
	s.apply(0)
	s.expect(DecideReroll, 3)
	ev, _ := s.g.Events()
	var order []int8
	for _, e := range ev {
		if e.Kind == EvLoseLife && Cause(e.Cause) == CauseGatling {
			order = append(order, e.Seat)
		}
	}
	if want := []int8{3, 4, 0, 1}; !slices.Equal(order, want) {
		t.Fatalf("Gatling hit seats in the order %v, want %v; %s", order, want, s.dump())
	}
}

func TestRulingD7_KitDiscardsBeforeGatling(t *testing.T) {
	// ruling D7: Kit Carlson's discards come before the Gatling: two of seat 2's arrows
	// go back, so the pile holds 3 when the Gatling hits Bart Cassidy, who may then take
	// an arrow instead of the life point.
	s := newScenario(t, 5, map[int]Character{0: KitCarlson, 1: BartCassidy}, scFive...)
	s.arrows(1, map[int]int{2: 8})
	s.script("GGGDD" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideKitDiscard, 0, 0), scOpts(2)|1<<Skip)
	s.apply(2)
	s.expectDie(DecideKitDiscard, 0, 1)
	s.apply(2)
	s.expectDie(DecideKitDiscard, 0, 2)
	s.wantLife(9, 8, 8, 8, 8) // no damage before the discards are done
	s.apply(Skip)
	d := s.expect(DecideBartArrow, 1)
	if d.Cause != CauseGatling {
		t.Fatalf("Bart's decision cause %s, want gatling", d.Cause)
	}
	s.wantArrows(3, 0, 0, 6, 0, 0)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(9, 8, 7, 7, 7)
	s.wantArrows(2, 0, 1, 6, 0, 0)
	s.wantScriptUsed()
}

func TestRulingD8_BartDecidesPerPoint(t *testing.T) {
	// ruling D8: two Bull's Eyes at Bart Cassidy: he takes an arrow for the first point
	// and loses the second.
	s := newScenario(t, 5, map[int]Character{1: BartCassidy}, scFive...)
	s.script("11DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.apply(1)
	d := s.expect(DecideBartArrow, 1)
	s.options(d, 0b11)
	if d.Cause != CauseBullsEye {
		t.Fatalf("Bart's decision cause %s, want bullseye", d.Cause)
	}
	s.apply(1)
	s.expect(DecideBartArrow, 1)
	s.wantArrows(8, 0, 1, 0, 0, 0)
	s.wantLife(10, 8, 8, 8, 8)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 8, 8, 8)
	s.wantArrows(8, 0, 1, 0, 0, 0)
	if s.g.Hits[0][1] != 1 {
		t.Fatalf("Hits[0][1] = %d, want 1: the arrow taken counts as no life lost", s.g.Hits[0][1])
	}
	s.wantScriptUsed()
}

func TestRulingD9_ElGringoOneArrowPerStep(t *testing.T) {
	// ruling D9: two Bull's Eyes on El Gringo are one step (one arrow); the Gatling is
	// another step (a second arrow), which goes back with the roller's others.
	s := newScenario(t, 5, map[int]Character{0: WillyTheKid, 1: ElGringo}, scFive...)
	s.script("11BGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.apply(1)
	s.expectDie(DecideBeer, 0, 2)
	s.wantLife(10, 5, 8, 8, 8)
	s.wantArrows(8, 1, 0, 0, 0, 0)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 5, 7, 7, 7)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantCounts(0, 0, 1)
	s.wantScriptUsed()
}

func TestRulingD9_ElGringoArrowEvenIfKilledIndiansIfLast(t *testing.T) {
	// ruling D9: the Bull's Eye eliminates El Gringo; the Sheriff still takes the arrow,
	// the pile's last, and the Indians attack at once.
	s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
	s.life(map[int]int{1: 1})
	s.arrows(1, map[int]int{0: 2, 3: 6})
	s.script("1DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.expect(DecideReroll, 2)
	s.wantLife(7, 0, 8, 2, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantDeath(1, CauseBullsEye, 0)
	s.wantCounts(1, 0, 0)
	s.wantScriptUsed()
}

func TestRulingD9_GatlingArrowSetsOffIndians(t *testing.T) {
	// ruling D9: the El Gringo arrow of the Gatling step is the pile's last; the Indians
	// attack (the Sheriff loses 2, having taken it) and then nothing is left to return.
	s := newScenario(t, 5, map[int]Character{1: ElGringo}, scFive...)
	s.arrows(1, map[int]int{0: 1, 3: 4, 4: 3})
	s.script("GGGDD" + "BBBBB")
	s.start()
	s.stop(0)
	s.expect(DecideReroll, 1)
	s.wantLife(8, 6, 7, 3, 4)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantCounts(1, 0, 1)
	s.wantScriptUsed()
}

func TestRulingD10_JesseJonesTestMadeOnceBeforeBeers(t *testing.T) {
	// ruling D10: at 4 life, two Beers on himself give Jesse Jones 4 (the second still
	// counts double although he is at 6 by then).
	s := newScenario(t, 5, map[int]Character{0: JesseJones}, scFive...)
	s.life(map[int]int{0: 4})
	s.script("BBGDD" + "BBBBB")
	s.start()
	s.stop(0)
	s.expectDie(DecideBeer, 0, 0)
	s.apply(0)
	s.expectDie(DecideBeer, 0, 1)
	s.wantLife(6, 8, 8, 8, 8)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(8, 8, 8, 8, 8)
	s.wantScriptUsed()
}

func TestRulingD11_SidKetchumHealsBeforeFirstRoll(t *testing.T) {
	// ruling D11: Sid Ketchum as Sheriff: the game's very first decision is his heal,
	// before any die is rolled.
	s := newScenario(t, 5, map[int]Character{0: SidKetchum}, scFive...)
	s.life(map[int]int{2: 5})
	s.script("GGDDA" + "BBBBB")
	s.start()
	s.options(s.expect(DecideSidHeal, 0), scOpts(0, 1, 2, 3, 4))
	if s.g.ScriptLeft() != 10 {
		t.Fatalf("dice rolled before Sid Ketchum's heal; %s", s.dump())
	}
	s.apply(2)
	s.wantLife(10, 8, 6, 8, 8)
	s.options(s.expect(DecideReroll, 0), scOpts(0, 1, 4))
	s.wantArrows(8, 1, 0, 0, 0, 0)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 8, 6, 8, 8)
	if s.g.Heals[0][2] != 1 {
		t.Fatalf("Heals[0][2] = %d, want 1", s.g.Heals[0][2])
	}
	s.wantScriptUsed()
}

func TestRulingD12_VultureSamSeveralAtOnce(t *testing.T) {
	// ruling D12: the Gatling eliminates two players at once; Vulture Sam, hit too but
	// alive, gains 2 for each.
	s := newScenario(t, 5, map[int]Character{4: VultureSam}, scFive...)
	s.life(map[int]int{1: 1, 2: 1, 4: 3})
	s.script("GGGDD" + "BBBBB")
	s.start()
	s.stop(0)
	s.expect(DecideReroll, 3)
	s.wantLife(10, 0, 0, 7, 6)
	s.wantAlive(0, 3, 4)
	s.wantDeath(1, CauseGatling, 0)
	s.wantDeath(2, CauseGatling, 0)
	s.wantRunning()
	s.wantScriptUsed()
}

func TestRulingD12_VultureSamDyingInSameStepGainsNothing(t *testing.T) {
	// ruling D12: Vulture Sam falls to the same Gatling that eliminates seat 1; the gain
	// does not bring him back.
	s := newScenario(t, 5, map[int]Character{4: VultureSam}, scFive...)
	s.life(map[int]int{1: 1, 4: 1})
	s.script("GGGDD" + "BBBBB")
	s.start()
	s.stop(0)
	s.expect(DecideReroll, 2)
	s.wantLife(10, 0, 7, 7, 0)
	s.wantAlive(0, 2, 3)
	s.wantDeath(4, CauseGatling, 0)
	s.wantRunning()
}

func TestRulingD13_BeerOneAtATimeCapped(t *testing.T) {
	// ruling D13: each Beer is capped at the target's maximum on its own; a Beer on a
	// player at maximum is wasted.
	s := newScenario(t, 5, nil, scFive...)
	s.life(map[int]int{0: 9, 3: 7})
	s.script("BBBBG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(0)
	s.wantLife(10, 8, 8, 7, 8)
	s.apply(0)
	s.apply(3)
	s.wantLife(10, 8, 8, 8, 8)
	s.expectDie(DecideBeer, 0, 3)
	s.apply(3)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 8, 8, 8, 8)
	s.wantScriptUsed()
}

func TestRulingD14_MayAlwaysStop(t *testing.T) {
	// ruling D14: with five Arrows showing and two rerolls left, stopping is legal and
	// ends the rolling.
	s := newScenario(t, 5, nil, scFive...)
	s.script("AAAAA" + "BBBBB")
	s.start()
	d := s.expect(DecideReroll, 0)
	s.options(d, 0b11111)
	if !d.Legal(0) || s.g.RerollsLeft != 2 {
		t.Fatalf("stop legal=%v with %d rerolls left", d.Legal(0), s.g.RerollsLeft)
	}
	s.wantArrows(4, 5, 0, 0, 0, 0)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantArrows(4, 5, 0, 0, 0, 0)
	s.wantLife(10, 8, 8, 8, 8)
	s.wantScriptUsed()
}

func TestRulingD15_EightPlayersRenegadeWinsAlone(t *testing.T) {
	// ruling D15: with 8 players, Renegade seat 1 kills the Sheriff after the other
	// Renegade has fallen: he wins alone, the dead Renegade does not share it.
	s := newScenario(t, 8, nil, Sheriff, Renegade, Renegade, Outlaw, Outlaw, Outlaw, Deputy, Deputy)
	s.dead(2, 3, 4, 5, 6, 7)
	s.active(1)
	s.life(map[int]int{0: 1})
	s.script("1DDGG")
	s.start()
	s.stop(1)
	s.wantWinners(1)
	s.wantDeath(0, CauseBullsEye, 1)
}

func TestRulingD16_ThreePlayersAllDieAtOnceDraw(t *testing.T) {
	// ruling D16: one Indian attack eliminates all three players: a draw.
	s := newScenario(t, 3, nil, Deputy, Outlaw, Renegade)
	s.life(map[int]int{0: 1, 1: 1, 2: 1})
	s.arrows(1, map[int]int{1: 4, 2: 4})
	s.script("ADDGG")
	s.start()
	s.wantDraw()
	s.wantAlive()
	s.wantArrows(9, 0, 0, 0)
}

func TestRulingD16_ThreePlayersTargetKilledByIndians(t *testing.T) {
	// ruling D16: the Renegade, the Deputy's target, dies to the Indians the Deputy set
	// off: nobody's blow, so the Deputy has not won; the last one standing will.
	s := newScenario(t, 3, nil, Deputy, Outlaw, Renegade)
	s.life(map[int]int{2: 1})
	s.arrows(1, map[int]int{1: 7, 2: 1})
	s.script("A1DDG")
	s.start()
	s.expect(DecideReroll, 0)
	s.wantRunning()
	s.wantDeath(2, CauseIndians, -1)
	s.wantLife(7, 1, 0)
	s.apply(0) // the Bull's Eye 1 has one legal target left: the Outlaw
	s.wantWinners(0)
	s.wantDeath(1, CauseBullsEye, 0)
}

func TestRulingD16_ThreePlayersTargetKilledByDynamite(t *testing.T) {
	// ruling D16: the Renegade (the Deputy's target) dies to his own Dynamite; the game
	// goes on as last one standing.
	s := newScenario(t, 3, nil, Deputy, Outlaw, Renegade)
	s.active(2)
	s.life(map[int]int{2: 1})
	s.script("DDDGG" + "BBBBB")
	s.start()
	s.expect(DecideReroll, 0)
	s.wantRunning()
	s.wantDeath(2, CauseDynamite, -1)
	s.wantAlive(0, 1)
	s.wantScriptUsed()
}

func TestRulingD17_TurnCapIsDraw(t *testing.T) {
	// ruling D17: with a cap of 2 turns, the game is a draw when the third would start.
	r := DefaultRules(5)
	r.MaxTurns = 2
	s := newScenarioRules(t, r, nil, scFive...)
	s.script("AGGDD" + "AGGDD")
	s.start()
	s.stop(0)
	s.stop(1)
	s.wantDraw()
	if s.g.Turns != 2 {
		t.Fatalf("turns %d, want 2", s.g.Turns)
	}
	s.wantArrows(7, 1, 1, 0, 0, 0)
	s.wantAlive(0, 1, 2, 3, 4)
	s.wantScriptUsed()
}

func TestRulingD18_BullsEye2AsOneWithThreeAlive(t *testing.T) {
	// ruling D18: with 3 alive a Bull's Eye 2 reaches the neighbours (there is no
	// distance 2).
	s := newScenario(t, 5, nil, scFive...)
	s.dead(2, 3)
	s.script("2DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 4))
	s.apply(4)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 8, 0, 0, 7)
}

func TestRulingD18_BullsEye2AsOneWithTwoAlive(t *testing.T) {
	// ruling D18: with 2 alive a Bull's Eye 2 hits the only other player.
	s := newScenario(t, 5, nil, scFive...)
	s.dead(1, 2, 4)
	s.script("22DGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.expect(DecideReroll, 3)
	s.wantLife(10, 0, 0, 6, 0)
}

func TestRulingD18_RoseAndCalamityAfterBullsEye2AsOne(t *testing.T) {
	// ruling D18: with 3 alive, Rose Doolan's and Calamity Janet's ranges apply to the
	// Bull's Eye 2 counted as 1: both reach the two neighbours, nothing more.
	for _, ch := range []Character{RoseDoolan, CalamityJanet} {
		t.Run(ch.Slug(), func(t *testing.T) {
			s := newScenario(t, 5, map[int]Character{0: ch}, scFive...)
			s.dead(1, 4)
			s.script("2DDGG" + "BBBBB")
			s.start()
			s.stop(0)
			s.options(s.expectDie(DecideTarget, 0, 0), scOpts(2, 3))
			s.apply(3)
			s.expect(DecideReroll, 2)
			s.wantLife(int(s.g.MaxLife[0]), 0, 8, 7, 0)
		})
	}
}

func TestRulingD19_ShotsOnlyAtLivingOthers(t *testing.T) {
	// ruling D19: neither the roller nor a dead seat is a legal target; an illegal choice
	// is replaced by a legal one and counted.
	s := newScenario(t, 5, nil, scFive...)
	s.dead(1)
	s.script("1DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	d := s.expectDie(DecideTarget, 0, 0)
	s.options(d, scOpts(2, 4))
	if d.Legal(0) || d.Legal(1) {
		t.Fatalf("roller or dead seat legal as a target: options %b", d.Options)
	}
	s.g.Apply(1) // the dead seat: replaced by the second legal option, seat 4
	if s.g.Illegal != 1 {
		t.Fatalf("illegal %d, want 1", s.g.Illegal)
	}
	s.invariants("illegal apply")
	s.expect(DecideReroll, 2)
	s.wantLife(10, 0, 8, 8, 7)
}

func TestRulingD20_LifeUnlimitedArrowsNine(t *testing.T) {
	// ruling D20: a full 8-player table with the four 9-life characters and the Sheriff's
	// bonus needs 70 life; heals are limited by maximum life only, arrows by the 9.
	chars := map[int]Character{0: VultureSam, 1: JesseJones, 2: PaulRegret, 3: RoseDoolan,
		4: SuzyLafayette, 5: BlackJack, 6: CalamityJanet, 7: LuckyDuke}
	s := newScenario(t, 8, chars, Sheriff, Renegade, Renegade, Outlaw, Outlaw, Outlaw, Deputy, Deputy)
	sum := 0
	for seat := 0; seat < 8; seat++ {
		sum += int(s.g.Life[seat])
	}
	if sum != 70 {
		t.Fatalf("table life %d, want 70", sum)
	}
	s.life(map[int]int{0: 7, 1: 1})
	s.script("GGGDD" + "BBBBB")
	s.start()
	s.stop(0)
	// the Gatling kills Jesse Jones; Vulture Sam gains 2 (7 -> 9)
	s.expect(DecideReroll, 2)
	s.wantLife(9, 0, 9, 8, 7, 7, 7, 7)
	s.wantArrows(9, 0, 0, 0, 0, 0, 0, 0, 0)
}

func TestRulingD21_PileOfNine(t *testing.T) {
	// ruling D21: the pile holds 9: the ninth arrow taken sets off the Indians (the
	// Sheriff loses 9 of his 10) and the tenth comes from the refilled pile.
	for n := MinPlayers; n <= MaxPlayers; n++ {
		if r := DefaultRules(n); r.Arrows != 9 {
			t.Fatalf("DefaultRules(%d).Arrows = %d, want 9", n, r.Arrows)
		}
	}
	var fresh State
	r := DefaultRules(5)
	fresh.Setup(&r, 7, 8)
	if fresh.Pile != 9 {
		t.Fatalf("pile after Setup %d, want 9", fresh.Pile)
	}
	s := newScenario(t, 5, nil, scFive...)
	s.script("AAAAA" + "AAAAA" + "BBBBB")
	s.start()
	s.expect(DecideReroll, 0)
	s.wantArrows(4, 5, 0, 0, 0, 0)
	s.wantCounts(0, 0, 0)
	s.apply(0b11111)
	s.expect(DecideReroll, 0)
	s.wantCounts(1, 0, 0)
	s.wantLife(1, 8, 8, 8, 8)
	s.wantArrows(8, 1, 0, 0, 0, 0)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantScriptUsed()
}

func TestRulingD22_DistanceCountsLivingShorterWay(t *testing.T) {
	// ruling D22: seat 1 is dead, so the Sheriff's neighbours are seats 2 and 4, and with
	// 4 alive the only player at distance 2 is seat 3, opposite.
	s := newScenario(t, 5, nil, scFive...)
	s.dead(1)
	s.script("12DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(2, 4))
	s.apply(2)
	// die 1's only target is seat 3: no decision
	s.expect(DecideReroll, 2)
	s.wantLife(10, 0, 7, 7, 8)
}

func TestRulingD22_RoseBullsEye2OnlyOppositeWithFourAlive(t *testing.T) {
	// ruling D22: with 4 alive nobody is at distance 3, so Rose Doolan's Bull's Eye 2 hits
	// only the opposite player (no decision), while her Bull's Eye 1 reaches all three.
	s := newScenario(t, 5, map[int]Character{0: RoseDoolan}, scFive...)
	s.dead(2)
	s.script("21DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 1), scOpts(1, 3, 4))
	s.apply(4)
	s.expect(DecideReroll, 1)
	s.wantLife(11, 8, 0, 7, 7)
}

func TestRulingD22_OptionDistanceEitherWay(t *testing.T) {
	// ruling D22, rule option Rules.DistanceEitherWay: with 4 alive, the neighbours are
	// also 3 seats away the other way round, so Rose Doolan's Bull's Eye 2 reaches them.
	r := DefaultRules(5)
	r.DistanceEitherWay = true
	s := newScenarioRules(t, r, map[int]Character{0: RoseDoolan}, scFive...)
	s.dead(2)
	s.script("2DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 3, 4))
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(11, 7, 0, 8, 8)
}

func TestRulingD22_OptionDistanceEitherWayPlainUnchanged(t *testing.T) {
	// ruling D22, rule option: a plain Bull's Eye 2 with 4 alive still reaches only the
	// opposite player either way round.
	r := DefaultRules(5)
	r.DistanceEitherWay = true
	s := newScenarioRules(t, r, nil, scFive...)
	s.dead(2)
	s.script("2DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 8, 0, 7, 8)
}

func TestRulingD23_ArrowsAndIndiansBeforeDynamiteStop(t *testing.T) {
	// ruling D23: a roll of three Dynamite and two Arrows: both arrows are taken (the
	// first sets off the Indians), the rolling stops, and the Dynamite costs a life at
	// resolution.
	s := newScenario(t, 5, nil, scFive...)
	s.arrows(1, map[int]int{1: 4, 2: 4})
	s.script("DADAD" + "BBBBB")
	s.start()
	s.expect(DecideReroll, 1)
	s.wantLife(8, 4, 4, 8, 8)
	s.wantArrows(8, 1, 0, 0, 0, 0)
	s.wantCounts(1, 1, 0)
	s.wantScriptUsed()
}

func TestRulingD23_DynamiteLossAfterIndians(t *testing.T) {
	// ruling D23: Pedro Ramirez rolls three Dynamite and the pile's last arrow: the
	// Indians take his arrows first, so when the Dynamite costs him a life he has none
	// left to return and is not asked.
	s := newScenario(t, 5, map[int]Character{0: PedroRamirez}, scFive...)
	s.arrows(1, map[int]int{0: 1, 3: 7})
	s.script("ADDDG" + "BBBBB")
	s.start()
	s.expect(DecideReroll, 1)
	s.wantLife(7, 8, 8, 1, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantCounts(1, 1, 0)
}
