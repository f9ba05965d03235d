package main

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/league"
)

// A total of games that does not fit (lab.MaxGames, int64's largest) is a usage error
// before anything is played, in every command that multiplies games: `--games
// 9223372036854775809` over two player counts used to run "after 1428943 of 2 games"
// (games_planned wrapped to 2), and compare's 18446744073709551615 indices printed
// "ETA -2562047h47m". Nothing is played.
func TestGameTotalsThatDoNotFitAreRefused(t *testing.T) {
	tmp := t.TempDir()
	sweepFile := filepath.Join(tmp, "big.yaml")
	if err := os.WriteFile(sweepFile, []byte("game: dice\ngames: 9223372036854775807\naxes:\n  players: [4, 5]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(tmp, "out")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--games", "9223372036854775809", "--players", "4,5"}, "--games 9223372036854775809 at 2 player counts is too many games in all: at most 9,223,372,036,854,775,807"},
		{[]string{"run", "--games", "4611686018427387904", "--players", "4,5"}, "at 2 player counts is too many games in all"},
		{[]string{"run", "--games", "9223372036854775808"}, "--games 9223372036854775808 is too many games in all"},
		{[]string{"compare", "--policies", "heuristic,random", "--games", "18446744073709551615"}, "--games 18446744073709551615 at 6 games an index is too many games in all"},
		{[]string{"compare", "--policies", "heuristic,random,keep", "--games", "922337203685477581"}, "at 11 games an index"},
		{[]string{"balance", "--games", "9223372036854775809", "--players", "4,5"}, "too many games in all"},
		{[]string{"balance", "--games", "1000", "--precision", "0.01", "--max-games", "9223372036854775807", "--players", "4,5"}, "--max-games 9223372036854775807 at 2 player counts is too many games in all"},
		{[]string{"sweep", sweepFile, "--dry-run"}, "the 2 cells together are too many games"},
	} {
		code, _, errs := cli(t, append(tc.args, "--out", out)...)
		if code != exitUsage || !strings.Contains(errs, tc.want) || strings.Count(errs, "bangsim: error:") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with %q", tc.args, code, errs, tc.want)
		}
		if _, err := os.Stat(filepath.Join(out, resultfile.RunFile)); !os.IsNotExist(err) {
			t.Fatalf("%v played into %s", tc.args, out)
		}
	}
	// The largest that fits is accepted by the plan (not played: a run of it would
	// never end).
	o := defaultRunOptions()
	o.Games, o.Players, o.Out = lab.MaxGames/2, "4,5", filepath.Join(tmp, "fits")
	if _, err := o.plan(); err != nil {
		t.Errorf("2 × %d games: %v", o.Games, err)
	}
}

// The ETA is never negative: with nothing done, or more time left than a
// time.Duration holds (compare's 18446744073709551615 indices at any rate), it is "ETA
// unknown", where the conversion used to wrap to "ETA -2562047h47m".
func TestETANeverNegative(t *testing.T) {
	for _, tc := range []struct {
		done, total uint64
		elapsed     time.Duration
		want        string
	}{
		{0, 100, time.Second, "ETA unknown"},
		{10, 100, 0, "ETA unknown"},
		{1, math.MaxUint64, time.Millisecond, "ETA unknown"},
		{1_000_000, math.MaxInt64, time.Second, "ETA unknown"}, // 292,000 years: past a Duration
		{50, 100, 10 * time.Second, "ETA 10s"},
		{100, 100, time.Second, "ETA 0s"},
	} {
		_, eta, ok := rateETA(tc.done, tc.total, tc.elapsed)
		if got := etaText(eta, ok); got != tc.want || eta < 0 {
			t.Errorf("rateETA(%d, %d, %v): %q (%v), want %q", tc.done, tc.total, tc.elapsed, got, eta, tc.want)
		}
	}
	// And the lines a log gets.
	var b bytes.Buffer
	p := &lineProgress{w: &b, every: time.Nanosecond}
	f := p.Start(5, math.MaxUint64)
	time.Sleep(2 * time.Millisecond)
	f(1, math.MaxUint64)
	if !strings.Contains(b.String(), "ETA unknown") || strings.Contains(b.String(), "ETA -") {
		t.Errorf("progress line %q", b.String())
	}
}

