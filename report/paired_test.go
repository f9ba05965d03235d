package report

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

func TestPairedCellAddMerge(t *testing.T) {
	var a, b, all PairedCell
	a.Add(0, 0)
	if a != (PairedCell{}) {
		t.Fatalf("Add(0, 0) changed the cell: %+v", a)
	}
	clusters := []struct {
		m uint64
		d int64
	}{{5, 1}, {5, -2}, {3, 0}, {5, 5}, {2, -1}}
	for i, c := range clusters {
		all.Add(c.m, c.d)
		if i%2 == 0 {
			a.Add(c.m, c.d)
		} else {
			b.Add(c.m, c.d)
		}
	}
	want := PairedCell{Games: 5, Seats: 20, Sum: 3, SumSq: 1 + 4 + 0 + 25 + 1, SumSeats: 5 - 10 + 0 + 25 - 2, SeatsSq: 25 + 25 + 9 + 25 + 4}
	if all != want {
		t.Fatalf("tally %+v, want %+v", all, want)
	}
	a.Merge(&b)
	if a != all {
		t.Fatalf("merged %+v, want %+v", a, all)
	}
}

// pairedRef computes the estimator directly from the clusters, in floats.
func pairedRef(ms []float64, ds []float64, z float64) Diff {
	var n, s float64
	for i := range ms {
		n += ms[i]
		s += ds[i]
	}
	mean := s / n
	var ss float64
	for i := range ms {
		r := ds[i] - mean*ms[i]
		ss += r * r
	}
	g := float64(len(ms))
	v := ss / (n * n) * g / (g - 1)
	se := math.Sqrt(v)
	tdist := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: g - 1}
	crit := tdist.Quantile(1 - (1-0.95)/2) // z is z95
	return Diff{Mean: mean, Low: mean - crit*se, High: mean + crit*se, SE: se, P: 2 * tdist.CDF(-math.Abs(mean)/se)}
}

func normalCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

func TestPairedDiffKnownValues(t *testing.T) {
	ms := []float64{5, 5, 3, 5, 2, 4}
	ds := []float64{1, -2, 0, 5, -1, 2}
	var c PairedCell
	for i := range ms {
		c.Add(uint64(ms[i]), int64(ds[i]))
	}
	got, want := PairedDiff(c, z95), pairedRef(ms, ds, z95)
	near(t, "mean", got.Mean, want.Mean, 1e-15)
	near(t, "se", got.SE, want.SE, 1e-12)
	near(t, "low", got.Low, want.Low, 1e-12)
	near(t, "high", got.High, want.High, 1e-12)
	near(t, "p", got.P, want.P, 1e-9)
	// By hand: d̄ = 5/24; Σ(D − d̄m)² = 16520/576 → V = 16520/576/24²·6/5.
	near(t, "mean by hand", got.Mean, 5.0/24, 1e-15)
	near(t, "se by hand", got.SE, math.Sqrt(16520.0/576/576*6/5), 1e-12)
	near(t, "z", got.Z(), got.Mean/got.SE, 1e-15)
	// Six clusters: Student's t with 5 degrees of freedom, whose 97.5% point is 2.570582
	// (the tables), not the normal's 1.959964.
	near(t, "t critical value", (got.High-got.Mean)/got.SE, 2.570582, 1e-6)
	near(t, "p from z", 2*distuv.StudentsT{Mu: 0, Sigma: 1, Nu: 5}.CDF(-math.Abs(got.Z())), got.P, 1e-12)
	if pn := 2 * (1 - normalCDF(math.Abs(got.Z()))); got.P <= pn {
		t.Errorf("p %v not above the normal's %v: t's tails are heavier", got.P, pn)
	}
}

// TestPairedDiffManyClusters checks that with many clusters the t interval is the
// normal one to the printed digits: Student's t at 9,999 degrees of freedom.
func TestPairedDiffManyClusters(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	d := PairedDiff(pairedData(rng, 10000, 0.02), z95)
	near(t, "critical value", (d.High-d.Mean)/d.SE, z95, 3e-4)
	near(t, "p", d.P, 2*(1-normalCDF(math.Abs(d.Z()))), 1e-3*d.P+1e-12)
}

