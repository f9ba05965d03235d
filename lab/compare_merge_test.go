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

// The comparison the compare-merge tests shard: 90 game indices at 4 players, three
// bots (so the Holm adjustment spans two entrants' rows).
const (
	cmpSeed  = 3
	cmpGames = 90
)

var cmpEntrants = []lab.Entrant{{Spec: "heuristic", Label: "heuristic"}, {Spec: "simple", Label: "simple"}, {Spec: "random", Label: "random"}}

// playCompare plays shard k of n of the test comparison (all its indices for n = 0)
// and writes its files into dir.
func playCompare(t testing.TB, dir string, seed uint64, k, n int) {
	t.Helper()
	p, err := dicegame.Game.Prepare(diceChoice(t, "heuristic", seed))
	if err != nil {
		t.Fatal(err)
	}
	res, err := lab.Compare(context.Background(), lab.CompareSpec{
		Game: dicegame.Game, Prepared: p, Seed: seed, Players: 4, Games: cmpGames, Entrants: cmpEntrants, Alpha: 0.05,
		Shard: resultfile.Shard{K: k, N: n}, ShardSource: map[bool]string{true: lab.ShardFromFlag}[n > 0], Workers: 2, Out: dir,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := lab.WriteCompare(dir, res); err != nil {
		t.Fatal(err)
	}
}

// compareShards plays shards 1..n of the test comparison into root/name-K.
func compareShards(t testing.TB, root, name string, n int) []string {
	t.Helper()
	var dirs []string
	for k := 1; k <= n; k++ {
		d := filepath.Join(root, fmt.Sprintf("%s-%d", name, k))
		playCompare(t, d, cmpSeed, k, n)
		dirs = append(dirs, d)
	}
	return dirs
}

// compareResultFiles are the files of a compare directory that a merge must write
// byte for byte as the whole comparison did.
var compareResultFiles = []string{resultfile.CompareFile, resultfile.CompareDiffFile, resultfile.CompareTallyFile}

// processFields clears what compare.json records of how and when it was made, which a
// merge cannot share with the whole comparison.
func processFields(r *resultfile.Compare) {
	r.Command, r.StartedAt, r.Out, r.Revision, r.GoVersion = nil, "", "", "", ""
	r.ElapsedSeconds, r.GamesPerSecond, r.Workers = 0, 0, 0
	r.MergedFrom = nil
}

// TestCompareMergeEqualsWhole checks that shards 1..N of a comparison, merged in any
// order, write the whole comparison's compare.csv, compare-diff.csv and
// compare-tally.json byte for byte, and its compare.json but for the process fields;
// N = 7 and 120 leave shards with no index at all.
func TestCompareMergeEqualsWhole(t *testing.T) {
	root := t.TempDir()
	whole := filepath.Join(root, "whole")
	playCompare(t, whole, cmpSeed, 0, 0)
	var wholeRec resultfile.Compare
	readJSON(t, filepath.Join(whole, resultfile.CompareJSONFile), &wholeRec)
	if wholeRec.Shard != nil || wholeRec.ShardSource != "" {
		t.Errorf("a whole comparison records shard %+v from %q", wholeRec.Shard, wholeRec.ShardSource)
	}
	shortN := []int{1, 2, 3, 7}
	if !testing.Short() {
		shortN = append(shortN, 120)
	}
	for _, n := range shortN {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			dirs := compareShards(t, root, fmt.Sprintf("n%d", n), n)
			var rec resultfile.Compare
			readJSON(t, filepath.Join(dirs[n-1], resultfile.CompareJSONFile), &rec)
			if rec.Shard == nil || *rec.Shard != (resultfile.Shard{K: n, N: n}) || rec.ShardSource != lab.ShardFromFlag {
				t.Errorf("shard %d/%d: compare.json shard %+v from %q", n, n, rec.Shard, rec.ShardSource)
			}
			orders := [][]string{dirs, slices.Clone(dirs)}
			slices.Reverse(orders[1])
			for i, in := range orders {
				out := filepath.Join(root, fmt.Sprintf("merged-%d-%d", n, i))
				res, err := lab.MergeCompare(lab.MergeSpec{Dirs: in, Out: out, Command: []string{"bangsim", "merge"}})
				if err != nil {
					t.Fatal(err)
				}
				if err := lab.WriteCompare(out, res); err != nil {
					t.Fatal(err)
				}
				for _, name := range compareResultFiles {
					want, got := readFile(t, filepath.Join(whole, name)), readFile(t, filepath.Join(out, name))
					if !bytes.Equal(got, want) {
						t.Errorf("merge of %d shards: %s differs from the whole comparison's:\n%s\nwant:\n%s", n, name, got, want)
					}
				}
				var merged resultfile.Compare
				readJSON(t, filepath.Join(out, resultfile.CompareJSONFile), &merged)
				if !slices.Equal(merged.MergedFrom, in) || merged.Partial || len(merged.Missing) != 0 {
					t.Errorf("merged compare.json: merged_from %v, partial %v, missing %v", merged.MergedFrom, merged.Partial, merged.Missing)
				}
				w := wholeRec
				processFields(&w)
				processFields(&merged)
				if a, b := jsonString(t, merged), jsonString(t, w); a != b {
					t.Errorf("merged compare.json differs beyond the process fields:\n%s\nwant:\n%s", a, b)
				}
				// The merge is itself a valid compare directory.
				if _, err := lab.ReadCompareShard(out); err != nil {
					t.Errorf("the merged directory does not read back: %v", err)
				}
			}
		})
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func jsonString(t *testing.T, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// editCompareTally decodes dir's compare-tally.json, lets edit change it, seals it
// again if reseal and writes it back.
func editCompareTally(t *testing.T, dir string, reseal bool, edit func(ts *resultfile.CompareTally)) {
	t.Helper()
	var ts resultfile.CompareTally
	path := filepath.Join(dir, resultfile.CompareTallyFile)
	readJSON(t, path, &ts)
	edit(&ts)
	if reseal {
		if err := ts.Seal(); err != nil {
			t.Fatal(err)
		}
	}
	writeJSON(t, path, &ts)
}

// editCompare decodes dir's compare.json, lets edit change it and writes it back.
func editCompare(t *testing.T, dir string, edit func(r *resultfile.Compare)) {
	t.Helper()
	var r resultfile.Compare
	path := filepath.Join(dir, resultfile.CompareJSONFile)
	readJSON(t, path, &r)
	edit(&r)
	writeJSON(t, path, &r)
}

// rate returns the rate row of policy and role in ts.
func rate(t *testing.T, ts *resultfile.CompareTally, policy, role string) *resultfile.CompareRate {
	t.Helper()
	for i := range ts.Counts.Rates {
		if r := &ts.Counts.Rates[i]; r.Policy == policy && r.Role == role {
			return r
		}
	}
	t.Fatalf("no rate row %s, %s", policy, role)
	return nil
}

// TestCompareMergeRefuses damages or mixes up one shard per case and checks that
// MergeCompare refuses with ErrBadShard (and ErrTally for a damaged tally), names the
// shard and what is wrong, and writes nothing.
func TestCompareMergeRefuses(t *testing.T) {
	root := t.TempDir()
	s := compareShards(t, root, "shard", 3)
	half2 := filepath.Join(root, "half2")
	playCompare(t, half2, cmpSeed, 2, 2)
	other := filepath.Join(root, "other-seed")
	playCompare(t, other, cmpSeed+1, 2, 3)
	bad := func(t *testing.T, name string) (string, []string) {
		d := filepath.Join(root, name)
		if err := os.CopyFS(d, os.DirFS(s[1])); err != nil {
			t.Fatal(err)
		}
		return d, []string{s[0], d, s[2]}
	}
	tallyFile := func(d string) string { return filepath.Join(d, resultfile.CompareTallyFile) }
	badShard := []error{lab.ErrBadShard}
	badTally := []error{lab.ErrBadShard, resultfile.ErrTally}
	cases := []struct {
		name  string
		is    []error
		setup func(t *testing.T, name string) ([]string, []string) // dirs, substrings of the error
	}{
		{"no-compare-tally", badShard, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			os.Remove(tallyFile(d))
			return dirs, []string{d, "no compare-tally.json", "play the comparison's shards again"}
		}},
		{"no-compare-record", badShard, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			os.Remove(filepath.Join(d, resultfile.CompareJSONFile))
			os.Remove(filepath.Join(d, resultfile.CompareDiffFile))
			// Without compare.json the directory is no comparison: it joins comparisons
			// as neither kind, and is refused as what it lacks.
			return dirs, []string{d, "not a bangsim compare directory", "no compare.json"}
		}},
		{"checksum", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompareTally(t, d, false, func(ts *resultfile.CompareTally) { rate(t, ts, "simple", "Outlaw").Wins-- })
			return dirs, []string{tallyFile(d), "checksum", "changed or damaged"}
		}},
		{"wins-above-seats", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompareTally(t, d, true, func(ts *resultfile.CompareTally) {
				r := rate(t, ts, "simple", "Outlaw")
				r.Wins, r.WinsSq, r.SeatsWins = r.Seats+1, r.WinsSq+r.Seats+1, r.SeatsWins+2*(r.Seats+1)
			})
			return dirs, []string{tallyFile(d), "(simple, Outlaw)", "wins", "exceeds its seats"}
		}},
		{"seats-not-every-seat", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompareTally(t, d, true, func(ts *resultfile.CompareTally) {
				r := rate(t, ts, "random", "all")
				r.Seats, r.SeatsSq = r.Seats-1, r.SeatsSq-1
			})
			return dirs, []string{tallyFile(d), "(random, all)", "want every seat of every index"}
		}},
		{"games-not-indices-times-tables", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompareTally(t, d, true, func(ts *resultfile.CompareTally) { ts.Counts.Games++ })
			return dirs, []string{tallyFile(d), "counts.games 271", "30 × 9"}
		}},
		{"diff-above-seats", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompareTally(t, d, true, func(ts *resultfile.CompareTally) { ts.Counts.Diffs[0].Sum = int64(ts.Counts.Diffs[0].Seats) + 1 })
			return dirs, []string{tallyFile(d), "counts.diffs[0] (simple, Sheriff)", "exceed what"}
		}},
		{"rows-swapped", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompareTally(t, d, true, func(ts *resultfile.CompareTally) {
				r := ts.Counts.Rates
				r[4], r[8] = r[8], r[4]
			})
			return dirs, []string{tallyFile(d), "counts.rates[4] (simple, Sheriff)", "the row is random, Sheriff"}
		}},
		{"roles-of-other-count", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompareTally(t, d, true, func(ts *resultfile.CompareTally) {
				for i := range ts.Counts.Rates {
					if ts.Counts.Rates[i].Role == "Renegade" {
						ts.Counts.Rates[i].Role = "Deputy"
					}
				}
				for i := range ts.Counts.Diffs {
					if ts.Counts.Diffs[i].Role == "Renegade" {
						ts.Counts.Diffs[i].Role = "Deputy"
					}
				}
			})
			return dirs, []string{tallyFile(d), "not those of 4 players"}
		}},
		{"future-schema", badTally, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompareTally(t, d, false, func(ts *resultfile.CompareTally) { ts.Schema = "bangsim.compare-tally/2" })
			return dirs, []string{tallyFile(d), `"bangsim.compare-tally/2"`, resultfile.CompareTallySchema}
		}},
		{"not-json", badShard, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			b := readFile(t, tallyFile(d))
			os.WriteFile(tallyFile(d), b[:len(b)/2], 0o644)
			return dirs, []string{tallyFile(d), "not valid JSON"}
		}},
		{"tally-of-another-record", badShard, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompareTally(t, d, true, func(ts *resultfile.CompareTally) { ts.Seed = 99 })
			return dirs, []string{d, "does not belong to the compare.json beside it", "seed 99 against 3"}
		}},
		{"first-index-not-the-shard", badShard, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompare(t, d, func(r *resultfile.Compare) { r.Shard = &resultfile.Shard{K: 3, N: 3} })
			return dirs, []string{d, "first index 30 against 60"}
		}},
		{"foreign-comparison", badShard, func(t *testing.T, name string) ([]string, []string) {
			return []string{s[0], other, s[2]}, []string{other, s[0], "the comparisons differ: seed 4 against 3"}
		}},
		{"other-alpha", badShard, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompare(t, d, func(r *resultfile.Compare) { r.Alpha = 0.01 })
			return dirs, []string{d, "alpha 0.01 against 0.05"}
		}},
		{"other-version", badShard, func(t *testing.T, name string) ([]string, []string) {
			d, dirs := bad(t, name)
			editCompare(t, d, func(r *resultfile.Compare) { r.Version = "0.1.0" })
			editCompareTally(t, d, true, func(ts *resultfile.CompareTally) { ts.Version = "0.1.0" })
			return dirs, []string{d, "bangsim 0.1.0", "the other by " + lab.Version}
		}},
		{"duplicated-shard", badShard, func(t *testing.T, name string) ([]string, []string) {
			return []string{s[0], s[1], s[1], s[2]}, []string{s[1], "both hold game indices 30 to 59", "twice"}
		}},
		{"overlapping-split", badShard, func(t *testing.T, name string) ([]string, []string) {
			return []string{s[0], half2, s[2]}, []string{half2, s[2], "both hold game indices 60 to 89"}
		}},
		{"run-among-comparisons", badShard, func(t *testing.T, name string) ([]string, []string) {
			d := filepath.Join(root, name)
			playRun(t, d, 1, 1)
			return []string{s[0], d}, []string{d, "not a bangsim compare directory (no compare.json)"}
		}},
		{"partial-merge-as-input", badShard, func(t *testing.T, name string) ([]string, []string) {
			d := filepath.Join(root, name)
			res, err := lab.MergeCompare(lab.MergeSpec{Dirs: []string{s[0], s[2]}, Out: d, AllowPartial: true})
			if err != nil {
				t.Fatal(err)
			}
			if err := lab.WriteCompare(d, res); err != nil {
				t.Fatal(err)
			}
			return []string{d, s[1]}, []string{d, "partial merge", "merge the shards it was made from"}
		}},
		{"overflow-adding-shards", badTally, func(t *testing.T, name string) ([]string, []string) {
			d1, d2 := filepath.Join(root, name+"-1"), filepath.Join(root, name+"-2")
			for i, d := range []string{d1, d2} {
				if err := os.CopyFS(d, os.DirFS(s[i])); err != nil {
					t.Fatal(err)
				}
				editCompareTally(t, d, true, func(ts *resultfile.CompareTally) { ts.Counts.Illegal += 1<<63 + 1 })
				editCompare(t, d, func(r *resultfile.Compare) { r.Illegal += 1<<63 + 1 })
			}
			return []string{d1, d2, s[2]}, []string{d2, "illegal_choices", "overflow"}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dirs, want := c.setup(t, c.name)
			out := filepath.Join(root, "out-"+c.name)
			_, err := lab.MergeCompare(lab.MergeSpec{Dirs: dirs, Out: out})
			if err == nil {
				t.Fatalf("merge of %v accepted", dirs)
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
			for _, w := range want {
				if !strings.Contains(msg, w) {
					t.Errorf("error does not say %q:\n%s", w, msg)
				}
			}
			for _, g := range goInternals {
				if strings.Contains(strings.ReplaceAll(msg, ".json", ".file"), g) {
					t.Errorf("error shows Go's %q:\n%s", g, msg)
				}
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("the refused merge wrote %s", out)
			}
		})
	}
	if _, err := lab.MergeCompare(lab.MergeSpec{Dirs: s, Out: filepath.Join(root, "merged")}); err != nil {
		t.Errorf("the clean shards no longer merge: %v", err)
	}
}

