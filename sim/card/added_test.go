package card

import (
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
)

// One scenario per primitive held by an added character (not a printed one) at an
// argument other than the printed card's, and one with two primitives: what a
// designer's character file composes plays as the primitives say.

// tester is the added character of addedRules.
const tester = NumCharacters

// pw returns the primitive named name with args, failing the test when refused.
func pw(t *testing.T, name string, args ...int) bang.Power {
	t.Helper()
	i, err := bang.FindPrimitive(primitives, name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := bang.NewPower(primitives, i, args...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// addedRules returns 5-player rules whose game adds one character, "Tester" (life 4),
// with the powers given.
func addedRules(t *testing.T, pws ...bang.Power) Rules {
	t.Helper()
	var p bang.Powers
	copy(p[:], pws)
	set, err := bang.PrintedSet(Life, Ability).Extend(bang.CharacterSpec{Name: "Tester", Life: 4, Ability: "test", Powers: p})
	if err != nil {
		t.Fatal(err)
	}
	r := DefaultRules(5)
	r.SetCharacters(set)
	return r
}

// addedScenario seats the Tester with powers pws at seat, Plain elsewhere.
func addedScenario(t *testing.T, seat int, pws ...bang.Power) *scenario {
	t.Helper()
	return newScenarioRules(t, addedRules(t, pws...), map[int]Character{seat: tester}, scFive...)
}

// draw_on_hit(cards=2, by=bang) draws two for a BANG!'s hit, none for a Gatling's (C19).
func TestAddedDrawOnHit(t *testing.T) {
	b, x, y := nth(BANG, 0), nth(Duel, 0), nth(Duel, 1)
	s := addedScenario(t, 1, pw(t, "draw_on_hit", 2, 1))
	s.hand(0, b, keep)
	s.deck(fill1, fill2, x, y)
	s.start()
	s.playAt(b, 1)
	s.wantLife(5, 3, 4, 4, 4)
	s.wantHand(1, x, y)
	g := nth(Gatling, 0)
	s = addedScenario(t, 1, pw(t, "draw_on_hit", 2, 2)) // by=gatling: the BANG! draws nothing
	s.hand(0, b, g, keep)
	s.deck(fill1, fill2, x, y)
	s.start()
	s.playAt(b, 1)
	s.wantHand(1)
	s.playSelf(g)
	s.wantHand(1, x, y)
}

// reveal_second(extra=3) draws three more on a red second card.
func TestAddedRevealSecond(t *testing.T) {
	s := addedScenario(t, 0, pw(t, "reveal_second", 3))
	s.hand(0, keep)
	s.deck(fill1, heartCard, fill2, fill3, fill4)
	s.start()
	s.expect(DecidePlay, 0)
	s.wantHand(0, keep, fill1, heartCard, fill2, fill3, fill4)
}

// bang_missed_swap plays a Missed! as a BANG! and answers a shot with a BANG!.
func TestAddedBangMissedSwap(t *testing.T) {
	s := addedScenario(t, 0, pw(t, "bang_missed_swap"))
	s.hand(0, miss, keep)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(miss, 1)
	s.wantLife(5, 3, 4, 4, 4)
	b, b2 := nth(BANG, 0), nth(BANG, 1)
	s = addedScenario(t, 1, pw(t, "bang_missed_swap"))
	s.hand(0, b, keep)
	s.hand(1, b2)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.expect(DecideMissed, 1)
	s.use(b2)
	s.wantLife(5, 4, 4, 4, 4)
}

// take_from_hitter(cards=2, by=bang) takes two for a BANG!'s point; by=duel none.
func TestAddedTakeFromHitter(t *testing.T) {
	b := nth(BANG, 0)
	for by, want := range map[int]int{1: 2, 4: 0} {
		s := addedScenario(t, 1, pw(t, "take_from_hitter", 2, by))
		s.hand(0, b, keep, keep2())
		s.deck(fill1, fill2)
		s.start()
		s.playAt(b, 1)
		s.wantLife(5, 3, 4, 4, 4)
		if got := 4 - s.g.Hand[0].Len(); got != want || int(s.g.GringoSteals) != want { // the shooter held four
			t.Fatalf("by %s: took %d (%d steals), want %d\n%s", HitCauses[by], got, s.g.GringoSteals, want, describe(s.g))
		}
	}
}

// draw_from_player offers the other hands in phase 1.
func TestAddedDrawFromPlayer(t *testing.T) {
	x := nth(Duel, 0)
	s := addedScenario(t, 0, pw(t, "draw_from_player"))
	s.hand(0, keep)
	s.hand(2, x)
	s.deck(fill1, fill2)
	s.start()
	s.expect(DecideDraw, 0)
	s.wantOptions(2, 2)
	s.apply(s.g.Pending().Find(ActPlayer, NoCard), "seat 2")
	s.wantHand(0, keep, x, fill1)
}

// built_in_barrel(draws=3) draws three times without a real Barrel (C3): two spades,
// then a heart.
func TestAddedBuiltInBarrel(t *testing.T) {
	b := nth(BANG, 0)
	s := addedScenario(t, 1, pw(t, "built_in_barrel", 3))
	s.hand(0, b, keep)
	s.deck(fill1, fill2, spadeHigh, clubCard, heartCard)
	s.start()
	s.playAt(b, 1)
	s.wantLife(5, 4, 4, 4, 4)
	if s.g.BarrelDraws != 3 || s.g.BarrelSuccesses != 1 {
		t.Fatalf("%d draws, %d successes", s.g.BarrelDraws, s.g.BarrelSuccesses)
	}
}

// look_keep(look=4, keep=2) looks at four, puts two back (the last on top), keeps two.
func TestAddedLookKeep(t *testing.T) {
	s := addedScenario(t, 0, pw(t, "look_keep", 4, 2))
	s.hand(0, keep)
	s.deck(fill1, fill2, fill3, fill4, fill5)
	s.start()
	s.expect(DecideKit, 0)
	s.wantOptions(4, 4)
	s.use(fill2)
	s.expect(DecideKit, 0)
	s.wantOptions(3, 3)
	s.use(fill4)
	s.expect(DecidePlay, 0)
	s.wantHand(0, keep, fill1, fill3)
	if s.g.deck[s.g.DeckLen-1] != fill4 || s.g.deck[s.g.DeckLen-2] != fill2 || s.g.CardsDrawn != 2 {
		t.Fatalf("deck top %s then %s, %d drawn", s.g.deck[s.g.DeckLen-1], s.g.deck[s.g.DeckLen-2], s.g.CardsDrawn)
	}
}

// lucky_draw(cards=3) turns three cards on a Barrel's "draw!" and chooses among them.
func TestAddedLuckyDraw(t *testing.T) {
	b := nth(BANG, 0)
	s := addedScenario(t, 1, pw(t, "lucky_draw", 3))
	s.hand(0, b, keep)
	s.inPlay(1, nth(Barrel, 0))
	s.deck(fill1, fill2, clubCard, clubCard2, heartCard)
	s.start()
	s.playAt(b, 1)
	s.expect(DecideLucky, 1)
	s.wantOptions(3, 3)
	s.use(heartCard)
	s.wantLife(5, 4, 4, 4, 4)
	s.wantDiscarded(clubCard, clubCard2, heartCard)
}

// harder_to_reach(distance=2) and sees_closer(distance=2): the neighbour sees the
// Tester at 3, and a Tester who sees closer sees every seat at 1.
func TestAddedDistances(t *testing.T) {
	s := addedScenario(t, 1, pw(t, "harder_to_reach", 2))
	b := nth(BANG, 0)
	s.hand(0, b, keep)
	s.deck(fill1, fill2)
	s.start()
	if d := s.g.Distance(0, 1); d != 3 {
		t.Fatalf("seat 0 to the Tester: %d, want 3", d)
	}
	if s.hasOption(ActPlay, b) && s.g.Pending().Find(ActPlay, b) >= 0 {
		for i := 0; i < int(s.g.Pending().N); i++ {
			if o := s.g.Pending().Options[i]; o.Card == b && o.Target == 1 {
				t.Fatal("BANG! offered at the Tester at distance 3")
			}
		}
	}
	s = addedScenario(t, 0, pw(t, "sees_closer", 2))
	s.hand(0, b, keep)
	s.inPlay(2, nth(Mustang, 0))
	s.deck(fill1, fill2)
	s.start()
	for seat := int8(1); seat < 5; seat++ {
		if d := s.g.Distance(0, seat); d != 1 {
			t.Fatalf("the Tester to seat %d: %d, want 1", seat, d)
		}
	}
	s.wantOptions(6, 5) // the end, BANG! at each of the four, the Beer past the yard
}

// draw_from_discard offers the top of the discard pile in phase 1.
func TestAddedDrawFromDiscard(t *testing.T) {
	x, y := nth(Duel, 0), nth(Duel, 1)
	s := addedScenario(t, 0, pw(t, "draw_from_discard"))
	s.hand(0, keep)
	s.discards(x, y)
	s.deck(fill1, fill2)
	s.start()
	s.expect(DecideDraw, 0)
	s.act(ActPile)
	s.wantHand(0, keep, y, fill1)
	s.wantTop(x)
}

// discard_to_heal(cards=1) heals one life for one card (C19).
func TestAddedDiscardToHeal(t *testing.T) {
	s := addedScenario(t, 0, pw(t, "discard_to_heal", 1))
	s.hand(0)
	s.life(0, 3)
	s.deck(fill1, fill2)
	s.start()
	s.act(ActHeal)
	s.expect(DecideSidCard, 0)
	s.wantNeed(1)
	s.use(fill1)
	s.wantLife(4, 4, 4, 4, 4)
	s.wantHand(0, fill2)
}

// needs_missed(missed=3): two Missed! do not cancel the Tester's BANG!.
func TestAddedNeedsMissed(t *testing.T) {
	b := nth(BANG, 0)
	s := addedScenario(t, 0, pw(t, "needs_missed", 3))
	s.hand(0, b, keep)
	s.hand(1, miss, miss2)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.wantNeed(3)
	s.use(miss)
	s.use(miss2)
	s.wantLife(5, 3, 4, 4, 4)
}

// empty_hand_draw(cards=3) draws three when the hand empties.
func TestAddedEmptyHandDraw(t *testing.T) {
	b := nth(BANG, 0)
	x, y, z := nth(Duel, 0), nth(Duel, 1), nth(Duel, 2)
	s := addedScenario(t, 1, pw(t, "empty_hand_draw", 3))
	s.hand(0, b, keep)
	s.hand(1, miss)
	s.deck(fill1, fill2, x, y, z)
	s.start()
	s.playAt(b, 1)
	s.use(miss)
	s.wantHand(1, x, y, z)
}

// loot_eliminated takes the eliminated player's hand and cards in play.
func TestAddedLootEliminated(t *testing.T) {
	b := nth(BANG, 0)
	bar, x := nth(Barrel, 0), nth(Duel, 0)
	s := addedScenario(t, 2, pw(t, "loot_eliminated"))
	s.hand(0, b, keep)
	s.hand(1, x)
	s.inPlay(1, bar)
	s.life(1, 1)
	s.deck(fill1, fill2, clubCard, nth(Jail, 0), nth(Jail, 1), nth(Jail, 2))
	s.start()
	s.playAt(b, 1)
	s.wantAlive(0, 2, 3, 4)
	s.wantHand(2, x, bar)
}

// bang_limit(per_turn=2) plays two BANG!s a turn and not a third.
func TestAddedBangLimit(t *testing.T) {
	b1, b2, b3 := nth(BANG, 0), nth(BANG, 1), nth(BANG, 2)
	s := addedScenario(t, 0, pw(t, "bang_limit", 2))
	s.hand(0, b1, b2, b3, keep)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b1, 1)
	s.playAt(b2, 4)
	s.wantLife(5, 3, 4, 4, 3)
	if s.hasOption(ActPlay, b3) {
		t.Fatal("a third BANG! offered at per_turn=2")
	}
}

// Two primitives on one added character: sees_closer(1) and needs_missed(2) reach seat
// 2 and need two Missed! there.
func TestAddedCombination(t *testing.T) {
	b := nth(BANG, 0)
	s := addedScenario(t, 0, pw(t, "sees_closer", 1), pw(t, "needs_missed", 2))
	s.hand(0, b, keep)
	s.hand(2, miss)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 2)
	s.wantNeed(2)
	s.use(miss)
	s.wantLife(5, 4, 3, 4, 4)
}

// Validate refuses an added character's look_keep keeping as many as it looks at.
func TestAddedValidate(t *testing.T) {
	r := addedRules(t, pw(t, "look_keep", 2, 2))
	if err := r.Validate(); err == nil {
		t.Fatal("look_keep(look=2,keep=2) accepted")
	}
	r = addedRules(t, pw(t, "look_keep", 2, 1))
	if err := r.Validate(); err != nil {
		t.Fatalf("look_keep(look=2,keep=1): %v", err)
	}
}
