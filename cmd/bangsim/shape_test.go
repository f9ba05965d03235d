package main

// Every command has the same shape (issue 28, "One shape for every command"): the same
// flag names for the same things, the same column names in every CSV file, the same
// progress display and a Next: line after the summary.

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/report"
)

// legacyFlags are the flag names bangsim used before every bot became a policy and
// every output directory --out; they still parse (hiddenAliases) but --help must not
// list them.
var legacyFlags = map[string]string{
	"bots": "duel --policy", "drafts": "duel --draft-policy", "bot": "league --policy", "bidder": "league --bid-policy",
	"duel-bot": "league --duel-policy", "duel-draft": "league --duel-draft-policy", "dir": "man --out",
}

// sharedFlags are the flags several commands have: each must be of one type (and
// shorthand) in all of them.
var sharedFlags = map[string]string{
	"seed": "uint64", "out": "string", "workers": "int", "json": "bool", "quiet": "bool",
	"policy": "string", "policy-for": "stringArray", "players": "string", "game": "string", "games": "uint64",
}

// walkCommands calls f for every command bangsim has, the root's children and theirs.
func walkCommands(t *testing.T, f func(path string, c *cobra.Command)) {
	t.Helper()
	a := &app{ctx: context.Background(), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			f(sub.CommandPath(), sub)
			walk(sub)
		}
	}
	walk(a.rootCmd())
}

// Every listed flag has the canonical name: no legacy name, no "bot" that is not a
// policy, and a shared name means one type everywhere (league's --players, the number
// of league members, is a count rather than player counts: the one exception).
func TestFlagNamesAlike(t *testing.T) {
	writers := []string{"run", "compare", "balance", "sweep", "league", "duel", "merge", "plot", "report", "man", "tune"}
	structured := []string{"run", "compare", "balance", "sweep", "league", "duel", "merge", "plot", "report", "odds", "characters", "policies", "replay", "tune"}
	seen := 0
	walkCommands(t, func(path string, c *cobra.Command) {
		name := c.Name()
		c.Flags().VisitAll(func(f *pflag.Flag) {
			if f.Hidden {
				return
			}
			if now, ok := legacyFlags[f.Name]; ok {
				t.Errorf("%s lists --%s: the name is now %s", path, f.Name, now)
			}
			if strings.Contains(f.Name, "bot") || f.Name == "bidder" {
				t.Errorf("%s has --%s: a bot's flag is named policy", path, f.Name)
			}
			want, ok := sharedFlags[f.Name]
			if !ok || (name == "league" && f.Name == "players") {
				return
			}
			seen++
			if got := f.Value.Type(); got != want {
				t.Errorf("%s --%s is a %s, elsewhere a %s", path, f.Name, got, want)
			}
			if f.Name == "quiet" && f.Shorthand != "q" {
				t.Errorf("%s --quiet has no -q", path)
			}
		})
		if slices.Contains(writers, name) {
			for _, flag := range []string{"out", "quiet"} {
				if f := c.Flags().Lookup(flag); f == nil || f.Hidden {
					t.Errorf("%s writes files but has no --%s", path, flag)
				}
			}
		}
		if slices.Contains(structured, name) && c.Flags().Lookup("json") == nil {
			t.Errorf("%s has no --json", path)
		}
	})
	if seen < 30 {
		t.Errorf("only %d shared flags seen: the walk missed commands", seen)
	}
	// --help, as a person reads it.
	for _, cmd := range []string{"duel", "league", "man"} {
		out, _ := mustCLI(t, cmd, "--help")
		for old := range legacyFlags {
			if regexp.MustCompile(`--` + old + `\b[^-]`).MatchString(out) {
				t.Errorf("bangsim %s --help mentions --%s", cmd, old)
			}
		}
	}
	for cmd, want := range map[string][]string{
		"duel":   {"--policy ", "--draft-policy "},
		"league": {"--policy ", "--bid-policy ", "--duel-policy ", "--duel-draft-policy "},
		"man":    {"--out "},
	} {
		out, _ := mustCLI(t, cmd, "--help")
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("bangsim %s --help lacks %s", cmd, w)
			}
		}
	}
}