// Far tails: at 11 standard errors p is about 1e-28 and must be that, not 0 (1 − CDF
// rounds to 0 beyond 8.3); past about 37.5 it underflows to 0 and z still tells.
func TestPairedDiffZBeyondP(t *testing.T) {
	var c PairedCell
	for i := range 1000 {
		c.Add(1, int64(1-2*(i%3/2))) // two thirds +1, one third −1: mean 1/3, SE ≈ 0.03
	}
	d := PairedDiff(c, z95)
	// Student's t at 999 degrees of freedom: a little heavier in the tail than the
	// normal's 2·Φ(−z) ≈ 4e-29, and positive.
	want := 2 * distuv.StudentsT{Mu: 0, Sigma: 1, Nu: 999}.CDF(-d.Z())
	if d.Z() < 10 || d.P <= 0 || math.Abs(d.P-want) > 1e-9*want || d.P < math.Erfc(d.Z()/math.Sqrt2) {
		t.Errorf("z %v, p %v: want p = %v", d.Z(), d.P, want)
	}
	var big PairedCell
	for i := range 100000 {
		big.Add(1, int64(1-2*(i%10/9)))
	}
	if d := PairedDiff(big, z95); d.P > 1e-250 || d.Z() < 38 {
		t.Errorf("z %v, p %v: want p below 1e-250 (or underflowed to 0) and z past 38", d.Z(), d.P)
	}
}

func TestPairedDiffDegenerate(t *testing.T) {
	if d := PairedDiff(PairedCell{}, z95); d.Low != -1 || d.High != 1 || d.P != 1 || d.Mean != 0 || d.Z() != 0 {
		t.Errorf("empty cell: %+v", d)
	}
	var one PairedCell
	one.Add(5, 2)
	if d := PairedDiff(one, z95); d.Mean != 0.4 || d.Low != -1 || d.High != 1 || d.P != 1 || d.Z() != 0 {
		t.Errorf("one cluster: %+v", d)
	}
	// No spread between clusters tells nothing of the variance: the worst case,
	// V = Σm²/(Σm)² (here 1/G with m equal), never a point interval or p = 0.
	var zero PairedCell
	for range 10 {
		zero.Add(5, 0)
	}
	t9 := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: 9}
	crit9 := t9.Quantile(0.975)
	if d := PairedDiff(zero, z95); d.Mean != 0 || math.Abs(d.SE-math.Sqrt(0.1)) > 1e-15 || d.Low != -crit9*d.SE || d.High != crit9*d.SE || d.P != 1 {
		t.Errorf("no difference anywhere: %+v", d)
	}
	var always PairedCell
	for range 10 {
		always.Add(2, 2)
	}
	if d := PairedDiff(always, z95); d.Mean != 1 || math.Abs(d.SE-math.Sqrt(0.1)) > 1e-15 || d.High != 1 || d.Low != 1-crit9*d.SE ||
		math.Abs(d.P-2*t9.CDF(-d.Z())) > 1e-15 || d.P < 0.005 || d.P > 0.02 {
		t.Errorf("always better in 10 clusters: %+v", d)
	}
	// Three indices that agree by chance (the audit's compare --games 3): not significant.
	var three PairedCell
	for range 3 {
		three.Add(5, -1)
	}
	if d := PairedDiff(three, z95); d.P < 0.5 || d.Low != -1 || d.High != 1 {
		t.Errorf("three agreeing clusters: %+v", d)
	}
	// Huge sums stay exact: 10¹⁵ clusters of one seat, half +1, half −1 except 2.
	const G = 1_000_000_000_000_000
	c := PairedCell{Games: G, Seats: G, Sum: 2, SumSq: G, SumSeats: 2, SeatsSq: G}
	d := PairedDiff(c, z95)
	near(t, "huge se", d.SE/math.Sqrt(1.0/G), 1, 1e-9)
}

// pairedData simulates one comparison of G games on a 5-seat table: a team of two seats
// against a team of three. In the reference game team A wins with probability 0.4; the
// entrant's game at seat s shares the reference's dice (its latent uniform) with
// probability 0.7 (common random numbers), and the entrant's team wins with probability
// 0.4 + delta (A) or 0.6 + delta (B): the true mean difference per seat is delta.
func pairedData(rng *rand.Rand, G int, delta float64) PairedCell {
	var c PairedCell
	for range G {
		u := rng.Float64()
		refA := u < 0.4
		var D int64
		for s := range 5 {
			onA := s < 2
			v := u
			if rng.Float64() >= 0.7 {
				v = rng.Float64()
			}
			var entWins bool
			if onA {
				// Shift A's winning region up by delta.
				entWins = v < 0.4+delta
			} else {
				entWins = v >= 0.4-delta
			}
			refWins := refA == onA
			D += b2i(entWins) - b2i(refWins)
		}
		c.Add(5, D)
	}
	return c
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// TestPairedCoverage checks by simulation that the interval covers the true difference
// about 95% of the time, with clusters that are strongly correlated inside.
func TestPairedCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2024))
	const reps, G, delta = 1000, 300, 0.05
	cover := 0
	for range reps {
		d := PairedDiff(pairedData(rng, G, delta), z95)
		if d.Low <= delta && delta <= d.High {
			cover++
		}
	}
	cv := float64(cover) / reps
	t.Logf("coverage %.3f", cv)
	if cv < 0.93 || cv > 0.97 {
		t.Errorf("coverage %.3f, want about 0.95", cv)
	}
}

