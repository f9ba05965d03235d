package main

import (
	"fmt"

	"github.com/bangsim/bangsim/lab"
)

// checkGamesTotal refuses flag's value of games per player count when over counts player
// counts it adds up to more games than a run can count (lab.MaxGames): a usage error
// before anything is played, instead of totals that wrap around.
func checkGamesTotal(flag string, games uint64, counts int) error {
	if _, ok := lab.GamesProduct(games, uint64(counts)); ok {
		return nil
	}
	what := fmt.Sprintf("%s %d", flag, games)
	if counts > 1 {
		what += fmt.Sprintf(" at %d player counts", counts)
	}
	return asUsage(lab.TooManyGames(what))
}
