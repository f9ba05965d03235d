package sweep

import (
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/sim/run"
)

// Estimate is what a calibration measured: each cell's expected play time.
type Estimate struct {
	Seconds []float64     // by cell; 0 for a cell that is done
	Spent   time.Duration // the calibration's own play time
	Workers int
}

// calibrationStart is the first calibration batch of a player count; each next batch
// doubles it until one takes the target time.
const calibrationStart = 16

// Calibrate estimates how long each cell of p that is not done will take with o's
// workers and shard: it plays the first games of each of the cell's player counts
// (the games the cell itself will start with), doubling the batch until one takes its
// share of budget or covers the count (see calibrateCount). Nothing is written. The
// calibration itself takes about budget, or more when its batches are slow.
func Calibrate(ctx context.Context, p *Plan, o Options, status []CellStatus, budget time.Duration) (*Estimate, error) {
	o = o.withDefaults()
	workers := o.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	est := &Estimate{Seconds: make([]float64, len(p.Cells)), Workers: workers}
	counts := 0
	for i := range p.Cells {
		if !status[i].Done {
			counts += len(p.Cells[i].Players)
		}
	}
	if counts == 0 {
		return est, nil
	}
	// A count's batches add up to about twice its last one.
	target := max(budget/time.Duration(2*counts), 2*time.Millisecond)
	start := time.Now()
	for i := range p.Cells {
		c := &p.Cells[i]
		if status[i].Done {
			continue
		}
		lo, hi := shardRange(c.Games, o.Shard)
		for _, n := range c.Players {
			secs, err := calibrateCount(ctx, c, n, lo, hi, workers, target)
			if err != nil {
				return nil, fmt.Errorf("calibrate cell %s: %w", c.Name, err)
			}
			est.Seconds[i] += secs
		}
	}
	est.Spent = time.Since(start)
	return est, nil
}

// calibrateCount estimates the seconds a cell's player count n takes to play games
// [lo, hi). The rate is the marginal one between the last two batches, which leaves
// out what every batch pays once (starting the workers, their tables and bots); that
// cost is added back once, as the real count pays it once.
func calibrateCount(ctx context.Context, c *Cell, n int, lo, hi uint64, workers int, target time.Duration) (float64, error) {
	var prevGames uint64
	var prevSecs float64
	for games := uint64(calibrationStart); ; games *= 2 {
		games = min(games, hi-lo)
		if games == 0 {
			return 0, nil
		}
		t0 := time.Now()
		played, err := c.Prepared.PlayCount(ctx, run.Config{Games: games, First: lo, Seed: c.Seed, Workers: workers}, n)
		if err != nil {
			return 0, err
		}
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		secs := max(time.Since(t0).Seconds(), 1e-9)
		if secs < target.Seconds() && games < hi-lo {
			prevGames, prevSecs = played.Games, secs
			continue
		}
		rate := float64(played.Games) / secs
		if prevGames > 0 && played.Games > prevGames && secs > prevSecs {
			rate = float64(played.Games-prevGames) / (secs - prevSecs)
		}
		fixed := max(0, secs-float64(played.Games)/rate)
		return fixed + float64(hi-lo)/rate, nil
	}
}

// DryRun is what `bangsim sweep --dry-run` prints: the cells, what each will cost and
// whether its results are already there.
type DryRun struct {
	File        string       `json:"file"`
	Game        string       `json:"game"`
	Out         string       `json:"out"`
	Shard       string       `json:"shard"`
	Axes        []DryRunAxis `json:"axes"`
	Excluded    int          `json:"excluded"`
	Cells       []DryRunCell `json:"cells"`
	ToRun       int          `json:"cells_to_run"`
	Games       uint64       `json:"games_to_play"`
	Seconds     float64      `json:"estimate_seconds"`
	Calibration float64      `json:"calibration_seconds"`
	Workers     int          `json:"workers"`
}

// DryRunAxis is one axis with its values.
type DryRunAxis struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

// DryRunCell is one cell: its name, its player counts, the games this shard plays of it,
// its status and its estimated time (0 when done).
type DryRunCell struct {
	Name    string  `json:"name"`
	Dir     string  `json:"dir"`
	Players []int   `json:"players"`
	Games   uint64  `json:"games"`
	Status  string  `json:"status"`
	Seconds float64 `json:"estimate_seconds"`
}

