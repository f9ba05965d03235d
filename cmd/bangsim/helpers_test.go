package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"github.com/bangsim/bangsim/resultfile"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// cli runs bangsim in-process with args and returns the exit status and outputs.
func cli(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = execute(context.Background(), append([]string{"bangsim"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

// mustCLI runs bangsim and fails the test unless it exits 0.
func mustCLI(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	code, out, errs := cli(t, args...)
	if code != 0 {
		t.Fatalf("bangsim %v: exit %d\nstderr:\n%s", args, code, errs)
	}
	return out, errs
}

// readCSV reads a CSV file into rows, header first.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return rows
}

// csvMaps reads a CSV file into one map per data row, keyed by the header.
func csvMaps(t *testing.T, path string) []map[string]string {
	t.Helper()
	rows := readCSV(t, path)
	var out []map[string]string
	for _, r := range rows[1:] {
		m := map[string]string{}
		for i, h := range rows[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return out
}

// num parses a CSV integer.
func num(t *testing.T, s string) uint64 {
	t.Helper()
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		t.Fatalf("not an integer: %q", s)
	}
	return n
}

// readRunJSON reads dir/run.json.
func readRunJSON(t *testing.T, dir string) resultfile.Run {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, resultfile.RunFile))
	if err != nil {
		t.Fatal(err)
	}
	var rec resultfile.Run
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	return rec
}

// sideWins returns events.csv's side-win columns of one player count, and its draws.
func sideWins(t *testing.T, dir string, players int) (wins map[string]uint64, draws uint64) {
	t.Helper()
	for _, m := range csvMaps(t, filepath.Join(dir, resultfile.EventsFile)) {
		if m["players"] != strconv.Itoa(players) {
			continue
		}
		wins = map[string]uint64{}
		for _, side := range []string{"Sheriff", "Deputy", "Outlaw", "Renegade"} {
			wins[side] = num(t, m["wins_"+lower(side)])
		}
		return wins, num(t, m["draws"])
	}
	t.Fatalf("events.csv in %s has no row for %d players", dir, players)
	return nil, 0
}

func lower(s string) string { return string(bytes.ToLower([]byte(s))) }
