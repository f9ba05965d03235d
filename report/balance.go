package report

import (
	"math"
	"math/big"
	"math/bits"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/bangsim/bangsim/resultfile"
)

// Files `bangsim balance` writes beside a run's result files.
const (
	BalanceFile         = "balance.csv"
	BalanceMarkdownFile = "balance.md"
)

// DefaultAlpha is the family-wise error rate of balance's Holm-adjusted tests.
const DefaultAlpha = 0.05

// MinExpected is the smallest expected count of wins or losses per character (or seat)
// at which a chi-square test or a row's normal approximation is trusted; below it the
// result is marked "few".
const MinExpected = 5

// BalanceRow is one character in one role at one player count against the other
// characters dealt that role at that count (see docs/statistics.md, "Balance").
//
// For a role, Rate is the character's win rate, Avg the pooled rate of every other
// character in the role (their wins over their player-games) but those in LeftOut (the
// step-down's flagged characters, see NewBalance), Diff = Rate − Avg, and
// SE the game-clustered delta-method standard error of Diff, which counts the games in
// which the character and the others sat at one table. For Role "all", Rate, Avg and
// Diff are the per-role values averaged with the roles' shares of the seats (Sheriff
// 1/5, Outlaws 2/5, … at 5 players), and SE bounds the covariance between roles that
// the tallies do not hold by its worst case.
type BalanceRow struct {
	Players   int      // the table size
	Role      string   // a role's name, or resultfile.AllRoles
	Character string   // the character's printed name
	Games     uint64   // games in which the character held the role (distinct games)
	Seats     uint64   // the character's player-games in the role
	Wins      uint64   // its wins in the role
	Rate      float64  // its win rate (role-weighted for "all")
	Avg       float64  // the other characters' pooled rate (role-weighted for "all")
	Diff      float64  // Rate − Avg
	SE        float64  // the standard error of Diff
	Low       float64  // Diff − z·SE
	High      float64  // Diff + z·SE
	Z         float64  // Diff/SE
	P         float64  // two-sided, normal
	PHolm     float64  // Holm-adjusted over every row of the Balance
	Flagged   bool     // PHolm < Alpha
	Few       bool     // fewer than MinExpected expected wins or losses, or under 30 games
	Bound     bool     // SE is an upper bound (worst case over what the tallies cannot show)
	LeftOut   []string // flagged characters the step-down left out of Avg's pool
}

// HalfWidth returns the half-width of the row's interval, z·SE.
func (r *BalanceRow) HalfWidth() float64 { return (r.High - r.Low) / 2 }

// ChiSquare is a test that every group (the characters of a role, or the seats) has the
// same win rate at one player count: Pearson's X² on the groups' wins and losses,
// divided by its design factor so that it follows χ² with DF degrees of freedom
// although the seats of one game are not independent.
type ChiSquare struct {
	Players     int     // the table size
	Role        string  // the role whose characters are compared; "" for seats
	Groups      int     // characters (or seats) compared
	DF          int     // degrees of freedom, Groups − 1
	Stat        float64 // Pearson's X²
	Design      float64 // E[X²]/DF under equal rates: 1 for independent seats
	Adjusted    float64 // Stat/Design, the statistic referred to χ²(DF)
	P           float64 // the upper tail of χ²(DF) at Adjusted
	MinExpected float64 // the smallest expected wins or losses of a group
	Few         bool    // MinExpected below MinExpected
	Bound       bool    // Design is an upper bound, not an estimate (seats)
}

// SeatRow is one seat at one player count against the mean of the other seats whose
// roles are shuffled (every seat but 0, which holds the Sheriff, or the 3-player dice
// game's Deputy, and is listed for reference only).
type SeatRow struct {
	Players   int     // the table size
	Seat      int     // places clockwise from seat 0
	Games     uint64  // games played (one seat each)
	Wins      uint64  // games the seat won
	Rate      float64 // Wins/Games
	Avg       float64 // mean rate of the other shuffled seats (NaN for seat 0)
	Diff      float64 // Rate − Avg
	SE        float64 // an upper bound: the tallies hold no seat-by-seat products
	Low, High float64 // Diff ∓ z·SE
	Z, P      float64 // Diff/SE and its two-sided p-value
	PHolm     float64 // Holm-adjusted over every shuffled seat of the Balance
	Flagged   bool    // PHolm < Alpha
	Fixed     bool    // seat 0: its role is fixed, so it is not tested
}

