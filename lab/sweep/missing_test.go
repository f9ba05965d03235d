package sweep

import (
	"slices"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// missingShards names the shards not given a run of them at a time, so one shard of a
// billion lists two items, not a billion (which once ran a merge out of memory).
func TestMissingShardsByRuns(t *testing.T) {
	given := func(n int, ks ...int) []*resultfile.Sweep {
		var out []*resultfile.Sweep
		for _, k := range ks {
			out = append(out, &resultfile.Sweep{Shard: resultfile.Shard{K: k, N: n}})
		}
		return out
	}
	for _, tc := range []struct {
		ms   []*resultfile.Sweep
		want []string
	}{
		{given(1_000_000_000, 1), []string{"shards 2-1000000000/1000000000 were not given"}},
		{given(10, 3, 7, 8), []string{"shards 1-2/10 were not given", "shards 4-6/10 were not given", "shards 9-10/10 were not given"}},
		{given(3, 2), []string{"shard 1/3 was not given", "shard 3/3 was not given"}},
		{given(2, 1, 2), nil},
		{given(4, 4, 2, 2), []string{"shard 1/4 was not given", "shard 3/4 was not given"}},
	} {
		if got := missingShards(tc.ms); !slices.Equal(got, tc.want) {
			t.Errorf("%v: got %q, want %q", tc.ms[0].Shard, got, tc.want)
		}
	}
}
