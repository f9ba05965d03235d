package main

import (
	"fmt"
	"io"
	"regexp"
	"strings"
)

// writeNext prints the last line of a command's summary: the command to run next and
// what it gives, "Next: bangsim report results (an HTML report and its charts)". Every
// command that plays or merges ends with one (not with --json or -q), so that a new
// user always sees where to go from a result.
func writeNext(w io.Writer, command, what string) error {
	_, err := fmt.Fprintf(w, "Next: %s (%s)\n", command, what)
	return err
}

// safeWord matches what a shell takes as one word without quotes.
var safeWord = regexp.MustCompile(`^[A-Za-z0-9_@%+=:,./-]+$`)

// shellQuote quotes s for a POSIX shell when it needs it, so that a Next: line can be
// pasted as it stands: results stays results, "my runs" becomes 'my runs'.
func shellQuote(s string) string {
	if safeWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
