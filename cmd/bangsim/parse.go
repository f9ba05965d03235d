package main

import (
	"fmt"
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

// shardSpec is --shard K/N: this process plays the K-th of N contiguous slices of the
// game indices, K counted from 1.
type shardSpec struct {
	K, N int
}

// String formats the spec as the flag takes it.
func (s shardSpec) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// parseShard reads --shard K/N with 1 <= K <= N.
func parseShard(s string) (shardSpec, error) {
	ks, ns, ok := strings.Cut(strings.TrimSpace(s), "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return shardSpec{}, usagef("malformed --shard %q: want K/N, e.g. 1/4 for the first of 4 shards", s)
	}
	if n < 1 || k < 1 || k > n {
		return shardSpec{}, usagef("bad --shard %q: want K/N with 1 <= K <= N (shards are numbered from 1)", s)
	}
	return shardSpec{K: k, N: n}, nil
}
