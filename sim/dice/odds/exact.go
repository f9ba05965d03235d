package odds

import (
	"fmt"
	"math/big"

	"github.com/bangsim/bangsim/sim/dice"
)

const (
	nf = int(dice.NumFaces)
	nd = dice.NumDice
)

type counts = [dice.NumFaces]int

// The multisets of 0 to nd dice, numbered by size then in generation order.
var (
	msets  []counts
	msize  []int
	mindex [46656]int16 // base-6 key of a multiset (see key) -> index in msets + 1
	full   []int        // indices of the multisets of nd dice: the states after a roll
	// outs[m] lists the outcomes of rolling m dice with their multinomial weights
	// (m!/prod c_f!); the weights of outs[m] sum to 6^m.
	outs [nd + 1][]outcome
	// step[K] lists, for the kept multiset K of size < nd, the target state K+o of each
	// outcome o of rolling the other nd-|K| dice, in the order of outs[nd-|K|].
	step [][]int
	// subs[s] lists the kept multisets K <= s for the full state s (s itself excluded).
	subs [][]int
	// pow6[i] is 6^i as a big.Int.
	pow6 [nd + 1]*big.Int
)

type outcome struct {
	idx    int   // index in msets
	weight int64 // multinomial coefficient
	arrow  bool  // shows at least one Arrow
}

func init() {
	var fact [nd + 1]int64
	fact[0] = 1
	for i := 1; i <= nd; i++ {
		fact[i] = fact[i-1] * int64(i)
	}
	for n := 0; n <= nd; n++ {
		var c counts
		var gen func(f, left int)
		gen = func(f, left int) {
			if f == nf-1 {
				c[f] = left
				i := len(msets)
				msets = append(msets, c)
				msize = append(msize, n)
				mindex[key(c)] = int16(i + 1)
				w := fact[n]
				for _, x := range c {
					w /= fact[x]
				}
				outs[n] = append(outs[n], outcome{idx: i, weight: w, arrow: c[dice.Arrow] > 0})
				if n == nd {
					full = append(full, i)
				}
				return
			}
			for x := left; x >= 0; x-- {
				c[f] = x
				gen(f+1, left-x)
			}
		}
		gen(0, n)
	}
	step = make([][]int, len(msets))
	subs = make([][]int, len(msets))
	for k, kc := range msets {
		if msize[k] == nd {
			continue
		}
		for _, o := range outs[nd-msize[k]] {
			var t counts
			for f := range t {
				t[f] = kc[f] + msets[o.idx][f]
			}
			step[k] = append(step[k], lookup(t))
		}
	}
	for _, s := range full {
		for k, kc := range msets {
			if msize[k] == nd {
				continue
			}
			sub := true
			for f := range kc {
				if kc[f] > msets[s][f] {
					sub = false
				}
			}
			if sub {
				subs[s] = append(subs[s], k)
			}
		}
	}
	for i := range pow6 {
		pow6[i] = new(big.Int).Exp(big.NewInt(6), big.NewInt(int64(i)), nil)
	}
}

// Exact returns the exact probability that a turn under setup s achieves obj when the
// rerolls follow p; a nil p plays the optimal policy (the one Solve returns). It fails
// on an invalid objective or setup, or when p asks for an illegal reroll.
func Exact(obj Objective, s Setup, p Policy) (*big.Rat, error) {
	v, _, err := run(obj, s, p, false)
	return v, err
}

// Plan is the optimal policy for one objective and setup: in every state it rerolls the
// dice that maximise the objective's probability, preferring, among equally good
// rerolls, to stop, then to reroll fewer dice. It is a Policy and can drive the engine.
type Plan struct {
	obj    Objective
	setup  Setup
	value  *big.Rat
	reroll [][]counts // [rerollsLeft][state index in msets]
}

// Solve computes the optimal policy for obj under s by backward induction.
func Solve(obj Objective, s Setup) (*Plan, error) {
	v, table, err := run(obj, s, nil, true)
	if err != nil {
		return nil, err
	}
	return &Plan{obj: obj, setup: s, value: v, reroll: table}, nil
}

// Value returns the probability that the plan achieves its objective (a copy).
func (p *Plan) Value() *big.Rat { return new(big.Rat).Set(p.value) }

// Objective returns the objective the plan maximises.
func (p *Plan) Objective() Objective { return p.obj }

// Setup returns the setup the plan was solved for.
func (p *Plan) Setup() Setup { return p.setup }

// Reroll returns the plan's reroll counts for the state; zero (stop) for a state the plan
// never decides in (rerollsLeft out of range, counts not summing to dice.NumDice).
func (p *Plan) Reroll(showing [dice.NumFaces]int, rerollsLeft int) [dice.NumFaces]int {
	i := lookup(showing)
	if i < 0 || msize[i] != nd || rerollsLeft < 1 || rerollsLeft >= len(p.reroll) {
		return counts{}
	}
	return p.reroll[rerollsLeft][i]
}