// NewDryRun lists p's cells for o with their status and, if est is not nil, their time.
func NewDryRun(p *Plan, o Options, status []CellStatus, est *Estimate) *DryRun {
	o = o.withDefaults()
	d := &DryRun{File: p.File, Game: p.Game.Name, Out: o.Out, Shard: fmt.Sprintf("%d/%d", o.Shard.K, o.Shard.N), Excluded: p.Excluded}
	for _, a := range p.Axes {
		d.Axes = append(d.Axes, DryRunAxis{Name: a.Name, Values: a.Values})
	}
	for i := range p.Cells {
		c := &p.Cells[i]
		dc := DryRunCell{Name: c.Name, Dir: c.Dir(), Players: c.Players, Games: c.planned(o.Shard), Status: "to play"}
		switch {
		case status[i].Done:
			dc.Status = "done"
		case status[i].Why != "not played yet":
			dc.Status = "to play again"
		}
		if !status[i].Done {
			d.ToRun++
			d.Games += dc.Games
			if est != nil {
				dc.Seconds = est.Seconds[i]
				d.Seconds += dc.Seconds
			}
		}
		d.Cells = append(d.Cells, dc)
	}
	if est != nil {
		d.Calibration, d.Workers = est.Spent.Seconds(), est.Workers
	}
	return d
}

// WriteText prints the dry run for people: a line on the sweep, the table of cells,
// and the totals.
func (d *DryRun) WriteText(w io.Writer) error {
	var axes []string
	for _, a := range d.Axes {
		axes = append(axes, fmt.Sprintf("%s (%d)", a.Name, len(a.Values)))
	}
	if len(axes) == 0 {
		axes = []string{"none"}
	}
	excluded := ""
	if d.Excluded > 0 {
		excluded = fmt.Sprintf(", %d excluded", d.Excluded)
	}
	title := fmt.Sprintf("Sweep %s: %s game, %d cells%s, axes %s, shard %s, into %s",
		d.File, d.Game, len(d.Cells), excluded, strings.Join(axes, " x "), d.Shard, d.Out)
	var rows [][]string
	for _, c := range d.Cells {
		var ps []string
		for _, n := range c.Players {
			ps = append(ps, strconv.Itoa(n))
		}
		rows = append(rows, []string{c.Name, strings.Join(ps, ","), group(c.Games), c.Status, d.duration(c.Seconds, c.Status == "done")})
	}
	if err := report.WriteSummary(w, title, []string{"cell", "players", "games", "status", "estimate"}, rows); err != nil {
		return err
	}
	// Without a calibration there is no time to give: "time not measured", not "about".
	about := "about " + d.duration(d.Seconds, false)
	if d.Workers == 0 {
		about = "time not measured"
	}
	_, err := fmt.Fprintf(w, "To play: %d of %d cells, %s games, %s%s\n", d.ToRun, len(d.Cells), group(d.Games), about, d.calibrationNote())
	return err
}

// duration writes an estimate for people, "–" when there is none.
func (d *DryRun) duration(s float64, done bool) string {
	switch {
	case done:
		return "–"
	case d.Workers == 0:
		return "not measured"
	}
	return roundSeconds(s)
}

// calibrationNote says where the estimate comes from.
func (d *DryRun) calibrationNote() string {
	if d.Workers == 0 {
		return " (no calibration)"
	}
	return fmt.Sprintf(" (calibrated on the cells' first games, %s of play with %d workers)", roundSeconds(d.Calibration), d.Workers)
}

// roundSeconds writes a time in seconds as "0.4 s", "12 s", "3 min 05 s" or "2 h 04 min".
func roundSeconds(s float64) string {
	switch {
	case s < 10:
		return strconv.FormatFloat(s, 'f', 1, 64) + " s"
	case s < 60:
		return strconv.FormatFloat(math.Round(s), 'f', 0, 64) + " s"
	}
	if !(s < 1e15) { // beyond what int64 seconds print sensibly (and NaN): hours only
		return strconv.FormatFloat(s/3600, 'f', 0, 64) + " h"
	}
	t := int64(math.Round(s))
	if t < 3600 {
		return fmt.Sprintf("%d min %02d s", t/60, t%60)
	}
	return fmt.Sprintf("%d h %02d min", t/3600, t%3600/60)
}

// group writes n with commas between groups of three digits.
func group(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
