package lab_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/resultfile"
)

// The run the merge tests shard: 300 dice games at 4 and 5 players, three shards of 100
// games each.
const (
	mergeSeed  = 1
	mergeGames = 300
)

var mergePlayers = []int{4, 5}

// playRun plays shard k of n of the test run and writes its result set into dir.
func playRun(t testing.TB, dir string, k, n int) {
	t.Helper()
	p, err := dicegame.Game.Prepare(diceChoice(t, "heuristic", mergeSeed))
	if err != nil {
		t.Fatal(err)
	}
	rec, played, err := lab.Run(context.Background(), lab.RunSpec{
		Game: dicegame.Game, Prepared: p, Seed: mergeSeed, Players: mergePlayers, Games: mergeGames,
		Shard: resultfile.Shard{K: k, N: n}, Workers: 1, Out: dir,
	})
	if err != nil {
		t.Fatal(err)
	}
	if n > 1 { // as bangsim run records a --shard flag
		rec.ShardSource = lab.ShardFromFlag
	}
	cs := make([]resultfile.CountTally, len(played))
	for i := range played {
		cs[i] = played[i].CountTally
	}
	if err := lab.WriteRun(dir, rec, cs); err != nil {
		t.Fatal(err)
	}
}

// mergeFixture holds the unsharded run, its three shards and shard 2/2 of a split in
// halves, each in a directory of root.
type mergeFixture struct {
	root   string
	whole  string
	shards []string // 1/3, 2/3, 3/3
	half2  string   // 2/2: games 150-299
}

func newMergeFixture(t *testing.T) *mergeFixture {
	t.Helper()
	f := &mergeFixture{root: t.TempDir()}
	f.whole = filepath.Join(f.root, "whole")
	playRun(t, f.whole, 1, 1)
	for k := 1; k <= 3; k++ {
		d := filepath.Join(f.root, "shard"+string(rune('0'+k)))
		playRun(t, d, k, 3)
		f.shards = append(f.shards, d)
	}
	f.half2 = filepath.Join(f.root, "half2")
	playRun(t, f.half2, 2, 2)
	return f
}

// copyShard copies shard k (from 1) into a new directory of root named name.
func (f *mergeFixture) copyShard(t *testing.T, k int, name string) string {
	t.Helper()
	d := filepath.Join(f.root, name)
	if err := os.CopyFS(d, os.DirFS(f.shards[k-1])); err != nil {
		t.Fatal(err)
	}
	return d
}

// editTally decodes dir's tally.json, lets edit change it, seals it again if reseal
// (so the checksum matches the edited counts) and writes it back.
func editTally(t *testing.T, dir string, reseal bool, edit func(ts *resultfile.TallySet)) {
	t.Helper()
	var ts resultfile.TallySet
	readJSON(t, filepath.Join(dir, resultfile.TallyFile), &ts)
	edit(&ts)
	if reseal {
		if err := ts.Seal(); err != nil {
			t.Fatal(err)
		}
	}
	writeJSON(t, filepath.Join(dir, resultfile.TallyFile), &ts)
}

// editRun decodes dir's run.json, lets edit change it and writes it back.
func editRun(t *testing.T, dir string, edit func(r *resultfile.Run)) {
	t.Helper()
	var r resultfile.Run
	readJSON(t, filepath.Join(dir, resultfile.RunFile), &r)
	edit(&r)
	writeJSON(t, filepath.Join(dir, resultfile.RunFile), &r)
}

// editRaw decodes a file of dir as plain JSON (numbers kept exact), lets edit change
// it and writes it back: for edits the typed structures cannot hold.
func editRaw(t *testing.T, dir, name string, edit func(m map[string]any)) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	writeJSON(t, filepath.Join(dir, name), m)
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func writeJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// count returns the tally of n players of ts.
func count(t *testing.T, ts *resultfile.TallySet, n int) *resultfile.CountTally {
	t.Helper()
	for i := range ts.Counts {
		if ts.Counts[i].Players == n {
			return &ts.Counts[i]
		}
	}
	t.Fatalf("tally has no count of %d players", n)
	return nil
}