// The old flag names still work, as spellings of the new ones: the same files.
func TestLegacyFlagAliases(t *testing.T) {
	dir := t.TempDir()
	same := func(what string, a, b string, files ...string) {
		t.Helper()
		for _, f := range files {
			x, err := os.ReadFile(filepath.Join(a, f))
			if err != nil {
				t.Fatal(err)
			}
			y, err := os.ReadFile(filepath.Join(b, f))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(x, y) {
				t.Errorf("%s: %s differs between the old and the new flag names", what, f)
			}
		}
	}
	duel := []string{"duel", "--duels", "200", "-q"}
	mustCLI(t, append(duel, "--out", filepath.Join(dir, "d-old"), "--bots", "heuristic,random", "--drafts", "value-first,random")...)
	mustCLI(t, append(duel, "--out", filepath.Join(dir, "d-new"), "--policy", "heuristic,random", "--draft-policy", "value-first,random")...)
	same("duel", filepath.Join(dir, "d-old"), filepath.Join(dir, "d-new"), "seats.csv", "order.csv", "characters.csv")
	if rows := readCSV(t, filepath.Join(dir, "d-old", "seats.csv")); rows[2][1] != "random" || rows[1][2] != "value-first" {
		t.Errorf("--bots/--drafts were not applied: %v", rows)
	}
	league := []string{"league", "--seasons", "3", "--value-games", "40", "--players", "12", "-q"}
	mustCLI(t, append(league, "--out", filepath.Join(dir, "l-old"), "--bot", "random", "--bidder", "frugal", "--duel-bot", "random", "--duel-draft", "random")...)
	mustCLI(t, append(league, "--out", filepath.Join(dir, "l-new"), "--policy", "random", "--bid-policy", "frugal", "--duel-policy", "random", "--duel-draft-policy", "random")...)
	same("league", filepath.Join(dir, "l-old"), filepath.Join(dir, "l-new"), "standings.csv", "prices.csv")
	// frugal bids nothing: the alias reached the auction.
	for _, r := range csvMaps(t, filepath.Join(dir, "l-old", "prices.csv")) {
		if r["paid"] != "0" {
			t.Errorf("--bidder frugal: %s was paid for %s times", r["character"], r["paid"])
		}
	}
	// An unknown value through the old name is refused as through the new one.
	if code, _, errs := cli(t, "league", "--bidder", "auctioneer", "--out", filepath.Join(dir, "bad")); code != 2 {
		t.Errorf("league --bidder auctioneer: exit %d\n%s", code, errs)
	}
	mustCLI(t, "man", "--dir", filepath.Join(dir, "man-old"), "-q")
	if _, err := os.Stat(filepath.Join(dir, "man-old", "bangsim-duel.1")); err != nil {
		t.Errorf("man --dir: %v", err)
	}
}

// legacyColumns are the column names for rates and intervals that bangsim wrote before
// every file used win_rate, ci_low and ci_high (and balance.csv compare-diff.csv's
// mean_diff and p_value).
var legacyColumns = []string{"rate", "low", "high", "avg", "diff", "p", "worth_low", "worth_high", "play_bot", "draft_bot"}

// sixDecimals is a rate as every file writes it: a fraction with 6 decimals.
var sixDecimals = regexp.MustCompile(`^-?[01]\.\d{6}$`)

