package card

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
)

// midGames calls f at every decision of random games (4 to 7 players), the game
// waiting there.
func midGames(t *testing.T, games int, f func(g *State)) {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 11))
	var g State
	for i := 0; i < games; i++ {
		rules := DefaultRules(MinPlayers + i%(MaxPlayers-MinPlayers+1))
		g.Reset(&rules, uint64(i), 99)
		for d := g.Pending(); d.Kind != DecideNone; d = g.Pending() {
			f(&g)
			g.Apply(r.IntN(int(d.N)))
		}
	}
}

// scramble returns a copy of g that its deciding seat cannot tell from g: the hidden
// roles permuted among the hidden seats, the unseen cards dealt anew to the other hands
// and the deck, the engine stream reseeded.
func scramble(g *State, r *rand.Rand) *State {
	h := new(State)
	*h = *g
	self := g.dec.Seat
	var hid []int
	for s := 0; s < int(g.Players); s++ {
		if int8(s) != self && g.Revealed[s] == RoleUnknown {
			hid = append(hid, s)
		}
	}
	r.Shuffle(len(hid), func(i, j int) {
		h.Role[hid[i]], h.Role[hid[j]] = h.Role[hid[j]], h.Role[hid[i]]
	})
	var pool []CardID
	for s := 0; s < int(g.Players); s++ {
		if int8(s) != self {
			pool = h.Hand[s].Cards(pool)
			h.Hand[s] = Set{}
		}
	}
	pool = append(pool, g.deck[:g.DeckLen]...)
	r.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for s := 0; s < int(g.Players); s++ {
		if int8(s) != self {
			for k := 0; k < int(g.HandLen[s]); k++ {
				h.Hand[s].Add(pool[0])
				pool = pool[1:]
			}
		}
	}
	copy(h.deck[:], pool)
	h.rng.Seed(r.Uint64(), r.Uint64())
	return h
}

// TestDeterminizeReadsNothingHidden: two games the deciding seat cannot tell apart
// (hidden roles, other hands and deck order, engine stream all different) deal the
// same worlds, byte for byte.
func TestDeterminizeReadsNothingHidden(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	var v1, v2 View
	var d1, d2 Determinizer
	var w1, w2 State
	n, differ := 0, 0
	midGames(t, 40, func(g *State) {
		h := scramble(g, r)
		if h.Hand != g.Hand || h.Role != g.Role {
			differ++
		}
		g.FillView(&v1)
		h.FillView(&v2)
		d1.Prepare(&v1)
		d2.Prepare(&v2)
		for k := uint64(0); k < 2; k++ {
			d1.Deal(&w1, k, 17)
			d2.Deal(&w2, k, 17)
			if w1 != w2 {
				t.Fatalf("turn %d, seat %d, %v: the worlds differ with the hidden part of the game", g.Turns, g.dec.Seat, g.dec.Kind)
			}
		}
		n++
	})
	if differ < n/2 {
		t.Fatalf("only %d of %d scrambled games differ from the original: the test tests nothing", differ, n)
	}
}

// TestDeterminizeKeepsTheView: every world dealt shows its seat the same View as the
// game (board, record, hand, decision), holds the same cards in all, gives the roles of
// the rulebook's deck, keeps the known roles and resumes legally to an end.
func TestDeterminizeKeepsTheView(t *testing.T) {
	var v, vw View
	var d Determinizer
	var w State
	worlds, rolesMoved := 0, 0
	step := 0
	midGames(t, 30, func(g *State) {
		if step++; step%7 != 0 {
			return
		}
		g.FillView(&v)
		d.Prepare(&v)
		d.Deal(&w, uint64(step), 1)
		w.FillView(&vw)
		if vw.Board != v.Board || vw.Record != v.Record || vw.Hand != v.Hand || vw.Self != v.Self || vw.Role != v.Role ||
			vw.Decision.Kind != v.Decision.Kind || vw.Decision.N != v.Decision.N ||
			!slices.Equal(vw.Decision.Options[:vw.Decision.N], v.Decision.Options[:v.Decision.N]) {
			t.Fatalf("turn %d: the world's View differs from the game's", g.Turns)
		}
		var all, allw Set
		for s := 0; s < int(g.Players); s++ {
			all, allw = all.Or(g.Hand[s]), allw.Or(w.Hand[s])
			if w.Hand[s].Len() != int(g.HandLen[s]) {
				t.Fatalf("seat %d holds %d cards, its hand size says %d", s, w.Hand[s].Len(), g.HandLen[s])
			}
			if g.Revealed[s] != RoleUnknown && w.Role[s] != g.Role[s] {
				t.Fatalf("seat %d's revealed role changed", s)
			}
			if w.Role[s] != g.Role[s] {
				rolesMoved++
			}
		}
		for _, c := range g.deck[:g.DeckLen] {
			all.Add(c)
		}
		for _, c := range w.deck[:w.DeckLen] {
			allw.Add(c)
		}
		if all != allw {
			t.Fatal("the world's hands and deck hold other cards than the game's")
		}
		if bang.RoleCounts(int(g.Players)) != roleCountsOf(&w) {
			t.Fatalf("the world's roles %v are not the rulebook's", w.Role)
		}
		for k := w.Pending(); k.Kind != DecideNone; k = w.Pending() {
			w.Apply(0)
		}
		if w.Illegal != g.Illegal {
			t.Fatal("a world's playout counted an illegal choice")
		}
		worlds++
	})
	if worlds == 0 || rolesMoved == 0 {
		t.Fatalf("%d worlds, %d roles dealt differently: nothing tested", worlds, rolesMoved)
	}
}

func roleCountsOf(g *State) (c [bang.NumRoles]int) {
	for s := 0; s < int(g.Players); s++ {
		c[g.Role[s]]++
	}
	return c
}

// TestDeterminizeWeighsTheRecord: a hidden player who aimed at the Sheriff again and
// again is dealt the Outlaw more often than one who did not.
func TestDeterminizeWeighsTheRecord(t *testing.T) {
	rules := DefaultRules(5)
	var g State
	g.Reset(&rules, 1, 2)
	for g.Pending().Kind != DecideNone && g.dec.Seat != g.Sheriff {
		g.Apply(0)
	}
	if g.dec.Seat != g.Sheriff || g.Turns > 1 {
		t.Skip("no early decision of the Sheriff's in this game")
	}
	g.Aimed = [MaxSeats][MaxSeats]uint8{}
	g.Hits = [MaxSeats][MaxSeats]uint8{}
	shooter, quiet := (int(g.Sheriff)+1)%5, (int(g.Sheriff)+2)%5
	g.Aimed[shooter][g.Sheriff] = 3
	var v View
	g.FillView(&v)
	var d Determinizer
	d.Prepare(&v)
	var w State
	out := [2]int{}
	for k := uint64(0); k < 2000; k++ {
		d.Deal(&w, k, 3)
		if w.Role[shooter] == Outlaw {
			out[0]++
		}
		if w.Role[quiet] == Outlaw {
			out[1]++
		}
	}
	// Uniform: 2 Outlaws among 4 hidden seats, 1000 each.
	if out[0] < 1500 || out[1] > 1000 {
		t.Fatalf("Outlaw dealt to the shooter %d, to the quiet one %d times in 2000", out[0], out[1])
	}
}
