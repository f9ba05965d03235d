package resultfile

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// The three run.json kinds share their provenance (Origin, Slice, Host, Output) as
// embedded structs, and write the same bytes as when each declared the fields itself:
// every field set, in the order readers have always seen (testdata/run-json.golden was
// written before the fields were shared). The fields are set by name, so this test
// compiles against either shape.
func TestRunJSONKeepsItsBytes(t *testing.T) {
	var run Run
	run.Schema, run.Tool, run.Version, run.Revision, run.Command, run.Game = RunSchema, "bangsim", "1.2.3", "abc123", []string{"bangsim", "run"}, "card"
	run.Config, run.Seed, run.Shard, run.ShardSource = "card(players=5)", 7, Shard{K: 2, N: 4}, "flag"
	run.Players, run.GamesPerCount, run.Rules, run.Policies = []int{5}, 100, Settings{{Name: "arrows", Value: 9}}, Policies{Default: "heuristic", ByRole: map[string]string{"Sheriff": "heuristic"}}
	run.Counts, run.GamesPlanned, run.GamesPlayed = []Count{{Players: 5, Planned: 25, Games: 25}}, 25, 25
	run.ElapsedSeconds, run.GamesPerSecond, run.Partial = 1.5, 16.5, true
	run.Workers, run.GoVersion, run.StartedAt, run.Confidence = 3, "go1.26.0", "2026-01-02T03:04:05Z", 0.95
	run.Out, run.MergedFrom, run.Missing = "out", []string{"a", "b"}, []string{"players 5: games 0-24"}

	var duel DuelRun
	duel.Schema, duel.Tool, duel.Version, duel.Revision, duel.Command, duel.Game = DuelRunSchema, "bangsim", "1.2.3", "abc123", []string{"bangsim", "duel"}, DuelGame
	duel.Seed, duel.Shard, duel.ShardSource = 8, Shard{K: 1, N: 2}, "slurm"
	duel.Policy, duel.DraftPolicy, duel.Rules, duel.Paired = [2]string{"heuristic", "random"}, [2]string{"random", "random"}, Settings{{Name: "high_noon", Value: 2}}, true
	duel.Duels, duel.FirstDuel, duel.DuelsPlanned, duel.DuelsPlayed = 10, 0, 5, 4
	duel.ElapsedSeconds, duel.DuelsPerSecond, duel.Partial = 0.5, 8, true
	duel.Workers, duel.GoVersion, duel.StartedAt, duel.Confidence = 2, "go1.26.0", "2026-01-02T03:04:05Z", 0.95
	duel.Out, duel.MergedFrom, duel.Missing = "d", []string{"d1"}, []string{"duels 4-4"}

	var league LeagueRun
	league.Schema, league.Tool, league.Version, league.Revision, league.Command, league.Game = LeagueRunSchema, "bangsim", "1.2.3", "", []string{"bangsim", "league"}, LeagueGame
	league.Seed, league.Shard, league.ShardSource = 9, Shard{K: 1, N: 1}, ""
	league.Setup, league.Seasons, league.FirstSeason, league.SeasonsPlanned, league.SeasonsPlayed = Settings{{Name: "players", Value: 20}}, 3, 0, 3, 3
	league.ElapsedSeconds, league.SeasonsPerSecond = 2, 1.5
	league.Workers, league.GoVersion, league.StartedAt = 1, "go1.26.0", "2026-01-02T03:04:05Z"
	league.Out = "l"

	var b bytes.Buffer
	for _, v := range []any{&run, &duel, &league} {
		js, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		b.Write(js)
		b.WriteByte('\n')
	}
	path := filepath.Join("testdata", "run-json.golden")
	if *update {
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("run.json's bytes moved:\n%s\nwant\n%s", b.Bytes(), want)
	}
	for _, v := range []any{&Run{}, &DuelRun{}, &LeagueRun{}} { // and they read back
		if err := json.Unmarshal(want[:bytes.Index(want, []byte("\n}\n"))+2], v); err != nil {
			t.Fatal(err)
		}
	}
}
