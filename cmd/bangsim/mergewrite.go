package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
)

// merged is what one kind's merge (run, comparison, duel, league) hands writeMerge: how
// to name it in the messages, its counts, and how to write and summarize it.
type merged struct {
	kind       resultfile.Kind
	inputs     string // "result directories", "duel directories"
	of         string // whose units the shards hold: "the run's", "the comparison's"
	unit       string // "games", "game indices", "duels", "seasons"
	whole      string // what a complete --out holds: "a complete merge", "a complete duel run"
	recordFile string // the record whose "partial" the messages name: run.json, compare.json
	played     uint64
	planned    uint64
	partial    bool     // the record's: some units are missing
	missing    []string // the ranges missing, for the message
	record     any      // what --json prints
	// write writes the merge into --out, or beside a complete result there
	// (resultfile.WriteSetKeep), and returns where it went.
	write func(out string) (string, error)
	// summary prints the merged result for people (nil: none beyond the Merged line).
	summary func(w io.Writer) error
	// next prints the Next: line of a complete merge written into --out.
	next func(w io.Writer, out string) error
}

// mergeRefusal sorts a merger's error: a refused shard is a usage error; a partial
// merge (lab.ErrPartialMerge) is written all the same and its error returned after.
func mergeRefusal(err error) (partial bool, refusal error) {
	partial = errors.Is(err, lab.ErrPartialMerge)
	switch {
	case errors.Is(err, lab.ErrBadShard):
		return partial, asUsage(err)
	case err != nil && !partial:
		return partial, err
	}
	return partial, nil
}

// writeMerge writes a validated merge as every kind's merge does: --out checked and
// locked (only now, so a refused merge leaves nothing behind), the set written (a
// partial one beside a complete one), the summary or the record as JSON, and an
// error for a partial merge unless --allow-partial (partialErr).
func writeMerge(opts mergeOptions, dirs []string, m merged, partialErr bool, stdout, stderr io.Writer) error {
	lock, err := checkWritable(opts.Out, m.kind)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	where, err := m.write(opts.Out)
	if err != nil {
		return err
	}
	if m.partial {
		fmt.Fprintf(stderr, "bangsim: the shards hold %d of %s %d %s: merged results are partial (missing %s)\n",
			m.played, m.of, m.planned, m.unit, strings.Join(m.missing, "; "))
	}
	switch {
	case opts.JSON:
		if err := writeJSON(stdout, m.record); err != nil {
			return err
		}
	case !opts.Quiet:
		if m.summary != nil {
			if err := m.summary(stdout); err != nil {
				return err
			}
		}
		fmt.Fprintf(stdout, "Merged %d %s into %s/\n", len(dirs), m.inputs, where)
		if !m.partial && where == opts.Out {
			if err := m.next(stdout, opts.Out); err != nil {
				return err
			}
		}
	}
	if where != opts.Out {
		fmt.Fprintf(stderr, "bangsim: %s holds %s, which a partial merge does not replace: the partial merge was written to %s\n", opts.Out, m.whole, where)
	}
	if partialErr {
		return fmt.Errorf("%w: %d of %d %s; the partial merge was written to %s (%s \"partial\": true)%s; pass --allow-partial if that is what you want",
			lab.ErrPartialMerge, m.played, m.planned, m.unit, where, m.recordFile, besideNote(where, opts.Out))
	}
	return nil
}

// reportNext is the Next: line of a merge whose directory `bangsim report` reads.
func reportNext(what string) func(io.Writer, string) error {
	return func(w io.Writer, out string) error { return writeNext(w, "bangsim report "+shellQuote(out), what) }
}
