package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/bangsim/bangsim/resultfile"
)

// Exit statuses of bangsim.
const (
	exitOK      = 0 // success
	exitFailure = 1 // the command ran and failed (or was interrupted)
	exitUsage   = 2 // bad usage: flags, arguments or input that can never work
)

// usageError marks an error as the user's request being wrong rather than the run
// failing; it maps to exit status 2.
type usageError struct{ err error }

// Error returns the wrapped message.
func (e *usageError) Error() string { return e.err.Error() }

// Unwrap exposes the wrapped error to errors.Is and errors.As.
func (e *usageError) Unwrap() error { return e.err }

// usagef returns a usage error; %w in format wraps an underlying error.
func usagef(format string, args ...any) error {
	return &usageError{fmt.Errorf(format, args...)}
}

// asUsage marks err as a usage error (nil stays nil).
func asUsage(err error) error {
	if err == nil {
		return nil
	}
	var u *usageError
	if errors.As(err, &u) {
		return err
	}
	return &usageError{err}
}

// writeError says why files could not be written into out, the directory --out (or
// --dir) names: a path that can never be a directory for bangsim (a part of it is a
// file, or it may not be written) is a usage error, as checkWritable says before a
// run; a full disk or another failure of the machine stays a failure (exit 1).
func writeError(flag, out string, err error) error {
	if err == nil {
		return nil
	}
	var plain *resultfile.PathError
	if !errors.As(err, &plain) { // resultfile's writers already name the file and the reason
		err = fmt.Errorf("cannot write into %s %q: %w", flag, out, resultfile.ExplainPath(out, err))
	}
	for _, errno := range []syscall.Errno{syscall.ENOTDIR, syscall.EACCES, syscall.EPERM, syscall.EROFS} {
		if errors.Is(err, errno) {
			return asUsage(err)
		}
	}
	return err
}

// errInterrupted is returned when a signal stopped a run before all its games were
// played; the results of the finished games have been written by then.
var errInterrupted = errors.New("interrupted")

// exitCode is the one place where errors become exit statuses.
func exitCode(err error) int {
	var u *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &u):
		return exitUsage
	default:
		return exitFailure
	}
}

// printError writes the one-line error message and, for usage errors, a hint naming
// the help of the command that was run.
func printError(w io.Writer, err error, cmdPath string) {
	// The last guard of plain words: a Go path error wrapped anywhere below ("mkdir x:
	// not a directory") is said as a sentence, and the message stays on one line.
	msg := resultfile.PlainPathErrors(err.Error(), err)
	msg = strings.Join(strings.Fields(strings.ReplaceAll(msg, "\n", "; ")), " ")
	fmt.Fprintf(w, "bangsim: error: %s\n", msg)
	if exitCode(err) == exitUsage {
		fmt.Fprintf(w, "run '%s --help' for usage\n", cmdPath)
	}
}

// flagError rewrites pflag's errors for a value that does not parse, which quote Go's
// parser ("strconv.ParseUint: parsing \"abc\": invalid syntax"), into what the flag
// wants: "--games \"abc\": want a whole number of 1 or more".
func flagError(err error) error {
	var iv *pflag.InvalidValueError
	if !errors.As(err, &iv) {
		return asUsage(err)
	}
	f := iv.GetFlag()
	want := map[string]string{
		"int":           "a whole number",
		"uint64":        "a whole number of 0 or more",
		"float64":       "a number",
		"bool":          "true or false",
		"duration":      "a duration such as 5s or 1m30s",
		"string":        "a text",
		"stringArray":   "a text",
		"uint":          "a whole number of 0 or more",
		"int64":         "a whole number",
		"count":         "a count",
		"stringSlice":   "a comma-separated list",
		"uint8":         "a whole number from 0 to 255",
		"uint16":        "a whole number from 0 to 65535",
		"uint32":        "a whole number of 0 or more",
		"intSlice":      "a comma-separated list of whole numbers",
		"float32":       "a number",
		"durationSlice": "a comma-separated list of durations",
	}[f.Value.Type()]
	if want == "" {
		want = "a " + f.Value.Type()
	}
	if atLeastOne[f.Name] && f.Value.Type() == "uint64" { // 0 is refused later: say so now
		want = "a whole number of 1 or more"
	}
	if errors.Is(err, strconv.ErrRange) {
		if largest := largestOf[f.Value.Type()]; largest != "" {
			return usagef("invalid argument %q for --%s: too large; want %s, at most %s", iv.GetValue(), f.Name, want, largest)
		}
		return usagef("invalid argument %q for --%s: too large; want %s", iv.GetValue(), f.Name, want)
	}
	return usagef("invalid argument %q for --%s: want %s", iv.GetValue(), f.Name, want)
}

// largestOf is the largest value of each whole-number flag type, for "too large".
var largestOf = map[string]string{
	"int": strconv.Itoa(math.MaxInt), "int64": strconv.FormatInt(math.MaxInt64, 10),
	"uint": strconv.FormatUint(math.MaxUint, 10), "uint64": strconv.FormatUint(math.MaxUint64, 10),
	"uint32": strconv.FormatUint(math.MaxUint32, 10), "uint16": "65535", "uint8": "255",
}

// atLeastOne names the unsigned flags whose 0 is refused too (a run of no games), so
// that a value that does not parse is told the same range ("--games -5").
var atLeastOne = map[string]bool{"games": true}
