package main

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/sim/dice/odds"
	"github.com/bangsim/bangsim/sim/run"
)

// oddsOptions are the flags of `bangsim odds`.
type oddsOptions struct {
	Policy    string
	Character string
	// CharactersFile is --characters-file: characters added to the dice game's, which
	// --character may name.
	CharactersFile string
	// Ability is --ability: ability values away from the cards (repeatable).
	Ability  []string
	Rerolls  int
	Gatling  int
	Dynamite int
	JSON     bool
	Check    uint64
	Seed     uint64
	Workers  int
}

// defaultOddsOptions returns the rulebook turn of a Plain character under the optimal plan.
func defaultOddsOptions() oddsOptions {
	r := dice.DefaultRules(5)
	return oddsOptions{
		Policy:    "optimal",
		Character: "plain",
		Rerolls:   int(r.Rerolls),
		Gatling:   int(r.GatlingThreshold),
		Dynamite:  int(r.DynamiteThreshold),
		Seed:      1,
	}
}

// oddsCmd builds `bangsim odds`.
func (a *app) oddsCmd() *cobra.Command {
	opts := defaultOddsOptions()
	cmd := &cobra.Command{
		Use:   "odds OBJECTIVE",
		Short: "Exact probability that one turn's dice achieve an objective",
		Long: `Odds computes, exactly and without sampling, the probability that one turn of dice
(the first roll and the rerolls) achieves OBJECTIVE:

  gatling       the final dice fire the Gatling (Willy the Kid needs one fewer)
  dynamite      rolling stops on the Dynamite threshold
  bullseyes=K   at least K Bull's Eyes (1 and 2 together) at the end, K from 0 to 5
  beers=K       at least K Beers at the end
  no-arrows     no Arrow rolled during the turn (no arrow taken)

--policy says how the roller rerolls: optimal (the best plan for this objective, the
default), keep (never rerolls) or reroll-all (rerolls every die it may). --character
applies the roller's ability as the engine reads it, by its primitives: extra_rerolls
(Lucky Duke's extra reroll), gatling_discount (Willy the Kid's lower Gatling threshold)
and reroll_dynamite (Black Jack's Dynamite rerolls); no other primitive changes the
dice, so every other character rolls like Plain. With --characters-file, --character
may name a character the file adds. The result is printed
as a decimal and as an exact fraction; docs/odds.md explains the method.

--check N replays the same turn N times through the real game engine (seat 0 of a
5-player table, everyone with 100 life so only the dice matter, the rerolls chosen by
the same policy) and prints the sampled frequency with its 95% Wilson interval beside
the exact value.`,
		Example: `  bangsim odds gatling                        # P(gatling) = 0.238052 = 1138594/4782969
  bangsim odds dynamite --rerolls 0           # one roll: 23/648
  bangsim odds bullseyes=2 --policy keep
  bangsim odds gatling --character "willy the kid" --json
  bangsim odds gatling --check 100000         # the engine agrees within sampling error
  bangsim odds gatling --characters-file mine.yaml --character "Quick Draw"
  bangsim odds gatling --character "Lucky Duke" --ability "Lucky Duke.rerolls=2"`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("odds needs one objective (got %d arguments): gatling, dynamite, bullseyes=K, beers=K or no-arrows", len(args))
			}
			return nil
		},
		RunE: a.runE(func(_ *cobra.Command, args []string) error {
			return runOdds(a.ctx, opts, args[0], a.stdout)
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false
	fs.StringVar(&opts.Policy, "policy", opts.Policy, "reroll policy: "+strings.Join(odds.PolicyNames(), ", "))
	fs.StringVar(&opts.Character, "character", opts.Character, "the roller's character (Lucky Duke, Willy the Kid and Black Jack change the dice; others roll like plain)")
	bindCharactersFile(fs, &opts.CharactersFile)
	fs.StringArrayVar(&opts.Ability, "ability", nil, `set an ability parameter, CHARACTER.PARAM=VALUE (repeatable; see 'bangsim characters'), e.g. "Lucky Duke.rerolls=2"`)
	fs.IntVar(&opts.Rerolls, "rerolls", opts.Rerolls, "rerolls after the first roll (Lucky Duke has one more)")
	fs.IntVar(&opts.Gatling, "gatling", opts.Gatling, "Gatlings needed to fire (Willy the Kid needs one fewer; 6: never)")
	fs.IntVar(&opts.Dynamite, "dynamite", opts.Dynamite, "Dynamite that stop the rolling (6: never)")
	fs.BoolVar(&opts.JSON, "json", false, "print a JSON object instead of text")
	fs.Uint64Var(&opts.Check, "check", 0, "also play the turn N times through the engine and compare (0: no check)")
	fs.Uint64Var(&opts.Seed, "seed", opts.Seed, "seed of the --check turns: turn I uses the seed derived from (seed, I)")
	fs.IntVar(&opts.Workers, "workers", 0, "parallel workers for --check (0: all CPUs); results do not depend on it")
	return cmd
}

// oddsQuery is oddsOptions checked: what to compute.
type oddsQuery struct {
	obj    odds.Objective
	policy string // the registered policy name
	pol    odds.Policy
	char   dice.Character
	name   string // the character's name in the game's set (an added one's from its file)
	setup  odds.Setup
	rules  dice.Rules // the engine's rules for --check
}

// plan checks every option; all errors are usage errors.
func (o *oddsOptions) plan(objective string) (*oddsQuery, error) {
	q := &oddsQuery{}
	var err error
	if q.obj, err = odds.ParseObjective(objective); err != nil {
		return nil, asUsage(err)
	}
	g, err := withCharactersFile(defaultGame(), o.CharactersFile)
	if err != nil {
		return nil, err
	}
	set := g.CharacterSet()
	if q.char, err = set.Parse(o.Character); err != nil {
		return nil, usagef("--character: %w", err)
	}
	q.name = set.Name(q.char)
	for _, c := range []struct {
		name      string
		v, lo, hi int
	}{
		{"rerolls", o.Rerolls, 0, odds.MaxRerolls},
		{"gatling", o.Gatling, 1, dice.NumDice + 1},
		{"dynamite", o.Dynamite, 1, dice.NumDice + 1},
	} {
		if c.v < c.lo || c.v > c.hi {
			return nil, usagef("--%s %d is out of range (%d to %d)", c.name, c.v, c.lo, c.hi)
		}
	}
	if o.Workers < 0 {
		return nil, usagef("--workers %d: want 0 (all CPUs) or more", o.Workers)
	}
	r := dice.DefaultRules(5)
	r.Rerolls, r.GatlingThreshold, r.DynamiteThreshold = uint8(o.Rerolls), uint8(o.Gatling), uint8(o.Dynamite)
	r.Deal = dice.DealSeats
	r.SetCharacters(set)
	if err := dicegame.SetAbilities(&r, set, strings.Join(o.Ability, ",")); err != nil {
		return nil, asUsage(err)
	}
	seats := []dice.Character{q.char, dice.Plain, dice.Plain, dice.Plain, dice.Plain}
	if err := r.SetPool(seats); err != nil {
		return nil, asUsage(err)
	}
	if err := r.Validate(); err != nil {
		return nil, asUsage(err)
	}
	q.rules = r
	q.setup = odds.SetupFromRules(r, q.char)
	q.policy = strings.ToLower(strings.TrimSpace(o.Policy))
	if q.pol, err = odds.NamedPolicy(q.policy, q.obj, q.setup); err != nil {
		return nil, usagef("--policy: %w", err)
	}
	return q, nil
}

// oddsResult is what `bangsim odds --json` prints.
type oddsResult struct {
	Objective   string     `json:"objective"`
	Policy      string     `json:"policy"`
	Character   string     `json:"character"`
	Rules       oddsRules  `json:"rules"`
	Numerator   string     `json:"numerator"` // strings: the integers can exceed 2^53
	Denominator string     `json:"denominator"`
	Fraction    string     `json:"fraction"`
	Decimal     float64    `json:"decimal"`
	Check       *oddsCheck `json:"check,omitempty"`
}

// oddsRules are the rule options of the turn, before the character's ability, and what
// they come to for the character.
type oddsRules struct {
	Rerolls        int  `json:"rerolls"`
	Gatling        int  `json:"gatling"`
	Dynamite       int  `json:"dynamite"`
	TotalRerolls   int  `json:"total_rerolls"`   // the extra rerolls included (Lucky Duke's one)
	GatlingNeed    int  `json:"gatling_need"`    // the discount applied (Willy the Kid's one fewer)
	DynamiteLocked bool `json:"dynamite_locked"` // false for Black Jack (reroll_dynamite)
	// DynamiteRerollMax is the most Dynamite showing the roller may still reroll
	// (reroll_dynamite.max_dynamite; absent when locked).
	DynamiteRerollMax int `json:"dynamite_reroll_max,omitempty"`
}

// oddsCheck is the --check result.
type oddsCheck struct {
	Turns       uint64  `json:"turns"`
	Seed        uint64  `json:"seed"`
	Met         uint64  `json:"met"`
	Frequency   float64 `json:"frequency"`
	CILow       float64 `json:"ci_low"`
	CIHigh      float64 `json:"ci_high"`
	Confidence  float64 `json:"confidence"`
	ExactInside bool    `json:"exact_inside"`
	Partial     bool    `json:"partial,omitempty"`
}

// runOdds is `bangsim odds`.
func runOdds(ctx context.Context, opts oddsOptions, objective string, stdout io.Writer) error {
	q, err := opts.plan(objective)
	if err != nil {
		return err
	}
	var p *big.Rat
	if plan, ok := q.pol.(*odds.Plan); ok {
		p = plan.Value()
	} else if p, err = odds.Exact(q.obj, q.setup, q.pol); err != nil {
		return err
	}
	dec, _ := p.Float64()
	res := oddsResult{
		Objective:   q.obj.String(),
		Policy:      q.policy,
		Character:   q.name,
		Numerator:   p.Num().String(),
		Denominator: p.Denom().String(),
		Decimal:     dec,
		Rules: oddsRules{
			Rerolls: opts.Rerolls, Gatling: opts.Gatling, Dynamite: opts.Dynamite,
			TotalRerolls: q.setup.TotalRerolls(), GatlingNeed: q.setup.GatlingNeed(), DynamiteLocked: q.setup.DynamiteLocked(),
			DynamiteRerollMax: q.setup.DynamiteRerollMax,
		},
	}
	res.Fraction = res.Numerator + "/" + res.Denominator
	var checkErr error
	if opts.Check > 0 {
		tally, partial, err := checkOdds(ctx, q, opts.Check, opts.Seed, opts.Workers)
		if err != nil {
			return err
		}
		z := report.ZFor(report.Confidence)
		lo, hi := report.Wilson(float64(tally.Met), float64(tally.Turns), z)
		c := &oddsCheck{
			Turns: tally.Turns, Seed: opts.Seed, Met: tally.Met, CILow: lo, CIHigh: hi,
			Confidence: report.Confidence, ExactInside: lo <= dec && dec <= hi, Partial: partial,
		}
		if tally.Turns > 0 {
			c.Frequency = float64(tally.Met) / float64(tally.Turns)
		}
		res.Check = c
		if partial {
			checkErr = fmt.Errorf("%w: --check stopped after %d of %d turns", errInterrupted, tally.Turns, opts.Check)
		}
	}
	if opts.JSON {
		if err := writeJSON(stdout, res); err != nil {
			return err
		}
		return checkErr
	}
	fmt.Fprintf(stdout, "P(%s) = %s = %s\n", res.Objective, p.FloatString(6), res.Fraction)
	fmt.Fprintf(stdout, "setup: %s; policy %s\n", describeOddsSetup(q.setup, q.name), res.Policy)
	if c := res.Check; c != nil {
		verdict := "inside it"
		if !c.ExactInside {
			verdict = "OUTSIDE it (a 95% interval misses about one check in 20)"
		}
		fmt.Fprintf(stdout, "check: %d engine turns (seed %d): met %d, frequency %.6f, %.0f%% CI [%.6f, %.6f]; the exact %.6f is %s\n",
			c.Turns, c.Seed, c.Met, c.Frequency, 100*c.Confidence, c.CILow, c.CIHigh, dec, verdict)
	}
	return checkErr
}

// describeOddsSetup says in words what the dice of the turn are allowed to do.
func describeOddsSetup(s odds.Setup, name string) string {
	var parts []string
	parts = append(parts, name)
	switch {
	case s.ExtraRerolls == 1:
		parts = append(parts, fmt.Sprintf("%d rerolls (%d + %s's extra one)", s.TotalRerolls(), s.Rerolls, name))
	case s.ExtraRerolls > 1:
		parts = append(parts, fmt.Sprintf("%d rerolls (%d + %s's extra %d)", s.TotalRerolls(), s.Rerolls, name, s.ExtraRerolls))
	case s.Rerolls == 1:
		parts = append(parts, "1 reroll")
	default:
		parts = append(parts, fmt.Sprintf("%d rerolls", s.Rerolls))
	}
	switch need := s.GatlingNeed(); {
	case need > dice.NumDice:
		parts = append(parts, "the Gatling never fires")
	case need == s.GatlingThreshold-1:
		parts = append(parts, fmt.Sprintf("Gatling fires on %d (threshold %d, one fewer for %s)", need, s.GatlingThreshold, name))
	case need != s.GatlingThreshold:
		parts = append(parts, fmt.Sprintf("Gatling fires on %d (threshold %d, %d fewer for %s)", need, s.GatlingThreshold, s.GatlingThreshold-need, name))
	default:
		parts = append(parts, fmt.Sprintf("Gatling fires on %d", need))
	}
	if s.DynamiteThreshold > dice.NumDice {
		parts = append(parts, "Dynamite never stops the rolling")
	} else {
		parts = append(parts, fmt.Sprintf("%d Dynamite stop the rolling", s.DynamiteThreshold))
	}
	switch {
	case s.DynamiteLocked():
		parts = append(parts, "Dynamite locked")
	case s.DynamiteRerollMax >= min(dice.NumDice, s.DynamiteThreshold-1):
		parts = append(parts, fmt.Sprintf("Dynamite may be rerolled (%s)", name))
	default:
		parts = append(parts, fmt.Sprintf("Dynamite may be rerolled while at most %d show (%s)", s.DynamiteRerollMax, name))
	}
	return strings.Join(parts, ", ")
}

// oddsTally counts the --check turns.
type oddsTally struct {
	Turns, Met, Illegal, Lost uint64
}

// checkOdds plays n turns through the engine with the runner: turn I is seat 0's first
// turn of a game seeded seed.ForGame(runSeed, I). It reports whether it was interrupted.
func checkOdds(ctx context.Context, q *oddsQuery, n, runSeed uint64, workers int) (oddsTally, bool, error) {
	cfg := run.Config{Games: n, Seed: runSeed, Workers: workers}
	newPlayer := func() run.Player[oddsTally] {
		t := newTurnChecker(q)
		return func(tally *oddsTally, _, gameSeed uint64) {
			met := t.play(gameSeed)
			tally.Turns++
			if met {
				tally.Met++
			}
			tally.Illegal += uint64(t.state.Illegal)
			tally.Lost += uint64(t.lost)
		}
	}
	merge := func(dst, src *oddsTally) {
		dst.Turns += src.Turns
		dst.Met += src.Met
		dst.Illegal += src.Illegal
		dst.Lost += src.Lost
	}
	res, err := run.Run(ctx, cfg, newPlayer, merge)
	if err != nil {
		return res.Tally, res.Partial, err
	}
	if res.Tally.Illegal > 0 {
		return res.Tally, res.Partial, fmt.Errorf("odds check: policy %s asked the engine for %d illegal rerolls", q.policy, res.Tally.Illegal)
	}
	if res.Tally.Lost > 0 {
		return res.Tally, res.Partial, fmt.Errorf("odds check: %d trace events lost; the check cannot score those turns", res.Tally.Lost)
	}
	return res.Tally, res.Partial, nil
}