// TestPairedNullUniform checks that under no difference the p-values are about uniform:
// at α = 0.05 about 5% of null data sets are rejected, and every decile holds about a
// tenth of the p-values.
func TestPairedNullUniform(t *testing.T) {
	rng := rand.New(rand.NewPCG(77, 1))
	const reps, G = 400, 300
	rejected := 0
	var deciles [10]int
	for range reps {
		d := PairedDiff(pairedData(rng, G, 0), z95)
		if d.P < 0.05 {
			rejected++
		}
		deciles[min(9, int(d.P*10))]++
	}
	rate := float64(rejected) / reps
	t.Logf("rejection rate at 0.05: %.3f; deciles %v", rate, deciles)
	if rate < 0.02 || rate > 0.09 {
		t.Errorf("rejection rate %.3f under the null, want within [0.02, 0.09]", rate)
	}
	for i, n := range deciles {
		// 40 expected; ±4.5 standard deviations of a binomial(400, 0.1) is ±27.
		if n < 13 || n > 67 {
			t.Errorf("decile %d holds %d of %d p-values, want about 40", i, n, reps)
		}
	}
}

// TestPairedPower checks the test finds a real difference: 0.05 per seat over 2000 games.
func TestPairedPower(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	d := PairedDiff(pairedData(rng, 2000, 0.05), z95)
	if d.P > 1e-4 || d.Low <= 0 {
		t.Errorf("difference 0.05 over 2000 games: %+v, want clearly significant", d)
	}
}

func TestHolm(t *testing.T) {
	p := []float64{0.01, 0.04, 0.03, 0.005, math.NaN()}
	// Sorted: 0.005 (×5), 0.01 (×4), 0.03 (×3), 0.04 (×2), NaN→1 (×1).
	want := []float64{0.04, 0.09, 0.09, 0.025, 1}
	got := Holm(p)
	for i := range want {
		near(t, fmt.Sprintf("holm[%d]", i), got[i], want[i], 1e-15)
	}
	if len(Holm(nil)) != 0 {
		t.Error("Holm(nil) not empty")
	}
	// Ties keep their order and get the same adjusted value only through monotonicity.
	got = Holm([]float64{0.02, 0.02})
	near(t, "tie 0", got[0], 0.04, 1e-15)
	near(t, "tie 1", got[1], 0.04, 1e-15)
}

func TestFormatPoints(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{{0.031, "+3.1"}, {-0.004, "-0.4"}, {0, "+0.0"}, {-0.0001, "+0.0"}, {0.12345, "+12.3"}} {
		if got := FormatPoints(tc.x, 1); got != tc.want {
			t.Errorf("FormatPoints(%v) = %q, want %q", tc.x, got, tc.want)
		}
	}
}

// TestPairedCoverageFewClusters checks the coverage with tens of clusters, where the
// normal interval undercovered (about 91% at G = 10): Student's t keeps it near 95%.
func TestPairedCoverageFewClusters(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 2026))
	for _, G := range []int{10, 30} {
		const reps, delta = 4000, 0.05
		cover, normal := 0, 0
		for range reps {
			c := pairedData(rng, G, delta)
			d := PairedDiff(c, z95)
			if d.Low <= delta && delta <= d.High {
				cover++
			}
			if math.Abs(d.Mean-delta) <= z95*d.SE {
				normal++
			}
		}
		cv, nv := float64(cover)/reps, float64(normal)/reps
		t.Logf("G %d: coverage %.3f (the normal interval's %.3f)", G, cv, nv)
		if cv < 0.935 || cv > 0.97 {
			t.Errorf("G %d: coverage %.3f, want about 0.95", G, cv)
		}
	}
}
