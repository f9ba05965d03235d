package card

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/fastrand"
	"github.com/bangsim/bangsim/internal/seed"
)

// TestPlayLegal checks playLegal against the list written out at every phase-2 decision
// of random games at 4 to 7 players, both deals: every option of the list is legal (and
// in the form PlayOf gives a card played at its target and pick), and
// of the options one can make of the hand's cards, every seat (and none), and every pick
// (none, a hand, each card in play), of every act, exactly those in the list are.
func TestPlayLegal(t *testing.T) {
	var cp State
	acts := []Act{ActEnd, ActPlay, ActHeal, ActCard, ActTakeHit}
	checked, legal := map[string]int{}, map[string]int{}
	compactGames(t, 21, 60, func(name string, game uint64, g *State) {
		if g.dec.Kind != DecidePlay || g.opts != optsPlay {
			return
		}
		cp = *g // still compact
		full := g.Pending()
		in := make(map[Option]bool, full.N)
		for _, o := range full.Options[:full.N] {
			in[o] = true
		}
		picks := []CardID{NoCard, PickHand}
		for s := range g.Players {
			picks = append(picks, g.InPlay[s].Cards(nil)...)
		}
		cards := append(g.Hand[g.dec.Seat].Cards(nil), NoCard, 0, NumCards-1)
		for _, act := range acts {
			for _, c := range cards {
				for tg := int8(-1); tg < MaxSeats; tg++ {
					for _, p := range picks {
						o := Option{Act: act, Card: c, Target: tg, Pick: p}
						if got := cp.playLegal(o); got != in[o] {
							t.Fatalf("%s game %d: playLegal(%+v) = %v, in the list %v (list %v)", name, game, o, got, in[o], full.Options[:full.N])
						}
						legal[name] += b2i(in[o])
					}
				}
			}
		}
		for _, o := range full.Options[:full.N] {
			if !cp.playLegal(o) {
				t.Fatalf("%s game %d: playLegal(%+v) false, in the list", name, game, o)
			}
			if o.Act == ActPlay && PlayOf(o.Card, g.dec.Seat, o.Target, o.Pick) != o {
				t.Fatalf("%s game %d: PlayOf gives %+v for %+v", name, game, PlayOf(o.Card, g.dec.Seat, o.Target, o.Pick), o)
			}
		}
		checked[name]++
	})
	for name, n := range checked {
		if n < 1000 || legal[name] < n {
			t.Fatalf("%s: %d phase-2 decisions checked, %d legal options found", name, n, legal[name])
		}
	}
	if len(checked) != 2*(MaxPlayers-MinPlayers+1) {
		t.Fatalf("phase-2 decisions checked at %d table sizes and deals", len(checked))
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// byOption draws an option index as Random does (over the whole list, past the yard
// too) and gives it to the Table by index (Choose) or, as a PlayPolicy, as the option
// itself (ChoosePlay, which reads it from a copy of the Table's State). Every bad-th
// phase-2 decision it gives an option the list does not hold, or the index N.
type byOption struct {
	tb       *Table
	asOption bool
	bad      int
	n        int
	cp       State
}

func (p *byOption) ReadsLists() bool    { return true }
func (p *byOption) PlaysByOption() bool { return p.asOption }

func (p *byOption) Choose(v *View) int {
	i := int(fastrand.UintN(v.Rand, uint64(v.Decision.N)))
	if v.Decision.Kind == DecidePlay {
		if p.n++; p.bad > 0 && p.n%p.bad == 0 {
			return int(v.Decision.N)
		}
	}
	return i
}

func (p *byOption) ChoosePlay(v *View) Option {
	i := int(fastrand.UintN(v.Rand, uint64(v.Decision.N)))
	if p.n++; p.bad > 0 && p.n%p.bad == 0 {
		return Option{Act: ActPlay, Card: NoCard, Target: 9, Pick: NoCard}
	}
	p.cp = p.tb.State
	return p.cp.option(i)
}

// TestPlayPolicyAgrees plays games with a PlayPolicy and with the same choices made by
// index: the games, their counters (illegal choices counted alike, an option the list
// does not hold replaced by the end) and what an OnDecision hook sees are the same.
func TestPlayPolicyAgrees(t *testing.T) {
	agreesByIndex(t, 5, func(named bool, bad int) (Policy, *int) {
		p := &byOption{asOption: named, bad: bad}
		return p, &p.n
	}, func(p Policy, tb *Table) { p.(*byOption).tb = tb })
}

// agreesByIndex plays 200 games of run at every table size with two policies made by
// mk, the second naming (named) the choices the first makes by index, with and without
// bad choices (every bad-th asked wrong) and an OnDecision hook: the games, their
// counters, their illegal choices (some exactly when bad is set) and what the hook sees
// must be the same, and the named one must have been asked (its count, asked); bind
// gives a policy its Table.
func agreesByIndex(t *testing.T, run uint64, mk func(named bool, bad int) (p Policy, asked *int), bind func(Policy, *Table)) {
	t.Helper()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, bad := range []int{0, 7} {
			for _, hooked := range []bool{false, true} {
				name := fmt.Sprintf("p%d bad %d hooked %v", n, bad, hooked)
				var seen [2][]int
				var tbs [2]*Table
				var asked *int
				for i, named := range []bool{false, true} {
					p, count := mk(named, bad)
					tb, err := NewTable(DefaultRules(n), [NumRoles]Policy{p, p, p, p})
					if err != nil {
						t.Fatal(err)
					}
					bind(p, tb)
					if hooked {
						tb.OnDecision = func(d *Decision, c int) { seen[i] = append(seen[i], int(d.Kind)<<16|c) }
					}
					tbs[i], asked = tb, count
				}
				illegal := 0
				for game := uint64(0); game < 200; game++ {
					a, b := tbs[0].Play(seed.ForGame(run, game)), tbs[1].Play(seed.ForGame(run, game))
					if a.Outcome != b.Outcome || a.Counters != b.Counters || a.Board != b.Board || a.Illegal != b.Illegal {
						t.Fatalf("%s game %d: by index %+v, named %+v", name, game, a.Counters, b.Counters)
					}
					illegal += int(b.Illegal)
				}
				if (illegal > 0) != (bad > 0) || *asked == 0 {
					t.Fatalf("%s: %d illegal choices, asked %d times", name, illegal, *asked)
				}
				if hooked && (len(seen[0]) == 0 || fmt.Sprint(seen[0]) != fmt.Sprint(seen[1])) {
					t.Fatalf("%s: the hook saw %d and %d decisions, or not the same", name, len(seen[0]), len(seen[1]))
				}
			}
		}
	}
}

// TestPendingAfterGameOver: asking a finished game for its pending decision (Pending,
// FillView) finds none and changes nothing, whatever compact form its last decision left
// (a phase 2 with only the end, taken unasked, left phase 2's: writing it out asked it
// again; FuzzPlayOption found it).
func TestPendingAfterGameOver(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		p := &byOption{asOption: true}
		for _, pol := range []Policy{&Random{}, p} {
			tb, err := NewTable(DefaultRules(n), [NumRoles]Policy{pol, pol, pol, pol})
			if err != nil {
				t.Fatal(err)
			}
			p.tb = tb
			var v View
			for game := uint64(0); game < 200; game++ {
				g := tb.Play(seed.ForGame(9, game))
				board, counters := g.Board, g.Counters
				if d := g.Pending(); d.Kind != DecideNone {
					t.Fatalf("p%d %T game %d: over, and Pending asks %s of seat %d", n, pol, game, d.Kind, d.Seat)
				}
				g.FillView(&v)
				if g.dec.Kind != DecideNone || g.Board != board || g.Counters != counters || v.Decision.Kind != DecideNone {
					t.Fatalf("p%d %T game %d: reading a finished game changed it", n, pol, game)
				}
			}
		}
	}
}

