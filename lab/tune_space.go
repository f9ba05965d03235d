package lab

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/strategy"
)

// PolicyPoint is a bot spec resolved to its registered name, its declared parameters
// and their values: the point a tune starts from.
type PolicyPoint struct {
	Name   string // the registered name, "heuristic"
	Params []strategy.Param
	Values []int // one per Params entry, the spec's or the default
}

// PolicyParamsOf returns a Game.PolicyParams for reg: the spec looked up, its
// canonical form read back into one value per declared parameter.
func PolicyParamsOf[P any](reg *strategy.Registry[P]) func(spec string) (PolicyPoint, error) {
	return func(spec string) (PolicyPoint, error) {
		e, err := reg.Lookup(spec)
		if err != nil {
			return PolicyPoint{}, err
		}
		sp, err := strategy.ParseSpec(e.Name)
		if err != nil {
			return PolicyPoint{}, err
		}
		pt := PolicyPoint{Name: sp.Name, Params: e.Params, Values: make([]int, len(e.Params))}
		for i, p := range e.Params {
			pt.Values[i], _ = p.Parse(p.Default)
		}
		for _, a := range sp.Args {
			for i, p := range e.Params {
				if p.Name == a.Key {
					if pt.Values[i], err = p.Parse(a.Value); err != nil {
						return PolicyPoint{}, err
					}
				}
			}
		}
		return pt, nil
	}
}

// Spec writes the point with values vals, every parameter named; Game.LookupPolicy
// gives its canonical form.
func (pt PolicyPoint) Spec(vals []int) string {
	if len(pt.Params) == 0 {
		return pt.Name
	}
	parts := make([]string, len(pt.Params))
	for i, p := range pt.Params {
		parts[i] = p.Name + "=" + p.Format(vals[i])
	}
	return pt.Name + "(" + strings.Join(parts, ",") + ")"
}

// tuneSpace is the parameters a tune varies: indices into the point's Params, the
// numeric ones (CMA-ES) and the boolean ones (the n-tuple bandit) apart.
type tuneSpace struct {
	point   PolicyPoint
	numeric []int
	boolean []int
}

// newTuneSpace picks the parameters named in names (all declared when empty); an
// unknown name or a parameter whose range holds one value is the user's mistake.
func newTuneSpace(pt PolicyPoint, names []string) (tuneSpace, error) {
	s := tuneSpace{point: pt}
	var list []string
	for _, p := range pt.Params {
		list = append(list, p.Name+"="+p.Range())
	}
	if len(pt.Params) == 0 {
		return s, fmt.Errorf("policy %s declares no parameters: nothing to tune", pt.Name)
	}
	pick := func(i int) {
		if pt.Params[i].Kind == strategy.ParamBool {
			s.boolean = append(s.boolean, i)
		} else if pt.Params[i].Max > pt.Params[i].Min {
			s.numeric = append(s.numeric, i)
		}
	}
	if len(names) == 0 {
		for i := range pt.Params {
			pick(i)
		}
		return s, nil
	}
	seen := map[int]bool{}
	for _, n := range names {
		i := -1
		for j, p := range pt.Params {
			if strings.EqualFold(p.Name, strings.TrimSpace(n)) {
				i = j
			}
		}
		if i < 0 {
			return s, fmt.Errorf("policy %s has no parameter %q (parameters: %s)", pt.Name, n, strings.Join(list, ", "))
		}
		if seen[i] {
			return s, fmt.Errorf("parameter %s listed twice", pt.Params[i].Name)
		}
		seen[i] = true
		pick(i)
	}
	if len(s.numeric)+len(s.boolean) == 0 {
		return s, fmt.Errorf("--params %s: each has one value only, nothing to tune", strings.Join(names, ","))
	}
	return s, nil
}

// names lists the tuned parameters, numeric first, in declaration order within each.
func (s tuneSpace) names() []string {
	var out []string
	for _, i := range append(append([]int(nil), s.numeric...), s.boolean...) {
		out = append(out, s.point.Params[i].Name)
	}
	return out
}

// unit maps parameter i's value to [0, 1] across its range, so CMA-ES takes one step
// size for parameters of any range.
func (s tuneSpace) unit(i, v int) float64 {
	p := s.point.Params[i]
	return float64(v-p.Min) / float64(p.Max-p.Min)
}

// fromUnit maps x back to parameter i's nearest value, clamped to its range: the
// objective is flat outside it, so the search may wander there at no harm.
func (s tuneSpace) fromUnit(i int, x float64) int {
	p := s.point.Params[i]
	v := math.Round(float64(p.Min) + x*float64(p.Max-p.Min))
	return int(math.Max(float64(p.Min), math.Min(float64(p.Max), v)))
}

// ParseTuneRole reads tune's --role: "all" (RoleAll: every seat) or a role's name.
func ParseTuneRole(s string) (int, error) {
	if strings.EqualFold(strings.TrimSpace(s), "all") {
		return RoleAll, nil
	}
	r, err := bang.ParseRole(s)
	if err != nil {
		return 0, fmt.Errorf("--role %q: want all, sheriff, renegade, outlaw or deputy", s)
	}
	return int(r), nil
}

// RoleDealt reports whether role (or RoleAll) has a seat at n players of a game
// declared d.
func RoleDealt(d *bang.Declaration, role, players int) bool {
	return role == RoleAll || slices.Contains(CompareRoles(d, players), role)
}