// run is the DP. At r rerolls left the value of state s is num[s] / 6^(5r): exact
// integers, since every roll of k dice has outcome weights over 6^k. The value of a kept
// multiset K (|K| = m) rerolled with r-1 rerolls then left is
// sum_o weight(o) * num_{r-1}[K+o] / (6^(5-m) * 6^(5(r-1))) = 6^m * sum / 6^(5r).
// The first roll is the kept empty multiset with R rerolls left after it.
func run(obj Objective, s Setup, p Policy, record bool) (*big.Rat, [][]counts, error) {
	if err := obj.Validate(); err != nil {
		return nil, nil, err
	}
	if err := s.Validate(); err != nil {
		return nil, nil, err
	}
	R := s.TotalRerolls()
	need, dynThr := s.GatlingNeed(), s.DynamiteThreshold
	noArrows := obj.Kind == NoArrows

	term := make([]bool, len(msets)) // the objective holds when rolling ends in this state
	for _, i := range full {
		c := msets[i]
		switch obj.Kind {
		case Gatling:
			term[i] = c[dice.Gatling] >= need
		case Dynamite:
			term[i] = c[dice.Dynamite] >= dynThr
		case BullsEyes:
			term[i] = c[dice.BullsEye1]+c[dice.BullsEye2] >= obj.K
		case Beers:
			term[i] = c[dice.Beer] >= obj.K
		case NoArrows:
			// An Arrow showing was rolled: the fresh-Arrow outcomes below already count
			// such paths as failures; this only keeps the terminal value honest.
			term[i] = c[dice.Arrow] == 0
		}
	}

	num := make([]*big.Int, len(msets))  // num_r of the full states
	kept := make([]*big.Int, len(msets)) // the kept-multiset values, over the next level
	for i := range num {
		num[i] = new(big.Int)
		kept[i] = new(big.Int)
	}
	for _, i := range full {
		if term[i] {
			num[i].SetInt64(1)
		}
	}
	var table [][]counts
	if record {
		table = make([][]counts, R+1)
	}
	tmp := new(big.Int)
	keptValue := func(k int) {
		acc := kept[k].SetInt64(0)
		for j, o := range outs[nd-msize[k]] {
			if noArrows && o.arrow {
				continue
			}
			tmp.SetInt64(o.weight)
			tmp.Mul(tmp, num[step[k][j]])
			acc.Add(acc, tmp)
		}
		acc.Mul(acc, pow6[msize[k]])
	}
	denom := big.NewInt(1) // 6^(5r)
	next := make([]*big.Int, len(msets))
	for i := range next {
		next[i] = new(big.Int)
	}
	for r := 1; r <= R; r++ {
		for k := range msets {
			if msize[k] < nd {
				keptValue(k)
			}
		}
		denom.Mul(denom, pow6[nd])
		if record {
			table[r] = make([]counts, len(msets))
		}
		for _, i := range full {
			c := msets[i]
			stop := next[i]
			locked := s.LockedAt(c[dice.Dynamite]) // the Dynamite showing may not be rerolled
			if term[i] {
				stop.Set(denom)
			} else {
				stop.SetInt64(0)
			}
			if c[dice.Dynamite] >= dynThr || (locked && c[dice.Dynamite] == nd) {
				continue // rolling is over: the Dynamite stop, or no die may be rerolled
			}
			if noArrows && c[dice.Arrow] > 0 {
				continue // an Arrow was rolled: lost whatever comes next
			}
			if p != nil {
				rr := p.Reroll(c, r)
				k, err := keptAfter(c, rr, locked)
				if err != nil {
					return nil, nil, fmt.Errorf("%w: in state %s with %d rerolls left: %v", ErrPolicy, showingString(c), r, err)
				}
				if k >= 0 {
					stop.Set(kept[k])
				}
				continue
			}
			best, bestRolled := -1, 0
			for _, k := range subs[i] {
				kc := msets[k]
				if locked && kc[dice.Dynamite] != c[dice.Dynamite] {
					continue
				}
				rolled := nd - msize[k]
				cmp := kept[k].Cmp(stop)
				if best < 0 {
					// Compare with stopping: only a strictly better reroll replaces it.
					if cmp > 0 {
						best, bestRolled = k, rolled
					}
					continue
				}
				if cmp = kept[k].Cmp(kept[best]); cmp > 0 || (cmp == 0 && rolled < bestRolled) {
					best, bestRolled = k, rolled
				}
			}
			if best >= 0 {
				stop.Set(kept[best])
				if record {
					var rr counts
					for f := range rr {
						rr[f] = c[f] - msets[best][f]
					}
					table[r][i] = rr
				}
			}
		}
		num, next = next, num
	}
	first := lookup(counts{})
	keptValue(first)
	denom.Mul(denom, pow6[nd])
	return new(big.Rat).SetFrac(kept[first], denom), table, nil
}

// keptAfter checks a policy's reroll counts in state c and returns the kept multiset's
// index, or -1 when the policy stops.
func keptAfter(c, rr counts, locked bool) (int, error) {
	var k counts
	n := 0
	for f := range rr {
		switch {
		case rr[f] < 0 || rr[f] > c[f]:
			return 0, fmt.Errorf("reroll %d %s of %d showing", rr[f], dice.Face(f), c[f])
		case locked && f == int(dice.Dynamite) && rr[f] > 0:
			return 0, fmt.Errorf("reroll %d Dynamite: Dynamite may not be rerolled (only Black Jack may)", rr[f])
		}
		k[f] = c[f] - rr[f]
		n += rr[f]
	}
	if n == 0 {
		return -1, nil
	}
	return lookup(k), nil
}

// key reads the counts as base-6 digits; -1 if a count is outside 0..nd.
func key(c counts) int {
	k := 0
	for f := nf - 1; f >= 0; f-- {
		if c[f] < 0 || c[f] > nd {
			return -1
		}
		k = k*6 + c[f]
	}
	return k
}

// lookup returns the index of c in msets, or -1 if c is not a multiset of 0 to nd dice.
func lookup(c counts) int {
	k := key(c)
	if k < 0 {
		return -1
	}
	return int(mindex[k]) - 1
}

// showingString renders counts as faces, e.g. "[DD12G]".
func showingString(c counts) string {
	b := make([]byte, 0, nd+2)
	b = append(b, '[')
	for f, n := range c {
		for range n {
			b = append(b, dice.Face(f).Letter())
		}
	}
	return string(append(b, ']'))
}
