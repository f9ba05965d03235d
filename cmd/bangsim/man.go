package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
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
		Long: `Man writes a man page per command (bangsim.1, bangsim-run.1...) into --out, as one
set: a new or empty directory, or one holding only bangsim's man pages, which the new
set replaces. A directory holding other files is refused: copy the pages into a
system man directory yourself.`,
		Example: `  bangsim man --out man && man -l man/bangsim-run.1
  bangsim man --out man && sudo cp man/*.1 /usr/local/share/man/man1/`,
		Args: cobra.NoArgs,
		RunE: a.runE(func(*cobra.Command, []string) error {
			lock, err := checkWritable(opts.Dir, resultfile.KindMan)
			if err != nil {
				return err
			}
			defer lock.Unlock()
			header := &doc.GenManHeader{Title: "BANGSIM", Section: "1", Source: "bangsim " + lab.Version, Manual: "bangsim manual"}
			pages, err := manPages(root, header)
			if err != nil {
				return err
			}
			// All pages or none: a full disk leaves no half page behind.
			if err := resultfile.WriteSet(opts.Dir, pages); err != nil {
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
	fs.StringVar(&opts.Dir, "out", opts.Dir, "directory for the man pages: new, or one holding only bangsim's man pages")
	fs.BoolVarP(&opts.Quiet, "quiet", "q", false, "no summary")
	// --out, as every command that writes files names its directory; --dir before.
	hiddenAliases(fs, map[string]string{"dir": "out"})
	return cmd
}

// manPages renders the page of cmd and of each of its available commands, named as
// doc.GenManTree names them (the command path joined by "-", then ".1"), into memory.
func manPages(cmd *cobra.Command, header *doc.GenManHeader) ([]resultfile.File, error) {
	var pages []resultfile.File
	for _, c := range cmd.Commands() {
		if !c.IsAvailableCommand() || c.IsAdditionalHelpTopicCommand() {
			continue
		}
		sub, err := manPages(c, header)
		if err != nil {
			return nil, err
		}
		pages = append(pages, sub...)
	}
	h := *header // GenMan fills in the date
	var b bytes.Buffer
	if err := doc.GenMan(cmd, &h, &b); err != nil {
		return nil, err
	}
	data := b.Bytes()
	name := strings.ReplaceAll(cmd.CommandPath(), " ", "-") + "." + header.Section
	return append(pages, resultfile.File{Name: name, Write: func(w io.Writer) error { _, err := w.Write(data); return err }}), nil
}
