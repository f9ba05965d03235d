package dicebots_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// searchLegal counts a policy's decisions by kind and the illegal ones.
type searchLegal struct {
	p       dice.Policy
	byKind  [dice.NumKinds]int
	illegal int
	first   string
}

func (c *searchLegal) Choose(v *dice.View) int {
	x := c.p.Choose(v)
	d := &v.Decision
	c.byKind[d.Kind]++
	if !d.Legal(x) || x >= 32 || d.Kind == dice.DecideReroll && x >= 1<<dice.NumDice {
		c.illegal++
		if c.first == "" {
			c.first = fmt.Sprintf("%s options %#b: chose %d", d.Kind, d.Options, x)
		}
	}
	return x
}

// TestSearchLegal: search (at every seat, with a small effort) makes only legal choices
// at 3 to 8 players, under the rulebook and under rule options, and every kind of
// decision comes up (it searches them all).
func TestSearchLegal(t *testing.T) {
	t.Parallel()
	c := &searchLegal{p: mustLookup(t, "search(rollouts=2)").New()}
	games := 0
	for n := dice.MinPlayers; n <= dice.MaxPlayers; n++ {
		rs := []dice.Rules{dice.DefaultRules(n), dice.DefaultRules(n), dice.DefaultRules(n)}
		rs[1].Arrows, rs[1].Rerolls, rs[1].GatlingThreshold, rs[1].DynamiteThreshold = 5, 4, 2, 2
		rs[1].ResolveAfterDeath, rs[1].DistanceEitherWay = true, true
		// Characters whose abilities ask questions, at every seat.
		cs := []dice.Character{dice.SlabTheKiller, dice.KitCarlson, dice.BartCassidy, dice.PedroRamirez,
			dice.SidKetchum, dice.CalamityJanet, dice.BlackJack, dice.SlabTheKiller}
		rs[2].Deal = dice.DealSeats
		if err := rs[2].SetPool(cs[:n]); err != nil {
			t.Fatal(err)
		}
		for k, r := range rs {
			tb, err := dice.NewTable(r, [dice.NumRoles]dice.Policy{c, c, c, c})
			if err != nil {
				t.Fatal(err)
			}
			for i := range uint64(3) {
				g := tb.Play(seed.ForGame(uint64(30+10*n+k), i))
				games++
				if !g.Over || g.Illegal != 0 {
					t.Errorf("%d players, rules %d, game %d: over %v, State.Illegal %d", n, k, i, g.Over, g.Illegal)
				}
			}
		}
	}
	if c.illegal != 0 {
		t.Errorf("%d illegal choices in %d games; first: %s", c.illegal, games, c.first)
	}
	for k := dice.DecideReroll; k < dice.NumKinds; k++ {
		if c.byKind[k] == 0 {
			t.Errorf("no %s decision came up in %d games", k, games)
		}
	}
	t.Logf("%d games, decisions by kind %v", games, c.byKind[1:])
}

// TestSearchBlindToHiddenRoles: search's choice cannot depend on the roles it may not
// see. At decisions across many games, the same View is filled from the real game and
// from a copy whose hidden roles are shuffled; with the same random stream search must
// choose the same and draw the same numbers. (Its only way to the game is
// View.Determinize, which hides those roles.)
func TestSearchBlindToHiddenRoles(t *testing.T) {
	t.Parallel()
	s := mustLookup(t, "search(rollouts=3)").New()
	checked := 0
	for _, n := range []int{4, 5, 6, 8} {
		r := dice.DefaultRules(n)
		for i := range uint64(8) {
			s1, s2, _, _ := seed.Streams(seed.ForGame(40, i))
			var g dice.State
			g.Reset(&r, s1, s2)
			var v dice.View
			v.Rand = rand.NewPCG(i, 2)
			h := dicebots.Heuristic{}
			for step := 0; g.Pending().Kind != dice.DecideNone; step++ {
				g.FillView(&v)
				if step%3 == 0 && g.Pending().Count() > 1 {
					if twin, ok := shuffledHidden(&g, &v, i+uint64(step)); ok {
						var v1, v2 dice.View
						g.FillView(&v1)
						twin.FillView(&v2)
						r1, r2 := rand.NewPCG(uint64(step), 9), rand.NewPCG(uint64(step), 9)
						v1.Rand, v2.Rand = r1, r2
						if !reflect.DeepEqual(v1.Public, v2.Public) {
							t.Fatal("the twin's public view differs")
						}
						c1, c2 := s.Choose(&v1), s.Choose(&v2)
						if c1 != c2 || *r1 != *r2 {
							t.Fatalf("%d players game %d step %d (%s): choice %d with the true roles, %d with shuffled hidden roles",
								n, i, step, g.Pending().Kind, c1, c2)
						}
						checked++
					}
				}
				g.Apply(h.Choose(&v))
			}
		}
	}
	if checked < 50 {
		t.Fatalf("only %d decisions checked", checked)
	}
}

// shuffledHidden returns a copy of g in which two seats whose roles v's player cannot see
// and that hold different roles have swapped them.
func shuffledHidden(g *dice.State, v *dice.View, salt uint64) (*dice.State, bool) {
	var hidden []int
	for s := 0; s < int(g.Players); s++ {
		if int8(s) != v.Self && v.Revealed[s] == dice.RoleUnknown {
			hidden = append(hidden, s)
		}
	}
	for k := range hidden {
		a := hidden[(k+int(salt))%len(hidden)]
		for _, b := range hidden {
			if g.Role[a] != g.Role[b] {
				twin := *g
				twin.Role[a], twin.Role[b] = twin.Role[b], twin.Role[a]
				return &twin, true
			}
		}
	}
	return nil, false
}

// TestSearchNoAllocs: a search decision allocates nothing.
func TestSearchNoAllocs(t *testing.T) {
	r := dice.DefaultRules(5)
	var g dice.State
	g.Reset(&r, 1, 2)
	var v dice.View
	v.Rand = rand.NewPCG(3, 4)
	g.FillView(&v)
	s := mustLookup(t, "search(rollouts=2)").New()
	if a := testing.AllocsPerRun(20, func() { s.Choose(&v) }); a != 0 {
		t.Errorf("%.1f allocations per decision", a)
	}
}

// TestSearchDeterministic: a game with a search seat is the same game on a replay and
// after other games (the instance's scratch space carries nothing over).
func TestSearchDeterministic(t *testing.T) {
	t.Parallel()
	s := mustLookup(t, "search(rollouts=2)").New()
	h := dicebots.Heuristic{}
	tb, err := dice.NewTable(dice.DefaultRules(5), [dice.NumRoles]dice.Policy{s, h, h, h})
	if err != nil {
		t.Fatal(err)
	}
	first := *tb.Play(seed.ForGame(50, 1))
	tb.Play(seed.ForGame(50, 2))
	if again := *tb.Play(seed.ForGame(50, 1)); !reflect.DeepEqual(first, again) {
		t.Error("replaying a game with a search seat gave a different game")
	}
}
