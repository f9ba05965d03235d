package card

import (
	"hash/fnv"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
)

// declaring is a ListPolicy that declares every choice the Table may take for it, and
// plays as Random otherwise (its Choose is never checked: only how the Table seats it).
type declaring struct{ r Random }

func (p *declaring) Choose(v *View) int    { return p.r.Choose(v) }
func (p *declaring) ReadsLists() bool      { return true }
func (p *declaring) FirstPlays() KindList  { return KindList{Barrel, NumKinds} }
func (p *declaring) CancelsShots() bool    { return true }
func (p *declaring) EndsBareYard() bool    { return true }
func (p *declaring) UpgradesWeapons() bool { return true }

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
		if tb.lists != lists || tb.cancels != lists || tb.ends != lists || tb.upgrades != lists || tb.State.lists != lists {
			t.Fatalf("%s: lists %b cancels %b ends %b upgrades %b (State %b), want %b", step, tb.lists, tb.cancels, tb.ends, tb.upgrades, tb.State.lists, lists)
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

// offBy chooses option (N+k) mod N written as N+k when wild (out of range: the Table
// replaces it and counts it in Illegal), as (N+k) mod N otherwise; asked counts its
// decisions.
type offBy struct {
	k     int
	wild  bool
	asked *int
}

func (p offBy) Choose(v *View) int {
	*p.asked++
	n := int(v.Decision.N)
	if p.wild {
		return n + p.k
	}
	return (n + p.k) % n
}

// TestTableReplacesIllegal: run, which applies a View seat's choice itself (Apply
// written out), replaces a choice out of range as Apply does, (choice mod N), and counts
// each in Illegal: the games of a policy answering out of range are those of one
// answering the replacement, with every decision counted.
func TestTableReplacesIllegal(t *testing.T) {
	var nw, nt int
	wild, tame := offBy{k: 3, wild: true, asked: &nw}, offBy{k: 3, asked: &nt}
	tw, err := NewTable(DefaultRules(5), [NumRoles]Policy{wild, wild, wild, wild})
	if err != nil {
		t.Fatal(err)
	}
	tt, _ := NewTable(DefaultRules(5), [NumRoles]Policy{tame, tame, tame, tame})
	for i := uint64(0); i < 200; i++ {
		nw, nt = 0, 0
		gw, gt := tw.Play(seed.ForGame(41, i)), tt.Play(seed.ForGame(41, i))
		ow, ot := gw.Outcome, gt.Outcome
		ow.Illegal, ot.Illegal = 0, 0 // compared below
		if gw.Board != gt.Board || ow != ot || gw.Turns != gt.Turns {
			t.Fatalf("game %d: the replaced choices change the game", i)
		}
		if int(gw.Illegal) != nw || gt.Illegal != 0 || nw != nt || nw == 0 {
			t.Fatalf("game %d: Illegal %d of %d asked (the legal policy's %d of %d)", i, gw.Illegal, nw, gt.Illegal, nt)
		}
	}
}

// TestNewTableOf: every role gets its own policy from newPolicy and the needs given,
// declared; rules that fail Validate fail it.
func TestNewTableOf(t *testing.T) {
	made := 0
	tb, err := NewTableOf(DefaultRules(5), func() Policy { made++; return &firstDeclared{} }, NeedsAllRoles)
	if err != nil {
		t.Fatal(err)
	}
	if made != int(NumRoles) || !tb.NeedsDeclared {
		t.Fatalf("%d policies made, NeedsDeclared %v", made, tb.NeedsDeclared)
	}
	for r, p := range tb.ByRole {
		if tb.RoleNeeds[r] != NeedsAllRoles || r > 0 && p == tb.ByRole[r-1] {
			t.Fatalf("role %d: needs %v, the same policy as role %d", r, tb.RoleNeeds[r], r-1)
		}
	}
	if _, err := NewTableOf(DefaultRules(MaxPlayers+1), func() Policy { return &Random{} }, 0); err == nil {
		t.Fatal("rules for too many players accepted")
	}
}
