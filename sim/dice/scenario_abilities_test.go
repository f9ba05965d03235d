package dice

import "testing"

// One scenario per ability parameter (AbilityParams) at a value other than the card's,
// each beside the printed card's scenario in scenario_characters_test.go. Seating as
// there: scFive, Plain unless listed, seat 0 the Sheriff (+2 life).

// abilityRules returns the default rules for n players with one change to the abilities.
func abilityRules(n int, set func(a *Abilities)) Rules {
	r := DefaultRules(n)
	set(&r.Ability)
	return r
}

func TestAbilityBartCassidy_KeepPile(t *testing.T) {
	// bart-cassidy.keep_pile=3: with 3 arrows in the pile he is not offered one (the
	// card: only the last is refused) and loses the point (ruling D8).
	r := abilityRules(5, func(a *Abilities) { a.BartKeepPile = 3 })
	s := newScenarioRules(t, r, map[int]Character{1: BartCassidy}, scFive...)
	s.arrows(3, map[int]int{3: 6})
	s.script("1DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 8, 8, 8)
	s.wantArrows(3, 0, 0, 0, 6, 0)
}

func TestAbilityBlackJack_MaxDynamite(t *testing.T) {
	// black-jack.max_dynamite=1: two Dynamite showing stay, as for anyone else.
	r := abilityRules(5, func(a *Abilities) { a.BlackJackMax = 1 })
	s := newScenarioRules(t, r, map[int]Character{0: BlackJack}, scFive...)
	s.script("DDAGG" + "BBBBB")
	s.start()
	s.options(s.expect(DecideReroll, 0), 0b11100)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 8, 8, 8, 8)
	s.wantArrows(8, 1, 0, 0, 0, 0)
	s.wantScriptUsed()
}

func TestAbilityCalamityJanet_NoSwap(t *testing.T) {
	// calamity-janet.swap=0, 6 players: each Bull's Eye reaches its own distance only.
	r := abilityRules(6, func(a *Abilities) { a.CalamitySwap = 0 })
	s := newScenarioRules(t, r, map[int]Character{0: CalamityJanet}, Sheriff, Outlaw, Outlaw, Outlaw, Renegade, Deputy)
	s.script("12DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 5))
	s.apply(1)
	s.options(s.expectDie(DecideTarget, 0, 1), scOpts(2, 4))
	s.apply(2)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 7, 8, 8, 8)
}

