package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/league"
)

// `bangsim league` writes standings.csv, prices.csv and the seasons' record (games.csv,
// auctions.csv, matches.csv), the same bytes for any number of workers (seasons run in
// parallel, the rows are written in season order), and refuses what cannot work with
// exit status 2.
func TestLeagueCommand(t *testing.T) {
	dir := t.TempDir()
	one, two := filepath.Join(dir, "one"), filepath.Join(dir, "two")
	args := []string{"league", "--seasons", "12", "--value-games", "40", "--players", "12", "-q"}
	mustCLI(t, append(args, "--out", one, "--workers", "1")...)
	mustCLI(t, append(args, "--out", two, "--workers", "4")...)
	for _, name := range []string{"standings.csv", "prices.csv", "games.csv", "auctions.csv", "matches.csv"} {
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
	if rows := readCSV(t, filepath.Join(one, "standings.csv")); len(rows) != 1+12*12 || strings.Join(rows[0], ",") != league.StandingsHeader {
		t.Errorf("standings.csv: %d rows, header %v", len(rows), rows[0])
	}
	if rows := readCSV(t, filepath.Join(one, "prices.csv")); len(rows) != 1+16 || strings.Join(rows[0], ",") != league.PricesHeader {
		t.Errorf("prices.csv: %d rows, header %v", len(rows), rows[0])
	}
	for name, header := range map[string]string{"games.csv": league.GamesHeader, "auctions.csv": league.AuctionsHeader, "matches.csv": league.MatchesHeader} {
		rows := readCSV(t, filepath.Join(one, name))
		if strings.Join(rows[0], ",") != header || rows[len(rows)-1][0] != "11" {
			t.Errorf("%s: header %v, last season %s; want every season to season 11", name, rows[0], rows[len(rows)-1][0])
		}
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

// --withdraw schedules league.Withdrawals: the player is marked withdrawn in every
// season (or the one named by @SEASON) and plays no game after the one they leave in; a
// malformed or impossible withdrawal is bad usage.
func TestLeagueWithdraw(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "w")
	mustCLI(t, "league", "--seasons", "3", "--value-games", "40", "--players", "12", "-q",
		"--withdraw", "3:2:5", "--withdraw", "7:1", "--out", out)
	rows := readCSV(t, filepath.Join(out, "standings.csv"))
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	seen := 0
	for _, r := range rows[1:] {
		player, games, withdrawn := r[col["player"]], r[col["games"]], r[col["withdrawn"]]
		switch player {
		case "3", "7":
			seen++
			limit := map[string]int{"3": 2, "7": 0}[player]
			if n, err := strconv.Atoi(games); err != nil || withdrawn != "true" || n > limit {
				t.Errorf("player %s: withdrawn %s after %s games, want true and at most %d", player, withdrawn, games, limit)
			}
		default:
			if withdrawn != "false" {
				t.Errorf("player %s withdrawn without --withdraw", player)
			}
		}
	}
	if seen != 6 {
		t.Errorf("%d rows of the withdrawn players, want 6", seen)
	}
	// @SEASON: in that season only (numbered as standings.csv's season); PLAYER:finals
	// before the finals, keeping the games played.
	out = filepath.Join(dir, "season")
	mustCLI(t, "league", "--seasons", "3", "--value-games", "40", "--players", "12", "-q",
		"--withdraw", "3:1@1", "--withdraw", "5:finals@2", "--out", out)
	rows = readCSV(t, filepath.Join(out, "standings.csv"))
	for _, r := range rows[1:] {
		season, player, games, withdrawn, rank := r[col["season"]], r[col["player"]], r[col["games"]], r[col["withdrawn"]], r[col["rank"]]
		want := "false"
		switch {
		case player == "3" && season == "1":
			want = "true"
			if games != "0" || rank != "0" {
				t.Errorf("season 1, player 3: %s games, rank %s; want 0 and unranked", games, rank)
			}
		case player == "5" && season == "2":
			want = "true"
			if games == "0" {
				t.Errorf("season 2, player 5 withdrew before the finals but played no game")
			}
		}
		if withdrawn != want {
			t.Errorf("season %s, player %s: withdrawn %s, want %s", season, player, withdrawn, want)
		}
	}
	for _, bad := range []string{"3", "3:x", "1:2:3:4", "99:1", "0:1", "0:finals", "21:1", "3:0", "3:1:-1", "3:1@x", "3:1@100", "3:1@-1", "3:finals:1", "x:finals", "3:1@2@3"} {
		if code, _, errs := cli(t, "league", "--withdraw", bad, "--out", filepath.Join(dir, "bad"), "--value-games", "1"); code != 2 {
			t.Errorf("--withdraw %s: exit %d, want 2\n%s", bad, code, errs)
		}
	}
}

// Every file numbers players from 1, as on the score sheet: standings.csv's players are
// games.csv's, and --withdraw P names player P of both; --withdraw 0 is refused with a
// line saying so.
func TestLeaguePlayersNumberedFromOne(t *testing.T) {
	out := filepath.Join(t.TempDir(), "l")
	mustCLI(t, "league", "--seasons", "1", "--value-games", "40", "--players", "6", "--max-table", "6", "--finals", "coin", "-q",
		"--withdraw", "6:2", "--out", out)
	players := func(name string) map[string]string { // player -> withdrawn (standings) or "" (games)
		rows := readCSV(t, filepath.Join(out, name))
		col := map[string]int{}
		for i, h := range rows[0] {
			col[h] = i
		}
		m := map[string]string{}
		for _, r := range rows[1:] {
			w := ""
			if i, ok := col["withdrawn"]; ok {
				w = r[i]
			}
			m[r[col["player"]]] = w
		}
		return m
	}
	st, games := players("standings.csv"), players("games.csv")
	for p := 1; p <= 6; p++ {
		k := strconv.Itoa(p)
		if _, ok := st[k]; !ok {
			t.Errorf("standings.csv has no player %d: players %v", p, st)
		}
		if _, ok := games[k]; !ok {
			t.Errorf("games.csv has no player %d: players %v", p, games)
		}
	}
	if len(st) != 6 || st["6"] != "true" || st["1"] != "false" {
		t.Errorf("standings.csv's players %v: want 1 to 6, player 6 the one withdrawn", st)
	}
	code, _, errs := cli(t, "league", "--withdraw", "0:1", "--out", filepath.Join(t.TempDir(), "bad"), "--value-games", "1")
	if code != 2 || !strings.Contains(errs, "numbered from 1") {
		t.Errorf("--withdraw 0:1: exit %d, %q; want 2 and players numbered from 1", code, errs)
	}
}

// `bangsim league --json` prints {"standings": [...], "prices": [...]}: each file's rows,
// its columns as keys, the character by name, the values the file holds; and a league
// (or duel) run into its own earlier output directory replaces it (the directory's
// files are bangsim's own).
func TestLeagueJSONAndRerun(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "l")
	args := []string{"league", "--seasons", "2", "--value-games", "40", "--players", "12", "--out", out}
	mustCLI(t, append(args, "-q")...)
	js, _ := mustCLI(t, append(args, "--json")...) // the second run, into the first's directory
	var doc map[string][]map[string]any
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatalf("--json: %v\n%s", err, js)
	}
	if len(doc) != 2 {
		t.Fatalf("--json has keys %v, want standings and prices", doc)
	}
	for key, file := range map[string]string{"standings": "standings.csv", "prices": "prices.csv"} {
		rows := doc[key]
		csv := readCSV(t, filepath.Join(out, file))
		if len(rows) != len(csv)-1 {
			t.Fatalf("--json's %s has %d rows, %s %d", key, len(rows), file, len(csv)-1)
		}
		for i, row := range rows {
			if len(row) != len(csv[0]) {
				t.Fatalf("%s row %d keys %v, columns %v", key, i, row, csv[0])
			}
			for j, col := range csv[0] {
				v, ok := row[col]
				if !ok {
					t.Fatalf("%s row %d has no %q: %v", key, i, col, row)
				}
				cell := csv[i+1][j]
				want := cell
				switch {
				case cell == "-Inf" || cell == "+Inf":
					want = "<nil>" // JSON has no infinity: null
				case strings.Contains(cell, "."): // 224.00 is the JSON number 224
					want = strings.TrimSuffix(strings.TrimRight(cell, "0"), ".")
				}
				got := fmt.Sprint(v)
				if f, ok := v.(float64); ok && f == float64(int64(f)) {
					got = strconv.FormatInt(int64(f), 10) // 1e+06 is 1000000
				}
				if _, ok := v.(string); col == "seed" && !ok {
					t.Errorf("%s row %d: the seed %v is not a string", key, i, v)
				}
				if got != want {
					t.Errorf("%s row %d %s: JSON %v, file %s", key, i, col, v, cell)
				}
			}
		}
	}
	duel := filepath.Join(dir, "d")
	for range 2 {
		mustCLI(t, "duel", "--duels", "20", "--out", duel, "-q")
	}
}

// A tiny league's record (2 seasons of 5 players at tables of 4 to 5, the finals by
// coin so that the long duel's engine does not move it), byte for byte: the golden
// file is what docs/league.md's columns describe; rerun with -update when a change to
// the league, the card game or its bots is meant to move it.
func TestLeagueRecordGolden(t *testing.T) {
	out := filepath.Join(t.TempDir(), "l")
	mustCLI(t, "league", "--seasons", "2", "--players", "5", "--max-table", "5", "--value-games", "40", "--finals", "coin", "--seed", "3", "-q", "--out", out)
	var b strings.Builder
	for _, name := range []string{"games.csv", "auctions.csv", "matches.csv", "standings.csv"} {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "== %s ==\n%s", name, data)
	}
	golden(t, "league-record-seed3-5p-2seasons.txt", b.String())
}
