package cardbots

import (
	"math/bits"
	"strconv"

	"github.com/bangsim/bangsim/sim/card"
	"github.com/bangsim/bangsim/strategy"
	"github.com/bangsim/bangsim/strategy/halving"
)

// Search is the card game's determinized Monte Carlo player (information-set sampling,
// docs/policies.md says why not ISMCTS). At a phase-2 decision with more than one option
// (with All set, at every decision with more than one; otherwise answers, discards,
// draws and picks are the heuristic's) it
//
//  1. lists the candidates: every legal option (a card with its target is one option),
//     at most maxCandidates (past them, the heuristic decides);
//  2. draws samples: each is a world the seat cannot tell from the game
//     (card.Determinizer: the hidden roles dealt by the public record's weights, the
//     unseen cards dealt to the other hands by their sizes and to the deck, a fresh
//     engine stream), and plays that same world to the end after every surviving
//     candidate with the heuristic at every seat (card.Table.Finish). The candidates
//     share the world and the streams (common random numbers), so their difference is
//     measured on like terms;
//  3. spends Rollouts playouts per candidate on average by successive halving (the
//     race of strategy/halving, which both games' search bots run): in each
//     of ⌈log₂ candidates⌉ rounds every surviving candidate plays its share of fresh
//     worlds, then the half whose side won less is dropped, except the heuristic's own
//     choice, the yardstick;
//  4. picks the surviving candidate whose seat's side won most often (Outcome.Winners:
//     dead teammates win too), but keeps the heuristic's choice unless the other beats
//     it by more than Z standard errors of their paired difference.
//
// Its random numbers come from View.Rand, so a game is reproducible from its seed; it
// reads the game only through the Determinizer. An instance holds its scratch games
// and must not be shared between goroutines; after its first decision at a table size
// it allocates nothing.
type Search struct {
	Rollouts int     // playouts per candidate per decision, on average
	All      bool    // search every decision; false: only phase 2 (the plays and their targets)
	Z        float64 // standard errors by which a candidate must beat the heuristic's choice

	heur  Heuristic
	det   card.Determinizer
	root  card.State  // the current world, before a candidate is played
	sim   *card.Table // plays a candidate out: the heuristic at every seat
	rules card.Rules  // sim's rules

	n    int
	race halving.Race
}

// maxCandidates bounds the options a decision is searched over (a uint64 mask of
// survivors); a phase 2 with more (a hand full of BANG!s at seven players, say) is the
// heuristic's.
const maxCandidates = halving.Max

// Search's defaults (docs/policies.md: a 5-player game with one search seat takes
// about a tenth of a second on one core, BenchmarkCardSearch).
const (
	defaultSearchRollouts = 100
	defaultSearchZ10      = 10 // Z in tenths
)

// NewSearch returns a search player with the given effort.
func NewSearch(rollouts int, all bool, z float64) *Search {
	return &Search{Rollouts: max(rollouts, 1), All: all, Z: z}
}

func searchEntry() Entry {
	return Entry{
		Name:        "search",
		Description: "determinized Monte Carlo: deals worlds consistent with what it knows (hidden roles weighed by the public record), plays every phase-2 option to the end with heuristic players, keeps the one its side wins most with (slow)",
		Params: []strategy.Param{
			{Name: "rollouts", Default: strconv.Itoa(defaultSearchRollouts), Min: 1, Max: 10000, Description: "effort: playouts to the end of the game per candidate option and decision, on average (successive halving)"},
			{Name: "all", Kind: strategy.ParamBool, Default: "false", Max: 1, Description: "search every decision with more than one option; false: only phase 2's plays and targets (answers, discards, draws and picks as heuristic)"},
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

// Lookahead implements card.LookaheadPolicy: it copies the game and plays the copy on.
func (s *Search) Lookahead() bool { return true }

// Choose implements card.Policy.
func (s *Search) Choose(v *card.View) int {
	d := &v.Decision
	hc := s.heur.Choose(v)
	if d.N <= 1 || d.N > maxCandidates || uint(hc) >= uint(d.N) || !s.All && d.Kind != card.DecidePlay {
		return hc
	}
	s.n = int(d.N)
	s.playoutTable(v)
	s.det.Prepare(v)
	return s.race.Run(s.n, hc, s.Rollouts, s.Z, func(alive uint64) uint64 { return s.sample(v, alive) })
}

// playoutTable readies the table the playouts run on for v's rules: every seat plays
// the heuristic (made at the first decision and again only when the rules change).
func (s *Search) playoutTable(v *card.View) {
	if s.sim != nil && s.rules == v.Rules {
		return
	}
	t, err := card.NewTableOf(v.Rules, func() card.Policy { return s.heur }, 0)
	if err != nil {
		panic("cardbots: search: " + err.Error()) // the game's own rules passed Validate
	}
	s.sim, s.rules = t, v.Rules
}

// sample deals one world and plays it out after every candidate in alive, scoring the
// wins of the seat's side and the paired differences with candidate h.
func (s *Search) sample(v *card.View, alive uint64) uint64 {
	s1, s2 := v.Rand.Uint64(), v.Rand.Uint64()
	s.det.Deal(&s.root, s1, s2)
	self := uint(v.Self)
	var won uint64
	for m := alive; m != 0; m &= m - 1 {
		i := bits.TrailingZeros64(m)
		g := &s.sim.State
		*g = s.root
		g.Apply(i)
		// Every candidate's playout gets the same policy streams (the heuristic draws
		// none; a policy that did would play on common random numbers).
		if out := s.sim.Finish(s1^0x632be59bd9b4e019, s2); out.Winners>>self&1 == 1 {
			won |= 1 << uint(i)
		}
	}
	return won
}
