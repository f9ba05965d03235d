package main

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

var csvFiles = []string{resultfile.RolesFile, resultfile.CharactersFile, resultfile.SeatsFile, resultfile.EventsFile}

// TestRunFiles checks the files of a small run: headers, rows, counts that add up and
// run.json.
func TestRunFiles(t *testing.T) {
	dir := t.TempDir()
	out, _ := mustCLI(t, "run", "--players", "3,4,8", "--games", "2000", "--seed", "7", "--out", dir, "--workers", "2")
	if !strings.Contains(out, "Win rate by role") || !strings.Contains(out, "Renegade") {
		t.Errorf("summary missing:\n%s", out)
	}
	wantHeaders := map[string]string{
		resultfile.RolesFile:      "players,role,games,wins,win_rate,ci_low,ci_high,distinct_games,n_eff",
		resultfile.CharactersFile: "players,character,role,games,wins,win_rate,ci_low,ci_high,distinct_games,n_eff",
		resultfile.SeatsFile:      "players,seat,games,wins,win_rate,ci_low,ci_high,distinct_games,n_eff",
		resultfile.EventsFile:     "players,games,draws,turns,mean_turns,dynamite_stops,gatling_volleys,indian_attacks,elim_bullseye,elim_gatling,elim_indians,elim_dynamite,wins_sheriff,wins_deputy,wins_outlaw,wins_renegade,illegal_choices",
	}
	for name, want := range wantHeaders {
		if got := strings.Join(readCSV(t, filepath.Join(dir, name))[0], ","); got != want {
			t.Errorf("%s header %s, want %s", name, got, want)
		}
	}

	// roles.csv: with 3 players no Sheriff; with 8, one Renegade row of 2 seats a game.
	roles := map[string]map[string]string{}
	for _, m := range csvMaps(t, filepath.Join(dir, resultfile.RolesFile)) {
		roles[m["players"]+"/"+m["role"]] = m
		if _, err := strconv.ParseFloat(m["win_rate"], 64); err != nil || len(strings.Split(m["win_rate"], ".")[1]) != 6 {
			t.Errorf("win_rate %q: want 6 decimals", m["win_rate"])
		}
	}
	if len(roles) != 3+3+4 {
		t.Errorf("roles.csv has %d rows, want 10: %v", len(roles), roles)
	}
	if _, ok := roles["3/Sheriff"]; ok {
		t.Error("roles.csv has a Sheriff row for 3 players")
	}
	if g := roles["8/Renegade"]["games"]; g != "4000" {
		t.Errorf("8 players: Renegade player-games %s, want 4000", g)
	}
	if g := roles["8/Outlaw"]["games"]; g != "6000" {
		t.Errorf("8 players: Outlaw player-games %s, want 6000", g)
	}
	// Every role sits at every game of its player count: 2000 distinct games each. The
	// three Outlaws of 8 players win together, so their 6000 seats hold about as much
	// information as 2000 games; the two Renegades, who never both win, a little more
	// than 4000 seats would.
	for key, m := range roles {
		if m["distinct_games"] != "2000" {
			t.Errorf("%s: distinct_games %s, want 2000", key, m["distinct_games"])
		}
	}
	if ne, _ := strconv.ParseFloat(roles["8/Outlaw"]["n_eff"], 64); ne < 1999 || ne > 2000 {
		t.Errorf("8 players: Outlaw n_eff %s, want 1999 (games − 1)", roles["8/Outlaw"]["n_eff"])
	}
	if ne, _ := strconv.ParseFloat(roles["8/Renegade"]["n_eff"], 64); ne < 4000 {
		t.Errorf("8 players: Renegade n_eff %s, want above its 4000 seats", roles["8/Renegade"]["n_eff"])
	}

	// events.csv: the games each side won plus the draws are the games played.
	for _, m := range csvMaps(t, filepath.Join(dir, resultfile.EventsFile)) {
		n, _ := strconv.Atoi(m["players"])
		wins, draws := sideWins(t, dir, n)
		total := draws
		for _, w := range wins {
			total += w
		}
		if games := num(t, m["games"]); total != games || games != 2000 {
			t.Errorf("%d players: wins %v + draws %d = %d, games %d (want 2000)", n, wins, draws, total, games)
		}
		if n == 3 && wins["Sheriff"] != 0 {
			t.Errorf("3 players: Sheriff wins %d", wins["Sheriff"])
		}
		// Player-games of a role are its seats times the games, and its wins are the
		// side's wins times its seats.
		if n > 3 {
			out := roles[m["players"]+"/Outlaw"]
			if num(t, out["wins"]) != wins["Outlaw"]*uint64(dice.RoleCounts(n)[dice.Outlaw]) {
				t.Errorf("%d players: Outlaw wins %s, side wins %d", n, out["wins"], wins["Outlaw"])
			}
		}
	}

	// seats.csv: one row per seat; characters.csv: an "all" row per character seen.
	if rows := readCSV(t, filepath.Join(dir, resultfile.SeatsFile)); len(rows) != 1+3+4+8 {
		t.Errorf("seats.csv has %d rows, want 16", len(rows)-1)
	}
	all := 0
	for _, m := range csvMaps(t, filepath.Join(dir, resultfile.CharactersFile)) {
		if m["role"] == "all" {
			all++
		}
		if m["games"] == "0" {
			t.Errorf("empty characters.csv row %v", m)
		}
	}
	if all != 3*16 {
		t.Errorf("characters.csv has %d 'all' rows, want 48", all)
	}

	rec := readRunJSON(t, dir)
	if rec.Seed != 7 || rec.Partial || rec.GamesPlayed != 6000 || rec.GamesPlanned != 6000 || rec.Workers != 2 ||
		rec.Shard != (resultfile.Shard{K: 1, N: 1}) || len(rec.Counts) != 3 || rec.Rules.Get("arrows") != 9 ||
		rec.Policies.ByRole["Outlaw"] != "heuristic" || rec.StartedAt == "" || rec.GoVersion == "" || rec.Version != lab.Version {
		t.Errorf("run.json: %+v", rec)
	}
}

