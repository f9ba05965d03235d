package card

import (
	"hash/fnv"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// declaring is a ListPolicy that declares every choice the Table may take for it, and
// plays as Random otherwise (its Choose is never checked: only how the Table seats it).
type declaring struct{ r Random }

func (p *declaring) Choose(v *View) int   { return p.r.Choose(v) }
func (p *declaring) ReadsLists() bool     { return true }
func (p *declaring) FirstPlays() KindList { return KindList{Barrel, NumKinds} }
func (p *declaring) CancelsShots() bool   { return true }
func (p *declaring) EndsBareYard() bool   { return true }

// unhashable is a policy value of a type that == would panic on (a slice field): the
// Table must tell such policies apart without comparing them.
type unhashable struct {
	r Random
	_ []int
}

func (p unhashable) Choose(v *View) int { return p.r.Choose(v) }

// TestDeclareFollowsPolicy: the Table asks a seat's policy how to seat it (declare) only
// when the policy changes, so a Table whose policies change between games must seat
// each game's as that game's: a random seat, then a declaring ListPolicy, then another
// value of that type declaring, then a random seat again; a policy of an incomparable
// type is seated without a panic.
func TestDeclareFollowsPolicy(t *testing.T) {
	r := &Random{}
	tb, err := NewTable(DefaultRules(5), [NumRoles]Policy{r, r, r, r})
	if err != nil {
		t.Fatal(err)
	}
	all := uint8(1<<5 - 1)
	check := func(step string, mode uint8, lists uint8) {
		t.Helper()
		for s := 0; s < 5; s++ {
			if tb.mode[s] != mode {
				t.Fatalf("%s: seat %d mode %d, want %d", step, s, tb.mode[s], mode)
			}
		}
		if tb.lists != lists || tb.cancels != lists || tb.ends != lists || tb.State.lists != lists {
			t.Fatalf("%s: lists %b cancels %b ends %b (State %b), want %b", step, tb.lists, tb.cancels, tb.ends, tb.State.lists, lists)
		}
		for s := 0; s < 5; s++ {
			if (tb.first[s] == Set{}) == (lists != 0) {
				t.Fatalf("%s: seat %d FirstPlays set %v", step, s, tb.first[s])
			}
		}
	}
	play := func(p Policy) {
		tb.ByRole = [NumRoles]Policy{p, p, p, p}
		for i := uint64(0); i < 3; i++ {
			tb.Play(seed.ForGame(9, i))
		}
	}
	play(r)
	check("random", seatRandom, 0)
	play(&declaring{})
	check("declaring", seatView, all)
	play(&declaring{})
	check("another declaring", seatView, all)
	play(r)
	check("random again", seatRandom, 0)
	play(unhashable{})
	play(unhashable{})
	check("unhashable", seatView, 0)
}

// TestMixedRandomAgree: the Random seats of a table that also seats a View policy (run,
// its draw out of line: randomDraw) play the very games of a table of Random seats
// only (runRandom, its draw written out), the Sheriff's seat a Random behind a plain
// Policy.
func TestMixedRandomAgree(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		r := DefaultRules(n)
		fast, mixed := fingerprintTable(t, r, false), fingerprintTable(t, r, false)
		mixed.ByRole[Sheriff] = opaque{p: &Random{}}
		for i := uint64(0); i < 500; i++ {
			hf, hm := fnv.New64a(), fnv.New64a()
			hashGame(hf, fast.Play(seed.ForGame(37, i)))
			hashGame(hm, mixed.Play(seed.ForGame(37, i)))
			if hf.Sum64() != hm.Sum64() {
				t.Fatalf("p%d game %d: the mixed table's game differs", n, i)
			}
		}
		if !fast.randomOnly || mixed.randomOnly {
			t.Fatalf("p%d: randomOnly %v (Random only), %v (mixed)", n, fast.randomOnly, mixed.randomOnly)
		}
	}
}
