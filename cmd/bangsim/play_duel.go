package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
)

// duelPlayFlags are the flags a long duel at the terminal takes besides --seed,
// --index, --seat, --out, --policy (the bot's play bot) and --draft-policy.
var duelPlayFlags = map[string]bool{"game": true, "seed": true, "index": true, "seat": true, "out": true, "policy": true, "draft-policy": true,
	"characters-file": true}

// duelPlaySpec checks play --game duel's flags and returns the duel's spec and the
// person's seat: --policy is the bot's play bot (default heuristic), --draft-policy
// the draft bots, one for both seats or YOURS,THEIRS (default value-first), the seat
// drawn from the duel's seed unless --seat gives it.
func duelPlaySpec(opts playOptions, fs setFlags) (cardgame.DuelSpec, int, error) {
	var bad string
	fs.Visit(func(name string) {
		if !duelPlayFlags[name] && bad == "" {
			bad = name
		}
	})
	if bad != "" {
		return cardgame.DuelSpec{}, 0, usagef("--%s: a long duel at the terminal takes --seed, --index, --seat (0 or 1), --policy, --draft-policy, --characters-file and --out", bad)
	}
	bot := "heuristic"
	if fs.Changed("policy") {
		bot = opts.Policy
	}
	seat := opts.Seat
	if seat < 0 {
		seat = cardgame.DuelPersonSeat(opts.Seed, opts.Index)
	}
	if seat > 1 {
		return cardgame.DuelSpec{}, 0, usagef("--seat %d: a long duel has seats 0 and 1", seat)
	}
	drafts := cardgame.SplitPair(opts.Drafts)
	spec := cardgame.DuelSpec{Seed: opts.Seed}
	if opts.CharactersFile != "" { // the draft's box with the file's characters (NewDuel gives them to the rules)
		g, err := withCharactersFile(cardgame.DuelLabGame(), opts.CharactersFile)
		if err != nil {
			return spec, 0, err
		}
		spec.Game = g
	}
	spec.Bots[seat^1] = bot
	spec.Drafts[seat], spec.Drafts[seat^1] = drafts[0], drafts[1]
	check := spec
	check.Bots[seat] = bot
	if _, err := check.NewDuel(); err != nil {
		return spec, 0, usagef("--policy or --draft-policy: %v", err)
	}
	return spec, seat, nil
}

// runPlayDuel is play --game duel: the person's duel on the terminal, its file written.
func runPlayDuel(ctx context.Context, opts playOptions, spec cardgame.DuelSpec, seat int, in, out *os.File, stderr io.Writer) error {
	f, path, err := createPlayFile(opts.Out, fmt.Sprintf("duel-seed-%d-duel-%d.jsonl", opts.Seed, opts.Index))
	if err != nil {
		return err
	}
	g, err := spec.SitDuel(opts.Index, seat, f)
	if err != nil {
		f.Close()
		os.Remove(path)
		return usagef("%v", err)
	}
	return playOn(ctx, g, f, path, playAgain(opts), in, out, stderr)
}

// replayDuelFile is replay --file of a duel a person played: the duel played again with
// the recorded choices at the person's seat, checked to end as the file says, printed
// as text or (--json) as the JSON Lines of replay --game duel --json --decisions.
func replayDuelFile(path string, pf *lab.PlayFile, asJSON bool, stdout io.Writer) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return usagef("--file: %v", err)
	}
	head, _, _ := bytes.Cut(b, []byte("\n"))
	var js strings.Builder
	if err := cardgame.ReplayPlayedDuel(&js, head, pf.Choices, cardgame.DuelReplay{JSON: true, Decisions: true}); err != nil {
		return fmt.Errorf("--file %s: %w", path, err)
	}
	again, err := lab.ReadPlayFile(strings.NewReader(js.String()))
	if err != nil {
		return err
	}
	if err := pf.SameEnd(again.End); err != nil {
		return fmt.Errorf("--file %s: %w", path, err)
	}
	if asJSON {
		_, err = io.WriteString(stdout, js.String())
		return err
	}
	return cardgame.ReplayPlayedDuel(stdout, head, pf.Choices, cardgame.DuelReplay{})
}
