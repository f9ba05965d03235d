package sweep_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/sweep"
	"github.com/bangsim/bangsim/resultfile"
)

// The cells of a parsed sweep: the product of the axes in the file's order, the last
// axis fastest, less the excluded combination; names made of the settings.
func TestParseProduct(t *testing.T) {
	p := parse(t, diceSweep)
	var names []string
	for _, c := range p.Cells {
		names = append(names, c.Name)
	}
	want := []string{
		"players=4,policy-for.outlaw=heuristic,sheriff-bonus=2",
		"players=4,policy-for.outlaw=heuristic,sheriff-bonus=3",
		"players=4,policy-for.outlaw=random,sheriff-bonus=2",
		"players=5,policy-for.outlaw=heuristic,sheriff-bonus=2",
		"players=5,policy-for.outlaw=heuristic,sheriff-bonus=3",
		"players=5,policy-for.outlaw=random,sheriff-bonus=2",
		"players=5,policy-for.outlaw=random,sheriff-bonus=3",
	}
	if strings.Join(names, "\n") != strings.Join(want, "\n") || p.Excluded != 1 {
		t.Fatalf("cells:\n%s\nexcluded %d; want\n%s\nexcluded 1", strings.Join(names, "\n"), p.Excluded, strings.Join(want, "\n"))
	}
	c := p.Cells[2]
	if got := strings.Join(c.Args, " "); got != "run --config dice(players=4,policy-for=outlaw=random) --games 90 --seed 7" {
		t.Errorf("cell %s runs as %q", c.Name, got)
	}
	if got := fmt.Sprint(c.Prepared.Settings()); !strings.Contains(got, "{sheriff_bonus 2}") {
		t.Errorf("cell %s has rules %s", c.Name, got)
	}
}

// A life.CHARACTER axis adds its change to the life option beside the base run's, and
// its 0 changes nothing.
func TestLifeAxis(t *testing.T) {
	p := parse(t, "game: dice\ngames: 10\nrules:\n  life: \"Vulture Sam=-1\"\naxes:\n  life.el-gringo: [0, +2]\n")
	for i, want := range []string{"Vulture Sam=-1", "El Gringo=+2,Vulture Sam=-1"} {
		if got := p.Cells[i].Prepared.Settings().Get("life"); got != want {
			t.Errorf("cell %s: life %v, want %q", p.Cells[i].Name, got, want)
		}
	}
	if p.Axes[0].Column != "life_el_gringo" || p.Axes[0].Kind != resultfile.SweepInt || strings.Join(p.Axes[0].Values, ",") != "0,2" {
		t.Errorf("axis %+v", p.Axes[0])
	}
}

// Shards 1..N of a sweep, merged cell by cell, give the unsharded sweep's tables byte
// for byte, for both games and several N.
func TestShardsMergeToTheWholeSweep(t *testing.T) {
	for _, tc := range []struct {
		game, text string
		shards     []int
	}{{"dice", diceSweep, []int{2, 3}}, {"card", cardSweep, []int{2, 5}}} {
		t.Run(tc.game, func(t *testing.T) {
			root := t.TempDir()
			p := parse(t, tc.text)
			whole := filepath.Join(root, "whole")
			runSweep(t, p, whole, resultfile.Shard{K: 1, N: 1})
			for _, n := range tc.shards {
				var dirs []string
				for k := 1; k <= n; k++ {
					d := filepath.Join(root, fmt.Sprintf("n%d-k%d", n, k))
					runSweep(t, p, d, resultfile.Shard{K: k, N: n})
					dirs = append(dirs, d)
				}
				out := filepath.Join(root, fmt.Sprintf("merged%d", n))
				mg, err := sweep.Merge(sweep.MergeSpec{Dirs: dirs, Out: out})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := mg.Write(); err != nil {
					t.Fatal(err)
				}
				for _, f := range []string{resultfile.SweepRolesFile, resultfile.SweepCharactersFile} {
					sameFile(t, filepath.Join(whole, f), filepath.Join(out, f))
				}
				for _, c := range p.Cells {
					sameFile(t, filepath.Join(whole, c.Dir(), resultfile.RolesFile), filepath.Join(out, c.Dir(), resultfile.RolesFile))
				}
				m := manifest(t, out)
				if !m.Complete || m.Shard != (resultfile.Shard{K: 1, N: 1}) || len(m.MergedFrom) != n || m.GamesPlayed != manifest(t, whole).GamesPlayed {
					t.Errorf("merged sweep.json: complete %v, shard %v, merged from %d, %d games", m.Complete, m.Shard, len(m.MergedFrom), m.GamesPlayed)
				}
			}
		})
	}
}

