package league

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
)

// tableFiles holds the score tables shipped with bangsim, one file each.
//
//go:embed tables/*.tsv
var tableFiles embed.FS

// The shipped tables' names: the L1 example a season uses unless told otherwise, and the
// L1a reference (points, for tests and comparison).
const (
	DefaultTableName = "davinci-example"
	CzechTableName   = "czech-points"
)

// BuiltinTables lists the names of the shipped score tables, sorted.
func BuiltinTables() []string {
	entries, _ := fs.ReadDir(tableFiles, "tables")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".tsv"))
	}
	sort.Strings(names)
	return names
}

// SeasonTables lists the shipped score tables a season can be played with (those that
// pay dollars, as Config's check asks), sorted: what `bangsim league --table` offers.
func SeasonTables() []string {
	var names []string
	for _, n := range BuiltinTables() {
		if t, err := Builtin(n); err == nil && t.PaysDollars() {
			names = append(names, n)
		}
	}
	return names
}

// PaysDollars reports whether t's amounts are dollars, which a season's auctions spend;
// a table in points (the L1a reference) is for reference and tests only.
func (t *ScoreTable) PaysDollars() bool { return t.Unit == "$" }

// Builtin returns a shipped score table by name.
func Builtin(name string) (*ScoreTable, error) {
	b, err := tableFiles.ReadFile(path.Join("tables", name+".tsv"))
	if err != nil {
		return nil, fmt.Errorf("%w: no shipped table %q (shipped: %s)", ErrScoreTable, name, strings.Join(BuiltinTables(), ", "))
	}
	return Parse(name+".tsv", bytes.NewReader(b))
}

// LoadTable returns the shipped table of that name, or else reads the file at that path.
func LoadTable(nameOrPath string) (*ScoreTable, error) {
	if _, err := fs.Stat(tableFiles, path.Join("tables", nameOrPath+".tsv")); err == nil {
		return Builtin(nameOrPath)
	}
	st, err := os.Stat(nameOrPath)
	if err == nil && st.IsDir() {
		return nil, fmt.Errorf("%w: %s is a directory, not a score table file", ErrScoreTable, nameOrPath)
	}
	f, err := os.Open(nameOrPath)
	if err != nil {
		why := "there is no such file"
		var pe *fs.PathError
		if !errors.Is(err, fs.ErrNotExist) && errors.As(err, &pe) {
			why = "the file cannot be read: " + pe.Err.Error() // the system's words alone, without "open PATH:"
		}
		return nil, fmt.Errorf("%w: %q is neither a shipped table (%s) nor a file (%s)",
			ErrScoreTable, nameOrPath, strings.Join(BuiltinTables(), ", "), why)
	}
	defer f.Close()
	return Parse(nameOrPath, f)
}
