package lab

import (
	"cmp"
	"fmt"
	"slices"
)

// Span is the range [Lo, Hi) of game (duel, season) indices one shard directory holds.
type Span struct {
	Lo, Hi uint64
	Dir    string
}

// Cover checks that spans, the shards of one run, hold each index of [0, total) at
// most once, and lists the ranges none holds ("duels 100-199"): every merge's check,
// so a merge never counts a game twice and says exactly what a partial one lacks.
// unit names the indices in the messages ("games", "duels", "seasons"), of ends the
// overlap's ("of 5 players"), prefix starts each missing range ("players 5: ").
// spans is sorted in place. An overlap is an error wrapping ErrBadShard; held is the
// number of indices the spans hold.
func Cover(spans []Span, total uint64, unit, of, prefix string) (missing []string, held uint64, err error) {
	slices.SortFunc(spans, func(x, y Span) int { return cmp.Compare(x.Lo, y.Lo) })
	var next uint64
	for i, sp := range spans {
		if i > 0 && sp.Lo < spans[i-1].Hi {
			return nil, 0, fmt.Errorf("%w: %s and %s both hold %s %d to %d%s: merging would count them twice",
				ErrBadShard, spans[i-1].Dir, sp.Dir, unit, sp.Lo, min(sp.Hi, spans[i-1].Hi)-1, of)
		}
		if sp.Lo > next {
			missing = append(missing, fmt.Sprintf("%s%s %d-%d", prefix, unit, next, sp.Lo-1))
		}
		held += sp.Hi - sp.Lo
		next = sp.Hi
	}
	if next < total {
		missing = append(missing, fmt.Sprintf("%s%s %d-%d", prefix, unit, next, total-1))
	}
	return missing, held, nil
}
