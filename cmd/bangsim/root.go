package main

import (
	"context"
	"io"
	"strings"

	"github.com/spf13/cobra"
)

// app carries what every command needs: the context, the command line and the output
// streams, so commands never touch os.Stdout or os.Args directly and tests can drive them.
type app struct {
	ctx    context.Context
	argv   []string // the full command line, program name first, for run.json
	stdout io.Writer
	stderr io.Writer
	ran    bool // set once a command's own RunE starts: errors before it are cobra's parse errors
}

// execute runs bangsim with argv (program name first) and returns the exit status.
func execute(ctx context.Context, argv []string, stdout, stderr io.Writer) int {
	a := &app{ctx: ctx, argv: argv, stdout: stdout, stderr: stderr}
	root := a.rootCmd()
	root.SetArgs(argv[1:])
	cmd, err := root.ExecuteC()
	if err != nil && !a.ran {
		// Unknown commands, flags and wrong argument counts are found by cobra before
		// any command runs: they are all usage errors.
		err = asUsage(err)
	}
	if err != nil {
		path := root.CommandPath()
		if cmd != nil {
			path = cmd.CommandPath()
		}
		printError(stderr, err, path)
	}
	return exitCode(err)
}

// rootCmd builds the command tree.
func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "bangsim",
		Short: "Play BANG! games millions of times and measure who wins",
		Long: `bangsim is a command-line lab for BANG! The Dice Game (--game dice, the default)
and the BANG! card game (--game card). It plays millions of games between bots, in
parallel and reproducibly (game I of a run depends only on the seed and I), and writes
win rates by role, character and seat with confidence intervals.`,
		Example: `  bangsim run                              # 1,000,000 five-player dice games into results/
  bangsim run --players 3-8 --games 100000 # every table size
  bangsim run --game card --out card       # the card game
  bangsim replay --seed 1 --index 42       # game 42 of that run, turn by turn
  bangsim characters                       # the characters and their abilities`,
		Version:       versionString(),
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return flagError(err) })
	root.AddCommand(
		a.runCmd(),
		a.replayCmd(),
		a.playCmd(),
		a.adviseCmd(),
		a.charactersCmd(),
		a.policiesCmd(),
		a.mergeCmd(),
		a.oddsCmd(),
		a.compareCmd(),
		a.ladderCmd(),
		a.plotCmd(),
		a.reportCmd(),
		a.balanceCmd(),
		a.leagueCmd(),
		a.duelCmd(),
		a.sweepCmd(),
		a.tuneCmd(),
		a.manCmd(root),
	)
	root.InitDefaultCompletionCmd()
	root.InitDefaultHelpCmd()
	for _, c := range root.Commands() {
		if c.Name() == "help" {
			// cobra prints "Unknown help topic" with the usage and exits 0: refuse it.
			c.Run = nil
			c.RunE = func(c *cobra.Command, args []string) error {
				cmd, _, err := c.Root().Find(args)
				if cmd == nil || err != nil {
					return usagef("unknown command %q for help: 'bangsim --help' lists the commands", strings.Join(args, " "))
				}
				cmd.InitDefaultHelpFlag()
				cmd.InitDefaultVersionFlag()
				return cmd.Help()
			}
		}
		if c.Name() == "completion" {
			// cobra prints nothing and exits 0 for an unknown shell: refuse it instead.
			c.Args = func(_ *cobra.Command, args []string) error {
				if len(args) != 1 {
					return usagef("completion needs one shell: bash, zsh, fish or powershell")
				}
				return nil
			}
			for _, sub := range c.Commands() {
				sub.Args = cobra.NoArgs
			}
			c.RunE = func(_ *cobra.Command, args []string) error {
				return usagef("unknown shell %q for completion: want bash, zsh, fish or powershell", args[0])
			}
			c.Example = `  source <(bangsim completion bash)
  bangsim completion zsh > "${fpath[1]}/_bangsim"
  bangsim completion fish > ~/.config/fish/completions/bangsim.fish`
		}
	}
	return root
}

// runE wraps a command body so execute can tell its errors from cobra's parse errors.
func (a *app) runE(body func(cmd *cobra.Command, args []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		a.ran = true
		return body(cmd, args)
	}
}
