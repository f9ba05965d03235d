package dicebots

import (
	"math/bits"
	"math/rand/v2"
	"strconv"

	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy"
	"github.com/bangsim/bangsim/strategy/halving"
)

// Search is a determinized Monte Carlo player. At a decision with more than one legal
// choice (with All unset, only at rerolls and targets; the rest it leaves to the
// heuristic) it
//
//  1. lists the candidates: every legal choice, except that for a reroll, dice showing the
//     same face are interchangeable, so a candidate is how many dice of each face to
//     reroll (at most 32, often far fewer);
//  2. draws samples: each copies the game as its player knows it (View.Determinize,
//     which hides the roles it may not see and reseeds the dice), deals the hidden roles
//     at random among the roles not accounted for (State.DealHidden), and plays that same
//     sample to the end after every surviving candidate, with the heuristic at every
//     seat (dice.Table.Finish: the rest of the turn on the state machine, then the
//     straight-line driver). The candidates share roles and dice streams (common random
//     numbers), so their difference is measured on like terms;
//  3. spends Rollouts playouts per candidate on average by successive halving (the
//     race of strategy/halving, which both games' search bots run): in each
//     of ⌈log₂ candidates⌉ rounds every surviving candidate plays its share of fresh
//     samples, then the half with fewer wins is dropped, except the heuristic's own
//     choice, which stays to the end as the yardstick;
//  4. picks the surviving candidate whose own seat (its side) won most often, but keeps
//     the heuristic's choice unless the other beats it by more than Z standard errors of
//     their paired difference over the samples both played.
//
// Its random numbers come from View.Rand, so a game is reproducible from its seed. It
// never reads the live game except through View.Determinize. An instance holds its
// scratch games and must not be shared between goroutines; it does not allocate per
// decision.
type Search struct {
	Rollouts int     // playouts per candidate per decision, on average
	All      bool    // search every decision; false: only rerolls and targets
	Z        float64 // standard errors by which a candidate must beat the heuristic's choice

	heur Heuristic
	root dice.State  // the current sample, before a candidate is played
	sim  *dice.Table // plays a candidate out: the heuristic at every seat
	rng  rand.PCG    // deals the hidden roles

	n    int
	cand [32]int
	race halving.Race
}

// Search's defaults: a 5-player game with one search seat takes about 40 ms on one
// core (docs/policies.md).
const (
	defaultRollouts = 100
	defaultZ10      = 10 // Z in tenths
)

// NewSearch returns a search player with the given effort.
func NewSearch(rollouts int, all bool, z float64) *Search {
	s := &Search{Rollouts: max(rollouts, 1), All: all, Z: z}
	s.playoutTable()
	return s
}

// playoutTable returns the table the playouts run on, made on first use so that a
// Search built without NewSearch works too: every seat plays the heuristic, and the
// rules come with each sample's State.
func (s *Search) playoutTable() *dice.Table {
	if s.sim == nil {
		s.sim = &dice.Table{ByRole: [dice.NumRoles]dice.Policy{s.heur, s.heur, s.heur, s.heur}}
	}
	return s.sim
}

func registerSearch() {
	params := []Param{
		{Name: "rollouts", Default: strconv.Itoa(defaultRollouts), Min: 1, Max: 10000, Description: "effort: playouts to the end of the game per candidate choice and decision, on average (successive halving)"},
		{Name: "all", Kind: ParamBool, Default: "true", Max: 1, Description: "search every decision with more than one choice; false: only rerolls and targets (the rest as heuristic)"},
		{Name: "z10", Default: strconv.Itoa(defaultZ10), Max: 100, Description: "tenths of a standard error by which a choice must beat the heuristic's own in the paired playouts (0: plain arg-max)"},
	}
	Register(Entry{
		Name:        "search",
		Description: "determinized Monte Carlo: samples hidden roles consistent with what it has seen, plays every candidate choice to the end with heuristic players, keeps the one that wins most (slow)",
		Params:      params,
		Slow:        true,
		Needs:       strategy.Lookahead,
		New:         func() dice.Policy { return NewSearch(defaultRollouts, true, defaultZ10/10.0) },
		Build: func(a []int) func() dice.Policy {
			return func() dice.Policy { return NewSearch(a[0], a[1] != 0, float64(a[2])/10) }
		},
	})
}