// Balance is the balance analysis of a run's tallies.
type Balance struct {
	Alpha      float64      // the family-wise error rate of the flags
	Z          float64      // critical value of the intervals
	Rows       []BalanceRow // every character, role (and "all") and player count
	Characters []ChiSquare  // one per role and player count
	Seats      []SeatRow    // every seat and player count
	SeatTests  []ChiSquare  // one per player count
}

// NewBalance analyses the tallies of a run: every character against the others in
// each role at each player count, a role-weighted summary per character ("all"), the
// chi-square tests of equal characters and of equal seats, with Holm's adjustment at
// alpha over the character rows and over the seat rows. The character rows step down
// (docs/statistics.md, "The step-down"): at each count, the flagged character with the
// largest |z| is left out of every other character's reference pool and the rows are
// computed again, until no flagged character remains in the pools, or back to the
// whole pools if that would leave out half the characters (see stepDown). Intervals
// are at critical value z (ZFor(Confidence)).
func NewBalance(cs []resultfile.CountTally, alpha, z float64) *Balance {
	b := &Balance{Alpha: alpha, Z: z}
	for i := range cs {
		b.addTests(&cs[i])
	}
	excl, plain := make([][]string, len(cs)), make([]bool, len(cs))
	for {
		b.characterRows(cs, excl)
		if !b.stepDown(cs, excl, plain) {
			break
		}
	}
	b.seatHolm()
	return b
}

// NewBalanceAgainst is NewBalance without the step-down: each count's rows leave out
// of their pools the characters ref's rows left out at that count, so that the rows of
// runs compared with ref (--tune-life's lives) share its references.
func NewBalanceAgainst(cs []resultfile.CountTally, alpha, z float64, ref *Balance) *Balance {
	b := &Balance{Alpha: alpha, Z: z}
	excl := make([][]string, len(cs))
	for i := range cs {
		b.addTests(&cs[i])
		excl[i] = ref.LeftOut(cs[i].Players)
	}
	b.characterRows(cs, excl)
	b.seatHolm()
	return b
}

// seatHolm applies Holm's adjustment over the shuffled seats' rows.
func (b *Balance) seatHolm() {
	ps, idx := []float64(nil), []int(nil)
	for i, s := range b.Seats {
		if !s.Fixed {
			ps, idx = append(ps, s.P), append(idx, i)
		}
	}
	for j, p := range Holm(ps) {
		b.Seats[idx[j]].PHolm = p
		b.Seats[idx[j]].Flagged = p < b.Alpha
	}
}

// characterRows computes every character row, each count's left-out characters taken
// from excl (parallel to cs), and Holm's adjustment over them.
func (b *Balance) characterRows(cs []resultfile.CountTally, excl [][]string) {
	b.Rows = b.Rows[:0]
	for i := range cs {
		b.addRows(&cs[i], excl[i])
	}
	ps := make([]float64, len(b.Rows))
	for i, r := range b.Rows {
		ps[i] = r.P
	}
	for i, p := range Holm(ps) {
		b.Rows[i].PHolm = p
		// A row with few games is never flagged: no normal test holds its level on a
		// dozen games (one at the observed rate read 0 of 12 against 14% as Holm p
		// 3e-6, where the exact chance is 0.16; under equal characters 70 of 100 runs
		// of 300 games flagged something, 1 of 100 with this rule and the pooled-rate
		// test, TestBalanceNullFewGamesNotFlagged).
		b.Rows[i].Flagged = p < b.Alpha && !b.Rows[i].Few
	}
}

// stepDown takes one step of the step-down at each count of cs not yet given up
// (plain): while a flagged character is still in the pools, the one with the largest
// |z| over its flagged rows (the first in the tally's order of equal ones) joins the
// count's left-out characters (excl). The step-down assumes a few exceptions among a
// majority of equal characters, who stand for "the others": when the left-out ones
// would reach half the characters with rows at the count, it gives up there, and the
// count's rows go back to the whole pool. It reports whether anything changed.
func (b *Balance) stepDown(cs []resultfile.CountTally, excl [][]string, plain []bool) bool {
	changed := false
	for i := range cs {
		if plain[i] {
			continue
		}
		n := cs[i].Players
		chars, pick, best := 0, "", -1.0
		for _, ch := range cs[i].Tally.Characters {
			if b.Row(n, resultfile.AllRoles, ch.Character) == nil {
				continue
			}
			chars++
			if slices.Contains(excl[i], ch.Character) {
				continue
			}
			for _, r := range b.Rows {
				if r.Players == n && r.Character == ch.Character && r.Flagged && math.Abs(r.Z) > best {
					pick, best = ch.Character, math.Abs(r.Z)
				}
			}
		}
		switch {
		case pick == "":
			continue
		case 2*(len(excl[i])+1) >= chars:
			excl[i], plain[i] = nil, true
		default:
			// In the tally's order, so that a row's LeftOut reads the same whatever the
			// order of the steps.
			var next []string
			for _, ch := range cs[i].Tally.Characters {
				if ch.Character == pick || slices.Contains(excl[i], ch.Character) {
					next = append(next, ch.Character)
				}
			}
			excl[i] = next
		}
		changed = true
	}
	return changed
}

