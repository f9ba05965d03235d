package card

import (
	"fmt"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/internal/seed"
)

// duelCheck returns the first broken invariant of a duel in progress, "" when none:
// the 80 cards each in exactly one zone (deck, discard pile, a hand, in front of a
// character, the General Store; none yet at the set-up's placement), each seat's five characters accounted for (in play,
// reinforcements to come, lost) and each in play from its own stack, no two cards of
// a name nor two weapons in front of a character, life within its
// maximum (below 1 only while a lethal decision is pending for it), the hand sizes.
func duelCheck(d *LongDuel) string {
	g := &d.State
	var seen Set
	n := 0
	put := func(c CardID, where string) string {
		if c >= NumCards {
			return fmt.Sprintf("%s holds card %d", where, c)
		}
		if seen.Has(c) {
			return fmt.Sprintf("card %s twice (again in %s)", c, where)
		}
		seen.Add(c)
		n++
		return ""
	}
	for _, c := range g.deck[:g.DeckLen] {
		if e := put(c, "deck"); e != "" {
			return e
		}
	}
	for _, c := range g.pile[:g.DiscardLen] {
		if e := put(c, "pile"); e != "" {
			return e
		}
	}
	zones := []Set{g.Hand[0], g.Hand[1], g.InPlay[0], g.InPlay[1], g.InPlay[2], g.InPlay[3], g.Store}
	for i, z := range zones {
		for _, c := range z.Cards(nil) {
			if e := put(c, fmt.Sprintf("zone %d", i)); e != "" {
				return e
			}
		}
	}
	want := NumCards
	if g.dec.Kind == DecidePlace {
		want = 0 // the placement comes before the deck is shuffled and dealt
	}
	if n != want {
		return fmt.Sprintf("%d cards in the zones, want %d", n, want)
	}
	for s := int8(0); s < 2; s++ {
		if int(g.HandLen[s]) != g.Hand[s].Len() {
			return fmt.Sprintf("seat %d HandLen %d for %d cards", s, g.HandLen[s], g.Hand[s].Len())
		}
		inPlay := 0
		for _, slot := range []int8{DuelFront(s), DuelBack(s)} {
			if !g.alive(slot) {
				if !g.InPlay[slot].Empty() {
					return fmt.Sprintf("empty slot %d has cards in play", slot)
				}
				continue
			}
			inPlay++
			var kinds [NumKinds]int
			for _, c := range g.InPlay[slot].Cards(nil) {
				if kinds[c.Kind()]++; kinds[c.Kind()] > 1 {
					return fmt.Sprintf("slot %d has two %s in play", slot, c.Kind())
				}
			}
			if g.InPlay[slot].And(weapons).Len() > 1 {
				return fmt.Sprintf("slot %d has two weapons", slot)
			}
			found := false
			for k := 0; k < int(d.Info.Next[s]); k++ {
				if d.Info.Stack[s][k] == g.Char[slot] {
					found = true
				}
			}
			if !found {
				return fmt.Sprintf("slot %d holds %s, not from seat %d's entered stack", slot, g.Char[slot], s)
			}
			if g.Life[slot] > g.MaxLife[slot] || g.MaxLife[slot] != int8(g.Rules.life(g.Char[slot]))+g.Rules.LifeDelta[g.Char[slot]] {
				return fmt.Sprintf("slot %d life %d/%d", slot, g.Life[slot], g.MaxLife[slot])
			}
			if g.Life[slot] < 1 && !(g.dec.Kind == DecideLethal || g.dec.Kind == DecideSidCard) {
				return fmt.Sprintf("slot %d at %d life outside a lethal hit", slot, g.Life[slot])
			}
		}
		if !g.alive(DuelFront(s)) && g.alive(DuelBack(s)) {
			return fmt.Sprintf("seat %d has a back character but no front one", s)
		}
		toCome := DuelCharacters - int(d.Info.Next[s])
		if inPlay+toCome+int(d.Info.Lost[s]) != DuelCharacters {
			return fmt.Sprintf("seat %d: %d in play + %d to come + %d lost != 5", s, inPlay, toCome, d.Info.Lost[s])
		}
	}
	var all uint64
	for s := 0; s < 2; s++ {
		for _, c := range d.Info.Stack[s] {
			if all>>uint(c)&1 != 0 || c == Plain || int(c) >= g.Rules.Count() {
				return fmt.Sprintf("character %s stacked twice or invalid", c)
			}
			all |= 1 << uint(c)
		}
	}
	return ""
}