func TestAbilityElGringo_Arrows(t *testing.T) {
	// el-gringo.arrows=2: the roller who hits him takes two arrows for the step (D9: one
	// step for all the Bull's Eyes).
	r := abilityRules(5, func(a *Abilities) { a.ElGringoArrows = 2 })
	s := newScenarioRules(t, r, map[int]Character{1: ElGringo}, scFive...)
	s.script("11DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 5, 8, 8, 8)
	s.wantArrows(7, 2, 0, 0, 0, 0)
}

func TestAbilityJesseJones_Heal(t *testing.T) {
	// jesse-jones.heal=3: at 4 life a Beer on himself gives 3 (D10).
	r := abilityRules(5, func(a *Abilities) { a.JesseHeal = 3 })
	s := newScenarioRules(t, r, map[int]Character{2: JesseJones}, scFive...)
	s.active(2)
	s.life(map[int]int{2: 4})
	s.script("BGGDD" + "BBBBB")
	s.start()
	s.stop(2)
	s.apply(2)
	s.expect(DecideReroll, 3)
	s.wantLife(10, 8, 7, 8, 8)
}

func TestAbilityJesseJones_AtMost(t *testing.T) {
	// jesse-jones.at_most=5: at 5 life he is low, so a Beer on himself gives 2 (D10).
	r := abilityRules(5, func(a *Abilities) { a.JesseAtMost = 5 })
	s := newScenarioRules(t, r, map[int]Character{2: JesseJones}, scFive...)
	s.active(2)
	s.life(map[int]int{2: 5})
	s.script("BGGDD" + "BBBBB")
	s.start()
	s.stop(2)
	s.apply(2)
	s.expect(DecideReroll, 3)
	s.wantLife(10, 8, 7, 8, 8)
}

func TestAbilityJourdonnais_MaxLoss(t *testing.T) {
	// jourdonnais.max_loss=2: holding 3 arrows he loses 2 to the Indians (D1).
	r := abilityRules(5, func(a *Abilities) { a.JourdonnaisCap = 2 })
	s := newScenarioRules(t, r, map[int]Character{2: Jourdonnais}, scFive...)
	s.arrows(1, map[int]int{2: 3, 3: 5})
	s.script("ADDGG" + "BBBBB")
	s.start()
	s.options(s.expect(DecideReroll, 0), scOpts(0, 3, 4))
	s.wantLife(9, 8, 5, 3, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantCounts(1, 0, 0)
}

func TestAbilityKitCarlson_Discards(t *testing.T) {
	// kit-carlson.discards=2: two discards per Gatling die (D7: before it fires; here it
	// does not); a Skip ends a die's discards.
	r := abilityRules(5, func(a *Abilities) { a.KitDiscards = 2 })
	s := newScenarioRules(t, r, map[int]Character{0: KitCarlson}, scFive...)
	s.arrows(6, map[int]int{0: 2, 3: 1})
	s.script("GGDDA" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideKitDiscard, 0, 0), scOpts(0, 3)|1<<Skip)
	s.apply(3)
	s.options(s.expectDie(DecideKitDiscard, 0, 0), scOpts(0)|1<<Skip)
	s.apply(0)
	s.expectDie(DecideKitDiscard, 0, 1)
	s.apply(0)
	s.expectDie(DecideKitDiscard, 0, 1)
	s.apply(Skip)
	s.expect(DecideReroll, 1)
	s.wantArrows(8, 1, 0, 0, 0, 0)
	s.wantLife(9, 8, 8, 8, 8)
	s.wantScriptUsed()
}

func TestAbilityLuckyDuke_Rerolls(t *testing.T) {
	// lucky-duke.rerolls=2: four rerolls (five rolls in all); the fifth completes a
	// Gatling, which returns his four arrows (D7).
	r := abilityRules(5, func(a *Abilities) { a.LuckyRerolls = 2 })
	s := newScenarioRules(t, r, map[int]Character{0: LuckyDuke}, scFive...)
	s.script("DDGGA" + "A" + "A" + "A" + "G" + "BBBBB")
	s.start()
	for left := 4; left >= 1; left-- {
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

func TestAbilityPaulRegret_GatlingLoss(t *testing.T) {
	// paul-regret.gatling_loss=1: the Gatling hits him like everyone.
	r := abilityRules(5, func(a *Abilities) { a.PaulGatlingLoss = 1 })
	s := newScenarioRules(t, r, map[int]Character{1: PaulRegret}, scFive...)
	s.script("GGG1D" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 7, 7, 7)
	s.wantCounts(0, 0, 1)
}

func TestAbilityPedroRamirez_Returns(t *testing.T) {
	// pedro-ramirez.returns=2: the first point lost returns both his arrows, each asked;
	// holding none at the second, he is not asked.
	r := abilityRules(5, func(a *Abilities) { a.PedroReturns = 2 })
	s := newScenarioRules(t, r, map[int]Character{1: PedroRamirez}, scFive...)
	s.arrows(7, map[int]int{1: 2})
	s.script("11DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.apply(1)
	s.options(s.expect(DecidePedroReturn, 1), 0b11)
	s.apply(1)
	s.wantArrows(8, 0, 1, 0, 0, 0)
	if d := s.expect(DecidePedroReturn, 1); d.Cause != CauseBullsEye {
		t.Fatalf("cause %s, want bullseye", d.Cause)
	}
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 6, 8, 8, 8)
	s.wantArrows(9, 0, 0, 0, 0, 0)
}

func TestAbilityRoseDoolan_Reach(t *testing.T) {
	// rose-doolan.reach=0, 7 players: her Bull's Eyes reach their own distance only;
	// reach=2, 8 players: Bull's Eye 1 reaches 1 to 3, Bull's Eye 2 reaches 2 to 4 (D22).
	r := abilityRules(7, func(a *Abilities) { a.RoseReach = 0 })
	s := newScenarioRules(t, r, map[int]Character{0: RoseDoolan}, Sheriff, Outlaw, Outlaw, Outlaw, Renegade, Deputy, Deputy)
	s.script("12DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 6))
	s.apply(1)
	s.options(s.expectDie(DecideTarget, 0, 1), scOpts(2, 5))
	s.apply(2)
	s.expect(DecideReroll, 1)
	s.wantLife(11, 7, 7, 8, 8, 8, 8)

	r = abilityRules(8, func(a *Abilities) { a.RoseReach = 2 })
	s = newScenarioRules(t, r, map[int]Character{0: RoseDoolan}, Sheriff, Outlaw, Outlaw, Outlaw, Renegade, Renegade, Deputy, Deputy)
	s.script("12DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expectDie(DecideTarget, 0, 0), scOpts(1, 2, 3, 5, 6, 7))
	s.apply(3)
	s.options(s.expectDie(DecideTarget, 0, 1), scOpts(2, 3, 4, 5, 6))
	s.apply(4)
	s.expect(DecideReroll, 1)
	s.wantLife(11, 8, 8, 7, 7, 8, 8, 8)
}

func TestAbilitySidKetchum_Heal(t *testing.T) {
	// sid-ketchum.heal=2: his choice gains 2 before he rolls (D11); heal=0: not asked.
	r := abilityRules(4, func(a *Abilities) { a.SidHeal = 2 })
	s := newScenarioRules(t, r, map[int]Character{1: SidKetchum}, Sheriff, Renegade, Outlaw, Outlaw)
	s.dead(2, 3)
	s.active(1)
	s.life(map[int]int{0: 7, 1: 5})
	s.script("DDGGA")
	s.start()
	s.options(s.expect(DecideSidHeal, 1), scOpts(0, 1))
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(9, 5, 0, 0)

	r = abilityRules(4, func(a *Abilities) { a.SidHeal = 0 })
	s = newScenarioRules(t, r, map[int]Character{1: SidKetchum}, Sheriff, Renegade, Outlaw, Outlaw)
	s.dead(2, 3)
	s.active(1)
	s.life(map[int]int{0: 7, 1: 5})
	s.script("DDGGA")
	s.start()
	s.expect(DecideReroll, 1)
	s.wantLife(7, 5, 0, 0)
}

func TestAbilitySlabTheKiller_Damage(t *testing.T) {
	// slab-the-killer.damage=3: the doubled Bull's Eye deals 3, the other 1; the spent
	// Beer heals no one.
	r := abilityRules(5, func(a *Abilities) { a.SlabDamage = 3 })
	s := newScenarioRules(t, r, map[int]Character{0: SlabTheKiller}, scFive...)
	s.life(map[int]int{0: 6})
	s.script("11BBG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(0)
	s.apply(1)
	s.apply(4)
	s.expectDie(DecideBeer, 0, 3)
	s.apply(0)
	s.expect(DecideReroll, 1)
	s.wantLife(7, 5, 8, 8, 7)
	s.wantScriptUsed()
}

func TestAbilitySlabTheKiller_Beers(t *testing.T) {
	// slab-the-killer.beers=0: offered with no Beer showing, and the doubled Bull's Eye
	// costs none.
	r := abilityRules(5, func(a *Abilities) { a.SlabBeers = 0 })
	s := newScenarioRules(t, r, map[int]Character{0: SlabTheKiller}, scFive...)
	s.script("11DDG" + "BBBBB")
	s.start()
	s.stop(0)
	s.options(s.expect(DecideSlab, 0), scOpts(0, 1)|1<<Skip)
	s.apply(0)
	s.apply(1)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 5, 8, 8, 8)
}

func TestAbilitySuzyLafayette_Heal(t *testing.T) {
	// suzy-lafayette.heal=3: +3 at the end of a turn without a Bull's Eye.
	r := abilityRules(5, func(a *Abilities) { a.SuzyHeal = 3 })
	s := newScenarioRules(t, r, map[int]Character{0: SuzyLafayette}, scFive...)
	s.life(map[int]int{0: 5})
	s.script("GGDDA" + "BBBBB")
	s.start()
	s.stop(0)
	s.expect(DecideReroll, 1)
	s.wantLife(8, 8, 8, 8, 8)
}

func TestAbilitySuzyLafayette_BullsEyes(t *testing.T) {
	// suzy-lafayette.bullseyes=1: one Bull's Eye in her final dice still lets her gain.
	r := abilityRules(5, func(a *Abilities) { a.SuzyBullsEyes = 1 })
	s := newScenarioRules(t, r, map[int]Character{0: SuzyLafayette}, scFive...)
	s.life(map[int]int{0: 5})
	s.script("1GDDA" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(4)
	s.expect(DecideReroll, 1)
	s.wantLife(7, 8, 8, 8, 7)
}

func TestAbilityVultureSam_Heal(t *testing.T) {
	// vulture-sam.heal=3: +3 for an elimination (D12).
	r := abilityRules(5, func(a *Abilities) { a.VultureHeal = 3 })
	s := newScenarioRules(t, r, map[int]Character{4: VultureSam}, scFive...)
	s.life(map[int]int{1: 1, 4: 5})
	s.script("1DDGG" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.expect(DecideReroll, 2)
	s.wantLife(10, 0, 8, 8, 8)
}

func TestAbilityWillyTheKid_Fewer(t *testing.T) {
	// willy-the-kid.fewer=2: one Gatling fires; fewer=0: two do not.
	r := abilityRules(5, func(a *Abilities) { a.WillyFewer = 2 })
	s := newScenarioRules(t, r, map[int]Character{0: WillyTheKid}, scFive...)
	s.arrows(8, map[int]int{0: 1})
	s.script("GDD11" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 5, 7, 7, 7)
	s.wantArrows(9, 0, 0, 0, 0, 0)
	s.wantCounts(0, 0, 1)

	r = abilityRules(5, func(a *Abilities) { a.WillyFewer = 0 })
	s = newScenarioRules(t, r, map[int]Character{0: WillyTheKid}, scFive...)
	s.script("GGDD1" + "BBBBB")
	s.start()
	s.stop(0)
	s.apply(1)
	s.expect(DecideReroll, 1)
	s.wantLife(10, 7, 8, 8, 8)
	s.wantCounts(0, 0, 0)
}

// TestAbilityParamsTable checks the table: every parameter's card value within its
// range, names unique per character, and Validate refusing a value past the range.
func TestAbilityParamsTable(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range AbilityParams() {
		key := p.Character.Slug() + "." + p.Name
		if seen[key] {
			t.Errorf("%s listed twice", key)
		}
		seen[key] = true
		if d := p.Default(); d < p.Min || d > p.Max || p.Doc == "" {
			t.Errorf("%s: card %d outside %d-%d, or no doc", key, d, p.Min, p.Max)
		}
		r := DefaultRules(5)
		p.Set(&r.Ability, p.Max+1)
		if err := r.Validate(); err == nil {
			t.Errorf("%s=%d accepted", key, p.Max+1)
		}
	}
}
