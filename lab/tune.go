package lab

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// ValidateFirst is the first game index of a tune's validation: the tuning plays
// indices from 0, and a game seed is a bijection of its index for one run seed
// (internal/seed.ForGame), so the validation's games are none of the tuning's.
const ValidateFirst = 1 << 62

// TuneDesign describes a tune's evaluation in tune.json.
const TuneDesign = "each candidate plays the focal seats (the tuned role's, or every seat) of the same game indices " +
	"0..games_per_eval-1 at every player count, the field at every other seat; its gain is its wins minus the start's at the same seats of the same games " +
	"(common random numbers); the tuned spec is validated against the start on validate_games fresh indices from validate_first_index, " +
	"paired by seat and clustered by game index"

// TuneSpec is one `bangsim tune`.
type TuneSpec struct {
	Game     *Game
	Prepared Table
	Seed     uint64
	Players  []int
	Role     int    // a bang.Role, or RoleAll
	Field    string // the bot at every other seat
	Start    string // the bot spec to tune, with its start values
	Params   []string
	Games    uint64 // game indices per evaluation, at each player count
	Budget   int    // candidate evaluations
	Validate uint64 // validation game indices, at each player count
	Workers  int
	Out      string
	Command  []string
	// Resume holds the evaluations of an earlier run of this tune (tune.json), which
	// are not played again: the search asks for the same candidates in the same order.
	Resume *resultfile.Tune
	// OnEval, when set, is told of every evaluation once it is recorded (progress).
	OnEval func(e resultfile.TuneEval)
}

// TuneResult is a finished or interrupted tune.
type TuneResult struct {
	Record *resultfile.Tune
}

// errBudget ends a search whose budget is spent.
var errBudget = errors.New("budget spent")

// tuner is one tune under way: the space, the evaluations so far and their cache.
type tuner struct {
	ctx    context.Context
	spec   *TuneSpec
	space  tuneSpace
	rec    *resultfile.Tune
	known  map[string]resultfile.TuneEval // evaluations of this run or a resumed one
	seen   map[string]bool                // specs this run has asked for
	best   []int                          // the best values so far (all parameters)
	start  uint64                         // the start's wins on the tuning seeds
	played uint64
}

// RunTune tunes the spec's parameters and validates the result; an interrupted tune
// returns the best so far marked partial with the interruption's error.
func RunTune(ctx context.Context, s TuneSpec) (*TuneResult, error) {
	started := time.Now()
	if s.Game.PolicyParams == nil {
		return nil, fmt.Errorf("game %s cannot list its bots' parameters", s.Game.Name)
	}
	pt, err := s.Game.PolicyParams(s.Start)
	if err != nil {
		return nil, fmt.Errorf("--policy: %w", err)
	}
	space, err := newTuneSpace(pt, s.Params)
	if err != nil {
		return nil, err
	}
	start, err := s.Game.LookupPolicy(s.Start)
	if err != nil {
		return nil, err
	}
	field, err := s.Game.LookupPolicy(s.Field)
	if err != nil {
		return nil, fmt.Errorf("--field: %w", err)
	}
	rec := &resultfile.Tune{
		Schema: resultfile.TuneSchema, Tool: Tool, Version: Version, Revision: Revision(), Command: s.Command,
		Game: s.Game.Name, Seed: s.Seed, Players: s.Players, Role: RoleName(s.Role), Field: field, Start: start,
		Params: space.names(), Method: space.method(), Design: TuneDesign, Rules: s.Prepared.Settings(), Characters: RecordCharacters(s.Game),
		GamesPerEval: s.Games, Budget: s.Budget, ValidateGames: s.Validate, ValidateFirst: ValidateFirst,
		Workers: workerCount(s.Workers), GoVersion: runtime.Version(), StartedAt: started.UTC().Format(time.RFC3339), Out: s.Out,
	}
	t := &tuner{ctx: ctx, spec: &s, space: space, rec: rec, known: map[string]resultfile.TuneEval{}, seen: map[string]bool{},
		best: slices.Clone(pt.Values)}
	if s.Resume != nil {
		if err := sameTune(s.Resume, rec); err != nil {
			return nil, err
		}
		t.known[s.Resume.StartEval.Spec] = s.Resume.StartEval
		for _, e := range s.Resume.Evaluations {
			if _, ok := t.known[e.Spec]; !ok { // the first time keeps the games it cost
				t.known[e.Spec] = e
			}
		}
	}
	err = t.search()
	out := &TuneResult{Record: rec}
	finish := func() {
		rec.GamesPlayed = t.played
		rec.ElapsedSeconds = time.Since(started).Seconds()
	}
	if err != nil && !errors.Is(err, errBudget) {
		rec.Partial, rec.Stopped = true, "interrupted"
		finish()
		return out, err
	}
	if err = t.validate(); err != nil {
		rec.Partial, rec.Stopped = true, rec.Stopped+"; validation interrupted"
		finish()
		return out, err
	}
	finish()
	return out, nil
}

// sameTune checks that a resumed tune is this one: the same game, seeds, field, start,
// parameters, players, role, rules, added characters and games per evaluation.
func sameTune(old, now *resultfile.Tune) error {
	var diffs []string
	check := func(name string, a, b any) {
		if fmt.Sprint(a) != fmt.Sprint(b) {
			diffs = append(diffs, fmt.Sprintf("%s %v, now %v", name, a, b))
		}
	}
	check("game", old.Game, now.Game)
	check("seed", old.Seed, now.Seed)
	check("players", old.Players, now.Players)
	check("role", old.Role, now.Role)
	check("field", old.Field, now.Field)
	check("policy", old.Start, now.Start)
	check("params", old.Params, now.Params)
	check("games", old.GamesPerEval, now.GamesPerEval)
	check("rules", old.Rules, now.Rules)
	if !sameJSON(old.Characters, now.Characters) {
		diffs = append(diffs, fmt.Sprintf("added characters %s, now %s", addedNames(old.Characters), addedNames(now.Characters)))
	}
	if len(diffs) > 0 {
		return fmt.Errorf("--resume: the recorded tune differs (%s); give the same flags, or a new --out", strings.Join(diffs, "; "))
	}
	return nil
}

