package card

import (
	"slices"
	"testing"
)

// The digest: "Only the front character's ability works; the back character's ability
// is ignored at all times, except while a card aimed at it is being resolved." Each
// case below has a twin with the character in front (or aimed at), so that the test
// fails if the back one's ability were used, or if it were never used.

// duelStacks returns stacks with these characters in play (seat 0's front and back,
// seat 1's front and back) and the other characters as reinforcements.
func duelStacks(f0, b0, f1, b1 Character) [2][DuelCharacters]Character {
	st := [2][DuelCharacters]Character{{f0, b0}, {f1, b1}}
	next := [2]int{2, 2}
	for c := Character(0); c < NumRealCharacters; c++ {
		if c == f0 || c == b0 || c == f1 || c == b1 {
			continue
		}
		s := 0
		if next[0] == DuelCharacters {
			s = 1
		}
		if next[s] < DuelCharacters {
			st[s][next[s]] = c
			next[s]++
		}
	}
	return st
}

// Passive abilities of seat 0's back character that change its own turn's options are
// ignored; in front they work: Rose Doolan's Scope, Calamity Janet's Missed! as BANG!,
// Sid Ketchum's heal; and Paul Regret's Mustang of the opponent's front.
func TestDuelBackPassivesIgnored(t *testing.T) {
	b, m := nth(BANG, 0), miss
	for _, c := range []struct {
		name  string
		st    [2][DuelCharacters]Character
		setup func(sc *duelScene)
		card  CardID
		want  []int8 // the card's targets
		heal  bool   // Sid Ketchum's heal offered
	}{
		{"Rose Doolan behind", duelStacks(PedroRamirez, RoseDoolan, BlackJack, KitCarlson), nil, b, []int8{1}, false},
		{"Rose Doolan in front", duelStacks(RoseDoolan, PedroRamirez, BlackJack, KitCarlson), nil, b, []int8{1, 3}, false},
		{"Calamity Janet behind", duelStacks(PedroRamirez, CalamityJanet, BlackJack, KitCarlson), nil, m, nil, false},
		{"Calamity Janet in front", duelStacks(CalamityJanet, PedroRamirez, BlackJack, KitCarlson), nil, m, []int8{1}, false},
		{"Paul Regret in front, opposite", duelStacks(PedroRamirez, KitCarlson, PaulRegret, BlackJack), nil, b, nil, false},
		{"Sid Ketchum behind", duelStacks(PedroRamirez, SidKetchum, BlackJack, KitCarlson),
			func(sc *duelScene) { sc.d.Life[2] = 2 }, b, []int8{1}, false},
		{"Sid Ketchum in front", duelStacks(SidKetchum, PedroRamirez, BlackJack, KitCarlson),
			func(sc *duelScene) { sc.d.Life[0] = 2 }, b, []int8{1}, true},
	} {
		sc := newDuelScene(t, c.st)
		sc.hand(0, b, m, fill1, nth(Stagecoach, 0)) // the Stagecoach: a decision is always asked
		if c.setup != nil {
			c.setup(sc)
		}
		sc.turn()
		ps := sc.asked(0, DecidePlay)
		if len(ps) == 0 {
			t.Fatalf("%s: no phase-2 decision", c.name)
		}
		if got := targets(&ps[0], c.card); !slices.Equal(got, c.want) {
			t.Errorf("%s: %s targets %v, want %v", c.name, c.card, got, c.want)
		}
		if heal := ps[0].Find(ActHeal, NoCard) >= 0; heal != c.heal {
			t.Errorf("%s: Sid's heal offered %v, want %v", c.name, heal, c.heal)
		}
	}
}

// Slab the Killer behind gives his player's BANG! no need of a second Missed!; in front
// he does.
func TestDuelBackSlabIgnored(t *testing.T) {
	for _, front := range []bool{false, true} {
		st := duelStacks(PedroRamirez, SlabTheKiller, BlackJack, KitCarlson)
		if front {
			st = duelStacks(SlabTheKiller, PedroRamirez, BlackJack, KitCarlson)
		}
		sc := newDuelScene(t, st)
		b := nth(BANG, 0)
		sc.hand(0, b)
		sc.hand(1, miss)
		sc.script(0, play(b, 1, NoCard))
		sc.script(1, when(DecideMissed, ActCard, miss))
		sc.turn()
		want := int8(Life(BlackJack))
		if front {
			want-- // one Missed! is not enough against Slab
		}
		if sc.d.Life[1] != want {
			t.Fatalf("Slab in front %v: the target has %d life, want %d", front, sc.d.Life[1], want)
		}
	}
}

