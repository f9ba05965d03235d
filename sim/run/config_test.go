package run

import (
	"context"
	"errors"
	"testing"
)

func TestValidate(t *testing.T) {
	bad := map[string]Config{
		"no games":          {},
		"negative workers":  {Games: 1, Workers: -1},
		"negative shards":   {Games: 1, Shards: -2},
		"negative shard":    {Games: 1, Shard: -1, Shards: 2},
		"shard too large":   {Games: 1, Shard: 2, Shards: 2},
		"shard unsharded":   {Games: 1, Shard: 1},
		"negative interval": {Games: 1, ProgressEvery: -1},
		"negative piece":    {Games: 1, PieceTime: -1},
	}
	for name, cfg := range bad {
		err := cfg.Validate()
		if !errors.Is(err, ErrConfig) {
			t.Errorf("%s: Validate() = %v, want ErrConfig", name, err)
		}
		if _, runErr := Run(context.Background(), cfg, newToy, mergeToy); !errors.Is(runErr, ErrConfig) {
			t.Errorf("%s: Run returned %v, want ErrConfig", name, runErr)
		}
	}
	good := []Config{
		{Games: 1},
		{Games: 1, Shards: 1},
		{Games: 10, Shard: 3, Shards: 4, Workers: 2, Chunk: 3},
		{Games: 2, Shard: 4, Shards: 5}, // more shards than games: some shards are empty
	}
	for _, cfg := range good {
		if err := cfg.Validate(); err != nil {
			t.Errorf("Validate(%+v) = %v", cfg, err)
		}
	}
}

func TestEmptyShard(t *testing.T) {
	var calls int
	cfg := Config{Games: 2, Shard: 4, Shards: 5, Progress: func(done, total uint64) { calls++ }}
	res := mustRun(t, cfg, newToy)
	if res.Games != 0 || res.Planned != 0 || res.Partial || res.First != 2 || calls != 1 {
		t.Fatalf("got %+v with %d progress calls", res, calls)
	}
}
