package lab_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/resultfile"
)

// A tool reads a result directory with ReadShard, which needs no game engine: it
// checks tally.json (schema, checksum, consistent counts) against the run.json beside
// it and returns both, every count an exact integer sum.
func ExampleReadShard() {
	dir, err := os.MkdirTemp("", "bangsim-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "results")

	// Writing the directory is what `bangsim run --games 40 --players 4,5` does.
	// The configuration dice(policy=heuristic) as a Choice, through the one codec.
	choice, err := lab.NewChoice(dicegame.Game, lab.Config{Game: "dice", Policy: "heuristic"}, 1, []int{4, 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	prepared, err := dicegame.Game.Prepare(choice)
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, played, err := lab.Run(context.Background(), lab.RunSpec{
		Game: dicegame.Game, Prepared: prepared, Seed: 1, Players: []int{4, 5}, Games: 40,
		Shard: resultfile.Shard{K: 1, N: 1}, Workers: 1, Out: out,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	var counts []resultfile.CountTally
	for _, p := range played {
		counts = append(counts, p.CountTally)
	}
	if err := lab.WriteRun(out, rec, counts); err != nil {
		fmt.Println(err)
		return
	}

	// Reading it back: only the files.
	shard, err := lab.ReadShard(out)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s, seed %d, %d of %d games\n", shard.Run.Game, shard.Run.Seed, shard.Run.GamesPlayed, shard.Run.GamesPlanned)
	for _, c := range shard.Tally.Counts {
		var roles []string
		var sides uint64
		for _, r := range c.Tally.Roles {
			if r.Dealt > 0 {
				roles = append(roles, fmt.Sprintf("%s×%d", r.Role, r.Dealt))
			}
			sides += r.TeamWins
		}
		fmt.Printf("players %d: games %d-%d, %d seats, roles %s; sides' wins + draws = %d\n",
			c.Players, c.FirstGame, c.FirstGame+c.Games-1, len(c.Tally.Seats), strings.Join(roles, " "), sides+c.Tally.Draws)
	}
	// Output:
	// dice, seed 1, 80 of 80 games
	// players 4: games 0-39, 4 seats, roles Sheriff×1 Outlaw×2 Renegade×1; sides' wins + draws = 40
	// players 5: games 0-39, 5 seats, roles Sheriff×1 Deputy×1 Outlaw×2 Renegade×1; sides' wins + draws = 40
}

// RunTune searches a bot's declared parameters from the values its spec gives, each
// candidate on the same game seeds against a field, and validates the best on fresh
// seeds; the same seed always finds the same spec.
func ExampleRunTune() {
	prepared, err := dicegame.Game.Prepare(lab.Choice{Seed: 1, Policy: "heuristic", Rules: lab.Defaults(dicegame.Game.Rules)})
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := lab.RunTune(context.Background(), lab.TuneSpec{
		Game: dicegame.Game, Prepared: prepared, Seed: 1, Players: []int{5}, Role: lab.RoleAll,
		Field: "heuristic", Start: "heuristic(beer_below=0)", Params: []string{"beer_below"},
		Games: 500, Budget: 6, Validate: 2000, Workers: 1,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	v := lab.TuneOverall(res.Record.Validation)
	fmt.Println("tuned:", res.Record.Best)
	fmt.Println("gain over the start significant:", v.GainLow > 0)
	// Output:
	// tuned: heuristic
	// gain over the start significant: true
}
