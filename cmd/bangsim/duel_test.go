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
)

// `bangsim duel` writes seats.csv, order.csv and characters.csv, the same bytes for any
// number of workers; the order's wins add up to the duels less the draws.
func TestDuelCommand(t *testing.T) {
	dir := t.TempDir()
	one, two := filepath.Join(dir, "one"), filepath.Join(dir, "two")
	args := []string{"duel", "--duels", "600", "--bots", "heuristic,random", "--drafts", "value-first,random", "-q"}
	mustCLI(t, append(args, "--out", one, "--workers", "1")...)
	mustCLI(t, append(args, "--out", two, "--workers", "3")...)
	for _, name := range []string{"seats.csv", "order.csv", "characters.csv"} {
		a, err := os.ReadFile(filepath.Join(one, name))
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(filepath.Join(two, name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between 1 and 3 workers", name)
		}
	}
	order := readCSV(t, filepath.Join(one, "order.csv"))
	seats := readCSV(t, filepath.Join(one, "seats.csv"))
	if len(order) != 3 || len(seats) != 3 || len(readCSV(t, filepath.Join(one, "characters.csv"))) != 17 {
		t.Fatalf("rows: order %d, seats %d", len(order), len(seats))
	}
	w0, _ := strconv.Atoi(order[1][2])
	w1, _ := strconv.Atoi(order[2][2])
	draws, _ := strconv.Atoi(seats[1][5])
	if w0+w1+draws != 600 {
		t.Fatalf("order wins %d + %d + draws %d != 600", w0, w1, draws)
	}
	// seat 0 (value-first) picked first in every duel, and the heuristic beats random.
	s0, _ := strconv.Atoi(seats[1][4])
	if s0 != w0 || s0 < 450 {
		t.Fatalf("seat 0 won %d, pick-first won %d", s0, w0)
	}
	for _, bad := range [][]string{{"duel", "--bots", "nobody"}, {"duel", "--drafts", "x,y"}, {"duel", "--duels", "0"},
		{"duel", "--replay", "-2"}, {"duel", "--replay", "600", "--duels", "600"}} {
		if code, _, _ := cli(t, append(bad, "--out", filepath.Join(dir, "bad"))...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

// `bangsim duel --replay 3` prints duel 3 of the default run (heuristic bots, random
// drafts) turn by turn: a golden file, so a change of the duel's rules, streams
// or bots shows.
func TestDuelReplay(t *testing.T) {
	out, _ := mustCLI(t, "duel", "--replay", "3")
	golden(t, "duel-replay-seed1-duel3.txt", out)
}

// `bangsim replay --game duel --json --decisions` prints the duel as JSON Lines: the
// set-up first, every line an object, the decisions among them, the end last with the
// winner the text replay names; each character event names its place.
func TestDuelReplayJSON(t *testing.T) {
	out, _ := mustCLI(t, "replay", "--game", "duel", "--index", "3", "--json", "--decisions")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var first, last map[string]any
	decisions, placed := 0, 0
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("line %d: %v\n%s", i+1, err, l)
		}
		switch m["event"] {
		case "decision":
			decisions++
		case "damage", "eliminate", "heal", "check":
			if m["place"] != "front" && m["place"] != "back" || m["character"] == "" {
				t.Fatalf("line %d names no character: %s", i+1, l)
			}
			placed++
		}
		if i == 0 {
			first = m
		}
		last = m
	}
	if first["event"] != "game" || first["game"] != "duel" || len(first["seats"].([]any)) != 2 {
		t.Fatalf("first line %v", first)
	}
	text, _ := mustCLI(t, "duel", "--replay", "3")
	if last["event"] != "game_over" || !strings.Contains(text, fmt.Sprintf("P%v wins after %v turns", last["winners"].([]any)[0], last["turn"])) {
		t.Fatalf("last line %v; the text replay ends %q", last, text[strings.LastIndex(text, "\n\n"):])
	}
	if decisions < 100 || placed < 20 {
		t.Fatalf("%d decisions, %d character events", decisions, placed)
	}
}

// `bangsim duel --json` prints the run and the rows of its three files, keyed by their
// columns, counts and rates as numbers; the summary names the directory.
func TestDuelJSON(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	out, _ := mustCLI(t, "duel", "--duels", "200", "--out", dir, "--json")
	var js struct {
		Duels                    int
		Seats, Order, Characters []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatalf("--json: %v\n%s", err, out)
	}
	if js.Duels != 200 {
		t.Fatalf("duels %d", js.Duels)
	}
	for name, rows := range map[string][]map[string]any{"seats.csv": js.Seats, "order.csv": js.Order, "characters.csv": js.Characters} {
		file := readCSV(t, filepath.Join(dir, name))
		if len(rows) != len(file)-1 {
			t.Fatalf("%s: %d JSON rows, %d in the file", name, len(rows), len(file)-1)
		}
		for i, row := range rows {
			for j, h := range file[0] {
				cell, v := file[i+1][j], row[h]
				if x, ok := v.(float64); ok {
					if y, err := strconv.ParseFloat(cell, 64); err != nil || x != y {
						t.Errorf("%s row %d %s: JSON %v, file %q", name, i, h, v, cell)
					}
				} else if v != nil && v != cell || v == nil && cell != "" {
					t.Errorf("%s row %d %s: JSON %v, file %q", name, i, h, v, cell)
				}
			}
		}
	}
	sum, _ := mustCLI(t, "duel", "--duels", "200", "--out", dir)
	if !strings.Contains(sum, "Result files in "+dir+"/") {
		t.Errorf("summary does not name the directory:\n%s", sum)
	}
}
