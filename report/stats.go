package report

import (
	"fmt"
	"math"
	"math/big"

	"gonum.org/v1/gonum/stat/distuv"
)

// Interval is a point estimate with a 95% (or other) confidence interval.
//
// EffectiveN is the number of independent trials that would give the same variance
// (Kish's effective sample size); the interval is the Wilson interval on that many
// trials, so a reader can compare it with the Seats and Games of the cell.
type Interval struct {
	Rate, Low, High, EffectiveN float64
}

// ZFor returns the two-sided standard-normal critical value for a confidence level in
// (0, 1), e.g. 0.95 -> 1.959964; it panics outside (0, 1) because no interval exists
// there and a silent NaN would spread into every row of a report.
func ZFor(confidence float64) float64 {
	if !(confidence > 0 && confidence < 1) {
		panic(fmt.Sprintf("report: confidence level %v is not in (0, 1)", confidence))
	}
	return distuv.UnitNormal.Quantile((1 + confidence) / 2)
}

// Wilson returns the Wilson score interval for successes out of n trials at critical
// value z. It is used instead of the normal (Wald) interval because it stays inside
// [0, 1] and keeps its coverage near rates of 0 or 1, where rare roles and strong or
// weak characters live. n may be fractional (an effective sample size); n <= 0 gives
// the uninformative (0, 1).
func Wilson(successes, n, z float64) (low, high float64) {
	if !(n > 0) {
		return 0, 1
	}
	p := successes / n
	z2 := z * z
	denom := 1 + z2/n
	center := (p + z2/(2*n)) / denom
	half := z / denom * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	low, high = center-half, center+half
	// At p = 0 (or 1) the exact bound is 0 (or 1); rounding must not move it off.
	if successes <= 0 {
		low = 0
	}
	if successes >= n {
		high = 1
	}
	return clamp01(low), clamp01(high)
}

func clamp01(x float64) float64 {
	return math.Min(1, math.Max(0, x))
}

// WinRate returns the win rate Wins/Seats with a cluster-robust, design-effect-adjusted
// Wilson interval at critical value z (see ZFor).
//
// The seats of one game are not independent trials (a team wins or loses together), so
// the variance treats the game g as the cluster and uses the ratio-estimator
// (linearisation) formula
//
//	V = Σ(y_g − p·m_g)² / (Σm)² · G/(G−1),
//
// expanded over the tallied sums; it is computed exactly in integers (math/big) before
// the final division, because the expansion subtracts large, nearly equal terms. The
// effective sample size is n_eff = p(1−p)/V and the interval is Wilson(p·n_eff, n_eff, z).
// For a team of k seats that always win together n_eff = G−1; for single seats
// (m = 1) it is G−1 and the interval is the plain Wilson interval on G games, up to
// that one degree of freedom.
//
// When V carries no information (G < 2, p = 0 or 1, or every game had the same
// share of winners) the within-game correlation cannot be estimated, so WinRate assumes
// the worst case, seats of a game perfectly correlated: n_eff = Seats²/SeatsSq, the
// effective number of games, which is G when every game has the same m and less
// when m varies. This never claims more precision than the data can show.
//
// An empty cell (Seats == 0) gives Rate 0, the interval (0, 1) and EffectiveN 0.
func WinRate(c Cell, z float64) Interval {
	if c.Seats == 0 {
		return Interval{Rate: 0, Low: 0, High: 1, EffectiveN: 0}
	}
	n := float64(c.Seats)
	p := float64(c.Wins) / n
	neff := effectiveN(c)
	low, high := Wilson(p*neff, neff, z)
	return Interval{Rate: p, Low: low, High: high, EffectiveN: neff}
}

// effectiveN returns Kish's effective sample size of a non-empty cell (see WinRate).
func effectiveN(c Cell) float64 {
	if c.Games >= 2 && c.Wins > 0 && c.Wins < c.Seats {
		// N²·Σ(y − p·m)² = Σ(N·y − W·m)² = N²·WinsSq − 2·N·W·SeatsWins + W²·SeatsSq.
		N := new(big.Int).SetUint64(c.Seats)
		W := new(big.Int).SetUint64(c.Wins)
		a := new(big.Int).Mul(N, N)
		a.Mul(a, new(big.Int).SetUint64(c.WinsSq))
		b := new(big.Int).Mul(N, W)
		b.Mul(b, new(big.Int).SetUint64(c.SeatsWins))
		b.Lsh(b, 1)
		d := new(big.Int).Mul(W, W)
		d.Mul(d, new(big.Int).SetUint64(c.SeatsSq))
		num := a.Sub(a, b)
		num.Add(num, d)
		if num.Sign() > 0 {
			// n_eff = p(1−p)/V = W(N−W)·N² / num · (G−1)/G.
			numF, _ := new(big.Float).SetInt(num).Float64()
			nf := float64(c.Seats)
			g := float64(c.Games)
			return float64(c.Wins) * float64(c.Seats-c.Wins) / numF * nf * nf * (g - 1) / g
		}
	}
	if c.SeatsSq > 0 {
		nf := float64(c.Seats)
		return nf * nf / float64(c.SeatsSq)
	}
	return float64(c.Games)
}