// A shot at the front character does not wake the back one: Jourdonnais behind draws no
// Barrel, Lucky Duke behind turns one card for the front's Barrel, Bart Cassidy behind
// draws nothing, El Gringo behind takes nothing, Calamity Janet behind cannot answer
// with a BANG!. Aimed at the back instead, each works (Jourdonnais and Bart Cassidy:
// TestDuelBackAbilityWhenTargeted).
func TestDuelBackIgnoredWhenFrontShot(t *testing.T) {
	for _, back := range []Character{Jourdonnais, LuckyDuke, BartCassidy, ElGringo, CalamityJanet} {
		for _, aim := range []int8{1, 3} {
			sc := newDuelScene(t, duelStacks(PedroRamirez, KitCarlson, BlackJack, back))
			b := nth(BANG, 0)
			sc.hand(0, b, keep)
			sc.hand(1, nth(BANG, 1))
			sc.inPlay(0, nth(Schofield, 0))
			sc.inPlay(aim, nth(Barrel, 0))
			sc.top(clubCard, clubCard2, clubCard3, cardOf(BANG, 5, Clubs)) // phase 1's two, then the "draw!"s fail
			sc.script(0, play(b, aim, NoCard))
			sc.script(1, when(DecideMissed, ActCard, nth(BANG, 1)))
			sc.turn()
			d := sc.d
			aimed := aim == 3
			var hand uint8 = 1 // the BANG! seat 1 holds
			if aimed {
				switch back {
				case BartCassidy:
					hand++ // draws for the life lost
				case ElGringo:
					hand++ // takes seat 0's Beer
				case CalamityJanet:
					hand-- // answered with the BANG!
				}
			}
			wantLife := int8(Life(d.Char[aim])) - 1
			if aimed && back == CalamityJanet {
				wantLife++
			}
			if d.Life[aim] != wantLife || d.HandLen[1] != hand {
				t.Errorf("%s behind, shot at slot %d: life %d (want %d), seat 1 holds %d (want %d)", back, aim, d.Life[aim], wantLife, d.HandLen[1], hand)
			}
			draws := uint16(1) // the Barrel in front of the target
			if aimed && back == Jourdonnais {
				draws = 2
			}
			if d.BarrelDraws != draws {
				t.Errorf("%s behind, shot at slot %d: %d Barrel draws, want %d", back, aim, d.BarrelDraws, draws)
			}
			lucky := len(sc.asked(1, DecideLucky)) > 0
			if lucky != (aimed && back == LuckyDuke) {
				t.Errorf("%s behind, shot at slot %d: Lucky Duke's choice asked %v", back, aim, lucky)
			}
		}
	}
}

// Sid Ketchum behind heals against a lethal hit aimed at him; a lethal hit on his front
// partner offers no heal of Sid's (his heal is for his own life).
func TestDuelBackSidWhenTargeted(t *testing.T) {
	for _, aim := range []int8{3, 1} {
		sc := newDuelScene(t, duelStacks(PedroRamirez, KitCarlson, BlackJack, SidKetchum))
		b := nth(BANG, 0)
		sc.hand(0, b)
		sc.hand(1, fill1, fill2)
		sc.inPlay(0, nth(Schofield, 0))
		sc.d.Life[aim] = 1
		sc.script(0, play(b, aim, NoCard))
		sc.script(1, when(DecideMissed, ActTakeHit, NoCard), when(DecideLethal, ActHeal, NoCard))
		sc.turn()
		healed := sc.d.SidHeals == 1 && sc.d.Life[aim] == 1 && sc.d.Info.Lost[1] == 0
		if healed != (aim == 3) {
			t.Fatalf("shot at slot %d: Sid healed %v, lost %d", aim, healed, sc.d.Info.Lost[1])
		}
	}
}

