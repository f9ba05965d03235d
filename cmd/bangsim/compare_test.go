package main

import (
	"bytes"
	"encoding/json"
	"github.com/bangsim/bangsim/resultfile"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
	"gonum.org/v1/gonum/stat/distuv"
)

// diffRows reads compare-diff.csv keyed by policy/role.
func diffRows(t *testing.T, dir string) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for _, m := range csvMaps(t, filepath.Join(dir, resultfile.CompareDiffFile)) {
		out[m["policy"]+"/"+m["role"]] = m
	}
	return out
}

func fnum(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("not a number: %q", s)
	}
	return f
}

func TestCompareFiles(t *testing.T) {
	dir := t.TempDir()
	out, _ := mustCLI(t, "compare", "--policies", "keep,random,keep", "--players", "4", "--games", "1500", "--seed", "9", "--out", dir)
	for _, want := range []string{"Win rate at the seat each policy played", "random vs keep, Outlaw: ", "keep#2 vs keep, all: ", "Holm-Bonferroni"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	if h := strings.Join(readCSV(t, filepath.Join(dir, resultfile.CompareFile))[0], ","); h != "policy,role,games,wins,win_rate,ci_low,ci_high,distinct_games,n_eff" {
		t.Errorf("compare.csv header %s", h)
	}
	if h := strings.Join(readCSV(t, filepath.Join(dir, resultfile.CompareDiffFile))[0], ","); h != "policy,role,games,mean_diff,ci_low,ci_high,z,p_value,p_holm,significant" {
		t.Errorf("compare-diff.csv header %s", h)
	}
	// Every policy plays every seat and role equally often: its player-games of role r are
	// the game indices times the seats of r; 4 players: Sheriff, Renegade, 2 Outlaws.
	counts := dice.RoleCounts(4)
	rates := csvMaps(t, filepath.Join(dir, resultfile.CompareFile))
	if len(rates) != 3*4 {
		t.Fatalf("compare.csv has %d rows, want 12", len(rates))
	}
	for _, m := range rates {
		want := uint64(1500 * 4)
		if m["role"] != "all" {
			r, err := dice.ParseRole(m["role"])
			if err != nil {
				t.Fatal(err)
			}
			want = uint64(1500 * counts[r])
		}
		if g := num(t, m["games"]); g != want {
			t.Errorf("%s %s: games %d, want %d", m["policy"], m["role"], g, want)
		}
	}
	diffs := diffRows(t, dir)
	if len(diffs) != 2*4 {
		t.Fatalf("compare-diff.csv has %d rows, want 8: %v", len(diffs), diffs)
	}
	// The mean difference is the difference of the two win rates at the same seats.
	rate := map[string]float64{}
	for _, m := range rates {
		rate[m["policy"]+"/"+m["role"]] = fnum(t, m["win_rate"])
	}
	for key, m := range diffs {
		policy, role, _ := strings.Cut(key, "/")
		if d, want := fnum(t, m["mean_diff"]), rate[key]-rate["keep/"+role]; d-want > 2e-6 || want-d > 2e-6 { // three numbers rounded to 6 decimals
			t.Errorf("%s %s: mean_diff %v, win rates differ by %v", policy, role, d, want)
		}
		// z and p_value are the same test: p = 2·(1 − Φ(|z|)), z rounded to 2 decimals.
		if z, p := fnum(t, m["z"]), fnum(t, m["p_value"]); math.Abs(2*distuv.UnitNormal.Survival(math.Abs(z))-p) > 0.01 {
			t.Errorf("%s: z %v does not give p_value %v", key, z, p)
		}
		if fnum(t, m["p_holm"]) < fnum(t, m["p_value"]) {
			t.Errorf("%s: p_holm %s below p_value %s", key, m["p_holm"], m["p_value"])
		}
		if (fnum(t, m["p_holm"]) < 0.05) != (m["significant"] == "true") {
			t.Errorf("%s: significant %s with p_holm %s", key, m["significant"], m["p_holm"])
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, resultfile.CompareJSONFile))
	if err != nil {
		t.Fatal(err)
	}
	var rec resultfile.Compare
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Seed != 9 || rec.Players != 4 || rec.Reference != "keep" || strings.Join(rec.Policies, ",") != "keep,random,keep#2" ||
		rec.GamesPlayed != 1500 || rec.GamesPerIndex != 9 || rec.TablesPlayed != 1500*9 || rec.Partial || rec.Alpha != 0.05 {
		t.Errorf("compare.json: %+v", rec)
	}
}

func TestCompareWorkersIdentical(t *testing.T) {
	// 4,500 indices are three chunks of the runner: the merge order is exercised.
	a, b := t.TempDir(), t.TempDir()
	args := []string{"compare", "--policies", "heuristic,random", "--players", "3", "--games", "4500", "-q"}
	mustCLI(t, append(args, "--workers", "1", "--out", a)...)
	mustCLI(t, append(args, "--workers", "2", "--out", b)...)
	for _, name := range []string{resultfile.CompareFile, resultfile.CompareDiffFile} {
		x, _ := os.ReadFile(filepath.Join(a, name))
		y, _ := os.ReadFile(filepath.Join(b, name))
		if len(x) == 0 || !bytes.Equal(x, y) {
			t.Errorf("%s differs between --workers 1 and 2:\n%s\n---\n%s", name, x, y)
		}
	}
}

// TestCompareNullRate compares random with itself over many seeds: the dice are common
// and the two entrants differ only in their coin flips, so no difference is real. About
// 5% of the raw tests and at most about 5% of the runs (Holm) may call one significant.
func TestCompareNullRate(t *testing.T) {
	const runs = 40
	var rows, rawRejected, runsSignificant, pOne int
	for s := range runs {
		dir := t.TempDir()
		mustCLI(t, "compare", "--policies", "random,random", "--games", "300", "--seed", strconv.Itoa(1000+s), "--out", dir, "-q")
		any := false
		for _, m := range csvMaps(t, filepath.Join(dir, resultfile.CompareDiffFile)) {
			rows++
			p := fnum(t, m["p_value"])
			if p < 0.05 {
				rawRejected++
			}
			if p == 1 {
				pOne++
			}
			any = any || m["significant"] == "true"
		}
		if any {
			runsSignificant++
		}
	}
	raw, fw := float64(rawRejected)/float64(rows), float64(runsSignificant)/runs
	t.Logf("random vs random: raw p < 0.05 in %d of %d rows (%.3f); some significant after Holm in %d of %d runs (%.3f)",
		rawRejected, rows, raw, runsSignificant, runs, fw)
	if raw > 0.15 || fw > 0.15 {
		t.Errorf("false-positive rate too high: raw %.3f, runs with a significant difference %.3f (want <= 0.15)", raw, fw)
	}
	if pOne == rows {
		t.Error("every p-value is 1: the entrants' coin flips are not separate streams")
	}
}

// TestCompareFindsDifference: the heuristic bot beats keep by many points.
func TestCompareFindsDifference(t *testing.T) {
	dir := t.TempDir()
	out, _ := mustCLI(t, "compare", "--policies", "keep,heuristic", "--games", "2000", "--out", dir)
	all := diffRows(t, dir)["heuristic/all"]
	if all["significant"] != "true" || fnum(t, all["mean_diff"]) <= 0 || fnum(t, all["ci_low"]) <= 0 {
		t.Errorf("heuristic vs keep: %v", all)
	}
	if !strings.Contains(out, "heuristic vs keep, all: +") || !strings.Contains(out, "— significant") {
		t.Errorf("summary:\n%s", out)
	}
}

// TestCompareFewIndices: with three indices that happen to agree, nothing is called
// significant (the variance's worst case, not a point interval with p = 0), and the
// summary says the indices are few; with 30 it does not.
func TestCompareFewIndices(t *testing.T) {
	dir := t.TempDir()
	out, _ := mustCLI(t, "compare", "--game", "card", "--policies", "random,random", "--games", "3", "--seed", "20", "--out", dir)
	for key, row := range diffRows(t, dir) {
		if row["significant"] != "false" || fnum(t, row["ci_low"]) == fnum(t, row["ci_high"]) {
			t.Errorf("%s over 3 indices: %v", key, row)
		}
	}
	if !strings.Contains(out, "note: 3 game indices are few") {
		t.Errorf("no note on few indices:\n%s", out)
	}
	// compare.json names what the card game's games share: the deck, not dice.
	if b, err := os.ReadFile(filepath.Join(dir, resultfile.CompareJSONFile)); err != nil || !strings.Contains(string(b), "common deck from the game seed") {
		t.Errorf("compare.json's design does not say the deck is common (%v)", err)
	}
	out, _ = mustCLI(t, "compare", "--policies", "random,random", "--games", "30", "--out", t.TempDir())
	if strings.Contains(out, "are few") {
		t.Errorf("note at 30 indices:\n%s", out)
	}
}

func TestCompareJSON(t *testing.T) {
	dir := t.TempDir()
	out, _ := mustCLI(t, "compare", "--policies", "heuristic,keep", "--games", "200", "--out", dir, "--json")
	var rec resultfile.Compare
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	if rec.Reference != "heuristic" || rec.GamesPlayed != 200 || rec.Rules.Get("characters") != "random" {
		t.Errorf("--json record %+v", rec)
	}
}

func TestSplitPolicies(t *testing.T) {
	got, err := splitPolicies(" heuristic(beer_below=4, greedy=true) ,keep,random")
	if err != nil || strings.Join(got, "|") != "heuristic(beer_below=4, greedy=true)|keep|random" {
		t.Errorf("splitPolicies = %q, %v", got, err)
	}
	for _, bad := range []string{"a,,b", "a(b,c", "a),b", "a,"} {
		if _, err := splitPolicies(bad); exitCode(err) != exitUsage {
			t.Errorf("splitPolicies(%q) = %v, want a usage error", bad, err)
		}
	}
}

func TestCompareBadInput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"compare"}, "compare needs --policies"},
		{[]string{"compare", "--policies", "heuristic"}, "names one policy; compare needs at least two"},
		{[]string{"compare", "--policies", "heuristic,genius"}, `unknown policy "genius"`},
		{[]string{"compare", "--policies", "heuristic,,keep"}, "an empty name"},
		{[]string{"compare", "--policies", "a,b,c,d,e,f,g,h,i"}, "at most 8"},
		{[]string{"compare", "--policies", "heuristic,keep", "--players", "9"}, "9 players is outside 3 to 8"},
		{[]string{"compare", "--policies", "heuristic,keep", "--players", "2"}, "2 players is outside 3 to 8"},
		{[]string{"compare", "--policies", "heuristic,keep", "--players", "4-5"}, "--players must be one count"},
		{[]string{"compare", "--policies", "heuristic,keep", "--games", "0", "--out", out}, "--games must be at least 1"},
		{[]string{"compare", "--policies", "heuristic,keep", "--alpha", "1", "--out", out}, "--alpha 1"},
		{[]string{"compare", "--policies", "heuristic,keep", "--policy", "random"}, "unknown flag: --policy"},
		{[]string{"compare", "--policies", "heuristic,keep", "--characters", "nobody"}, `unknown character "nobody"`},
	} {
		code, stdout, stderr := cli(t, tc.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d; stderr:\n%s", tc.args, code, exitUsage, stderr)
			continue
		}
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if stdout != "" || len(lines) != 2 || !strings.HasPrefix(lines[0], "bangsim: error: ") || !strings.Contains(lines[0], tc.want) ||
			lines[1] != "run 'bangsim compare --help' for usage" {
			t.Errorf("%v: stdout %q, stderr:\n%s\nwant one error line containing %q and the help hint", tc.args, stdout, stderr, tc.want)
		}
	}
}

