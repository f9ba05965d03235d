package main

import (
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/resultfile"
)

// duelLadderFlags are the flags a ladder of long-duel play bots takes; the rest (players,
// characters, --config, the rule options that do not apply to a duel) are refused
// rather than ignored.
var duelLadderFlags = []string{"game", "policies", "draft-policy", "games", "seed", "characters-file", "workers", "out", "quiet", "json", "progress-every", "shard", "shards"}

// isDuel reports whether ladder's --game names the long duel.
func (o *ladderOptions) isDuel() bool {
	return strings.EqualFold(strings.TrimSpace(o.Game), resultfile.DuelGame)
}

// planDuel checks `bangsim ladder --game duel`: a round-robin of paired duels between
// the play bots of --policies, both seats drafting with --draft-policy (lab.Ladder at two
// seats, cardgame.DuelTable). All errors are usage errors.
func (o *ladderOptions) planDuel() (*ladderPlan, error) {
	if name := refusedDuelFlag(o.cmdFlags, duelLadderFlags); name != "" {
		return nil, usagef("--%s: ladder --game duel rates long-duel play bots (--policies A,B[,C...]) over --games duel seeds, every pair playing each seed with the seats swapped; it takes --draft-policy, --games, --seed, --characters-file, the duel's rule options (bangsim duel --help), --shard and the output flags", name)
	}
	if strings.TrimSpace(o.Policies) == "" {
		return nil, usagef("ladder --game duel needs --policies A,B[,C...]: the long-duel play bots to rank (%s)", strings.Join(cardgame.DuelPlayBots(), ", "))
	}
	if specs, err := splitPolicies(o.Policies); err != nil {
		return nil, err
	} else if len(specs) < 2 {
		return nil, usagef("--policies %q names one policy; a ladder needs at least two", o.Policies)
	}
	// The draft lays out the file's characters too, and --life may name them.
	g, err := withCharactersFile(cardgame.DuelLabGame(), o.CharactersFile)
	if err != nil {
		return nil, err
	}
	entrants, err := parseEntrants(o.Policies, g)
	if err != nil {
		return nil, err
	}
	vals, err := duelRuleValues(o.cmdFlags)
	if err != nil {
		return nil, err
	}
	rules, settings, err := cardgame.DuelRulesIn(g.CharacterSet(), vals)
	if err != nil {
		return nil, asUsage(err)
	}
	table := cardgame.DuelTable{Draft: strings.TrimSpace(o.Draft), Rules: rules, RuleSettings: settings}
	var specs []string
	for _, e := range entrants {
		specs = append(specs, e.Spec)
	}
	if _, err := table.Seating(2, specs); err != nil {
		return nil, asUsage(err)
	}
	p, err := o.planCommon(entrants)
	if err != nil {
		return nil, err
	}
	p.game, p.table, p.players, p.chars = g, table, 2, table.CharactersPerSeat()
	return p, nil
}

// refusedDuelFlag returns the first flag set in fs that a duel's ladder or tune does not
// take (allowed, the duel's rule options, --players 2 and --role all aside), or "":
// refused rather than ignored.
func refusedDuelFlag(fs *pflag.FlagSet, allowed []string) string {
	duelRules := map[string]bool{}
	for _, p := range cardgame.DuelRuleParams() {
		duelRules[p.Name] = true
	}
	refused := ""
	fs.Visit(func(f *pflag.Flag) {
		v := strings.TrimSpace(f.Value.String())
		own := f.Name == "players" && v == "2" || f.Name == "role" && strings.EqualFold(v, "all")
		if refused == "" && !slices.Contains(allowed, f.Name) && !duelRules[f.Name] && !own {
			refused = f.Name
		}
	})
	return refused
}