// role returns the role named name of y.
func role(t *testing.T, y *resultfile.Tally, name string) *resultfile.RoleTally {
	t.Helper()
	for i := range y.Roles {
		if y.Roles[i].Role == name {
			return &y.Roles[i]
		}
	}
	t.Fatalf("tally has no role %s", name)
	return nil
}

// resultFiles are the files of a result set that do not record when or how it was
// made, and so must be byte-identical between a merge and the unsharded run.
var resultFiles = []string{resultfile.RolesFile, resultfile.CharactersFile, resultfile.SeatsFile, resultfile.EventsFile, resultfile.TurnsFile, resultfile.TallyFile}

// TestMergeEqualsUnshardedRun checks that merging the three shards, in any order,
// writes the unsharded run's CSV files and tally.json byte for byte.
func TestMergeEqualsUnshardedRun(t *testing.T) {
	f := newMergeFixture(t)
	s := f.shards
	for i, dirs := range [][]string{{s[0], s[1], s[2]}, {s[2], s[0], s[1]}} {
		out := filepath.Join(f.root, "merged"+string(rune('0'+i)))
		rec, cs, err := lab.Merge(lab.MergeSpec{Dirs: dirs, Out: out, Command: []string{"bangsim", "merge"}})
		if err != nil {
			t.Fatalf("merge %v: %v", dirs, err)
		}
		if rec.Partial || len(rec.Missing) != 0 || rec.GamesPlayed != 2*mergeGames || rec.GamesPlanned != 2*mergeGames ||
			rec.Shard != (resultfile.Shard{K: 1, N: 1}) || rec.ShardSource != "" || !slices.Equal(rec.MergedFrom, dirs) || rec.Out != out {
			t.Errorf("merged run.json: %+v", rec)
		}
		if err := lab.WriteRun(out, rec, cs); err != nil {
			t.Fatal(err)
		}
		for _, name := range resultFiles {
			want, err := os.ReadFile(filepath.Join(f.whole, name))
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(out, name))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("merge of %d shards: %s differs from the unsharded run's:\n%s\nwant:\n%s", len(dirs), name, got, want)
			}
		}
		// The merge is itself a valid result directory.
		if _, err := lab.ReadShard(out); err != nil {
			t.Errorf("the merged directory does not read back: %v", err)
		}
	}
}

// TestMergeAnyShardCount checks that shards 1..N of a run merge into the unsharded
// run's files for shard counts that divide the games and that do not, one shard each
// (N = 1) and more shards than a few games.
func TestMergeAnyShardCount(t *testing.T) {
	root := t.TempDir()
	whole := filepath.Join(root, "whole")
	playRun(t, whole, 1, 1)
	for _, n := range []int{1, 2, 7, 11} {
		var dirs []string
		for k := 1; k <= n; k++ {
			d := filepath.Join(root, fmt.Sprintf("n%d-%d", n, k))
			playRun(t, d, k, n)
			dirs = append(dirs, d)
		}
		out := filepath.Join(root, fmt.Sprintf("merged%d", n))
		rec, cs, err := lab.Merge(lab.MergeSpec{Dirs: dirs, Out: out})
		if err != nil {
			t.Fatalf("%d shards: %v", n, err)
		}
		if err := lab.WriteRun(out, rec, cs); err != nil {
			t.Fatal(err)
		}
		for _, name := range resultFiles {
			if got, want := readFile(t, filepath.Join(out, name)), readFile(t, filepath.Join(whole, name)); !bytes.Equal(got, want) {
				t.Errorf("merge of %d shards: %s differs from the unsharded run's", n, name)
			}
		}
	}
}

// mergeCase is what one refusal test merges and what the error must say.
type mergeCase struct {
	dirs []string
	out  string   // "": a new directory
	want []string // substrings of the error: the shard and the field
}

