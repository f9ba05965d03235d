package lab

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// BalanceSpec is one `bangsim balance` played fresh: the run to analyse (its Games the
// first batch), the configuration it was prepared from (so that the tuning options can
// change one rule and prepare the game again, through NewChoice as every run is), and
// how far to take it.
type BalanceSpec struct {
	Run RunSpec // the run; Games is the first batch
	// Config is what Run.Prepared was prepared from (NewChoice with Run.Seed and
	// Run.Players); nil Rules are the rulebook's.
	Config Config
	// Precision, when above 0, plays further batches on the same seed stream until
	// every character interval's half-width is at most Precision (a fraction: 0.005 is
	// half a point), or the games a count reach MaxGames.
	Precision float64
	MaxGames  uint64  // the cap of games a player count with Precision
	Alpha     float64 // the family-wise error rate of the flags
	// Announce, if set, is told what each further run plays (a sequential batch, a
	// tuning trial) before it starts, for the command line's progress.
	Announce func(what string)
}

// announce tells s.Announce, if any.
func (s *BalanceSpec) announce(format string, a ...any) {
	if s.Announce != nil {
		s.Announce(fmt.Sprintf(format, a...))
	}
}

// BalanceResult is a balance run: run.json's record and the tallies, as one run of
// all their games writes them, the analysis, and the batches played.
type BalanceResult struct {
	Run     *resultfile.Run         // run.json's record
	Counts  []resultfile.CountTally // the tallies, one per player count
	Balance *report.Balance         // the analysis
	Batches []report.Batch          // the batches played
}

// Games returns the games played at each player count.
func (r *BalanceResult) Games() uint64 { return r.Run.GamesPerCount }

// BatchGrowth is the least a sequential batch grows the games (a quarter), so that a
// run converges in a few batches even when the first estimate of the games needed is
// low; BatchMargin is the margin on that estimate (a tenth).
const (
	BatchGrowth = 1.25
	BatchMargin = 1.1
)

// NextBatchTotal returns the games a count should have after the next batch of a
// sequential run: a half-width h at n games shrinks as 1/√n, so target needs about
// n·(h/target)² games; the next total is that times BatchMargin, at least n·BatchGrowth,
// rounded up to a thousand, and at most maxGames.
func NextBatchTotal(n uint64, h, target float64, maxGames uint64) uint64 {
	need := float64(n) * (h / target) * (h / target) * BatchMargin
	next := math.Max(need, float64(n)*BatchGrowth)
	if math.IsNaN(next) || math.IsInf(next, 0) || next >= float64(maxGames) {
		return maxGames
	}
	t := uint64(math.Ceil(next/1000)) * 1000
	return min(max(t, n+1), maxGames)
}

// RunBalance plays the run of s, in sequential batches when s.Precision is set (batch
// k plays game indices [start_k, start_k + n_k) of the same seed, so the tallies are
// those of one run of all the games), and analyses it. An interrupted run returns what
// was played, marked partial, and a nil error, as Run does.
func RunBalance(ctx context.Context, s BalanceSpec) (*BalanceResult, error) {
	if s.Run.Shard.N == 0 {
		s.Run.Shard = resultfile.Shard{K: 1, N: 1}
	}
	if s.Run.Shard.N != 1 {
		return nil, errors.New("a balance run cannot be sharded")
	}
	z := report.ZFor(report.Confidence)
	started := time.Now()
	var acc []resultfile.CountTally
	var rec *resultfile.Run
	var batches []report.Batch
	total, first := uint64(0), uint64(0)
	n := s.Run.Games
	for {
		spec := s.Run
		spec.First, spec.Games = first, n
		r, played, err := Run(ctx, spec)
		if rec == nil {
			rec = r
		}
		acc, err = mergeBatch(acc, played, err)
		total += n
		first += n
		if err != nil {
			return nil, err
		}
		bal := report.NewBalance(acc, s.Alpha, z)
		h, _ := bal.MaxHalfWidth()
		done := total
		if r.Partial { // what was played, not what the batch was to play
			done = leastGames(acc, s.Run.Players)
		}
		batches = append(batches, report.Batch{Games: done, HalfWidth: h})
		if r.Partial || s.Precision <= 0 || h <= s.Precision || total >= s.MaxGames {
			break
		}
		n = NextBatchTotal(total, h, s.Precision, s.MaxGames) - total
		s.announce("widest half-width %.2f points after %d games a count (target %.2f): playing games %d to %d",
			100*h, total, 100*s.Precision, total, total+n-1)
	}
	// run.json as one run of every game played.
	rec.GamesPerCount = total
	rec.ElapsedSeconds = time.Since(started).Seconds()
	var planned []resultfile.Count
	for _, p := range s.Run.Players {
		planned = append(planned, resultfile.Count{Players: p, FirstGame: 0, Planned: total})
	}
	rec.FillTotals(acc, planned)
	return &BalanceResult{Run: rec, Counts: acc, Balance: report.NewBalance(acc, s.Alpha, z), Batches: batches}, nil
}

