package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// reportOptions are the flags of `bangsim report`.
type reportOptions struct {
	Out   string // "": the input directory
	JSON  bool
	Quiet bool // -q: no table of the files written
}

// reportCmd builds `bangsim report`.
func (a *app) reportCmd() *cobra.Command {
	var opts reportOptions
	cmd := &cobra.Command{
		Use:   "report DIR",
		Short: "Write a self-contained HTML report and a Markdown summary of a result directory",
		Long: `Report reads the result files of DIR, and nothing else, and writes two files into DIR
(or --out):

  report.html   one page that opens offline in any browser: the run's manifest (seed,
                game, rules, bots, version, games played, partial or not, timing, the
                command line), every chart of 'bangsim plot' inline, and the tables of
                roles.csv, seats.csv, characters.csv and events.csv recomputed from
                tally.json (a warning names a CSV that no longer matches it), and, where
                'bangsim balance' wrote balance.csv, a Balance section (the verdict in
                words, a chart per player count, the tests, the seats, the tuning); or,
                for a compare directory, compare-diff.csv and compare.csv as they are
  summary.md    GitHub-flavoured Markdown for an issue or a CI job summary: the
                manifest, the role table, each role's best and worst characters and
                the seat effects with 95% intervals; for a comparison, the paired
                differences with their Holm-adjusted significance

It reads run and merge directories (run.json, tally.json) and compare directories
(compare.json, compare-diff.csv) of every game, duel directories (run.json,
duel-tally.json: the manifest, the draft order and the seats, the characters drafted,
with the charts of 'bangsim plot' and the rows of seats.csv, order.csv and
characters.csv), league directories (standings.csv, prices.csv, games.csv,
matches.csv: the prices against the characters' worth, the money over the season, the
standings, the bracket by round and match by match), sweep directories (sweep.json:
each cell's win rates by role and player count as a chart and a table, then a chart
and a table for each axis, a row per player count and other axes' values, nothing
pooled, and sweep.csv's rows), ladder directories (ladder.json: the ratings and the
skill depth) and tune directories (tune.json: the validated gain first, then the
convergence). The page refers to no URL: its charts,
font, style and small sorting script are inline. The same files give the same bytes.
A result directory may hold both files: a later run with the same --out replaces them
with the rest. 'bangsim run --report' writes them at the end of a run.`,
		Example: `  bangsim report results                       # results/report.html, results/summary.md
  bangsim report --out site results
  bangsim compare --policies heuristic,random --out cmp && bangsim report cmp
  bangsim report results && cat results/summary.md >> "$GITHUB_STEP_SUMMARY"
  bangsim duel --duels 2000 --out d && bangsim report d   # a duel directory's report
  bangsim league --seasons 50 --out l && bangsim report l  # a league directory's report`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("report needs one result directory, got %d arguments", len(args))
			}
			return nil
		},
		RunE: a.runE(func(_ *cobra.Command, args []string) error { return runReport(opts, args[0], a.stdout, a.stderr) }),
	}
	fs := cmd.Flags()
	fs.SortFlags = false // --out, -q and --json, as in run
	fs.StringVar(&opts.Out, "out", "", "directory for report.html and summary.md: new, or one bangsim wrote a report or results into (default: DIR)")
	fs.BoolVarP(&opts.Quiet, "quiet", "q", false, "no summary")
	fs.BoolVar(&opts.JSON, "json", false, "print the files written as a JSON array instead of a table")
	return cmd
}

// reportFile is one file in the list `bangsim report --json` prints.
type reportFile struct {
	File  string `json:"file"`
	Shows string `json:"shows"`
}