// goInternals are strings of Go's own error messages that a user must not see.
var goInternals = []string{"main.", "results.", "lab.", "uint64", "int64", "float64", "Go struct", "Go value", "of type", "json: ", "json.", "Unmarshal"}

// TestMergeRefuses corrupts one shard (or picks the inputs) per case and checks that
// Merge refuses with an error that matches the sentinels and names the shard and the
// field. Consistency checks edit the tally and re-seal its checksum, so that the check
// itself, not the checksum, must catch the edit.
func TestMergeRefuses(t *testing.T) {
	f := newMergeFixture(t)
	s := f.shards
	// bad copies shard 2 into a directory named after the case and merges it with
	// shards 1 and 3.
	bad := func(t *testing.T, name string) (string, []string) {
		d := f.copyShard(t, 2, name)
		return d, []string{s[0], d, s[2]}
	}
	tallyFile := func(d string) string { return filepath.Join(d, resultfile.TallyFile) }
	badShard := []error{lab.ErrBadShard}
	badTally := []error{lab.ErrBadShard, resultfile.ErrTally}

	cases := []struct {
		name  string
		is    []error // the error must match each
		setup func(t *testing.T, name string) mergeCase
	}{
		{"checksum", badTally, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			// A consistent edit (one win fewer for the Sheriff) that only the checksum sees.
			editTally(t, d, false, func(ts *resultfile.TallySet) {
				r := role(t, &count(t, ts, 4).Tally, "Sheriff")
				r.Wins--
			})
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "checksum"}}
		}},
		{"checksum-field", badTally, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, false, func(ts *resultfile.TallySet) { ts.Checksum = "sha256:00" })
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "checksum", "sha256:00"}}
		}},
		{"wins-above-seats-unsealed", badTally, func(t *testing.T, name string) mergeCase {
			// Without re-sealing, the checksum catches the edit first.
			d, dirs := bad(t, name)
			editTally(t, d, false, func(ts *resultfile.TallySet) {
				r := role(t, &count(t, ts, 4).Tally, "Outlaw")
				r.Wins = r.Seats + 1
			})
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "checksum"}}
		}},
		{"wins-above-seats", badTally, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) {
				r := role(t, &count(t, ts, 4).Tally, "Outlaw")
				r.Wins, r.WinsSq, r.SeatsWins = r.Seats+1, r.WinsSq+r.Seats+1, r.SeatsWins+r.Seats+1
			})
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "counts[0] (players 4)", "roles[Outlaw].wins", "exceeds its seats"}}
		}},
		{"seat-wins-above-seats", badTally, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) {
				c := &count(t, ts, 5).Tally.Seats[3]
				c.Wins, c.WinsSq, c.SeatsWins = c.Seats+1, c.WinsSq+c.Seats+1, c.SeatsWins+c.Seats+1
			})
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "players 5", "seats[3].wins", "exceeds its seats"}}
		}},
		{"team-wins-and-draws-not-games", badTally, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) { role(t, &count(t, ts, 4).Tally, "Renegade").TeamWins++ })
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "players 4", "sides' wins", "draws", "do not add up to games"}}
		}},
		{"team-wins-wrap-to-games", badTally, func(t *testing.T, name string) mergeCase {
			// The sides' wins overflow and wrap round to exactly the games: only the
			// overflow check within the file sees it.
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) {
				y := &count(t, ts, 4).Tally
				role(t, y, "Outlaw").TeamWins += 1 << 63
				role(t, y, "Renegade").TeamWins += 1 << 63
			})
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "players 4", "roles[Renegade].team_wins", "overflow"}}
		}},
		{"cell-games-above-games-played", badTally, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) {
				c := count(t, ts, 5)
				r := role(t, &c.Tally, "Sheriff")
				r.Games, r.Seats, r.SeatsSq = c.Games+1, c.Games+1, c.Games+1
			})
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "players 5", "roles[Sheriff].games 101", "exceeds the games played (100)"}}
		}},
		{"character-seats-not-players-times-games", badTally, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) {
				// One more game and seat for a character that missed some games: its
				// cell stays consistent, the characters' seats exceed the table's.
				c := count(t, ts, 4)
				for _, ch := range c.Tally.Characters {
					all := &ch.Roles[len(ch.Roles)-1]
					if all.Role == resultfile.AllRoles && all.Games < c.Games {
						all.Games, all.Seats, all.SeatsSq = all.Games+1, all.Seats+1, all.SeatsSq+1
						return
					}
				}
				t.Fatal("every character played every game")
			})
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "players 4", "characters' seats (401)", "players × games (4 × 100)"}}
		}},
		{"tally-games-not-count-games", badTally, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) { count(t, ts, 4).Tally.Games-- })
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "players 4", "tally.games 99", "games 100"}}
		}},
		{"overflow-adding-shards", badTally, func(t *testing.T, name string) mergeCase {
			// Two shards each near 2^63 dynamite stops: valid alone, their sum overflows.
			d1 := f.copyShard(t, 1, name+"-1")
			d2 := f.copyShard(t, 2, name+"-2")
			for _, d := range []string{d1, d2} {
				editTally(t, d, true, func(ts *resultfile.TallySet) {
					y := &count(t, ts, 4).Tally
					y.Events[0].Count += 1<<63 + 1
				})
			}
			return mergeCase{dirs: []string{d1, d2, s[2]}, want: []string{d2, "players 4", "events[dynamite_stops]", "overflow"}}
		}},
		{"overflow-adding-shards-turns", badTally, func(t *testing.T, name string) mergeCase {
			d1 := f.copyShard(t, 1, name+"-1")
			d3 := f.copyShard(t, 3, name+"-3")
			for _, d := range []string{d1, d3} {
				editTally(t, d, true, func(ts *resultfile.TallySet) {
					// So many turns are consistent only with every game at the lengths' cap or past it.
					c := count(t, ts, 5)
					c.Tally.Turns = 1 << 63
					c.Tally.Lengths.Games = []resultfile.LengthCount{{Turns: c.Tally.Lengths.Cap, Games: c.Games}}
				})
			}
			return mergeCase{dirs: []string{d1, s[1], d3}, want: []string{d3, "players 5", "turns", "overflow"}}
		}},
		{"tally-schema-2-with-3", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			toSchema2(t, d)
			return mergeCase{dirs: dirs, want: []string{d, s[0], resultfile.TallySchema2, "without the games by length", resultfile.TallySchema,
				"only some games"}}
		}},
		{"seed", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) { ts.Seed = 7 })
			return mergeCase{dirs: dirs, want: []string{d, "run.json", "seed 7 against 1"}}
		}},
		{"game", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) { ts.Game = "bang" })
			return mergeCase{dirs: dirs, want: []string{d, "run.json", `game "bang" against "dice"`}}
		}},
		{"tally-version", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) { ts.Version = "0.2.9" })
			return mergeCase{dirs: dirs, want: []string{d, "run.json", "version 0.2.9 against " + lab.Version}}
		}},
		{"rules", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) {
				i := slices.IndexFunc(ts.Rules, func(s resultfile.Setting) bool { return s.Name == "arrows" })
				if i < 0 {
					t.Fatalf("no arrows in %v", ts.Rules)
				}
				ts.Rules[i].Value = 8
			})
			return mergeCase{dirs: dirs, want: []string{d, "run.json", "rules"}}
		}},
		{"bots", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) { ts.Policies.ByRole["Outlaw"] = "simple" })
			return mergeCase{dirs: dirs, want: []string{d, "run.json", "bots"}}
		}},
		{"tally-first-game", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editTally(t, d, true, func(ts *resultfile.TallySet) { count(t, ts, 4).FirstGame = 0 })
			return mergeCase{dirs: dirs, want: []string{d, "run.json", "counts (players 4): first_game 0 against 100"}}
		}},
		{"run-first-game", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editRun(t, d, func(r *resultfile.Run) { r.Counts[0].FirstGame = 0 })
			return mergeCase{dirs: dirs, want: []string{d, "run.json", "counts (players 4): first_game 100 against 0"}}
		}},
		{"run-games", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editRun(t, d, func(r *resultfile.Run) { r.Counts[1].Games = 99 })
			return mergeCase{dirs: dirs, want: []string{d, "run.json", "counts (players 5): games 100 against 99"}}
		}},
		{"run-count-missing", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editRun(t, d, func(r *resultfile.Run) { r.Counts = r.Counts[1:] })
			return mergeCase{dirs: dirs, want: []string{d, "run.json", "counts: players 4"}}
		}},
		{"versions-differ", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editRun(t, d, func(r *resultfile.Run) { r.Version = "0.2.9" })
			editTally(t, d, true, func(ts *resultfile.TallySet) { ts.Version = "0.2.9" })
			return mergeCase{dirs: dirs, want: []string{d, s[0], "bangsim 0.2.9", "the other by " + lab.Version}}
		}},
		{"version-unknown", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editRun(t, d, func(r *resultfile.Run) { r.Version = "" })
			editTally(t, d, true, func(ts *resultfile.TallySet) { ts.Version = "" })
			return mergeCase{dirs: dirs, want: []string{d, "(unknown version)"}}
		}},
		{"runs-differ", badShard, func(t *testing.T, name string) mergeCase {
			// A shard of another run (its seed, in both files) is not the same run.
			d, dirs := bad(t, name)
			editRun(t, d, func(r *resultfile.Run) { r.Seed = 7 })
			editTally(t, d, true, func(ts *resultfile.TallySet) { ts.Seed = 7 })
			return mergeCase{dirs: dirs, want: []string{d, s[0], "seed 7 against 1"}}
		}},
		{"same-shard-twice", badShard, func(t *testing.T, name string) mergeCase {
			return mergeCase{dirs: []string{s[0], s[1], s[1], s[2]}, want: []string{s[1], "both hold games 100 to 199", "twice"}}
		}},
		{"overlapping-split", badShard, func(t *testing.T, name string) mergeCase {
			return mergeCase{dirs: []string{s[0], f.half2, s[2]}, want: []string{f.half2, s[2], "both hold games 200 to 299"}}
		}},
		{"no-tally", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			if err := os.Remove(tallyFile(d)); err != nil {
				t.Fatal(err)
			}
			return mergeCase{dirs: dirs, want: []string{d, "no tally.json"}}
		}},
		{"tally-0.2.0", badTally, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			writeOldTally(t, d)
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "no schema", "bangsim.tally/1"}}
		}},
		{"tally-0.2.0-shape-decodes", badTally, func(t *testing.T, name string) mergeCase {
			// A tally without schema that happens to decode: Validate names the schema.
			d, dirs := bad(t, name)
			editRaw(t, d, resultfile.TallyFile, func(m map[string]any) { delete(m, "schema") })
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "bangsim.tally/1"}}
		}},
		{"tally-future-schema", badTally, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editRaw(t, d, resultfile.TallyFile, func(m map[string]any) {
				m["schema"] = "bangsim.tally/4"
				m["counts"] = "in a form this version does not know"
			})
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), `"bangsim.tally/4"`, resultfile.TallySchema, resultfile.TallySchema2}}
		}},
		{"tally-not-json", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			b, err := os.ReadFile(tallyFile(d))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(tallyFile(d), b[:len(b)/2], 0o644); err != nil {
				t.Fatal(err)
			}
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "not valid JSON"}}
		}},
		{"tally-string-for-number", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editRaw(t, d, resultfile.TallyFile, func(m map[string]any) {
				c := m["counts"].([]any)[0].(map[string]any)
				c["games"] = "100"
			})
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), `"counts.games"`, "JSON string"}}
		}},
		{"tally-string-for-cell-number", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editRaw(t, d, resultfile.TallyFile, func(m map[string]any) {
				y := m["counts"].([]any)[1].(map[string]any)["tally"].(map[string]any)
				y["seats"].([]any)[2].(map[string]any)["wins"] = "many"
			})
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "wins", "JSON string"}}
		}},
		{"tally-array", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			if err := os.WriteFile(tallyFile(d), []byte("[1, 2]\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			return mergeCase{dirs: dirs, want: []string{tallyFile(d), "JSON array"}}
		}},
		{"run-negative-seed", badShard, func(t *testing.T, name string) mergeCase {
			d, dirs := bad(t, name)
			editRaw(t, d, resultfile.RunFile, func(m map[string]any) { m["seed"] = -1 })
			return mergeCase{dirs: dirs, want: []string{filepath.Join(d, resultfile.RunFile), `"seed"`, "JSON number -1"}}
		}},
		{"partial-merge-as-input", badShard, func(t *testing.T, name string) mergeCase {
			// A partial merge's tally claims games it lacks: merged again with the
			// missing shard it would look like an overlap, or hide the gap.
			d := filepath.Join(f.root, name)
			rec, cs, err := lab.Merge(lab.MergeSpec{Dirs: []string{s[0], s[2]}, Out: d, AllowPartial: true})
			if err != nil {
				t.Fatal(err)
			}
			if err := lab.WriteRun(d, rec, cs); err != nil {
				t.Fatal(err)
			}
			return mergeCase{dirs: []string{d, s[1]}, want: []string{d, "partial merge", "merge the shards it was made from"}}
		}},
		{"compare-among-runs", badShard, func(t *testing.T, name string) mergeCase {
			d := filepath.Join(f.root, name)
			playCompare(t, d, cmpSeed, 1, 2)
			return mergeCase{dirs: []string{s[0], d}, want: []string{d, "not a bangsim result directory (no run.json)"}}
		}},
		{"out-is-input", nil, func(t *testing.T, name string) mergeCase {
			return mergeCase{dirs: s, out: s[1], want: []string{"--out", s[1]}}
		}},
		{"out-is-input-spelled-otherwise", nil, func(t *testing.T, name string) mergeCase {
			return mergeCase{dirs: s, out: s[2] + string(filepath.Separator) + "." + string(filepath.Separator), want: []string{"--out", s[2]}}
		}},
		{"out-is-input-by-dotdot", nil, func(t *testing.T, name string) mergeCase {
			return mergeCase{dirs: s, out: s[0] + "/../" + filepath.Base(s[0]) + "/", want: []string{"--out", s[0]}}
		}},
		{"out-is-link-to-input", nil, func(t *testing.T, name string) mergeCase {
			link := filepath.Join(f.root, name)
			if err := os.Symlink(s[1], link); err != nil {
				t.Skip(err)
			}
			return mergeCase{dirs: s, out: link, want: []string{"--out", link, s[1]}}
		}},
		{"input-is-link-to-out", nil, func(t *testing.T, name string) mergeCase {
			link := filepath.Join(f.root, name)
			if err := os.Symlink(s[2], link); err != nil {
				t.Skip(err)
			}
			return mergeCase{dirs: []string{s[0], s[1], link}, out: s[2], want: []string{"--out", s[2], link}}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := c.setup(t, c.name)
			out := m.out
			if out == "" {
				out = filepath.Join(f.root, "out-"+c.name)
			}
			// A mixture of kinds is bangsim merge's to refuse first (TestBadInputAll's
			// "merge: a run and a comparison"); Merge refuses what it cannot read.
			rec, _, err := lab.Merge(lab.MergeSpec{Dirs: m.dirs, Out: out})
			if err == nil {
				t.Fatalf("merge of %v accepted (%d games)", m.dirs, rec.GamesPlayed)
			}
			if errors.Is(err, lab.ErrPartialMerge) {
				t.Fatalf("refusal reported as a partial merge: %v", err)
			}
			for _, target := range c.is {
				if !errors.Is(err, target) {
					t.Errorf("error does not match %q: %v", target, err)
				}
			}
			msg := err.Error()
			t.Log(msg)
			for _, w := range m.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error does not say %q:\n%s", w, msg)
				}
			}
			for _, g := range goInternals {
				// ".json: " ends a file name: only Go's own "json: " prefix counts.
				if strings.Contains(strings.ReplaceAll(msg, ".json", ".file"), g) {
					t.Errorf("error shows Go's %q:\n%s", g, msg)
				}
			}
			if _, err := os.Stat(out); m.out == "" && err == nil {
				t.Errorf("the refused merge wrote %s", out)
			}
		})
	}
	// No case changed the clean shards: they still merge.
	if _, _, err := lab.Merge(lab.MergeSpec{Dirs: s, Out: filepath.Join(f.root, "merged")}); err != nil {
		t.Errorf("the clean shards no longer merge: %v", err)
	}
}

