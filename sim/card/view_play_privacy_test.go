package card

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// playViewAfter plays seat 0's turn holding x (hidden from everyone else) and returns
// seat 1's View of its own phase 2, which follows at once: compact (its seat a
// ListPolicy's, View.Play from playOptions) or written out (FillView).
func playViewAfter(t *testing.T, x CardID, compact bool) View {
	t.Helper()
	s := newScenario(t, 5, nil, scFive...)
	s.hand(0, x, keep)      // keep: a Beer at full life, so phase 2 is asked
	s.hand(1, nth(Beer, 4)) // seat 1 holds none of the kinds hidden below
	s.deck(fill1, fill2, fill3, fill4)
	s.start()
	if compact {
		s.g.lists = 0xff // from seat 0's next count on: seat 1's
	}
	s.endTurn()                                          // seat 0 keeps x: only its hand's size is public
	if s.g.dec.Kind != DecidePlay || s.g.dec.Seat != 1 { // (not expect: Pending writes the list out)
		t.Fatalf("seat 1's phase 2 is not pending")
	}
	var v View
	if compact {
		s.g.playOptions() // counted again, compact (the scenario's checks wrote it out)
		if s.g.opts != optsPlay {
			t.Fatalf("seat 1's phase 2 is not compact")
		}
		s.g.fillPlayView(&v, false, true)
	} else {
		s.g.FillView(&v)
	}
	return v
}

// TestViewPlayHidesOtherHands: a seat's View.Play (its Jail targets, the options of
// each kind) never depends on what another seat's hidden hand holds. The engine counts
// a kind's options only when the hand holds it, and a count left by the seat before
// showed through a View: a seat that held no Jail saw the last Jail-holder's targets
// (an audit found 1,818 of 2,713 such Views in 300 games). Seat 0 ends its turn
// holding a Jail, Panic!, Cat Balou, BANG! or Duel, or a Stagecoach; seat 1's View of
// its own phase 2 must be the same whichever.
func TestViewPlayHidesOtherHands(t *testing.T) {
	for _, compact := range []bool{true, false} {
		base := playViewAfter(t, nth(Stagecoach, 0), compact)
		for _, k := range []Kind{Jail, Panic, CatBalou, BANG, Duel} {
			v := playViewAfter(t, nth(k, 0), compact)
			if v.Play != base.Play {
				t.Errorf("compact %v: seat 0 hid a %s: seat 1's View.Play %+v, with a Stagecoach %+v",
					compact, k, v.Play, base.Play)
			}
		}
	}
}

// playSpy is a policy that checks, at each of its phase-2 Views, that the kinds it
// does not hold show nothing of another hand: no Jail targets or options, none of
// Panic! and Cat Balou when it holds neither (holding one, it is shown both, counted
// from the table), and with the list written out, the constant count of every other
// kind (basePerKind). It plays as `random`; as a ListPolicy (lists), its
// phase 2 stays compact.
type playSpy struct {
	r       Random
	lists   bool
	looks   int
	leak    int
	first   string
	nowHeld Set
}

func (p *playSpy) ReadsLists() bool { return p.lists }

func (p *playSpy) Choose(v *View) int {
	if pl := &v.Play; pl.Filled {
		p.looks++
		for k := Kind(0); k < NumKinds; k++ {
			if pl.Cards.hasKind(k) {
				continue
			}
			yard, beyond := pl.Options(k)
			bad := false
			switch {
			case k == Jail:
				bad = pl.Jail != 0 || yard != 0 || beyond != 0
			case k == Panic || k == CatBalou:
				bad = !pl.Cards.hasKind(Panic) && !pl.Cards.hasKind(CatBalou) && yard|beyond != 0
			case !pl.Compact:
				bad = uint32(yard)|uint32(beyond)<<16 != basePerKind[k]
			}
			if bad {
				if p.leak == 0 {
					p.first = fmt.Sprintf("seat %d, not holding %s: Options %d, %d, Jail %08b", v.Self, k, yard, beyond, pl.Jail)
				}
				p.leak++
			}
		}
	}
	if p.lists && v.Play.Filled {
		return 0 // a ListPolicy reads no written-out option: it ends phase 2
	}
	return p.r.Choose(v)
}

// TestViewPlayHidesOtherHandsInGames: TestViewPlayHidesOtherHands over whole games at
// every table size, the spy at every role among `random` seats, its phase 2 compact
// and written out.
func TestViewPlayHidesOtherHandsInGames(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, lists := range []bool{true, false} {
			for role := range NumRoles {
				spy := &playSpy{lists: lists}
				var by [NumRoles]Policy
				for r := range by {
					by[r] = &Random{}
				}
				by[role] = spy
				tb, err := NewTable(DefaultRules(n), by)
				if err != nil {
					t.Fatal(err)
				}
				for i := range 100 {
					tb.Play(seed.ForGame(uint64(40+n), uint64(i)))
				}
				if spy.looks == 0 && (role != Deputy || n > 4) {
					t.Fatalf("%d players, lists %v, %s: the spy saw no phase 2", n, lists, role)
				}
				if spy.leak != 0 {
					t.Errorf("%d players, lists %v, %s: %d of %d Views showed another hand's counts; first: %s",
						n, lists, role, spy.leak, spy.looks, spy.first)
				}
			}
		}
	}
}