// search evaluates the start, then runs CMA-ES over the numeric parameters and the
// n-tuple bandit over the boolean ones, their budgets in proportion to their counts.
func (t *tuner) search() error {
	s := t.spec
	startVals := slices.Clone(t.best)
	e, err := t.evaluate(startVals, false)
	if err != nil {
		return err
	}
	t.rec.StartEval = e
	t.start = e.Wins
	t.rec.StartEval.Gain, t.rec.StartEval.Best, t.rec.StartEval.BestGain = 0, e.Spec, 0
	t.rec.Best, t.rec.BestGain = e.Spec, 0
	nn, nb := len(t.space.numeric), len(t.space.boolean)
	numBudget := s.Budget
	if nb > 0 && nn > 0 {
		numBudget = max(1, min(s.Budget-1, s.Budget*nn/(nn+nb)))
	}
	t.rec.Stopped = "budget spent"
	if nn > 0 {
		stop, err := t.cmaes(numBudget)
		if err != nil && !errors.Is(err, errBudget) {
			return err
		}
		t.rec.Stopped = stop
	}
	if nb > 0 {
		if err := t.ntbea(s.Budget - len(t.rec.Evaluations)); err != nil && !errors.Is(err, errBudget) {
			return err
		}
		t.rec.Stopped = "budget spent"
	}
	return errBudget
}

// evaluate plays (or recalls) the candidate with values vals on the tuning seeds and,
// when counted, records it as the next iteration.
func (t *tuner) evaluate(vals []int, counted bool) (resultfile.TuneEval, error) {
	if counted && len(t.rec.Evaluations) >= t.spec.Budget {
		return resultfile.TuneEval{}, errBudget
	}
	if err := t.ctx.Err(); err != nil {
		return resultfile.TuneEval{}, err
	}
	spec, err := t.spec.Game.LookupPolicy(t.space.point.Spec(vals))
	if err != nil {
		return resultfile.TuneEval{}, err
	}
	e, ok := t.known[spec]
	if !ok {
		ts, err := playFocalCounts(t.ctx, t.spec, []string{t.rec.Field, spec}, t.spec.Seed, 0, t.spec.Games)
		if err != nil {
			return resultfile.TuneEval{}, err
		}
		p := pooled(ts)
		e = resultfile.TuneEval{Spec: spec, Seats: p.Seats, Wins: p.Wins[1], Games: p.Games}
		t.played += p.Games
		t.known[spec] = e
	}
	if t.seen[spec] {
		e.Games = 0
	}
	t.seen[spec] = true
	if !counted {
		return e, nil
	}
	e.Iteration = len(t.rec.Evaluations) + 1
	e.Gain = (float64(e.Wins) - float64(t.start)) / float64(max(e.Seats, 1))
	// Candidates the tuning seeds cannot tell apart (equal wins) keep the one that sets
	// fewer parameters away from their defaults: 99 and 75 for a life threshold are one.
	if e.Gain > t.rec.BestGain || e.Gain == t.rec.BestGain && strings.Count(spec, "=") < strings.Count(t.rec.Best, "=") {
		t.rec.Best, t.rec.BestGain = spec, e.Gain
		t.best = slices.Clone(vals)
	}
	e.Best, e.BestGain = t.rec.Best, t.rec.BestGain
	t.rec.Evaluations = append(t.rec.Evaluations, e)
	if t.spec.OnEval != nil {
		t.spec.OnEval(e)
	}
	return e, nil
}

// validate plays the start and the best spec on the validation's fresh seeds.
func (t *tuner) validate() error {
	s, rec := t.spec, t.rec
	ts, err := playFocalCounts(t.ctx, s, []string{rec.Field, rec.Start, rec.Best}, s.Seed, ValidateFirst, s.Validate)
	if err != nil {
		return err
	}
	v := &resultfile.TuneValidation{Indices: s.Validate}
	z := report.ZFor(report.Confidence)
	row := func(label string, f focalTally) resultfile.TuneValidRow {
		g, vf := report.PairedDiff(f.Gain, z), report.PairedDiff(f.VsField, z)
		n := float64(max(f.Seats, 1))
		return resultfile.TuneValidRow{Players: label, Seats: f.Seats,
			FieldRate: float64(f.Wins[0]) / n, StartRate: float64(f.Wins[1]) / n, TunedRate: float64(f.Wins[2]) / n,
			Gain: g.Mean, GainLow: g.Low, GainHigh: g.High, GainP: g.P,
			VsField: vf.Mean, VsFieldLow: vf.Low, VsFieldHigh: vf.High, VsFieldP: vf.P}
	}
	for i, n := range s.Players {
		v.Rows = append(v.Rows, row(fmt.Sprint(n), ts[i]))
	}
	p := pooled(ts)
	if len(s.Players) > 1 {
		v.Rows = append(v.Rows, row("all", p))
	}
	v.Seats, v.Games = p.Seats, p.Games
	t.played += p.Games
	rec.Validation = v
	return nil
}

// TuneOverall returns the validation's row over every player count.
func TuneOverall(v *resultfile.TuneValidation) resultfile.TuneValidRow { return v.Rows[len(v.Rows)-1] }