// TestCompareMergePartial checks merges that lack game indices: ErrPartialMerge with
// the record marked partial and the gaps listed, or no error with AllowPartial.
func TestCompareMergePartial(t *testing.T) {
	root := t.TempDir()
	s := compareShards(t, root, "shard", 3)
	cases := []struct {
		name    string
		dirs    []string
		played  uint64
		missing []string
	}{
		{"middle", []string{s[2], s[0]}, 60, []string{"game indices 30-59"}},
		{"ends", []string{s[1]}, 30, []string{"game indices 0-29", "game indices 60-89"}},
	}
	for _, c := range cases {
		for _, allow := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s-allow-%v", c.name, allow), func(t *testing.T) {
				res, err := lab.MergeCompare(lab.MergeSpec{Dirs: c.dirs, Out: filepath.Join(root, "out"), AllowPartial: allow})
				switch {
				case allow && err != nil:
					t.Fatalf("AllowPartial: %v", err)
				case !allow && !errors.Is(err, lab.ErrPartialMerge):
					t.Fatalf("error %v, want ErrPartialMerge", err)
				}
				rec := res.Record
				if !rec.Partial || rec.GamesPlayed != c.played || rec.GamesPlanned != cmpGames || !slices.Equal(rec.Missing, c.missing) ||
					res.Tally.Indices != c.played || rec.TablesPlayed != c.played*9 {
					t.Errorf("partial %v, indices %d of %d (tally %d, games %d), missing %q; want %d, missing %q",
						rec.Partial, rec.GamesPlayed, rec.GamesPlanned, res.Tally.Indices, rec.TablesPlayed, rec.Missing, c.played, c.missing)
				}
				if err := lab.WriteCompare(filepath.Join(root, "out"), res); err != nil {
					t.Fatal(err)
				}
			})
		}
	}
}
