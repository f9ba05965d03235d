package main

import (
	"encoding/json"
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
	Name        string `json:"name"`
	Description string `json:"description"`
	Default     bool   `json:"default"`
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

// runPolicies prints every registered bot with its description.
func runPolicies(opts listOptions, stdout io.Writer) error {
	var infos []policyInfo
	for _, e := range dicebots.Entries() {
		infos = append(infos, policyInfo{Name: e.Name, Description: e.Description, Default: e.Name == dicebots.DefaultPolicy})
	}
	if opts.JSON {
		return writeJSON(stdout, infos)
	}
	var rows [][]string
	for _, p := range infos {
		rows = append(rows, []string{p.Name, p.Description})
	}
	return report.WriteSummary(stdout, "", []string{"policy", "description"}, rows)
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
