package report

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

const z95 = 1.959963984540054

func near(t *testing.T, name string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.10g, want %.10g (±%g)", name, got, want, tol)
	}
}

// wilsonRef is the textbook Wilson formula, written independently of Wilson's code path.
func wilsonRef(s, n, z float64) (float64, float64) {
	p := s / n
	c := (p + z*z/(2*n)) / (1 + z*z/n)
	h := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return c - h, c + h
}

func TestZFor(t *testing.T) {
	near(t, "ZFor(0.95)", ZFor(0.95), 1.959964, 1e-6)
	near(t, "ZFor(0.99)", ZFor(0.99), 2.575829, 1e-6)
	near(t, "ZFor(0.6826894921)", ZFor(0.6826894921370859), 1, 1e-9)
	for _, bad := range []float64{0, 1, -0.5, 1.5, math.NaN()} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("ZFor(%v) did not panic", bad)
				}
			}()
			ZFor(bad)
		}()
	}
}

func TestWilsonKnownValues(t *testing.T) {
	for _, tc := range []struct {
		s, n, low, high float64
	}{
		{0, 10, 0, 0.2775402},         // z²/n / (1 + z²/n) with z = 1.96
		{5, 10, 0.2365896, 0.7634104}, // symmetric about 1/2
		{81, 263, 0.2552876, 0.3662107},
		{10, 10, 0.7224598, 1},
	} {
		lo, hi := Wilson(tc.s, tc.n, 1.96)
		near(t, fmt.Sprintf("low(%v/%v)", tc.s, tc.n), lo, tc.low, 1e-7)
		near(t, fmt.Sprintf("high(%v/%v)", tc.s, tc.n), hi, tc.high, 1e-7)
	}
	if lo, hi := Wilson(0, 0, 1.96); lo != 0 || hi != 1 {
		t.Errorf("Wilson(0, 0) = (%v, %v), want (0, 1)", lo, hi)
	}
	if lo, _ := Wilson(0, 1e6, 1.96); lo != 0 {
		t.Errorf("Wilson(0, 1e6) low = %v, want exactly 0", lo)
	}
}

func TestCellAddMerge(t *testing.T) {
	var a, b, all Cell
	a.Add(0, 0) // no-op
	if a != (Cell{}) {
		t.Fatalf("Add(0, 0) changed the cell: %+v", a)
	}
	games := [][2]uint64{{2, 2}, {2, 0}, {3, 1}, {1, 1}, {0, 0}, {2, 1}}
	for i, g := range games {
		all.Add(g[0], g[1])
		if i%2 == 0 {
			a.Add(g[0], g[1])
		} else {
			b.Add(g[0], g[1])
		}
	}
	want := Cell{Games: 5, Seats: 10, Wins: 5, WinsSq: 4 + 1 + 1 + 1, SeatsWins: 4 + 3 + 1 + 2, SeatsSq: 4 + 4 + 9 + 1 + 4}
	if all != want {
		t.Fatalf("tally = %+v, want %+v", all, want)
	}
	a.Merge(&b)
	if a != all {
		t.Fatalf("merged = %+v, want %+v", a, all)
	}
}

// teamCell tallies g games of a k-seat team that wins together in w of them.
func teamCell(g, w, k uint64) Cell {
	var c Cell
	for i := range g {
		if i < w {
			c.Add(k, k)
		} else {
			c.Add(k, 0)
		}
	}
	return c
}

func TestWinRateTeamRoleIsGames(t *testing.T) {
	// A team of k seats that always wins together carries the information of G games,
	// not k·G seats: n_eff = G−1 exactly, whatever k.
	for _, k := range []uint64{1, 2, 3, 4} {
		c := teamCell(1000, 380, k)
		iv := WinRate(c, z95)
		near(t, fmt.Sprintf("k=%d rate", k), iv.Rate, 0.38, 1e-15)
		near(t, fmt.Sprintf("k=%d n_eff", k), iv.EffectiveN, 999, 1e-9)
		lo, hi := wilsonRef(0.38*999, 999, z95)
		near(t, fmt.Sprintf("k=%d low", k), iv.Low, lo, 1e-12)
		near(t, fmt.Sprintf("k=%d high", k), iv.High, hi, 1e-12)
	}
}

