package report

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// synthGame is one game of a synthetic table: each seat's role and character (indices
// into the tally's lists) and who won.
type synthGame struct {
	role, char []int
	winners    uint64 // bit per seat
}

// synthTally tallies games as the engines do (a cluster per game and cell).
func synthTally(n int, roles []string, dealt []int, chars []string, games []synthGame) resultfile.CountTally {
	y := resultfile.Tally{Games: uint64(len(games))}
	for i, r := range roles {
		y.Roles = append(y.Roles, resultfile.RoleTally{Role: r, Dealt: dealt[i]})
	}
	y.Seats = make([]Cell, n)
	for _, c := range chars {
		ct := resultfile.CharacterTally{Character: c}
		for _, r := range roles {
			ct.Roles = append(ct.Roles, resultfile.RoleCell{Role: r})
		}
		ct.Roles = append(ct.Roles, resultfile.RoleCell{Role: resultfile.AllRoles})
		y.Characters = append(y.Characters, ct)
	}
	for _, g := range games {
		won := func(s int) uint64 { return g.winners >> uint(s) & 1 }
		var m, w = make([]uint64, len(roles)), make([]uint64, len(roles))
		cm := make([][]uint64, len(chars))
		cw := make([][]uint64, len(chars))
		for c := range chars {
			cm[c], cw[c] = make([]uint64, len(roles)+1), make([]uint64, len(roles)+1)
		}
		for s := 0; s < n; s++ {
			m[g.role[s]]++
			w[g.role[s]] += won(s)
			y.Seats[s].Add(1, won(s))
			c := g.char[s]
			cm[c][g.role[s]]++
			cw[c][g.role[s]] += won(s)
			cm[c][len(roles)]++
			cw[c][len(roles)] += won(s)
		}
		for r := range roles {
			y.Roles[r].Add(m[r], w[r])
		}
		if g.winners != 0 {
			for s := 0; s < n; s++ {
				if won(s) == 1 {
					y.Roles[g.role[s]].TeamWins++
					break
				}
			}
		} else {
			y.Draws++
		}
		for c := range chars {
			for r := range cm[c] {
				y.Characters[c].Roles[r].Add(cm[c][r], cw[c][r])
			}
		}
	}
	return resultfile.CountTally{Players: n, Games: uint64(len(games)), Tally: y}
}

var fiveRoles = []string{"Sheriff", "Deputy", "Outlaw", "Renegade"}

// fiveDeck deals the 5-player roles: seat 0 the Sheriff, the rest shuffled.
func fiveDeck(rng *rand.Rand) []int {
	d := []int{0, 3, 2, 2, 1}
	rng.Shuffle(4, func(i, j int) { d[1+i], d[1+j] = d[1+j], d[1+i] })
	return d
}

// synthFive plays games of 5 players with nc characters dealt without repeats; the
// winning side is drawn with the given chances, shifted by boost[c][role] for each
// character c at the table (0 everywhere: every character is equal).
func synthFive(rng *rand.Rand, games, nc int, boost func(char, role int) float64) []synthGame {
	out := make([]synthGame, games)
	for i := range out {
		roles := fiveDeck(rng)
		perm := rng.Perm(nc)[:5]
		// Sides: Sheriff+Deputy 0.35, Outlaws 0.50, Renegade 0.15, moved by the boosts.
		side := [3]float64{0.35, 0.50, 0.15}
		for s := 0; s < 5; s++ {
			b := boost(perm[s], roles[s])
			switch roles[s] {
			case 0, 1:
				side[0] += b
			case 2:
				side[1] += b
			case 3:
				side[2] += b
			}
		}
		u := rng.Float64() * (side[0] + side[1] + side[2])
		var win uint64
		for s := 0; s < 5; s++ {
			r := roles[s]
			switch {
			case u < side[0] && (r == 0 || r == 1):
				win |= 1 << s
			case u >= side[0] && u < side[0]+side[1] && r == 2:
				win |= 1 << s
			case u >= side[0]+side[1] && r == 3:
				win |= 1 << s
			}
		}
		out[i] = synthGame{role: roles, char: perm, winners: win}
	}
	return out
}

func charNames(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = string(rune('A' + i))
	}
	return out
}

