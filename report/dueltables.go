package report

import (
	"strconv"

	"github.com/bangsim/bangsim/resultfile"
)

// DuelTable is one CSV file of a duel directory: its name and its table, for the file
// and for `bangsim duel --json` alike.
type DuelTable struct {
	Name string
	Table
}

// DuelOrders names the rows of order.csv: the side that picked first and the side that
// started first, in DuelCounts.OrderWins' order.
var DuelOrders = [2]string{"pick-first", "start-first"}

// DuelTables returns seats.csv, order.csv and characters.csv of a duel tally, and
// duel-paired.csv for a paired run. Rates and intervals are fractions with 6 decimals,
// the intervals Wilson score intervals at Confidence: a duel is one trial with one
// winner, so no clustering is needed (but in duel-paired.csv, whose two duels of a seed
// are one cluster).
func DuelTables(t *resultfile.DuelTally) []DuelTable {
	c := &t.Counts
	z := ZFor(Confidence)
	seats := DuelTable{resultfile.SeatsFile, Table{Header: []string{"seat", "policy", "draft_policy", "duels", "wins", "draws", "win_rate", "ci_low", "ci_high"}}}
	for s := range 2 {
		pol, draft := t.Policy[s], t.DraftPolicy[s]
		if c.Paired != nil {
			// Each seat was played by both players, half the duels each.
			pol, draft = t.Policy[s]+"/"+t.Policy[1-s], t.DraftPolicy[s]+"/"+t.DraftPolicy[1-s]
		}
		row := []string{strconv.Itoa(s), pol, draft, u64(c.Duels), u64(c.SeatWins[s]), u64(c.Draws)}
		seats.Rows = append(seats.Rows, append(row, duelRateCols(c.SeatWins[s], c.Duels, z)...))
	}
	order := DuelTable{resultfile.DuelOrderFile, Table{Header: []string{"order", "duels", "wins", "win_rate", "ci_low", "ci_high"}}}
	for i, name := range DuelOrders {
		row := []string{name, u64(c.Duels), u64(c.OrderWins[i])}
		order.Rows = append(order.Rows, append(row, duelRateCols(c.OrderWins[i], c.Duels, z)...))
	}
	chars := DuelTable{resultfile.CharactersFile, Table{Header: []string{"character", "duels", "wins", "win_rate", "ci_low", "ci_high"}}}
	for _, ch := range c.Characters {
		row := []string{ch.Character, u64(ch.Duels), u64(ch.Wins)}
		chars.Rows = append(chars.Rows, append(row, duelRateCols(ch.Wins, ch.Duels, z)...))
	}
	tables := []DuelTable{seats, order, chars}
	if c.Paired != nil {
		tables = append(tables, DuelPairedTable(t))
	}
	return tables
}

// DuelPairedTable is duel-paired.csv of a paired run: each player (A: seat 0's bots as
// given, B: seat 1's) over both seatings of every duel seed, its win rate with a
// cluster-robust Wilson interval (the seed's two duels a cluster), and its win rate
// less the other's with the paired interval and p-value `compare` uses (PairedDiff).
func DuelPairedTable(t *resultfile.DuelTally) DuelTable {
	p := t.Counts.Paired
	z := ZFor(Confidence)
	tb := DuelTable{resultfile.DuelPairedFile, Table{Header: []string{"player", "policy", "draft_policy", "pairs", "duels", "wins", "draws",
		"win_rate", "ci_low", "ci_high", "diff", "diff_low", "diff_high", "p_value"}}}
	diff := PairedDiff(PairedCell(p.Diff), z)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	for i, name := range []string{"A", "B"} {
		iv := WinRate(p.Players[i], z)
		d := diff
		// B's difference is A's negated; +0 below turns a negated zero into 0, not -0.
		if i == 1 {
			d.Mean, d.Low, d.High = -diff.Mean, -diff.High, -diff.Low
		}
		tb.Rows = append(tb.Rows, []string{name, t.Policy[i], t.DraftPolicy[i], u64(p.Pairs), u64(t.Counts.Duels), u64(p.Players[i].Wins), u64(t.Counts.Draws),
			f(iv.Rate), f(iv.Low), f(iv.High), f(d.Mean + 0), f(d.Low + 0), f(d.High + 0), strconv.FormatFloat(d.P, 'g', 6, 64)})
	}
	return tb
}

// DuelInterval is k wins in n duels with its Wilson interval at Confidence (all zero
// when n is 0).
func DuelInterval(k, n uint64) Interval {
	if n == 0 {
		return Interval{}
	}
	lo, hi := Wilson(float64(k), float64(n), ZFor(Confidence))
	return Interval{Rate: float64(k) / float64(n), Low: lo, High: hi, EffectiveN: float64(n)}
}

// duelRateCols returns win_rate, ci_low and ci_high of k wins in n as CSV fields (empty
// when n is 0).
func duelRateCols(k, n uint64, z float64) []string {
	if n == 0 {
		return []string{"", "", ""}
	}
	lo, hi := Wilson(float64(k), float64(n), z)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	return []string{f(float64(k) / float64(n)), f(lo), f(hi)}
}

// u64 formats a count.
func u64(v uint64) string { return strconv.FormatUint(v, 10) }
