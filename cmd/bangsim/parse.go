package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/sim/dice"
)

// parsePlayers reads --players: one count ("5"), a list ("4,5,6"), a range ("3-8") or a
// list of both ("3-5,8"). It returns the counts in increasing order, without repeats.
func parsePlayers(s string) ([]int, error) {
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
			if n < dice.MinPlayers || n > dice.MaxPlayers {
				return nil, usagef("--players %q: %d players is outside %d to %d", s, n, dice.MinPlayers, dice.MaxPlayers)
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

// characterChoice is --characters resolved: a deal and, for a list, its characters.
type characterChoice struct {
	Deal dice.Deal
	List []dice.Character
}

// parseCharacters reads --characters: "random", "plain" or a comma-separated list of
// character names or slugs, in any case; fixedSeats gives list[i] to seat i.
func parseCharacters(s string, fixedSeats bool) (characterChoice, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "random":
		if fixedSeats {
			return characterChoice{}, usagef("--fixed-seats needs a list of characters, e.g. --characters plain,plain,plain")
		}
		return characterChoice{Deal: dice.DealRandom}, nil
	case "plain":
		if fixedSeats {
			return characterChoice{}, usagef("--fixed-seats needs a list of characters, e.g. --characters plain,plain,plain")
		}
		return characterChoice{Deal: dice.DealPlain}, nil
	}
	var list []dice.Character
	for _, name := range strings.Split(s, ",") {
		if strings.TrimSpace(name) == "" {
			return characterChoice{}, usagef("malformed --characters %q: an empty name in the list", s)
		}
		c, err := dice.ParseCharacter(name)
		if err != nil {
			return characterChoice{}, asUsage(err)
		}
		list = append(list, c)
	}
	if len(list) > dice.MaxPool {
		return characterChoice{}, usagef("--characters lists %d characters, at most %d", len(list), dice.MaxPool)
	}
	deal := dice.DealPool
	if fixedSeats {
		deal = dice.DealSeats
	}
	return characterChoice{Deal: deal, List: list}, nil
}

// dealName names a deal as run.json records it.
func dealName(d dice.Deal) string {
	switch d {
	case dice.DealRandom:
		return "random"
	case dice.DealPlain:
		return "plain"
	case dice.DealPool:
		return "pool"
	case dice.DealSeats:
		return "fixed-seats"
	}
	return "unknown"
}

// parseRolePolicy reads one --policy-for ROLE=NAME.
func parseRolePolicy(s string) (dice.Role, string, error) {
	role, name, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(name) == "" {
		return 0, "", usagef("malformed --policy-for %q: want ROLE=NAME, e.g. outlaw=random", s)
	}
	r, err := dice.ParseRole(role)
	if err != nil {
		return 0, "", usagef("--policy-for %s: %w", s, err)
	}
	return r, strings.TrimSpace(name), nil
}