func TestWinRateSingleSeatIsPlainWilson(t *testing.T) {
	// m = 1 (a character under a random deal): the interval is the plain Wilson on G
	// games, up to the G/(G−1) correction.
	c := teamCell(10000, 2345, 1)
	iv := WinRate(c, z95)
	lo, hi := wilsonRef(2345, 10000, z95)
	near(t, "low", iv.Low, lo, 2e-6)
	near(t, "high", iv.High, hi, 2e-6)
	near(t, "n_eff", iv.EffectiveN, 9999, 1e-9)
}

func TestWinRateRenegades(t *testing.T) {
	// Two separate Renegades (8 players): m = 2, y ∈ {0, 1}. With q = share of games a
	// Renegade won, p = q/2 and n_eff = (G−1)(2−q)/(1−q) > 2G−2: the two seats are
	// negatively correlated (at most one wins), so a seat-level count is, if anything,
	// conservative.
	var c Cell
	const G, W = 5000, 600
	for i := range G {
		if i < W {
			c.Add(2, 1)
		} else {
			c.Add(2, 0)
		}
	}
	q := float64(W) / G
	iv := WinRate(c, z95)
	near(t, "rate", iv.Rate, q/2, 1e-15)
	near(t, "n_eff", iv.EffectiveN, (G-1)*(2-q)/(1-q), 1e-6)
}

func TestWinRateDegenerate(t *testing.T) {
	if iv := WinRate(Cell{}, z95); iv != (Interval{Rate: 0, Low: 0, High: 1, EffectiveN: 0}) {
		t.Errorf("empty cell: %+v", iv)
	}
	// p = 0 and p = 1: no variance to estimate, so n_eff falls back to the number of
	// games (Seats²/SeatsSq, G when m is constant).
	for _, tc := range []struct {
		c       Cell
		rate    float64
		neff    float64
		lowZero bool
	}{
		{teamCell(400, 0, 2), 0, 400, true},
		{teamCell(400, 400, 3), 1, 400, false},
	} {
		iv := WinRate(tc.c, z95)
		near(t, "rate", iv.Rate, tc.rate, 0)
		near(t, "n_eff", iv.EffectiveN, tc.neff, 1e-9)
		lo, hi := Wilson(tc.rate*400, 400, z95)
		if iv.Low != lo || iv.High != hi {
			t.Errorf("p=%v: interval (%v, %v), want (%v, %v)", tc.rate, iv.Low, iv.High, lo, hi)
		}
	}
	// Varying team size and no variance: Seats²/SeatsSq = 36/18 = 2 effective games,
	// fewer than the 3 games, because the big game dominates.
	var c Cell
	c.Add(1, 0)
	c.Add(1, 0)
	c.Add(4, 0)
	near(t, "varying m n_eff", WinRate(c, z95).EffectiveN, 2, 1e-12)
	// One game: G/(G−1) is undefined; fall back to one effective game.
	var one Cell
	one.Add(2, 1)
	near(t, "one game n_eff", WinRate(one, z95).EffectiveN, 4.0/4.0, 0)
	// Every game has exactly one winner of two: V = 0 with 0 < p < 1.
	var half Cell
	for range 10 {
		half.Add(2, 1)
	}
	near(t, "constant share n_eff", WinRate(half, z95).EffectiveN, 10, 0)
}