// Every balance option is checked before the base run is played (docs/guide.md,
// "Balance"): a bad --tune, --tune-values, --tune-role, --tune-characters or a rule the
// card game lacks used to play the whole base run, write its files, then exit 2.
func TestBalanceChecksTuningBeforePlaying(t *testing.T) {
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "run")
	mustCLI(t, "run", "-q", "--games", "200", "--policy", "simple", "--out", dir)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--tune", "nosuch"}, "--tune nosuch: --game dice has no such rule option"},
		{[]string{"--tune", "sheriff-bonus", "--tune-values", "1,x"}, "malformed --tune-values"},
		{[]string{"--tune", "sheriff-bonus", "--tune-values", "99"}, "--tune-values: --sheriff-bonus 99 is out of range"},
		{[]string{"--tune", "sheriff-bonus", "--tune-role", "nobody"}, `--tune-role "nobody"`},
		{[]string{"--tune-life", "--tune-characters", "nobody"}, `--tune-life: unknown character "nobody"`},
		{[]string{"--tune", "life"}, "--tune life: a text option cannot be tuned"},
		{[]string{"--game", "card", "--tune", "arrows"}, "--tune arrows: --game card has no such rule option"},
	} {
		out := filepath.Join(tmp, "fresh")
		start := time.Now()
		code, _, errs := cli(t, append([]string{"balance", "--games", "2000", "--out", out}, tc.args...)...)
		if code != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with %q", tc.args, code, errs, tc.want)
		}
		if _, err := os.Stat(filepath.Join(out, resultfile.RunFile)); !os.IsNotExist(err) {
			t.Errorf("%v: the base run was played into %s before the refusal", tc.args, out)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%v: refused after %v", tc.args, d)
		}
		if tc.args[0] == "--game" {
			continue // DIR is a dice run
		}
		// balance DIR checks the same before its tuning plays.
		code, _, errs = cli(t, append([]string{"balance", dir, "--out", filepath.Join(tmp, "dirout")}, tc.args...)...)
		if code != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("balance DIR %v: exit %d, stderr %q; want exit 2 with %q", tc.args, code, errs, tc.want)
		}
	}
}

// balance says what it analysed: a shard of 100 of --games 1,000 used to be "1,000
// games" on the terminal and "1,000 games a player count" in balance.md.
func TestBalanceSaysWhatItAnalysed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shard")
	mustCLI(t, "run", "-q", "--games", "1000", "--shard", "2/10", "--policy", "simple", "--out", dir)
	out, _ := mustCLI(t, "balance", dir)
	if !strings.Contains(out, "5 players (points; seed 1, policy simple, 100 of 1,000 games (shard 2/10);") {
		t.Errorf("summary:\n%s", out)
	}
	md, err := os.ReadFile(filepath.Join(dir, report.BalanceMarkdownFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "seed 1, 100 of 1,000 games a player count (shard 2/10)") {
		t.Errorf("balance.md:\n%s", md[:min(len(md), 400)])
	}
	// A partial run: its games, of the planned, marked so; each count its own.
	r := &resultfile.Run{GamesPerCount: 50_000_000, Players: []int{4, 5}, Partial: true,
		Counts: []resultfile.Count{{Players: 4, Games: 50_000_000, Planned: 50_000_000}, {Players: 5, Games: 1234, Planned: 50_000_000}}}
	if got := report.GamesAnalysed(r, 5); got != "1,234 of 50,000,000 games (partial)" {
		t.Errorf("partial count: %q", got)
	}
	if got := report.GamesAnalysed(r, 4); got != "50,000,000 games" {
		t.Errorf("complete count of a partial run: %q", got)
	}
}

// cancelAfter is stderr for a balance whose context it cancels when the n-th line
// starting with prefix is written: the announcement of a tuning trial, before it plays.
type cancelAfter struct {
	mu     sync.Mutex
	prefix string
	n      int
	cancel context.CancelFunc
	buf    bytes.Buffer
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, l := range strings.Split(string(p), "\n") {
		if strings.HasPrefix(l, c.prefix) {
			if c.n--; c.n == 0 {
				c.cancel()
			}
		}
	}
	return c.buf.Write(p)
}

// Interrupted during the 4th of 4 tuning trials, balance keeps the 3 finished in
// balance.md (they were all dropped while the message said they were written), says
// the tuning was interrupted, prints the summary and exits 1.
func TestBalanceInterruptedTuningKeepsTheFinishedTrials(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	mustCLI(t, "run", "-q", "--games", "300", "--policy", "simple", "--out", dir)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &cancelAfter{prefix: "--tune: --sheriff-bonus", n: 4, cancel: cancel}
	var stdout bytes.Buffer
	// sheriff-bonus 2 in the run: 0, 1, 3 and 4 are played, 4 last.
	code := execute(ctx, []string{"bangsim", "balance", dir, "--tune", "sheriff-bonus"}, &stdout, stderr)
	if code != exitFailure || !strings.Contains(stderr.buf.String(), "interrupted while tuning") ||
		!strings.Contains(stderr.buf.String(), "with the tuning trials finished before it") {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr.buf.String())
	}
	md, err := os.ReadFile(filepath.Join(dir, report.BalanceMarkdownFile))
	if err != nil {
		t.Fatal(err)
	}
	text := string(md)
	if !strings.Contains(text, "The tuning was interrupted") || !strings.Contains(text, "## Option tuning") {
		t.Fatalf("balance.md has no interrupted option tuning:\n%s", text)
	}
	section := text[strings.Index(text, "## Option tuning"):]
	section = section[:strings.Index(section[1:], "\n## ")+1]
	var values []string
	for _, l := range strings.Split(section, "\n") {
		if f := strings.Split(l, " | "); strings.HasPrefix(l, "| ") && len(f) > 1 && strings.Contains(f[1], "%") {
			values = append(values, strings.Fields(strings.TrimPrefix(f[0], "| "))[0])
		}
	}
	if strings.Join(values, ",") != "0,1,2,3" { // the run's 2 and the three trials finished
		t.Errorf("option tuning rows for values %v, want 0,1,2,3:\n%s", values, section)
	}
	if out := stdout.String(); !strings.Contains(out, "Verdict") || !strings.Contains(out, "Tune: --sheriff-bonus (5 players)") {
		t.Errorf("no summary on the interrupt:\n%s", out)
	}
}