// Lookahead implements dice.LookaheadPolicy: it copies the game (View.Determinize) and
// plays the copy on, so its games must run on the state machine.
func (s *Search) Lookahead() bool { return true }

// Choose implements dice.Policy.
func (s *Search) Choose(v *dice.View) int {
	d := &v.Decision
	hc := s.heur.Choose(v)
	if d.Count() <= 1 || !s.All && d.Kind != dice.DecideReroll && d.Kind != dice.DecideTarget {
		return hc
	}
	s.candidates(v)
	if s.n <= 1 {
		return hc
	}
	h := s.index(v, hc)
	best := s.race.Run(s.n, h, s.Rollouts, s.Z, func(alive uint64) uint64 { return s.sample(v, alive) })
	if best == h {
		return hc
	}
	return s.cand[best]
}

// sample draws one determinization and plays it out after every candidate in alive,
// scoring wins and the paired differences with candidate h.
func (s *Search) sample(v *dice.View, alive uint64) uint64 {
	s1, s2 := v.Rand.Uint64(), v.Rand.Uint64()
	v.Determinize(&s.root, s1, s2)
	s.rng.Seed(s2, s1^0x9e3779b97f4a7c15)
	s.root.DealHidden(&s.rng)
	sim := s.playoutTable()
	self := uint(v.Self)
	var won uint64
	for m := alive; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		sim.State = s.root
		sim.State.Apply(s.cand[i])
		// Every candidate's playout gets the same policy stream (the heuristic draws
		// none; a policy that did would play on common random numbers).
		if g := sim.Finish(s1^0x632be59bd9b4e019, s2); g.Winners>>self&1 == 1 {
			won |= 1 << uint(i)
		}
	}
	return won
}

// candidates lists the choices worth playing out.
func (s *Search) candidates(v *dice.View) {
	d := &v.Decision
	s.n = 0
	if d.Kind != dice.DecideReroll {
		for o := d.Options; o != 0; o &= o - 1 {
			s.cand[s.n] = bits.TrailingZeros32(o)
			s.n++
		}
		return
	}
	// One candidate per multiset of faces to reroll: for each face, reroll the lowest k
	// of its rerollable dice, k = 0..count.
	opts := uint8(d.Options)
	var fm [dice.NumFaces]uint8
	for i, f := range v.Dice {
		if opts>>uint(i)&1 == 1 {
			fm[f] |= 1 << uint(i)
		}
	}
	s.cand[0] = 0
	s.n = 1
	for f := range fm {
		m := fm[f]
		if m == 0 {
			continue
		}
		n := s.n
		var pre uint8
		for ; m != 0; m &= m - 1 {
			pre |= m & -m
			for i := 0; i < n; i++ {
				s.cand[s.n] = s.cand[i] | int(pre)
				s.n++
			}
		}
	}
}

// index returns the candidate equivalent to choice c.
func (s *Search) index(v *dice.View, c int) int {
	if v.Decision.Kind == dice.DecideReroll {
		// The canonical mask of c: the same number of dice of each face, lowest first.
		var canon uint8
		var fm [dice.NumFaces]uint8
		for i, f := range v.Dice {
			if v.Decision.Options>>uint(i)&1 == 1 {
				fm[f] |= 1 << uint(i)
			}
		}
		for f := range fm {
			canon |= lowestN(fm[f], bits.OnesCount8(fm[f]&uint8(c)))
		}
		c = int(canon)
	}
	for i := 0; i < s.n; i++ {
		if s.cand[i] == c {
			return i
		}
	}
	return 0
}