// MaxHalfWidth returns the widest half-width of the character rows' intervals and its
// row (nil when there is none), the quantity --precision drives down.
func (b *Balance) MaxHalfWidth() (float64, *BalanceRow) {
	w, at := 0.0, (*BalanceRow)(nil)
	for i := range b.Rows {
		r := &b.Rows[i]
		if h := r.HalfWidth(); at == nil || h > w || math.IsNaN(h) {
			w, at = h, r
		}
	}
	return w, at
}

// Row returns the row of a character in a role (or resultfile.AllRoles) at a player
// count, or nil.
func (b *Balance) Row(players int, role, character string) *BalanceRow {
	for i := range b.Rows {
		r := &b.Rows[i]
		if r.Players == players && r.Role == role && r.Character == character {
			return r
		}
	}
	return nil
}

// Flagged returns the characters with at least one flagged row, in the order of the
// rows; with allOnly, those whose role-weighted row ("all") is flagged.
func (b *Balance) Flagged(allOnly bool) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range b.Rows {
		if allOnly && r.Role != resultfile.AllRoles {
			continue
		}
		if r.Flagged && !seen[r.Character] {
			seen[r.Character] = true
			out = append(out, r.Character)
		}
	}
	return out
}

// roleStat is one character's comparison in one role, with the pieces the role-weighted
// summary needs.
type roleStat struct {
	role       string
	k          float64 // seats of the role a game
	pc, po     float64 // the character's rate and the others'
	v          float64 // variance of pc − po (already × G/(G−1))
	v0         float64 // the same at the pooled rate (equal rates): the test's
	ec2, eo2   float64 // Σ of the squared residuals of the character and of the others (eo2 its maximum when bounded)
	nc, no     float64 // their player-games
	gc         float64 // games in which the character held the role
	bound      bool
	games      float64 // games at this count
	singleSeat bool    // the character never holds two seats of one game
}

// addTests adds the chi-square tests and the seat rows of one player count.
func (b *Balance) addTests(ct *resultfile.CountTally) {
	y := &ct.Tally
	for _, role := range y.Roles {
		if role.Dealt == 0 || role.Games == 0 {
			continue
		}
		b.Characters = append(b.Characters, characterChiSquare(ct.Players, role, y.Characters))
	}
	b.addSeats(ct.Players, y.Seats)
}

// addRows adds the character rows of one player count, each against the other
// characters of its role less those in excl.
func (b *Balance) addRows(ct *resultfile.CountTally, excl []string) {
	y := &ct.Tally
	n := ct.Players
	for _, ch := range y.Characters {
		single := true
		for _, rc := range ch.Roles {
			if rc.Role == resultfile.AllRoles {
				single = rc.SeatsSq == rc.Seats
			}
		}
		var left []string
		for _, e := range excl {
			if e != ch.Character {
				left = append(left, e)
			}
		}
		var stats []roleStat
		for _, role := range y.Roles {
			if role.Dealt == 0 || role.Games == 0 {
				continue
			}
			c, ok := charRoleCell(ch, role.Role)
			if !ok || c.Seats == 0 {
				continue
			}
			var fs []Cell
			for _, o := range y.Characters {
				if slices.Contains(left, o.Character) {
					if f, ok := charRoleCell(o, role.Role); ok && f.Seats > 0 {
						fs = append(fs, f)
					}
				}
			}
			st, ok := characterDiff(c, role.Cell, uint64(role.Dealt), fs)
			if !ok {
				continue
			}
			st.role, st.singleSeat = role.Role, single
			stats = append(stats, st)
			r := b.row(n, role.Role, ch.Character, c, st.pc, st.po, st.v, st.v0, st.bound)
			r.LeftOut = left
			b.Rows = append(b.Rows, r)
		}
		if len(stats) > 0 {
			r := b.allRow(n, ch, stats)
			r.LeftOut = left
			b.Rows = append(b.Rows, r)
		}
	}
}

// charRoleCell returns a character's cell in the named role.
func charRoleCell(ch resultfile.CharacterTally, role string) (Cell, bool) {
	for _, rc := range ch.Roles {
		if rc.Role == role {
			return rc.Cell, true
		}
	}
	return Cell{}, false
}