// writeOldTally replaces dir's tally.json by one in bangsim 0.2.0's form, written
// from its counts: no schema, and the dice engine's Go structure with Go field names.
func writeOldTally(t *testing.T, dir string) {
	t.Helper()
	type oldCell struct{ Games, Seats, Wins, WinsSq, SeatsWins, SeatsSq uint64 }
	type oldTally struct {
		Games, Draws, Turns, DynamiteStops, Gatlings, Indians, Illegal uint64
		Eliminations                                                   [4]uint64
		TeamWins                                                       [4]uint64
		Roles                                                          [4]oldCell
		Seats                                                          [8]oldCell
		Characters                                                     [17][5]oldCell
	}
	type oldCount struct {
		Players   int      `json:"players"`
		FirstGame uint64   `json:"first_game"`
		Games     uint64   `json:"games"`
		Tally     oldTally `json:"tally"`
	}
	type oldFile struct {
		Seed   uint64     `json:"seed"`
		Counts []oldCount `json:"counts"`
	}
	cell := func(c resultfile.Cell) oldCell {
		return oldCell{c.Games, c.Seats, c.Wins, c.WinsSq, c.SeatsWins, c.SeatsSq}
	}
	var ts resultfile.TallySet
	readJSON(t, filepath.Join(dir, resultfile.TallyFile), &ts)
	old := oldFile{Seed: ts.Seed}
	for _, c := range ts.Counts {
		y := &c.Tally
		o := oldTally{Games: y.Games, Draws: y.Draws, Turns: y.Turns, Illegal: y.Illegal,
			DynamiteStops: y.Event("dynamite_stops"), Gatlings: y.Event("gatling_volleys"), Indians: y.Event("indian_attacks")}
		for i, r := range y.Roles {
			o.TeamWins[i], o.Roles[i] = r.TeamWins, cell(r.Cell)
		}
		for i, s := range y.Seats {
			o.Seats[i] = cell(s)
		}
		for i, ch := range y.Characters {
			for r, rc := range ch.Roles {
				o.Characters[i][r] = cell(rc.Cell)
			}
		}
		old.Counts = append(old.Counts, oldCount{Players: c.Players, FirstGame: c.FirstGame, Games: c.Games, Tally: o})
	}
	writeJSON(t, filepath.Join(dir, resultfile.TallyFile), old)
	editRun(t, dir, func(r *resultfile.Run) { r.Schema, r.Version = "", "0.2.0" })
}

