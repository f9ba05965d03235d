package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/league"
)

// `bangsim league` writes standings.csv and prices.csv, the same bytes for any number of
// workers, and refuses what cannot work with exit status 2.
func TestLeagueCommand(t *testing.T) {
	dir := t.TempDir()
	one, two := filepath.Join(dir, "one"), filepath.Join(dir, "two")
	args := []string{"league", "--seasons", "4", "--value-games", "40", "--players", "12", "-q"}
	mustCLI(t, append(args, "--out", one, "--workers", "1")...)
	mustCLI(t, append(args, "--out", two, "--workers", "2")...)
	for _, name := range []string{"standings.csv", "prices.csv"} {
		a, err := os.ReadFile(filepath.Join(one, name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(two, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between 1 and 2 workers", name)
		}
	}
	if rows := readCSV(t, filepath.Join(one, "standings.csv")); len(rows) != 1+4*12 || strings.Join(rows[0], ",") != league.StandingsHeader {
		t.Errorf("standings.csv: %d rows, header %v", len(rows), rows[0])
	}
	if rows := readCSV(t, filepath.Join(one, "prices.csv")); len(rows) != 1+16 || strings.Join(rows[0], ",") != league.PricesHeader {
		t.Errorf("prices.csv: %d rows, header %v", len(rows), rows[0])
	}
	for _, bad := range [][]string{
		{"league", "--seasons", "0"},
		{"league", "--table", league.CzechTableName},
		{"league", "--table", filepath.Join(dir, "missing.tsv")},
		{"league", "--bidder", "auctioneer"},
		{"league", "--max-table", "8"},
	} {
		if code, _, errs := cli(t, append(bad, "--out", filepath.Join(dir, "bad"), "--value-games", "1")...); code != 2 {
			t.Errorf("%v: exit %d, want 2\n%s", bad, code, errs)
		}
	}
}
