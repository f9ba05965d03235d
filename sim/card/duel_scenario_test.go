package card

import (
	"math"
	"slices"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// The stacks most duel scenarios use: [front, back, reinforcements in order]. Pedro
// Ramirez and Jesse Jones in front are asked where their first card comes from (option
// 0, the deck, unless scripted); the backs' abilities are the ones the digest ignores.
var scStacks = [2][DuelCharacters]Character{
	{PedroRamirez, WillyTheKid, KitCarlson, BlackJack, LuckyDuke},
	{JesseJones, PaulRegret, SidKetchum, VultureSam, RoseDoolan},
}

// Draft: 6 of the 16 removed, 10 laid out; the better-ranked seat 0 chooses to start
// first, so seat 1 picks first; picks alternate until each has five; the top two of
// each stack are in play, the other three reinforcements; the starting hand is the
// front character's life. (The digest's finals bullets: the draft and the stacking.)
func TestDuelDraftStartFirst(t *testing.T) {
	d := NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{NewValueDraft(false), RandomDraft{}})
	d.Begin(seed.ForGame(4, 2))
	in := d.Info
	if in.ChoseFirst || in.PickFirst != 1 || in.Starter != 0 || d.Active != 0 {
		t.Fatalf("order: chose first %v, pick first %d, starter %d, active %d", in.ChoseFirst, in.PickFirst, in.Starter, d.Active)
	}
	var all []Character
	for _, c := range in.Pool {
		all = append(all, c)
	}
	for _, c := range d.Removed[:d.NumRemoved] {
		if slices.Contains(all, c) {
			t.Fatalf("%s both removed and laid out", c)
		}
		all = append(all, c)
	}
	if len(all) != NumRealCharacters {
		t.Fatalf("%d characters", len(all))
	}
	var picked []Character
	for s := 0; s < 2; s++ {
		for _, c := range in.Picked[s] {
			if !slices.Contains(in.Pool[:], c) || slices.Contains(picked, c) {
				t.Fatalf("pick %s not from the pool or twice", c)
			}
			picked = append(picked, c)
		}
	}
	// Seat 0 drafts by value: its first pick is the best of the pool after seat 1's.
	for s := int8(0); s < 2; s++ {
		f, b := DuelFront(s), DuelBack(s)
		if d.Char[f] != in.Stack[s][0] || d.Char[b] != in.Stack[s][1] || in.Next[s] != 2 {
			t.Fatalf("seat %d: in play %s, %s; stack %v", s, d.Char[f], d.Char[b], in.Stack[s])
		}
		if int(d.HandLen[s]) != Life(d.Char[f]) {
			t.Fatalf("seat %d holds %d cards, front life %d", s, d.HandLen[s], Life(d.Char[f]))
		}
	}
	// ValueDraft stacks its best in front.
	if DuelValues[in.Stack[0][0]] < DuelValues[in.Stack[0][4]] {
		t.Fatalf("value stack %v", in.Stack[0])
	}
}

// Draft: choosing to pick first gives the start to the opponent.
func TestDuelDraftPickFirst(t *testing.T) {
	d := NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{NewValueDraft(true), NewValueDraft(true)})
	d.Begin(seed.ForGame(4, 3))
	if !d.Info.ChoseFirst || d.Info.PickFirst != 0 || d.Info.Starter != 1 || d.Active != 1 {
		t.Fatalf("pick first: %+v", d.Info)
	}
	best := d.Info.Picked[0][0]
	for _, c := range d.Info.Pool {
		if DuelValues[c] > DuelValues[best] {
			t.Fatalf("first pick %s, but %s is worth more", best, c)
		}
	}
}

// L8: each character has its own life (no Sheriff bonus).
func TestDuelOwnLifeL8(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	for s := int8(0); s < DuelSlots; s++ {
		c := sc.d.Char[s]
		if int(sc.d.Life[s]) != Life(c) || int(sc.d.MaxLife[s]) != Life(c) {
			t.Fatalf("slot %d %s: life %d/%d", s, c, sc.d.Life[s], sc.d.MaxLife[s])
		}
	}
}

// Swap at turn start: after the Jail and the Dynamite and before drawing, the player may
// swap front and back; the new front's life is then the hand limit (L8).
func TestDuelSwap(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	g := sc.d
	g.Life[DuelBack(0)] = 2 // Willy the Kid behind, wounded
	sc.hand(0, fill1, fill2, fill3)
	sc.script(0, when(DecideSwap, ActSwap, NoCard))
	sc.turn()
	if g.Char[0] != WillyTheKid || g.Char[2] != PedroRamirez || g.Life[0] != 2 {
		t.Fatalf("after the swap: front %s (%d), back %s", g.Char[0], g.Life[0], g.Char[2])
	}
	if g.HandLen[0] != 2 { // 3 + 2 drawn, down to Willy's 2 life
		t.Fatalf("hand %d after phase 3, want 2 (the front's life)", g.HandLen[0])
	}
	if sw := sc.asked(0, DecideSwap); len(sw) != 1 {
		t.Fatalf("swap asked %d times", len(sw))
	}
	if len(sc.asked(0, DecideDraw)) != 0 {
		t.Fatalf("Pedro, swapped behind before drawing, was asked about his draw")
	}
}

