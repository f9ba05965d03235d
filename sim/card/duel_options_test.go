package card

import (
	"errors"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// randomDuel is a LongDuel of `random` with the random draft.
func randomDuel() *LongDuel {
	return NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
}

// The card rule options a duel takes (LongDuel.Options; issue 29: the duel ignored
// them): a removed card is never dealt, drawn or played; a life change is added to
// every character's life as it enters play (front, back and reinforcements, L8's own
// life otherwise); High Noon takes the active front character's life after K
// reshuffles, and never without the timer.
func TestDuelRuleOptions(t *testing.T) {
	t.Run("removed", func(t *testing.T) {
		d := randomDuel()
		var r Rules
		for _, k := range []Kind{Dynamite, Jail, Barrel} {
			r.Remove(kindSet[k].Cards(nil)...)
		}
		if err := d.SetOptions(r); err != nil {
			t.Fatal(err)
		}
		gone := r.RemovedSet()
		for i := uint64(0); i < 300; i++ {
			d.Begin(seed.ForGame(5, i))
			in := Set{}
			for _, c := range d.deck[:d.DeckLen] {
				in.Add(c)
			}
			in = in.Or(d.Hand[0]).Or(d.Hand[1])
			if want := NumCards - gone.Len(); in.Len() != want || !in.And(gone).Empty() {
				t.Fatalf("duel %d: %d cards dealt and in the deck (want %d), removed ones among them: %v", i, in.Len(), want, !in.And(gone).Empty())
			}
			d.Run()
			for _, k := range []Kind{Dynamite, Jail, Barrel} {
				if d.Played[k] != 0 {
					t.Fatalf("duel %d: a removed %v was played", i, k)
				}
			}
			if d.JailDraws != 0 || d.DynamiteDraws != 0 { // Jourdonnais's Barrel is his own
				t.Fatalf("duel %d: a \"draw!\" for a removed card", i)
			}
		}
	})
	t.Run("life", func(t *testing.T) {
		d := randomDuel()
		var r Rules
		for c := Character(0); c < NumRealCharacters; c++ {
			r.LifeDelta[c] = 1
		}
		r.LifeDelta[PaulRegret] = -1
		if err := d.SetOptions(r); err != nil {
			t.Fatal(err)
		}
		for i := uint64(0); i < 50; i++ {
			d.Begin(seed.ForGame(6, i))
			for slot := int8(0); slot < DuelSlots; slot++ {
				c := d.Char[slot]
				if want := int8(Life(c)) + r.LifeDelta[c]; d.Life[slot] != want || d.MaxLife[slot] != want {
					t.Fatalf("duel %d: %v enters with life %d/%d, want %d", i, c, d.Life[slot], d.MaxLife[slot], want)
				}
			}
			if want := int(d.Life[DuelFront(d.Info.Starter)]); int(d.HandLen[d.Info.Starter]) != want {
				t.Fatalf("duel %d: the starter holds %d cards, want its front's life %d", i, d.HandLen[d.Info.Starter], want)
			}
			d.Run()
		}
	})
	t.Run("high noon", func(t *testing.T) {
		for _, k := range []uint8{0, 1} {
			d := randomDuel()
			if err := d.SetOptions(Rules{HighNoon: k}); err != nil {
				t.Fatal(err)
			}
			lost := 0
			for i := uint64(0); i < 200; i++ {
				d.Play(seed.ForGame(7, i))
				lost += int(d.LifeLost[CauseHighNoon])
				if d.Reshuffles == 0 && d.LifeLost[CauseHighNoon] != 0 {
					t.Fatalf("High Noon %d, duel %d: life lost to it before the first reshuffle", k, i)
				}
			}
			if (lost > 0) != (k > 0) {
				t.Fatalf("High Noon %d: %d life lost to it over 200 duels", k, lost)
			}
		}
	})
	t.Run("checked", func(t *testing.T) {
		d := randomDuel()
		bad := Rules{Removed: [2]uint64{0, 1 << 20}}
		if err := d.SetOptions(bad); !errors.Is(err, ErrRules) {
			t.Fatalf("a card beyond the deck removed: %v, want ErrRules", err)
		}
		var low Rules
		low.LifeDelta[Jourdonnais] = -4 // 4 life, none left
		if err := d.SetOptions(low); !errors.Is(err, ErrRules) {
			t.Fatalf("a life of 0: %v, want ErrRules", err)
		}
		if d.Options != (Rules{}) {
			t.Fatal("a rejected option was kept")
		}
	})
}
