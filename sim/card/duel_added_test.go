package card

import (
	"slices"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
)

// duelAddedRules returns duel options whose game adds four characters to the printed
// sixteen (a box of 20): two with powers, two with none, lives 3 to 6.
func duelAddedRules(t *testing.T) Rules {
	t.Helper()
	spec := func(name string, life int, pws ...bang.Power) bang.CharacterSpec {
		var p bang.Powers
		copy(p[:], pws)
		return bang.CharacterSpec{Name: name, Life: life, Ability: "test", Powers: p}
	}
	set, err := bang.PrintedSet(Life, Ability).Extend(
		spec("Duel Gunner", 3, pw(t, "draw_on_hit", 2, 1)),
		spec("Duel Medic", 5, pw(t, "lucky_draw", 3)),
		spec("Duel Scout", 4),
		spec("Duel Tank", 6))
	if err != nil {
		t.Fatal(err)
	}
	r := DefaultRules(5)
	r.SetCharacters(set)
	return r
}

// The long duel's draft lays its ten out of the game's whole set (the digest's finals
// bullets: "remove 6 at random, lay 10 face up", the box being the printed sixteen and
// the added ones; Plain never): the pool and the removed are the twenty, each once, the
// pool in character order; the added characters are laid out as often as the printed
// ones, drafted, entered with their declared life and played to the end under the
// invariants (duelCheck), with the random and the value draft.
func TestDuelAddedCharactersDrafted(t *testing.T) {
	r := duelAddedRules(t)
	const n = 400
	var laid, entered [bang.MaxCharacters]int
	for _, dr := range [][2]DraftPolicy{{RandomDraft{}, RandomDraft{}}, {NewValueDraft(true), RandomDraft{}}} {
		d := NewLongDuel([2]Policy{&Random{}, &Random{}}, dr)
		if err := d.SetOptions(r); err != nil {
			t.Fatal(err)
		}
		for i := range uint64(n) {
			d.OnEvents = nil
			playDuelChecked(t, d, seed.ForGame(41, i))
			in := &d.Info
			if d.NumRemoved != 10 {
				t.Fatalf("duel %d: %d removed, want 10 of 20", i, d.NumRemoved)
			}
			all := append(slices.Clone(in.Pool[:]), d.Removed[:d.NumRemoved]...)
			slices.Sort(all)
			for k, c := range all {
				if want := Character(k); k >= int(Plain) {
					if c != want+1 {
						t.Fatalf("duel %d: pool %v and removed %v are not the twenty but Plain", i, in.Pool, d.Removed[:d.NumRemoved])
					}
				} else if c != want {
					t.Fatalf("duel %d: pool %v and removed %v are not the twenty but Plain", i, in.Pool, d.Removed[:d.NumRemoved])
				}
			}
			if !slices.IsSorted(in.Pool[:]) {
				t.Fatalf("duel %d: pool %v not in character order", i, in.Pool)
			}
			for _, c := range in.Pool {
				laid[c]++
			}
			for s := range in.Stack {
				for _, c := range in.Stack[s][:in.Next[s]] {
					entered[c]++
				}
			}
		}
	}
	// 2n duels, each character laid out with chance 1/2: about n each.
	for c := Character(0); int(c) < r.Count(); c++ {
		if c == Plain {
			if laid[c] != 0 {
				t.Fatalf("Plain laid out %d times", laid[c])
			}
			continue
		}
		if laid[c] < n*3/4 || laid[c] > n*5/4 {
			t.Errorf("character %d laid out %d times in %d duels, want about %d", c, laid[c], 2*n, n)
		}
		if c >= NumCharacters && entered[c] == 0 {
			t.Errorf("added character %d never entered play", c)
		}
	}
}

// An added character enters a duel's play with its declared life and its powers
// (the profile computed from Rules.AddedPowers), as a printed one with its own.
func TestDuelAddedCharacterEnters(t *testing.T) {
	r := duelAddedRules(t)
	d := NewLongDuel([2]Policy{&Random{}, &Random{}}, [2]DraftPolicy{RandomDraft{}, RandomDraft{}})
	if err := d.SetOptions(r); err != nil {
		t.Fatal(err)
	}
	d.Begin(seed.ForGame(41, 0))
	gunner, tank := NumCharacters, NumCharacters+3
	d.Place([2][DuelCharacters]Character{{gunner, tank, BartCassidy, BlackJack, ElGringo}, {JesseJones, KitCarlson, LuckyDuke, PaulRegret, RoseDoolan}}, 0)
	if d.Life[DuelFront(0)] != 3 || d.MaxLife[DuelBack(0)] != 6 {
		t.Fatalf("Duel Gunner %d life, Duel Tank %d: want 3 and 6", d.Life[DuelFront(0)], d.MaxLife[DuelBack(0)])
	}
	if d.prof[DuelFront(0)] != r.profileFor(gunner) || d.prof[DuelFront(0)] == plainProfile {
		t.Fatal("Duel Gunner entered without its powers' profile")
	}
}

// The value draft gives an added character DuelAddedValue, the mean of the printed
// values (an even duel: the table's rates sum to 16 × 500), and picks by it: above a
// weak printed character, below a strong one.
func TestDuelValueDraftAdded(t *testing.T) {
	sum := 0
	for _, v := range DuelValues[:NumRealCharacters] {
		sum += int(v)
	}
	if sum != NumRealCharacters*DuelAddedValue {
		t.Fatalf("the printed values sum to %d, not %d × DuelAddedValue: the default is no longer their mean", sum, NumRealCharacters)
	}
	p := NewValueDraft(true)
	for c := NumCharacters; c < bang.MaxCharacters; c++ {
		if p.Values[c] != DuelAddedValue {
			t.Fatalf("added character %d valued %d", c, p.Values[c])
		}
	}
	v := &DraftView{Pool: [DuelPool]Character{BlackJack, SidKetchum, NumCharacters + 2}}
	v.Taken = [DuelPool]bool{false, false, false, true, true, true, true, true, true, true}
	if got := p.Pick(v); got != 0 {
		t.Fatalf("picked %d, want Black Jack (585) first", got)
	}
	v.Taken[0] = true
	if got := p.Pick(v); got != 2 {
		t.Fatalf("picked %d, want the added character (500) before Sid Ketchum (423)", got)
	}
}
