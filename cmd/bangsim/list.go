package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// listOptions are the flags of the listing commands.
type listOptions struct {
	JSON bool
}

// characterInfo is one character as `bangsim characters --json` prints it.
type characterInfo struct {
	Name    string `json:"name"`
	Slug    string `json:"slug"`
	Life    int    `json:"life"`
	Ability string `json:"ability"`
}

// policyInfo is one bot as `bangsim policies --json` prints it.
type policyInfo struct {
	Name        string      `json:"name"`
	Description string      `json:"description"`
	Default     bool        `json:"default"`
	Variant     string      `json:"variant,omitempty"` // the policy whose code this one tunes
	Slow        bool        `json:"slow,omitempty"`    // thinks for milliseconds per decision
	Params      []paramInfo `json:"params,omitempty"`
}

// paramInfo is one parameter a policy spec may set.
type paramInfo struct {
	Name        string `json:"name"`
	Default     string `json:"default"`
	Range       string `json:"range"`
	Description string `json:"description"`
}

// charactersCmd builds `bangsim characters`.
func (a *app) charactersCmd() *cobra.Command {
	var opts listOptions
	cmd := &cobra.Command{
		Use:   "characters",
		Short: "List the characters, their life and abilities",
		Long: `Characters lists the 16 characters of the box and Plain, the no-ability baseline.
Wherever a character is named (--characters), the printed name or the slug is accepted,
in any case: "Willy the Kid", willy-the-kid and "WILLY THE KID" are the same.`,
		Example: `  bangsim characters
  bangsim characters --json | jq -r '.[].slug'`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error { return runCharacters(opts, a.stdout) }),
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print a JSON array")
	return cmd
}

// runCharacters prints every character with a one-line description.
func runCharacters(opts listOptions, stdout io.Writer) error {
	var infos []characterInfo
	for c := dice.Character(0); c < dice.NumCharacters; c++ {
		infos = append(infos, characterInfo{Name: c.String(), Slug: c.Slug(), Life: c.Life(), Ability: c.Ability()})
	}
	if opts.JSON {
		return writeJSON(stdout, infos)
	}
	var rows [][]string
	for _, c := range infos {
		rows = append(rows, []string{c.Name, c.Slug, itoa(c.Life), c.Ability})
	}
	return report.WriteSummary(stdout, "", []string{"character", "slug", "life", "ability"}, rows)
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
	return cmd
}

// runPolicies prints every registered bot with its description and parameters.
func runPolicies(opts listOptions, stdout io.Writer) error {
	var infos []policyInfo
	for _, e := range dicebots.AllEntries() {
		info := policyInfo{Name: e.Name, Description: e.Description, Default: e.Name == dicebots.DefaultPolicy,
			Variant: e.Variant, Slow: e.Slow}
		for _, p := range e.Params {
			info.Params = append(info.Params, paramInfo{p.Name, p.Default, p.Range(), p.Description})
		}
		infos = append(infos, info)
	}
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