// TestRunWorkersIdentical checks that the CSV files do not depend on --workers.
func TestRunWorkersIdentical(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	args := []string{"run", "-q", "--players", "4-5", "--games", "5000", "--seed", "3"}
	mustCLI(t, append(args, "--workers", "1", "--out", a)...)
	mustCLI(t, append(args, "--workers", "3", "--out", b)...)
	for _, f := range csvFiles {
		x, _ := os.ReadFile(filepath.Join(a, f))
		y, _ := os.ReadFile(filepath.Join(b, f))
		if !bytes.Equal(x, y) || len(x) == 0 {
			t.Errorf("%s differs between --workers 1 and 3", f)
		}
	}
}

// TestShardsMerge checks that the shards of a run, merged, give the unsharded files.
func TestShardsMerge(t *testing.T) {
	root := t.TempDir()
	args := []string{"run", "-q", "--players", "3-4", "--games", "3001", "--policy-for", "renegade=random"}
	full := filepath.Join(root, "full")
	mustCLI(t, append(args, "--out", full)...)
	var shards []string
	for k := 1; k <= 3; k++ {
		d := filepath.Join(root, "shard"+itoa(k))
		mustCLI(t, append(args, "--shard", itoa(k)+"/3", "--out", d)...)
		if rec := readRunJSON(t, d); rec.Shard != (resultfile.Shard{K: k, N: 3}) || rec.Partial {
			t.Errorf("shard %d: run.json shard %+v partial %v", k, rec.Shard, rec.Partial)
		}
		shards = append(shards, d)
	}
	merged := filepath.Join(root, "merged")
	mustCLI(t, append([]string{"merge", "-q", "--out", merged}, shards...)...)
	for _, f := range csvFiles {
		x, _ := os.ReadFile(filepath.Join(full, f))
		y, _ := os.ReadFile(filepath.Join(merged, f))
		if !bytes.Equal(x, y) {
			t.Errorf("merged %s differs from the unsharded run:\n%s\nvs\n%s", f, x, y)
		}
	}
	if rec := readRunJSON(t, merged); rec.Partial || rec.GamesPlayed != 6002 || len(rec.MergedFrom) != 3 {
		t.Errorf("merged run.json: %+v", rec)
	}
	// Overlapping shards would count games twice.
	if code, _, stderr := cli(t, "merge", "--out", merged, shards[0], shards[0]); code != exitUsage || !strings.Contains(stderr, "twice") {
		t.Errorf("merging a shard with itself: exit %d, %s", code, stderr)
	}
	// Shards of two bangsim versions may hold other games for the same seed.
	other := filepath.Join(root, "other-version")
	if err := os.CopyFS(other, os.DirFS(shards[1])); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(filepath.Join(other, resultfile.RunFile))
	b = bytes.Replace(b, []byte(`"version": "`+lab.Version+`"`), []byte(`"version": "0.1.0"`), 1)
	if err := os.WriteFile(filepath.Join(other, resultfile.RunFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := cli(t, "merge", "--out", merged, shards[0], other); code != exitUsage || !strings.Contains(stderr, "0.1.0") {
		t.Errorf("merging shards of two versions: exit %d, %s", code, stderr)
	}
	// A missing shard makes the merge partial: a failure unless --allow-partial. It
	// never replaces the complete merge already in merged (issue 28): it goes beside it,
	// into merged.partial, and the messages say so.
	code, _, stderr := cli(t, "merge", "-q", "--out", merged, shards[0], shards[2])
	if code != exitFailure || !strings.Contains(stderr, "games 1001-2000") || !strings.Contains(stderr, merged+".partial") {
		t.Errorf("merge of 2 of 3 shards: exit %d, %s", code, stderr)
	}
	if rec := readRunJSON(t, merged+".partial"); !rec.Partial || rec.GamesPlayed != 4002 || len(rec.Missing) != 2 {
		t.Errorf("merge of 2 of 3 shards: partial %v, games %d, missing %v", rec.Partial, rec.GamesPlayed, rec.Missing)
	}
	if rec := readRunJSON(t, merged); rec.Partial || rec.GamesPlayed != 6002 {
		t.Errorf("the partial merge touched the complete one: partial %v, games %d", rec.Partial, rec.GamesPlayed)
	}
	mustCLI(t, "merge", "-q", "--allow-partial", "--out", merged, shards[0], shards[2])
	if rec := readRunJSON(t, merged); rec.Partial {
		t.Errorf("--allow-partial replaced the complete merge")
	}
	// Into a new directory, or over a partial one, a partial merge is written in place.
	mustCLI(t, "merge", "-q", "--allow-partial", "--out", merged+".partial", shards[0], shards[2])
	if _, err := os.Stat(merged + ".partial.partial"); err == nil {
		t.Errorf("a partial merge over a partial one went beside it")
	}
}

// TestRunJSONAndQuiet checks --json (run.json on stdout) and --quiet (nothing).
func TestRunJSONAndQuiet(t *testing.T) {
	dir := t.TempDir()
	out, errs := mustCLI(t, "run", "--json", "--players", "5", "--games", "500", "--out", dir)
	var rec resultfile.Run
	if err := json.Unmarshal([]byte(out), &rec); err != nil {
		t.Fatalf("--json stdout is not run.json: %v\n%s", err, out)
	}
	if rec.GamesPlayed != 500 || rec.Players[0] != 5 {
		t.Errorf("run.json on stdout: %+v", rec)
	}
	if !strings.Contains(errs, "players 5: 500/500 games (100%)") {
		t.Errorf("stderr has no final progress line:\n%s", errs)
	}
	out, errs = mustCLI(t, "run", "-q", "--games", "500", "--out", dir)
	if out != "" || errs != "" {
		t.Errorf("--quiet printed %q and %q", out, errs)
	}
}

// TestRunInterrupted checks that a cancelled run writes the finished games, marked
// partial, and exits 1 with a note.
func TestRunInterrupted(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	opts := defaultRunOptions()
	opts.Players, opts.Games, opts.Out, opts.Quiet = "4-5", 1_000_000_000, dir, true
	opts.ProgressEvery = 0
	var errb bytes.Buffer
	done := make(chan error)
	go func() { done <- runRun(ctx, opts, &bytes.Buffer{}, &errb) }()
	// Cancel once some games are played: the run must stop well before its billion.
	time.Sleep(300 * time.Millisecond)
	cancel()
	err := <-done
	if exitCode(err) != exitFailure || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("error %v, want an interruption", err)
	}
	rec := readRunJSON(t, dir)
	if !rec.Partial || rec.GamesPlayed == 0 || rec.GamesPlayed >= rec.GamesPlanned || rec.GamesPlanned != 2_000_000_000 {
		t.Errorf("run.json: partial %v, played %d of %d", rec.Partial, rec.GamesPlayed, rec.GamesPlanned)
	}
	var total uint64
	for _, m := range csvMaps(t, filepath.Join(dir, resultfile.EventsFile)) {
		total += num(t, m["games"])
	}
	if total != rec.GamesPlayed {
		t.Errorf("events.csv counts %d games, run.json %d", total, rec.GamesPlayed)
	}
}

// TestReplayAgreesWithRun plays game I alone three ways: the run's count (the difference
// between runs of I+1 and I games), replay and a direct Table.Play.
func TestReplayAgreesWithRun(t *testing.T) {
	for _, tc := range []struct {
		players int
		index   uint64
		flags   []string
	}{
		{5, 17, nil},
		{3, 4, []string{"--policy-for", "outlaw=random"}},
		{7, 2, []string{"--characters", "plain"}},
	} {
		n := strconv.Itoa(tc.players)
		before, after := t.TempDir(), t.TempDir()
		common := append([]string{"--players", n, "--seed", "11"}, tc.flags...)
		mustCLI(t, append([]string{"run", "-q", "--games", strconv.FormatUint(tc.index, 10), "--out", before}, common...)...)
		mustCLI(t, append([]string{"run", "-q", "--games", strconv.FormatUint(tc.index+1, 10), "--out", after}, common...)...)
		w0, d0 := sideWins(t, before, tc.players)
		w1, d1 := sideWins(t, after, tc.players)
		runSide := ""
		for side := range w1 {
			if w1[side] != w0[side] {
				runSide = side
			}
		}
		if d1 != d0 {
			runSide = "draw"
		}

		out, _ := mustCLI(t, append([]string{"replay", "--json", "--index", strconv.FormatUint(tc.index, 10)}, common...)...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var last struct {
			Event string `json:"event"`
			Side  string `json:"side"`
			Draw  *bool  `json:"draw"`
		}
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil || last.Event != "game_over" {
			t.Fatalf("last replay line %q: %v", lines[len(lines)-1], err)
		}
		replaySide := last.Side
		if *last.Draw {
			replaySide = "draw"
		}

		rules := dice.DefaultRules(tc.players)
		if strings.Contains(strings.Join(tc.flags, " "), "plain") {
			rules.Deal = dice.DealPlain
		}
		var byRole [dice.NumRoles]dice.Policy
		for r := range byRole {
			byRole[r] = dicebots.Heuristic{}
		}
		if tc.players == 3 {
			byRole[dice.Outlaw] = &dicebots.Random{}
		}
		table, err := dice.NewTable(rules, byRole)
		if err != nil {
			t.Fatal(err)
		}
		g := table.Play(seed.ForGame(11, tc.index))
		directSide := ""
		if w := bang.WinnerSeat(g.Winners); w >= 0 {
			directSide = g.Role[w].String()
		}
		if g.Draw {
			directSide = "draw"
		}
		if runSide == "" || runSide != replaySide || runSide != directSide {
			t.Errorf("%d players, game %d: run counted %q, replay says %q, direct play %q", tc.players, tc.index, runSide, replaySide, directSide)
		}
	}
}

// TestRunAndCompareGolden holds the tables of a fixed-seed run (every table size) and of
// a comparison to their golden copies, so a change to the engine, the bots or the
// statistics cannot change them unseen (rerun with -update when it is meant to).
func TestRunAndCompareGolden(t *testing.T) {
	dir := t.TempDir()
	mustCLI(t, "run", "-q", "--players", "3-8", "--games", "1500", "--seed", "7", "--out", dir)
	var b strings.Builder
	for _, f := range []string{resultfile.RolesFile, resultfile.CharactersFile, resultfile.SeatsFile, resultfile.EventsFile, resultfile.TurnsFile} {
		data, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("== " + f + "\n")
		b.Write(data)
	}
	golden(t, "run-3to8-seed7-1500.txt", b.String())

	cmp := t.TempDir()
	out, _ := mustCLI(t, "compare", "--policies", "heuristic,simple,random", "--games", "300", "--seed", "2", "--out", cmp)
	b.Reset()
	b.WriteString(out[:strings.LastIndex(out, "Result files in")])
	for _, f := range []string{resultfile.CompareFile, resultfile.CompareDiffFile} {
		data, err := os.ReadFile(filepath.Join(cmp, f))
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("== " + f + "\n")
		b.Write(data)
	}
	golden(t, "compare-heuristic-simple-random-seed2-300.txt", b.String())
}
