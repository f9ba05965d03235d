package report

import (
	"math"
)

// btPrior is the virtual win each bot of a pair is given against the other before the
// fit: it keeps the rating of a bot that never (or always) won finite, and moves a
// rating fitted from thousands of comparisons by far less than its interval.
const btPrior = 0.5

// FitBradleyTerry fits the Bradley–Terry model P(a beats b) = π_a/(π_a+π_b) to wins,
// wins[a][b] being how often a beat b, by Hunter's MM iteration (each step raises the
// likelihood), after adding btPrior wins each way to every pair. It returns the log
// strengths θ_a = ln π_a, centred to mean 0: θ_a − θ_b is the log-odds that a beats b.
func FitBradleyTerry(wins [][]float64) []float64 {
	n := len(wins)
	pi := make([]float64, n)
	next := make([]float64, n)
	for i := range pi {
		pi[i] = 1
	}
	w := func(a, b int) float64 { return wins[a][b] + btPrior }
	for iter := 0; iter < 10000; iter++ {
		var change float64
		for a := range n {
			var won, denom float64
			for b := range n {
				if b == a {
					continue
				}
				won += w(a, b)
				denom += (w(a, b) + w(b, a)) / (pi[a] + pi[b])
			}
			next[a] = won / denom
		}
		var logMean float64
		for a := range n {
			logMean += math.Log(next[a]) / float64(n)
		}
		for a := range n {
			v := next[a] / math.Exp(logMean)
			change = math.Max(change, math.Abs(math.Log(v/pi[a])))
			pi[a] = v
		}
		if change < 1e-12 {
			break
		}
	}
	theta := make([]float64, n)
	for a := range n {
		theta[a] = math.Log(pi[a])
	}
	return theta
}

// Rating is one bot's Bradley–Terry log strength with its confidence interval.
type Rating struct {
	Theta, SE, Low, High float64
}

// LadderRatings fits FitBradleyTerry to the sum of groups (groups[g][a][b]: a beat b in
// group g) and gives every rating a grouped-jackknife interval: the fit is repeated
// leaving out each group in turn, SE² = (G−1)/G · Σ(θ₋g − θ̄)², and the interval is
// θ ± t·SE with t Student's critical value at G − 1 degrees of freedom for the level of
// the normal critical value z. The groups are sets of whole game indices, so the seats
// of one game (teammates win together) never fall on both sides, and the interval
// accounts for their dependence as the Fisher information of the pooled counts would
// not.
func LadderRatings(groups [][][]float64, z float64) []Rating {
	if len(groups) == 0 {
		return nil
	}
	n := len(groups[0])
	total := sumGroups(groups, -1)
	theta := FitBradleyTerry(total)
	G := len(groups)
	jack := make([][]float64, 0, G)
	for g := range groups {
		jack = append(jack, FitBradleyTerry(sumGroups(groups, g)))
	}
	crit, _ := studentT(float64(G-1), z, 0)
	out := make([]Rating, n)
	for a := range n {
		var mean float64
		for _, th := range jack {
			mean += th[a] / float64(G)
		}
		var ss float64
		for _, th := range jack {
			ss += (th[a] - mean) * (th[a] - mean)
		}
		se := math.Sqrt(float64(G-1) / float64(G) * ss)
		out[a] = Rating{Theta: theta[a], SE: se, Low: theta[a] - crit*se, High: theta[a] + crit*se}
	}
	return out
}

// sumGroups adds every group but skip (−1: none) into one matrix.
func sumGroups(groups [][][]float64, skip int) [][]float64 {
	n := len(groups[0])
	out := make([][]float64, n)
	for a := range out {
		out[a] = make([]float64, n)
	}
	for g, m := range groups {
		if g == skip {
			continue
		}
		for a := range n {
			for b := range n {
				out[a][b] += m[a][b]
			}
		}
	}
	return out
}