// The statistics agree with values computed here from the games themselves: one
// difference's interval (the delta method summed over games, not over the tallies),
// the chi-square statistic and p-value, and Holm's order.
func TestBalanceByHand(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const nc = 6
	games := synthFive(rng, 2000, nc, func(c, r int) float64 {
		if c == 0 && r == 2 {
			return 0.2
		}
		return 0
	})
	ct := synthTally(5, fiveRoles, []int{1, 1, 2, 1}, charNames(nc), games)
	z := ZFor(0.95)
	b := NewBalance([]resultfile.CountTally{ct}, 0.05, z)

	// Character A as Outlaw against the other Outlaws, from the games.
	const char, role = 0, 2
	var nc0, wc, no, wo float64
	for _, g := range games {
		for s := 0; s < 5; s++ {
			if g.role[s] != role {
				continue
			}
			y := float64(g.winners >> uint(s) & 1)
			if g.char[s] == char {
				nc0, wc = nc0+1, wc+y
			} else {
				no, wo = no+1, wo+y
			}
		}
	}
	pc, po := wc/nc0, wo/no
	p0 := (wc + wo) / (nc0 + no) // the pooled rate: the test's variance is taken there
	var su2, su20 float64
	for _, g := range games {
		var a, bb, A, B float64
		for s := 0; s < 5; s++ {
			if g.role[s] != role {
				continue
			}
			y := float64(g.winners >> uint(s) & 1)
			A, B = A+1, B+y
			if g.char[s] == char {
				a, bb = a+1, bb+y
			}
		}
		u := (bb-pc*a)/nc0 - ((B-bb)-po*(A-a))/no
		su2 += u * u
		u0 := (bb-p0*a)/nc0 - ((B-bb)-p0*(A-a))/no
		su20 += u0 * u0
	}
	G := float64(len(games))
	se := math.Sqrt(su2 * G / (G - 1))
	se0 := math.Sqrt(su20 * G / (G - 1))
	r := b.Row(5, "Outlaw", "A")
	if r == nil {
		t.Fatal("no row for A as Outlaw")
	}
	if math.Abs(r.Rate-pc) > 1e-12 || math.Abs(r.Avg-po) > 1e-12 || math.Abs(r.SE-se) > 1e-12 || r.Bound {
		t.Fatalf("A as Outlaw: rate %v avg %v SE %v (bound %v); by hand %v %v %v", r.Rate, r.Avg, r.SE, r.Bound, pc, po, se)
	}
	if math.Abs(r.Low-(pc-po-z*se)) > 1e-12 || math.Abs(r.High-(pc-po+z*se)) > 1e-12 {
		t.Fatalf("interval [%v, %v], by hand [%v, %v]", r.Low, r.High, pc-po-z*se, pc-po+z*se)
	}
	wantP := math.Erfc(math.Abs(pc-po) / se0 / math.Sqrt2)
	if math.Abs(r.P-wantP) > 1e-12*math.Max(1, 1/wantP) || math.Abs(r.Z-(pc-po)/se0) > 1e-9 {
		t.Fatalf("p %v z %v, by hand %v %v (at the pooled rate)", r.P, r.Z, wantP, (pc-po)/se0)
	}

	// The chi-square of the Deputies' characters (one seat, so no design effect): with
	// 6 characters df = 5; and of the Outlaws', whose two seats win together: design
	// (C − k)/(C − 1) = 4/5.
	for _, tc := range []struct {
		role   int
		design float64
	}{{1, 1}, {2, 4.0 / 5}} {
		var n, w [nc]float64
		for _, g := range games {
			for s := 0; s < 5; s++ {
				if g.role[s] == tc.role {
					n[g.char[s]]++
					w[g.char[s]] += float64(g.winners >> uint(s) & 1)
				}
			}
		}
		var N, W float64
		for c := range nc {
			N, W = N+n[c], W+w[c]
		}
		var x2 float64
		for c := range nc { // Σ (O − E)²/E over wins and losses
			ew, el := n[c]*W/N, n[c]*(N-W)/N
			x2 += (w[c]-ew)*(w[c]-ew)/ew + (n[c]-w[c]-el)*(n[c]-w[c]-el)/el
		}
		adj := x2 / tc.design
		// χ²(5) upper tail: for odd df, erfc(√(x/2)) + √(2x/π)·e^(−x/2)·(1 + x/3).
		p := math.Erfc(math.Sqrt(adj/2)) + math.Sqrt(2*adj/math.Pi)*math.Exp(-adj/2)*(1+adj/3)
		var got *ChiSquare
		for i := range b.Characters {
			if b.Characters[i].Role == fiveRoles[tc.role] {
				got = &b.Characters[i]
			}
		}
		if got == nil || got.DF != 5 || math.Abs(got.Stat-x2) > 1e-9 || math.Abs(got.Design-tc.design) > 1e-12 ||
			math.Abs(got.P-p) > 1e-9 {
			t.Fatalf("%s: got %+v; by hand X² %v, design %v, p %v", fiveRoles[tc.role], got, x2, tc.design, p)
		}
	}

	// Holm: the j-th smallest of m p-values times m − j + 1, made monotone.
	idx := make([]int, len(b.Rows))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return b.Rows[idx[i]].P < b.Rows[idx[j]].P })
	m, run := len(idx), 0.0
	for j, i := range idx {
		run = math.Max(run, math.Min(1, float64(m-j)*b.Rows[i].P))
		if b.Rows[i].PHolm != run || b.Rows[i].Flagged != (run < 0.05) {
			t.Fatalf("row %d (%s %s): p_holm %v, by hand %v", i, b.Rows[i].Role, b.Rows[i].Character, b.Rows[i].PHolm, run)
		}
	}
	if !b.Row(5, "Outlaw", "A").Flagged {
		t.Error("the planted Outlaw is not flagged")
	}
}