// Abilities front-only: Willy the Kid behind gives no second BANG!; Paul Regret behind
// adds no distance.
func TestDuelBackAbilityIgnored(t *testing.T) {
	sc := newDuelScene(t, [2][DuelCharacters]Character{
		{PedroRamirez, WillyTheKid, KitCarlson, BlackJack, LuckyDuke},
		{JesseJones, PaulRegret, SidKetchum, VultureSam, RoseDoolan},
	})
	b1, b2 := nth(BANG, 0), nth(BANG, 1)
	sc.hand(0, b1, b2)
	sc.inPlay(0, nth(Schofield, 0))
	sc.script(0, play(b1, 1, NoCard))
	sc.turn()
	ps := sc.asked(0, DecidePlay)
	if got := targets(&ps[0], b1); !slices.Equal(got, []int8{1, 3}) {
		t.Fatalf("Schofield reach 2: BANG! targets %v, want front and back [1 3] (Paul behind adds nothing)", got)
	}
	// After the BANG! nothing is left to play (the second phase-2 decision, with the
	// end alone, is not even asked).
	if len(ps) > 1 {
		if got := targets(&ps[1], b2); len(got) != 0 {
			t.Fatalf("Willy the Kid behind: a second BANG! offered at %v", got)
		}
	}
	if sc.d.HandLen[0] < 1 || !sc.d.Hand[0].Has(b2) {
		t.Fatal("the second BANG! left the hand")
	}
}

// Abilities behind work while a card aimed at them is resolved: Jourdonnais behind draws
// his Barrel when shot at; Bart Cassidy behind draws for the life he loses.
func TestDuelBackAbilityWhenTargeted(t *testing.T) {
	sc := newDuelScene(t, [2][DuelCharacters]Character{
		{PedroRamirez, WillyTheKid, KitCarlson, BlackJack, LuckyDuke},
		{JesseJones, Jourdonnais, BartCassidy, VultureSam, RoseDoolan},
	})
	b := nth(BANG, 0)
	sc.hand(0, b)
	sc.inPlay(0, nth(Schofield, 0))
	sc.top(clubCard, clubCard2, heartCard) // phase 1's two, then Jourdonnais's "draw!"
	sc.script(0, play(b, 3, NoCard))
	sc.turn()
	if sc.d.BarrelDraws != 1 || sc.d.BarrelSuccesses != 1 || sc.d.Life[3] != int8(Life(Jourdonnais)) {
		t.Fatalf("Jourdonnais behind: %d barrel draws, %d successes, life %d", sc.d.BarrelDraws, sc.d.BarrelSuccesses, sc.d.Life[3])
	}

	sc = newDuelScene(t, [2][DuelCharacters]Character{
		{PedroRamirez, WillyTheKid, KitCarlson, BlackJack, LuckyDuke},
		{JesseJones, BartCassidy, ElGringo, VultureSam, RoseDoolan},
	})
	sc.hand(0, b)
	sc.inPlay(0, nth(Schofield, 0))
	sc.script(0, play(b, 3, NoCard))
	sc.turn()
	if sc.d.Life[3] != int8(Life(BartCassidy))-1 || sc.d.HandLen[1] != 1 || sc.d.BartDraws != 1 {
		t.Fatalf("Bart Cassidy behind, hit: life %d, hand %d, draws %d", sc.d.Life[3], sc.d.HandLen[1], sc.d.BartDraws)
	}
}

