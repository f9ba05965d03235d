package card

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bangsim/bangsim/internal/fastrand"
	"github.com/bangsim/bangsim/internal/seed"
)

// The tests of this file check that the engine's speed work changed nothing: each
// replaced computation against what it replaced, or against an independent one.

// TestLazyOptions: at every decision of thousands of games with every seat's options
// compact, the options the engine builds one at a time from the compact form (option,
// what Apply uses) are the options it writes out for Pending and the Views, index for
// index, with the same N and Yard as the count; and phase 2's list written out later
// is the list written at once for a seat whose options are never compact.
func TestLazyOptions(t *testing.T) {
	var cp State
	decisions := map[string]int{}
	compactGames(t, 13, 300, func(name string, game uint64, g *State) {
		decisions[name]++
		cp = *g // still in compact form
		d := &cp.dec
		lazy := make([]Option, d.N)
		for i := 0; i < int(d.Yard); i++ { // the yard first: past it the list is written out
			lazy[i] = cp.option(i)
		}
		for i := int(d.Yard); i < int(d.N); i++ {
			lazy[i] = cp.option(i)
		}
		full := g.Pending()
		if full.N != d.N || full.Yard != d.Yard {
			t.Fatalf("%s game %d: %s: written N %d yard %d, compact %d %d", name, game, full.Kind, full.N, full.Yard, d.N, d.Yard)
		}
		for i, o := range lazy {
			if full.Options[i] != o {
				t.Fatalf("%s game %d: %s option %d: written %+v, compact %+v", name, game, full.Kind, i, full.Options[i], o)
			}
		}
		if full.Kind == DecidePlay { // as written for a seat whose options are not compact
			cp = *g
			cp.lazy = 0
			cp.playOptions()
			e := &cp.dec
			if e.N != full.N || e.Yard != full.Yard || !slices.Equal(e.Options[:e.N], full.Options[:full.N]) {
				t.Fatalf("%s game %d: phase 2 written at once %d/%d %v, compact then written %d/%d %v", name, game,
					e.Yard, e.N, e.Options[:e.N], full.Yard, full.N, full.Options[:full.N])
			}
		}
	})
	for name, n := range decisions {
		if n < 10000 {
			t.Fatalf("%s: only %d decisions", name, n)
		}
	}
}

// compactGames plays games 0 … games−1 of run (seed.ForGame) of the random yardstick
// at 4 to 7 players, both deals, every seat's options kept compact (as for a
// CountPolicy or a ListPolicy), and calls look at each decision before it is taken,
// with the State still compact ("p5 random", the game's index). look may read the
// State (Pending writes the list out); the choice is drawn from a View filled after it.
func compactGames(t *testing.T, run uint64, games int, look func(name string, game uint64, g *State)) {
	t.Helper()
	var pol Random
	g := new(State)
	seededGames(t, run, games, func(name string, game uint64, r *Rules, s1, s2 uint64, v *View) {
		g.Setup(r, s1, s2)
		g.lazy = 0xff // every seat's options compact
		g.Start()
		for g.dec.Kind != DecideNone {
			look(name, game, g)
			g.FillView(v)
			g.Apply(pol.Choose(v))
		}
	})
}

// seededGames calls play for games 0 … games−1 of run at 4 to 7 players, both deals,
// with each game's rules, its engine's two seed words and a View whose Rand is seeded
// with its policy words (one stream for every seat); name is as compactGames says.
func seededGames(t *testing.T, run uint64, games int, play func(name string, game uint64, r *Rules, s1, s2 uint64, v *View)) {
	t.Helper()
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, deal := range deals() {
			r := DefaultRules(n)
			r.Deal = deal
			name := fmt.Sprintf("p%d %s", n, deal)
			tb := randomTable(t, r)
			v := new(View)
			for game := range uint64(games) {
				s1, s2, s3, s4 := seed.Streams(seed.ForGame(run, game))
				tb.rng[0].Seed(s3, s4)
				v.Rand = &tb.rng[0]
				play(name, game, &r, s1, s2, v)
			}
		}
	}
}

// countOnly is a CountPolicy that is not Random: the Table must ask it through
// ChooseCount alone, never filling a View or calling Choose.
type countOnly struct{ r Random }

func (countOnly) Choose(*View) int { panic("Choose called on a CountPolicy seat") }

func (c countOnly) ChooseCount(k DecisionKind, n, yard int, r *rand.PCG) int {
	return c.r.ChooseCount(k, n, yard, r)
}

// TestCountPolicy: a CountPolicy seat is asked through ChooseCount only (no View, no
// Choose), and a CountPolicy drawing as Random does plays Random's very games; Random's
// Choose and ChooseCount make the same draw from the same stream.
func TestCountPolicy(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		r := DefaultRules(n)
		tb := randomTable(t, r)
		for i := range tb.ByRole {
			tb.ByRole[i] = countOnly{}
		}
		const seeds = 500
		if got, want := gamesHash(tb, seeds), gamesHash(randomTable(t, r), seeds); got != want {
			t.Errorf("p%d: games of a CountPolicy hash %#x, Random's %#x", n, got, want)
		}
	}
	var v View
	var p Random
	a, b := rand.NewPCG(1, 2), rand.NewPCG(1, 2)
	for i := 0; i < 10000; i++ {
		v.Decision.N = uint16(1 + i%40)
		v.Decision.Yard = uint16(i % 7 % int(v.Decision.N+1))
		v.Rand = a
		c1 := p.Choose(&v)
		c2 := p.ChooseCount(DecidePlay, int(v.Decision.N), int(v.Decision.Yard), b)
		if c1 != c2 {
			t.Fatalf("draw %d: Choose %d, ChooseCount %d", i, c1, c2)
		}
	}
}

