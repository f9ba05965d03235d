package lab_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// diceChoice is the dice game's Choice with every seat's bot policy, through the one
// codec (lab.NewChoice).
func diceChoice(t testing.TB, policy string, seed uint64) lab.Choice {
	t.Helper()
	c, err := lab.NewChoice(dicegame.Game, lab.Config{Game: dicegame.Game.Name, Policy: policy}, seed, nil)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// diceSpec is a balance run of the dice game: players, games, seed and bot, with rule
// options set by name ("life" to a text, others to a number).
func diceSpec(t *testing.T, players []int, games, seed uint64, policy string, rules map[string]lab.Value) lab.BalanceSpec {
	t.Helper()
	cfg := lab.Config{Game: "dice", Policy: policy}
	var err error
	for name, v := range rules {
		if cfg, err = cfg.WithRule(dicegame.Game, name, v); err != nil {
			t.Fatal(err)
		}
	}
	c, err := lab.NewChoice(dicegame.Game, cfg, seed, players)
	if err != nil {
		t.Fatal(err)
	}
	p, err := dicegame.Game.Prepare(c)
	if err != nil {
		t.Fatal(err)
	}
	return lab.BalanceSpec{
		Run: lab.RunSpec{Game: dicegame.Game, Prepared: p, Seed: seed, Players: players, Games: games,
			Shard: resultfile.Shard{K: 1, N: 1}, Workers: 2},
		Config: cfg, Alpha: 0.05,
	}
}

// A tuning variant is the run's configuration with one rule changed, built through the
// one codec (Config.WithRule, NewChoice): it plays as that configuration's text parsed
// and prepared afresh, and run.json records that text.
func TestBalanceVariantIsAConfiguration(t *testing.T) {
	s := diceSpec(t, []int{4, 5}, 10, 3, "simple", map[string]lab.Value{"arrows": {Int: 7}})
	v, err := s.Variant("sheriff-bonus", lab.Value{Int: 1})
	if err != nil {
		t.Fatal(err)
	}
	want, err := lab.ParseConfig(v.Run.Config)
	if err != nil {
		t.Fatalf("the variant's configuration %q: %v", v.Run.Config, err)
	}
	if want.Players = nil; !reflect.DeepEqual(v.Config.Rules, want.Rules) || v.Config.Policy != "simple" {
		t.Fatalf("variant config %+v, its text %q reads %+v", v.Config, v.Run.Config, want)
	}
	if !strings.Contains(v.Run.Config, "arrows=7") || !strings.Contains(v.Run.Config, "sheriff-bonus=1") {
		t.Errorf("the variant's run.json configuration %q: want both arrows=7 and sheriff-bonus=1", v.Run.Config)
	}
	c, err := lab.NewChoice(dicegame.Game, want, 3, []int{4, 5})
	if err != nil {
		t.Fatal(err)
	}
	p, err := dicegame.Game.Prepare(c)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Settings(), v.Run.Prepared.Settings()) {
		t.Errorf("variant settings %v, its configuration's %v", v.Run.Prepared.Settings(), p.Settings())
	}
	if s.Run.Config == v.Run.Config {
		t.Errorf("the variant records the run's configuration %q", s.Run.Config)
	}
}

// Sequential batches (--precision) play the games of one run: their tallies are those
// of a run of as many games, byte for byte, and run.json says so.
func TestRunBalanceSequentialIsOneRun(t *testing.T) {
	s := diceSpec(t, []int{4, 5}, 1000, 9, "simple", nil)
	s.Precision, s.MaxGames = 0.001, 4000 // unreachable: the cap stops it
	var notes []string
	s.Announce = func(n string) { notes = append(notes, n) }
	res, err := lab.RunBalance(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Batches) < 2 || res.Games() != 4000 || res.Batches[len(res.Batches)-1].Games != 4000 || len(notes) != len(res.Batches)-1 {
		t.Fatalf("batches %+v, %d games, notes %q", res.Batches, res.Games(), notes)
	}
	one := s
	one.Run.Games, one.Precision = 4000, 0
	whole, err := lab.RunBalance(context.Background(), one)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(res.Counts)
	b, _ := json.Marshal(whole.Counts)
	if string(a) != string(b) {
		t.Fatal("the batches' tallies differ from one run's")
	}
	for _, c := range res.Run.Counts {
		if c.FirstGame != 0 || c.Games != 4000 || c.Planned != 4000 || c.Partial {
			t.Fatalf("run.json count %+v", c)
		}
	}
	if res.Run.GamesPerCount != 4000 || res.Run.GamesPlayed != 8000 {
		t.Fatalf("run.json: %d a count, %d played", res.Run.GamesPerCount, res.Run.GamesPlayed)
	}
}

