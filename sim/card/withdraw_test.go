package card

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/internal/seed"
)

// Passive seats (shared/rules/league.md "Withdrawal", docs/league.md): scenario tests
// per rule, a random playout with random withdrawals under the invariant checker (which
// also fails if a passive seat is ever asked, holds a card, or keeps its ability), and
// the allocation check. In every scenario seat 1 (an Outlaw) withdraws at the start of
// turn 1, before the Sheriff's first turn.

// league: withdrawal — the hand is discarded at once (in card order), the ability is
// lost (Bart Cassidy draws nothing for a hit), and the tally still counts the seat
// under its dealt character.
func TestWithdrawHandAndAbility(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: BartCassidy}, scFive...)
	b1 := nth(BANG, 0)
	s.hand(0, b1, keep)
	s.hand(1, miss, beer, fill3)
	s.deck(fill1, fill2, clubCard, clubCard2)
	s.g.Withdraw(1, 1)
	s.start()
	if !s.g.IsPassive(1) || s.g.Passive() != 1<<1 || s.g.Char[1] != Plain || s.g.DealtChar(1) != BartCassidy {
		t.Fatalf("passive %#b, char %s, dealt %s", s.g.Passive(), s.g.Char[1], s.g.DealtChar(1))
	}
	s.wantHand(1)
	s.wantDiscarded(miss, beer, fill3)
	s.wantTop(beer) // in card order: Missed!, Missed!, Beer
	s.playAt(b1, 1)
	s.wantLife(5, 3, 4, 4, 4) // no Missed! left: hit without being asked
	s.wantHand(1)             // Bart Cassidy's draw is gone with the ability
	if s.g.BartDraws != 0 {
		t.Fatalf("BartDraws %d", s.g.BartDraws)
	}
	s.expect(DecidePlay, 0)
	var tl Tally
	tl.Add(s.g)
	if tl.Characters[BartCassidy][NumRoles].Seats != 1 || tl.Characters[Plain][NumRoles].Seats != 4 {
		t.Fatalf("tally: Bart %d seats, Plain %d", tl.Characters[BartCassidy][NumRoles].Seats, tl.Characters[Plain][NumRoles].Seats)
	}
}

// league: withdrawal — a passive turn checks the Dynamite (it passes on) and the Jail
// (even an escape) and is then skipped: no phase-1 draw, no phase 2, no discards.
func TestWithdrawTurnSkipped(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	s.active(1)
	dy, jl := nth(Dynamite, 0), nth(Jail, 0)
	s.inPlay(1, dy, jl)
	s.hand(2, keep)
	s.deck(spadeHigh, heartCard, fill1, fill2, fill3)
	s.g.Withdraw(1, 1)
	s.start()
	// Seat 1: Dynamite Q♠ (no explosion, passes to seat 2), Jail Q♥ (freed), skipped.
	// Seat 2: its Dynamite check (fill1), then phase 1 (fill2, fill3).
	s.expect(DecidePlay, 2)
	s.wantTurns(2)
	s.wantHand(1)
	s.wantInPlay(1)
	s.wantHand(2, keep, fill2, fill3)
	s.wantInPlay(3, dy)
	s.wantDiscarded(jl, spadeHigh, heartCard, fill1)
	if s.g.DynamiteDraws != 2 || s.g.JailDraws != 1 || s.g.JailEscapes != 1 || s.g.CardsDrawn != 2 {
		t.Fatalf("dynamite %d jail %d escapes %d drawn %d", s.g.DynamiteDraws, s.g.JailDraws, s.g.JailEscapes, s.g.CardsDrawn)
	}
}

// league: withdrawal — a passive player's Dynamite explodes as anyone's.
func TestWithdrawDynamiteExplodes(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	s.active(1)
	dy := nth(Dynamite, 0)
	s.inPlay(1, dy)
	s.hand(2, keep)
	s.deck(boomCard, fill1, fill2)
	s.g.Withdraw(1, 1)
	s.start()
	s.expect(DecidePlay, 2)
	s.wantLife(5, 1, 4, 4, 4)
	s.wantDiscarded(dy, boomCard)
	s.wantHand(2, keep, fill1, fill2)
}

