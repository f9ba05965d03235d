package cardbots_test

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/card"
)

// sideWins plays games at n players with spec law at the Sheriff's and Deputies' seats and
// spec other at the Outlaws' and the Renegade's, and returns the games the law won, the
// games the Outlaws won, the Renegade's wins and the draws.
func sideWins(t testing.TB, n, games int, run uint64, law, other string) (lawW, outW, renW, draws int) {
	lp, ln := newPolicy(t, law)
	op, on := newPolicy(t, other)
	tb, err := card.NewTable(card.DefaultRules(n), [card.NumRoles]card.Policy{lp, lp, op, op})
	if err != nil {
		t.Fatal(err)
	}
	tb.RoleNeeds = [card.NumRoles]card.Needs{ln, ln, on, on}
	tb.NeedsDeclared = true
	for i := 0; i < games; i++ {
		g := tb.Play(seed.ForGame(run, uint64(i)))
		switch {
		case g.Draw:
			draws++
		case g.Winners&1 != 0:
			lawW++
		default:
			w := int(g.Winners)
			for s := 0; s < n; s++ {
				if w>>s&1 == 1 {
					if g.Role[s] == card.Renegade {
						renW++
					} else {
						outW++
					}
					break
				}
			}
		}
	}
	return
}

// wilson returns the 95% Wilson interval of k successes in n trials.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.96
	p := float64(k) / float64(n)
	d := 1 + z*z/float64(n)
	c := (p + z*z/(2*float64(n))) / d
	h := z * math.Sqrt(p*(1-p)/float64(n)+z*z/(4*float64(n)*float64(n))) / d
	return c - h, c + h
}

// TestHeuristicBeatsRandom is a generous check of strength: in 300 five-player games the
// heuristic law (Sheriff and Deputy) against random Outlaws and Renegade must win far more
// often than random law against heuristic Outlaws and Renegade. TestMeasureStrength
// gives the numbers.
func TestHeuristicBeatsRandom(t *testing.T) {
	const games = 300
	hl, _, _, _ := sideWins(t, 5, games, 11, "heuristic", "random")
	rl, _, _, _ := sideWins(t, 5, games, 11, "random", "heuristic")
	if hl < games/2 || rl > games/3 {
		t.Errorf("heuristic law won %d of %d against random, random law %d of %d against heuristic", hl, games, rl, games)
	}
}

// TestMeasureStrength measures the heuristic against random and the cost of hidden roles
// (omniscient). It runs only with BANGSIM_MEASURE=1:
//
//	BANGSIM_MEASURE=1 BANGSIM_MEASURE_GAMES=2000 go test ./strategy/cardbots -run MeasureStrength -v
//
// For each pairing (law: Sheriff and Deputies; other: Outlaws and Renegade) it prints the
// law's, the Outlaws' and the Renegade's win rates with 95% Wilson intervals.
func TestMeasureStrength(t *testing.T) {
	if os.Getenv("BANGSIM_MEASURE") != "1" {
		t.Skip("set BANGSIM_MEASURE=1 to measure")
	}
	games := 2000
	if s := os.Getenv("BANGSIM_MEASURE_GAMES"); s != "" {
		g, err := strconv.Atoi(s)
		if err != nil {
			t.Fatal(err)
		}
		games = g
	}
	players := []int{5}
	if s := os.Getenv("BANGSIM_MEASURE_PLAYERS"); s != "" {
		players = nil
		for _, f := range strings.Split(s, ",") {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			players = append(players, n)
		}
	}
	pairs := [][2]string{
		{"random", "random"},
		{"heuristic", "random"},
		{"random", "heuristic"},
		{"heuristic", "heuristic"},
		{"omniscient", "heuristic"},
		{"heuristic", "omniscient"},
		{"omniscient", "omniscient"},
	}
	if s := os.Getenv("BANGSIM_MEASURE_PAIRS"); s != "" {
		pairs = nil
		for _, f := range strings.Split(s, ";") {
			a, b, _ := strings.Cut(f, "/")
			pairs = append(pairs, [2]string{a, b})
		}
	}
	for _, n := range players {
		fmt.Printf("%d players, %d games a pairing (law: Sheriff+Deputies; other: Outlaws+Renegade)\n", n, games)
		fmt.Printf("%-12s %-12s %-22s %-22s %-22s %s\n", "law", "other", "law wins", "outlaw wins", "renegade wins", "draws")
		for _, pr := range pairs {
			l, o, r, d := sideWins(t, n, games, 42, pr[0], pr[1])
			f := func(k int) string {
				lo, hi := wilson(k, games)
				return fmt.Sprintf("%5.1f%% [%4.1f, %4.1f]", 100*float64(k)/float64(games), 100*lo, 100*hi)
			}
			fmt.Printf("%-12s %-12s %-22s %-22s %-22s %d\n", pr[0], pr[1], f(l), f(o), f(r), d)
		}
		fmt.Println()
	}
}