// Where a role's seats do not win together (two Renegades, at most one winning), the
// tallies cannot give the covariance exactly: the variance is then a bound, never
// below the one computed from the games.
func TestBalanceBoundNotBelowTruth(t *testing.T) {
	roles := []string{"Sheriff", "Renegade", "Outlaw"}
	rng := rand.New(rand.NewPCG(3, 4))
	const nc = 5
	var games []synthGame
	for range 600 {
		r := []int{0, 1, 1, 2}
		rng.Shuffle(3, func(i, j int) { r[1+i], r[1+j] = r[1+j], r[1+i] })
		perm := rng.Perm(nc)[:4]
		var ren []int
		for s, x := range r {
			if x == 1 {
				ren = append(ren, s)
			}
		}
		var win uint64
		switch u := rng.Float64(); {
		case u < 0.4:
			win = 1 // Sheriff
		case u < 0.6:
			win = 1 << ren[0] // one Renegade alone
		case u < 0.8:
			win = 1 << ren[1]
		default:
			win = 1 << slices.Index(r, 2)
		}
		games = append(games, synthGame{role: r, char: perm, winners: win})
	}
	ct := synthTally(4, roles, []int{1, 2, 1}, charNames(nc), games)
	b := NewBalance([]resultfile.CountTally{ct}, 0.05, ZFor(0.95))
	for c := range nc {
		row := b.Row(4, "Renegade", charNames(nc)[c])
		var nc0, wc, no, wo float64
		for _, g := range games {
			for s := range 4 {
				if g.role[s] == 1 {
					y := float64(g.winners >> uint(s) & 1)
					if g.char[s] == c {
						nc0, wc = nc0+1, wc+y
					} else {
						no, wo = no+1, wo+y
					}
				}
			}
		}
		pc, po := wc/nc0, wo/no
		var su2 float64
		for _, g := range games {
			var a, bb, B float64
			for s := range 4 {
				if g.role[s] == 1 {
					y := float64(g.winners >> uint(s) & 1)
					B += y
					if g.char[s] == c {
						a, bb = a+1, bb+y
					}
				}
			}
			u := (bb-pc*a)/nc0 - ((B-bb)-po*(2-a))/no
			su2 += u * u
		}
		G := float64(len(games))
		truth := math.Sqrt(su2 * G / (G - 1))
		if !row.Bound || row.SE < truth-1e-12 || row.SE > 1.5*truth {
			t.Errorf("Renegade %s: SE %v (bound %v), from the games %v", row.Character, row.SE, row.Bound, truth)
		}
	}
}