// league: withdrawal — a passive player never answers and uses no card in play: its
// Barrel (Jourdonnais's ability with it) is not drawn, a Duel and Indians! hit it
// without asking, and a lethal hit kills it without a Beer; its death pays the reward.
func TestWithdrawNeverAnswers(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: Jourdonnais}, scFive...)
	b1, du, in, ga := nth(BANG, 0), nth(Duel, 0), nth(Indians, 0), nth(Gatling, 0)
	s.hand(0, b1, du, in, ga, keep)
	s.hand(1, miss, beer, nth(BANG, 6))
	s.inPlay(1, nth(Barrel, 0))
	s.deck(fill1, fill2, heartCard, clubCard, clubCard2, clubCard3)
	s.g.Withdraw(1, 1)
	s.start()
	s.playAt(b1, 1)
	s.wantLife(5, 3, 4, 4, 4)
	s.wantTop(b1)                                            // no "draw!" card over it
	if s.g.BarrelDraws != 0 || s.g.DeckLen != NumCards-9-2 { // 9 cards placed, 2 drawn in phase 1
		t.Fatalf("barrel draws %d, deck %d", s.g.BarrelDraws, s.g.DeckLen)
	}
	s.expect(DecidePlay, 0)
	s.playAt(du, 1)
	s.wantLife(5, 2, 4, 4, 4)
	s.expect(DecidePlay, 0)
	s.playSelf(in)
	s.wantLife(5, 1, 3, 3, 3)
	s.expect(DecidePlay, 0)
	s.playSelf(ga) // seat 1 at 0: no Beer asked for, dead
	s.wantLife(5, 0, 2, 2, 2)
	s.wantDeath(1, CauseGatling, 0)
	if s.g.Rewards != 1 {
		t.Fatalf("rewards %d", s.g.Rewards)
	}
	s.wantHand(0, keep, fill1, fill2, heartCard, clubCard, clubCard2) // phase 1, then the reward: 3 cards
	if s.g.Answered != [NumKinds]uint16{} {
		t.Fatalf("answered %v", s.g.Answered)
	}
}

// league: withdrawal — a passive player's Mustang, Scope and weapon have no effect ("counts
// for distance" is its seat in the ring), and Panic! and Cat Balou may take them.
func TestWithdrawCardsInPlay(t *testing.T) {
	s := newScenario(t, 5, map[int]Character{1: PaulRegret}, scFive...)
	b1, pa, cb := nth(BANG, 0), nth(Panic, 0), nth(CatBalou, 0)
	mu, sc, wp := nth(Mustang, 0), nth(Scope, 0), nth(Schofield, 0)
	s.hand(0, b1, pa, cb, keep)
	s.inPlay(1, mu, sc, wp)
	s.inPlay(4, nth(Mustang, 1))
	s.deck(fill1, fill2)
	s.g.Withdraw(1, 1)
	s.start()
	if d := s.g.Distance(0, 1); d != 1 {
		t.Fatalf("distance to the passive seat with a Mustang (and Paul Regret dealt): %d, want 1", d)
	}
	if d := s.g.Distance(0, 4); d != 2 {
		t.Fatalf("distance to seat 4's Mustang: %d, want 2", d)
	}
	if d, r := s.g.Distance(1, 3), s.g.Reach(1); d != 2 || r != 1 {
		t.Fatalf("the passive seat's Scope and Schofield count: distance %d, reach %d", d, r)
	}
	if s.g.Pending().FindPlay(b1, 1, NoCard) < 0 || s.g.Pending().FindPlay(b1, 4, NoCard) >= 0 {
		t.Fatalf("BANG! targets wrong: %s", s.options())
	}
	s.playCard(pa, 1, mu)
	s.wantInPlay(1, sc, wp)
	s.wantHand(0, b1, cb, keep, fill1, fill2, mu)
	s.playCard(cb, 1, wp)
	s.wantInPlay(1, sc)
	s.wantTop(wp)
}

