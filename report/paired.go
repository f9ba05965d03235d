package report

import (
	"cmp"
	"math"
	"math/big"
	"slices"
	"strconv"

	"gonum.org/v1/gonum/stat/distuv"
)

// PairedCell is the integer tally of a paired difference between two entrants of a
// comparison, with the game index as the cluster. In cluster i the cell covers m_i paired
// seats and D_i is the sum of their differences (each −1, 0 or +1: the entrant won where
// the reference lost, both did the same, or the reverse). All fields are sums over
// clusters, so merging is adding and the result is exact for any split of the work.
type PairedCell struct {
	Games    uint64 // clusters with m > 0
	Seats    uint64 // Σ m: paired seats (player-games)
	Sum      int64  // Σ D
	SumSq    uint64 // Σ D²
	SumSeats int64  // Σ D·m
	SeatsSq  uint64 // Σ m²
}

// Add records one cluster of m paired seats whose differences sum to d; m == 0 is a no-op.
func (c *PairedCell) Add(m uint64, d int64) {
	if m == 0 {
		return
	}
	c.Games++
	c.Seats += m
	c.Sum += d
	c.SumSq += uint64(d * d)
	c.SumSeats += d * int64(m)
	c.SeatsSq += m * m
}

// Merge adds o into c.
func (c *PairedCell) Merge(o *PairedCell) {
	c.Games += o.Games
	c.Seats += o.Seats
	c.Sum += o.Sum
	c.SumSq += o.SumSq
	c.SumSeats += o.SumSeats
	c.SeatsSq += o.SeatsSq
}

// Diff is a mean paired difference with its confidence interval, standard error and
// two-sided p-value against "no difference".
type Diff struct {
	Mean, Low, High, SE, P float64
}

// Z returns the difference in standard errors, Mean/SE: what the p-value is computed
// from, and still readable where the p-value underflows to 0 (|Z| beyond about 37.5).
// A zero mean, or a cell whose variance cannot be estimated (SE infinite), gives 0.
func (d Diff) Z() float64 {
	if d.Mean == 0 || math.IsInf(d.SE, 1) {
		return 0
	}
	return d.Mean / d.SE
}

// PairedDiff returns the mean difference d̄ = ΣD/Σm of the cell with a cluster-robust
// interval d̄ ± t·√V, t the critical value of Student's t with G − 1 degrees of freedom
// at the confidence level of the normal critical value z (see ZFor; studentT), and the
// two-sided p-value 2·F_{G−1}(−|d̄|/√V).
//
// D_i and m_i are summed over the seats of cluster i (a game index), which need not be
// independent: they share the reference game, and seats of one team win together. The
// variance is the ratio estimator's linearisation, as in WinRate,
//
//	V = Σ(D_i − d̄·m_i)² / (Σm)² · G/(G−1) = (ΣD² − 2d̄·ΣDm + d̄²·Σm²) / (Σm)² · G/(G−1),
//
// computed exactly in integers before the final division. The interval is clamped to
// [−1, 1], the range of a difference of win indicators.
//
// Degenerate cells: with no seats the mean is 0, the interval [−1, 1] and P 1; with one
// cluster (no variance can be estimated) the same interval around the mean and P 1; with
// V = 0 (every cluster at the mean, which tells nothing of the spread) V is the worst
// case Σm²/(Σm)²: a per-seat difference has variance at most 1, and the seats of a
// cluster may move together.
func PairedDiff(c PairedCell, z float64) Diff {
	if c.Seats == 0 {
		return Diff{Low: -1, High: 1, P: 1}
	}
	mean := float64(c.Sum) / float64(c.Seats)
	if c.Games < 2 {
		return Diff{Mean: mean, Low: -1, High: 1, SE: math.Inf(1), P: 1}
	}
	// N²·Σ(D − d̄m)² = N²·ΣD² − 2·N·S·ΣDm + S²·Σm², with N = Σm and S = ΣD.
	N := new(big.Int).SetUint64(c.Seats)
	S := big.NewInt(c.Sum)
	a := new(big.Int).Mul(N, N)
	a.Mul(a, new(big.Int).SetUint64(c.SumSq))
	b := new(big.Int).Mul(N, S)
	b.Mul(b, big.NewInt(c.SumSeats))
	b.Lsh(b, 1)
	d := new(big.Int).Mul(S, S)
	d.Mul(d, new(big.Int).SetUint64(c.SeatsSq))
	num := a.Sub(a, b)
	num.Add(num, d)
	n := float64(c.Seats)
	var v float64
	if num.Sign() > 0 {
		numF, _ := new(big.Float).SetInt(num).Float64()
		g := float64(c.Games)
		v = numF / (n * n * n * n) * g / (g - 1)
	} else {
		// Every cluster at the mean: the data show no spread, which says nothing about
		// the variance (two or three indices that happen to agree would otherwise give
		// a point interval and p = 0). The worst case instead, as WinRate does: each
		// seat's difference in [−1, 1] (variance at most 1) and the seats of an index
		// perfectly correlated, V = Σm²/(Σm)².
		v = float64(c.SeatsSq) / (n * n)
	}
	se := math.Sqrt(v)
	crit, p := studentT(float64(c.Games)-1, z, math.Abs(mean)/se)
	return Diff{
		Mean: mean,
		Low:  math.Max(-1, mean-crit*se),
		High: math.Min(1, mean+crit*se),
		SE:   se,
		P:    math.Min(1, p),
	}
}

