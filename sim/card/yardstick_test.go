package card

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// The yardsticks (shared/rules/card.md R1–R7): the option lists the engine offers are
// exactly the ones R lists, the yardstick's first (Yard), so `random` is uniform over
// Options[:Yard].

func TestYardstickR1_Phase1(t *testing.T) {
	t.Run("pedro-empty-pile", func(t *testing.T) {
		// R1: Pedro Ramirez chooses only when there is a discard pile.
		s := newScenario(t, 5, map[int]Character{0: PedroRamirez}, scFive...)
		s.hand(0, keep)
		s.deck(fill1, fill2)
		s.start()
		s.expect(DecidePlay, 0)
		s.wantHand(0, keep, fill1, fill2)
	})
	t.Run("jesse", func(t *testing.T) {
		// R1: the deck, or one other living player with cards in hand.
		s := newScenario(t, 5, map[int]Character{2: JesseJones}, scFive...)
		s.active(2)
		s.dead(1)
		s.hand(1, nil...)
		s.hand(0, fill3)
		s.hand(3, fill4)
		s.hand(2, keep)
		s.deck(fill1, fill2)
		s.start()
		s.expect(DecideDraw, 2)
		s.wantOptions(3, 3)
		for i, want := range []Option{{ActDeck, NoCard, -1, NoCard}, {ActPlayer, NoCard, 0, NoCard}, {ActPlayer, NoCard, 3, NoCard}} {
			if got := s.g.Pending().Options[i]; got != want {
				t.Fatalf("option %d %+v, want %+v", i, got, want)
			}
		}
	})
	t.Run("black-jack", func(t *testing.T) {
		// R1: Black Jack has nothing to decide.
		s := newScenario(t, 5, map[int]Character{0: BlackJack}, scFive...)
		s.hand(0, keep)
		s.deck(fill1, heartCard, fill2)
		s.start()
		s.expect(DecidePlay, 0)
	})
	t.Run("kit-lucky", func(t *testing.T) {
		// R1: Kit Carlson chooses among the three; Lucky Duke among his two (each
		// "draw!"); both checked in TestCharacterKitCarlson and TestCharacterLuckyDuke.
		s := newScenario(t, 5, map[int]Character{0: KitCarlson}, scFive...)
		s.hand(0, keep)
		s.deck(fill1, fill2, fill3)
		s.start()
		s.expect(DecideKit, 0)
		s.wantOptions(3, 3)
	})
}

func TestYardstickR2_Phase2List(t *testing.T) {
	// R2: every legal play, one option per card in hand and target, plus the end; the
	// self-targeted Panic!/Cat Balou and the Beer that would not heal come after Yard.
	s := newScenario(t, 5, nil, scFive...)
	h := []CardID{nth(BANG, 0), nth(Missed, 0), nth(Beer, 0), nth(Saloon, 0), nth(Stagecoach, 0),
		nth(Panic, 0), nth(CatBalou, 0), nth(Duel, 0), nth(Jail, 0), nth(Mustang, 0), nth(Scope, 0),
		nth(Schofield, 0), nth(Gatling, 0), nth(Indians, 0)}
	s.hand(0, h...)
	s.inPlay(0, nth(Mustang, 1))
	s.hand(1, nth(Duel, 1))
	s.inPlay(1, nth(Barrel, 0))
	s.inPlay(2, nth(Jail, 1))
	s.hand(3, nth(Duel, 2))
	s.deck(fill1, fill2)
	s.start()
	d := s.g.Pending()
	// Yard: the end 1, BANG! at 1 and 4: 2, Saloon 1, Stagecoach 1, Panic! (seat 1's
	// hand and Barrel) 2, Cat Balou (seat 1's hand and Barrel, seat 2's Jail, seat 3's
	// hand) 4, Duel 4, Jail (1, 3, 4) 3, Scope 1, Schofield 1, Gatling 1, Indians! 1 = 22.
	// After it: the Beer (full life) 1, Panic! and Cat Balou on oneself (hand, Mustang) 4.
	s.wantOptions(27, 22)
	counts := map[Kind]int{}
	for i := 0; i < int(d.Yard); i++ {
		if o := d.Options[i]; o.Act == ActPlay {
			counts[o.Card.Kind()]++
			if o.Target == 0 && (o.Card.Kind() == Panic || o.Card.Kind() == CatBalou) {
				t.Fatalf("self-target in the yard: %+v", o)
			}
		}
	}
	want := map[Kind]int{BANG: 2, Saloon: 1, Stagecoach: 1, Panic: 2, CatBalou: 4, Duel: 4, Jail: 3, Scope: 1, Schofield: 1, Gatling: 1, Indians: 1}
	if fmt.Sprint(counts) != fmt.Sprint(want) {
		t.Fatalf("yard by kind %v, want %v", counts, want)
	}
	if d.Options[0].Act != ActEnd {
		t.Fatal("the end is not option 0")
	}
}