// league: withdrawal — a Saloon heals a passive player; at a General Store one card is
// taken for it at random (the engine's stream, L8) and discarded.
func TestWithdrawSaloonAndStore(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	sa, gs := nth(Saloon, 0), nth(GeneralStore, 0)
	s.hand(0, sa, gs, keep)
	s.life(0, 3)
	s.life(1, 2)
	store := []CardID{clubCard, clubCard2, clubCard3, diamond, spadeHigh}
	s.deck(append([]CardID{fill1, fill2}, store...)...)
	s.g.Withdraw(1, 1)
	s.start()
	s.playSelf(sa)
	s.wantLife(4, 3, 4, 4, 4)
	s.playSelf(gs)
	s.expect(DecideStore, 0)
	s.use(clubCard)
	// Seat 1 passes without being asked: one of the four left is discarded for it.
	s.expect(DecideStore, 2)
	s.wantOptions(3, 3)
	s.wantHand(1)
	taken := s.g.DiscardTop
	found := false
	for _, c := range store[1:] {
		found = found || c == taken
	}
	if !found || s.g.Store.Has(taken) || s.g.StorePicks != 2 {
		t.Fatalf("the passive pick discarded %s; store %v, picks %d", taken, s.g.Store.Cards(nil), s.g.StorePicks)
	}
}

// league: withdrawal — a passive player still counts in the end conditions: with the
// Outlaws dead, a passive Renegade keeps the game going until he dies.
func TestWithdrawCountsForTheEnd(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	b1 := nth(BANG, 0)
	s.hand(0, b1, keep)
	s.dead(1, 2)
	s.life(3, 1)
	s.deck(fill1, fill2)
	s.g.Withdraw(3, 1)
	s.start()
	s.wantRunning()
	if !s.g.IsPassive(3) {
		t.Fatal("seat 3 not passive")
	}
	s.playAt(b1, 3)
	s.wantWinners(0, 4)
}

// league: withdrawal — a withdrawal scheduled for a seat that is dead by then does
// nothing, and the schedule waits for its turn.
func TestWithdrawSchedule(t *testing.T) {
	s := newScenario(t, 5, nil, scFive...)
	s.hand(0, keep)
	s.hand(2, miss)
	s.deck(fill1, fill2)
	s.dead(1)
	s.g.Withdraw(1, 1)
	s.g.Withdraw(2, 2)
	s.start()
	if s.g.Passive() != 0 {
		t.Fatalf("passive %#b in turn 1", s.g.Passive())
	}
	s.wantHand(2, miss)
	s.endTurn()
	if s.g.Passive() != 1<<2 {
		t.Fatalf("passive %#b in turn 2, want seat 2", s.g.Passive())
	}
	s.wantHand(2)
}

// league: withdrawal — random games with random withdrawals keep every invariant (80
// cards conserved through the hand's discard and the General Store's) and no passive
// seat is ever asked a decision.
func TestWithdrawPlayouts(t *testing.T) {
	games := playoutGames(2000, 300)
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, deal := range []Deal{DealRandom, DealPlain} {
			t.Run(fmt.Sprintf("p%d/%s", n, deal), func(t *testing.T) {
				t.Parallel()
				r := DefaultRules(n)
				r.Deal = deal
				rng := rand.New(rand.NewPCG(uint64(n), uint64(deal)))
				passive := 0
				m := newDrivenAll(r, &Random{}, true)
				m.setup = func(g *State) {
					for k := rng.IntN(3); k >= 0; k-- {
						g.Withdraw(rng.IntN(n), uint16(1+rng.IntN(40)))
					}
				}
				m.ended = func(g *State) {
					if g.Passive() != 0 {
						passive++
					}
				}
				enginetest.Playouts(t, m, uint64(n)*10+uint64(deal)+500, games/2, enginetest.Options{Strict: true})
				if passive < games/8 {
					t.Fatalf("only %d of %d games had a passive seat", passive, games/2)
				}
			})
		}
	}
}

// league: withdrawal — games with withdrawals allocate nothing either.
func TestWithdrawAllocs(t *testing.T) {
	tb := randomTable(t, DefaultRules(6))
	tb.Withdraw[2], tb.Withdraw[4] = 3, 9
	enginetest.ZeroAllocs(t, "Table.Play with withdrawals", func(i uint64) { tb.Play(seed.ForGame(8, i)) })
}