// ExamplePlayOf names phase-2 options as a PlayPolicy returns them: a BANG! at seat 2,
// a Stagecoach (it aims at nobody), a Barrel (in front of its player) and a Panic! on a
// random card of seat 1's hand.
func ExamplePlayOf() {
	self := int8(0)
	for _, o := range []Option{
		PlayOf(kindSet[BANG].First(), self, 2, NoCard),
		PlayOf(kindSet[Stagecoach].First(), self, 3, NoCard),
		PlayOf(kindSet[Barrel].First(), self, -1, NoCard),
		PlayOf(kindSet[Panic].First(), self, 1, NoCard),
	} {
		fmt.Println(o.Card.Kind(), o.Target, o.Pick == PickHand)
	}
	// Output:
	// BANG! 2 false
	// Stagecoach -1 false
	// Barrel 0 false
	// Panic! 1 true
}

// byCard draws an option index as Random does and gives it to the Table by index
// (Choose) or, as a CardPolicy at a list decision, as the card that option uses
// (ChooseCard, which reads it from a copy of the Table's State; a written option by its
// index). Every bad-th list decision it names a card the list does not hold, or the
// index N.
type byCard struct {
	tb     *Table
	asCard bool
	bad    int
	n      int
	cp     State
}

func (p *byCard) ReadsLists() bool  { return true }
func (p *byCard) PicksByCard() bool { return p.asCard }

func (p *byCard) Choose(v *View) int {
	i := int(fastrand.UintN(v.Rand, uint64(v.Decision.N)))
	if v.List.Filled {
		if p.n++; p.bad > 0 && p.n%p.bad == 0 {
			return int(v.Decision.N)
		}
	}
	return i
}

func (p *byCard) ChooseCard(v *View) (CardID, int) {
	i := int(fastrand.UintN(v.Rand, uint64(v.Decision.N)))
	if p.n++; p.bad > 0 && p.n%p.bad == 0 {
		for c := CardID(0); c < NumCards; c++ {
			if !v.List.Cards.Has(c) {
				return c, 0
			}
		}
	}
	p.cp = p.tb.State
	if o := p.cp.option(i); i >= int(v.List.Pre) {
		return o.Card, 0
	}
	return NoCard, i
}

// TestCardPolicyAgrees plays games with a CardPolicy and with the same choices made by
// index: the games, their counters (illegal choices counted alike, a card the list does
// not hold replaced as the index N is) and what an OnDecision hook sees are the same.
func TestCardPolicyAgrees(t *testing.T) {
	agreesByIndex(t, 6, func(named bool, bad int) (Policy, *int) {
		p := &byCard{asCard: named, bad: bad}
		return p, &p.n
	}, func(p Policy, tb *Table) { p.(*byCard).tb = tb })
}
