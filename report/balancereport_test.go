package report

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// plantedCount is a 5-player tally of 8 characters in which character B's side wins
// more often (boost > 0) or less often (boost < 0) while B plays.
func plantedCount(seed uint64, games int, boost float64) resultfile.CountTally {
	rng := rand.New(rand.NewPCG(seed, 6))
	return synthTally(5, fiveRoles, []int{1, 1, 2, 1}, charNames(8), synthFive(rng, games, 8, func(c, r int) float64 {
		if c == 1 {
			return boost
		}
		return 0
	}))
}

// balanceDir writes a run's balance files, as `bangsim balance` does, into a new
// directory and returns it with the run's report.
func balanceDir(t *testing.T, ct resultfile.CountTally, info BalanceInfo) (string, *Report, *Balance) {
	t.Helper()
	set := &resultfile.TallySet{Game: "dice", Version: "test", Seed: 3, Policies: resultfile.Policies{Default: "heuristic"},
		Counts: []resultfile.CountTally{ct}}
	run := &resultfile.Run{Origin: resultfile.Origin{Game: "dice"}, Slice: resultfile.Slice{Seed: 3}, Players: []int{5}, GamesPerCount: ct.Games, Policies: set.Policies}
	r, err := NewRunReport(run, set)
	if err != nil {
		t.Fatal(err)
	}
	b := NewBalance(set.Counts, DefaultAlpha, ZFor(Confidence))
	dir := t.TempDir()
	info.Run = run
	if _, err := WriteBalanceFiles(dir, b, info); err != nil {
		t.Fatal(err)
	}
	return dir, r, b
}

// pageText is the text of one section of a page: tags, charts and data URLs dropped.
func pageText(t *testing.T, page, id string) string {
	t.Helper()
	i := strings.Index(page, `<section id="`+id+`">`)
	if i < 0 {
		t.Fatalf("the page has no section %q", id)
	}
	sec := page[i : i+strings.Index(page[i:], "</section>")]
	sec = regexp.MustCompile(`(?s)<svg.*?</svg>`).ReplaceAllString(sec, "")
	return html.UnescapeString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(sec, " "))
}

// A directory with balance files gets a Balance section: the verdict in words naming
// the planted character first, its chart, the tables, the tuning read back from
// balance.md, and balance.csv itself a download away; one without gets none.
func TestReportBalanceSection(t *testing.T) {
	ct := plantedCount(5, 3000, 0.3)
	mk := func(d float64) *Balance {
		return &Balance{Rows: []BalanceRow{{Players: 5, Role: resultfile.AllRoles, Character: "B", Diff: d, Low: d - 0.01, High: d + 0.01}}}
	}
	life := NewLifeTuning("B", 5, 8, []int{0, -2, -1, 1, 2}, []*Balance{mk(0.10), mk(-0.01), mk(0.01), mk(0.2), mk(0.3)})
	dir, r, b := balanceDir(t, ct, BalanceInfo{Life: []LifeTuning{life}})
	if !slices.Contains(b.Flagged(true), "B") {
		t.Fatalf("the planted character is not flagged: %v", b.Flagged(true))
	}
	if err := r.ReadBalance(dir); err != nil {
		t.Fatal(err)
	}
	var page bytes.Buffer
	if err := r.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	text := pageText(t, page.String(), "balance")
	verdict := strings.Index(text, "Significantly stronger: B (5 players).")
	if verdict < 0 {
		t.Fatalf("no verdict naming B:\n%s", text)
	}
	row := b.Row(5, resultfile.AllRoles, "B")
	for _, want := range []string{
		"B is significantly stronger over its roles: " + minusSigns(pointsCI(*row)) + " points",
		"5 players: 1 of 8 characters stand out",
		"significantly stronger (Holm p ",
		"Are the characters (and the seats) equal?",
		"Seats: each shuffled seat",
		"7 (closest)", "B, 5 players (life 8 in the run)", "Life tuning: what bangsim balance suggests",
		"raw balance.csv",
	} {
		if k := strings.Index(text, want); k < 0 {
			t.Errorf("the Balance section lacks %q", want)
		} else if k < verdict {
			t.Errorf("%q comes before the verdict", want)
		}
	}
	if !strings.Contains(page.String(), `<figure class="plot" id="plot-balance-5p">`) {
		t.Error("no chart plot-balance-5p")
	}
	raw, err := os.ReadFile(filepath.Join(dir, BalanceFile))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), `href="data:text/csv;base64,`+base64.StdEncoding.EncodeToString(raw)+`"`) {
		t.Error("the download link does not hold balance.csv's bytes")
	}
	if strings.Contains(text, "does not hold the rows tally.json gives") {
		t.Error("the balance.csv written from this tally is called a mismatch")
	}

	// The same run without balance files: no section, no chart.
	plain, _, _ := balanceDir(t, ct, BalanceInfo{})
	os.Remove(filepath.Join(plain, BalanceFile))
	_, r2, _ := balanceDir(t, ct, BalanceInfo{})
	if err := r2.ReadBalance(plain); err != nil {
		t.Fatal(err)
	}
	page.Reset()
	if err := r2.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(page.String(), `<section id="balance">`) || strings.Contains(page.String(), "plot-balance-") {
		t.Error("a directory without balance.csv has a Balance section")
	}
}

