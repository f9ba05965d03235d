package sweep_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/bangsim/bangsim/lab/sweep"
	"github.com/bangsim/bangsim/resultfile"
)

// A sweep file names a base run and its axes; Parse checks it against the game and
// prepares every cell, and Run plays the cells into a directory, one run directory each,
// then writes the long tables and sweep.json. Run again, it keeps the complete cells.
func Example() {
	dir, err := os.MkdirTemp("", "bangsim-sweep-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	plan, err := sweep.Parse("arrows.yaml", []byte(`
game: dice
games: 200
players: 5
axes:
  arrows: [6, 9]
  policy-for.outlaw: [heuristic, random]
exclude:
  - {arrows: 6, policy-for.outlaw: random}
`))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range plan.Cells {
		fmt.Println("cell", c.Name)
	}
	out := filepath.Join(dir, "arrows")
	for range 2 {
		res, err := sweep.Run(context.Background(), plan, sweep.Options{Out: out, Workers: 1})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("played %d cells, kept %d; %d games, complete %v\n", res.Ran, res.Skipped, res.Manifest.GamesPlayed, res.Manifest.Complete)
	}
	table, err := os.ReadFile(filepath.Join(out, resultfile.SweepRolesFile))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s", table[:bytes.IndexByte(table, '\n')+1])

	// Errors name the line, the field and what is allowed.
	_, err = sweep.Parse("arrows.yaml", []byte("game: dice\ngames: 200\naxes:\n  arrows: [6, 90]\n"))
	fmt.Println(err)
	// Output:
	// cell arrows=6,policy-for.outlaw=heuristic
	// cell arrows=9,policy-for.outlaw=heuristic
	// cell arrows=9,policy-for.outlaw=random
	// played 3 cells, kept 0; 600 games, complete true
	// played 0 cells, kept 3; 600 games, complete true
	// cell,arrows,policy_for_outlaw,players,role,games,wins,win_rate,ci_low,ci_high,distinct_games,n_eff
	// arrows.yaml:4: axes.arrows: 90 is out of range: want a whole number from 1 to 60
}
