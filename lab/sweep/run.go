package sweep

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/run"
)

// The formats the tables can be written in.
const (
	FormatCSV     = "csv"
	FormatParquet = "parquet"
)

// Formats lists the table formats, in the order they are written.
var Formats = []string{FormatCSV, FormatParquet}

// Options say where and how a sweep runs.
type Options struct {
	Out         string
	Shard       resultfile.Shard // K of N of every cell's games; the zero value is 1/1
	ShardSource string           // where Shard came from, as run.json records it
	Workers     int              // 0: every CPU
	Formats     []string         // the tables' formats; nil: csv
	Command     []string         // the sweep's command line, program name first
	Progress    lab.Progress     // nil: none
	Log         io.Writer        // a line per cell; nil: none
}

// withDefaults fills the zero values.
func (o Options) withDefaults() Options {
	if o.Shard.N == 0 {
		o.Shard = resultfile.Shard{K: 1, N: 1}
	}
	if len(o.Formats) == 0 {
		o.Formats = []string{FormatCSV}
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	return o
}

// Result is what Run did.
type Result struct {
	Manifest    *resultfile.Sweep
	Ran         int  // cells played
	Skipped     int  // cells whose results were already there
	Interrupted bool // ctx was cancelled before every cell was complete
}

// Run plays every cell of p that Out does not already hold complete, one after the
// other with every worker, each into Out/cells/<name> as `bangsim run` writes a run,
// then writes the tables and sweep.json. A cell counts as done when its run.json has
// the cell's game, seed, player counts, games, rules, bots, shard and this version of
// bangsim and is not partial; any other cell is played again from its first game and
// its directory replaced as one set, so a killed or interrupted sweep, run again,
// finishes what it lacks and counts no game twice. sweep.json is rewritten after every
// cell. When ctx is cancelled the cell in hand is written partial, the tables hold the
// complete cells, and Result.Interrupted is set; the error is nil.
func Run(ctx context.Context, p *Plan, o Options) (*Result, error) {
	o = o.withDefaults()
	if err := CheckOut(o.Out); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(o.Out, resultfile.SweepCellsDir), 0o755); err != nil {
		return nil, err
	}
	cleanTemps(o.Out)
	started := time.Now()
	status := p.Status(o.Out, o.Shard)
	m := p.manifest(o, started)
	for i := range status {
		m.Cells[i].GamesPlayed = status[i].Played
		m.Cells[i].Complete = status[i].Done
	}
	if err := writeManifest(o.Out, m); err != nil {
		return nil, err
	}
	res := &Result{Manifest: m}
	var runErr error
	for i := range p.Cells {
		c := &p.Cells[i]
		if status[i].Done {
			res.Skipped++
			fmt.Fprintf(o.Log, "cell %d/%d %s: complete, kept\n", i+1, len(p.Cells), c.Name)
			continue
		}
		if ctx.Err() != nil {
			break
		}
		if why := status[i].Why; why == "not played yet" {
			fmt.Fprintf(o.Log, "cell %d/%d %s: playing\n", i+1, len(p.Cells), c.Name)
		} else {
			fmt.Fprintf(o.Log, "cell %d/%d %s: playing again (%s)\n", i+1, len(p.Cells), c.Name, why)
		}
		rec, cs, err := p.play(ctx, c, o)
		// A partial cell never replaces a complete one (of other settings, or an older
		// version): it goes beside it, <cell>.partial, and the cell stays to be played.
		cellDir := filepath.Join(o.Out, c.Dir())
		where, werr := lab.WriteRunKeep(cellDir, rec, cs)
		if werr != nil {
			runErr = werr
			break
		}
		if where != cellDir {
			fmt.Fprintf(o.Log, "cell %d/%d %s: interrupted; the complete cell from before is kept, the partial one written to %s\n", i+1, len(p.Cells), c.Name, where)
		}
		m.Cells[i].GamesPlayed, m.Cells[i].Complete = rec.GamesPlayed, !rec.Partial
		res.Ran++
		if err := writeManifest(o.Out, m); err != nil {
			return res, err
		}
		if err != nil {
			runErr = fmt.Errorf("cell %s: %w", c.Name, err)
			break
		}
		if rec.Partial {
			break
		}
	}
	m.ElapsedSeconds = time.Since(started).Seconds()
	finish(m)
	res.Interrupted = !m.Complete && runErr == nil
	if err := writeTables(o.Out, m); err != nil && runErr == nil {
		runErr = err
	}
	if err := writeManifest(o.Out, m); err != nil && runErr == nil {
		runErr = err
	}
	return res, runErr
}

// play runs one cell's shard.
func (p *Plan) play(ctx context.Context, c *Cell, o Options) (*resultfile.Run, []resultfile.CountTally, error) {
	prog := "bangsim"
	if len(o.Command) > 0 {
		prog = o.Command[0]
	}
	dir := filepath.Join(o.Out, c.Dir())
	argv := append([]string{prog}, c.Args...)
	if o.Shard.N > 1 {
		argv = append(argv, "--shard", fmt.Sprintf("%d/%d", o.Shard.K, o.Shard.N))
	}
	argv = append(argv, "--out", dir)
	rec, played, err := lab.Run(ctx, lab.RunSpec{
		Game: p.Game, Prepared: c.Prepared, Seed: c.Seed, Players: c.Players, Games: c.Games,
		Shard: o.Shard, Workers: o.Workers, Out: dir, Command: argv, Config: c.Config, Progress: o.Progress,
	})
	rec.ShardSource = o.ShardSource
	cs := make([]resultfile.CountTally, len(played))
	for i := range played {
		cs[i] = played[i].CountTally
	}
	return rec, cs, err
}