// With nobody planted and few games, the verdict says that no character stands out and
// how wide the intervals are.
func TestReportBalanceNothingFlagged(t *testing.T) {
	b := NewBalance([]resultfile.CountTally{plantedCount(9, 300, 0)}, DefaultAlpha, ZFor(Confidence))
	if f := b.Flagged(false); len(f) > 0 {
		t.Skipf("seed flags %v by chance", f)
	}
	words := strings.Join(b.VerdictWords(), "\n")
	for _, want := range []string{"No character is significantly stronger or weaker", "5 players: no character is significantly stronger or weaker", "the widest interval is ±"} {
		if !strings.Contains(words, want) {
			t.Errorf("verdict lacks %q:\n%s", want, words)
		}
	}
}

// balance.csv reads back into the rows it was written from, with and without a
// population column.
func TestReadBalanceTable(t *testing.T) {
	b := NewBalance([]resultfile.CountTally{plantedCount(5, 1000, 0.3)}, DefaultAlpha, ZFor(Confidence))
	one := b.Table()
	var buf bytes.Buffer
	if err := one.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	pops, err := ReadBalanceTable(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if len(pops) != 1 || pops[0].Name != "" || !slices.EqualFunc(pops[0].Balance.Table().Rows, one.Rows, slices.Equal[[]string]) {
		t.Fatalf("read back %d populations, rows differ", len(pops))
	}
	two := PopulationsTable([]Population{{"heuristic", b}, {"random", b}})
	buf.Reset()
	if err := two.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	if pops, err = ReadBalanceTable(&buf); err != nil || len(pops) != 2 || pops[1].Name != "random" {
		t.Fatalf("two populations: %v, %d", err, len(pops))
	}
	if _, err := ReadBalanceTable(strings.NewReader("players,role\n5,all\n")); err == nil || !strings.Contains(err.Error(), `no "character" column`) {
		t.Errorf("a file without columns: %v", err)
	}
}

// Several bot populations: a character planted stronger under one and weaker under the
// other flips sign; the table in balance.md and balance.csv's population column say
// so, and one population writes balance.md and balance.csv as before, byte for byte.
func TestBalancePopulationsFlip(t *testing.T) {
	strong := NewBalance([]resultfile.CountTally{plantedCount(5, 4000, 0.3)}, DefaultAlpha, ZFor(Confidence))
	weak := NewBalance([]resultfile.CountTally{plantedCount(7, 4000, -0.12)}, DefaultAlpha, ZFor(Confidence))
	pops := []Population{{"heuristic", strong}, {"omniscient", weak}}
	if rowVerdict(strong.Row(5, resultfile.AllRoles, "B")) != VerdictStronger || rowVerdict(weak.Row(5, resultfile.AllRoles, "B")) != VerdictWeaker {
		t.Fatalf("the planted verdicts did not come out: %+v, %+v", strong.Row(5, resultfile.AllRoles, "B"), weak.Row(5, resultfile.AllRoles, "B"))
	}
	var flips []string
	for _, a := range Agreements(pops) {
		if a.Kind == AgreeFlip {
			flips = append(flips, a.Character)
		}
		if a.Character == "B" && a.Text(pops) != "flips sign: stronger under heuristic, weaker under omniscient" {
			t.Errorf("B: %q", a.Text(pops))
		}
	}
	if !slices.Contains(flips, "B") {
		t.Errorf("flips %v, want B among them", flips)
	}
	if got := agreementKind([]*BalanceRow{{Diff: 0.05, Flagged: true}, {Diff: 0.02}}); got != AgreeDiffers {
		t.Errorf("flagged under one, same sign under the other: %q", got)
	}
	if got := agreementKind([]*BalanceRow{{Diff: 0.05}, {Diff: -0.02}}); got != AgreeSame {
		t.Errorf("flagged under neither: %q", got)
	}

	run := &resultfile.Run{Origin: resultfile.Origin{Game: "dice"}, Slice: resultfile.Slice{Seed: 3}, Players: []int{5}, GamesPerCount: 4000}
	var md bytes.Buffer
	if err := strong.WriteMarkdown(&md, BalanceInfo{Run: run, Populations: pops}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Verdicts across bots", "| players | character | heuristic | omniscient | across bots |", "| B |", "flips sign", "Flips: B at 5 players"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("balance.md lacks %q", want)
		}
	}
	multi, single := t.TempDir(), t.TempDir()
	if _, err := WriteBalanceFiles(multi, strong, BalanceInfo{Run: run, Populations: pops}); err != nil {
		t.Fatal(err)
	}
	csvMulti, _ := os.ReadFile(filepath.Join(multi, BalanceFile))
	if !strings.HasPrefix(string(csvMulti), "population,players,role,character,") || !strings.Contains(string(csvMulti), "\nomniscient,5,") {
		t.Errorf("balance.csv of two populations:\n%.200s", csvMulti)
	}
	// One population, named or not, writes what a balance without populations writes.
	if _, err := WriteBalanceFiles(single, strong, BalanceInfo{Run: run, Populations: pops[:1]}); err != nil {
		t.Fatal(err)
	}
	plain := t.TempDir()
	if _, err := WriteBalanceFiles(plain, strong, BalanceInfo{Run: run}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{BalanceFile, BalanceMarkdownFile} {
		a, _ := os.ReadFile(filepath.Join(single, f))
		b, _ := os.ReadFile(filepath.Join(plain, f))
		if !bytes.Equal(a, b) {
			t.Errorf("%s of one population differs from the plain one", f)
		}
	}
}

// A character flagged above the others in one role and below them in another is
// called so, not "stronger" or "weaker".
func TestVerdictWordsMixed(t *testing.T) {
	row := func(role string, d float64, flagged bool) BalanceRow {
		return BalanceRow{Players: 5, Role: role, Character: "X", Diff: d, Low: d - 0.01, High: d + 0.01, Flagged: flagged, PHolm: 0.5}
	}
	b := &Balance{Alpha: 0.05, Rows: []BalanceRow{row("Sheriff", 0.1, true), row("Outlaw", -0.1, true), row(resultfile.AllRoles, 0, false)}}
	words := strings.Join(b.VerdictWords(), "\n")
	for _, want := range []string{"Stronger in some roles and weaker in others: X (5 players).",
		"X is significantly stronger in some roles and weaker in others as Sheriff +10.0 [+9.0, +11.0], Outlaw −10.0 [−11.0, −9.0]; over its roles"} {
		if !strings.Contains(words, want) {
			t.Errorf("verdict lacks %q:\n%s", want, words)
		}
	}
}

// Two bot populations' verdicts on two characters: X is flagged stronger under one
// and weaker under the other, Y flagged under neither.
func ExampleAgreements() {
	row := func(c string, d float64, flagged bool) BalanceRow {
		return BalanceRow{Players: 5, Role: resultfile.AllRoles, Character: c, Diff: d, Low: d - 0.02, High: d + 0.02, Flagged: flagged}
	}
	pops := []Population{
		{"heuristic", &Balance{Rows: []BalanceRow{row("X", 0.05, true), row("Y", 0.01, false)}}},
		{"simple", &Balance{Rows: []BalanceRow{row("X", -0.04, true), row("Y", -0.01, false)}}},
	}
	for _, a := range Agreements(pops) {
		fmt.Printf("%s: %s\n", a.Character, a.Text(pops))
	}
	// Output:
	// X: flips sign: stronger under heuristic, weaker under simple
	// Y: agree: not flagged
}