// Merge refuses, with distinct messages, a shard given twice and a shard of another
// sweep; a missing shard makes the merge partial, an error unless allowed.
func TestMergeRefusesBadShards(t *testing.T) {
	root := t.TempDir()
	p := parse(t, cardSweep)
	var dirs []string
	for k := 1; k <= 3; k++ {
		d := filepath.Join(root, fmt.Sprintf("k%d", k))
		runSweep(t, p, d, resultfile.Shard{K: k, N: 3})
		dirs = append(dirs, d)
	}
	other := filepath.Join(root, "other")
	runSweep(t, parse(t, strings.Replace(cardSweep, "high-noon: [0, 3]", "high-noon: [0, 4]", 1)), other, resultfile.Shard{K: 3, N: 3})

	_, err := sweep.Merge(sweep.MergeSpec{Dirs: []string{dirs[0], dirs[1], dirs[1]}, Out: filepath.Join(root, "m1")})
	if !errors.Is(err, lab.ErrBadShard) || !strings.Contains(err.Error(), "both hold shard 2/3") {
		t.Errorf("duplicated shard: %v", err)
	}
	_, err = sweep.Merge(sweep.MergeSpec{Dirs: []string{dirs[0], dirs[1], other}, Out: filepath.Join(root, "m2")})
	if !errors.Is(err, lab.ErrBadShard) || !strings.Contains(err.Error(), "the sweeps differ in the axis high-noon: values 0, 4 against 0, 3") {
		t.Errorf("foreign shard: %v", err)
	}
	mg, err := sweep.Merge(sweep.MergeSpec{Dirs: dirs[:2], Out: filepath.Join(root, "m3")})
	if !errors.Is(err, lab.ErrPartialMerge) || mg == nil || mg.Manifest.Complete || !strings.Contains(err.Error(), "shard 3/3 was not given") {
		t.Errorf("missing shard: %v", err)
	}
	mg, err = sweep.Merge(sweep.MergeSpec{Dirs: dirs[:2], Out: filepath.Join(root, "m4"), AllowPartial: true})
	if err != nil || mg.Manifest.Complete {
		t.Fatalf("allowed partial merge: %v", err)
	}
	if _, err := mg.Write(); err != nil {
		t.Fatal(err)
	}
	// The partial cells are written, marked partial, and left out of the tables.
	if b := read(t, filepath.Join(root, "m4", resultfile.SweepRolesFile)); strings.Count(string(b), "\n") != 1 {
		t.Errorf("a partial merge's sweep.csv holds incomplete cells:\n%s", b)
	}
	_, err = sweep.Merge(sweep.MergeSpec{Dirs: dirs, Out: dirs[0]})
	if err == nil || !strings.Contains(err.Error(), "is the input") {
		t.Errorf("--out one of the inputs: %v", err)
	}
}

// cancelAt cancels a context when the n-th player count starts, so the sweep stops in
// the middle of a cell.
type cancelAt struct {
	n, seen int
	cancel  context.CancelFunc
}

func (c *cancelAt) Start(int, uint64) func(done, total uint64) {
	if c.seen++; c.seen == c.n {
		c.cancel()
	}
	return nil
}
func (c *cancelAt) Finish(int, uint64, uint64, time.Duration) {}

// A sweep interrupted in its third cell, run again, plays the cells it lacks and keeps
// the others: its tables equal an uninterrupted sweep's and every cell holds each of
// its games once.
func TestInterruptedSweepResumes(t *testing.T) {
	root := t.TempDir()
	p := parse(t, diceSweep)
	whole := filepath.Join(root, "whole")
	runSweep(t, p, whole, resultfile.Shard{K: 1, N: 1})

	out := filepath.Join(root, "resumed")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := sweep.Run(ctx, p, sweep.Options{Out: out, Workers: 2, Progress: &cancelAt{n: 3, cancel: cancel}})
	if err != nil {
		t.Fatal(err)
	}
	m := manifest(t, out)
	if !res.Interrupted || m.Complete || res.Ran != 3 || !m.Cells[1].Complete || m.Cells[2].Complete {
		t.Fatalf("interrupted sweep: %+v, sweep.json complete %v, cells %+v", res, m.Complete, m.Cells[:3])
	}
	if run := readRun(t, filepath.Join(out, p.Cells[2].Dir())); !run.Partial {
		t.Errorf("the cell in hand was not written partial: %+v", run)
	}
	res = runSweep(t, p, out, resultfile.Shard{K: 1, N: 1})
	if res.Skipped != 2 || res.Ran != len(p.Cells)-2 {
		t.Errorf("resumed sweep kept %d and played %d cells, want 2 and %d", res.Skipped, res.Ran, len(p.Cells)-2)
	}
	for _, f := range []string{resultfile.SweepRolesFile, resultfile.SweepCharactersFile} {
		sameFile(t, filepath.Join(whole, f), filepath.Join(out, f))
	}
	for _, c := range p.Cells {
		run := readRun(t, filepath.Join(out, c.Dir()))
		if run.Partial || run.GamesPlayed != c.Games*uint64(len(c.Players)) {
			t.Errorf("cell %s: %d games played of %d, partial %v", c.Name, run.GamesPlayed, c.Games, run.Partial)
		}
	}
	// A third run finds everything done and plays nothing.
	if res := runSweep(t, p, out, resultfile.Shard{K: 1, N: 1}); res.Ran != 0 || res.Skipped != len(p.Cells) {
		t.Errorf("a complete sweep run again played %d cells", res.Ran)
	}
}