// The next batch aims at the games the target needs with a margin, grows at least a
// quarter, and stops at the cap.
func TestNextBatchTotal(t *testing.T) {
	for _, tc := range []struct {
		n         uint64
		h, target float64
		max, want uint64
	}{
		{10_000, 0.02, 0.01, 1_000_000, 44_000},   // 4× the games, +10%
		{10_000, 0.0101, 0.01, 1_000_000, 13_000}, // at least +25%, rounded up to a thousand
		{10_000, 0.1, 0.01, 500_000, 500_000},     // the cap
		{10_000, math.NaN(), 0.01, 80_000, 80_000},
	} {
		if got := lab.NextBatchTotal(tc.n, tc.h, tc.target, tc.max); got != tc.want {
			t.Errorf("NextBatchTotal(%d, %v, %v, %d) = %d, want %d", tc.n, tc.h, tc.target, tc.max, got, tc.want)
		}
	}
}

// A run's configuration comes back from its run.json: bots by role, the character list,
// every rule (the life changes included, and an option run.json leaves out at its
// default).
func TestConfigFromRun(t *testing.T) {
	cfg, err := lab.ParseConfig(`dice(policy=simple,policy-for=outlaw=random,characters="willy the kid,el gringo,plain,Jourdonnais,sid ketchum,Paul Regret",life="el-gringo=-1,WILLY THE KID=+2",arrows=7,distance-either-way=true)`)
	if err != nil {
		t.Fatal(err)
	}
	c, err := lab.NewChoice(dicegame.Game, cfg, 42, []int{5})
	if err != nil {
		t.Fatal(err)
	}
	p, err := dicegame.Game.Prepare(c)
	if err != nil {
		t.Fatal(err)
	}
	rec, _, err := lab.Run(context.Background(), lab.RunSpec{Game: dicegame.Game, Prepared: p, Seed: 42, Players: []int{5},
		Games: 10, Shard: resultfile.Shard{K: 1, N: 1}, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(rec)
	var back resultfile.Run
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	got, err := lab.ConfigFromRun(dicegame.Game, &back)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Players = []int{5}; !reflect.DeepEqual(got, cfg) {
		t.Fatalf("run.json's configuration %s, want %s", got, cfg)
	}
	c2, err := lab.NewChoice(dicegame.Game, got, 42, []int{5})
	if err != nil {
		t.Fatal(err)
	}
	p2, err := dicegame.Game.Prepare(c2)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Settings(), p2.Settings()) || !reflect.DeepEqual(p.PolicyRecord(), p2.PolicyRecord()) {
		t.Fatalf("settings %v / %v, bots %v / %v", p.Settings(), p2.Settings(), p.PolicyRecord(), p2.PolicyRecord())
	}
	if life := back.Rules.Get("life"); life != "El Gringo=-1,Willy the Kid=+2" {
		t.Fatalf("run.json life %v", life)
	}
}

// --tune plays the option's grid with the run's seeds: more Sheriff bonus, more games
// won by the Sheriff's side.
func TestTuneOption(t *testing.T) {
	s := diceSpec(t, []int{5}, 4000, 3, "simple", nil)
	base, err := lab.RunBalance(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := lab.TuneOption(context.Background(), s, base, "sheriff-bonus", nil, "Sheriff", 0.5)
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) != 1 || len(ts[0].Trials) != 5 || ts[0].Trials[0].Value != 0 || ts[0].Trials[4].Value != 4 {
		t.Fatalf("%+v", ts)
	}
	tr := ts[0].Trials
	if !(tr[0].Side.Rate < tr[2].Side.Rate && tr[2].Side.Rate < tr[4].Side.Rate) {
		t.Fatalf("Sheriff side: %v, %v, %v at bonus 0, 2, 4", tr[0].Side.Rate, tr[2].Side.Rate, tr[4].Side.Rate)
	}
	if _, err := lab.TuneOption(context.Background(), s, base, "life", nil, "Sheriff", 0.5); err == nil {
		t.Fatal("a text option was tuned")
	}
	if _, err := lab.TuneOption(context.Background(), s, base, "nope", nil, "Sheriff", 0.5); err == nil {
		t.Fatal("an unknown option was tuned")
	}
}

// plantResult is what one seed of the planted-imbalance experiment found.
type plantResult struct {
	base, plant *lab.BalanceResult
	tune        report.LifeTuning
}

// plant runs the experiment: the run as it is, the run with one character given +2
// life (--life), and --tune-life of that character from the planted run.
func plant(t *testing.T, character string, games, seed uint64, policy string) plantResult {
	t.Helper()
	ctx := context.Background()
	base, err := lab.RunBalance(ctx, diceSpec(t, []int{5}, games, seed, policy, nil))
	if err != nil {
		t.Fatal(err)
	}
	ps := diceSpec(t, []int{5}, games, seed, policy, map[string]lab.Value{"life": {Text: character + "=+2"}})
	planted, err := lab.RunBalance(ctx, ps)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := lab.TuneLife(ctx, ps, planted, []string{character})
	if err != nil || len(ts) != 1 {
		t.Fatalf("tune-life: %v, %d results", err, len(ts))
	}
	return plantResult{base: base, plant: planted, tune: ts[0]}
}

// checkPlant holds one seed of the experiment to what it must show: the planted
// character stands out (its role-weighted row flagged, far above the others' pooled
// rate), its balance moved more than anyone else's and every other character moved by
// no more than the indirect effect of playing against it; --tune-life takes back the
// two life points and lands within its interval of parity where the run had it there.
func checkPlant(t *testing.T, character string, r plantResult) {
	t.Helper()
	const n = 5
	pr := r.plant.Balance.Row(n, resultfile.AllRoles, character)
	br := r.base.Balance.Row(n, resultfile.AllRoles, character)
	if !pr.Flagged || pr.Low < 0.08 {
		t.Errorf("planted %s: %s, not flagged far above the others", character, fmtRow(pr))
	}
	shift, most, mostName := pr.Diff-br.Diff, 0.0, ""
	for _, row := range r.plant.Balance.Rows {
		if row.Role != resultfile.AllRoles || row.Character == character {
			continue
		}
		o := r.base.Balance.Row(n, resultfile.AllRoles, row.Character)
		d := math.Abs(row.Diff - o.Diff)
		if d > most {
			most, mostName = d, row.Character
		}
		if d > 0.03 || d > shift/5 {
			t.Errorf("%s moved by %.2f points when %s was planted (it moved %.2f)", row.Character, 100*d, character, 100*shift)
		}
	}
	t.Logf("%s moved %+.2f points; the most any other character moved: %.2f (%s)", character, 100*shift, 100*most, mostName)
	tu := r.tune
	best := tu.Trials[tu.Best]
	if best.Delta != -2 {
		t.Errorf("tune-life chose %+d: %s", best.Delta, tu.Suggestion())
	}
	// −2 from the plant is the run itself: the same seeds and rules, the same games.
	if best.Delta == -2 && best.All.Diff != br.Diff {
		t.Errorf("life %d after tuning gives %v, the run without the plant %v", best.Life, best.All.Diff, br.Diff)
	}
	if br.Low <= 0 && 0 <= br.High && !(best.All.Low <= 0 && 0 <= best.All.High) {
		t.Errorf("tuned %s is not back within its interval of parity: %s", character, fmtRow(&best.All))
	}
	t.Logf("%s: run %s; +2 life %s; %s", character, fmtRow(br), fmtRow(pr), tu.Suggestion())
	t.Logf("left out of the pools (step-down): run %q, +2 life %q, %d of %d characters flagged in the run",
		r.base.Balance.LeftOut(n), r.plant.Balance.LeftOut(n), len(r.base.Balance.Flagged(false)), len(r.base.Balance.Rows)/5)
}

func fmtRow(r *report.BalanceRow) string {
	return fmt.Sprintf("%+.2f [%+.2f, %+.2f] points (flagged %v)", 100*r.Diff, 100*r.Low, 100*r.High, r.Flagged)
}

// A planted imbalance is found and undone: Calamity Janet, whose role-weighted balance
// under the heuristic bot is within noise of parity, gets +2 life. (The sixteen
// characters are not otherwise equal, so "no other character is flagged" cannot hold;
// what holds is that nobody else's balance moves beyond the indirect effect.) The
// heavy version, over several seeds and more games, runs with BANGSIM_MEASURE=1.
func TestPlantedImbalance(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 600,000 games")
	}
	const character = "Calamity Janet"
	checkPlant(t, character, plant(t, character, 100_000, 1, "heuristic"))
}

// TestPlantedImbalanceMeasure is TestPlantedImbalance over three seeds of 300,000
// games each (about three minutes on two cores):
//
//	BANGSIM_MEASURE=1 go test ./lab -run PlantedImbalanceMeasure -v -timeout 0
func TestPlantedImbalanceMeasure(t *testing.T) {
	if os.Getenv("BANGSIM_MEASURE") != "1" {
		t.Skip("set BANGSIM_MEASURE=1 to measure")
	}
	for seed := uint64(1); seed <= 3; seed++ {
		checkPlant(t, "Calamity Janet", plant(t, "Calamity Janet", 300_000, seed, "heuristic"))
	}
}