// runReport writes the report of dir, warning on stderr when dir's CSV tables do not
// match its tally.json, whose numbers the report shows.
func runReport(opts reportOptions, dir string, stdout, stderr io.Writer) error {
	out := opts.Out
	if out == "" {
		out = dir
	}
	res, err := openResults(dir, "report")
	if err != nil {
		return err
	}
	r, err := newReport(res)
	if err != nil {
		return err
	}
	// The report goes into a result directory or one of its own, never over a user's
	// files (resultfile.AddFiles); checked before anything is written. A duel's and a
	// league's go into a directory of their kind, a run's never does
	// (resultfile.ExtrasFor).
	lock, err := checkWritable(out, resultfile.ExtrasFor(res.Kind))
	if err != nil {
		return err
	}
	defer lock.Unlock()
	paths, err := r.WriteFiles(out)
	if err != nil {
		return err
	}
	if res.Kind == resultfile.KindRun || res.Kind == resultfile.KindCompare {
		if r, ok := r.(*report.Report); ok {
			if files := r.FilesDisagreeing(dir); len(files) > 0 {
				fmt.Fprintf(stderr, "bangsim: warning: %s\n", report.DisagreementWarning(files))
			}
		}
	}
	var files []reportFile
	var rows [][]string
	for _, p := range paths {
		f := reportFile{File: p, Shows: reportShows(filepath.Base(p))}
		files = append(files, f)
		rows = append(rows, []string{f.File, f.Shows})
	}
	if opts.JSON {
		return writeJSON(stdout, files)
	}
	if opts.Quiet {
		return nil
	}
	if err := report.WriteSummary(stdout, "", []string{"file", "shows"}, rows); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(stdout, "Wrote %d files into %s\n", len(paths), out); err != nil {
		return err
	}
	_, err = fmt.Fprintf(stdout, "Next: open %s in a browser (it refers to nothing outside itself)\n", shellQuote(filepath.Join(out, report.HTMLFile)))
	return err
}

// reportShows says in a few words what a report file is.
func reportShows(name string) string {
	switch name {
	case report.HTMLFile:
		return "the page: manifest, charts and tables, self-contained (open it in a browser)"
	case report.MarkdownFile:
		return "the summary in GitHub Markdown, for an issue or a CI job summary"
	}
	return ""
}

// writeReport reads dir, a result directory of any kind, and writes its report into
// out; a directory of no kind, or whose files are damaged, is a usage error.
func writeReport(dir, out string) ([]string, error) {
	res, err := openResults(dir, "report")
	if err != nil {
		return nil, err
	}
	r, err := newReport(res)
	if err != nil {
		return nil, err
	}
	return r.WriteFiles(out)
}

// reportFiles is a report read, of any kind, ready to write.
type reportFiles interface {
	WriteFiles(dir string) ([]string, error)
}

// newReport returns the report of a result directory the one reader opened.
func newReport(res *resultDir) (reportFiles, error) {
	switch res.Kind {
	case resultfile.KindDuel:
		r, err := report.NewDuelReport(&res.Duel.Run, &res.Duel.Tally)
		return r, asUsage(err)
	case resultfile.KindSweep:
		r, err := report.NewSweepReport(res.Sweep)
		if err != nil {
			return nil, usagef("cannot report %s: %w", res.Dir, err)
		}
		return r, nil
	case resultfile.KindLeague:
		r, err := report.NewLeagueReport(res.League)
		return r, asUsage(err)
	case resultfile.KindLadder:
		r, err := report.NewLadderReport(res.Ladder)
		return r, asUsage(err)
	case resultfile.KindTune:
		return report.NewTuneReport(res.Tune), nil
	case resultfile.KindCompare:
		r, err := report.ReadCompareReport(res.Dir)
		if err != nil {
			return nil, damaged("report", err)
		}
		return r, nil
	}
	r, err := report.NewRunReport(&res.Run.Run, &res.Run.Tally)
	if err != nil {
		return nil, asUsage(err)
	}
	// The balance files `bangsim balance` wrote beside the run, if any: a section of
	// the page.
	if err := r.ReadBalance(res.Dir); err != nil {
		return nil, damaged("report", err)
	}
	return r, nil
}

// readReport reads the run, merge or compare directory dir into a report (a report of
// another kind is refused with the one message).
func readReport(dir string) (*report.Report, error) {
	res, err := openResults(dir, "report", resultfile.KindRun, resultfile.KindCompare)
	if err != nil {
		return nil, err
	}
	r, err := newReport(res)
	if err != nil {
		return nil, err
	}
	return r.(*report.Report), nil
}
