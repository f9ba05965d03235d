package league

import (
	"fmt"
	"strings"
	"testing"
)

// finals plays the knock-out over k ranked players (player i has rank i+1) of total,
// with the duel given, and returns the result and the matches as text.
func finals(t *testing.T, total, k int, duel Duel, withdrawn ...int) (*Result, string) {
	t.Helper()
	res := &Result{Standings: make([]Standing, total)}
	for i := range res.Standings {
		res.Standings[i].Player = i
		if i < k {
			res.Standings[i].Rank = i + 1
			res.Ranking = append(res.Ranking, i)
		}
	}
	for _, w := range withdrawn {
		res.Standings[w].Withdrawn = true
	}
	r := &season{l: &League{cfg: Config{Duel: duel}}, duelSeed: 99}
	r.knockout(res)
	var b strings.Builder
	seeds := map[uint64]bool{}
	for _, m := range res.Matches {
		fmt.Fprintf(&b, "%s %d-%d %d", m.Round, m.HigherRank, m.LowerRank, m.Winner+1)
		if m.Forfeit {
			b.WriteString(" forfeit")
		}
		b.WriteString("\n")
		if seeds[m.Seed] {
			t.Errorf("two matches share the seed %d", m.Seed)
		}
		seeds[m.Seed] = true
	}
	return res, b.String()
}

func places(res *Result) []int {
	p := make([]int, len(res.Standings))
	for i, s := range res.Standings {
		p[i] = s.Place
	}
	return p
}

func higherWins(Match) DuelOutcome { return DuelOutcome{HigherWins: true} }
func lowerWins(Match) DuelOutcome  { return DuelOutcome{} }

// ruling L4: quarter-finals 1–8, 2–7, 3–6, 4–5; semi-finals between their winners (1/8
// against 4/5, 2/7 against 3/6); third place between the semi-final losers; a final.
func TestKnockoutBracket(t *testing.T) {
	res, got := finals(t, 10, 10, higherWins)
	checkLog(t, got, `
		quarter-final 1-8 1
		quarter-final 4-5 4
		quarter-final 2-7 2
		quarter-final 3-6 3
		semi-final 1-4 1
		semi-final 2-3 2
		third-place 3-4 3
		final 1-2 1
	`)
	if p := fmt.Sprint(places(res)); p != "[1 2 3 4 5 5 5 5 0 0]" {
		t.Errorf("places %s", p)
	}
	res, got = finals(t, 8, 8, lowerWins)
	checkLog(t, got, `
		quarter-final 1-8 8
		quarter-final 4-5 5
		quarter-final 2-7 7
		quarter-final 3-6 6
		semi-final 5-8 8
		semi-final 6-7 7
		third-place 5-6 6
		final 7-8 8
	`)
	if p := fmt.Sprint(places(res)); p != "[5 5 5 5 4 3 2 1]" {
		t.Errorf("places %s", p)
	}
}

// Withdrawing before a duel loses it (seed 003): a player who withdrew before the finals
// (Withdrawal.Finals; one withdrawn earlier is not ranked) keeps the seat, and the
// opponent goes through without a duel being played.
func TestKnockoutForfeit(t *testing.T) {
	calls := 0
	count := func(m Match) DuelOutcome { calls++; return DuelOutcome{HigherWins: true} }
	_, got := finals(t, 8, 8, count, 0, 6)
	checkLog(t, got, `
		quarter-final 1-8 8 forfeit
		quarter-final 4-5 4
		quarter-final 2-7 2 forfeit
		quarter-final 3-6 3
		semi-final 4-8 4
		semi-final 2-3 2
		third-place 3-8 3
		final 2-4 2
	`)
	if calls != 6 {
		t.Errorf("%d duels played, want 6 (two forfeits)", calls)
	}
}

// With fewer than 8 ranked players the missing seeds are byes: no match, the other goes
// through.
func TestKnockoutByes(t *testing.T) {
	res, got := finals(t, 5, 3, higherWins)
	checkLog(t, got, `
		semi-final 2-3 2
		final 1-2 1
	`)
	if p := fmt.Sprint(places(res)); p != "[1 2 3 0 0]" {
		t.Errorf("places %s", p)
	}
	if res, got := finals(t, 3, 0, higherWins); got != "" || fmt.Sprint(places(res)) != "[0 0 0]" {
		t.Errorf("no ranked player: matches %q places %v", got, places(res))
	}
}

// CoinDuel, the stand-in, depends on the match seed only and is about fair.
func TestCoinDuel(t *testing.T) {
	wins := 0
	for i := uint64(0); i < 10000; i++ {
		m := Match{Seed: i * 0x9e3779b97f4a7c15}
		if CoinDuel(m) != CoinDuel(m) {
			t.Fatal("CoinDuel is not a function of the match")
		}
		if CoinDuel(m).HigherWins {
			wins++
		}
	}
	if wins < 4800 || wins > 5200 {
		t.Errorf("the better-ranked won %d of 10,000 coin duels", wins)
	}
}

// LongDuel plays the finals with the card engine: a function of the match seed, both
// seats' bots the same, so the better-ranked player wins about as often as it would
// by its draft-order choice alone (lab/cardgame's TestLeagueDuelRefusesUnknownBots
// checks the names).
func TestLongDuelHook(t *testing.T) {
	duel := testLongDuel()
	higher := 0
	const n = 400
	for i := 0; i < n; i++ {
		m := Match{Round: Final, Seed: uint64(i)*7919 + 1}
		a := duel(m)
		if a != duel(m) {
			t.Fatal("LongDuel is not a function of the match")
		}
		if a.HigherWins {
			higher++
		}
	}
	t.Logf("better-ranked (picks first, value drafts) won %d of %d", higher, n)
	if higher < n/4 || higher > 3*n/4 {
		t.Fatalf("better-ranked won %d of %d between equal bots", higher, n)
	}
	res, _ := finals(t, 10, 8, duel)
	if len(res.Matches) != 8 {
		t.Fatalf("%d matches with the long duel", len(res.Matches))
	}
}
