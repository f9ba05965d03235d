package main

import (
	"fmt"
	"io"

	"github.com/bangsim/bangsim/lab/cardgame"
)

// runAdviseDuel is advise --game duel: the position read (the file, then the flags
// given), ranked and printed.
func runAdviseDuel(opts adviseOptions, stdout io.Writer) error {
	var pos cardgame.DuelPosition
	g, err := withCharactersFile(cardgame.DuelLabGame(), opts.CharactersFile)
	if err != nil {
		return err
	}
	if opts.File != "" {
		if err := decodeYAML(opts.File, &pos); err != nil {
			return err
		}
	}
	for _, f := range []string{"dice", "rerolls", "pile", "arrows", "objective", "roles"} {
		if opts.fs.Changed(f) {
			return usagef("--%s: not a flag of the long duel's position", f)
		}
	}
	if opts.fs.Changed("seat") || opts.File == "" {
		pos.Seat = opts.Pos.Seat
	}
	if opts.fs.Changed("bangs") {
		pos.Bangs = opts.Card.Bangs
	}
	var hand, discard []string
	if err := readLists([]flagList{{"life", opts.Life, &pos.Life, nil}, {"hand-sizes", opts.Card.HandSizes, &pos.HandSizes, nil},
		{"characters", opts.Chars, nil, &pos.Characters}, {"hand", opts.Card.Hand, nil, &hand}, {"discard", opts.Card.Discard, nil, &discard}}); err != nil {
		return err
	}
	if hand != nil {
		pos.Hand = hand
	}
	if discard != nil {
		pos.Discard = discard
	}
	for _, f := range []struct {
		name, text string
		dst        *[][]string
	}{{"in-play", opts.Card.InPlay, &pos.InPlay}, {"reinforcements", opts.Card.Reinforcements, &pos.Reinforcements}, {"lost", opts.Card.Lost, &pos.Lost}} {
		if opts.fs.Changed(f.name) {
			*f.dst = splitSeats(f.text)
		}
	}
	pos.Set = g.CharacterSet() // after the file: its names are read among the duel's characters
	hints, err := pos.Advise(opts.Rollouts, opts.Seed)
	if err != nil {
		return usagef("%v", err)
	}
	if opts.JSON {
		return writeJSONLine(stdout, duelAdviceJSON{Position: pos, Rollouts: opts.Rollouts, Choices: hintsJSON(hints)})
	}
	fmt.Fprintf(stdout, "P%d in phase 2 of its turn in the long duel: the choices ranked by the search bot's estimate of your chance to win (%d playouts each, 95%% intervals):\n",
		pos.Seat, opts.Rollouts)
	return printHints(stdout, hints, "duel")
}

// duelAdviceJSON is advise --game duel --json's object: Choice is the option's index
// in the engine's phase-2 decision.
type duelAdviceJSON struct {
	Position cardgame.DuelPosition `json:"position"`
	Rollouts int                   `json:"rollouts"`
	Choices  []choiceJSON          `json:"choices"`
}
