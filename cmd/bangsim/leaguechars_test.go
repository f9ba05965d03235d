package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/resultfile"
)

// `bangsim league --characters-file` with a box of twenty: run.json records the added
// characters, prices.csv and league-tally.json list all twenty by name, the record
// names them; two shards merge into the one process's files byte for byte, and not
// with a shard of the printed box; a game an added character sat in, and the final,
// replay from the same flags and file; the report reads the directory.
func TestLeagueCharactersFile(t *testing.T) {
	file := writeFile(t, "league.yaml", duelCharacters) // a card game's four: a box of twenty
	root := t.TempDir()
	dir := func(name string) string { return filepath.Join(root, name) }
	args := []string{"league", "-q", "--seasons", "4", "--seed", "3", "--value-games", "300", "--characters-file", file}
	mustCLI(t, append(args, "--out", dir("one"))...)

	var rec resultfile.LeagueRun
	data, err := os.ReadFile(filepath.Join(dir("one"), resultfile.RunFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rec); err != nil || len(rec.Characters) != 4 || rec.Characters[0].Name != "Duel Gunner" ||
		len(rec.Characters[0].Powers) != 1 || rec.Characters[0].Powers[0] != "draw_on_hit(cards=1,by=bang)" {
		t.Fatalf("run.json added_characters: %v %+v", err, rec.Characters)
	}
	prices := readLines(t, filepath.Join(dir("one"), resultfile.LeaguePricesFile))
	if len(prices) != 21 || !strings.HasPrefix(prices[17], "Duel Gunner,") || !strings.HasPrefix(prices[20], "Duel Tank,") {
		t.Fatalf("prices.csv: %d lines, want the header and 20 characters, the added last:\n%s", len(prices), strings.Join(prices, "\n"))
	}
	var tally resultfile.LeagueTally
	data, err = os.ReadFile(filepath.Join(dir("one"), resultfile.LeagueTallyFile))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &tally); err != nil || len(tally.Counts.Characters) != 20 || tally.Counts.Characters[19].Character != "Duel Tank" {
		t.Fatalf("league-tally.json: %v, %d characters", err, len(tally.Counts.Characters))
	}
	if _, err := cardgame.LeaguePrices(&tally, nil); err == nil {
		t.Error("the tally of a box of twenty read as the printed sixteen's: want a refusal")
	}
	games := readLines(t, filepath.Join(dir("one"), resultfile.LeagueGamesFile))
	season, game := "", ""
	for _, row := range games[1:] {
		if f := strings.Split(row, ","); f[7] == "Duel Gunner" { // season,meeting,game,table,seat,player,role,character
			season, game = f[0], f[2]
			break
		}
	}
	if game == "" {
		t.Fatal("games.csv: Duel Gunner never sat at a table in 4 seasons")
	}
	if a := strings.Join(readLines(t, filepath.Join(dir("one"), resultfile.LeagueAuctionsFile)), "\n"); strings.Contains(a, "character #") {
		t.Error("auctions.csv names an added character by number")
	}

	for k, sh := range []string{"1/2", "2/2"} {
		mustCLI(t, append(args, "--shard", sh, "--out", dir("shard"+string(rune('1'+k))))...)
	}
	mustCLI(t, "merge", "-q", "--out", dir("merged"), dir("shard1"), dir("shard2"))
	for _, f := range []string{resultfile.LeagueStandingsFile, resultfile.LeaguePricesFile, resultfile.LeagueGamesFile,
		resultfile.LeagueAuctionsFile, resultfile.LeagueMatchesFile, resultfile.LeagueTallyFile} {
		a, _ := os.ReadFile(filepath.Join(dir("one"), f))
		b, _ := os.ReadFile(filepath.Join(dir("merged"), f))
		if string(a) != string(b) || len(a) == 0 {
			t.Errorf("%s of the merged shards differs from the one process's", f)
		}
	}
	mustCLI(t, "league", "-q", "--seasons", "4", "--seed", "3", "--value-games", "300", "--shard", "2/2", "--out", dir("printed"))
	if code, _, stderr := cli(t, "merge", "-q", "--out", dir("mixed"), dir("shard1"), dir("printed")); code == 0 || !strings.Contains(stderr, "they add other characters") {
		t.Errorf("a merge of a league shard with added characters and one without: exit %d\n%s", code, stderr)
	}

	replay := []string{"replay", "--game", "league", "--seed", "3", "--value-games", "300", "--characters-file", file, "--season", season}
	out, _ := mustCLI(t, append(replay, "--game-index", game)...)
	if !strings.Contains(out, "Duel Gunner") || !strings.Contains(out, "Payouts") {
		t.Errorf("replay of season %s game %s, where Duel Gunner sat:\n%.2000s", season, game, out)
	}
	if out, _ := mustCLI(t, append(replay, "--match", "final")...); !strings.Contains(out, "Long duel") {
		t.Errorf("replay of season %s's final:\n%.1000s", season, out)
	}
	mustCLI(t, "report", "-q", dir("one"), "--out", dir("report"))
	if html, _ := os.ReadFile(filepath.Join(dir("report"), "report.html")); !strings.Contains(string(html), "Duel Tank") {
		t.Error("the league report does not name the added characters")
	}
}

// readLines returns a text file's lines.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}