func TestYardstickR2_SidHealOption(t *testing.T) {
	// R2: Sid below his maximum with 2 or more cards: one option "heal".
	s := newScenario(t, 5, map[int]Character{0: SidKetchum}, scFive...)
	s.life(0, 4)
	s.hand(0, nil...)
	s.deck(fill1, fill2)
	s.start()
	s.expect(DecidePlay, 0)
	s.wantOptions(2, 2)
	if s.g.Pending().Options[1].Act != ActHeal {
		t.Fatal("no heal option")
	}
}

func TestYardstickR3_UniformSubset(t *testing.T) {
	// R3: the cards discarded are a uniformly random subset: Random picks one card at a
	// time, uniformly, until the hand fits.
	s := newScenario(t, 5, nil, scFive...)
	x, y := nth(Duel, 0), nth(Duel, 1)
	s.hand(0, x, y)
	s.life(0, 2)
	s.hand(1, keep)
	s.deck(fill1, fill2)
	s.start()
	s.endTurn()
	s.expect(DecideDiscard, 0)
	s.wantNeed(2)
	base := *s.g
	hand := base.Hand[0].Cards(nil)
	idx := map[CardID]int{}
	for i, c := range hand {
		idx[c] = i
	}
	var counts [16]int
	const runs = 6000
	var pol Random
	var v View
	for i := 0; i < runs; i++ {
		g := base
		v.Rand = rand.NewPCG(uint64(i), 99)
		for g.Pending().Kind == DecideDiscard {
			g.FillView(&v)
			g.Apply(pol.Choose(&v))
		}
		mask := 0
		for _, c := range hand {
			if g.Discarded.Has(c) {
				mask |= 1 << idx[c]
			}
		}
		counts[mask]++
	}
	chi, cells := 0.0, 0
	for m, c := range counts {
		if popcount4(m) != 2 {
			if c != 0 {
				t.Fatalf("discarded subset %04b of the wrong size", m)
			}
			continue
		}
		cells++
		e := float64(runs) / 6
		chi += (float64(c) - e) * (float64(c) - e) / e
	}
	if cells != 6 || chi > 20.5 { // 5 degrees of freedom, 0.999 quantile
		t.Fatalf("chi-square %.1f over %d pairs: %v", chi, cells, counts)
	}
}

func popcount4(m int) int { return m&1 + m>>1&1 + m>>2&1 + m>>3&1 }

