package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// addedCharacters are four characters beyond the box, with no ability: with the 16
// printed ones, a box of 20 (and Plain).
var addedCharacters = []bang.CharacterSpec{
	{Name: "Test Gunner", Life: 9, Ability: "none (a test character)"},
	{Name: "Test Medic", Life: 7, Ability: "none (a test character)"},
	{Name: "Test Scout", Life: 8, Ability: "none (a test character)"},
	{Name: "Test Tank", Life: 11, Ability: "none (a test character)"},
}

// A dice game of 20 characters runs end to end: two shards played through the lab,
// merged, analysed by balance (from the directory, and played through the lab with a
// life change on an added character), plotted and reported; every table names the
// added characters, which the random deal gives out as often as the printed ones.
func TestTwentyCharactersEndToEnd(t *testing.T) {
	g, err := dicegame.WithCharacters(addedCharacters...)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(g.Declaration.Characters.Box()); n != 20 {
		t.Fatalf("box of %d characters, want 20", n)
	}
	players := []int{4, 6}
	root := t.TempDir()
	var shards []string
	for k := 1; k <= 2; k++ {
		dir := filepath.Join(root, "shard"+string(rune('0'+k)))
		playShard(t, g, lab.Config{Game: "dice", Players: players, Policy: "heuristic"}, resultfile.Shard{K: k, N: 2}, dir)
		shards = append(shards, dir)
	}
	merged := filepath.Join(root, "merged")
	mustCLI(t, append([]string{"merge", "-q", "--out", merged}, shards...)...)

	var ts resultfile.TallySet
	data, err := os.ReadFile(filepath.Join(merged, resultfile.TallyFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &ts); err != nil || ts.Validate() != nil {
		t.Fatalf("merged tally: %v, %v", err, ts.Validate())
	}
	for _, ct := range ts.Counts {
		if len(ct.Tally.Characters) != 21 {
			t.Fatalf("%d players: %d characters in tally.json, want 21", ct.Players, len(ct.Tally.Characters))
		}
		for _, a := range addedCharacters {
			i := slices.IndexFunc(ct.Tally.Characters, func(c resultfile.CharacterTally) bool { return c.Character == a.Name })
			if i < 0 {
				t.Fatalf("%d players: %s missing from tally.json", ct.Players, a.Name)
			}
			all := ct.Tally.Characters[i].Roles[len(ct.Tally.Characters[i].Roles)-1]
			// 600 games of n seats over 20 characters: about 30n seats each.
			if want := uint64(600*ct.Players) / 20; all.Seats < want/2 || all.Seats > want*2 {
				t.Errorf("%d players: %s has %d seats, want about %d", ct.Players, a.Name, all.Seats, want)
			}
		}
	}
	rows := csvMaps(t, filepath.Join(merged, resultfile.CharactersFile))
	for _, a := range addedCharacters {
		if !slices.ContainsFunc(rows, func(r map[string]string) bool { return r["character"] == a.Name }) {
			t.Errorf("characters.csv has no row for %s", a.Name)
		}
	}

	out, _ := mustCLI(t, "balance", merged)
	if !strings.Contains(out, "Test Tank") {
		t.Errorf("balance of the merged run does not name Test Tank:\n%s", out)
	}
	mustCLI(t, "plot", "-q", "--format", "svg", merged)
	heat, err := os.ReadFile(filepath.Join(merged, "plot-characters.svg"))
	if err != nil || !strings.Contains(string(heat), "Test Scout") {
		t.Errorf("plot-characters.svg does not name Test Scout (%v)", err)
	}
	mustCLI(t, "report", "-q", merged)
	page, err := os.ReadFile(filepath.Join(merged, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range addedCharacters {
		if !strings.Contains(string(page), a.Name) {
			t.Errorf("report.html does not name %s", a.Name)
		}
	}

	// balance's own play: an added character's life changed through --life, the game's
	// declaration naming it.
	cfg := lab.Config{Game: "dice", Players: []int{5}, Policy: "heuristic"}
	cfg, err = cfg.WithRule(g, lab.LifeOption, lab.Value{Text: "test-tank=-3"})
	if err != nil {
		t.Fatal(err)
	}
	choice, err := lab.NewChoice(g, cfg, 9, cfg.Players)
	if err != nil {
		t.Fatal(err)
	}
	prep, err := g.Prepare(choice)
	if err != nil {
		t.Fatal(err)
	}
	res, err := lab.RunBalance(context.Background(), lab.BalanceSpec{
		Run:    lab.RunSpec{Game: g, Prepared: prep, Seed: 9, Players: cfg.Players, Games: 400, Workers: 2},
		Config: cfg, Alpha: 0.05,
	})
	if err != nil {
		t.Fatal(err)
	}
	if v := res.Run.Rules.Get("life"); v != "Test Tank=-3" {
		t.Errorf("run.json life %v, want Test Tank=-3", v)
	}
	if !slices.ContainsFunc(res.Balance.Rows, func(r report.BalanceRow) bool { return r.Character == "Test Medic" }) {
		t.Error("the balance rows do not name Test Medic")
	}

	// A replay of fixed seats names the added characters with their declared life:
	// Test Tank's 11, less the run's 3, plus the Sheriff's 2.
	cfg.Characters, cfg.FixedSeats = "test tank,test medic,plain,plain,willy the kid", true
	if choice, err = lab.NewChoice(g, cfg, 9, cfg.Players); err != nil {
		t.Fatal(err)
	}
	if prep, err = g.Prepare(choice); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := prep.Replay(&b, lab.ReplayRequest{Players: 5, Seed: 9, Index: 0}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"P0 (Sheriff, Test Tank): 10 life", "P1 (Outlaw, Test Medic): 7 life"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the replay has no %q:\n%.600s", want, b.String())
		}
	}
}

// playShard plays shard s of cfg's run of game g through the lab and writes it to dir.
func playShard(t *testing.T, g *lab.Game, cfg lab.Config, s resultfile.Shard, dir string) {
	t.Helper()
	choice, err := lab.NewChoice(g, cfg, 21, cfg.Players)
	if err != nil {
		t.Fatal(err)
	}
	prep, err := g.Prepare(choice)
	if err != nil {
		t.Fatal(err)
	}
	rec, played, err := lab.Run(context.Background(), lab.RunSpec{
		Game: g, Prepared: prep, Seed: 21, Players: cfg.Players, Games: 600, Shard: s, Workers: 2, Out: dir, Config: cfg.String(),
	})
	if err != nil {
		t.Fatal(err)
	}
	var counts []resultfile.CountTally
	for _, p := range played {
		counts = append(counts, p.CountTally)
	}
	if err := lab.WriteRun(dir, rec, counts); err != nil {
		t.Fatal(err)
	}
}