// TestMergePartial checks merges that lack games: ErrPartialMerge with the record
// marked partial and the missing ranges listed, or no error with AllowPartial.
func TestMergePartial(t *testing.T) {
	f := newMergeFixture(t)
	s := f.shards
	cases := []struct {
		name    string
		dirs    []string
		games   uint64
		missing []string
	}{
		{"middle", []string{s[0], s[2]}, 400, []string{"players 4: games 100-199", "players 5: games 100-199"}},
		{"last", []string{s[1], s[0]}, 400, []string{"players 4: games 200-299", "players 5: games 200-299"}},
		{"first-and-last", []string{s[1]}, 200, []string{"players 4: games 0-99", "players 4: games 200-299", "players 5: games 0-99", "players 5: games 200-299"}},
		{"half", []string{s[0], f.half2}, 500, []string{"players 4: games 100-149", "players 5: games 100-149"}},
	}
	for _, c := range cases {
		for _, allow := range []bool{false, true} {
			name := c.name
			if allow {
				name += "-allowed"
			}
			t.Run(name, func(t *testing.T) {
				rec, cs, err := lab.Merge(lab.MergeSpec{Dirs: c.dirs, Out: filepath.Join(f.root, "out"), AllowPartial: allow})
				switch {
				case allow && err != nil:
					t.Fatalf("AllowPartial: %v", err)
				case !allow && !errors.Is(err, lab.ErrPartialMerge):
					t.Fatalf("error %v, want ErrPartialMerge", err)
				}
				if rec == nil {
					t.Fatal("no record")
				}
				if !rec.Partial || rec.GamesPlayed != c.games || rec.GamesPlanned != 2*mergeGames || !slices.Equal(rec.Missing, c.missing) {
					t.Errorf("partial %v, games %d of %d, missing %q; want %d games, missing %q",
						rec.Partial, rec.GamesPlayed, rec.GamesPlanned, rec.Missing, c.games, c.missing)
				}
				var sum uint64
				for _, ct := range cs {
					sum += ct.Games
				}
				if sum != c.games {
					t.Errorf("the counts hold %d games, want %d", sum, c.games)
				}
				// A partial merge is still a valid result set.
				if err := lab.WriteRun(filepath.Join(f.root, "out"), rec, cs); err != nil {
					t.Fatal(err)
				}
				if _, err := lab.ReadShard(filepath.Join(f.root, "out")); err != nil {
					t.Errorf("the partial merge does not read back: %v", err)
				}
			})
		}
	}
}