// row builds a character row from its rates and variance: the interval from v (at the
// observed rates), z and p from v0, the variance at the pooled rate, where given (a
// role's row; 0 for the `all` row, whose z and p come from v).
func (b *Balance) row(n int, role, character string, c Cell, pc, po, v, v0 float64, bound bool) BalanceRow {
	r := BalanceRow{Players: n, Role: role, Character: character, Games: c.Games, Seats: c.Seats, Wins: c.Wins,
		Rate: pc, Avg: po, Diff: pc - po, Bound: bound}
	r.SE, r.Low, r.High, r.Z, r.P = normalTest(r.Diff, v, b.Z)
	if v0 > 0 {
		_, _, _, r.Z, r.P = normalTest(r.Diff, v0, b.Z)
	}
	r.Few = c.Games < 30 || float64(c.Wins) < MinExpected || float64(c.Seats-c.Wins) < MinExpected
	return r
}

// normalTest returns the standard error, the interval, z and the two-sided p-value of
// an estimate d with variance v. A zero variance gives the point and p 0 (or 1 at d =
// 0), where compare's PairedDiff takes the worst case instead: here it takes a
// character that always or never wins in its role, whose row is marked Few (row).
func normalTest(d, v, z float64) (se, low, high, zs, p float64) {
	switch {
	case math.IsNaN(v) || math.IsInf(v, 1):
		return math.Inf(1), -1, 1, 0, 1
	case v <= 0:
		if d == 0 {
			return 0, d, d, 0, 1
		}
		return 0, d, d, math.Copysign(math.Inf(1), d), 0
	}
	se = math.Sqrt(v)
	zs = d / se
	// The lower tail, not Survival, to keep tiny p-values (see studentT).
	p = math.Min(1, 2*distuv.UnitNormal.CDF(-math.Abs(zs)))
	return se, math.Max(-1, d-z*se), math.Min(1, d+z*se), zs, p
}

// allRow is a character's role-weighted summary at one count: the per-role differences
// averaged with the roles' seat shares, and a variance that adds to each role's own the
// worst case of the covariances between roles that the tallies do not hold.
func (b *Balance) allRow(n int, ch resultfile.CharacterTally, stats []roleStat) BalanceRow {
	var wsum float64
	for _, s := range stats {
		wsum += s.k
	}
	var rate, avg, v float64
	bound := len(stats) > 1
	for i, s := range stats {
		w := s.k / wsum
		rate += w * s.pc
		avg += w * s.po
		v += w * w * s.v
		bound = bound || s.bound
		for _, t := range stats[i+1:] {
			v += 2 * w * (t.k / wsum) * crossBound(s, t)
		}
	}
	all, _ := charRoleCell(ch, resultfile.AllRoles)
	r := b.row(n, resultfile.AllRoles, ch.Character, all, rate, avg, v, 0, bound)
	return r
}

// crossBound bounds |Cov(D_r, D_r')| between a character's differences in two roles,
// D = pc − po (see docs/statistics.md): the character's own terms in two roles share
// no game when it holds one seat a game; a character term against the others' in the
// other role is bounded by Cauchy–Schwarz over the games the character played in its
// role, where the others' residual is at most k·max(p, 1−p) a game; the others' terms
// against each other by Cauchy–Schwarz over every game.
func crossBound(s, t roleStat) float64 {
	cc := 0.0
	if !s.singleSeat {
		cc = math.Sqrt(s.ec2*t.ec2) / (s.nc * t.nc)
	}
	co := func(a, o roleStat) float64 {
		full := math.Sqrt(a.ec2 * o.eo2)
		if !a.singleSeat {
			return full / (a.nc * o.no)
		}
		restricted := math.Sqrt(a.ec2) * math.Sqrt(a.gc) * o.k * math.Max(o.po, 1-o.po)
		return math.Min(full, restricted) / (a.nc * o.no)
	}
	oo := math.Sqrt(s.eo2*t.eo2) / (s.no * t.no)
	g := s.games
	return (cc + co(s, t) + co(t, s) + oo) * g / (g - 1)
}

