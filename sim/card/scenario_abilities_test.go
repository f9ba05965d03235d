package card

import "testing"

// One scenario per ability parameter (ability.go) at a value other than the printed
// card's, beside the printed card's own scenario (scenario_characters_test.go).

// withAbility returns 5-player rules with character c's parameter name set to v.
func withAbility(t *testing.T, c Character, name string, v int) Rules {
	t.Helper()
	r := DefaultRules(5)
	for _, p := range AbilityParams() {
		if p.Character == c && p.Name == name {
			p.Set(&r.Ability, v)
			if p.Get(&r.Ability) != v {
				t.Fatalf("%s.%s: set %d, got %d", c, name, v, p.Get(&r.Ability))
			}
			return r
		}
	}
	t.Fatalf("no parameter %s.%s", c, name)
	return r
}

// Bart Cassidy with cards=2 draws two cards for the life point a BANG! took.
func TestAbilityBartCassidyCards(t *testing.T) {
	s := newScenarioRules(t, withAbility(t, BartCassidy, "cards", 2), map[int]Character{1: BartCassidy}, scFive...)
	b := nth(BANG, 0)
	x, y := nth(Duel, 0), nth(Duel, 1)
	s.hand(0, b, keep)
	s.deck(fill1, fill2, x, y)
	s.start()
	s.playAt(b, 1)
	s.wantLife(5, 3, 4, 4, 4)
	s.wantHand(1, x, y)
	if s.g.BartDraws != 2 {
		t.Fatalf("BartDraws %d", s.g.BartDraws)
	}
}

// Black Jack with extra=2 draws two more cards on a red second card; with extra=0 none.
func TestAbilityBlackJackExtra(t *testing.T) {
	s := newScenarioRules(t, withAbility(t, BlackJack, "extra", 2), map[int]Character{0: BlackJack}, scFive...)
	s.hand(0, keep)
	s.deck(fill1, heartCard, fill2, fill3)
	s.start()
	s.expect(DecidePlay, 0)
	s.wantHand(0, keep, fill1, heartCard, fill2, fill3)
	s = newScenarioRules(t, withAbility(t, BlackJack, "extra", 0), map[int]Character{0: BlackJack}, scFive...)
	s.hand(0, keep)
	s.deck(fill1, heartCard, fill2)
	s.start()
	s.expect(DecidePlay, 0)
	s.wantHand(0, keep, fill1, heartCard)
}

// El Gringo with cards=2 takes two cards for one life point (C19).
func TestAbilityElGringoCards(t *testing.T) {
	s := newScenarioRules(t, withAbility(t, ElGringo, "cards", 2), map[int]Character{1: ElGringo}, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep, keep2())
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.wantLife(5, 2, 4, 4, 4)
	var shooter Set // what seat 0 held when it shot
	for _, c := range []CardID{keep, keep2(), fill1, fill2} {
		shooter.Add(c)
	}
	if got := s.g.Hand[1].And(shooter).Len(); got != 2 || s.g.GringoSteals != 2 {
		t.Fatalf("El Gringo holds %d of the shooter's cards, %d steals", got, s.g.GringoSteals)
	}
}

// Jourdonnais with draws=2 draws twice without a real Barrel (C3): a spade, then a heart.
func TestAbilityJourdonnaisDraws(t *testing.T) {
	s := newScenarioRules(t, withAbility(t, Jourdonnais, "draws", 2), map[int]Character{1: Jourdonnais}, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep)
	s.deck(fill1, fill2, spadeHigh, heartCard)
	s.start()
	s.playAt(b, 1)
	s.wantLife(5, 4, 4, 4, 4)
	if s.g.BarrelDraws != 2 || s.g.BarrelSuccesses != 1 {
		t.Fatalf("%d draws, %d successes", s.g.BarrelDraws, s.g.BarrelSuccesses)
	}
}

// Sid Ketchum with cards=3 is offered his heal only with three cards, and pays three.
func TestAbilitySidKetchumCards(t *testing.T) {
	s := newScenarioRules(t, withAbility(t, SidKetchum, "cards", 3), map[int]Character{0: SidKetchum}, scFive...)
	s.hand(0)
	s.life(0, 3)
	s.deck(fill1, fill2)
	s.start()
	if s.hasOption(ActHeal, NoCard) {
		t.Fatal("heal offered with two cards")
	}
	s = newScenarioRules(t, withAbility(t, SidKetchum, "cards", 3), map[int]Character{0: SidKetchum}, scFive...)
	s.hand(0, keep)
	s.life(0, 3)
	s.deck(fill1, fill2)
	s.start()
	s.act(ActHeal)
	s.expect(DecideSidCard, 0)
	s.wantNeed(3)
	s.use(fill1)
	s.use(fill2) // the third, the last card, goes without a decision
	s.wantLife(4, 4, 4, 4, 4)
	s.wantHand(0)
	if s.g.SidHeals != 1 {
		t.Fatalf("SidHeals %d", s.g.SidHeals)
	}
}

// Slab the Killer with missed=1 is cancelled by one Missed!; with missed=3 two are not
// enough.
func TestAbilitySlabTheKillerMissed(t *testing.T) {
	s := newScenarioRules(t, withAbility(t, SlabTheKiller, "missed", 1), map[int]Character{0: SlabTheKiller}, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep)
	s.hand(1, miss)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.expect(DecideMissed, 1)
	s.wantNeed(1)
	s.use(miss)
	s.wantLife(5, 4, 4, 4, 4)
	s = newScenarioRules(t, withAbility(t, SlabTheKiller, "missed", 3), map[int]Character{0: SlabTheKiller}, scFive...)
	s.hand(0, b, keep)
	s.hand(1, miss, miss2)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.wantNeed(3)
	s.use(miss)
	s.use(miss2) // one still needed and none left: the hit lands
	s.wantLife(5, 3, 4, 4, 4)
}

// Suzy Lafayette with cards=2 draws two when her hand empties.
func TestAbilitySuzyLafayetteCards(t *testing.T) {
	s := newScenarioRules(t, withAbility(t, SuzyLafayette, "cards", 2), map[int]Character{1: SuzyLafayette}, scFive...)
	b := nth(BANG, 0)
	x, y := nth(Duel, 0), nth(Duel, 1)
	s.hand(0, b, keep)
	s.hand(1, miss)
	s.deck(fill1, fill2, x, y)
	s.start()
	s.playAt(b, 1)
	s.use(miss)
	s.wantHand(1, x, y)
	if s.g.SuzyDraws != 1 {
		t.Fatalf("SuzyDraws %d", s.g.SuzyDraws)
	}
}

// A parameter outside its range is refused by Validate, naming it.
func TestAbilityValidate(t *testing.T) {
	r := DefaultRules(5)
	for _, p := range AbilityParams() {
		if p.Character == SidKetchum {
			p.Set(&r.Ability, 0)
		}
	}
	if err := r.Validate(); err == nil {
		t.Fatal("Sid Ketchum's cards=0 accepted")
	}
}

// Kit Carlson keeping as many cards as he looks at is refused; keep 3 of 4 is not.
func TestAbilityKitCarlsonValidate(t *testing.T) {
	r := withAbility(t, KitCarlson, "keep", 3)
	if err := r.Validate(); err == nil {
		t.Fatal("Kit Carlson keeping 3 of 3 accepted")
	}
	for _, p := range AbilityParams() {
		if p.Character == KitCarlson && p.Name == "look" {
			p.Set(&r.Ability, 4)
		}
	}
	if err := r.Validate(); err != nil {
		t.Fatalf("keep 3 of 4: %v", err)
	}
}
