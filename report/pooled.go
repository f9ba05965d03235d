package report

import "math"

// PooledWinRate is the win rate of the seats of several cells added up (a sweep's
// cells with one value of an axis, over the other axes' values and the player counts)
// with an interval that holds however the cells' games are correlated. A sweep's cells
// all play games 0, 1, … of one seed, so the games of two cells at one index share
// their deal and much of their luck: their rates move together (an audit measured
// correlations of 0.74 to 0.87 between cells of one seed), and the interval of the
// added-up cell, which takes every game for an independent cluster, was up to half as
// wide as the spread it claimed to cover (65% coverage for a nominal 95%).
//
// The pooled rate p = Σ W_k / Σ N_k is the seat-weighted mean of the parts' rates,
// Σ w_k·p_k with w_k = N_k/N. Whatever the correlations, its standard deviation is at
// most Σ w_k·σ_k (the Cauchy–Schwarz bound, reached when the parts move as one), and
// with σ_k² = p(1−p)/n_k, n_k each part's effective size (WinRate's), that is
// p(1−p)/n with
//
//	n = (Σ w_k / √n_k)^−2,
//
// the pooled effective size: the interval is Wilson(p·n, n, z), as WinRate's. For k
// parts of one size n_k it is n_k, not k·n_k: pooling buys no precision the data cannot
// show, and with parts as correlated as a sweep's (σ of the mean ≈ 0.9 of the bound at
// three cells correlated 0.75) it is close to the truth. A single part gives WinRate's
// interval exactly. Empty parts are left out; no part with seats gives Rate 0, the
// interval (0, 1) and EffectiveN 0.
func PooledWinRate(parts []Cell, z float64) Interval {
	var seats, wins uint64
	for i := range parts {
		seats += parts[i].Seats
		wins += parts[i].Wins
	}
	if seats == 0 {
		return Interval{Rate: 0, Low: 0, High: 1, EffectiveN: 0}
	}
	if len(parts) == 1 {
		return WinRate(parts[0], z)
	}
	var s float64 // Σ w_k / √n_k
	for i := range parts {
		if parts[i].Seats == 0 {
			continue
		}
		s += float64(parts[i].Seats) / float64(seats) / math.Sqrt(effectiveN(parts[i]))
	}
	n := 1 / (s * s)
	p := float64(wins) / float64(seats)
	low, high := Wilson(p*n, n, z)
	return Interval{Rate: p, Low: low, High: high, EffectiveN: n}
}
