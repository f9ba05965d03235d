package sweep_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/lab/sweep"
	"github.com/bangsim/bangsim/resultfile"
)

// The command line registers the games; the tests do what it does.
func init() {
	lab.Register(dicegame.Game)
	lab.Register(cardgame.Game)
}

// diceSweep is a small dice sweep: 2 x 2 x 2 cells less one excluded, one player
// count in each.
const diceSweep = `game: dice
games: 90
seed: 7
policy: heuristic
rules:
  arrows: 9
axes:
  players: [4, 5]
  policy-for.outlaw: [heuristic, random]
  sheriff-bonus: [2, 3]
exclude:
  - {players: 4, sheriff-bonus: 3, policy-for.outlaw: random}
`

// cardSweep is a small card sweep with random bots: two player counts in every cell, a
// character's life and a rule option as axes.
const cardSweep = `game: card
games: 50
players: 4-5
policy: random
axes:
  life.el-gringo: [0, 2]
  high-noon: [0, 3]
`

// parse parses a sweep file's text, failing the test on an error.
func parse(t testing.TB, text string) *sweep.Plan {
	t.Helper()
	p, err := sweep.Parse("test.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// runSweep plays p into out as shard, failing the test on an error.
func runSweep(t testing.TB, p *sweep.Plan, out string, shard resultfile.Shard, formats ...string) *sweep.Result {
	t.Helper()
	res, err := sweep.Run(context.Background(), p, sweep.Options{Out: out, Shard: shard, Workers: 2, Formats: formats})
	if err != nil {
		t.Fatal(err)
	}
	if res.Interrupted || !res.Manifest.Complete {
		t.Fatalf("sweep into %s did not complete: %+v", out, res)
	}
	return res
}

// read returns a file's bytes, failing the test if it cannot be read.
func read(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// sameFile fails the test unless two files hold the same bytes.
func sameFile(t testing.TB, a, b string) {
	t.Helper()
	x, y := read(t, a), read(t, b)
	if !bytes.Equal(x, y) {
		t.Fatalf("%s and %s differ:\n%s\n---\n%s", a, b, x, y)
	}
}

// manifest reads dir/sweep.json.
func manifest(t testing.TB, dir string) resultfile.Sweep {
	t.Helper()
	var m resultfile.Sweep
	if err := json.Unmarshal(read(t, filepath.Join(dir, resultfile.SweepFile)), &m); err != nil {
		t.Fatal(err)
	}
	return m
}
