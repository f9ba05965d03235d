package card

import (
	"hash/fnv"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
)

// TestDuelTwinsPlayTheSameDuels is TestTwinsPlayTheSameGames for the long duel: each
// printed character's twin, stacked where the draft put the character (in play or a
// reinforcement), plays the same duels, decision for decision, to the same end; under
// the printed values and changed ones.
func TestDuelTwinsPlayTheSameDuels(t *testing.T) {
	duels := uint64(120)
	if testing.Short() {
		duels = 30
	}
	for ai, a := range []Abilities{{}, twinAbilities(t)} {
		for c := range Character(NumRealCharacters) {
			r := DefaultRules(5)
			r.Ability = a
			r.SetCharacters(twinSet(t, c, &a))
			want := duelTwinRun(t, r, c, c, duels)
			got := duelTwinRun(t, r, c, NumCharacters, duels)
			if got != want {
				t.Errorf("abilities %d, %s: the twin's duels hash %#x, the printed one's %#x", ai, c, got, want)
			}
		}
	}
}

// duelTwinRun plays duels under r's options with c replaced by with after the draft,
// hashing every decision and each end with's number read as c's. The draft is the
// printed box's (the options' added twin taken out for it and put back after), so that
// both runs draft the same characters: a draft of the whole set would lay the twin
// out beside c.
func duelTwinRun(t *testing.T, r Rules, c, with Character, duels uint64) uint64 {
	t.Helper()
	h := fnv.New64a()
	d := NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
	if err := d.SetOptions(r); err != nil {
		t.Fatal(err)
	}
	d.OnDecision = func(dec *Decision, ch int) {
		enginetest.Write(h, decisionWord(dec, ch))
		for _, o := range dec.Options[:dec.N] {
			enginetest.Write(h, optionWord(o, true))
		}
	}
	swap := func(x *Character, from, to Character) {
		if *x == from {
			*x = to
		}
	}
	g := &d.State
	added := d.Options.CharacterDeal
	for i := uint64(0); i < duels; i++ {
		d.Options.CharacterDeal = bang.CharacterDeal{}
		d.Begin(seed.ForGame(29, i))
		d.Options.CharacterDeal, g.Rules.CharacterDeal = added, added
		for s := range d.view {
			d.view[s].Rules = g.Rules
		}
		for u := int8(0); u < DuelSlots; u++ {
			if g.Char[u] == c {
				g.Char[u] = with
				g.prof[u] = g.Rules.profileFor(with)
			}
		}
		for s := range d.Info.Stack {
			for k := range d.Info.Stack[s] {
				swap(&d.Info.Stack[s][k], c, with)
				swap(&d.Info.Picked[s][k], c, with)
			}
		}
		d.Run()
		for u := range g.Char {
			swap(&g.Char[u], with, c)
		}
		for s := range d.Info.Stack {
			for k := range d.Info.Stack[s] {
				swap(&d.Info.Stack[s][k], with, c)
				swap(&d.Info.Picked[s][k], with, c)
			}
		}
		enginetest.Write(h, &g.Board, &g.Counters, &g.Outcome, &g.Hand, &d.Info)
	}
	return h.Sum64()
}