func TestYardstickR4_Answers(t *testing.T) {
	t.Run("shot", func(t *testing.T) {
		// R4: the Barrel first without a decision, then take the hit or one per Missed!.
		s := newScenario(t, 5, nil, scFive...)
		b := nth(BANG, 0)
		s.hand(0, b, keep)
		s.hand(1, miss, miss2, nth(BANG, 1))
		s.inPlay(1, nth(Barrel, 0))
		s.deck(fill1, fill2, clubCard)
		s.start()
		s.playAt(b, 1)
		s.expect(DecideMissed, 1)
		s.wantOptions(3, 3)
		if s.g.BarrelDraws != 1 {
			t.Fatal("the Barrel was not drawn first")
		}
	})
	t.Run("janet-shot", func(t *testing.T) {
		s := newScenario(t, 5, map[int]Character{1: CalamityJanet}, scFive...)
		b := nth(BANG, 0)
		s.hand(0, b, keep)
		s.hand(1, miss, nth(BANG, 1))
		s.deck(fill1, fill2)
		s.start()
		s.playAt(b, 1)
		s.expect(DecideMissed, 1)
		s.wantOptions(3, 3)
	})
	t.Run("indians", func(t *testing.T) {
		s := newScenario(t, 5, nil, scFive...)
		in := nth(Indians, 0)
		s.hand(0, in, keep)
		s.hand(1, miss, nth(BANG, 1), nth(BANG, 2))
		s.deck(fill1, fill2)
		s.start()
		s.playSelf(in)
		s.expect(DecideBang, 1)
		s.wantOptions(3, 3)
	})
}

func TestYardstickR5_Lethal(t *testing.T) {
	// R5: die, one option per Beer (3 or more alive), Sid's heal with 2 or more cards.
	s := newScenario(t, 5, map[int]Character{1: SidKetchum}, scFive...)
	b := nth(BANG, 0)
	s.hand(0, b, keep)
	s.hand(1, beer, nth(Beer, 1))
	s.life(1, 1)
	s.deck(fill1, fill2)
	s.start()
	s.playAt(b, 1)
	s.expect(DecideLethal, 1)
	s.wantOptions(4, 4)
	s.wantNeed(1)
}

func TestYardstickR6_GeneralStore(t *testing.T) {
	// R6: each taker picks among the cards still on the table (TestCardGeneralStore
	// plays one through): 5, 4, 3, 2, then the last without a decision.
	s := newScenario(t, 5, nil, scFive...)
	gs := nth(GeneralStore, 0)
	s.hand(0, gs, keep)
	s.deck(fill1, fill2, nth(Duel, 0), nth(Duel, 1), nth(Duel, 2), nth(Jail, 0), nth(Jail, 1))
	s.start()
	s.playSelf(gs)
	for seat, n := range []int{5, 4, 3, 2} {
		s.expect(DecideStore, seat)
		s.wantOptions(n, n)
		s.apply(0, "pick")
	}
	s.expect(DecidePlay, 0)
}

func TestYardstickR7_NothingElseAsked(t *testing.T) {
	// R7: over many random games, only the decisions R1–R6 list are asked, each of the
	// character decisions only of its character.
	games := playoutGames(2000, 300)
	for n := MinPlayers; n <= MaxPlayers; n++ {
		r := DefaultRules(n)
		var by [NumRoles]Policy
		for i := range by {
			by[i] = &Random{}
		}
		tb, err := NewTable(r, by)
		if err != nil {
			t.Fatal(err)
		}
		var bad string
		tb.OnDecision = func(d *Decision, choice int) {
			ch := tb.State.Char[d.Seat]
			switch d.Kind {
			case DecideDraw:
				if ch != JesseJones && ch != PedroRamirez {
					bad = "draw for " + ch.String()
				}
			case DecideKit:
				if ch != KitCarlson {
					bad = "kit for " + ch.String()
				}
			case DecideLucky:
				if ch != LuckyDuke {
					bad = "lucky for " + ch.String()
				}
			case DecideSidCard:
				if ch != SidKetchum {
					bad = "sid for " + ch.String()
				}
			case DecidePlay, DecideDiscard, DecideMissed, DecideBang, DecideLethal, DecideStore:
			default:
				bad = "decision " + d.Kind.String()
			}
			if d.N < 2 {
				bad = "a decision with one option asked"
			}
		}
		for i := 0; i < games/4; i++ {
			tb.Play(seed.ForGame(70, uint64(i)))
			if bad != "" {
				t.Fatalf("p%d game %d: %s", n, i, bad)
			}
		}
	}
}