func TestWinRateHugeCountsExact(t *testing.T) {
	// 10¹² games of a 3-seat team that win together: n_eff must be G−1.
	const G, W, k = 1_000_000_000_000, 412_345_678_901, 3
	c := Cell{Games: G, Seats: k * G, Wins: k * W, WinsSq: k * k * W, SeatsWins: k * k * W, SeatsSq: k * k * G}
	near(t, "n_eff", WinRate(c, z95).EffectiveN/(G-1), 1, 1e-12)

	// An extreme tally where the float64 expansion WinsSq − 2p·SeatsWins + p²·SeatsSq
	// cancels catastrophically (it gives 16 instead of 20): 10¹⁷ games of 3 seats with
	// exactly one winner, except 10 games with none and 10 with two. Σ(y − m/3)² = 20,
	// so n_eff = p(1−p)·(3G)²/20·(G−1)/G = G(G−1)/10.
	const H = 100_000_000_000_000_000
	e := Cell{Games: H, Seats: 3 * H, Wins: H, WinsSq: H + 20, SeatsWins: 3 * H, SeatsSq: 9 * H}
	near(t, "extreme n_eff", WinRate(e, z95).EffectiveN/(float64(H)*(H-1)/10), 1, 1e-12)
}

// TestCoverage checks by simulation that the cluster interval covers a team role's true
// rate about 95% of the time, while the naive Wilson interval on seats (treating the two
// Outlaws of a game as independent) covers only about 83%.
func TestCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(20240601, 7))
	const (
		p    = 0.3
		reps = 2000
		G    = 200
	)
	var coverCluster, coverNaive int
	for range reps {
		var c Cell
		for range G {
			if rng.Float64() < p {
				c.Add(2, 2)
			} else {
				c.Add(2, 0)
			}
		}
		iv := WinRate(c, z95)
		if iv.Low <= p && p <= iv.High {
			coverCluster++
		}
		lo, hi := Wilson(float64(c.Wins), float64(c.Seats), z95)
		if lo <= p && p <= hi {
			coverNaive++
		}
	}
	cl, nv := float64(coverCluster)/reps, float64(coverNaive)/reps
	t.Logf("coverage: cluster %.3f, naive %.3f", cl, nv)
	if cl < 0.93 || cl > 0.97 {
		t.Errorf("cluster interval coverage %.3f, want about 0.95", cl)
	}
	if nv > 0.88 {
		t.Errorf("naive interval coverage %.3f, expected undercoverage (about 0.83)", nv)
	}
}

// TestCoverageVaryingSize mixes player counts (m ∈ {1, 2, 3} seats of a team per game),
// where the ratio estimator's linearisation carries the whole variance.
func TestCoverageVaryingSize(t *testing.T) {
	rng := rand.New(rand.NewPCG(99, 1))
	const (
		p    = 0.45
		reps = 1500
		G    = 300
	)
	cover := 0
	for range reps {
		var c Cell
		for range G {
			m := uint64(1 + rng.IntN(3))
			if rng.Float64() < p {
				c.Add(m, m)
			} else {
				c.Add(m, 0)
			}
		}
		if iv := WinRate(c, z95); iv.Low <= p && p <= iv.High {
			cover++
		}
	}
	cv := float64(cover) / reps
	t.Logf("coverage with varying team size: %.3f", cv)
	if cv < 0.93 || cv > 0.97 {
		t.Errorf("coverage %.3f, want about 0.95", cv)
	}
}

func ExampleWinRate() {
	// 10,000 five-player games; the two Outlaws win together in 4,000 of them.
	var outlaws Cell
	for i := range 10000 {
		if i < 4000 {
			outlaws.Add(2, 2)
		} else {
			outlaws.Add(2, 0)
		}
	}
	iv := WinRate(outlaws, ZFor(0.95))
	fmt.Printf("player-games %d, wins %d\n", outlaws.Seats, outlaws.Wins)
	fmt.Printf("rate %.4f, 95%% CI [%.4f, %.4f], n_eff %.0f\n", iv.Rate, iv.Low, iv.High, iv.EffectiveN)
	rate, ci := FormatPercentCI(iv)
	fmt.Println(rate, ci)
	// Output:
	// player-games 20000, wins 8000
	// rate 0.4000, 95% CI [0.3904, 0.4096], n_eff 9999
	// 40.0% [39.0%, 41.0%]
}
