package main

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/lab"
)

// parsePlayers reads --players for game g: one count ("5"), a list ("4,5,6"), a range
// ("3-8") or a list of both ("3-5,8"). It returns the counts in increasing order,
// without repeats.
func parsePlayers(s string, g *lab.Game) ([]int, error) {
	bad := func() error {
		return usagef("malformed --players %q: want a count (5), a list (4,5,6) or a range (3-8)", s)
	}
	if strings.TrimSpace(s) == "" {
		return nil, bad()
	}
	var out []int
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		lo, hi, isRange := strings.Cut(item, "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		if err != nil {
			return nil, bad()
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil || b < a {
				return nil, bad()
			}
		}
		for n := a; n <= b; n++ {
			if n < g.MinPlayers || n > g.MaxPlayers {
				return nil, usagef("--players %q: %d players is outside %d to %d", s, n, g.MinPlayers, g.MaxPlayers)
			}
			if slices.Contains(out, n) {
				return nil, usagef("--players %q names %d players twice", s, n)
			}
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, nil
}
