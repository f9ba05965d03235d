package card

import (
	"hash"
	"hash/fnv"
	"testing"

	"github.com/bangsim/bangsim/internal/enginetest"
	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/bang"
)

// The engine tests primitives, not names: a printed character re-created from its
// primitive as an added character (its "Twin", the same powers and card life) seated in
// its place plays the very same games, decision for decision and event for event.

// twinSet returns the printed set with c's twin added (character NumCharacters):
// PrintedPowers(c) under a, c's card-game life.
func twinSet(t testing.TB, c Character, a *Abilities) *bang.CharacterSet {
	t.Helper()
	set, err := bang.PrintedSet(Life, Ability).Extend(bang.CharacterSpec{
		Name: c.String() + " Twin", Life: Life(c), Ability: Ability(c), Powers: PrintedPowers(c, a)})
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// twinSeats returns 5 fixed seats with c at seat c%5 and other printed characters
// (shifting with c) elsewhere.
func twinSeats(c Character) []Character {
	seats := make([]Character, 5)
	k := 1
	for s := range seats {
		if s == int(c)%5 {
			seats[s] = c
			continue
		}
		o := (c + Character(3*k)) % NumRealCharacters
		for o == c || contains(seats[:s], o) {
			o = (o + 1) % NumRealCharacters
		}
		seats[s], k = o, k+1
	}
	return seats
}

func contains(cs []Character, c Character) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// twinRun plays games seeds with the seats of r (c's seat given to with), hashing every
// decision, every event and each end state, with's number read as c's.
func twinRun(t *testing.T, r Rules, c, with Character, seeds uint64) uint64 {
	t.Helper()
	for i := range int(r.PoolLen) {
		if r.Pool[i] == c {
			r.Pool[i] = with
		}
	}
	tb := randomTable(t, r)
	h := fnv.New64a()
	for i := range tb.ByRole {
		tb.ByRole[i] = opaque{p: &Random{}, h: h}
	}
	tb.OnEvents = func(evs []Event) {
		for _, e := range evs {
			enginetest.Write(h, e)
		}
	}
	for i := uint64(0); i < seeds; i++ {
		g := *tb.Play(seed.ForGame(23, i))
		for s := range g.Char {
			if g.Char[s] == with {
				g.Char[s] = c
			}
		}
		twinHash(h, &g)
	}
	return h.Sum64()
}

func twinHash(h hash.Hash64, g *State) { hashGame(h, g) }

// twinAbilities are the --ability values the twins play under besides the printed
// ones: every parameter changed where its range allows, Paul's and Rose's past 1.
func twinAbilities(t *testing.T) Abilities {
	var a Abilities
	for _, p := range AbilityParams() {
		v := p.Default + 1
		if v > p.Max {
			v = p.Default - 1
		}
		p.Set(&a, v)
	}
	// Kit: look 4, keep 2 (two back); keep 3 of 4 would be a single decision again.
	for _, p := range AbilityParams() {
		if p.Character == KitCarlson && p.Name == "keep" {
			p.Set(&a, 2)
		}
	}
	if err := a.check(); err != nil {
		t.Fatal(err)
	}
	return a
}

// TestTwinsPlayTheSameGames: for every printed character, its twin seated in its place
// plays the same games as it does (ruling C19's and C3's abilities among them), under
// the printed values and under changed ones.
func TestTwinsPlayTheSameGames(t *testing.T) {
	seeds := uint64(150)
	if testing.Short() {
		seeds = 30
	}
	for ai, a := range []Abilities{{}, twinAbilities(t)} {
		for c := range Character(NumRealCharacters) {
			r := DefaultRules(5)
			r.Ability = a
			r.SetCharacters(twinSet(t, c, &a))
			r.Deal = DealSeats
			if err := r.SetPool(twinSeats(c)); err != nil {
				t.Fatal(err)
			}
			want := twinRun(t, r, c, c, seeds)
			got := twinRun(t, r, c, NumCharacters, seeds)
			if got != want {
				t.Errorf("abilities %d, %s: twin's games hash %#x, the printed one's %#x", ai, c, got, want)
			}
		}
	}
}