// Distances: front–front 1, front–back 2 (L8: back–back 3), modified by cards: the Colt
// reaches only the front, a Scope the back too; Panic! reaches distance 1 only.
func TestDuelDistances(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	d := sc.d
	for _, c := range []struct {
		a, b int8
		want int
	}{{0, 1, 1}, {0, 3, 2}, {2, 1, 2}, {2, 3, 3}, {1, 0, 1}, {3, 2, 3}} {
		if got := d.DuelDistance(c.a, c.b); got != c.want {
			t.Errorf("distance %d→%d = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	b, p := nth(BANG, 0), nth(Panic, 0)
	sc.hand(0, b, p)
	sc.hand(1, fill1)
	sc.turn()
	ps := sc.asked(0, DecidePlay)[0]
	if got := targets(&ps, b); !slices.Equal(got, []int8{1}) {
		t.Fatalf("Colt: BANG! targets %v, want the front [1]", got)
	}
	if got := targets(&ps, p); !slices.Equal(got, []int8{1}) {
		t.Fatalf("Panic!: targets %v, want the front [1]", got)
	}

	sc = newDuelScene(t, scStacks)
	sc.hand(0, b, p)
	sc.hand(1, fill1)
	sc.inPlay(0, nth(Scope, 0))
	sc.inPlay(1, nth(Mustang, 0))
	sc.turn()
	ps = sc.asked(0, DecidePlay)[0]
	// Scope −1, Mustang on the front +1: front 1, back 1.
	if got := targets(&ps, b); !slices.Equal(got, []int8{1, 3}) {
		t.Fatalf("Scope, Mustang in front: BANG! targets %v, want [1 3]", got)
	}
	if got := targets(&ps, p); !slices.Equal(got, []int8{1, 3}) {
		t.Fatalf("Scope, Mustang in front: Panic! targets %v, want [1 3]", got)
	}
}

// Multi-target cards resolve: the opponent's front, one's own back, the opponent's back;
// one's own Gatling hits one's own back character too (L5).
func TestDuelGatlingOrderL5(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	gat := nth(Gatling, 0)
	sc.hand(0, gat)
	sc.script(0, play(gat, -1, NoCard))
	var order []int8
	sc.turn()
	// Nobody holds a Missed!: each target is hit without being asked; read the life.
	for slot, want := range map[int8]int{1: Life(JesseJones) - 1, 2: Life(WillyTheKid) - 1, 3: Life(PaulRegret) - 1, 0: Life(PedroRamirez)} {
		if int(sc.d.Life[slot]) != want {
			t.Fatalf("after the Gatling slot %d has %d life, want %d", slot, sc.d.Life[slot], want)
		}
	}
	// The order, seen through the answers: give everyone a Missed! and watch who is asked.
	sc = newDuelScene(t, scStacks)
	sc.hand(0, gat, miss)
	sc.hand(1, miss2, fill1)
	sc.script(0, play(gat, -1, NoCard))
	sc.d.OnDecision = func(d *Decision, _ int) {
		if d.Kind == DecideMissed {
			order = append(order, d.Unit) // the slot answered for (the take-the-hit option's Target is the game's -1)
		}
	}
	sc.turn()
	if !slices.Equal(order, []int8{1, 2, 3}) {
		t.Fatalf("Gatling asked %v, want opponent's front, own back, opponent's back [1 2 3]", order)
	}
}

// Indians! hits one's own back too, in the same order (L5).
func TestDuelIndiansL5(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	ind := nth(Indians, 0)
	b1, b2 := nth(BANG, 0), nth(BANG, 1)
	sc.hand(0, ind, b1)
	sc.hand(1, b2)
	var order []int8
	sc.d.OnDecision = func(d *Decision, _ int) {
		if d.Kind == DecideBang {
			order = append(order, d.Unit) // the slot answered for (the take-the-hit option's Target is the game's -1)
		}
	}
	sc.script(0, play(ind, -1, NoCard))
	sc.turn()
	if !slices.Equal(order, []int8{1, 2, 3}) {
		t.Fatalf("Indians! asked %v, want [1 2 3]", order)
	}
}

// General Store: as many cards as characters in play (reinforcements not counted), the
// player first, then alternating.
func TestDuelGeneralStore(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	gs := nth(GeneralStore, 0)
	sc.hand(0, gs)
	sc.script(0, play(gs, -1, NoCard))
	var who []int8
	sc.d.OnDecision = func(d *Decision, _ int) {
		if d.Kind == DecideStore {
			who = append(who, d.Seat)
		}
	}
	sc.turn()
	// Four characters in play: four cards, taken 0, 1, 0 (the last one is not asked: one option).
	if sc.d.StorePicks != 4 || !slices.Equal(who, []int8{0, 1, 0}) {
		t.Fatalf("store: %d picks, asked %v", sc.d.StorePicks, who)
	}

	sc = newDuelScene(t, scStacks)
	sc.d.Alive &^= 1 << 3 // seat 1's back gone: three in play
	sc.d.Info.Lost[1], sc.d.Info.Next[1] = 4, DuelCharacters
	sc.hand(0, gs)
	sc.script(0, play(gs, -1, NoCard))
	sc.turn()
	if sc.d.StorePicks != 3 {
		t.Fatalf("store with three in play: %d picks", sc.d.StorePicks)
	}
}

// Jail (L5: only on an opponent's character): the jailed front character moves to the
// back, and may not be swapped forward while jailed.
func TestDuelJail(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	j := nth(Jail, 0)
	sc.hand(0, j)
	sc.hand(1, fill1, fill2, fill3, fill4)
	sc.script(0, play(j, 1, NoCard))
	sc.turn()
	ps := sc.asked(0, DecidePlay)[0]
	if got := targets(&ps, j); !slices.Equal(got, []int8{1, 3}) {
		t.Fatalf("Jail targets %v, want the opponent's [1 3]", got)
	}
	d := sc.d
	if d.Char[1] != PaulRegret || d.Char[3] != JesseJones || !d.InPlay[3].Has(j) {
		t.Fatalf("jailed Jesse Jones should be behind: front %s, back %s", d.Char[1], d.Char[3])
	}
	sc.top(clubCard) // the Jail's "draw!": no heart, the turn is skipped
	sc.turn()
	if n := len(sc.asked(1, DecideSwap)); n != 0 {
		t.Fatalf("seat 1 was offered the swap %d times with the back jailed", n)
	}
	if d.InPlay[3].Has(j) || d.JailDraws != 1 || d.Active != 0 || d.HandLen[1] != 4 {
		t.Fatalf("jail turn: draws %d, still jailed %v, hand %d", d.JailDraws, d.InPlay[3].Has(j), d.HandLen[1])
	}
}

// Dynamite (L5): played on one of one's own characters; unexploded, it passes to the
// opponent's character of the passer's choice.
func TestDuelDynamiteL5(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	dy := nth(Dynamite, 0)
	sc.hand(0, dy)
	sc.script(0, play(dy, 2, NoCard))
	sc.turn()
	ps := sc.asked(0, DecidePlay)[0]
	if got := targets(&ps, dy); !slices.Equal(got, []int8{0, 2}) {
		t.Fatalf("Dynamite targets %v, want one's own [0 2]", got)
	}
	if !sc.d.InPlay[2].Has(dy) {
		t.Fatal("Dynamite not behind")
	}
	sc.turn()        // seat 1
	sc.top(clubCard) // no explosion
	sc.script(0, when(DecidePass, ActPlayer, NoCard), func(d *Decision) int {
		if d.Kind != DecidePass {
			return -1
		}
		return 1 // the second option: the opponent's back
	})
	sc.pol[0].steps = sc.pol[0].steps[1:]
	sc.turn()
	dd := sc.asked(0, DecidePass)
	if len(dd) != 1 || dd[0].N != 2 || dd[0].Options[0].Target != 1 || dd[0].Options[1].Target != 3 {
		t.Fatalf("the Dynamite's pass: %+v", dd)
	}
	if !sc.d.InPlay[3].Has(dy) {
		t.Fatal("Dynamite did not pass to the opponent's back as chosen")
	}
	// It explodes on the back character at seat 1's turn: 3 damage to it.
	sc.top(boomCard)
	sc.turn()
	// Paul Regret (3 life) dies of it; Sid Ketchum comes in behind.
	if sc.d.Info.Lost[1] != 1 || sc.d.Char[3] != SidKetchum || sc.d.DynamiteExplosions != 1 || !sc.d.Discarded.Has(dy) {
		t.Fatalf("explosion: lost %d, back %s", sc.d.Info.Lost[1], sc.d.Char[3])
	}
}

// Reinforcements (L8: a dead character's cards in play are discarded): a dead front
// character is replaced by the back one moving forward, and the next reinforcement
// enters at the back.
func TestDuelReinforcementL8(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	d := sc.d
	b := nth(BANG, 0)
	sc.hand(0, b)
	d.Life[1] = 1
	sc.inPlay(1, nth(Barrel, 0))
	sc.top(clubCard, clubCard2, clubCard3) // two drawn, then the Barrel fails
	sc.script(0, play(b, 1, NoCard))
	sc.turn()
	if d.Char[1] != PaulRegret || d.Char[3] != SidKetchum || d.Life[3] != int8(Life(SidKetchum)) || d.Info.Lost[1] != 1 || d.Info.Next[1] != 3 {
		t.Fatalf("after the death: front %s, back %s (%d), lost %d", d.Char[1], d.Char[3], d.Life[3], d.Info.Lost[1])
	}
	if !d.Discarded.Has(nth(Barrel, 0)) || !d.InPlay[1].Empty() {
		t.Fatal("the dead character's Barrel was not discarded")
	}
}

// A dead back character is replaced from the stack; with 4 of 5 lost the last plays on;
// losing the fifth loses the duel.
func TestDuelLastCharacter(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	d := sc.d
	d.Info.Next[1], d.Info.Lost[1] = DuelCharacters, 3 // no reinforcements left
	d.Life[3] = 1
	b := nth(BANG, 0)
	sc.hand(0, b)
	sc.inPlay(0, nth(Schofield, 0))
	sc.script(0, play(b, 3, NoCard))
	sc.turn()
	if d.alive(3) || !d.alive(1) || d.Over || d.Info.Lost[1] != 4 {
		t.Fatalf("4 of 5 lost: back alive %v, front alive %v, over %v", d.alive(3), d.alive(1), d.Over)
	}
	sc.turn() // seat 1 plays on with one character
	d.Life[1] = 1
	b2 := nth(BANG, 1)
	sc.hand(0, b2)
	sc.script(0, play(b2, 1, NoCard))
	sc.turn()
	if !d.Over || d.Info.Winner != 0 || d.Winners != 1 {
		t.Fatalf("the fifth loss: over %v, winner %d", d.Over, d.Info.Winner)
	}
}

// L8: Beer works while three or more characters are in play (the dying one included),
// on one's own characters.
func TestDuelBeerL8(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	d := sc.d
	be := nth(Beer, 0)
	d.Life[2] = 2
	sc.hand(0, be, keep)
	sc.turn()
	ps := sc.asked(0, DecidePlay)[0]
	if got := targets(&ps, be); !slices.Equal(got, []int8{2}) {
		t.Fatalf("Beer targets %v, want the wounded back [2]", got)
	}

	sc = newDuelScene(t, scStacks)
	d = sc.d
	d.Alive &^= 1<<2 | 1<<3 // two in play: the fronts
	d.Info.Next = [2]uint8{DuelCharacters, DuelCharacters}
	d.Info.Lost = [2]uint8{4, 4}
	d.Life[1] = 1
	b := nth(BANG, 0)
	sc.hand(0, b)
	sc.hand(1, be)
	sc.script(0, play(b, 1, NoCard))
	sc.turn()
	if !d.Over || d.Info.Winner != 0 {
		t.Fatal("with two characters in play a Beer saved the lethal hit")
	}
	if n := len(sc.asked(1, DecideLethal)); n != 0 {
		t.Fatalf("lethal asked %d times with only the die option", n)
	}
}

// L8: the hand limit is the front character's life.
func TestDuelHandLimitL8(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	sc.d.Life[0] = 1
	sc.hand(0, fill1, fill2, fill3)
	sc.turn()
	if sc.d.HandLen[0] != 1 {
		t.Fatalf("hand %d after phase 3 with the front at 1 life", sc.d.HandLen[0])
	}
}

// Panic! and Cat Balou may be played on one's own characters; blue cards go on one's
// own characters (L5).
func TestDuelOwnCharactersL5(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	cb, mu := nth(CatBalou, 0), nth(Mustang, 0)
	dy := nth(Barrel, 0) // a card in front of one's own back
	sc.hand(0, cb, mu)
	sc.inPlay(2, dy)
	sc.script(0, play(cb, 2, dy), play(mu, 2, NoCard))
	sc.turn()
	ps := sc.asked(0, DecidePlay)[0]
	if got := targets(&ps, mu); !slices.Equal(got, []int8{0, 2}) {
		t.Fatalf("Mustang targets %v, want one's own [0 2]", got)
	}
	if sc.d.InPlay[2].Has(dy) || !sc.d.Discarded.Has(dy) || !sc.d.InPlay[2].Has(mu) {
		t.Fatalf("Cat Balou on one's own back's Barrel, Mustang behind: %v; asked %+v", sc.d.InPlay, ps.Options[:ps.N])
	}
	if sc.d.DuelDistance(1, 2) != 3 {
		t.Fatalf("Mustang behind: distance %d, want 3", sc.d.DuelDistance(1, 2))
	}
}

// A Duel may aim at the opponent's back character ("targeting front or back"): its player
// answers for it, and when they give up, the back character loses the life.
func TestDuelDuelAtBack(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	du, b1, b2 := nth(Duel, 0), nth(BANG, 0), nth(BANG, 1)
	sc.hand(0, du, b1)
	sc.hand(1, b2)
	sc.script(0, play(du, 3, NoCard), when(DecideBang, ActCard, b1))
	sc.script(1, when(DecideBang, ActCard, b2))
	sc.turn()
	ps := sc.asked(0, DecidePlay)[0]
	if got := targets(&ps, du); !slices.Equal(got, []int8{1, 3}) {
		t.Fatalf("Duel targets %v, want [1 3]", got)
	}
	if sc.d.Life[3] != int8(Life(PaulRegret))-1 || sc.d.Life[0] != int8(Life(PedroRamirez)) {
		t.Fatalf("after the Duel: back %d, own front %d", sc.d.Life[3], sc.d.Life[0])
	}
}

// Vulture Sam in front takes the cards in play of a character eliminated (his ability
// overrides L8's discard); behind, he does not.
func TestDuelVultureSam(t *testing.T) {
	for _, front := range []bool{true, false} {
		st := [2][DuelCharacters]Character{
			{VultureSam, WillyTheKid, KitCarlson, BlackJack, LuckyDuke},
			{JesseJones, PaulRegret, SidKetchum, PedroRamirez, RoseDoolan},
		}
		if !front {
			st[0][0], st[0][1] = st[0][1], st[0][0]
		}
		sc := newDuelScene(t, st)
		b := nth(BANG, 0)
		bar := nth(Barrel, 0)
		sc.hand(0, b)
		sc.inPlay(1, bar)
		sc.d.Life[1] = 1
		sc.top(clubCard, clubCard2, clubCard3) // two drawn, the Barrel fails
		sc.script(0, play(b, 1, NoCard))
		sc.turn()
		if sc.d.Info.Lost[1] != 1 {
			t.Fatalf("front %v: the target did not die", front)
		}
		took := sc.d.Hand[0].Has(bar)
		if took != front || sc.d.Discarded.Has(bar) == front {
			t.Fatalf("Vulture Sam in front %v: took the Barrel %v", front, took)
		}
	}
}

// Suzy Lafayette behind draws when a Panic! aimed at her takes her player's last card;
// behind and not aimed at, she does not.
func TestDuelSuzyBehindAimed(t *testing.T) {
	st := [2][DuelCharacters]Character{
		{PedroRamirez, WillyTheKid, KitCarlson, BlackJack, LuckyDuke},
		{JesseJones, SuzyLafayette, SidKetchum, VultureSam, RoseDoolan},
	}
	for _, aim := range []int8{3, 1} {
		sc := newDuelScene(t, st)
		p := nth(Panic, 0)
		sc.hand(0, p)
		sc.hand(1, fill1)
		sc.inPlay(0, nth(Scope, 0)) // the back at distance 1
		sc.script(0, play(p, aim, PickHand))
		sc.turn()
		want := uint8(0)
		if aim == 3 {
			want = 1
		}
		if sc.d.HandLen[1] != want || !sc.d.Hand[0].Has(fill1) {
			t.Fatalf("Panic! at slot %d: seat 1 holds %d, want %d", aim, sc.d.HandLen[1], want)
		}
	}
}

// Gatling (L5 order) with a death on the way: the opponent's front dies first, its back
// moves forward and a reinforcement enters behind; the third hit goes to the character
// that was behind when the Gatling was played (now in front), not to the newcomer.
func TestDuelGatlingDeathOrderL5(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	d := sc.d
	gat := nth(Gatling, 0)
	sc.hand(0, gat)
	d.Life[1] = 1 // Jesse Jones dies to the first hit
	sc.script(0, play(gat, -1, NoCard))
	sc.turn()
	if d.Info.Lost[1] != 1 || d.Char[1] != PaulRegret || d.Char[3] != SidKetchum {
		t.Fatalf("after the death: front %s, back %s", d.Char[1], d.Char[3])
	}
	if d.Life[1] != int8(Life(PaulRegret))-1 || d.Life[3] != int8(Life(SidKetchum)) {
		t.Fatalf("Paul Regret (hit third) %d, Sid Ketchum (came in) %d", d.Life[1], d.Life[3])
	}
	if d.Life[2] != int8(Life(WillyTheKid))-1 {
		t.Fatalf("own back %d: the Gatling's second hit", d.Life[2])
	}
}

// A lethal hit is saved by a Beer while three or more characters are in play, the dying
// one included (L8), for a back character too.
func TestDuelLethalBeerL8(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	d := sc.d
	b, be := nth(BANG, 0), nth(Beer, 0)
	sc.hand(0, b)
	sc.hand(1, be)
	sc.inPlay(0, nth(Schofield, 0))
	d.Life[3] = 1
	sc.script(0, play(b, 3, NoCard))
	sc.script(1, when(DecideLethal, ActCard, be))
	sc.turn()
	if d.Info.Lost[1] != 0 || d.Life[3] != 1 || d.HandLen[1] != 0 {
		t.Fatalf("Beer against the lethal hit: lost %d, life %d", d.Info.Lost[1], d.Life[3])
	}
}

// Convention: a player whose front character dies in their own turn (their own Duel)
// plays on with the back one, moved forward.
func TestDuelFrontDiesInOwnTurn(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	d := sc.d
	du, st := nth(Duel, 0), nth(Stagecoach, 0)
	sc.hand(0, du, st)
	sc.hand(1, nth(BANG, 0))
	d.Life[0] = 1
	sc.script(0, play(du, 1, NoCard), play(st, -1, NoCard))
	sc.script(1, when(DecideBang, ActCard, NoCard))
	sc.turn()
	if d.Info.Lost[0] != 1 || d.Char[0] != WillyTheKid || d.Char[2] != KitCarlson {
		t.Fatalf("after losing his Duel: front %s, back %s", d.Char[0], d.Char[2])
	}
	if d.Played[Stagecoach] != 1 {
		t.Fatal("the turn did not go on after the front character died")
	}
}

// Convention: when the front character dies, a jailed back one still comes forward,
// Jail and all.
func TestDuelJailedBackForward(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	d := sc.d
	j, b := nth(Jail, 0), nth(BANG, 0)
	sc.inPlay(3, j)
	sc.hand(0, b)
	d.Life[1] = 1
	sc.script(0, play(b, 1, NoCard))
	sc.turn()
	if d.Char[1] != PaulRegret || !d.InPlay[1].Has(j) || d.Char[3] != SidKetchum {
		t.Fatalf("front %s (jailed %v), back %s", d.Char[1], d.InPlay[1].Has(j), d.Char[3])
	}
	sc.top(clubCard) // seat 1's Jail "draw!": no heart, the turn is skipped
	sc.turn()
	if d.JailDraws != 1 || d.InPlay[1].Has(j) || d.Active != 0 {
		t.Fatalf("the forward Jail was not drawn for: draws %d", d.JailDraws)
	}
}

// lifeDraft picks the characters with the least life first and stacks them so (a
// 3-life character on top of a 4-life one whenever it holds both), so that which of its
// top two goes in front shows in the starting hand.
type lifeDraft struct{ RandomDraft }

func (lifeDraft) Pick(v *DraftView) int {
	best := -1
	for i, t := range v.Taken {
		if !t && (best < 0 || Life(v.Pool[i]) < Life(v.Pool[best])) {
			best = i
		}
	}
	return best
}

func (lifeDraft) Stack(v *DraftView) [DuelCharacters]int8 {
	o := [DuelCharacters]int8{0, 1, 2, 3, 4}
	slices.SortStableFunc(o[:], func(a, b int8) int { return Life(v.Mine[a]) - Life(v.Mine[b]) })
	return o
}

// placer records what each seat sees at the placement and swaps (puts its second
// revealed character in front) at the seats in swap.
type placer struct {
	swap  [2]bool
	seen  [2][DuelSlots]Character
	opts  [2][2]Option
	asked [2]int
}

func (p *placer) Choose(v *View) int {
	if v.Decision.Kind != DecidePlace {
		return 0
	}
	s := v.Self
	p.asked[s]++
	p.seen[s] = [DuelSlots]Character(v.Char[:DuelSlots])
	p.opts[s] = [2]Option{v.Decision.Options[0], v.Decision.Options[1]}
	if v.Decision.N != 2 {
		p.asked[s] += 100
	}
	if p.swap[s] {
		return 1
	}
	return 0
}

// "Each player stacks their 5 face down in an order of their choice (fixed afterwards),
// reveals the top two and places one in front, one behind": the placement is a
// decision (DecidePlace) taken after both pairs are revealed; each seat sees both pairs
// as stacked and neither sees the other's placement (simultaneous: seat 1 is asked
// before seat 0's choice is applied); the starting hand is the placed front's life.
func TestDuelRevealTopTwoPlaceOneInFront(t *testing.T) {
	found := false
	for i := uint64(0); i < 200 && !found; i++ {
		p := &placer{swap: [2]bool{true, false}}
		d := NewLongDuel([2]Policy{p, p}, [2]DraftPolicy{lifeDraft{}, lifeDraft{}})
		d.Begin(seed.ForGame(31, i))
		in := d.Info
		// Stack as stacked: seat 0 flipped its top two back.
		top := [2][2]Character{{in.Stack[0][1], in.Stack[0][0]}, {in.Stack[1][0], in.Stack[1][1]}}
		if Life(top[0][0]) == Life(top[0][1]) {
			continue // this draft gave seat 0 two of the same life: try another
		}
		found = true
		if p.asked != [2]int{1, 1} {
			t.Fatalf("placement asked %v times, want once a seat with two options", p.asked)
		}
		for s := 0; s < 2; s++ {
			want := [DuelSlots]Character{top[0][0], top[1][0], top[0][1], top[1][1]}
			if p.seen[s] != want {
				t.Fatalf("seat %d saw %v at its placement, want both pairs as stacked %v", s, p.seen[s], want)
			}
			f, b := DuelFront(int8(s)), DuelBack(int8(s))
			if p.opts[s][0].Act != ActEnd || p.opts[s][0].Target != f || p.opts[s][1].Act != ActSwap || p.opts[s][1].Target != b {
				t.Fatalf("seat %d's options %+v", s, p.opts[s])
			}
		}
		if d.Char[0] != top[0][1] || d.Char[2] != top[0][0] || !in.Flipped[0] {
			t.Fatalf("seat 0 put its second revealed %s in front: front %s, back %s", top[0][1], d.Char[0], d.Char[2])
		}
		if d.Char[1] != top[1][0] || d.Char[3] != top[1][1] || in.Flipped[1] {
			t.Fatalf("seat 1 kept its top one %s in front: front %s, back %s", top[1][0], d.Char[1], d.Char[3])
		}
		for s := int8(0); s < 2; s++ {
			if int(d.HandLen[s]) != Life(d.Char[DuelFront(s)]) {
				t.Fatalf("seat %d holds %d cards, its placed front %s has %d life", s, d.HandLen[s], d.Char[DuelFront(s)], Life(d.Char[DuelFront(s)]))
			}
		}
		if e := duelCheck(d); e != "" {
			t.Fatal(e)
		}
	}
	if !found {
		t.Fatal("no seed gave seat 0 a 3-life and a 4-life character on top")
	}
}

// "At the start of a turn, after Jail and Dynamite and before drawing, a player may swap
// their front and back characters": the Dynamite's pass and the Jail's "draw!" come
// first (a back character freed by a heart may then come forward), the draw after.
func TestDuelSwapAfterJailAndDynamite(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	d := sc.d
	j, dy := nth(Jail, 0), nth(Dynamite, 0)
	sc.inPlay(0, dy)
	sc.inPlay(2, j)
	sc.top(clubCard, heartCard) // the Dynamite does not explode; the Jail's heart frees
	var kinds []DecisionKind
	ok := false
	d.OnDecision = func(dec *Decision, _ int) {
		kinds = append(kinds, dec.Kind)
		if dec.Kind == DecideSwap {
			ok = d.DynamiteDraws == 1 && d.JailDraws == 1 && d.JailEscapes == 1 && d.HandLen[0] == 0
		}
	}
	sc.script(0, when(DecideSwap, ActSwap, NoCard))
	sc.turn()
	if len(kinds) < 2 || kinds[0] != DecidePass || kinds[1] != DecideSwap || !ok {
		t.Fatalf("decisions %v; at the swap Dynamite and Jail resolved, nothing drawn: %v", kinds, ok)
	}
	if d.Char[0] != WillyTheKid || d.Char[2] != PedroRamirez || len(sc.asked(0, DecideDraw)) != 0 {
		t.Fatalf("after the swap: front %s, back %s; Pedro asked to draw %d times", d.Char[0], d.Char[2], len(sc.asked(0, DecideDraw)))
	}
}

// "Panic! and Cat Balou may be played on one's own characters": a Panic! at a card in
// front of one's own back character (distance does not apply to one's own) takes it
// into the hand.
func TestDuelPanicOwnCharacter(t *testing.T) {
	sc := newDuelScene(t, scStacks)
	p, bar := nth(Panic, 0), nth(Barrel, 0)
	sc.hand(0, p)
	sc.inPlay(2, bar)
	sc.script(0, play(p, 2, bar))
	sc.turn()
	ps := sc.asked(0, DecidePlay)[0]
	if ps.FindPlay(p, 2, bar) < 0 || ps.FindPlay(p, 2, PickHand) >= 0 {
		t.Fatalf("Panic! on one's own back: options %+v", ps.Options[:ps.N])
	}
	if !sc.d.Hand[0].Has(bar) || sc.d.InPlay[2].Has(bar) {
		t.Fatal("the Panic! did not take one's own Barrel into the hand")
	}
}

// uniformCheck records a Random seat's draws: each must be below the decision's Yard
// (the options past it are the Beers with no effect, R2), and the draws are uniform.
type uniformCheck struct {
	r      Random // not embedded: a CountPolicy would be asked without a View
	bad    string
	place  [2]int // placements: kept, flipped
	two    [2]int // phase-2 decisions with two options in the yard: each index drawn
	thirds [3]int // decisions of any kind with three options in the yard
	kinds  [NumDecisionKinds]int
}

func (u *uniformCheck) Choose(v *View) int {
	d := &v.Decision
	c := u.r.Choose(v)
	u.kinds[d.Kind]++
	if c < 0 || c >= int(d.Yard) {
		u.bad = "a draw past the yard"
	}
	for i := int(d.Yard); i < int(d.N) && u.bad == ""; i++ {
		if o := d.Options[i]; d.Kind != DecidePlay || o.Card.Kind() != Beer {
			u.bad = "an option past the yard is not a Beer"
		}
	}
	switch {
	case d.Kind == DecidePlace:
		u.place[c]++
	case d.Kind == DecidePlay && d.Yard == 2:
		u.two[c]++
	case d.Yard == 3:
		u.thirds[c]++
	}
	return c
}

// The duel's random yardstick draws uniformly among the legal options up to the Yard
// (the set-up's placement included), each seat from its own stream.
func TestDuelRandomUniform(t *testing.T) {
	u := &uniformCheck{}
	d := NewLongDuel([2]Policy{u, u}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
	for i := uint64(0); i < 400; i++ {
		d.Play(seed.ForGame(41, i))
	}
	if u.bad != "" {
		t.Fatal(u.bad)
	}
	near := func(got, n int, p float64) bool { // within 4 standard deviations
		m := float64(n) * p
		sd := math.Sqrt(m * (1 - p))
		return math.Abs(float64(got)-m) <= 4*sd
	}
	n := u.place[0] + u.place[1]
	if n != 800 || !near(u.place[1], n, 0.5) {
		t.Fatalf("placements %v", u.place)
	}
	if n := u.two[0] + u.two[1]; n < 1000 || !near(u.two[1], n, 0.5) {
		t.Fatalf("two-option plays %v", u.two)
	}
	n = u.thirds[0] + u.thirds[1] + u.thirds[2]
	for _, k := range u.thirds {
		if n < 1000 || !near(k, n, 1.0/3) {
			t.Fatalf("three-option decisions %v", u.thirds)
		}
	}
	t.Logf("placements %v, two-option plays %v, three-option decisions %v", u.place, u.two, u.thirds)
	for _, k := range []DecisionKind{DecidePlace, DecidePlay, DecideSwap, DecidePass, DecideMissed, DecideStore, DecideDiscard} {
		if u.kinds[k] == 0 {
			t.Errorf("no %s decision in 400 random duels", k)
		}
	}
}