// leastGames is the fewest games any of players has in acc (0 for one not there): the
// games a count of an interrupted balance run can be said to have.
func leastGames(acc []resultfile.CountTally, players []int) uint64 {
	least := uint64(math.MaxUint64)
	for _, n := range players {
		i := slices.IndexFunc(acc, func(c resultfile.CountTally) bool { return c.Players == n })
		if i < 0 {
			return 0
		}
		least = min(least, acc[i].Games)
	}
	return least
}

// mergeBatch adds a batch's tallies to those of the batches before it, count by count.
func mergeBatch(acc []resultfile.CountTally, played []Played, playErr error) ([]resultfile.CountTally, error) {
	for _, p := range played {
		i := slices.IndexFunc(acc, func(c resultfile.CountTally) bool { return c.Players == p.Players })
		if i < 0 {
			c := p.CountTally
			c.Tally = p.Tally.Clone()
			acc = append(acc, c)
			continue
		}
		c := &acc[i]
		if c.FirstGame+c.Games != p.FirstGame {
			return acc, fmt.Errorf("lab: batch at game %d does not follow games %d to %d", p.FirstGame, c.FirstGame, c.FirstGame+c.Games)
		}
		if err := c.Tally.Merge(&p.Tally); err != nil {
			return acc, err
		}
		c.Games += p.Games
		c.ElapsedSeconds += p.ElapsedSeconds
	}
	return acc, playErr
}

// Variant prepares the game of s with one rule changed and checks it at every player
// count of s; the run is otherwise s's: the same seed, games and bots.
func (s BalanceSpec) Variant(name string, v Value) (BalanceSpec, error) {
	cfg, err := s.Config.WithRule(s.Run.Game, name, v)
	if err != nil {
		return s, err
	}
	return s.withConfig(cfg)
}

// withConfig prepares the game of s from cfg (through NewChoice, with the seed and
// player counts of s) and checks it at every player count of s; run.json's
// configuration becomes cfg's canonical text. The run is otherwise s's.
func (s BalanceSpec) withConfig(cfg Config) (BalanceSpec, error) {
	g := s.Run.Game
	c, err := NewChoice(g, cfg, s.Run.Seed, s.Run.Players)
	if err != nil {
		return s, err
	}
	p, err := g.Prepare(c)
	if err != nil {
		return s, err
	}
	for _, n := range s.Run.Players {
		if err := p.Check(n); err != nil {
			return s, err
		}
	}
	out := s
	out.Config, out.Run.Prepared = cfg, p
	out.Precision = 0
	cfg.Players = s.Run.Players
	canon, err := cfg.CanonicalIn(s.Run.Game)
	if err != nil {
		return s, err
	}
	out.Run.Config = canon.String()
	return out, nil
}

// rule is the value of the i-th rule option in the run of s.
func (s BalanceSpec) rule(i int) Value {
	if s.Config.Rules == nil {
		return Defaults(s.Run.Game.Rules)[i]
	}
	return s.Config.Rules[i]
}

// LifeOption names the rule option --tune-life varies (LifeParam).
const LifeOption = "life"

// TuneLifeDeltas are the life changes --tune-life tries around a character's life in
// the run.
var TuneLifeDeltas = []int{-2, -1, 1, 2}

// lifeTarget is one character --tune-life plays, with its life in the run.
type lifeTarget struct {
	c    bang.Character
	life int
}

// lifeTargets checks --tune-life's request against the game of s: that it has a life
// option, and each named character (repeats dropped) with its life in the run.
func (s BalanceSpec) lifeTargets(characters []string) ([]lifeTarget, bang.LifeDeltas, error) {
	i := Lookup(s.Run.Game.Rules, LifeOption)
	if i < 0 {
		return nil, bang.LifeDeltas{}, fmt.Errorf("--tune-life: --game %s has no --life option", s.Run.Game.Name)
	}
	set := s.Run.Game.CharacterSet()
	runDeltas, err := set.ParseLifeDeltas(s.rule(i).Text)
	if err != nil {
		return nil, runDeltas, fmt.Errorf("--life: %w", err)
	}
	var out []lifeTarget
	var done [bang.MaxCharacters]bool
	for _, name := range characters {
		c, err := set.Parse(name)
		if err != nil {
			return nil, runDeltas, fmt.Errorf("--tune-life: %w", err)
		}
		if done[c] {
			continue
		}
		done[c] = true
		life := -1
		for _, ci := range s.Run.Game.Characters {
			if ci.Name == set.Name(c) {
				life = ci.Life + int(runDeltas[c])
			}
		}
		if life < 0 {
			return nil, runDeltas, fmt.Errorf("--tune-life: --game %s has no character %s", s.Run.Game.Name, set.Name(c))
		}
		out = append(out, lifeTarget{c: c, life: life})
	}
	return out, runDeltas, nil
}

