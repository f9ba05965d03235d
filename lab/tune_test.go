package lab_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/resultfile"
)

// tuneSpec is the acceptance tune: the dice heuristic with beer_below=0 (it never
// keeps a Beer for itself), every declared parameter free, a small budget.
func tuneSpec(t *testing.T, workers int) lab.TuneSpec {
	t.Helper()
	prepared, err := dicegame.Game.Prepare(lab.Choice{Seed: 7, Policy: "heuristic", Rules: lab.Defaults(dicegame.Game.Rules)})
	if err != nil {
		t.Fatal(err)
	}
	return lab.TuneSpec{Game: dicegame.Game, Prepared: prepared, Seed: 7, Players: []int{5}, Role: lab.RoleAll,
		Field: "heuristic", Start: "heuristic(beer_below=0)", Games: 800, Budget: 24, Validate: 4000, Workers: workers}
}

func mustTune(t *testing.T, s lab.TuneSpec) *resultfile.Tune {
	t.Helper()
	res, err := lab.RunTune(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	return res.Record
}

// outcome is what a tune found: everything but timings, the worker count and the
// games this process played.
func outcome(t *testing.T, r *resultfile.Tune) string {
	t.Helper()
	c := *r
	c.Workers, c.StartedAt, c.ElapsedSeconds, c.GamesPlayed = 0, "", 0, 0
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The acceptance: a planted poor start, heuristic(beer_below=0), is brought
// back to the default heuristic's strength or better, measured on fresh seeds: it
// gains significantly over the start and is not significantly worse than the default
// (the field); the same seeds give the same result whatever the workers.
func TestTuneRecoversPlantedPoorStart(t *testing.T) {
	r := mustTune(t, tuneSpec(t, 2))
	if r.Partial || r.Validation == nil || len(r.Evaluations) != 24 {
		t.Fatalf("partial %v, validation %v, %d evaluations", r.Partial, r.Validation, len(r.Evaluations))
	}
	v := lab.TuneOverall(r.Validation)
	t.Logf("best %s: +%.2f points [%.2f, %.2f] over the start, %+.2f [%.2f, %.2f] vs the default", r.Best,
		100*v.Gain, 100*v.GainLow, 100*v.GainHigh, 100*v.VsField, 100*v.VsFieldLow, 100*v.VsFieldHigh)
	if v.GainLow <= 0 {
		t.Errorf("the tuned spec %s does not gain significantly over the start: %+v", r.Best, v)
	}
	if v.VsFieldHigh < 0 {
		t.Errorf("the tuned spec %s is significantly worse than the default heuristic: %+v", r.Best, v)
	}
	if strings.Contains(r.Best, "beer_below=0") {
		t.Errorf("the tuned spec %s keeps the planted beer_below=0", r.Best)
	}
	if again := mustTune(t, tuneSpec(t, 1)); outcome(t, again) != outcome(t, r) {
		t.Errorf("the same seed gave another tune with 1 worker:\n%s\n%s", outcome(t, again), outcome(t, r))
	}
}

// An interrupted tune keeps its evaluations, and --resume from them gives the result
// of the uninterrupted tune without playing the recorded ones again.
func TestTuneResumeContinuesExactly(t *testing.T) {
	s := tuneSpec(t, 2)
	s.Budget, s.Validate = 14, 500
	whole := mustTune(t, s)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cut := s
	n := 0
	cut.OnEval = func(resultfile.TuneEval) {
		if n++; n == 9 {
			cancel()
		}
	}
	res, err := lab.RunTune(ctx, cut)
	if err == nil || res == nil || !res.Record.Partial || res.Record.Validation != nil {
		t.Fatalf("interrupted tune: err %v, result %+v", err, res)
	}
	if got := len(res.Record.Evaluations); got != 9 {
		t.Fatalf("interrupted after %d evaluations, want 9", got)
	}
	if !reflect.DeepEqual(res.Record.Evaluations, whole.Evaluations[:9]) {
		t.Errorf("the interrupted tune's evaluations are not the uninterrupted one's first 9")
	}
	again := s
	again.Resume = res.Record
	resumed := mustTune(t, again)
	if outcome(t, resumed) != outcome(t, whole) {
		t.Errorf("resumed tune differs from the uninterrupted one:\n%s\n%s", outcome(t, resumed), outcome(t, whole))
	}
	if resumed.GamesPlayed >= whole.GamesPlayed {
		t.Errorf("the resumed tune played %d games, the whole one %d: the recorded evaluations were played again", resumed.GamesPlayed, whole.GamesPlayed)
	}

	other := s
	other.Games++
	other.Resume = res.Record
	if _, err := lab.RunTune(context.Background(), other); err == nil || !strings.Contains(err.Error(), "games 800, now 801") {
		t.Errorf("resuming with other --games: %v", err)
	}
}

// A spec resolves to its declared parameters with the values it sets, and a tune
// refuses a parameter the bot does not declare.
func TestTuneParams(t *testing.T) {
	pt, err := dicegame.Game.PolicyParams("heuristic(beer_below=3, chase_all=yes)")
	if err != nil {
		t.Fatal(err)
	}
	vals := map[string]int{}
	for i, p := range pt.Params {
		vals[p.Name] = pt.Values[i]
	}
	if pt.Name != "heuristic" || vals["beer_below"] != 3 || vals["chase_all"] != 1 || vals["ally_below"] != 99 {
		t.Errorf("got %s %v", pt.Name, vals)
	}
	if got, _ := dicegame.Game.LookupPolicy(pt.Spec(pt.Values)); got != "heuristic(beer_below=3,chase_all=true)" {
		t.Errorf("canonical spec %q", got)
	}
	s := tuneSpec(t, 1)
	s.Params = []string{"beer_below", "no_such"}
	if _, err := lab.RunTune(context.Background(), s); err == nil || !strings.Contains(err.Error(), `no parameter "no_such"`) {
		t.Errorf("unknown parameter: %v", err)
	}
	s.Start, s.Params = "random", nil
	if _, err := lab.RunTune(context.Background(), s); err == nil || !strings.Contains(err.Error(), "declares no parameters") {
		t.Errorf("a bot without parameters: %v", err)
	}
}

// A partial tune never replaces a complete one: it goes beside it, into DIR.partial.
func TestTunePartialBesideComplete(t *testing.T) {
	dir := t.TempDir() + "/tune"
	s := tuneSpec(t, 1)
	s.Budget, s.Games, s.Validate = 3, 50, 50
	res, err := lab.RunTune(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if where, err := lab.WriteTuneKeep(dir, res); err != nil || where != dir {
		t.Fatalf("complete tune written to %s, %v", where, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.OnEval = func(resultfile.TuneEval) { cancel() }
	part, err := lab.RunTune(ctx, s)
	if err == nil || !part.Record.Partial {
		t.Fatalf("interrupted tune: %v, partial %v", err, part.Record.Partial)
	}
	where, err := lab.WriteTuneKeep(dir, part)
	if err != nil || where != dir+resultfile.PartialSuffix {
		t.Fatalf("partial tune written to %s, %v", where, err)
	}
	if kept, err := resultfile.ReadTune(dir); err != nil || kept.Partial {
		t.Errorf("the complete tune was not kept: %v", err)
	}
}
