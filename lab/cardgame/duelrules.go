package cardgame

import (
	"slices"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// duelRuleNames are the card game's rule options that apply to a long duel
// (card.LongDuel.SetOptions): the deck, High Noon, the characters' life and ability
// parameters. The turn cap is the duel's own.
var duelRuleNames = []string{"remove-cards", "high-noon", "life", lab.AbilityOptionName}

// DuelRuleParams returns the rule options a long duel takes, as the card game's table
// declares them (the same flags, checks and run.json keys as `run --game card`).
func DuelRuleParams() []lab.Param {
	var ps []lab.Param
	for _, o := range options {
		if slices.Contains(duelRuleNames, o.Name) {
			ps = append(ps, o.Param)
		}
	}
	return ps
}

// DuelRules reads the duel's rule options (vals in DuelRuleParams' order) into the
// engine's rules and the settings run.json and duel-tally.json record: those that
// differ from the rulebook, so a duel of the printed rules records none and its shards
// merge with those of earlier versions.
func DuelRules(vals []lab.Value) (card.Rules, resultfile.Settings, error) {
	return DuelRulesIn(Printed, vals)
}

// DuelRulesIn is DuelRules for a duel drafting from the characters of set (--life names
// them): the rules' character deal holds set's added characters, so a LongDuel (or a
// DuelTable) of them lays them out in its draft. The settings are DuelRules' (run.json
// records the added characters apart, lab.RecordCharacters).
func DuelRulesIn(set *bang.CharacterSet, vals []lab.Value) (card.Rules, resultfile.Settings, error) {
	ps := DuelRuleParams()
	opts := optionsFor(set, abilitiesOf(set))
	var r card.Rules
	r.SetCharacters(set)
	var s resultfile.Settings
	for i, p := range ps {
		o := opts[slices.IndexFunc(opts, func(o option) bool { return o.Name == p.Name })] // set's (--life)
		if err := o.Check(vals[i]); err != nil {
			return r, nil, err
		}
		if err := o.set(&r, vals[i]); err != nil {
			return r, nil, err
		}
		if vals[i] != lab.Defaults(ps[i : i+1])[0] {
			s = append(s, resultfile.Setting{Name: o.Key(), Value: o.Value(vals[i])})
		}
	}
	return r, s, nil
}

// SetRules sets the duel's rule options from vals (in DuelRuleParams' order; nil: the
// rulebook's), checked: Rules for the engine, RuleSettings for run.json.
func (s *DuelSpec) SetRules(vals []lab.Value) error {
	if vals == nil {
		vals = lab.Defaults(DuelRuleParams())
	}
	r, settings, err := DuelRulesIn(s.Characters(), vals)
	if err != nil {
		return err
	}
	s.Rules, s.RuleSettings = r, settings
	return nil
}
