package benchmarks

import "testing"

// reportGames reports a whole-game benchmark's rate (games/s over its timed loop) and the
// games' mean length (turns/game), for games played games with turns turns in all.
func reportGames(b *testing.B, games, turns uint64) {
	if s := b.Elapsed().Seconds(); s > 0 {
		b.ReportMetric(float64(games)/s, "games/s")
	}
	if games > 0 {
		b.ReportMetric(float64(turns)/float64(games), "turns/game")
	}
}
