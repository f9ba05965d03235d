package main

import (
	"github.com/bangsim/bangsim/lab"
)

// parsePlayers reads --players for game g: one count ("5"), a list ("4,5,6"), a range
// ("3-8") or a list of both ("3-5,8"). It returns the counts in increasing order,
// without repeats.
func parsePlayers(s string, g *lab.Game) ([]int, error) {
	out, err := lab.ParsePlayers(s, g)
	if err != nil {
		return nil, asUsage(err)
	}
	return out, nil
}
