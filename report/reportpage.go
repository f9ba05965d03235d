package report

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// The files of a report. A result directory may hold them beside its results
// (resultfile.KnownFiles lists them), so a later run still replaces the directory.
const (
	// HTMLFile is the self-contained page: manifest, charts and tables.
	HTMLFile = "report.html"
	// MarkdownFile is the GitHub-flavoured Markdown summary, for an issue or a CI job.
	MarkdownFile = "summary.md"
)

// Report is what report.html and summary.md show of one result directory: a run or
// merge (NewRunReport) or a comparison (NewCompareReport). It is computed from the
// result files' values only, and the same values always give the same bytes.
type Report struct {
	// A run or merge directory.
	run    *resultfile.Run
	set    *resultfile.TallySet
	counts []resultfile.CountTally // set.Counts by player count
	// A compare directory.
	cmp          *resultfile.Compare
	rates, diffs Table // compare.csv, compare-diff.csv as written
	diffRows     []CompareDiffRow
	// Both: the charts, in RunFigures' or CompareFigures' order (a run's balance charts
	// last, ReadBalance).
	figures []Figure
	// A run directory's balance files, if any (ReadBalance).
	balance *reportBalance
}

// NewRunReport returns the report of a run or merge directory from its run.json and
// tally.json, which the caller has read and validated (lab.ReadShard does both); run
// may be nil, and the manifest then shows what the tally holds. The tables are those
// of roles.csv, characters.csv, seats.csv and events.csv, recomputed from the tally by
// the functions that wrote them, so they hold the same rows.
func NewRunReport(run *resultfile.Run, set *resultfile.TallySet) (*Report, error) {
	if set == nil || len(set.Counts) == 0 {
		return nil, errors.New("tally.json holds no player count: nothing to report")
	}
	if run == nil {
		run = &resultfile.Run{Origin: resultfile.Origin{Tool: "bangsim", Version: set.Version, Game: set.Game}, Slice: resultfile.Slice{Seed: set.Seed},
			Rules: set.Rules, Policies: set.Policies}
		for _, c := range set.Counts {
			run.Players = append(run.Players, c.Players)
			run.GamesPlayed += c.Games
		}
	}
	figs, err := RunFigures(run, set)
	if err != nil {
		return nil, err
	}
	cs := slices.Clone(set.Counts)
	slices.SortStableFunc(cs, func(a, b resultfile.CountTally) int { return cmp.Compare(a.Players, b.Players) })
	return &Report{run: run, set: set, counts: cs, figures: figs}, nil
}

// compareRateColumns are the columns of compare.csv a report reads by name.
var compareRateColumns = []string{"policy", "role", "games", "wins", "win_rate", "ci_low", "ci_high"}

// NewCompareReport returns the report of a compare directory from compare.json and
// its two tables as written: rates is compare.csv (it may be empty: no header), diffs
// compare-diff.csv. Columns are found by their header names; a missing one is an error
// naming it.
func NewCompareReport(rec *resultfile.Compare, rates, diffs Table) (*Report, error) {
	if rec == nil {
		return nil, errors.New("no compare.json to report")
	}
	if len(rates.Header) > 0 {
		for _, name := range compareRateColumns {
			if !slices.Contains(rates.Header, name) {
				return nil, fmt.Errorf("%s has no %q column", resultfile.CompareFile, name)
			}
		}
	}
	var b bytes.Buffer
	if err := diffs.WriteCSV(&b); err != nil {
		return nil, fmt.Errorf("%s: %w", resultfile.CompareDiffFile, err)
	}
	rows, err := ReadCompareDiff(&b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", resultfile.CompareDiffFile, err)
	}
	figs, err := CompareFigures(rec, rows)
	if err != nil {
		return nil, err
	}
	return &Report{cmp: rec, rates: rates, diffs: diffs, diffRows: rows, figures: figs}, nil
}

// ReadCompareReport reads compare.json, compare-diff.csv and, if present, compare.csv
// of a compare directory and returns its report.
func ReadCompareReport(dir string) (*Report, error) {
	rec, _, err := ReadCompare(dir)
	if err != nil {
		return nil, err
	}
	diffs, err := readTableFile(filepath.Join(dir, resultfile.CompareDiffFile))
	if err != nil {
		return nil, err
	}
	rates, err := readTableFile(filepath.Join(dir, resultfile.CompareFile))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	r, err := NewCompareReport(rec, rates, diffs)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return r, nil
}