// playDuelChecked plays one duel with the invariants checked at every decision and at
// the end.
func playDuelChecked(t *testing.T, d *LongDuel, gameSeed uint64) {
	t.Helper()
	var bad string
	d.OnDecision = func(dec *Decision, _ int) {
		if bad == "" {
			if bad = duelCheck(d); bad != "" {
				bad = fmt.Sprintf("at a %s decision of seat %d, turn %d: %s", dec.Kind, dec.Seat, d.Turns, bad)
			}
		}
	}
	d.Play(gameSeed)
	d.OnDecision = nil
	if bad == "" {
		bad = duelCheck(d)
	}
	if bad != "" {
		t.Fatalf("seed %d: %s", gameSeed, bad)
	}
	if !d.Over {
		t.Fatalf("seed %d: the duel did not end", gameSeed)
	}
	if !d.Draw && (d.Info.Winner < 0 || d.Info.Left(d.Info.Winner^1) != 0 || d.Info.Left(d.Info.Winner) == 0) {
		t.Fatalf("seed %d: winner %d with %d and %d characters left", gameSeed, d.Info.Winner, d.Info.Left(0), d.Info.Left(1))
	}
	if d.Illegal != 0 {
		t.Fatalf("seed %d: %d illegal choices", gameSeed, d.Illegal)
	}
}

// TestDuelPlayouts plays random duels (random play, random draft) through the
// invariant checker: 80 cards conserved, five characters a side, every duel ends (no
// draw at the cap), and reports the longest.
func TestDuelPlayouts(t *testing.T) {
	n := 4000
	if testing.Short() {
		n = 500
	}
	d := NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
	longest := uint16(0)
	var wins [3]int
	for i := 0; i < n; i++ {
		playDuelChecked(t, d, seed.ForGame(11, uint64(i)))
		if d.Draw {
			t.Fatalf("duel %d reached the turn cap", i)
		}
		longest = max(longest, d.Turns)
		wins[d.Info.Winner+1]++
	}
	t.Logf("%d random duels: longest %d turns (cap %d); seat 0 won %d, seat 1 %d", n, longest, DefaultDuelMaxTurns, wins[1], wins[2])
	if int(longest)*4 > DefaultDuelMaxTurns {
		t.Fatalf("a random duel of %d turns comes within 4x of the cap", longest)
	}
}

// TestDuelAllocs: a LongDuel replays whole duels (draft to end) without allocating
// (enginetest.ZeroAllocs).
func TestDuelAllocs(t *testing.T) {
	d := NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{RandomDraft{}, NewValueDraft(true)})
	enginetest.ZeroAllocs(t, "LongDuel.Play", func(i uint64) { d.Play(seed.ForGame(5, i)) })
}