// compare --game duel --policies A,B is the paired comparison of two long-duel play
// bots: the same run, byte for byte, as duel --paired --policy A,B; what a duel has no
// use for (players, characters, --config, --alpha, rule options of the table game, a
// third bot) is refused.
func TestCompareDuelIsPairedDuel(t *testing.T) {
	dir := t.TempDir()
	cmp, duel := filepath.Join(dir, "cmp"), filepath.Join(dir, "duel")
	mustCLI(t, "compare", "--game", "duel", "--policies", "heuristic,random", "--games", "60", "--seed", "3", "--high-noon", "2", "--out", cmp, "-q")
	mustCLI(t, "duel", "--paired", "--policy", "heuristic,random", "--duels", "60", "--seed", "3", "--high-noon", "2", "--out", duel, "-q")
	for _, name := range []string{"seats.csv", "order.csv", "characters.csv", "duel-paired.csv", "duel-tally.json"} {
		a, err := os.ReadFile(filepath.Join(cmp, name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(duel, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: compare --game duel and duel --paired differ", name)
		}
	}
	out, _ := mustCLI(t, "compare", "--game", "duel", "--policies", "heuristic,random", "--games", "20", "--out", filepath.Join(dir, "next"))
	if !strings.Contains(out, "Paired: 20 duel seeds") || !strings.Contains(out, "Next: bangsim report") {
		t.Errorf("compare --game duel's summary:\n%s", out)
	}
	for _, bad := range [][]string{
		{"--policies", "heuristic,random,random"},
		{"--policies", "heuristic"},
		{"--policies", "heuristic,nobot"},
		{"--policies", "heuristic,random", "--players", "4"},
		{"--policies", "heuristic,random", "--alpha", "0.01"},
		{"--policies", "heuristic,random", "--characters", "plain"},
		{"--policies", "heuristic,random", "--arrows", "3"},
		{"--policies", "heuristic,random", "--config", "card"},
		{"--policies", "heuristic,random", "--games", "0"},
	} {
		if code, _, errs := cli(t, append([]string{"compare", "--game", "duel", "--games", "5", "--out", filepath.Join(dir, "bad")}, bad...)...); code != 2 {
			t.Errorf("compare --game duel %v: exit %d, want 2\n%s", bad, code, errs)
		}
	}
}