// Under equal characters the tests keep their level: about 5% of the chi-square tests
// reject at 0.05, about 95% of the per-role intervals cover 0, and the role-weighted
// ones (a bound) at least as many.
func TestBalanceNullCalibration(t *testing.T) {
	const sims, games, nc = 100, 3000, 16
	rng := rand.New(rand.NewPCG(7, 8))
	var chiReject, chiN, cover, rows, coverAll, rowsAll int
	for range sims {
		ct := synthTally(5, fiveRoles, []int{1, 1, 2, 1}, charNames(nc), synthFive(rng, games, nc, func(int, int) float64 { return 0 }))
		b := NewBalance([]resultfile.CountTally{ct}, 0.05, ZFor(0.95))
		for _, c := range b.Characters {
			chiN++
			if c.P < 0.05 {
				chiReject++
			}
		}
		for _, r := range b.Rows {
			in := r.Low <= 0 && 0 <= r.High
			if r.Role == resultfile.AllRoles {
				rowsAll++
				if in {
					coverAll++
				}
				continue
			}
			rows++
			if in {
				cover++
			}
		}
	}
	rej := float64(chiReject) / float64(chiN)
	cov := float64(cover) / float64(rows)
	covAll := float64(coverAll) / float64(rowsAll)
	t.Logf("chi-square rejects %.3f of %d; per-role coverage %.4f of %d; all-roles coverage %.4f", rej, chiN, cov, rows, covAll)
	if rej < 0.02 || rej > 0.09 {
		t.Errorf("chi-square rejects %.3f at level 0.05", rej)
	}
	if cov < 0.935 || cov > 0.965 {
		t.Errorf("per-role intervals cover 0 in %.4f", cov)
	}
	if covAll < 0.94 {
		t.Errorf("role-weighted intervals cover 0 in %.4f", covAll)
	}
}

// With few games a row's normal test is far from its level: a character that never
// won its role in a dozen games looked "significantly weak". Such rows are marked few
// and never flagged: under equal characters, runs of 300 games flag something about as
// often as the level says (70 of 100 did before).
func TestBalanceNullFewGamesNotFlagged(t *testing.T) {
	const sims, games, nc = 100, 300, 16
	rng := rand.New(rand.NewPCG(11, 300))
	withFlag := 0
	for range sims {
		ct := synthTally(5, fiveRoles, []int{1, 1, 2, 1}, charNames(nc), synthFive(rng, games, nc, func(int, int) float64 { return 0 }))
		b := NewBalance([]resultfile.CountTally{ct}, 0.05, ZFor(0.95))
		flagged := false
		for _, r := range b.Rows {
			if r.Flagged && r.Few {
				t.Fatalf("a few-games row flagged: %+v", r)
			}
			flagged = flagged || r.Flagged
		}
		if flagged {
			withFlag++
		}
	}
	t.Logf("%d of %d null runs of %d games flag a character", withFlag, sims, games)
	if withFlag > 12 {
		t.Errorf("%d of %d null runs flag a character, want about 5", withFlag, sims)
	}
}

// The rows' tests hold their level with a few thousand games too: their variance is
// taken at the pooled rate (equal rates, the null), not at each character's observed
// rate, which made low-rate rows liberal (11 and 9 of 100 null runs of 1,000 and 3,000
// games flagged a character; the raw p-values of the role rows are now below 0.05 about
// 5% of the time).
func TestBalanceNullFlagRate(t *testing.T) {
	for _, games := range []int{1000, 3000} {
		rng := rand.New(rand.NewPCG(11, uint64(games)))
		const sims = 100
		withFlag, low, rows := 0, 0, 0
		for range sims {
			ct := synthTally(5, fiveRoles, []int{1, 1, 2, 1}, charNames(16), synthFive(rng, games, 16, func(int, int) float64 { return 0 }))
			b := NewBalance([]resultfile.CountTally{ct}, 0.05, ZFor(0.95))
			flagged := false
			for _, r := range b.Rows {
				flagged = flagged || r.Flagged
				if r.Role != resultfile.AllRoles && !r.Few {
					rows++
					if r.P < 0.05 {
						low++
					}
				}
			}
			if flagged {
				withFlag++
			}
		}
		rate := float64(low) / float64(rows)
		t.Logf("%d games: %d of %d null runs flag a character; %.3f of %d role rows have p < 0.05", games, withFlag, sims, rate, rows)
		if withFlag > 10 || rate < 0.035 || rate > 0.065 {
			t.Errorf("%d games: %d of %d null runs flag, %.3f of the rows' p below 0.05", games, withFlag, sims, rate)
		}
	}
}

