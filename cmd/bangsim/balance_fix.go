package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// fixOptions are balance's --fix flags.
type fixOptions struct {
	Fix        bool
	Epsilon    float64
	Pins       []string
	FixOptions string
	FreshSeed  uint64
	charsFile  string // --characters-file, which the Next: line repeats
}

// bindFix registers the --fix flags on fs.
func (o *fixOptions) bindFix(fs *pflag.FlagSet) {
	fs.BoolVar(&o.Fix, "fix", false, "search the fewest changes (life ±, ability parameters, --fix-options) that bring every character within --epsilon of its role's reference, validated on fresh seeds")
	fs.Float64Var(&o.Epsilon, "epsilon", 0.03, "with --fix: the tolerance on every character's all-roles difference (0.03: 3 points)")
	fs.StringArrayVar(&o.Pins, "pin", nil, `with --fix: what may not change (repeatable): a character, "life", a parameter slug.param or a rule option`)
	fs.StringVar(&o.FixOptions, "fix-options", "", "with --fix: number rule options it may change too, NAME,NAME,... (e.g. sheriff-bonus)")
	fs.Uint64Var(&o.FreshSeed, "fresh-seed", 0, "with --fix: the seed of the validation games (default: --seed + 1), never used in the search")
}

// checkFix refuses --fix's flags without --fix.
func (o *fixOptions) checkFix(fs *pflag.FlagSet) error {
	for _, name := range []string{"epsilon", "pin", "fix-options", "fresh-seed"} {
		if fs.Changed(name) && !o.Fix {
			return usagef("--%s needs --fix", name)
		}
	}
	if !(o.Epsilon > 0 && o.Epsilon < 1) {
		return usagef("--epsilon %g: want a difference between 0 and 1, e.g. 0.03 for 3 points", o.Epsilon)
	}
	return nil
}

// fixSpec is the search --fix's flags ask for, the fresh seeds --seed + 1 by default.
func (o fixOptions) fixSpec(seed uint64) lab.FixSpec {
	f := lab.FixSpec{Epsilon: o.Epsilon, Pins: o.Pins, FreshSeed: o.FreshSeed}
	if f.FreshSeed == 0 {
		f.FreshSeed = seed + 1
	}
	if o.FixOptions != "" {
		for _, name := range strings.Split(o.FixOptions, ",") {
			f.Options = append(f.Options, strings.TrimSpace(name))
		}
	}
	return f
}

// runFix searches and prints the fix of the balance run res.
func runFix(ctx context.Context, o fixOptions, spec lab.BalanceSpec, res *lab.BalanceResult, out string, stdout io.Writer) error {
	f := o.fixSpec(spec.Run.Seed)
	fix, err := lab.FixBalance(ctx, spec, res, f)
	if err != nil {
		return asUsage(err)
	}
	caption := fmt.Sprintf("balance --fix of %s: %s", out, strings.Join(lab.FixFlags(fix.Changes), " "))
	names, err := report.WriteFigures(out, report.FixFigures(fix.Before, fix.After, f.Epsilon, caption), []string{"svg"})
	if err != nil {
		return writeError("--out", out, err)
	}
	printFix(stdout, fix, f, spec.Run.Game, o.charsFile, spec.Run.Players, names)
	return nil
}

// printFix writes the change set as flags and YAML, the before/after table on the fresh
// seeds, the games it cost and the charts written (plot-balance-fix-Np).
func printFix(w io.Writer, fix *lab.FixResult, f lab.FixSpec, g *lab.Game, charsFile string, players []int, charts []string) {
	fmt.Fprintf(w, "\nFix (--epsilon %.1f points): ", 100*f.Epsilon)
	if len(fix.Changes) == 0 {
		fmt.Fprintln(w, "no change found that lowers the excess")
	} else {
		fmt.Fprintln(w, strings.Join(lab.FixFlags(fix.Changes), " "))
	}
	fmt.Fprint(w, lab.FixYAML(fix.Changes))
	for _, n := range players {
		fmt.Fprintf(w, "\nOn fresh seeds (seed %d), %d players, all roles (points, 95%% intervals):\n", f.FreshSeed, n)
		var rows [][]string
		for _, r := range fix.Before.Rows {
			if r.Players != n || r.Role != resultfile.AllRoles {
				continue
			}
			after := fix.After.Row(n, r.Role, r.Character)
			if after == nil {
				continue
			}
			rows = append(rows, []string{r.Character, fixCell(&r), fixCell(after), within(after, f.Epsilon)})
		}
		_ = report.WriteSummary(w, "", []string{"character", "before", "after", "within"}, rows)
	}
	verdict := "every character within"
	if !fix.Within {
		verdict = "not every character within"
	}
	fmt.Fprintf(w, "\n%s ±%.1f points after the fix on fresh seeds; %d configurations tried, %d games played in all\n",
		verdict, 100*f.Epsilon, fix.Evaluations, fix.Games)
	if len(charts) > 0 {
		fmt.Fprintf(w, "The before/after charts: %s\n", strings.Join(charts, ", "))
	}
	cfg := fix.Config
	cfg.Players = players
	text := ""
	if canon, err := cfg.CanonicalIn(g); err == nil {
		text = canon.String()
	}
	file := ""
	if charsFile != "" {
		file = " --characters-file " + shellQuote(charsFile)
	}
	fmt.Fprintf(w, "Next: bangsim balance --games 200000 --seed %d --config %q%s (the fixed game on seeds of your own)\n", f.FreshSeed+1, text, file)
}

// fixCell is a row's difference and interval in points.
func fixCell(r *report.BalanceRow) string {
	return fmt.Sprintf("%+.1f [%+.1f, %+.1f]", 100*r.Diff, 100*r.Low, 100*r.High)
}

// within says whether a row's difference is within eps.
func within(r *report.BalanceRow, eps float64) string {
	if math.Abs(r.Diff) <= eps {
		return "yes"
	}
	return "no"
}
