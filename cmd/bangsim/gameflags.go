package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// gameOptions are the flags run and replay share: which game, seed, bots, characters
// and rule options.
type gameOptions struct {
	Game              string
	Seed              uint64
	Policy            string
	PolicyFor         []string
	Characters        string
	FixedSeats        bool
	Arrows            int
	SheriffBonus      int
	Rerolls           int
	Gatling           int
	Dynamite          int
	MaxTurns          int
	ResolveAfterDeath bool
	DistanceEitherWay bool
}

// defaultGameOptions returns the rulebook game with the default bot.
func defaultGameOptions() gameOptions {
	r := dice.DefaultRules(5)
	return gameOptions{
		Game:         "dice",
		Seed:         1,
		Policy:       dicebots.DefaultPolicy,
		Characters:   "random",
		Arrows:       int(r.Arrows),
		SheriffBonus: int(r.SheriffBonus),
		Rerolls:      int(r.Rerolls),
		Gatling:      int(r.GatlingThreshold),
		Dynamite:     int(r.DynamiteThreshold),
		MaxTurns:     int(r.MaxTurns),
	}
}

// bind registers the shared flags on fs with o's values as defaults.
func (o *gameOptions) bind(fs *pflag.FlagSet) {
	fs.StringVar(&o.Game, "game", o.Game, "which game: dice (card is not implemented yet)")
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "run seed: game I is played with a seed derived from (seed, I)")
	fs.StringVar(&o.Policy, "policy", o.Policy, "bot for every seat (see 'bangsim policies')")
	fs.StringArrayVar(&o.PolicyFor, "policy-for", nil, "bot for one role, ROLE=NAME (repeatable), e.g. outlaw=random")
	fs.StringVar(&o.Characters, "characters", o.Characters, "random, plain (no ability, 8 life) or a list NAME,NAME,... dealt at random without repeats")
	fs.BoolVar(&o.FixedSeats, "fixed-seats", false, "give the i-th listed character to seat i (seat 0: the Sheriff, or the Deputy with 3 players)")
	fs.IntVar(&o.Arrows, "arrows", o.Arrows, "arrows in the pile")
	fs.IntVar(&o.SheriffBonus, "sheriff-bonus", o.SheriffBonus, "extra life for the Sheriff")
	fs.IntVar(&o.Rerolls, "rerolls", o.Rerolls, "rerolls after the first roll (Lucky Duke has one more)")
	fs.IntVar(&o.Gatling, "gatling", o.Gatling, "Gatlings needed to fire (Willy the Kid needs one fewer; 6: never)")
	fs.IntVar(&o.Dynamite, "dynamite", o.Dynamite, "Dynamite that stop the rolling and cost a life (6: never)")
	fs.IntVar(&o.MaxTurns, "max-turns", o.MaxTurns, "turn cap; a game reaching it is a draw")
	fs.BoolVar(&o.ResolveAfterDeath, "resolve-after-death", false, "resolve a roller's remaining dice even after the roller is eliminated")
	fs.BoolVar(&o.DistanceEitherWay, "distance-either-way", false, "count distance either way round the table instead of the shorter way")
}

// gameSetup is gameOptions checked and resolved: the rules without a player count, the
// character deal and the bot of each role.
type gameSetup struct {
	base          dice.Rules
	characters    characterChoice
	defaultPolicy string // the --policy bot's registered name
	policies      [dice.NumRoles]dicebots.Entry
}

// resolve checks the options and returns the setup; every error is a usage error.
func (o *gameOptions) resolve() (*gameSetup, error) {
	switch strings.ToLower(o.Game) {
	case "dice":
	case "card":
		return nil, usagef("--game card is not implemented yet; only --game dice is")
	default:
		return nil, usagef("unknown --game %q: want dice", o.Game)
	}
	s := &gameSetup{}
	def, err := dicebots.Lookup(o.Policy)
	if err != nil {
		return nil, asUsage(fmt.Errorf("--policy: %w", err))
	}
	s.defaultPolicy = def.Name
	for r := range s.policies {
		s.policies[r] = def
	}
	for _, pf := range o.PolicyFor {
		role, name, err := parseRolePolicy(pf)
		if err != nil {
			return nil, err
		}
		e, err := dicebots.Lookup(name)
		if err != nil {
			return nil, asUsage(fmt.Errorf("--policy-for %s: %w", pf, err))
		}
		s.policies[role] = e
	}
	if s.characters, err = parseCharacters(o.Characters, o.FixedSeats); err != nil {
		return nil, err
	}
	small := func(name string, v, hi int) error {
		if v < 0 || v > hi {
			return usagef("--%s %d is out of range (0 to %d)", name, v, hi)
		}
		return nil
	}
	for _, c := range []struct {
		name  string
		v, hi int
	}{
		{"arrows", o.Arrows, 255}, {"sheriff-bonus", o.SheriffBonus, 255}, {"rerolls", o.Rerolls, 255},
		{"gatling", o.Gatling, 255}, {"dynamite", o.Dynamite, 255}, {"max-turns", o.MaxTurns, 65535},
	} {
		if err := small(c.name, c.v, c.hi); err != nil {
			return nil, err
		}
	}
	s.base = dice.Rules{
		Arrows:            uint8(o.Arrows),
		SheriffBonus:      uint8(o.SheriffBonus),
		Rerolls:           uint8(o.Rerolls),
		GatlingThreshold:  uint8(o.Gatling),
		DynamiteThreshold: uint8(o.Dynamite),
		MaxTurns:          uint16(o.MaxTurns),
		Deal:              s.characters.Deal,
		ResolveAfterDeath: o.ResolveAfterDeath,
		DistanceEitherWay: o.DistanceEitherWay,
	}
	if err := s.base.SetPool(s.characters.List); err != nil {
		return nil, asUsage(err)
	}
	return s, nil
}

// rules returns the rules for n players, checked by the engine (a usage error if not).
func (s *gameSetup) rules(n int) (dice.Rules, error) {
	r := s.base
	r.Players = uint8(n)
	if err := r.Validate(); err != nil {
		return r, usagef("%d players: %w", n, err)
	}
	return r, nil
}

// newTable returns a table for rules with fresh policy instances: each worker calls it
// once and owns what it gets.
func (s *gameSetup) newTable(rules dice.Rules) (*dice.Table, error) {
	var byRole [dice.NumRoles]dice.Policy
	for r, e := range s.policies {
		byRole[r] = e.New()
	}
	return dice.NewTable(rules, byRole)
}

// policyNames returns the name of each role's bot.
func (s *gameSetup) policyNames() [dice.NumRoles]string {
	var out [dice.NumRoles]string
	for r, e := range s.policies {
		out[r] = e.Name
	}
	return out
}

// describePolicies summarises the bots in one phrase, e.g. "heuristic for every role"
// or "heuristic; Outlaw: random".
func (s *gameSetup) describePolicies() string {
	defaultName := s.defaultPolicy
	var parts []string
	for r, name := range s.policyNames() {
		if name != defaultName {
			parts = append(parts, fmt.Sprintf("%s: %s", dice.Role(r), name))
		}
	}
	if len(parts) == 0 {
		return defaultName + " for every role"
	}
	return defaultName + "; " + strings.Join(parts, ", ")
}