// The outputs: balance.csv has BalanceHeader and one row per character, role and
// count; balance.md has its sections; the same analysis writes the same bytes.
func TestBalanceFiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ct := synthTally(5, fiveRoles, []int{1, 1, 2, 1}, charNames(8), synthFive(rng, 500, 8, func(c, r int) float64 {
		if c == 1 {
			return 0.3
		}
		return 0
	}))
	b := NewBalance([]resultfile.CountTally{ct}, 0.05, ZFor(0.95))
	tab := b.Table()
	if !slices.Equal(tab.Header, BalanceHeader) || len(tab.Rows) != 8*5 {
		t.Fatalf("header %v, %d rows", tab.Header, len(tab.Rows))
	}
	var md1, md2 bytes.Buffer
	info := BalanceInfo{Run: &resultfile.Run{Origin: resultfile.Origin{Game: "dice"}, Slice: resultfile.Slice{Seed: 3}, GamesPerCount: 500, Players: []int{5}}}
	if err := b.WriteMarkdown(&md1, info); err != nil {
		t.Fatal(err)
	}
	if err := NewBalance([]resultfile.CountTally{ct}, 0.05, ZFor(0.95)).WriteMarkdown(&md2, info); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(md1.Bytes(), md2.Bytes()) {
		t.Fatal("balance.md differs between two writes")
	}
	for _, want := range []string{"# Balance of the characters", "## Verdict", "B: +", "## 5 players", "## Are the characters", "## Seats"} {
		if !strings.Contains(md1.String(), want) {
			t.Errorf("balance.md lacks %q:\n%s", want, md1.String())
		}
	}
}

// --tune-life picks the life whose role-weighted difference is closest to 0, and the
// smaller change of two as close; --tune the value whose side win rate is closest to
// the target.
func TestTuningPicks(t *testing.T) {
	mk := func(d float64) *Balance {
		return &Balance{Rows: []BalanceRow{{Players: 5, Role: resultfile.AllRoles, Character: "X", Diff: d, Low: d - 0.01, High: d + 0.01}}}
	}
	lt := NewLifeTuning("X", 5, 8, []int{0, -2, -1, 1, 2}, []*Balance{mk(0.10), mk(-0.01), mk(0.01), mk(0.2), mk(0.3)})
	if lt.Trials[lt.Best].Delta != -1 || lt.Trials[0].Delta != -2 {
		t.Fatalf("best %+v", lt.Trials[lt.Best])
	}
	if s := lt.Suggestion(); !strings.Contains(s, "8 → 7 life") || !strings.Contains(s, "parity within the interval") {
		t.Errorf("suggestion %q", s)
	}
	side := func(wins uint64) *resultfile.CountTally {
		return &resultfile.CountTally{Players: 5, Games: 100, Tally: resultfile.Tally{Games: 100,
			Roles: []resultfile.RoleTally{{Role: "Sheriff", Dealt: 1, TeamWins: wins}}}}
	}
	ot := NewOptionTuning("sheriff-bonus", "Sheriff", 0.5, 5, 2, []int{0, 1, 2, 3, 4},
		[]*resultfile.CountTally{side(30), side(40), side(47), side(53), side(60)}, ZFor(0.95))
	if ot.Trials[ot.Best].Value != 2 {
		t.Fatalf("best %+v", ot.Trials[ot.Best])
	}
}

