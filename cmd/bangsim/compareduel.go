package main

import (
	"context"
	"io"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/resultfile"
)

// isDuelCompare reports whether compare's --game names the long duel.
func (o *compareOptions) isDuelCompare() bool {
	return strings.EqualFold(strings.TrimSpace(o.Game), resultfile.DuelGame)
}

// duelCompareFlags are compare's flags a paired comparison of duel bots takes: the
// rest (players, characters, --config, --alpha, the rule options that do not apply to
// a duel) are refused rather than ignored.
var duelCompareFlags = []string{"game", "policies", "games", "seed", "characters-file", "workers", "out", "quiet", "json", "progress-every", "shard", "shards"}

// runCompareDuel is `bangsim compare --game duel --policies A,B`: the paired comparison
// of two long-duel play bots, the same run as `bangsim duel --paired --policy A,B`
// (every duel index played twice from its seed, the seats' bots swapped the second
// time; both seats draft with the duel's default draft bot, random), with compare's
// flags: --games is the duel indices, --out defaults to compare's directory, and the
// Next: line points to the report.
func runCompareDuel(ctx context.Context, o compareOptions, stdout, stderr io.Writer) error {
	duelRules := map[string]bool{}
	for _, p := range cardgame.DuelRuleParams() {
		duelRules[p.Name] = true
	}
	var refused []string
	o.cmdFlags.Visit(func(f *pflag.Flag) {
		if !slices.Contains(duelCompareFlags, f.Name) && !duelRules[f.Name] {
			refused = append(refused, f.Name)
		}
	})
	if len(refused) > 0 {
		return usagef("--%s: compare --game duel compares two long-duel play bots (--policies A,B) over --games duel seeds, each played with the seats swapped; it takes --games, --seed, --characters-file, the duel's rule options (bangsim duel --help) and the output flags", refused[0])
	}
	if strings.TrimSpace(o.Policies) == "" {
		return usagef("compare --game duel needs --policies A,B: the two long-duel play bots (%s)", strings.Join(cardgame.DuelPlayBots(), ", "))
	}
	specs, err := splitPolicies(o.Policies)
	if err != nil {
		return err
	}
	if len(specs) != 2 {
		return usagef("--policies %q names %d bots; a long duel has two seats, so compare --game duel compares two (A,B)", o.Policies, len(specs))
	}
	if o.Games < 1 || o.Games > 1_000_000_000 {
		return usagef("--games %d: want 1 to 1,000,000,000 duel seeds", o.Games)
	}
	vals, err := duelRuleValues(o.cmdFlags)
	if err != nil {
		return err
	}
	d := duelOptions{Duels: int(o.Games), Seed: o.Seed, Bots: specs[0] + "," + specs[1], Drafts: "random", Replay: -1, Paired: true,
		ruleValues: vals, CharactersFile: o.CharactersFile, Argv: o.Argv, shardOptions: o.shardOptions, batchOptions: o.batchOptions, fromCompare: true}
	return runDuel(ctx, d, stdout, stderr)
}
