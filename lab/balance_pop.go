package lab

import (
	"context"
	"fmt"

	"github.com/bangsim/bangsim/report"
)

// Population prepares the game of s with every seat played by the bot spec (no bot
// for one role), checked at every player count of s; the run is otherwise s's: the
// same seed, games, characters and rules.
func (s BalanceSpec) Population(spec string) (BalanceSpec, error) {
	cfg := s.Config
	cfg.Policy, cfg.PolicyFor = spec, nil
	out, err := s.withConfig(cfg)
	if err != nil {
		return s, fmt.Errorf("--policies %s: %w", spec, err)
	}
	return out, nil
}

// BalancePopulations plays the run of s again, with as many games as base and the same
// seed, once for every bot spec of specs after the first (the first is base's own
// population, played already), and returns every population's balance, base's first.
// Each population's rows have their own step-down and Holm adjustment: a verdict under
// one bot is read as it would be alone. Interrupted, it returns the populations
// finished before, with ctx's error.
func BalancePopulations(ctx context.Context, s BalanceSpec, base *BalanceResult, specs []string) ([]report.Population, error) {
	out := []report.Population{{Name: specs[0], Balance: base.Balance}}
	s.Run.Games, s.Run.First = base.Games(), 0
	for _, spec := range specs[1:] {
		v, err := s.Population(spec)
		if err != nil {
			return out, err
		}
		s.announce("--policies: every seat %s, %d games a count", spec, s.Run.Games)
		res, err := RunBalance(ctx, v)
		if err != nil {
			return out, err
		}
		if res.Run.Partial {
			return out, ctx.Err()
		}
		out = append(out, report.Population{Name: spec, Balance: res.Balance})
	}
	return out, nil
}