// characterDiff compares a character's cell c in a role with the rest of the role's
// cell r (k seats a game) less the cells excl of the characters the step-down leaves
// out of the pool, by the game-clustered delta method. Per game g, with a and b the
// character's seats and wins in the role, A = k and B the role's, and f and h those of
// the left-out characters, the difference pc − po linearises to
// u_g = (b − pc·a)/Nc − ((B − b − h) − po·(A − a − f))/No, and the variance is
// Σu²·G/(G−1). Without excl, Σu² needs ΣbB and ΣaB, which the tallies hold only
// implicitly: when the role's seats always win or lose together (ΣB² = k·ΣB, the
// Sheriff, Deputies and Outlaws) both are k·Wc; otherwise (the 8-player Renegades)
// they are bounded by what each game allows and Σu² is taken at its largest. With
// excl, see leftOut. It reports false when the comparison is undefined (no other
// character, fewer than 2 games, or a role whose seats vary between games).
func characterDiff(c, r Cell, k uint64, excl []Cell) (roleStat, bool) {
	G := r.Games
	if G < 2 || c.Seats == 0 || r.Seats <= c.Seats || k == 0 {
		return roleStat{}, false
	}
	// A constant: every game has k seats of the role.
	if hi, lo := mul(k, G); hi != 0 || lo != r.Seats {
		return roleStat{}, false
	}
	if hi, lo := mul(k*k, G); hi != 0 || lo != r.SeatsSq {
		return roleStat{}, false
	}
	var nF, wF uint64
	for _, f := range excl {
		nF, wF = nF+f.Seats, wF+f.Wins
	}
	if r.Seats-c.Seats <= nF || r.Wins-c.Wins < wF {
		return roleStat{}, false
	}
	K := ratU(k)
	Nc, Wc := ratU(c.Seats), ratU(c.Wins)
	No := ratU(r.Seats - c.Seats - nF)
	pc := quo(Wc, Nc)
	po := quo(ratU(r.Wins-c.Wins-wF), No)
	cWS, cSW, cSS := ratU(c.WinsSq), ratU(c.SeatsWins), ratU(c.SeatsSq)
	rWS, rSW, rSS := ratU(r.WinsSq), ratU(r.SeatsWins), ratU(r.SeatsSq)

	kWc, kNc := mulR(K, Wc), mulR(K, Nc)
	type corner struct{ x1, x2 *big.Rat }
	var corners []corner
	bound := false
	team := false
	if hi, lo := mul(k, r.Wins); hi == 0 && lo == r.WinsSq {
		team = true
		corners = []corner{{kWc, kWc}} // all-or-none: b = a·T, B = k·T
	} else {
		bound = true
		atMostOne := r.WinsSq == r.Wins
		// B ≥ b and B − b ≤ k − a in every game; B ≤ 1 when at most one seat wins.
		lo1, hi1 := cWS, new(big.Rat).Add(cWS, new(big.Rat).Sub(kWc, cSW))
		lo2, hi2 := cSW, new(big.Rat).Add(cSW, new(big.Rat).Sub(kNc, cSS))
		if atMostOne {
			hi1 = minR(hi1, Wc)
			hi2 = minR(hi2, Nc)
		}
		corners = []corner{{lo1, lo2}, {lo1, hi2}, {hi1, lo2}, {hi1, hi2}}
	}
	// sums computes, at the rates pc (the character's) and po (the pool's), Σ(b − pc·a)²
	// and Σu_E² and ΣE² at their largest over the corners (see below): at the observed
	// rates for the interval, at the pooled rate for the test (equal rates, the null).
	sums := func(pc, po *big.Rat) (ec2, su2max, eo2max *big.Rat) {
		ec2 = sqDev(cWS, cSW, cSS, pc)  // Σ(b − pc·a)²
		eR2 := sqDev(rWS, rSW, rSS, po) // Σ(B − po·A)²
		f2 := sqDev(cWS, cSW, cSS, po)  // Σ(b − po·a)²
		ecf := new(big.Rat).Sub(cWS, mulR(new(big.Rat).Add(po, pc), cSW))
		ecf.Add(ecf, mulR(pc, po, cSS)) // Σ(b − pc·a)(b − po·a)
		// With excl, the sums below are those of the pool with the left-out characters
		// in it ("E", residuals (B − b) − po·(A − a)) but at the reduced pool's rate and
		// size, Σu_E² with u_E = (b − pc·a)/Nc − E/No; leftOut corrects them.
		for _, x := range corners {
			// Σ(B − po·A)(b − po·a) = ΣBb − po·ΣBa − po·k·Wc + po²·k·Nc
			eRf := new(big.Rat).Sub(x.x1, mulR(po, x.x2))
			eRf.Sub(eRf, mulR(po, kWc))
			eRf.Add(eRf, mulR(po, po, kNc))
			eo2 := new(big.Rat).Sub(eR2, mulR(ratI(2), eRf))
			eo2.Add(eo2, f2) // Σ((B − b) − po·(A − a))²
			// Σ(b − pc·a)(B − po·A) = ΣbB − po·k·Wc − pc·ΣaB + pc·po·k·Nc
			ecR := new(big.Rat).Sub(x.x1, mulR(po, kWc))
			ecR.Sub(ecR, mulR(pc, x.x2))
			ecR.Add(ecR, mulR(pc, po, kNc))
			eco := new(big.Rat).Sub(ecR, ecf)
			su2 := quo(ec2, mulR(Nc, Nc))
			su2.Add(su2, quo(eo2, mulR(No, No)))
			su2.Sub(su2, quo(mulR(ratI(2), eco), mulR(Nc, No)))
			if su2max == nil || su2.Cmp(su2max) > 0 {
				su2max = su2
			}
			if eo2max == nil || eo2.Cmp(eo2max) > 0 {
				eo2max = eo2
			}
		}
		return ec2, su2max, eo2max
	}
	ec2, su2max, eo2max := sums(pc, po)
	st := roleStat{
		k: float64(k), pc: flt(pc), po: flt(po),
		ec2: math.Max(0, flt(ec2)),
		nc:  flt(Nc), no: flt(No), gc: float64(c.Games), bound: bound, games: float64(G),
	}
	var su2f, eo2f float64
	if len(excl) == 0 {
		su2f, eo2f = flt(su2max), flt(eo2max)
	} else {
		su2f, eo2f = leftOut(c, excl, k, team, pc, po, No, ec2, su2max, eo2max)
		st.bound = st.bound || k > 1
	}
	g := float64(G)
	st.v = math.Max(0, su2f) * g / (g - 1)
	st.eo2 = math.Max(0, eo2f)
	// The test's variance, at the pooled rate p0 (the null: equal rates): taken at the
	// observed rates, a character with few wins got too small a variance and the row
	// too small a p-value (docs/statistics.md).
	p0 := quo(ratU(r.Wins-wF), ratU(r.Seats-nF))
	ec20, su20, eo20 := sums(p0, p0)
	su2f0 := flt(su20)
	if len(excl) > 0 {
		su2f0, _ = leftOut(c, excl, k, team, p0, p0, No, ec20, su20, eo20)
	}
	st.v0 = math.Max(0, su2f0) * g / (g - 1)
	return st, true
}

