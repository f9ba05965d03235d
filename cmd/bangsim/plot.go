package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// plotOptions are the flags of `bangsim plot`.
type plotOptions struct {
	Out    string // "": the input directory
	Format string
	JSON   bool
	Quiet  bool // -q: no table of the files written
}

// plotCmd builds `bangsim plot`.
func (a *app) plotCmd() *cobra.Command {
	opts := plotOptions{Format: strings.Join(report.PlotFormats, ",")}
	cmd := &cobra.Command{
		Use:   "plot DIR",
		Short: "Draw the charts of a result directory as SVG and PNG",
		Long: `Plot reads the result files of DIR, and nothing else, and draws its charts into DIR
(or --out). A run or merge directory (run.json, tally.json) gives:

  plot-roles                 win rate by role dealt, grouped by player count
  plot-seats                 win rate by seat, grouped by player count, with the mean
  plot-turns                 game length in turns by player count: its distribution,
                             median, mean and 10th to 90th percentiles
  plot-characters            heatmap: character win rate (every role) by player count
  plot-characters-vs-role    heatmap: character win rate minus the other characters' in its roles
  plot-characters-ROLE       per role: each character's win rate, sorted
  plot-balance-Np            with balance.csv ('bangsim balance'), per player count N:
                             each character's difference from the others over its
                             roles, with its interval, the flagged ones filled

A duel directory ('bangsim duel': run.json, duel-tally.json) gives:

  plot-duel-order            win rate of the side that picked first, of the side that
                             started first and of each seat
  plot-duel-characters       each character's win rate when drafted, sorted
  plot-duel-drafted          the share of the duels in which each character was drafted

A league directory ('bangsim league': standings.csv, prices.csv, games.csv) gives:

  plot-league-prices         each character's mean price paid against its simulated
                             worth, with the worth's interval
  plot-league-money          the players' money after each meeting: the mean and the
                             10th to 90th percentiles over the players

A ladder directory ('bangsim ladder': ladder.json) gives plot-ladder, every bot's
rating by role, and plot-skill-depth, the strongest bot's win rate minus the
weakest's by role and character. A tune directory ('bangsim tune': tune.json) gives
plot-tune, each candidate's gain over the start and the best so far.

A compare directory (compare.json, compare-diff.csv) gives plot-compare: each policy's
paired difference from the reference by role, zero marked. A sweep directory
(sweep.json, 'bangsim sweep') gives plot-sweep-cells, each cell's win rate by role, one
panel per player count and one row per combination of the axes' values, and
plot-sweep-AXIS for each axis: each role's win rate at each of the axis's values, one
panel per player count and other axes' values (no cells pooled). Whiskers are the 95%
cluster-robust intervals of the CSV files; the notes under each chart say what it
shows. The same files give byte-identical SVGs, which embed their font and refer to
nothing outside themselves.`,
		Example: `  bangsim plot results                         # charts beside the result files
  bangsim plot --out charts --format svg results
  bangsim compare --policies heuristic,random --out cmp && bangsim plot cmp
  bangsim plot --json results | jq -r '.[].file'
  bangsim duel --duels 2000 --out d && bangsim plot d   # a duel directory's charts
  bangsim league --seasons 50 --out l && bangsim plot l  # a league directory's charts`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("plot needs one result directory, got %d arguments", len(args))
			}
			return nil
		},
		RunE: a.runE(func(_ *cobra.Command, args []string) error { return runPlot(opts, args[0], a.stdout) }),
	}
	fs := cmd.Flags()
	fs.SortFlags = false // the command's own flags first, --out, -q and --json last, as in run
	fs.StringVar(&opts.Format, "format", opts.Format, "file formats, comma-separated: svg, png or svg,png")
	fs.StringVar(&opts.Out, "out", "", "directory for the charts: new, or one bangsim wrote charts or results into (default: DIR)")
	fs.BoolVarP(&opts.Quiet, "quiet", "q", false, "no summary")
	fs.BoolVar(&opts.JSON, "json", false, "print the files written as a JSON array instead of a table")
	return cmd
}

