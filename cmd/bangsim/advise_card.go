package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/tui"
)

// runAdviseCard is advise --game card: the position read (the file, then the flags
// given), ranked and printed.
func runAdviseCard(opts adviseOptions, stdout io.Writer) error {
	var pos cardgame.Position
	if opts.File != "" {
		if err := decodeYAML(opts.File, &pos); err != nil {
			return err
		}
	}
	for _, f := range []string{"dice", "rerolls", "pile", "arrows", "objective"} {
		if opts.fs.Changed(f) {
			return usagef("--%s: a dice-game flag; the card game's position has none", f)
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
		{"roles", opts.Roles, nil, &pos.Roles}, {"characters", opts.Chars, nil, &pos.Characters},
		{"hand", opts.Card.Hand, nil, &hand}, {"discard", opts.Card.Discard, nil, &discard}}); err != nil {
		return err
	}
	if hand != nil {
		pos.Hand = hand
	}
	if discard != nil {
		pos.Discard = discard
	}
	if opts.fs.Changed("in-play") {
		pos.InPlay = nil
		for _, seat := range strings.Split(opts.Card.InPlay, ";") {
			cs := []string{}
			if strings.TrimSpace(seat) != "" {
				cs = strings.Split(seat, ",")
			}
			pos.InPlay = append(pos.InPlay, cs)
		}
	}
	hints, err := pos.Advise(opts.Rollouts, opts.Seed)
	if err != nil {
		return usagef("%v", err)
	}
	if opts.JSON {
		out := cardAdviceJSON{Position: pos, Rollouts: opts.Rollouts, Choices: []choiceJSON{}}
		for _, h := range hints {
			out.Choices = append(out.Choices, choiceJSON{Choice: h.Value, Label: h.Label, Win: h.Win, Lo: h.Lo, Hi: h.Hi, SearchPick: h.SearchPick})
		}
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		return enc.Encode(out)
	}
	fmt.Fprintf(stdout, "P%d in phase 2 of its turn: the choices ranked by the search bot's estimate of your side's chance to win (%d playouts each, 95%% intervals):\n",
		pos.Seat, opts.Rollouts)
	for i, h := range hints {
		fmt.Fprintf(stdout, "%3d. %s\n", i+1, tui.FormatHint(h))
	}
	return writeNext(stdout, "bangsim play --game card", "a game against the bots, with this ranking on the hint key")
}

// cardAdviceJSON is advise --game card --json's object: Choice is the option's index
// in the engine's phase-2 decision.
type cardAdviceJSON struct {
	Position cardgame.Position `json:"position"`
	Rollouts int               `json:"rollouts"`
	Choices  []choiceJSON      `json:"choices"`
}