// readTableFile reads a CSV file with ReadTable; errors name the file.
func readTableFile(path string) (Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return Table{}, resultfile.ExplainPath("", err) // names path; wraps err: a missing compare.csv is allowed
	}
	defer f.Close()
	t, err := ReadTable(f)
	if err != nil {
		return Table{}, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// ReadTable reads a CSV file as written by Table.WriteCSV: a header, then rows of as
// many fields, kept as the strings they are. A column an older bangsim named otherwise
// (legacyColumns) comes back under today's name, so that the files of an old directory
// read like new ones.
func ReadTable(r io.Reader) (Table, error) {
	recs, err := csv.NewReader(r).ReadAll()
	if err != nil {
		return Table{}, errors.New(resultfile.CSVProblem(err))
	}
	if len(recs) == 0 {
		return Table{}, errors.New("it is empty")
	}
	return Table{Header: canonicalHeader(recs[0]), Rows: recs[1:]}, nil
}

// legacyColumns maps the column names of older versions to the one name every file now
// uses for the concept: the duel's and balance.csv's rate, low and high, balance.csv's
// avg, diff and p, prices.csv's worth interval.
var legacyColumns = map[string]string{
	"rate": "win_rate", "low": "ci_low", "high": "ci_high",
	"avg": "others_win_rate", "diff": "mean_diff", "p": "p_value",
	"worth_low": "ci_low", "worth_high": "ci_high",
	"play_bot": "policy", "draft_bot": "draft_policy",
}

// canonicalHeader renames the legacy columns of a header in place, each unless the
// header already has a column of the new name.
func canonicalHeader(h []string) []string {
	for i, name := range h {
		if canonical, ok := legacyColumns[name]; ok && !slices.Contains(h, canonical) {
			h[i] = canonical
		}
	}
	return h
}

// Figures returns the report's charts, in RunFigures' or CompareFigures' order.
func (r *Report) Figures() []Figure { return r.figures }

// WriteFiles writes report.html and summary.md into dir (created if missing), each
// under a temporary name and renamed, and returns their paths.
func (r *Report) WriteFiles(dir string) ([]string, error) {
	var page, md bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		return nil, err
	}
	if err := r.WriteMarkdown(&md); err != nil {
		return nil, err
	}
	return writeFiles(dir, namedFile{HTMLFile, page.Bytes()}, namedFile{MarkdownFile, md.Bytes()})
}

// roleOrder returns the roles of the tally in the game's order, every player count's
// roles merged.
func (r *Report) roleOrder() []string {
	var roles []string
	for i := range r.counts {
		for _, x := range r.counts[i].Tally.Roles {
			if !slices.Contains(roles, x.Role) {
				roles = append(roles, x.Role)
			}
		}
	}
	return roles
}

// policyText describes the bots: the default, then each role whose bot differs, in
// the game's role order ("heuristic; Outlaw: random").
func (r *Report) policyText() string {
	p := r.run.Policies
	if p.Default == "" && len(p.ByRole) == 0 {
		p = r.set.Policies
	}
	var roles []string
	for _, role := range r.roleOrder() {
		if _, ok := p.ByRole[role]; ok {
			roles = append(roles, role)
		}
	}
	var rest []string
	for role := range p.ByRole {
		if !slices.Contains(roles, role) {
			rest = append(rest, role)
		}
	}
	sort.Strings(rest)
	s := p.Default
	var diff []string
	for _, role := range append(roles, rest...) {
		if bot := p.ByRole[role]; bot != p.Default {
			diff = append(diff, role+": "+bot)
		}
	}
	if len(diff) > 0 {
		s += "; " + strings.Join(diff, ", ")
	}
	if s == "" {
		return "unknown"
	}
	return s
}

// rules returns the run's rule settings: run.json's, or the tally's.
func (r *Report) rules() resultfile.Settings {
	if len(r.run.Rules) > 0 {
		return r.run.Rules
	}
	return r.set.Rules
}

// settingsText writes each setting as name=value, in the file's order.
func settingsText(s resultfile.Settings) []string {
	out := make([]string, 0, len(s))
	for _, kv := range s {
		out = append(out, kv.Name+"="+settingValue(kv.Value))
	}
	return out
}

// settingValue writes one setting's value; a list joins with commas, and an empty
// one is "(none)".
func settingValue(v any) string {
	switch x := v.(type) {
	case []string:
		if len(x) == 0 {
			return "(none)"
		}
		return strings.Join(x, ",")
	case string:
		if x == "" {
			return `""`
		}
		return x
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case nil:
		return "null"
	}
	return fmt.Sprint(v)
}

// shellQuote writes a command line as a POSIX shell would read it back: arguments
// with characters the shell treats specially in single quotes.
func shellQuote(argv []string) string {
	out := make([]string, len(argv))
	for i, a := range argv {
		safe := a != ""
		for _, c := range a {
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.ContainsRune("@%+=:,./_-", c)) {
				safe = false
				break
			}
		}
		if safe {
			out[i] = a
		} else {
			out[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}

// formatSeconds writes a duration in seconds for people: "0.007 s", "12.3 s",
// "1 h 02 min 03 s".
func formatSeconds(s float64) string {
	switch {
	case s < 10:
		return strconv.FormatFloat(s, 'f', 3, 64) + " s"
	case s < 60:
		return strconv.FormatFloat(s, 'f', 1, 64) + " s"
	}
	t := int64(s + 0.5)
	if t < 3600 {
		return fmt.Sprintf("%d min %02d s", t/60, t%60)
	}
	return fmt.Sprintf("%d h %02d min %02d s", t/3600, t%3600/60, t%60)
}

// formatRatePerSecond writes games per second, grouped: "122,442 games/s".
func formatRatePerSecond(x float64) string {
	if !(x > 0) {
		return "–"
	}
	return groupDigits(uint64(x+0.5)) + " games/s"
}

// commandName is the command a run.json's command line ran: "run", "merge", or "".
func commandName(argv []string) string {
	for _, a := range argv[min(1, len(argv)):] {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}

// columnIndex returns the index of the named column of t, or -1.
func (t *Table) columnIndex(name string) int { return slices.Index(t.Header, name) }

// parseRate parses a table's rate cell (a plain decimal).
func parseRate(s string) (float64, bool) {
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}
