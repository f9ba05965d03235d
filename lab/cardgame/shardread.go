package cardgame

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
)

// readShardFiles reads a two-player experiment's directory (a duel's or a league's:
// what, "duel" or "league") into its tally (tallyFile) and its run.json, and checks
// run.json's schema; errors wrap lab.ErrBadShard and name the directory or the file. The
// tally's own checks are the caller's.
func readShardFiles(dir, what, tallyFile string, tally, run any, schema func() string, wantSchema string) error {
	if st, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%w %s: it does not exist", lab.ErrBadShard, dir)
	} else if err == nil && !st.IsDir() {
		return fmt.Errorf("%w %s: it is a file, not a result directory", lab.ErrBadShard, dir)
	}
	for _, f := range []struct {
		name string
		v    any
	}{{tallyFile, tally}, {resultfile.RunFile, run}} {
		path := filepath.Join(dir, f.name)
		b, err := os.ReadFile(path)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("%w %s: it is not a %s result directory of this version (no %s: a %s directory written before %ss had a tally and a run.json has none; play it again)",
					lab.ErrBadShard, dir, what, f.name, what, what)
			}
			return fmt.Errorf("%w %s: %w", lab.ErrBadShard, dir, resultfile.ExplainPath(dir, err))
		}
		if err := json.Unmarshal(b, f.v); err != nil {
			return fmt.Errorf("%w %s: %s", lab.ErrBadShard, path, resultfile.JSONProblem(err))
		}
	}
	if got := schema(); got != wantSchema {
		return fmt.Errorf("%w %s: schema %q is not a %s run's (%s)", lab.ErrBadShard, filepath.Join(dir, resultfile.RunFile), got, what, wantSchema)
	}
	return nil
}
