package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

// TestResultDirOneReader checks issue 29's one reader of result directories: for each
// of merge, plot, report and balance, a directory of each kind is told as that kind
// (balance: a run only), and an empty directory, a foreign one and a damaged file get
// one message, the same across the commands but for the verb.
func TestResultDirOneReader(t *testing.T) {
	root := t.TempDir()
	mk := func(name string, files map[string]string) string {
		d := filepath.Join(root, name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		for n, body := range files {
			if err := os.WriteFile(filepath.Join(d, n), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return d
	}
	kinds := map[resultfile.Kind]string{
		resultfile.KindRun:     mk("run", map[string]string{"run.json": "{}", "tally.json": "{}"}),
		resultfile.KindCompare: mk("cmp", map[string]string{"compare.json": "{}", "compare-diff.csv": "x\n"}),
		resultfile.KindSweep:   mk("sweep", map[string]string{"sweep.json": "{}"}),
		resultfile.KindDuel:    mk("duel", map[string]string{"run.json": "{}", "duel-tally.json": "{}"}),
		resultfile.KindLeague:  mk("league", map[string]string{"standings.csv": "season\n", "prices.csv": "character\n"}),
	}
	empty := mk("empty", nil)
	foreign := mk("foreign", map[string]string{"notes.txt": "mine"})
	damaged := mk("damaged", map[string]string{"standings.csv": "season,player,score,rank,place\n0,1,2,3,4\n", "prices.csv": "character,taken\nBart Cassidy,\"3\n"})
	verbs := map[string]string{"merge": "merge", "plot": "plot", "report": "report", "balance": "analyse"}
	for cmd, verb := range verbs {
		accepted := resultfile.ResultKinds
		if cmd == "balance" {
			accepted = []resultfile.Kind{resultfile.KindRun}
		}
		for k, dir := range kinds {
			got, err := detectResults(dir, verb, accepted)
			if k == resultfile.KindRun || cmd != "balance" {
				if err != nil || got != k {
					t.Errorf("%s %s: kind %v, %v; want %v", cmd, dir, got, err, k)
				}
				continue
			}
			want := resultfile.NotResultsMessage(verb, dir, "it is "+k.Want(), accepted)
			if err == nil || !strings.HasPrefix(err.Error(), strings.TrimSuffix(want, ": want "+resultfile.WantList(accepted))) ||
				!strings.HasSuffix(err.Error(), ": want "+resultfile.WantList(accepted)) {
				t.Errorf("%s %s: %v; want %q", cmd, dir, err, want)
			}
		}
		for _, dir := range []string{empty, foreign} {
			args := []string{cmd, dir}
			if cmd == "merge" {
				args = []string{cmd, "--out", filepath.Join(root, "out"), dir}
			}
			code, _, errs := cli(t, args...)
			want := "bangsim: error: " + resultfile.NotResultsMessage(verb, dir, resultfile.NotResults, accepted) + "\n"
			if code != exitUsage || !strings.HasPrefix(errs, want) {
				t.Errorf("%v: exit %d, stderr %q; want 2 and %q", args, code, errs, want)
			}
		}
	}
	// A damaged run (tally.json cut short): all four commands say the same, but for the
	// verb, and name the file.
	bad := mk("badrun", map[string]string{"run.json": `{"schema": "bangsim.run/1"}`, "tally.json": `{"schema": "bangsim.tally/3", "counts": [`})
	said := map[string]string{}
	for cmd, verb := range verbs {
		args := []string{cmd, bad}
		if cmd == "merge" {
			args = []string{cmd, "--out", filepath.Join(root, "out"), bad}
		}
		code, _, errs := cli(t, args...)
		line := strings.SplitN(errs, "\n", 2)[0]
		said[cmd] = strings.Replace(line, "cannot "+verb+" ", "cannot VERB ", 1)
		if code != exitUsage || !strings.Contains(line, "cannot "+verb+" ") || !strings.Contains(line, "tally.json") {
			t.Errorf("%v: exit %d, %q; want 2, cannot %s and tally.json named", args, code, line, verb)
		}
	}
	for cmd, msg := range said {
		if msg != said["plot"] {
			t.Errorf("a damaged run: %s says %q, plot %q", cmd, msg, said["plot"])
		}
	}
	// A damaged league file: plot and report name the file, in the same words.
	msgs := map[string]string{}
	for _, cmd := range []string{"plot", "report"} {
		code, _, errs := cli(t, cmd, damaged)
		msgs[cmd] = strings.Replace(strings.SplitN(errs, "\n", 2)[0], "cannot "+cmd+" ", "cannot VERB ", 1)
		if code != exitUsage || !strings.Contains(errs, filepath.Join(damaged, "prices.csv")) {
			t.Errorf("%s %s: exit %d, stderr %q; want 2 and prices.csv named", cmd, damaged, code, errs)
		}
	}
	if msgs["plot"] != msgs["report"] {
		t.Errorf("a damaged league: plot says %q, report %q", msgs["plot"], msgs["report"])
	}
	// balance refuses the damaged league as a league, merge as one without its tally.
	if code, _, errs := cli(t, "balance", damaged); code != exitUsage || !strings.Contains(errs, "it is a league (standings.csv): want a run or merge") {
		t.Errorf("balance %s: exit %d, %q", damaged, code, errs)
	}
	if code, _, errs := cli(t, "merge", "--out", filepath.Join(root, "out"), damaged); code != exitUsage || !strings.Contains(errs, "it is not a league result directory of this version (no league-tally.json") {
		t.Errorf("merge %s: exit %d, %q", damaged, code, errs)
	}
}