// The step-down, from the games themselves: with one strong character among eight,
// every other row's reference leaves it out; where the role has one seat a game the
// row is exact (rate, avg and SE recomputed from the games with the strong character
// out of the pool), and where two seats win together (the Outlaws) avg is exact and SE
// a bound no lower than the games' and not far above it. The strong character's own
// rows keep the whole pool. When half the characters stand out, nothing is left out.
func TestBalanceStepDownByHand(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const nc, strong = 8, 0
	games := synthFive(rng, 6000, nc, func(c, r int) float64 {
		if c == strong {
			return 0.25
		}
		return 0
	})
	ct := synthTally(5, fiveRoles, []int{1, 1, 2, 1}, charNames(nc), games)
	z := ZFor(0.95)
	b := NewBalance([]resultfile.CountTally{ct}, 0.05, z)
	names := charNames(nc)
	if got := b.LeftOut(5); !slices.Contains(got, names[strong]) {
		t.Fatalf("left out %v, want A among them; flagged %v", got, b.Flagged(false))
	}
	t.Logf("left out %v; flagged %v", b.LeftOut(5), b.Flagged(false))
	index := func(ns []string) []int {
		var out []int
		for _, n := range ns {
			out = append(out, slices.Index(names, n))
		}
		return out
	}
	// byHand is the row of char in role against the pool of every character but char
	// and those in out, summed over the games.
	byHand := func(char, role int, out []int) (pc, po, se float64) {
		var nc0, wc, no, wo float64
		for _, g := range games {
			for s := range 5 {
				if g.role[s] != role || slices.Contains(out, g.char[s]) {
					continue
				}
				y := float64(g.winners >> uint(s) & 1)
				if g.char[s] == char {
					nc0, wc = nc0+1, wc+y
				} else {
					no, wo = no+1, wo+y
				}
			}
		}
		pc, po = wc/nc0, wo/no
		var su2 float64
		for _, g := range games {
			var a, bb, A, B float64 // the character's, the pool's
			for s := range 5 {
				if g.role[s] != role || slices.Contains(out, g.char[s]) {
					continue
				}
				y := float64(g.winners >> uint(s) & 1)
				if g.char[s] == char {
					a, bb = a+1, bb+y
				} else {
					A, B = A+1, B+y
				}
			}
			u := (bb-pc*a)/nc0 - (B-po*A)/no
			su2 += u * u
		}
		G := float64(len(games))
		return pc, po, math.Sqrt(su2 * G / (G - 1))
	}
	for c := 1; c < nc; c++ {
		for role := range 4 {
			r := b.Row(5, fiveRoles[role], names[c])
			pc, po, se := byHand(c, role, index(r.LeftOut))
			if !slices.Contains(r.LeftOut, names[strong]) || math.Abs(r.Rate-pc) > 1e-12 || math.Abs(r.Avg-po) > 1e-12 {
				t.Fatalf("%s as %s: reference %q, rate %v avg %v; by hand %v %v", names[c], fiveRoles[role], r.Reference(), r.Rate, r.Avg, pc, po)
			}
			if role == 2 { // two Outlaws: bounded
				t.Logf("%s as Outlaw against %s: SE %.5f, from the games %.5f (×%.3f)", names[c], r.Reference(), r.SE, se, r.SE/se)
				if !r.Bound || r.SE < se-1e-12 || r.SE > 1.3*se {
					t.Errorf("%s as Outlaw: SE %v (bound %v), from the games %v", names[c], r.SE, r.Bound, se)
				}
				continue
			}
			if r.Bound || math.Abs(r.SE-se) > 1e-12 {
				t.Errorf("%s as %s: SE %v (bound %v), from the games %v", names[c], fiveRoles[role], r.SE, r.Bound, se)
			}
		}
	}
	for role := range 4 {
		r := b.Row(5, fiveRoles[role], names[strong])
		pc, po, _ := byHand(strong, role, index(r.LeftOut))
		if slices.Contains(r.LeftOut, names[strong]) || math.Abs(r.Rate-pc) > 1e-12 || math.Abs(r.Avg-po) > 1e-12 || !r.Flagged {
			t.Fatalf("A as %s: %q, rate %v avg %v, flagged %v; by hand %v %v", fiveRoles[role], r.Reference(), r.Rate, r.Avg, r.Flagged, pc, po)
		}
	}

	// The same tallies against this balance's references: the same rows.
	if again := NewBalanceAgainst([]resultfile.CountTally{ct}, 0.05, z, b); !reflect.DeepEqual(again.Rows, b.Rows) {
		t.Error("NewBalanceAgainst its own balance gives other rows")
	}

	// balance.csv's reference column and balance.md's note say which pool.
	tab := b.Table()
	col := slices.Index(tab.Header, "reference")
	for i, r := range b.Rows {
		if tab.Rows[i][col] != r.Reference() {
			t.Fatalf("row %d: reference %q, want %q", i, tab.Rows[i][col], r.Reference())
		}
	}
	if tab.Rows[len(tab.Rows)-1][col] != "others less "+strings.Join(b.LeftOut(5), ", ") && len(b.LeftOut(5)) > 0 {
		t.Errorf("last row's reference %q", tab.Rows[len(tab.Rows)-1][col])
	}
	var md bytes.Buffer
	if err := b.WriteMarkdown(&md, BalanceInfo{}); err != nil || !strings.Contains(md.String(), "Step-down: every row's reference leaves out "+strings.Join(b.LeftOut(5), ", ")+", the characters that stood out") {
		t.Errorf("balance.md lacks the step-down note (%v):\n%s", err, md.String())
	}

	// Four characters of eight strong: no majority of unflagged ones, no step-down.
	games = synthFive(rng, 6000, nc, func(c, r int) float64 {
		if c < 4 {
			return 0.25
		}
		return 0
	})
	ct = synthTally(5, fiveRoles, []int{1, 1, 2, 1}, charNames(nc), games)
	b = NewBalance([]resultfile.CountTally{ct}, 0.05, z)
	if len(b.Flagged(false)) < 4 || len(b.LeftOut(5)) != 0 {
		t.Fatalf("flagged %v, left out %v", b.Flagged(false), b.LeftOut(5))
	}
}