// A Jail or a Dynamite on the back character is a card aimed at it (the seed calls the
// jailed character the Jail's target; the Dynamite passes to the character the passer
// chooses): while its "draw!" and its explosion are resolved, the back one's ability
// works: Lucky Duke turns two cards for his Jail, Bart Cassidy draws 3 for the
// explosion. The same cards on the front character with the back one idle: nothing.
func TestDuelBackJailDynamiteAimed(t *testing.T) {
	for _, onBack := range []bool{true, false} {
		sc := newDuelScene(t, duelStacks(PedroRamirez, LuckyDuke, BlackJack, KitCarlson))
		j := nth(Jail, 0)
		slot := int8(2)
		if !onBack {
			slot = 0
		}
		sc.inPlay(slot, j)
		sc.top(clubCard, heartCard)
		sc.script(0, when(DecideLucky, ActCard, heartCard))
		sc.turn()
		lucky := len(sc.asked(0, DecideLucky)) == 1
		if lucky != onBack || (sc.d.JailEscapes == 1) != onBack {
			t.Fatalf("Jail on slot %d, Lucky Duke behind: asked %v, escapes %d", slot, lucky, sc.d.JailEscapes)
		}
	}
	for _, onBack := range []bool{true, false} {
		sc := newDuelScene(t, duelStacks(PedroRamirez, BartCassidy, BlackJack, KitCarlson))
		slot := int8(2)
		if !onBack {
			slot = 0
		}
		sc.inPlay(slot, nth(Dynamite, 0))
		sc.top(boomCard)
		sc.turn()
		want := uint16(0)
		if onBack {
			want = 3
		}
		if sc.d.DynamiteExplosions != 1 || sc.d.BartDraws != want {
			t.Fatalf("Dynamite on slot %d, Bart Cassidy behind: %d explosions, Bart drew %d, want %d", slot, sc.d.DynamiteExplosions, sc.d.BartDraws, want)
		}
	}
}

// Suzy Lafayette behind, dueled: her player's last BANG! answers the Duel, and she draws
// when it is over (C20), as the Duel was aimed at her; dueled in front of her, her
// player's partner gets no draw of hers.
func TestDuelSuzyBehindDueled(t *testing.T) {
	for _, aim := range []int8{3, 1} {
		sc := newDuelScene(t, duelStacks(PedroRamirez, KitCarlson, JesseJones, SuzyLafayette))
		du, b := nth(Duel, 0), nth(BANG, 0)
		sc.hand(0, du)
		sc.hand(1, b)
		sc.script(0, play(du, aim, NoCard))
		sc.script(1, when(DecideBang, ActCard, b))
		sc.turn()
		d := sc.d
		want := uint8(0)
		if aim == 3 {
			want = 1
		}
		if d.Life[0] != int8(Life(PedroRamirez))-1 || d.HandLen[1] != want || d.SuzyDraws != uint16(want) {
			t.Fatalf("Duel at slot %d: the player's front %d life, seat 1 holds %d (want %d)", aim, d.Life[0], d.HandLen[1], want)
		}
	}
}

// Suzy Lafayette in front whose last card is a Stagecoach: the Stagecoach's two cards
// fill her hand before her ability would look at it, so she draws nothing of her own
// (C20 as amended: seed 003 makes an ability wait for the cards' effects).
func TestDuelSuzyLastCardResolvesFirst(t *testing.T) {
	sc := newDuelScene(t, duelStacks(SuzyLafayette, KitCarlson, JesseJones, PedroRamirez))
	mus, st := nth(Mustang, 0), nth(Stagecoach, 0)
	sc.top(mus, st) // her phase-1 draw
	sc.script(0, play(mus, 0, NoCard), play(st, -1, NoCard))
	sc.turn()
	d := sc.d
	if d.Played[Stagecoach] != 1 || d.SuzyDraws != 0 || d.HandLen[0] != 2 {
		t.Fatalf("Stagecoach played %d, Suzy draws %d, hand %d (want 1, 0, 2)", d.Played[Stagecoach], d.SuzyDraws, d.HandLen[0])
	}
}