// plotFile is one file in the list `bangsim plot --json` prints.
type plotFile struct {
	File   string `json:"file"`
	Format string `json:"format"`
	Plot   string `json:"plot"`
	Shows  string `json:"shows"`
}

// runPlot draws the charts of dir.
func runPlot(opts plotOptions, dir string, stdout io.Writer) error {
	formats, err := parsePlotFormats(opts.Format)
	if err != nil {
		return err
	}
	out := opts.Out
	if out == "" {
		out = dir
	}
	res, err := openResults(dir, "plot")
	if err != nil {
		return err
	}
	figs, err := plotFigures(res)
	if err != nil {
		return err
	}
	// The charts go into a result directory or one of their own, never over a user's
	// files (resultfile.AddFiles); checked before anything is written. A duel's and a
	// league's go into a directory of their kind, a run's never do
	// (resultfile.ExtrasFor).
	kind, write := resultfile.ExtrasFor(res.Kind), report.WriteFigures
	switch res.Kind {
	case resultfile.KindDuel:
		write = report.WriteDuelFigures
	case resultfile.KindLeague:
		write = report.WriteLeagueFigures
	case resultfile.KindLadder:
		write = report.WriteLadderFigures
	case resultfile.KindTune:
		write = report.WriteTuneFigures
	}
	lock, err := checkWritable(out, kind)
	if err != nil {
		return err
	}
	defer lock.Unlock()
	paths, err := write(out, figs, formats)
	if err != nil {
		return writeError("--out", out, err)
	}
	var files []plotFile
	var rows [][]string
	for _, p := range paths {
		name := filepath.Base(p)
		format := strings.TrimPrefix(filepath.Ext(name), ".")
		plot := strings.TrimSuffix(name, "."+format)
		i := slices.IndexFunc(figs, func(f report.Figure) bool { return f.Name == plot })
		files = append(files, plotFile{File: p, Format: format, Plot: plot, Shows: figs[i].Shows})
		rows = append(rows, []string{p, figs[i].Shows})
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
	noun := "files"
	if len(paths) == 1 {
		noun = "file"
	}
	if _, err := fmt.Fprintf(stdout, "Wrote %d %s into %s\n", len(paths), noun, out); err != nil {
		return err
	}
	return writeNext(stdout, "bangsim report "+shellQuote(dir), "the same charts in one page, with the tables")
}

// plotFigures returns the charts of a result directory the one reader opened.
func plotFigures(res *resultDir) ([]report.Figure, error) {
	var figs []report.Figure
	var err error
	switch res.Kind {
	case resultfile.KindDuel:
		figs, err = report.DuelFigures(&res.Duel.Run, &res.Duel.Tally)
	case resultfile.KindSweep:
		figs, err = report.SweepFigures(res.Sweep)
	case resultfile.KindCompare:
		figs, err = report.CompareFigures(res.Compare, res.CompareRows)
	case resultfile.KindLeague:
		figs, err = report.LeagueFigures(res.League)
	case resultfile.KindLadder:
		figs, err = report.LadderFigures(res.Ladder)
	case resultfile.KindTune:
		figs = []report.Figure{report.TuneFigure(res.Tune)}
	default:
		figs, err = report.RunFigures(&res.Run.Run, &res.Run.Tally)
		if err == nil { // and the balance charts, where 'bangsim balance' wrote balance.csv
			var bal []report.Figure
			if bal, err = report.ReadBalanceFigures(res.Dir, &res.Run.Run, &res.Run.Tally); err != nil {
				return nil, damaged("plot", err)
			}
			figs = append(figs, bal...)
		}
	}
	return figs, asUsage(err)
}

// parsePlotFormats checks --format: svg, png or both, in any order and case.
func parsePlotFormats(s string) ([]string, error) {
	var formats []string
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if !slices.Contains(report.PlotFormats, f) {
			return nil, usagef("invalid argument %q for --format: want svg, png or svg,png", s)
		}
		if !slices.Contains(formats, f) {
			formats = append(formats, f)
		}
	}
	return formats, nil
}