// Against a reduced pool where a role's seats do not win together (two Renegades, at
// most one winning), the variance is a bound never below the one from the games.
func TestBalanceStepDownBoundNotBelowTruth(t *testing.T) {
	roles := []string{"Sheriff", "Renegade", "Outlaw"}
	rng := rand.New(rand.NewPCG(5, 6))
	const nc, strong = 7, 0
	var games []synthGame
	for range 4000 {
		r := []int{0, 1, 1, 2}
		rng.Shuffle(3, func(i, j int) { r[1+i], r[1+j] = r[1+j], r[1+i] })
		perm := rng.Perm(nc)[:4]
		var ren []int
		for s, x := range r {
			if x == 1 {
				ren = append(ren, s)
			}
		}
		// The strong character wins more as a Renegade.
		w := [2]float64{0.2, 0.2}
		for i, s := range ren {
			if perm[s] == strong {
				w[i] = 0.45
			}
		}
		var win uint64
		switch u := rng.Float64(); {
		case u < w[0]:
			win = 1 << ren[0]
		case u < w[0]+w[1]:
			win = 1 << ren[1]
		case u < w[0]+w[1]+(1-w[0]-w[1])/2:
			win = 1 // Sheriff
		default:
			win = 1 << slices.Index(r, 2)
		}
		games = append(games, synthGame{role: r, char: perm, winners: win})
	}
	ct := synthTally(4, roles, []int{1, 2, 1}, charNames(nc), games)
	b := NewBalance([]resultfile.CountTally{ct}, 0.05, ZFor(0.95))
	names := charNames(nc)
	if !slices.Contains(b.LeftOut(4), names[strong]) {
		t.Fatalf("left out %v; flagged %v", b.LeftOut(4), b.Flagged(false))
	}
	for c := range nc {
		row := b.Row(4, "Renegade", names[c])
		var nc0, wc, no, wo float64
		out := func(s int, g synthGame) bool {
			return g.role[s] != 1 || slices.Contains(row.LeftOut, names[g.char[s]])
		}
		for _, g := range games {
			for s := range 4 {
				if out(s, g) {
					continue
				}
				y := float64(g.winners >> uint(s) & 1)
				if g.char[s] == c {
					nc0, wc = nc0+1, wc+y
				} else {
					no, wo = no+1, wo+y
				}
			}
		}
		pc, po := wc/nc0, wo/no
		var su2 float64
		for _, g := range games {
			var a, bb, A, B float64
			for s := range 4 {
				if out(s, g) {
					continue
				}
				y := float64(g.winners >> uint(s) & 1)
				if g.char[s] == c {
					a, bb = a+1, bb+y
				} else {
					A, B = A+1, B+y
				}
			}
			u := (bb-pc*a)/nc0 - (B-po*A)/no
			su2 += u * u
		}
		G := float64(len(games))
		truth := math.Sqrt(su2 * G / (G - 1))
		t.Logf("Renegade %s against %s: SE %.5f, from the games %.5f", names[c], row.Reference(), row.SE, truth)
		if math.Abs(row.Avg-po) > 1e-12 || !row.Bound || row.SE < truth-1e-12 || row.SE > 1.5*truth {
			t.Errorf("Renegade %s: avg %v (by hand %v), SE %v (bound %v), from the games %v", row.Character, row.Avg, po, row.SE, row.Bound, truth)
		}
	}
}