// `bangsim help nosuch` exits 2 with "unknown command"; it printed the usage and
// exited 0. Help of a real command still works.
func TestHelpOfAnUnknownCommand(t *testing.T) {
	code, out, errs := cli(t, "help", "nosuch")
	if code != exitUsage || !strings.Contains(errs, `unknown command "nosuch" for help`) || out != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, out, _ := cli(t, "help", "run"); code != exitOK || !strings.Contains(out, "bangsim run") {
		t.Errorf("help run: exit %d", code)
	}
}

// `league --help` lists the shipped score tables a season accepts, and no other: it
// listed czech-points, which a season refuses (points, not dollars).
func TestLeagueTableHelpListsWhatWorks(t *testing.T) {
	_, help, _ := cli(t, "league", "--help")
	line := ""
	for _, l := range strings.Split(help, "\n") {
		if strings.Contains(l, "--table string") {
			line = l
		}
	}
	for _, name := range league.BuiltinTables() {
		listed := strings.Contains(line, name)
		code, _, errs := cli(t, "league", "--table", name, "--seasons", "1", "--value-games", "1", "--players", "4", "--max-table", "4", "--finals", "coin", "-q", "--out", filepath.Join(t.TempDir(), "l"))
		if listed != (code == exitOK) {
			t.Errorf("table %s: listed %v in %q, but league exits %d (%s)", name, listed, line, code, errs)
		}
	}
	if strings.Contains(line, league.CzechTableName) {
		t.Errorf("--help lists %s: %q", league.CzechTableName, line)
	}
}

// --remove-cards that leaves too few cards to deal is refused at the boundary, naming
// both numbers (lab/cardgame's deckNeeded): every card removed used to play 1,000-turn
// draws and exit 0.
func TestCardDeckTooSmallIsRefused(t *testing.T) {
	_, _, list := cli(t, "run", "--game", "card", "--remove-cards", "nosuch", "--games", "1")
	cards := list[strings.Index(list, "(the cards: ")+len("(the cards: ") : strings.Index(list, ")\n")]
	out := filepath.Join(t.TempDir(), "out")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--remove-cards", cards}, "--remove-cards leaves 0 of the deck's 80 cards, and 5 players need 23"},
		{[]string{"run", "--remove-cards", "BANG!,Missed!,Beer,Panic!,Cat Balou", "--players", "4-7"}, "leaves 29 of the deck's 80 cards, and 7 players need 31"},
		{[]string{"replay", "--remove-cards", cards}, "leaves 0 of the deck's 80 cards"},
		{[]string{"compare", "--policies", "heuristic,random", "--remove-cards", cards}, "leaves 0 of the deck's 80 cards"},
	} {
		code, _, errs := cli(t, append(tc.args, "--game", "card", "--games", "10", "--out", out)...)
		if tc.args[0] == "replay" {
			code, _, errs = cli(t, append(tc.args, "--game", "card")...)
		}
		if code != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with %q", tc.args[:2], code, errs, tc.want)
		}
	}
	mustCLI(t, "run", "--game", "card", "--remove-cards", "BANG!,Missed!,Beer,Panic!,Cat Balou", "--players", "4", "--games", "10", "-q", "--out", out)
}

// report reads tally.json (checksummed) and recomputes the tables; a roles.csv edited
// by hand now gets a one-line warning on stderr, where the page silently disagreed with
// the file beside it.
func TestReportWarnsWhenACSVDisagrees(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "run")
	mustCLI(t, "run", "-q", "--games", "200", "--out", dir)
	if _, errs := mustCLI(t, "report", dir); errs != "" {
		t.Fatalf("report of untouched files warns: %q", errs)
	}
	path := filepath.Join(dir, resultfile.RolesFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	f := strings.Split(lines[1], ",")
	f[3] = "99999" // wins
	lines[1] = strings.Join(f, ",")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errs := mustCLI(t, "report", dir)
	if errs != "bangsim: warning: roles.csv does not match tally.json (edited or damaged?); the report shows tally.json's numbers, which its checksum vouches for\n" {
		t.Errorf("stderr %q", errs)
	}
}
