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
	g, err := adviseGame("card", opts.CharactersFile)
	if err != nil {
		return err
	}
	if g != nil {
		pos.Set = g.CharacterSet()
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
		pos.InPlay = splitSeats(opts.Card.InPlay)
	}
	hints, err := pos.Advise(opts.Rollouts, opts.Seed)
	if err != nil {
		return usagef("%v", err)
	}
	if opts.JSON {
		return writeJSONLine(stdout, cardAdviceJSON{Position: pos, Rollouts: opts.Rollouts, Choices: hintsJSON(hints)})
	}
	fmt.Fprintf(stdout, "P%d in phase 2 of its turn: the choices ranked by the search bot's estimate of your side's chance to win (%d playouts each, 95%% intervals):\n",
		pos.Seat, opts.Rollouts)
	return printHints(stdout, hints, "card")
}

// splitSeats reads a list of lists: the seats (or slots) apart by ;, each's entries by
// a comma; an empty seat is an empty list.
func splitSeats(text string) [][]string {
	var out [][]string
	for _, seat := range strings.Split(text, ";") {
		cs := []string{}
		if strings.TrimSpace(seat) != "" {
			cs = strings.Split(seat, ",")
		}
		out = append(out, cs)
	}
	return out
}

// printHints prints a ranking, one choice a line, and the Next line.
func printHints(stdout io.Writer, hints []tui.Hint, game string) error {
	for i, h := range hints {
		fmt.Fprintf(stdout, "%3d. %s\n", i+1, tui.FormatHint(h))
	}
	return writeNext(stdout, "bangsim play --game "+game, "a game against the bots, with this ranking on the hint key")
}

// hintsJSON is the choices of a ranking for --json: Choice is the option's index in the
// engine's phase-2 decision.
func hintsJSON(hints []tui.Hint) []choiceJSON {
	out := []choiceJSON{}
	for _, h := range hints {
		out = append(out, choiceJSON{Choice: h.Value, Label: h.Label, Win: h.Win, Lo: h.Lo, Hi: h.Hi, SearchPick: h.SearchPick})
	}
	return out
}

// writeJSONLine writes v as one JSON object on one line, HTML characters kept as they are.
func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// cardAdviceJSON is advise --game card --json's object: Choice is the option's index
// in the engine's phase-2 decision.
type cardAdviceJSON struct {
	Position cardgame.Position `json:"position"`
	Rollouts int               `json:"rollouts"`
	Choices  []choiceJSON      `json:"choices"`
}
