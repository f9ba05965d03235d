package sweep_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab/sweep"
	"github.com/bangsim/bangsim/resultfile"
)

// A sweep of other settings interrupted in a cell that the directory holds complete
// keeps that complete cell and writes the partial one beside it (issue 28: a partial
// result never replaces a complete one); the next run plays the cell again.
func TestInterruptedCellKeepsTheCompleteOne(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s")
	old := parse(t, diceSweep)
	runSweep(t, old, out, resultfile.Shard{K: 1, N: 1})
	first := filepath.Join(out, old.Cells[0].Dir())
	before := read(t, filepath.Join(first, resultfile.RunFile))

	p := parse(t, strings.Replace(diceSweep, "seed: 7", "seed: 2", 1))
	if p.Cells[0].Dir() != old.Cells[0].Dir() || p.Cells[0].Seed == old.Cells[0].Seed {
		t.Fatalf("the changed plan must have the same first cell with another seed")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var log strings.Builder
	res, err := sweep.Run(ctx, p, sweep.Options{Out: out, Workers: 2, Log: &log, Progress: &cancelAt{n: 1, cancel: cancel}})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted {
		t.Fatalf("not interrupted: %+v", res)
	}
	if after := read(t, filepath.Join(first, resultfile.RunFile)); string(after) != string(before) {
		t.Errorf("the complete cell was replaced by the partial one")
	}
	if run := readRun(t, first+resultfile.PartialSuffix); !run.Partial {
		t.Errorf("the partial cell beside it is not partial: %+v", run)
	}
	if !strings.Contains(log.String(), "the complete cell from before is kept, the partial one written to "+first+resultfile.PartialSuffix) {
		t.Errorf("the log does not say where the partial cell went:\n%s", log.String())
	}
	if st := p.Status(out, resultfile.Shard{K: 1, N: 1}); st[0].Done {
		t.Errorf("the kept cell of other settings counts as done for the new plan")
	}
}

// A merge missing a shard, into a directory holding the complete merge, writes the
// partial merge beside it and leaves the complete one as it was.
func TestPartialMergeKeepsTheCompleteSweep(t *testing.T) {
	root := t.TempDir()
	p := parse(t, diceSweep)
	var dirs []string
	for k := 1; k <= 2; k++ {
		d := filepath.Join(root, "k"+string(rune('0'+k)))
		runSweep(t, p, d, resultfile.Shard{K: k, N: 2})
		dirs = append(dirs, d)
	}
	out := filepath.Join(root, "merged")
	mg, err := sweep.Merge(sweep.MergeSpec{Dirs: dirs, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if where, err := mg.Write(); err != nil || where != out {
		t.Fatalf("complete merge written to %s: %v", where, err)
	}
	before := read(t, filepath.Join(out, resultfile.SweepFile))
	cell := read(t, filepath.Join(out, p.Cells[0].Dir(), resultfile.RunFile))

	mg, err = sweep.Merge(sweep.MergeSpec{Dirs: dirs[:1], Out: out, AllowPartial: true})
	if err != nil {
		t.Fatal(err)
	}
	where, err := mg.Write()
	if err != nil {
		t.Fatal(err)
	}
	if where != out+resultfile.PartialSuffix {
		t.Errorf("the partial merge went to %s, want %s beside the complete one", where, out+resultfile.PartialSuffix)
	}
	if string(read(t, filepath.Join(out, resultfile.SweepFile))) != string(before) ||
		string(read(t, filepath.Join(out, p.Cells[0].Dir(), resultfile.RunFile))) != string(cell) {
		t.Errorf("the complete merge was changed by the partial one")
	}
	if m := manifest(t, where); m.Complete {
		t.Errorf("the merge beside is marked complete")
	}
}