// CheckTuneLife refuses a --tune-life request TuneLife would refuse (no life option in
// the game, a character it does not know), so that a command can say so before it
// plays the base run; characters may be nil (the flagged ones, known only later).
func (s BalanceSpec) CheckTuneLife(characters []string) error {
	_, _, err := s.lifeTargets(characters)
	return err
}

// TuneLife plays the run of s again, with as many games and the same seed, once for
// each life change of TuneLifeDeltas of each character named (the run's other life
// changes kept), and returns for each character and player count the life that brings
// its role-weighted difference closest to 0, with the evidence. A change that would
// leave the character outside ±bang.MaxLifeDelta or below 1 life is skipped. base is
// the run's own result (delta 0); every life's rows are computed against its
// references (report.NewBalanceAgainst: the characters its step-down left out).
// Interrupted, it returns the findings of the lives finished before, with ctx's error.
func TuneLife(ctx context.Context, s BalanceSpec, base *BalanceResult, characters []string) ([]report.LifeTuning, error) {
	targets, runDeltas, err := s.lifeTargets(characters)
	if err != nil {
		return nil, err
	}
	s.Run.Games, s.Run.First = base.Games(), 0
	set := s.Run.Game.CharacterSet()
	var out []report.LifeTuning
	for _, lt := range targets {
		c, life := lt.c, lt.life
		deltas, bals := []int{0}, []*report.Balance{base.Balance}
		finish := func() {
			for _, n := range s.Run.Players {
				out = append(out, report.NewLifeTuning(set.Name(c), n, life, deltas, bals))
			}
		}
		for _, d := range TuneLifeDeltas {
			nd := runDeltas
			total := int(nd[c]) + d
			if total < -bang.MaxLifeDelta || total > bang.MaxLifeDelta || life+d < 1 {
				continue
			}
			nd[c] = int8(total)
			v, err := s.Variant(LifeOption, Value{Text: nd.StringIn(set)})
			if err != nil {
				continue // the game refuses this life (its own minimum)
			}
			s.announce("--tune-life: %s %+d life (%d → %d), %d games a count", set.Name(c), d, life, life+d, s.Run.Games)
			res, err := RunBalance(ctx, v)
			if err != nil {
				return out, err
			}
			if res.Run.Partial {
				if len(deltas) > 1 { // the lives of this character finished before it
					finish()
				}
				return out, ctx.Err()
			}
			// Against the run's references: a life that moves the flags must not move
			// the pools the lives are compared with.
			deltas = append(deltas, d)
			bals = append(bals, report.NewBalanceAgainst(res.Counts, s.Alpha, report.ZFor(report.Confidence), base.Balance))
		}
		finish()
	}
	return out, nil
}

// TuneStep is how far --tune's grid reaches each way from the run's value: the values
// v−TuneStep … v+TuneStep within the option's range (an on/off option: off and on).
const TuneStep = 2

// TuneValues returns the values --tune plays for an option whose value in the run is v:
// v−TuneStep … v+TuneStep within its range, or 0 and 1 for an on/off option.
func TuneValues(p Param, v int) []int {
	if p.Bool {
		return []int{0, 1}
	}
	var out []int
	for x := v - TuneStep; x <= v+TuneStep; x++ {
		if x >= p.Min && x <= p.Max {
			out = append(out, x)
		}
	}
	return out
}

// CheckTuneOption checks a --tune request against the game of s before anything is
// played: name must be a number or on/off rule option, each of values (nil: TuneValues
// around the run's value) in its range and accepted by the game at every player count
// of s. It returns the option's index in the game's rules and the values to play.
func (s BalanceSpec) CheckTuneOption(name string, values []int) (int, []int, error) {
	g := s.Run.Game
	i := Lookup(g.Rules, name)
	if i < 0 {
		var names []string
		for _, p := range g.Rules {
			if !p.Text {
				names = append(names, p.Name)
			}
		}
		return -1, nil, fmt.Errorf("--tune %s: --game %s has no such rule option (%s)", name, g.Name, strings.Join(names, ", "))
	}
	p := g.Rules[i]
	if p.Text {
		return -1, nil, fmt.Errorf("--tune %s: a text option cannot be tuned; --tune takes a number or on/off option", name)
	}
	if values == nil {
		values = TuneValues(p, s.rule(i).Int)
	}
	for _, v := range values {
		if err := p.Check(Value{Int: v}); err != nil {
			return -1, nil, fmt.Errorf("--tune-values: %w", err)
		}
	}
	for _, v := range values {
		if v == s.rule(i).Int {
			continue // the run itself
		}
		if _, err := s.Variant(name, Value{Int: v}); err != nil {
			return -1, nil, fmt.Errorf("--tune %s %d: %w", name, v, err)
		}
	}
	return i, values, nil
}

