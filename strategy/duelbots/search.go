package duelbots

import (
	"math/bits"
	"strconv"

	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy"
	"github.com/bangsim/bangsim/strategy/halving"
)

// Search is the long duel's determinized Monte Carlo player, the card game's search
// (strategy/cardbots) on the duel's layout of the engine. At a phase-2 decision with
// more than one option (with All set, at every decision with more than one; otherwise
// the heuristic answers, swaps, passes, discards and picks) it lists every legal option
// as a candidate (at most halving.Max), draws worlds the seat cannot tell from the duel
// (card.DuelDeterminizer: the opponent's hand and the deck dealt from the unseen cards,
// the opponent's reinforcements still to come in a random order, a fresh engine
// stream), plays each world to the end after every surviving candidate with the
// heuristic at both seats (card.LongDuel.Finish) on common random numbers, spends
// Rollouts playouts per candidate on average by successive halving (strategy/halving),
// and keeps the heuristic's own choice unless another beats it by more than Z standard
// errors of their paired difference. Its random numbers come from View.Rand, so a duel
// is reproducible from its seed; it reads the duel only through the determinizer. An
// instance must not be shared between goroutines; it allocates nothing per decision.
type Search struct {
	Rollouts int
	All      bool
	Z        float64

	heur Heuristic
	det  card.DuelDeterminizer
	root card.State
	sim  *card.LongDuel // plays a candidate out: the heuristic at both seats
	n    int
	race halving.Race
}

// The duel search's defaults: a duel is about three times a 5-player game's decisions
// at each seat, so the budget per decision is half the card game's (docs/policies.md).
const (
	defaultSearchRollouts = 50
	defaultSearchZ10      = 10
)

// NewSearch returns a duel search player with the given effort.
func NewSearch(rollouts int, all bool, z float64) *Search {
	h := &Heuristic{}
	return &Search{Rollouts: max(rollouts, 1), All: all, Z: z,
		sim: card.NewLongDuel([2]card.Policy{h, h}, [2]card.DraftPolicy{card.RandomDraft{}, card.RandomDraft{}})}
}

func searchEntry() PlayEntry {
	return PlayEntry{
		Name:        "search",
		Description: "determinized Monte Carlo: deals worlds consistent with what it knows (the opponent's hand, the deck, the order of its reinforcements), plays every phase-2 option to the end with heuristic players, keeps the one it wins most with (slow)",
		Params: []strategy.Param{
			{Name: "rollouts", Default: strconv.Itoa(defaultSearchRollouts), Min: 1, Max: 10000, Description: "effort: playouts to the end of the duel per candidate option and decision, on average (successive halving)"},
			{Name: "all", Kind: strategy.ParamBool, Default: "false", Max: 1, Description: "search every decision with more than one option; false: only phase 2's plays and targets"},
			{Name: "z10", Default: strconv.Itoa(defaultSearchZ10), Max: 100, Description: "tenths of a standard error by which an option must beat the heuristic's own in the paired playouts (0: plain arg-max)"},
		},
		Slow:  true,
		Needs: strategy.Lookahead,
		New:   func() card.Policy { return NewSearch(defaultSearchRollouts, false, defaultSearchZ10/10.0) },
		Build: func(a []int) func() card.Policy {
			return func() card.Policy { return NewSearch(a[0], a[1] != 0, float64(a[2])/10) }
		},
	}
}

// Lookahead implements card.LookaheadPolicy: it copies the duel and plays the copy on.
func (s *Search) Lookahead() bool { return true }

// Choose implements card.Policy.
func (s *Search) Choose(v *card.View) int { return s.ChooseDuel(v, nil) }

// ChooseDuel implements card.DuelPolicy.
func (s *Search) ChooseDuel(v *card.View, _ *card.DuelInfo) int {
	d := &v.Decision
	hc := s.heur.ChooseDuel(v, nil)
	if d.N <= 1 || int(d.N) > halving.Max || uint(hc) >= uint(d.N) || !s.All && d.Kind != card.DecidePlay {
		return hc
	}
	s.n = int(d.N)
	s.det.Prepare(v)
	return s.race.Run(s.n, hc, s.Rollouts, s.Z, func(alive uint64) uint64 { return s.sample(v, alive) })
}

// sample deals one world and plays it out after every candidate in alive: the mask of
// those after which the seat won.
func (s *Search) sample(v *card.View, alive uint64) uint64 {
	s1, s2 := v.Rand.Uint64(), v.Rand.Uint64()
	s.det.Deal(&s.root, s1, s2)
	self := v.Self
	var won uint64
	for m := alive; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		g := &s.sim.State
		*g = s.root
		g.Apply(i)
		s.sim.Finish(s1^0x632be59bd9b4e019, s2) // the same streams for every candidate
		if g.Info.Winner == self {
			won |= 1 << uint(i)
		}
	}
	return won
}