// toSchema2 turns dir's result set into one bangsim wrote before it counted the games
// by length: tally.json of schema 2, no turns.csv.
func toSchema2(t *testing.T, dir string) {
	t.Helper()
	editTally(t, dir, true, func(ts *resultfile.TallySet) {
		for i := range ts.Counts {
			ts.Counts[i].Tally.Lengths = nil
		}
	})
	if err := os.Remove(filepath.Join(dir, resultfile.TurnsFile)); err != nil {
		t.Fatal(err)
	}
}

// Shards written before the games were counted by length (tally.json schema 2) still
// merge, on their own: the merge is schema 2 too, has no turns.csv, and its other files
// are the unsharded run's.
func TestMergeSchema2(t *testing.T) {
	f := newMergeFixture(t)
	var dirs []string
	for k := 1; k <= 3; k++ {
		d := f.copyShard(t, k, fmt.Sprintf("v2-%d", k))
		toSchema2(t, d)
		dirs = append(dirs, d)
	}
	out := filepath.Join(f.root, "merged-v2")
	rec, cs, err := lab.Merge(lab.MergeSpec{Dirs: dirs, Out: out})
	if err != nil {
		t.Fatal(err)
	}
	if err := lab.WriteRun(out, rec, cs); err != nil {
		t.Fatal(err)
	}
	back, err := lab.ReadShard(out)
	if err != nil {
		t.Fatal(err)
	}
	if back.Tally.Schema != resultfile.TallySchema2 || back.Tally.HasLengths() {
		t.Errorf("merge of schema-2 shards wrote schema %s", back.Tally.Schema)
	}
	if _, err := os.Stat(filepath.Join(out, resultfile.TurnsFile)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("merge of schema-2 shards wrote %s (%v)", resultfile.TurnsFile, err)
	}
	for _, name := range resultFiles[:4] {
		if got, want := readFile(t, filepath.Join(out, name)), readFile(t, filepath.Join(f.whole, name)); !bytes.Equal(got, want) {
			t.Errorf("merge of schema-2 shards: %s differs from the unsharded run's", name)
		}
	}
	// A later run replaces the schema-2 directory, and the schema-3 one back.
	playRun(t, out, 1, 1)
	if _, err := os.Stat(filepath.Join(out, resultfile.TurnsFile)); err != nil {
		t.Errorf("a run over a schema-2 directory: %v", err)
	}
}
