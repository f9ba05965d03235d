package main

import (
	"fmt"
	"github.com/bangsim/bangsim/lab"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// manOptions are the flags of `bangsim man`.
type manOptions struct {
	Dir string
}

// manCmd builds `bangsim man`, which writes a man page per command.
func (a *app) manCmd(root *cobra.Command) *cobra.Command {
	opts := manOptions{Dir: "man"}
	cmd := &cobra.Command{
		Use:   "man",
		Short: "Write man pages for every command into a directory",
		Example: `  bangsim man --dir /usr/local/share/man/man1
  man -l man/bangsim-run.1`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error {
			if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
				return usagef("cannot create --dir %q: %w", opts.Dir, err)
			}
			header := &doc.GenManHeader{Title: "BANGSIM", Section: "1", Source: "bangsim " + lab.Version, Manual: "bangsim manual"}
			if err := doc.GenManTree(root, header, opts.Dir); err != nil {
				return err
			}
			fmt.Fprintf(a.stderr, "man pages written to %s\n", opts.Dir)
			return nil
		}),
	}
	cmd.Flags().StringVar(&opts.Dir, "dir", opts.Dir, "directory for the man pages (created if missing)")
	return cmd
}