// studentT returns the critical value of Student's t with df degrees of freedom at the
// confidence level of the normal critical value z, and the two-sided p-value of t. The
// variance of a paired difference is estimated from G clusters, so its ratio to the
// standard error follows t with G − 1 degrees of freedom, not the normal: with tens of
// indices the normal interval covers the truth about 91% of the time where 95% is
// claimed (G = 10; 93% at 30), and p-values are too small. With many clusters the two
// agree to the printed digits; past 10⁷ degrees of freedom (where gonum's t loses
// accuracy) the normal is used.
func studentT(df, z, t float64) (crit, p float64) {
	// The lower tail, not Survival: gonum computes Survival as 1 − CDF, which rounds to 0
	// beyond |t| ≈ 8.3 (p below 1e-16); CDF(−|t|) keeps p down to about 1e-308.
	if df > 1e7 {
		return z, 2 * distuv.UnitNormal.CDF(-t)
	}
	d := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}
	return d.Quantile(distuv.UnitNormal.CDF(z)), 2 * d.CDF(-t)
}

// Holm returns the Holm–Bonferroni adjusted p-values of a family of tests, in the order
// given: with the m p-values sorted ascending, the j-th (from 1) is adjusted to
// max over k ≤ j of min(1, (m − k + 1)·p_(k)). Rejecting where the adjusted value is
// below α keeps the chance of any false rejection in the family at most α, whatever
// the dependence between the tests. NaN p-values are treated as 1.
func Holm(p []float64) []float64 {
	m := len(p)
	order := make([]int, m)
	for i := range order {
		order[i] = i
	}
	val := func(i int) float64 {
		if math.IsNaN(p[i]) {
			return 1
		}
		return p[i]
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(val(a), val(b)) })
	out := make([]float64, m)
	running := 0.0
	for j, i := range order {
		adj := math.Min(1, float64(m-j)*val(i))
		running = math.Max(running, adj)
		out[i] = running
	}
	return out
}

// FormatPoints formats a difference of rates in percentage points with a sign, e.g.
// "+3.1" or "-0.4"; zero prints as "+0.0".
func FormatPoints(x float64, decimals int) string {
	s := strconv.FormatFloat(100*x, 'f', decimals, 64)
	if s[0] != '-' {
		return "+" + s
	}
	if allZero(s[1:]) {
		return "+" + s[1:]
	}
	return s
}

func allZero(s string) bool {
	for _, r := range s {
		if r != '0' && r != '.' {
			return false
		}
	}
	return true
}
