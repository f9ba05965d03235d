package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/report"
)

// listOptions are the flags of the listing commands.
type listOptions struct {
	JSON           bool
	Game           string
	CharactersFile string // characters: --characters-file
	Primitives     bool   // characters: --primitives
}

// game returns the game --game names, with the characters of --characters-file.
func (o *listOptions) game() (*lab.Game, error) {
	g, err := lab.LookupGame(o.Game)
	if err != nil {
		return nil, asUsage(err)
	}
	return withCharactersFile(g, o.CharactersFile)
}

// charactersCmd builds `bangsim characters`.
func (a *app) charactersCmd() *cobra.Command {
	var opts listOptions
	cmd := &cobra.Command{
		Use:   "characters",
		Short: "List the characters, their life and abilities",
		Long: `Characters lists the 16 characters of the box and Plain, the no-ability baseline,
then those --characters-file adds, each with its ability as the engine's primitives
(what a character file may copy). Wherever a character is named (--characters), the
printed name or the slug is accepted, in any case: "Willy the Kid", willy-the-kid and
"WILLY THE KID" are the same. --primitives lists the game's ability primitives instead:
what a character file composes, with each parameter's range and default.`,
		Example: `  bangsim characters
  bangsim characters --json | jq -r '.[].slug'
  bangsim characters --primitives --game card
  bangsim characters --characters-file examples/characters.yaml`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error { return runCharacters(opts, a.stdout) }),
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print a JSON array")
	cmd.Flags().StringVar(&opts.Game, "game", defaultGame().Name, "whose characters: "+strings.Join(lab.Names(), ", "))
	cmd.Flags().BoolVar(&opts.Primitives, "primitives", false, "list the game's ability primitives, what a character file composes")
	bindCharactersFile(cmd.Flags(), &opts.CharactersFile)
	return cmd
}

// characterListing is one character as `bangsim characters` lists it: its ability as
// the game's primitives too.
type characterListing struct {
	lab.CharacterInfo
	Powers string `json:"powers"`
	Added  bool   `json:"added,omitempty"` // from --characters-file
}

// runCharacters prints every character with a one-line description.
func runCharacters(opts listOptions, stdout io.Writer) error {
	g, err := opts.game()
	if err != nil {
		return err
	}
	if opts.Primitives {
		return runPrimitives(g, opts.JSON, stdout)
	}
	infos := make([]characterListing, len(g.Characters))
	for i, c := range g.Characters {
		infos[i].CharacterInfo = c
		infos[i].Powers, infos[i].Added = g.PowersText(i)
	}
	if opts.JSON {
		return writeJSON(stdout, infos)
	}
	var rows [][]string
	for _, c := range infos {
		rows = append(rows, []string{c.Name, c.Slug, itoa(c.Life), c.Ability, c.Powers})
	}
	if err := report.WriteSummary(stdout, "", []string{"character", "slug", "life", "ability", "powers"}, rows); err != nil || len(g.Abilities) == 0 {
		return err
	}
	rows = rows[:0]
	source := "the card's value is the default"
	for _, p := range g.Abilities {
		if p.Added {
			source = "the card's value, or the file's for an added character, is the default"
		}
		rows = append(rows, []string{p.Key(), p.Text(p.Default), itoa(p.Min) + "-" + itoa(p.Max), p.Doc})
	}
	fmt.Fprintf(stdout, "\nAbility parameters, set per run with --ability CHARACTER.PARAM=VALUE (%s):\n", source)
	return report.WriteSummary(stdout, "", []string{"parameter", "card", "range", "what it does"}, rows)
}

// primitiveListing is one ability primitive as `bangsim characters --primitives` lists
// it.
type primitiveListing struct {
	Name   string         `json:"name"`
	Doc    string         `json:"doc"`
	Params []paramListing `json:"params"`
}

// paramListing is one parameter of a primitive.
type paramListing struct {
	Name    string   `json:"name"`
	Min     int      `json:"min"`
	Max     int      `json:"max"`
	Default int      `json:"default"`
	Choices []string `json:"choices,omitempty"`
	Doc     string   `json:"doc"`
}

// runPrimitives lists g's ability primitives, each parameter with its range, default
// and choices.
func runPrimitives(g *lab.Game, asJSON bool, stdout io.Writer) error {
	if len(g.Primitives) == 0 {
		return usagef("the %s game has no ability primitives: it plays no added characters", g.Name)
	}
	out := make([]primitiveListing, len(g.Primitives))
	for i, pr := range g.Primitives {
		out[i] = primitiveListing{Name: pr.Name, Doc: pr.Doc, Params: []paramListing{}}
		for _, p := range pr.Params {
			out[i].Params = append(out[i].Params, paramListing{Name: p.Name, Min: p.Min, Max: p.Max, Default: p.Default, Choices: p.Choices, Doc: p.Doc})
		}
	}
	if asJSON {
		return writeJSON(stdout, out)
	}
	var rows [][]string
	for _, pr := range out {
		rows = append(rows, []string{pr.Name, "", "", pr.Doc})
		for _, p := range pr.Params {
			rng, def := itoa(p.Min)+"-"+itoa(p.Max), itoa(p.Default)
			if p.Choices != nil {
				rng, def = strings.Join(p.Choices, "|"), p.Choices[p.Default]
			}
			rows = append(rows, []string{"  " + p.Name, rng, def, p.Doc})
		}
	}
	fmt.Fprintf(stdout, "The %s game's ability primitives, what a character file's powers compose (--characters-file):\n", g.Name)
	return report.WriteSummary(stdout, "", []string{"primitive / parameter", "range", "default", "what it does"}, rows)
}

// policiesCmd builds `bangsim policies`.
func (a *app) policiesCmd() *cobra.Command {
	var opts listOptions
	cmd := &cobra.Command{
		Use:   "policies",
		Short: "List the bots that can play a seat",
		Long:  `Policies lists the registered bots, for --policy and --policy-for ROLE=NAME.`,
		Example: `  bangsim policies
  bangsim policies --json | jq -r '.[] | select(.default) | .name'
  bangsim run --policy-for outlaw=random`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error { return runPolicies(opts, a.stdout) }),
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print a JSON array")
	cmd.Flags().StringVar(&opts.Game, "game", defaultGame().Name, "whose bots: "+strings.Join(lab.Names(), ", "))
	return cmd
}

// runPolicies prints every registered bot with its description and parameters.
func runPolicies(opts listOptions, stdout io.Writer) error {
	g, err := opts.game()
	if err != nil {
		return err
	}
	infos := g.Policies()
	if opts.JSON {
		return writeJSON(stdout, infos)
	}
	var rows [][]string
	for _, p := range infos {
		desc := p.Description
		switch {
		case p.Default:
			desc += " [default]"
		case p.Variant != "":
			desc += " [tunes " + p.Variant + "]"
		case p.Slow:
			desc += " [slow]"
		}
		rows = append(rows, []string{p.Name, desc})
	}
	if err := report.WriteSummary(stdout, "", []string{"policy", "description"}, rows); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\nParameters, set in a spec such as --policy 'heuristic(beer_below=4)' (habits take their base policy's):")
	for _, p := range infos {
		if len(p.Params) == 0 || p.Variant != "" {
			continue
		}
		fmt.Fprintf(stdout, "\n%s\n", p.Name)
		var prow [][]string
		for _, q := range p.Params {
			prow = append(prow, []string{"  " + q.Name, q.Default, q.Range, q.Description})
		}
		if err := report.WriteSummary(stdout, "", []string{"  parameter", "default", "range", "meaning"}, prow); err != nil {
			return err
		}
	}
	return nil
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