// leftOut turns Σu_E² and ΣE² (characterDiff's sums with the left-out characters still
// in the pool) into Σu² and the reduced pool's Σ(residual)², or bounds on them. With y
// the left-out characters' residual h − po·f in a game, the pool's residual is E − y,
// so u = u_E + y/No and Σu² = Σu_E² + 2·Σ(b − pc·a)·y/(Nc·No) − 2·ΣE·y/No² + Σy²/No².
//
//   - k = 1: the role's one seat is the character's, a left-out one's or the pool's,
//     so (b − pc·a)·y = 0 and E·y = y² in every game: Σu² = Σu_E² − Σy²/No², exact.
//   - seats that win or lose together (b = a·T, h = f·T): E·y = (k − a)·f·(T − po)² ≥ y²,
//     and (b − pc·a)·y = a·f·(T − pc)(T − po) ≥ 0, which the tallies cannot split from
//     the character's other games; it is bounded by Cauchy–Schwarz and by
//     max((1−pc)(1−po), pc·po)·Σa·f, with Σa·f ≤ min(k·Nc − Σa², k·Nf − Σf²), so
//     Σu² ≤ Σu_E² + 2·min(√(Σ(b − pc·a)²·Σy²), C)/(Nc·No) − Σy²/No², at its largest
//     over what Σy² may be.
//   - otherwise (the 8-player Renegades): Minkowski, √Σu² ≤ √Σu_E² + √Σy²/No.
//
// Σy² is exact with one left-out character (its own cell), otherwise between the sum
// of their own and (Σ√own)² (Minkowski); their pairs' cross terms are not tallied.
func leftOut(c Cell, excl []Cell, k uint64, team bool, pc, po, No, ec2, su2E, eo2E *big.Rat) (su2, eo2 float64) {
	yLo := new(big.Rat)
	yHiRoot := 0.0
	var nF, ssF uint64
	for _, f := range excl {
		e := sqDev(ratU(f.WinsSq), ratU(f.SeatsWins), ratU(f.SeatsSq), po)
		yLo.Add(yLo, e)
		yHiRoot += math.Sqrt(math.Max(0, flt(e)))
		nF, ssF = nF+f.Seats, ssF+f.SeatsSq
	}
	yHi := yHiRoot * yHiRoot
	if len(excl) == 1 {
		yHi = flt(yLo)
	}
	if k == 1 {
		s := new(big.Rat).Sub(su2E, quo(yLo, mulR(No, No)))
		e := new(big.Rat).Sub(eo2E, yLo)
		return flt(s), flt(e)
	}
	no := flt(No)
	if !team {
		r := math.Sqrt(math.Max(0, flt(su2E))) + math.Sqrt(yHi)/no
		e := math.Sqrt(math.Max(0, flt(eo2E))) + math.Sqrt(yHi)
		return r * r, e * e
	}
	nc := float64(c.Seats)
	sx := math.Max(0, flt(ec2))
	p, q := flt(pc), flt(po)
	m := math.Max((1-p)*(1-q), p*q)
	kf := float64(k)
	af := math.Min(kf*nc-float64(c.SeatsSq), kf*float64(nF)-float64(ssF))
	cm := m * math.Max(0, af)
	h := func(y float64) float64 {
		return 2*math.Min(math.Sqrt(sx*y), cm)/(nc*no) - y/(no*no)
	}
	lo := math.Max(0, flt(yLo))
	clamp := func(y float64) float64 { return math.Min(yHi, math.Max(lo, y)) }
	best := math.Max(h(lo), h(math.Max(lo, yHi)))
	best = math.Max(best, h(clamp(no*no*sx/(nc*nc)))) // where the Cauchy–Schwarz branch peaks
	if sx > 0 {
		best = math.Max(best, h(clamp(cm*cm/sx))) // where the two bounds meet
	}
	return flt(su2E) + best, flt(eo2E) - lo
}