// Every CSV file any command writes names rates and intervals alike, and writes rates
// (and the intervals beside them) as fractions with 6 decimals; prices.csv's interval
// is of a worth in dollars and keeps its 2 decimals.
func TestCSVColumnsAlike(t *testing.T) {
	dir := t.TempDir()
	sweepFile := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(sweepFile, []byte("game: dice\nplayers: 4\ngames: 300\nseed: 1\naxes:\n  sheriff-bonus: [2, 3]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"run", "--players", "4-5", "--games", "500", "--out", filepath.Join(dir, "run")},
		{"compare", "--policies", "heuristic,random", "--games", "100", "--out", filepath.Join(dir, "compare")},
		{"balance", "--games", "2000", "--out", filepath.Join(dir, "balance")},
		{"duel", "--duels", "200", "--out", filepath.Join(dir, "duel")},
		{"league", "--seasons", "3", "--value-games", "40", "--players", "12", "--out", filepath.Join(dir, "league")},
		{"sweep", sweepFile, "--out", filepath.Join(dir, "sweep")},
	} {
		mustCLI(t, append(args, "-q")...)
	}
	files := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".csv" {
			return err
		}
		files++
		rows := readCSV(t, path)
		name, _ := filepath.Rel(dir, path)
		for _, h := range rows[0] {
			if slices.Contains(legacyColumns, h) {
				t.Errorf("%s has a column %q", name, h)
			}
		}
		if filepath.Base(path) == "prices.csv" {
			return nil
		}
		rates := []string{"win_rate", "others_win_rate", "mean_diff", "ci_low", "ci_high"}
		for j, h := range rows[0] {
			if !slices.Contains(rates, h) {
				continue
			}
			for _, r := range rows[1:] {
				if r[j] != "" && !sixDecimals.MatchString(r[j]) {
					t.Errorf("%s: %s %q is not a fraction with 6 decimals", name, h, r[j])
					break
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 15 {
		t.Errorf("only %d CSV files found", files)
	}
	if h := readCSV(t, filepath.Join(dir, "league", "prices.csv"))[0]; !slices.Equal(h[len(h)-3:], []string{"worth", "ci_low", "ci_high"}) {
		t.Errorf("prices.csv header %v", h)
	}
}

// A CSV file of an older bangsim reads under today's names.
func TestReadTableLegacyColumns(t *testing.T) {
	old := "players,role,character,games,wins,rate,avg,diff,ci_low,ci_high,z,p,p_holm\n5,Sheriff,A,10,5,0.5,0.4,0.1,0.0,0.2,1.0,0.3,0.6\n"
	tb, err := report.ReadTable(strings.NewReader(old))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"players", "role", "character", "games", "wins", "win_rate", "others_win_rate", "mean_diff", "ci_low", "ci_high", "z", "p_value", "p_holm"}
	if !slices.Equal(tb.Header, want) {
		t.Errorf("header %v, want %v", tb.Header, want)
	}
	if !slices.Equal(tb.Header[5:8], report.BalanceHeader[5:8]) {
		t.Errorf("balance.csv's columns %v are not what an old file reads as", report.BalanceHeader[5:8])
	}
	// A header that has the new name keeps its old-named column as it is.
	tb, _ = report.ReadTable(strings.NewReader("win_rate,rate\n0.5,0.5\n"))
	if !slices.Equal(tb.Header, []string{"win_rate", "rate"}) {
		t.Errorf("header %v", tb.Header)
	}
	// The duel's old files.
	tb, _ = report.ReadTable(strings.NewReader("seat,play_bot,draft_bot,duels,wins,draws,win_rate,low,high\n"))
	if !slices.Equal(tb.Header, []string{"seat", "policy", "draft_policy", "duels", "wins", "draws", "win_rate", "ci_low", "ci_high"}) {
		t.Errorf("duel header %v", tb.Header)
	}
}

// progressLine is lineProgress's line while playing: label, done/total unit (percent),
// rate unit/s, ETA.
var progressLine = regexp.MustCompile(`^[a-z][a-z0-9 ]*: \d+/\d+ (games|duels|seasons|evaluations) \(\d+%\), \d+ (games|duels|seasons|evaluations)/s, ETA \d`)

// doneLine is its last line.
var doneLine = regexp.MustCompile(`(?m)^([a-z][a-z0-9 ]*): (\d+)/(\d+) (games|duels|seasons|evaluations) \(100%\), \d+ (games|duels|seasons|evaluations)/s, done in \d`)

// Plain progress lines (a log, not a terminal) carry the rate and the ETA.
func TestProgressLineHasRateAndETA(t *testing.T) {
	var b bytes.Buffer
	p := newNamedProgress(&b, false, 0, "long duels", "duels")
	update := p.Start(2, 1000)
	time.Sleep(2 * time.Millisecond)
	update(250, 1000)
	p.Finish(2, 1000, 1000, 10*time.Millisecond)
	p.close()
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 2 || !progressLine.MatchString(lines[0]) || !strings.Contains(lines[0], "250/1000 duels (25%)") || !doneLine.MatchString(lines[1]) {
		t.Errorf("progress lines:\n%s", b.String())
	}
}

// A sweep's cells show as one count of games: done adds up over the cells and their
// player counts, against the total of them all, so the ETA is the sweep's.
func TestTotalProgress(t *testing.T) {
	var b bytes.Buffer
	p := newTotalProgress(newNamedProgress(&b, false, 0, "sweep", "games"), 600)
	for cell := range 2 {
		for _, n := range []int{4, 5} {
			u := p.Start(n, 150)
			u(100, 150)
			p.Finish(n, 150, 150, time.Millisecond)
		}
		_ = cell
	}
	p.close()
	got := b.String()
	for _, want := range []string{"sweep: 100/600 games (16%)", "sweep: 250/600 games (41%)", "sweep: 400/600 games (66%)", "sweep: 550/600 games (91%)"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
	if lines := strings.Split(strings.TrimSpace(got), "\n"); !doneLine.MatchString(lines[len(lines)-1]) || !strings.Contains(lines[len(lines)-1], "600/600") {
		t.Errorf("last line %q", lines[len(lines)-1])
	}
}

// Every long command shows its progress through the one progress type: on stderr that
// is not a terminal the same final line, "LABEL: N/N UNIT (100%), R UNIT/s, done in D";
// every command ends its summary with a Next: line naming a bangsim command (or man),
// and prints none with -q or --json. The duel's summary shows the seats.
func TestEveryCommandProgressAndNext(t *testing.T) {
	dir := t.TempDir()
	sweepFile := filepath.Join(dir, "s.yaml")
	if err := os.WriteFile(sweepFile, []byte("game: dice\nplayers: 4\ngames: 300\nseed: 1\naxes:\n  sheriff-bonus: [2, 3]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	shard := func(k string) []string {
		return []string{"run", "--games", "400", "--shard", k + "/2", "--out", filepath.Join(dir, "shard"+k), "-q"}
	}
	mustCLI(t, shard("1")...)
	mustCLI(t, shard("2")...)
	for _, tc := range []struct {
		args     []string
		label    string // of the last progress line; "" for none (merge reads, it does not play)
		next     string
		progress bool
	}{
		{[]string{"run", "--games", "500", "--out", filepath.Join(dir, "run")}, "players 5", "Next: bangsim report " + filepath.Join(dir, "run") + " (", true},
		{[]string{"compare", "--policies", "heuristic,random", "--games", "100", "--out", filepath.Join(dir, "cmp")}, "players 5", "Next: bangsim report ", true},
		{[]string{"ladder", "--policies", "heuristic,random", "--games", "64", "--out", filepath.Join(dir, "ladder")}, "players 5", "Next: bangsim plot " + filepath.Join(dir, "ladder") + " (", true},
		{[]string{"balance", "--games", "2000", "--out", filepath.Join(dir, "bal")}, "players 5", "Next: bangsim ", true},
		{[]string{"sweep", sweepFile, "--out", filepath.Join(dir, "sweep")}, "sweep", "Next: bangsim report " + filepath.Join(dir, "sweep") + " (", true},
		{[]string{"duel", "--duels", "200", "--out", filepath.Join(dir, "duel")}, "long duels", "Next: bangsim duel --replay 0 --duels 200 (", true},
		{[]string{"league", "--seasons", "3", "--value-games", "40", "--players", "12", "--out", filepath.Join(dir, "league")}, "league seasons", "Next: bangsim duel --policy ", true},
		{[]string{"tune", "--policy", "heuristic(beer_below=0)", "--params", "beer_below", "--games", "100", "--budget", "3", "--validate-games", "100", "--out", filepath.Join(dir, "tune")}, "tune", "Next: bangsim compare --game dice --players 5 --policies ", true},
		{[]string{"merge", "--out", filepath.Join(dir, "merged"), filepath.Join(dir, "shard1"), filepath.Join(dir, "shard2")}, "", "Next: bangsim report " + filepath.Join(dir, "merged") + " (", false},
		{[]string{"man", "--out", filepath.Join(dir, "man")}, "", "Next: man -l ", false},
		{[]string{"plot", "--out", filepath.Join(dir, "charts"), filepath.Join(dir, "run")}, "", "Next: bangsim report " + filepath.Join(dir, "run") + " (", false},
		{[]string{"report", "--out", filepath.Join(dir, "site"), filepath.Join(dir, "run")}, "", "Next: open " + filepath.Join(dir, "site", "report.html") + " in a browser", false},
	} {
		name := tc.args[0]
		args := slices.Clone(tc.args)
		if tc.progress {
			args = append(args, "--progress-every", "0") // every update a line
		}
		summary, errs := mustCLI(t, args...)
		lines := strings.Split(strings.TrimRight(summary, "\n"), "\n")
		if last := lines[len(lines)-1]; !strings.HasPrefix(last, tc.next) {
			t.Errorf("%s: last line of stdout %q, want %q...", name, last, tc.next)
		}
		if tc.progress {
			m := doneLine.FindAllStringSubmatch(errs, -1)
			if len(m) == 0 || m[len(m)-1][1] != tc.label || m[len(m)-1][2] != m[len(m)-1][3] {
				t.Errorf("%s: no final progress line labelled %q on stderr:\n%s", name, tc.label, errs)
			}
			if name == "league" && !regexp.MustCompile(`(?m)^value games: 160/160 games \(100%\), \d+ games/s, done in`).MatchString(errs) {
				t.Errorf("league: the value games show no progress:\n%s", errs)
			}
			for _, l := range strings.Split(errs, "\n") {
				if strings.Contains(l, "/") && strings.Contains(l, "%") && !progressLine.MatchString(l) && !doneLine.MatchString(l) {
					t.Errorf("%s: a progress line of another shape: %q", name, l)
				}
			}
		}
		if name == "man" {
			continue
		}
		// -q and --json: no Next: line (a fresh --out each, every command refusing none).
		for i, flag := range []string{"-q", "--json"} {
			args := slices.Clone(tc.args)
			k := slices.Index(args, "--out")
			args[k+1] += "-" + strconv.Itoa(i)
			out, _ := mustCLI(t, append(args, flag)...)
			if strings.Contains(out, "Next:") {
				t.Errorf("%s %s prints a Next: line", name, flag)
			}
			if flag == "-q" && out != "" {
				t.Errorf("%s -q prints %q", name, out)
			}
		}
		if name == "duel" {
			for _, want := range []string{"seat  policy     draft policy", "   0  heuristic  random", "   1  heuristic  random"} {
				if !strings.Contains(summary, want) {
					t.Errorf("duel summary lacks %q:\n%s", want, summary)
				}
			}
		}
	}
}
