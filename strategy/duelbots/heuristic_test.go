package duelbots

import (
	"strings"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy"
)

// The heuristic plays legal duels to their end and beats the random yardstick, with
// both seats' draft the same (random), half the duels with each bot as seat 0.
func TestHeuristicBeatsRandom(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 400
	}
	wins := 0
	for _, hs := range []int{0, 1} {
		var pol [2]card.Policy
		pol[hs], pol[1-hs] = &Heuristic{}, &card.Random{}
		d := card.NewLongDuel(pol, [2]card.DraftPolicy{card.RandomDraft{}, card.RandomDraft{}})
		for i := 0; i < n/2; i++ {
			d.Play(seed.ForGame(21, uint64(i)))
			if d.Illegal != 0 || !d.Over {
				t.Fatalf("duel %d: illegal %d, over %v", i, d.Illegal, d.Over)
			}
			if int(d.Info.Winner) == hs {
				wins++
			}
		}
	}
	t.Logf("heuristic won %d of %d duels against random", wins, n)
	if wins*100 < n*75 {
		t.Fatalf("heuristic won only %d of %d against random", wins, n)
	}
}

// The duel with the heuristic allocates nothing a duel.
func TestHeuristicAllocs(t *testing.T) {
	d := card.NewLongDuel([2]card.Policy{&Heuristic{}, &Heuristic{}}, [2]card.DraftPolicy{card.NewValueDraft(true), card.RandomDraft{}})
	var i uint64
	if a := testing.AllocsPerRun(100, func() { d.Play(seed.ForGame(2, i)); i++ }); a != 0 {
		t.Fatalf("%v allocations a duel", a)
	}
}

// The heuristic places the character with more life in front at the set-up (it draws
// the starting hand and its life is the hand limit), the more valued one on a tie.
func TestHeuristicPlacement(t *testing.T) {
	d := card.NewLongDuel([2]card.Policy{&Heuristic{}, &Heuristic{}}, [2]card.DraftPolicy{card.RandomDraft{}, card.RandomDraft{}})
	flips := 0
	for i := uint64(0); i < 200; i++ {
		d.Begin(seed.ForGame(17, i))
		for s := int8(0); s < 2; s++ {
			f, b := d.Char[card.DuelFront(s)], d.Char[card.DuelBack(s)]
			lf, lb := card.Life(f), card.Life(b)
			if lf < lb || lf == lb && card.DuelValues[f] < card.DuelValues[b] {
				t.Fatalf("duel %d seat %d: %s in front, %s behind", i, s, f, b)
			}
			if d.Info.Flipped[s] {
				flips++
			}
		}
	}
	if flips == 0 {
		t.Fatal("the heuristic never put its second revealed character in front")
	}
}

// The duel's bots are on the generic registry (issue 29): each play bot declares the
// needs its policy says (Register panics otherwise), random reads no record, every
// name the help lists resolves, and an unknown name, a list and a parameter the bot
// does not take are refused with the kind of bot named.
func TestRegistry(t *testing.T) {
	for _, e := range PlayRegistry.AllEntries() {
		if got := strategy.Needs(card.NeedsOf(e.New())); got != e.Needs {
			t.Errorf("play bot %s declares %v, its policy says %v", e.Name, e.Needs, got)
		}
		if e.Description == "" {
			t.Errorf("play bot %s has no description", e.Name)
		}
	}
	if e, _ := PlayRegistry.Lookup("random"); e.Needs != strategy.NoRecord {
		t.Errorf("random declares %v, want NoRecord", e.Needs)
	}
	for _, n := range PlayNames() {
		if _, err := Play(n); err != nil {
			t.Errorf("Play(%q): %v", n, err)
		}
	}
	for _, n := range DraftNames() {
		if _, err := Draft(n); err != nil {
			t.Errorf("Draft(%q): %v", n, err)
		}
	}
	for spec, want := range map[string]string{
		"nosuch":         `unknown duel play bot "nosuch" (known: heuristic, random)`,
		"random,random":  `"random,random" names more than one duel play bot`,
		"heuristic(x=1)": "duel play bot: bad policy spec",
	} {
		if _, err := Play(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Play(%q): %v, want %q", spec, err, want)
		}
	}
	if _, err := Draft("value"); err == nil || !strings.Contains(err.Error(), `unknown duel draft bot "value" (known: random, value-first, value-start)`) {
		t.Errorf("Draft(value): %v", err)
	}
}