// finish sets the manifest's totals and whether every cell is complete.
func finish(m *resultfile.Sweep) {
	m.GamesPlanned, m.GamesPlayed, m.Complete = 0, 0, true
	for _, c := range m.Cells {
		m.GamesPlanned += c.GamesPlanned
		m.GamesPlayed += c.GamesPlayed
		m.Complete = m.Complete && c.Complete
	}
}

// manifest returns sweep.json for p played with o, no cell played yet.
func (p *Plan) manifest(o Options, started time.Time) *resultfile.Sweep {
	m := &resultfile.Sweep{
		Schema: resultfile.SweepSchema, Tool: lab.Tool, Version: lab.Version, Revision: lab.Revision(),
		Command: o.Command, File: p.File, Description: p.Description, Game: p.Game.Name, Base: p.Base,
		Shard: o.Shard, ShardSource: o.ShardSource, Formats: o.Formats, Excluded: p.Excluded,
		StartedAt: started.UTC().Format(time.RFC3339),
	}
	for _, a := range p.Axes {
		m.Axes = append(m.Axes, resultfile.SweepAxis{Name: a.Name, Column: a.Column, Kind: a.Kind, Values: a.Values})
	}
	for i := range p.Cells {
		c := &p.Cells[i]
		m.Cells = append(m.Cells, resultfile.SweepCell{Name: c.Name, Dir: c.Dir(), Values: c.Values, Players: c.Players, GamesPlanned: c.planned(o.Shard)})
	}
	finish(m)
	return m
}

// CellStatus says whether a cell's directory already holds its results.
type CellStatus struct {
	Done   bool
	Why    string // "complete", "not played yet", "partial: 120 of 400 games", ...
	Played uint64 // games its results hold, when Done
}

// Status reports, for every cell of p, whether out holds its complete results for
// shard (see Run for what counts as done).
func (p *Plan) Status(out string, shard resultfile.Shard) []CellStatus {
	if shard.N == 0 {
		shard = resultfile.Shard{K: 1, N: 1}
	}
	st := make([]CellStatus, len(p.Cells))
	for i := range p.Cells {
		st[i] = p.cellStatus(filepath.Join(out, p.Cells[i].Dir()), &p.Cells[i], shard)
	}
	return st
}

// cellStatus compares a cell directory's run.json with what the cell would write.
func (p *Plan) cellStatus(dir string, c *Cell, shard resultfile.Shard) CellStatus {
	if _, err := os.Stat(filepath.Join(dir, resultfile.RunFile)); errors.Is(err, fs.ErrNotExist) {
		return CellStatus{Why: "not played yet"}
	}
	s, err := lab.ReadShard(dir)
	if err != nil {
		// What is wrong with the files, without ReadShard's "cannot merge" (nothing is merged).
		return CellStatus{Why: "unreadable results, replaced: " + strings.TrimPrefix(err.Error(), lab.ErrBadShard.Error()+" ")}
	}
	r := &s.Run
	differ := func(what string, got, want any) CellStatus {
		return CellStatus{Why: fmt.Sprintf("its results were played with other settings (theirs against this sweep's: %s), replaced",
			resultfile.Difference(what, got, want))}
	}
	switch {
	case r.Game != p.Game.Name:
		return differ("game", r.Game, p.Game.Name)
	case r.Version != lab.Version:
		return differ("version", r.Version, lab.Version)
	case r.Seed != c.Seed:
		return differ("seed", r.Seed, c.Seed)
	case !slices.Equal(r.Players, c.Players):
		return differ("players", r.Players, c.Players)
	case r.GamesPerCount != c.Games:
		return differ("games", r.GamesPerCount, c.Games)
	case jsonText(r.Rules) != jsonText(c.Prepared.Settings()):
		return differ("rules", r.Rules, c.Prepared.Settings())
	case jsonText(r.Policies) != jsonText(c.Prepared.PolicyRecord()):
		return differ("bots", r.Policies, c.Prepared.PolicyRecord())
	case r.Shard != shard:
		return differ("shard", r.Shard, shard)
	case r.Partial:
		return CellStatus{Why: fmt.Sprintf("partial: %d of %d games, played again", r.GamesPlayed, r.GamesPlanned)}
	}
	return CellStatus{Done: true, Why: "complete", Played: r.GamesPlayed}
}

// jsonText is v as JSON, for comparisons and messages.
func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// shardRange returns the games [lo, hi) of a count that shard plays.
func shardRange(games uint64, shard resultfile.Shard) (lo, hi uint64) {
	if shard.N <= 1 {
		return 0, games
	}
	return run.ShardRange(games, shard.K-1, shard.N)
}