// TuneOption plays the run of s again, with as many games and the same seed, at each of
// values of the numeric rule option name (nil: TuneValues around the run's value), and
// returns for each player count the value whose side win rate of role is closest to
// target, with every role's win rate at each value. base is the run's own result.
// Interrupted, it returns the findings over the values finished before, with ctx's
// error.
func TuneOption(ctx context.Context, s BalanceSpec, base *BalanceResult, name string, values []int, role string, target float64) ([]report.OptionTuning, error) {
	i, values, err := s.CheckTuneOption(name, values)
	if err != nil {
		return nil, err
	}
	def := s.rule(i).Int
	s.Run.Games, s.Run.First = base.Games(), 0
	var played []int                      // the values finished, in the order of values
	var results [][]resultfile.CountTally // their tallies
	var stopped error
	for _, v := range values {
		if v == def {
			played, results = append(played, v), append(results, base.Counts)
			continue
		}
		vs, err := s.Variant(name, Value{Int: v})
		if err != nil {
			return nil, fmt.Errorf("--tune %s %d: %w", name, v, err)
		}
		s.announce("--tune: --%s %d, %d games a count", name, v, s.Run.Games)
		res, err := RunBalance(ctx, vs)
		if err != nil {
			return nil, err
		}
		if res.Run.Partial {
			stopped = ctx.Err()
			break
		}
		played, results = append(played, v), append(results, res.Counts)
	}
	if stopped != nil && len(played) < 2 { // at most the run itself: nothing was tried
		return nil, stopped
	}
	z := report.ZFor(report.Confidence)
	var out []report.OptionTuning
	for _, n := range s.Run.Players {
		counts := make([]*resultfile.CountTally, len(played))
		for k := range played {
			for j := range results[k] {
				if results[k][j].Players == n {
					counts[k] = &results[k][j]
				}
			}
		}
		if slices.Contains(counts, nil) {
			continue
		}
		out = append(out, report.NewOptionTuning(name, role, target, n, def, played, counts, z))
	}
	return out, stopped
}

// ConfigFromRun rebuilds the configuration a run was played with from its run.json, in
// canonical form: players, bots, character deal and every rule option of g (one
// run.json leaves out is at its default), so that `balance DIR --tune-life` can play
// the run again with one change (NewChoice with the run's seed and players).
func ConfigFromRun(g *Game, r *resultfile.Run) (Config, error) {
	if r.Game != g.Name {
		return Config{}, fmt.Errorf("the run is of game %q, not %q", r.Game, g.Name)
	}
	cfg := Config{Game: g.Name, Players: r.Players, Policy: r.Policies.Default}
	for _, role := range g.Declared().Roles {
		if spec := r.Policies.ByRole[role.String()]; spec != "" && spec != cfg.Policy {
			cfg.PolicyFor = append(cfg.PolicyFor, strings.ToLower(role.String())+"="+spec)
		}
	}
	deal, _ := r.Rules.Get("characters").(string)
	switch deal {
	case "", "random":
	case "plain":
		cfg.Characters = "plain"
	case "pool", "fixed-seats":
		cfg.FixedSeats = deal == "fixed-seats"
		names, _ := r.Rules.Get("character_list").([]string)
		if len(names) == 0 {
			return Config{}, fmt.Errorf("run.json: the character deal %q has no character_list", deal)
		}
		for _, name := range names {
			if _, err := g.CharacterSet().Parse(name); err != nil {
				return Config{}, fmt.Errorf("run.json character_list: %w", err)
			}
		}
		cfg.Characters = strings.Join(names, ",")
	default:
		return Config{}, fmt.Errorf("run.json: unknown character deal %q", deal)
	}
	cfg.Rules = Defaults(g.Rules)
	for i, p := range g.Rules {
		v := r.Rules.Get(p.Key())
		switch x := v.(type) {
		case nil:
		case bool:
			cfg.Rules[i].Int = b2i(x)
		case int:
			cfg.Rules[i].Int = x
		case string:
			cfg.Rules[i].Text = x
		default:
			return Config{}, fmt.Errorf("run.json: rule %s is %s, not a whole number, true or false, or a text", p.Key(), resultfile.Plain(v))
		}
	}
	c, err := cfg.CanonicalIn(g)
	if err != nil {
		return Config{}, fmt.Errorf("run.json: %w", err)
	}
	return c, nil
}
