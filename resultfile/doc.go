// Package resultfile defines bangsim's result files and reads and writes them: run.json
// (what was played and how), tally.json (the exact integer sums behind every table),
// compare.json (a paired comparison's settings) and the CSV tables beside them.
//
// The schema is versioned (Schema fields), every JSON name is explicit, and nothing
// here imports a game engine or a bot: a result directory can be read, validated,
// merged and reported by any tool (package report, a later bangsim, a notebook) without
// the code that produced it. Names — roles, characters, event counters, rule options —
// are written out as strings, in the order the game defines, so tables read the same
// in every tool.
//
// A result directory is written as a set (WriteSet): a reader finds either the old
// complete set or the new complete set, never a mixture, even after a kill or a full
// disk; it replaces only a directory of its own kind (KindOf, the one place that tells
// a run's directory from a comparison's, a sweep's, a duel's...). Report, chart and
// balance files are added to a result directory with AddFiles. Every writing command
// checks and locks its output with LockTarget before it plays, so a second bangsim
// writing the same directory is refused. docs/architecture.md shows where this sits;
// docs/guide.md lists the files.
package resultfile