// sqDev is Σ(y − p·m)² of a cell at rate p, from its Σy², Σm·y and Σm².
func sqDev(ws, sw, ss, p *big.Rat) *big.Rat {
	out := new(big.Rat).Set(ws)
	out.Sub(out, mulR(ratI(2), p, sw))
	return out.Add(out, mulR(p, p, ss))
}

// characterChiSquare tests that every character dealt a role at one count has the same
// win rate: Pearson's X² over the characters' wins and losses, divided by the design
// factor δ = E[X²]/(C − 1) under equal rates, where seats of the role in one game have
// correlation κ estimated from the role's cell (κ = 1 when they win or lose together):
// E[X²] = C − (1 + (k−1)κ) + κ·Σ(SeatsSq_c − Seats_c)/Seats_c (docs/statistics.md).
func characterChiSquare(n int, role resultfile.RoleTally, chars []resultfile.CharacterTally) ChiSquare {
	t := ChiSquare{Players: n, Role: role.Role, Adjusted: math.NaN(), P: math.NaN(), Stat: math.NaN(), Design: math.NaN()}
	var cells []Cell
	for _, ch := range chars {
		if c, ok := charRoleCell(ch, role.Role); ok && c.Seats > 0 {
			cells = append(cells, c)
		}
	}
	t.Groups, t.DF = len(cells), len(cells)-1
	N, W := float64(role.Seats), float64(role.Wins)
	if t.DF < 1 || N == 0 || W == 0 || W == N {
		return t
	}
	p := W / N
	q := 1 - p
	k := float64(role.Dealt)
	G := float64(role.Games)
	kappa := 0.0
	if k > 1 {
		// Σ(B − k·p)² over games, per game, against k·p·q for independent seats.
		s := float64(role.WinsSq) - 2*p*float64(role.SeatsWins) + p*p*float64(role.SeatsSq)
		kappa = (s/(G*p*q) - k) / (k * (k - 1))
	}
	x2, rep := 0.0, 0.0
	t.MinExpected = math.Inf(1)
	for _, c := range cells {
		nc := float64(c.Seats)
		d := float64(c.Wins) - nc*p
		x2 += d * d / (nc * p * q)
		rep += (float64(c.SeatsSq) - nc) / nc
		t.MinExpected = math.Min(t.MinExpected, nc*math.Min(p, q))
	}
	e := float64(t.Groups) - (1 + (k-1)*kappa) + kappa*rep
	t.Stat = x2
	t.Design = e / float64(t.DF)
	if t.Design > 0 {
		t.Adjusted = x2 / t.Design
		t.P = chiSquareP(t.Adjusted, t.DF)
	}
	t.Few = t.MinExpected < MinExpected
	return t
}

// chiSquareP is the upper tail of χ²(df) at x.
func chiSquareP(x float64, df int) float64 {
	return distuv.ChiSquared{K: float64(df)}.Survival(x)
}

