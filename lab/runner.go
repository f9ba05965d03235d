package lab

import (
	"context"
	"runtime"
	"time"

	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/run"
)

// Progress shows how far a batch has got, one player count at a time; the command
// line supplies it (a bar, log lines or nothing).
type Progress interface {
	// Start announces a player count and returns the callback for run.Config.Progress.
	Start(players int, total uint64) func(done, total uint64)
	// Finish closes the count's display once its games are merged.
	Finish(players int, done, total uint64, elapsed time.Duration)
}

// RunSpec is one `bangsim run`: a prepared game and what to play of it.
type RunSpec struct {
	Game     *Game
	Prepared Prepared
	Seed     uint64
	Players  []int
	Games    uint64           // games per player count, over all shards
	First    uint64           // index of the first game: 0, or where an earlier batch stopped (RunSequential)
	Shard    resultfile.Shard // K of N, K from 1
	Workers  int              // 0: every CPU
	Out      string
	Command  []string // recorded in run.json
	Config   string   // the canonical configuration (Config.String), recorded in run.json
	Progress Progress // nil: none
}

// Workers returns the worker count a spec runs with.
func workerCount(w int) int {
	if w == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return w
}

// Run plays every player count of s in turn and returns run.json's record and what
// each count produced; an interrupted run returns the counts finished so far (the
// record marked partial) and a nil error, a failed one what was played before the
// failure with the error. Nothing is written: see WriteRun.
func Run(ctx context.Context, s RunSpec) (*resultfile.Run, []Played, error) {
	started := time.Now()
	rec := &resultfile.Run{
		Schema:        resultfile.RunSchema,
		Origin:        Origin(s.Command, s.Game.Name),
		Config:        s.Config,
		Slice:         resultfile.Slice{Seed: s.Seed, Shard: s.Shard},
		Players:       s.Players,
		GamesPerCount: s.Games,
		Rules:         s.Prepared.Settings(),
		Policies:      s.Prepared.PolicyRecord(),
		Characters:    RecordCharacters(s.Game),
		Host:          Host(s.Workers, started),
		Confidence:    confidenceLevel,
		Output:        resultfile.Output{Out: s.Out},
	}
	var planned []resultfile.Count
	for _, n := range s.Players {
		lo, hi := run.ShardRange(s.Games, s.Shard.K-1, s.Shard.N)
		planned = append(planned, resultfile.Count{Players: n, FirstGame: s.First + lo, Planned: hi - lo})
	}
	var played []Played
	var playErr error
	for _, n := range s.Players {
		if ctx.Err() != nil {
			break
		}
		cfg := run.Config{Games: s.Games, First: s.First, Seed: s.Seed, Workers: rec.Workers, Shard: s.Shard.K - 1, Shards: s.Shard.N}
		lo, hi := run.ShardRange(s.Games, cfg.Shard, s.Shard.N)
		if s.Progress != nil {
			cfg.Progress = s.Progress.Start(n, hi-lo)
		}
		p, err := s.Prepared.PlayCount(ctx, cfg, n)
		if s.Progress != nil {
			p.Players = n
			s.Progress.Finish(n, p.Games, p.Planned, time.Duration(p.ElapsedSeconds*float64(time.Second)))
		}
		played = append(played, p)
		if err != nil {
			playErr = err
			break
		}
		if p.Partial() {
			break
		}
	}
	rec.ElapsedSeconds = time.Since(started).Seconds()
	rec.FillTotals(counts(played), planned)
	return rec, played, playErr
}

// counts returns the tallies of ps.
func counts(ps []Played) []resultfile.CountTally {
	out := make([]resultfile.CountTally, len(ps))
	for i := range ps {
		out[i] = ps[i].CountTally
	}
	return out
}

// confidenceLevel is the level of every interval bangsim reports (report.Confidence).
const confidenceLevel = 0.95