// TestDuelReproducible: a duel with a fixed seed replays the same, decision for
// decision, in a fresh LongDuel and in one that played other duels before.
func TestDuelReproducible(t *testing.T) {
	record := func(d *LongDuel, s uint64) []Option {
		var got []Option
		d.OnDecision = func(dec *Decision, c int) { got = append(got, dec.Options[c]) }
		d.Play(s)
		d.OnDecision = nil
		return append(got, Option{Act: Act(d.Info.Winner + 1), Target: int8(d.Turns)})
	}
	mk := func() *LongDuel {
		return NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
	}
	used := mk()
	for i := uint64(0); i < 50; i++ {
		used.Play(seed.ForGame(3, i))
	}
	for i := uint64(0); i < 20; i++ {
		s := seed.ForGame(99, i)
		a, b := record(mk(), s), record(used, s)
		if fmt.Sprint(a) != fmt.Sprint(b) {
			t.Fatalf("duel %d: a fresh and a used LongDuel differ", i)
		}
	}
	// The fixed seed's outcome, pinned: a change of the duel rules or of the streams shows.
	d := mk()
	n := len(record(d, seed.ForGame(7, 7)))
	got := fmt.Sprintf("winner %d turns %d lost %v decisions %d stacks %v", d.Info.Winner, d.Turns, d.Info.Lost, n, d.Info.Stack)
	const want = "winner 1 turns 99 lost [5 3] decisions 463 stacks [[Willy the Kid Jesse Jones Jourdonnais Bart Cassidy Black Jack] [Pedro Ramirez Calamity Janet Vulture Sam Kit Carlson Suzy Lafayette]]"
	if got != want {
		t.Fatalf("pinned duel:\n got %s\nwant %s", got, want)
	}
}

// peeker is a DuelPolicy that checks what it is shown of DuelInfo.
type peeker struct {
	calls int
	bad   string
}

func (p *peeker) Choose(v *View) int { return p.ChooseDuel(v, nil) }

func (p *peeker) ChooseDuel(v *View, in *DuelInfo) int {
	p.calls++
	o := v.Self ^ 1
	for k := 0; k < DuelCharacters; k++ {
		hidden := in.Stack[o][k] == Plain
		if p.bad == "" && hidden != (k >= int(in.Next[o])) {
			p.bad = "the opponent's stack shown wrong"
		}
		if p.bad == "" && in.Stack[v.Self][k] == Plain {
			p.bad = "its own stack hidden"
		}
	}
	return randomChoice(int(v.Decision.N), int(v.Decision.Yard), v.Rand)
}

// A DuelPolicy sees DuelInfo with the order of the opponent's reinforcements still to
// come hidden (stacked face down), its own stack whole.
func TestDuelPolicyInfoHidden(t *testing.T) {
	p := &peeker{}
	d := NewLongDuel([2]Policy{p, &Random{}}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
	for i := uint64(0); i < 20; i++ {
		d.Play(seed.ForGame(8, i))
	}
	if p.bad != "" || p.calls == 0 {
		t.Fatalf("%d calls: %s", p.calls, p.bad)
	}
}

// wild answers out of range half the time, in the draft and in play.
type wild struct{}

func (wild) Choose(v *View) int {
	n := int(v.Decision.N)
	return int(v.Rand.Uint64()%uint64(2*n+10)) - 5
}
func (wild) PickFirst(v *DraftView) bool { return v.Rand.Uint64()&1 == 0 }
func (wild) Pick(v *DraftView) int       { return int(v.Rand.Uint64()%14) - 2 }
func (wild) Stack(v *DraftView) [DuelCharacters]int8 {
	var p [DuelCharacters]int8
	for i := range p {
		p[i] = int8(v.Rand.Uint64()%7) - 1
	}
	return p
}

// TestDuelIllegalChoices: choices out of range, in the draft (picks, stacks) and in play,
// are replaced and counted in Illegal, and the duel stays whole (the invariants hold,
// it ends, every character drafted once).
func TestDuelIllegalChoices(t *testing.T) {
	d := NewLongDuel([2]Policy{wild{}, &Random{}}, [2]DraftPolicy{wild{}, wild{}})
	illegal := 0
	for i := 0; i < 300; i++ {
		var bad string
		d.OnDecision = func(*Decision, int) {
			if bad == "" {
				bad = duelCheck(d)
			}
		}
		d.Play(seed.ForGame(23, uint64(i)))
		if bad == "" {
			bad = duelCheck(d)
		}
		if bad != "" || !d.Over {
			t.Fatalf("duel %d: %s (over %v)", i, bad, d.Over)
		}
		illegal += int(d.Illegal)
	}
	if illegal == 0 {
		t.Fatal("no illegal choice was counted")
	}
}