func TestRandomIsUniformOverTheYard(t *testing.T) {
	// Random draws uniformly from Options[:Yard], never beyond.
	var v View
	v.Rand = rand.NewPCG(1, 2)
	v.Decision.N, v.Decision.Yard = 9, 6
	var counts [9]int
	const runs = 60000
	var p Random
	for range runs {
		counts[p.Choose(&v)]++
	}
	chi := 0.0
	for i, c := range counts {
		if i >= 6 {
			if c != 0 {
				t.Fatalf("chose option %d beyond the yard", i)
			}
			continue
		}
		e := float64(runs) / 6
		chi += (float64(c) - e) * (float64(c) - e) / e
	}
	if chi > 20.5 {
		t.Fatalf("chi-square %.1f: %v", chi, counts)
	}
	if NeedsOf(&p) != NeedsNoRecord {
		t.Fatalf("needs %v", NeedsOf(&p))
	}
}

// TestRandomDrawsNothingForALoneOption: `random` chooses among the options R lists and
// decides nothing else, so a decision whose yard is one option draws nothing from the
// seat's stream, though the engine asks it for the legal plays past the yard (a Beer
// that would not heal, C10) — as a decision with one option at all, which is not asked.
// A reimplementation from R1–R7 never sees those plays; a draw there would shift its
// stream. Checked on the three paths that draw: Random.Choose, playRandom (the Table's
// phase-2 loop) and Table.run with a hook.
func TestRandomDrawsNothingForALoneOption(t *testing.T) {
	untouched := func(what string, r *rand.PCG) {
		t.Helper()
		if got, want := r.Uint64(), rand.NewPCG(5, 6).Uint64(); got != want {
			t.Errorf("%s: the stream moved (next %x, fresh %x)", what, got, want)
		}
	}
	var v View
	v.Rand = rand.NewPCG(5, 6)
	v.Decision.N, v.Decision.Yard = 3, 1
	var p Random
	if c := p.Choose(&v); c != 0 {
		t.Fatalf("Choose at Yard 1 chose %d", c)
	}
	untouched("Choose", v.Rand)

	// A Beer at full life: phase 2 offers the end and, past the yard, the Beer.
	s := newScenario(t, 5, nil, scFive...)
	s.hand(0, keep)
	s.deck(fill1, fill2)
	s.start()
	if d := s.g.Pending(); d.Kind != DecidePlay || d.N != 2 || d.Yard != 1 {
		t.Fatalf("pending %v N %d Yard %d, want phase 2 with N 2, Yard 1", d.Kind, d.N, d.Yard)
	}
	r := rand.NewPCG(5, 6)
	s.g.playRandom(r)
	untouched("playRandom", r)
	if !s.g.Hand[0].Has(keep) {
		t.Fatal("playRandom played the Beer past the yard")
	}

	// Whole games with a hook (every decision goes through Table.run's draw): a decision
	// with Yard 1 is asked and answered 0.
	var by [NumRoles]Policy
	for i := range by {
		by[i] = &Random{}
	}
	tb, err := NewTable(DefaultRules(5), by)
	if err != nil {
		t.Fatal(err)
	}
	lone := 0
	tb.OnDecision = func(d *Decision, choice int) {
		if d.Yard == 1 {
			lone++
			if choice != 0 {
				t.Fatalf("%v with Yard 1 of %d: chose %d", d.Kind, d.N, choice)
			}
		}
	}
	for i := range 200 {
		tb.Play(seed.ForGame(71, uint64(i)))
	}
	if lone == 0 {
		t.Fatal("no decision with Yard 1 in 200 games: the check saw nothing")
	}
}
