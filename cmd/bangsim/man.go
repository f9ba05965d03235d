package main

import (
	"fmt"
	"github.com/bangsim/bangsim/lab"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
)

// manOptions are the flags of `bangsim man`.
type manOptions struct {
	Dir   string // --out
	Quiet bool
}

// manCmd builds `bangsim man`, which writes a man page per command.
func (a *app) manCmd(root *cobra.Command) *cobra.Command {
	opts := manOptions{Dir: "man"}
	cmd := &cobra.Command{
		Use:   "man",
		Short: "Write man pages for every command into a directory",
		Example: `  bangsim man --out /usr/local/share/man/man1
  man -l man/bangsim-run.1`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error {
			if err := os.MkdirAll(opts.Dir, 0o755); err != nil {
				return usagef("cannot create --out %q: %w", opts.Dir, err)
			}
			header := &doc.GenManHeader{Title: "BANGSIM", Section: "1", Source: "bangsim " + lab.Version, Manual: "bangsim manual"}
			if err := doc.GenManTree(root, header, opts.Dir); err != nil {
				return err
			}
			if opts.Quiet {
				return nil
			}
			fmt.Fprintf(a.stdout, "man pages written to %s\n", opts.Dir)
			return writeNext(a.stdout, "man -l "+shellQuote(filepath.Join(opts.Dir, "bangsim.1")), "the manual of bangsim and its commands")
		}),
	}
	fs := cmd.Flags()
	fs.SortFlags = false // --out and -q, as in run
	fs.StringVar(&opts.Dir, "out", opts.Dir, "directory for the man pages (created if missing)")
	fs.BoolVarP(&opts.Quiet, "quiet", "q", false, "no summary")
	// --out, as every command that writes files names its directory; --dir before.
	hiddenAliases(fs, map[string]string{"dir": "out"})
	return cmd
}
