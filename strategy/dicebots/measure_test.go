package dicebots_test

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// TestMeasureSearch measures how much better than heuristic a policy plays each role
// (by default search). It runs only with BANGSIM_MEASURE=1:
//
//	BANGSIM_MEASURE=1 BANGSIM_MEASURE_GAMES=400 go test ./strategy/dicebots -run MeasureSearch -v -timeout 0
//
// For each of G seeds (run BANGSIM_MEASURE_RUN, default 1) and each role it plays the
// 5-player game (rulebook rules, random characters) with the measured policy in the
// first seat holding that role and heuristic everywhere else, and the same seed with
// heuristic everywhere: common random numbers, so the two games share the deal and the
// dice stream, and the difference is paired. It prints each role's win rate for both
// with 95% Wilson intervals, and the paired difference with its 95% normal interval.
// BANGSIM_MEASURE_SPEC picks the measured policy (default search), BANGSIM_MEASURE_PLAYERS
// the table size, BANGSIM_MEASURE_WORKERS the goroutines (default GOMAXPROCS).
func TestMeasureSearch(t *testing.T) {
	if os.Getenv("BANGSIM_MEASURE") != "1" {
		t.Skip("set BANGSIM_MEASURE=1 to measure (minutes)")
	}
	spec := envOr("BANGSIM_MEASURE_SPEC", "search")
	games := envInt(t, "BANGSIM_MEASURE_GAMES", 200)
	players := envInt(t, "BANGSIM_MEASURE_PLAYERS", 5)
	run := uint64(envInt(t, "BANGSIM_MEASURE_RUN", 1))
	workers := envInt(t, "BANGSIM_MEASURE_WORKERS", runtime.GOMAXPROCS(0))
	start := time.Now()
	res, err := measureVsHeuristic(spec, players, run, games, workers)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("%s vs heuristic, %d players, %d seeds (run %d), %s on %d workers\n\n", spec, players, games, run, time.Since(start).Round(time.Second), workers)
	fmt.Print(res.table(spec))
}

func envOr(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

func envInt(t *testing.T, k string, def int) int {
	v := os.Getenv(k)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive integer", k, v)
	}
	return n
}

// measureRow holds one role's paired results.
type measureRow struct {
	n        int // games
	base     int // heuristic wins in that seat
	test     int // measured policy wins in that seat
	sum, sq  int // paired differences test - base
	measured bool
}

type measureResult struct {
	rows [dice.NumRoles]measureRow
}

// measureVsHeuristic plays the paired games described at TestMeasureSearch.
func measureVsHeuristic(spec string, players int, run uint64, games, workers int) (*measureResult, error) {
	e, err := dicebots.Lookup(spec)
	if err != nil {
		return nil, err
	}
	rules := dice.DefaultRules(players)
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	var mu sync.Mutex
	res := &measureResult{}
	var wg sync.WaitGroup
	next := make(chan uint64)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			test := e.New()
			heur := dicebots.Heuristic{}
			tb, err := dice.NewTable(rules, [dice.NumRoles]dice.Policy{heur, heur, heur, heur})
			if err != nil {
				panic(err)
			}
			var g *dice.State
			play := func(gs uint64, seat int) {
				tb.BySeat = [dice.MaxPlayers]dice.Policy{}
				if seat >= 0 {
					tb.BySeat[seat] = test
				}
				g = tb.Play(gs)
			}
			for i := range next {
				gs := seed.ForGame(run, i)
				play(gs, -1)
				baseWin := g.Winners
				roles := g.Role
				var local [dice.NumRoles]measureRow
				for r := dice.Role(0); r < dice.NumRoles; r++ {
					seat := -1
					for s := 0; s < players; s++ {
						if roles[s] == r {
							seat = s
							break
						}
					}
					if seat < 0 {
						continue
					}
					play(gs, seat)
					b, x := int(baseWin>>uint(seat)&1), int(g.Winners>>uint(seat)&1)
					row := &local[r]
					row.measured = true
					row.n++
					row.base += b
					row.test += x
					row.sum += x - b
					row.sq += (x - b) * (x - b)
				}
				mu.Lock()
				for r := range local {
					if !local[r].measured {
						continue
					}
					o := &res.rows[r]
					o.measured = true
					o.n += local[r].n
					o.base += local[r].base
					o.test += local[r].test
					o.sum += local[r].sum
					o.sq += local[r].sq
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < games; i++ {
		next <- uint64(i)
	}
	close(next)
	wg.Wait()
	return res, nil
}

// pairedCI returns the mean paired difference and its 95% normal interval.
func (r *measureRow) pairedCI() (mean, lo, hi float64) {
	n := float64(r.n)
	mean = float64(r.sum) / n
	v := (float64(r.sq)/n - mean*mean) * n / max(n-1, 1)
	h := 1.96 * math.Sqrt(max(v, 0)/n)
	return mean, mean - h, mean + h
}

// table renders the result as a Markdown table.
func (res *measureResult) table(spec string) string {
	z := report.ZFor(0.95)
	out := fmt.Sprintf("| role (seat measured) | games | heuristic wins | %s wins | difference |\n|---|---:|---|---|---|\n", spec)
	var all measureRow
	for r := dice.Role(0); r < dice.NumRoles; r++ {
		row := &res.rows[r]
		if !row.measured {
			continue
		}
		all.n += row.n
		all.base += row.base
		all.test += row.test
		all.sum += row.sum
		all.sq += row.sq
		out += res.line(r.String(), row, z)
	}
	all.measured = true
	out += res.line("all roles", &all, z)
	return out
}

func (res *measureResult) line(name string, row *measureRow, z float64) string {
	pct := func(k int) string {
		lo, hi := report.Wilson(float64(k), float64(row.n), z)
		return fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*float64(k)/float64(row.n), 100*lo, 100*hi)
	}
	m, lo, hi := row.pairedCI()
	return fmt.Sprintf("| %s | %d | %s | %s | %+.1f pp [%+.1f, %+.1f] |\n", name, row.n, pct(row.base), pct(row.test), 100*m, 100*lo, 100*hi)
}
