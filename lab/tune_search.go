package lab

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/optimize"
)

// cmaesStep is CMA-ES's initial step size on the unit scale of every parameter's
// range: a third of the range, so the first generations reach across it.
const cmaesStep = 0.3

// The n-tuple bandit's settings: neighbours proposed per iteration, and the weight of
// the exploration term of its upper confidence bound (in win-probability units: a few
// points, the size of the gains it looks for).
const (
	ntbeaNeighbours = 50
	ntbeaExplore    = 0.05
)

// method says in tune.json how the space is searched.
func (s tuneSpace) method() string {
	var parts []string
	if n := len(s.numeric); n > 0 {
		parts = append(parts, fmt.Sprintf("CMA-ES (gonum optimize.CmaEsChol, step %g of each range, values rounded) over %d integer parameter%s", cmaesStep, n, plural(n)))
	}
	if n := len(s.boolean); n > 0 {
		parts = append(parts, fmt.Sprintf("an n-tuple bandit (NTBEA: 1-, 2- and %d-tuples, %d neighbours, UCB weight %g) over %d boolean parameter%s", n, ntbeaNeighbours, ntbeaExplore, n, plural(n)))
	}
	return strings.Join(parts, ", then ")
}

// plural returns "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// rng returns the search's random numbers: a PCG from the run seed and a salt, so the
// same seed asks for the same candidates (and --resume finds them recorded).
func (t *tuner) rng(salt uint64) *rand.PCG {
	return rand.NewPCG(t.spec.Seed, 0x7475_6e65_0000_0000|salt)
}

// cmaes minimises minus the gain over the numeric parameters from the best values so
// far, the boolean ones held there, for at most budget evaluations; it returns why it
// stopped.
func (t *tuner) cmaes(budget int) (string, error) {
	dims := t.space.numeric
	base := slices.Clone(t.best)
	x0 := make([]float64, len(dims))
	for j, i := range dims {
		x0[j] = t.space.unit(i, base[i])
	}
	var evalErr error
	limit := len(t.rec.Evaluations) + budget
	f := func(x []float64) float64 {
		if evalErr != nil {
			return math.Inf(1)
		}
		if len(t.rec.Evaluations) >= limit {
			evalErr = errBudget
			return math.Inf(1)
		}
		vals := slices.Clone(base)
		for j, i := range dims {
			vals[i] = t.space.fromUnit(i, x[j])
		}
		e, err := t.evaluate(vals, true)
		if err != nil {
			evalErr = err
			return math.Inf(1)
		}
		return -e.Gain
	}
	method := &optimize.CmaEsChol{InitStepSize: cmaesStep, Src: t.rng(1)}
	settings := &optimize.Settings{Converger: stopOn{&evalErr}, Concurrent: 1}
	res, err := optimize.Minimize(optimize.Problem{Func: f}, x0, settings, method)
	switch {
	case evalErr != nil:
		return "budget spent", evalErr
	case err != nil:
		return "CMA-ES stopped: " + err.Error(), nil
	}
	return "CMA-ES converged (" + res.Status.String() + ")", nil
}

// stopOn is a Converger that ends the optimisation once *err is set (the budget spent
// or an interruption); CMA-ES's own test of a collapsed distribution still applies.
type stopOn struct{ err *error }

func (s stopOn) Init(int) {}

func (s stopOn) Converged(*optimize.Location) optimize.Status {
	if *s.err != nil {
		return optimize.FunctionEvaluationLimit
	}
	return optimize.NotTerminated
}

// tupleStat is one tuple's evaluations: how many, and the sum of their gains.
type tupleStat struct {
	n   int
	sum float64
}

// ntbea is the n-tuple bandit evolutionary algorithm (Lucas, Liu and Perez-Liebana,
// 2018) over the boolean parameters, the numeric ones held at the best so far: each
// iteration mutates the current point into neighbours, picks the one whose tuples
// (each parameter alone, each pair, all together) promise most by an upper
// confidence bound, evaluates it and makes it current. The recommendation is the best
// evaluated point: every candidate plays the same seeds, so their gains compare
// directly and evaluating a point again would tell nothing new.
func (t *tuner) ntbea(budget int) error {
	dims := t.space.boolean
	base := slices.Clone(t.best)
	d := len(dims)
	r := rand.New(t.rng(2))
	var tuples [][]int
	for i := range d {
		tuples = append(tuples, []int{i})
	}
	for i := range d {
		for j := i + 1; j < d; j++ {
			tuples = append(tuples, []int{i, j})
		}
	}
	if d > 2 {
		all := make([]int, d)
		for i := range all {
			all[i] = i
		}
		tuples = append(tuples, all)
	}
	stats := make([]map[string]*tupleStat, len(tuples))
	for k := range stats {
		stats[k] = map[string]*tupleStat{}
	}
	key := func(tp []int, bits []int) string {
		var b strings.Builder
		for _, i := range tp {
			b.WriteString(strconv.Itoa(bits[i]))
		}
		return b.String()
	}
	evals := 0
	ucb := func(bits []int) float64 {
		var v float64
		for k, tp := range tuples {
			st := stats[k][key(tp, bits)]
			if st == nil || st.n == 0 {
				v += 1 // an untried tuple value: explore it first
				continue
			}
			v += st.sum/float64(st.n) + ntbeaExplore*math.Sqrt(math.Log(float64(evals+1))/float64(st.n))
		}
		return v / float64(len(tuples))
	}
	valsOf := func(bits []int) []int {
		vals := slices.Clone(base)
		for j, i := range dims {
			vals[i] = bits[j]
		}
		return vals
	}
	cur := make([]int, d)
	for j, i := range dims {
		cur[j] = base[i]
	}
	tried := map[string]bool{key(seq(d), cur): true}
	record := func(bits []int, gain float64) {
		evals++
		for k, tp := range tuples {
			kk := key(tp, bits)
			st := stats[k][kk]
			if st == nil {
				st = &tupleStat{}
				stats[k][kk] = st
			}
			st.n++
			st.sum += gain
		}
	}
	record(cur, 0) // the start, whose gain is 0 by definition
	for range budget {
		var pick []int
		bestU := math.Inf(-1)
		for range ntbeaNeighbours {
			nb := slices.Clone(cur)
			flipped := false
			for j := range nb {
				if r.IntN(d) == 0 {
					nb[j], flipped = 1-nb[j], true
				}
			}
			if !flipped {
				j := r.IntN(d)
				nb[j] = 1 - nb[j]
			}
			u := ucb(nb)
			if tried[key(seq(d), nb)] {
				u -= 2 // prefer a point not yet evaluated
			}
			if u > bestU {
				pick, bestU = nb, u
			}
		}
		e, err := t.evaluate(valsOf(pick), true)
		if err != nil {
			return err
		}
		tried[key(seq(d), pick)] = true
		record(pick, e.Gain)
		cur = pick
	}
	return nil
}

// seq returns 0..n-1.
func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
