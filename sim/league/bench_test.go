package league

import "testing"

// BenchmarkSeason plays whole default seasons (20 players, 6 meetings of 3 games,
// heuristic bots, value bidders) on one core; the values are measured once, outside the
// loop, as NewLeague does for a run of many seasons:
//
//	go test ./sim/league -run '^$' -bench Season -cpu 1
func BenchmarkSeason(b *testing.B) {
	l := testLeague(b)
	b.ReportAllocs()
	seasons, games := 0, 0
	for b.Loop() {
		res, err := l.Season(uint64(seasons))
		if err != nil {
			b.Fatal(err)
		}
		games += len(res.Games)
		seasons++
	}
	b.ReportMetric(float64(seasons)/b.Elapsed().Seconds(), "seasons/s")
	b.ReportMetric(float64(games)/float64(seasons), "games/season")
}
