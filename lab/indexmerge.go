package lab

import (
	"fmt"

	"github.com/bangsim/bangsim/resultfile"
)

// indexedShard is a shard of an experiment over game indices whose tally is counts of
// type C (a comparison's, a ladder's), as mergeIndexed reads it.
type indexedShard[C any] interface {
	shardDir() string
	partialMerge() []string // the shards it merged, when it is itself a partial merge
	counts() *C
	span() (first, indices uint64) // the game indices its counts cover
	gameIndices() uint64           // the whole experiment's
	seconds() float64
}

// mergeable is the counts of a tally: added by Merge, copied by Clone.
type mergeable[C any] interface {
	*C
	Merge(o *C) error
	Clone() C
}

// mergeIndexed reads the shards of m.Dirs with read, refuses (wrapping ErrBadShard) a
// partial merge among them and a shard unlike the first (same says why), adds their
// counts up and finds the indices none holds: the part every indexed merge (MergeCompare,
// MergeLadders) shares. elapsed is the slowest shard's time (they ran side by side).
func mergeIndexed[S indexedShard[C], C any, P mergeable[C]](m MergeSpec, read func(dir string) (S, error), same func(a, b S) string) (
	shards []S, sum C, missing []string, elapsed float64, err error) {
	if err = CheckMergeOut(m.Out, m.Dirs); err != nil {
		return
	}
	for _, d := range m.Dirs {
		s, rerr := read(d)
		if rerr != nil {
			return nil, sum, nil, 0, rerr
		}
		if from := s.partialMerge(); len(from) > 0 {
			return nil, sum, nil, 0, fmt.Errorf("%w %s: it is a partial merge, whose indices need not be one range; merge the shards it was made from (%s) instead",
				ErrBadShard, d, resultfile.PlainList(from))
		}
		if len(shards) > 0 {
			if why := same(shards[0], s); why != "" {
				return nil, sum, nil, 0, fmt.Errorf("%w %s with %s: %s", ErrBadShard, d, shards[0].shardDir(), why)
			}
		}
		shards = append(shards, s)
	}
	first := shards[0]
	var spans []Span
	sum = P(first.counts()).Clone()
	for i, s := range shards {
		elapsed = max(elapsed, s.seconds())
		if lo, n := s.span(); n > 0 {
			spans = append(spans, Span{lo, lo + n, s.shardDir()})
		}
		if i == 0 {
			continue
		}
		if merr := P(&sum).Merge(s.counts()); merr != nil {
			return nil, sum, nil, 0, fmt.Errorf("%w %s: %w", ErrBadShard, s.shardDir(), merr)
		}
	}
	missing, _, err = Cover(spans, first.gameIndices(), "game indices", "", "")
	return shards, sum, missing, elapsed, err
}