// readRun reads a cell's run.json through lab.ReadShard, which checks its tally too.
func readRun(t testing.TB, dir string) resultfile.Run {
	t.Helper()
	s, err := lab.ReadShard(dir)
	if err != nil {
		t.Fatal(err)
	}
	return s.Run
}

// A cell whose results have other settings (here another seed) is played again, and
// an output directory that is not a sweep's is refused before anything is played.
func TestCellsWithOtherSettingsArePlayedAgain(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "s")
	runSweep(t, parse(t, cardSweep), out, resultfile.Shard{K: 1, N: 1})
	p := parse(t, strings.Replace(cardSweep, "games: 50", "games: 50\nseed: 2", 1))
	st := p.Status(out, resultfile.Shard{K: 1, N: 1})
	if st[0].Done || !strings.Contains(st[0].Why, "theirs against this sweep's: seed 1 against 2") {
		t.Errorf("status of a cell with another seed: %+v", st[0])
	}
	if res := runSweep(t, p, out, resultfile.Shard{K: 1, N: 1}); res.Ran != len(p.Cells) {
		t.Errorf("played %d of %d cells with other settings", res.Ran, len(p.Cells))
	}
	foreign := filepath.Join(root, "foreign")
	os.MkdirAll(foreign, 0o755)
	os.WriteFile(filepath.Join(foreign, "notes.txt"), []byte("mine"), 0o644)
	if _, err := sweep.Run(context.Background(), p, sweep.Options{Out: foreign}); !errors.Is(err, sweep.ErrNotSweepDir) {
		t.Errorf("a directory of other files: %v", err)
	}
}

// The dry run lists every cell with the games this shard plays, its status and its
// estimate, and the totals of the cells still to play.
func TestDryRun(t *testing.T) {
	root := t.TempDir()
	p := parse(t, cardSweep)
	o := sweep.Options{Out: filepath.Join(root, "s"), Shard: resultfile.Shard{K: 2, N: 5}}
	st := p.Status(o.Out, o.Shard)
	est := &sweep.Estimate{Seconds: []float64{0.5, 1.25, 75, 4000}, Spent: 1500 * time.Millisecond, Workers: 2}
	d := sweep.NewDryRun(p, o, st, est)
	if d.ToRun != 4 || d.Games != 4*2*10 || d.Seconds != 4076.75 {
		t.Errorf("dry run: %d cells, %d games, %v s", d.ToRun, d.Games, d.Seconds)
	}
	var b strings.Builder
	if err := d.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"4 cells, axes life.el-gringo (2) x high-noon (2), shard 2/5", "life.el-gringo=2,high-noon=3  4,5", "1 h 06 min", "1 min 15 s", "80 games"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("dry run lacks %q:\n%s", want, b.String())
		}
	}
	cal, err := sweep.Calibrate(context.Background(), p, o, st, 40*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range cal.Seconds {
		if !(s > 0) {
			t.Errorf("cell %d: estimate %v", i, s)
		}
	}
	if _, err := os.Stat(o.Out); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the dry run wrote %s", o.Out)
	}
}

// config: gives the base run in the one canonical text (lab.ParseConfig): the cells are
// those of the same run given field by field, and each cell's command line plays it
// with --config.
func TestSweepConfigKey(t *testing.T) {
	fields := parse(t, strings.Replace(diceSweep, "arrows: 9", "arrows: 8", 1))
	text := `config: dice(policy=heuristic,arrows=8)
games: 90
seed: 7
axes:
  players: [4, 5]
  policy-for.outlaw: [heuristic, random]
  sheriff-bonus: [2, 3]
exclude:
  - {players: 4, sheriff-bonus: 3, policy-for.outlaw: random}
`
	config := parse(t, text)
	if len(config.Cells) != len(fields.Cells) || len(config.Cells) != 7 {
		t.Fatalf("%d cells with config:, %d with the fields", len(config.Cells), len(fields.Cells))
	}
	for i, c := range config.Cells {
		f := fields.Cells[i]
		if c.Name != f.Name || c.Config != f.Config || strings.Join(c.Args, " ") != strings.Join(f.Args, " ") {
			t.Errorf("cell %d: %s %s %q, want %s %s %q", i, c.Name, c.Config, c.Args, f.Name, f.Config, f.Args)
		}
		if !slices.Contains(c.Args, "--config") || !strings.Contains(c.Config, "arrows=8") {
			t.Errorf("cell %s's command line %q does not play --config with arrows=8", c.Name, c.Args)
		}
	}
	if !reflect.DeepEqual(config.Base, fields.Base) {
		t.Errorf("sweep.json's base %+v with config:, %+v with the fields", config.Base, fields.Base)
	}
}
