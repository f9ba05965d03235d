package main

import (
	"strings"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/resultfile"
)

// duelTuneFlags are the flags a tune of a long-duel play bot takes; the rest (players,
// roles, characters, --config, the rule options that do not apply to a duel) are
// refused rather than ignored.
var duelTuneFlags = []string{"game", "policy", "params", "field", "games", "budget", "validate-games", "resume", "draft-policy",
	"seed", "characters-file", "workers", "out", "quiet", "json", "progress-every"}

// isDuel reports whether tune's --game names the long duel.
func (o *tuneOptions) isDuel() bool {
	return strings.EqualFold(strings.TrimSpace(o.Game), resultfile.DuelGame)
}

// planDuel checks `bangsim tune --game duel`: the --policy duel play bot's parameters
// tuned at both seats of the duel against the --field bot at the other (default
// heuristic), both seats drafting with --draft-policy (lab.RunTune at two seats,
// cardgame.DuelTable). All errors are usage errors.
func (o *tuneOptions) planDuel(resumed *resultfile.Tune) (*tunePlan, error) {
	if o.fs != nil {
		if name := refusedDuelFlag(o.fs, duelTuneFlags); name != "" {
			return nil, usagef("--%s: tune --game duel tunes a long-duel play bot at both seats against --field at the other, over --games duel seeds; it takes --policy, --params, --field, --games, --budget, --validate-games, --draft-policy, --seed, --characters-file, the duel's rule options (bangsim duel --help), --resume and the output flags", name)
		}
	}
	if strings.TrimSpace(o.Policy) == "" {
		return nil, usagef("tune --game duel needs --policy SPEC: the duel play bot to tune, e.g. 'search(rollouts=8)'")
	}
	// The draft lays out the file's characters too (or, resumed without a file, those
	// tune.json records: plan's o.chosen), and --life may name them.
	g := o.chosen
	if g == nil || g.Name != resultfile.DuelGame {
		var err error
		if g, err = withCharactersFile(cardgame.DuelLabGame(), o.CharactersFile); err != nil {
			return nil, err
		}
	}
	if _, err := g.LookupPolicy(o.Policy); err != nil {
		return nil, usagef("--policy: %w", err)
	}
	var vals []lab.Value
	var err error
	if o.fs != nil {
		if vals, err = duelRuleValues(o.fs); err != nil {
			return nil, err
		}
	} else {
		vals = lab.Defaults(cardgame.DuelRuleParams())
	}
	rules, settings, err := cardgame.DuelRulesIn(g.CharacterSet(), vals)
	if err != nil {
		return nil, asUsage(err)
	}
	table := cardgame.DuelTable{Draft: strings.TrimSpace(o.Draft), Rules: rules, RuleSettings: settings}
	if _, err := table.Seating(2, []string{o.Policy}); err != nil {
		return nil, asUsage(err)
	}
	return o.planCommon(g, table, []int{2}, lab.RoleAll, resumed)
}