// TestGeometryCache: at every phase-2 decision of random games, the cached seats near
// the active player and in his reach are those Distance and Reach find.
func TestGeometryCache(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		tb := randomTable(t, DefaultRules(n))
		checked := 0
		tb.OnDecision = func(d *Decision, _ int) {
			if d.Kind != DecidePlay {
				return
			}
			g := &tb.State
			a := d.Seat
			var near, reach uint8
			for s := int8(0); s < int8(g.Players); s++ {
				if s == a || !g.alive(s) {
					continue
				}
				if g.Distance(a, s) <= 1 {
					near |= 1 << uint(s)
				}
				if g.Distance(a, s) <= g.Reach(a) {
					reach |= 1 << uint(s)
				}
			}
			if gn, gr := g.geometry(a); gn != near || gr != reach {
				t.Fatalf("p%d seat %d: geometry near %07b reach %07b, distances say %07b %07b", n, a, gn, gr, near, reach)
			}
			checked++
		}
		for i := uint64(0); i < 300; i++ {
			tb.Play(seed.ForGame(14, i))
		}
		if checked < 1000 {
			t.Fatalf("p%d: only %d phase-2 decisions checked", n, checked)
		}
	}
}

// TestShuffleUnchanged: the engine's shuffle (two bounded draws from each 64-bit output,
// the loop unrolled) gives the permutations of the one-swap-at-a-time loop it replaced,
// kept here verbatim, and leaves the stream where it left it.
func TestShuffleUnchanged(t *testing.T) {
	g := new(State)
	var want [NumCards]CardID
	for i := uint64(0); i < 5000; i++ {
		n := 1 + int(i%NumCards)
		g.rng.Seed(i, i*7+1)
		ref := rand.NewPCG(i, i*7+1)
		for c := range NumCards {
			g.deck[c], want[c] = CardID(c), CardID(c)
		}
		g.shuffle(n)
		refShuffle(ref, want[:n])
		if [NumCards]CardID(g.deck[:NumCards]) != want {
			t.Fatalf("seed %d, %d cards: %v, want %v", i, n, g.deck[:n], want[:n])
		}
		if g.rng.Uint64() != ref.Uint64() {
			t.Fatalf("seed %d, %d cards: the stream moved on differently", i, n)
		}
	}
	// The rejection band (about one draw in 2^32/n): a low product draws afresh.
	for _, b := range []uint32{3, 5, 7, 80} {
		for _, lo := range []uint32{0, 1, -b % b / 2, -b%b - 1, -b % b, b - 1} {
			g.rng.Seed(9, 9)
			ref := rand.NewPCG(9, 9)
			m := uint64(5)<<32 | uint64(lo)
			got := g.swapDraw(m, b)
			want := int(m >> 32)
			if lo < b && lo < -b%b {
				want = int(fastrand.UintN(ref, uint64(b)))
			}
			if got != want {
				t.Fatalf("b %d, low %d: %d, want %d", b, lo, got, want)
			}
		}
	}
}

// swapDraw is one of shuffle's bounded draws from the product m = h·b, as shuffle makes it.
func (g *State) swapDraw(m uint64, b uint32) int {
	j := int(m >> 32)
	if uint32(m) < b {
		j = g.reject32(m, b)
	}
	return j
}

// refShuffle is the engine's shuffle before its loop was unrolled, verbatim but for
// shuffling d with r.
func refShuffle(r *rand.PCG, d []CardID) {
	n := len(d)
	i := n - 1
	for i > 0 {
		x := r.Uint64()
		for h := 0; h < 2 && i > 0; h++ {
			b := uint32(i + 1)
			m := uint64(uint32(x>>(32*h))) * uint64(b)
			j := int(m >> 32)
			if uint32(m) < b && uint32(m) < -b%b { // the rejection band: draw afresh
				j = int(fastrand.UintN(r, uint64(b)))
			}
			d[i], d[j] = d[j], d[i]
			i--
		}
	}
}

// TestNextAlive: the bitmask search for the next living seat clockwise finds what the
// seat-by-seat search it replaced found, for every table size, set of living seats and
// starting seat.
func TestNextAlive(t *testing.T) {
	ref := func(g *State, s int8) int8 { // the loop nextAlive was, verbatim
		n := int8(g.Players)
		for i := int8(1); i <= n; i++ {
			t := (s + i) % n
			if g.alive(t) {
				return t
			}
		}
		return s
	}
	var g State
	for n := MinPlayers; n <= MaxPlayers; n++ {
		g.Players = uint8(n)
		for alive := 0; alive < 1<<n; alive++ {
			g.Alive = uint8(alive)
			for s := int8(0); s < int8(n); s++ {
				if got, want := g.nextAlive(s), ref(&g, s); got != want {
					t.Fatalf("%d players, alive %07b, from %d: %d, want %d", n, alive, s, got, want)
				}
			}
		}
	}
}