// addSeats adds the seat rows and the seat test of one count. Seats 1…n−1 have their
// roles shuffled, so under no seat effect they share one rate; each is compared with
// the mean of the others. The tallies hold no product of two seats' wins, so the
// variance of a difference is bounded by the worst case (Cauchy–Schwarz): SE ≤ sd_s +
// mean of the others' sd; and the chi-square's design factor by its largest value,
// m/(m − 1) for m seats.
func (b *Balance) addSeats(n int, seats []Cell) {
	if len(seats) == 0 {
		return
	}
	b.Seats = append(b.Seats, SeatRow{Players: n, Seat: 0, Games: seats[0].Games, Wins: seats[0].Wins,
		Rate: rate(seats[0]), Avg: math.NaN(), Diff: math.NaN(), SE: math.NaN(), Low: math.NaN(), High: math.NaN(),
		Z: math.NaN(), P: math.NaN(), PHolm: math.NaN(), Fixed: true})
	shuffled := seats[1:]
	m := len(shuffled)
	if m < 2 {
		return
	}
	sd := make([]float64, m)
	for i, c := range shuffled {
		sd[i] = math.Sqrt(cellVar(c))
	}
	for i, c := range shuffled {
		var avg, osd float64
		for j, o := range shuffled {
			if j != i {
				avg += rate(o) / float64(m-1)
				osd += sd[j] / float64(m-1)
			}
		}
		r := SeatRow{Players: n, Seat: i + 1, Games: c.Games, Wins: c.Wins, Rate: rate(c), Avg: avg}
		r.Diff = r.Rate - avg
		se := sd[i] + osd
		r.SE, r.Low, r.High, r.Z, r.P = normalTest(r.Diff, se*se, b.Z)
		b.Seats = append(b.Seats, r)
	}
	t := ChiSquare{Players: n, Groups: m, DF: m - 1, Bound: true, Stat: math.NaN(), Design: math.NaN(), Adjusted: math.NaN(), P: math.NaN()}
	var N, W float64
	for _, c := range shuffled {
		N += float64(c.Seats)
		W += float64(c.Wins)
	}
	if N > 0 && W > 0 && W < N {
		p := W / N
		q := 1 - p
		x2 := 0.0
		t.MinExpected = math.Inf(1)
		for _, c := range shuffled {
			nc := float64(c.Seats)
			d := float64(c.Wins) - nc*p
			x2 += d * d / (nc * p * q)
			t.MinExpected = math.Min(t.MinExpected, nc*math.Min(p, q))
		}
		t.Stat = x2
		t.Design = float64(m) / float64(m-1)
		t.Adjusted = x2 / t.Design
		t.P = chiSquareP(t.Adjusted, t.DF)
		t.Few = t.MinExpected < MinExpected
	}
	b.SeatTests = append(b.SeatTests, t)
}

// rate is a cell's win rate, 0 when empty.
func rate(c Cell) float64 {
	if c.Seats == 0 {
		return 0
	}
	return float64(c.Wins) / float64(c.Seats)
}

// cellVar is the game-clustered variance of a cell's rate, Σ(y − p·m)²/N²·G/(G−1) (the
// variance WinRate's interval is built on; +Inf with fewer than 2 games).
func cellVar(c Cell) float64 {
	if c.Games < 2 || c.Seats == 0 {
		return math.Inf(1)
	}
	N := ratU(c.Seats)
	p := quo(ratU(c.Wins), N)
	s := new(big.Rat).Sub(ratU(c.WinsSq), mulR(ratI(2), p, ratU(c.SeatsWins)))
	s.Add(s, mulR(p, p, ratU(c.SeatsSq)))
	g := float64(c.Games)
	return math.Max(0, flt(quo(s, mulR(N, N)))) * g / (g - 1)
}

// The exact rational arithmetic of the variances: the expansions subtract large,
// nearly equal sums, as WinRate's does.

func ratU(u uint64) *big.Rat { return new(big.Rat).SetUint64(u) }

func ratI(i int64) *big.Rat { return new(big.Rat).SetInt64(i) }

func quo(a, b *big.Rat) *big.Rat { return new(big.Rat).Quo(a, b) }

func mulR(xs ...*big.Rat) *big.Rat {
	out := new(big.Rat).SetInt64(1)
	for _, x := range xs {
		out.Mul(out, x)
	}
	return out
}

func minR(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) <= 0 {
		return a
	}
	return b
}

func flt(x *big.Rat) float64 {
	f, _ := x.Float64()
	return f
}

// mul returns the 128-bit product of a and b as (hi, lo).
func mul(a, b uint64) (hi, lo uint64) { return bits.Mul64(a, b) }
