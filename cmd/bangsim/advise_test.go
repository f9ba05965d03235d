package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// lastOutlawArgs is the position of lab/dicegame's TestAdviseWhereTheOddsDecide: stop
// on three Gatlings to kill the lone Outlaw and win.
var lastOutlawArgs = []string{"--seat", "0", "--dice", "G G G 1 A", "--rerolls", "1", "--pile", "1", "--life", "1,1,0,0",
	"--arrows", "2,6,0,0", "--roles", "sheriff,outlaw,outlaw,renegade", "--characters", "plain,plain,plain,plain", "--objective", "gatling", "--rollouts", "100"}

// TestAdviseJSONAndYAML: --json ranks stopping first with its exact odds, the same
// position read from a YAML file gives the same ranking, and an impossible position is
// refused in one line naming the field (exit 2).
func TestAdviseJSONAndYAML(t *testing.T) {
	run := func(args ...string) (int, string, string) {
		var o, e bytes.Buffer
		code := execute(context.Background(), append([]string{"bangsim", "advise"}, args...), &o, &e)
		return code, o.String(), e.String()
	}
	code, out, errs := run(append(lastOutlawArgs, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got adviceJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if c := got.Choices[0]; c.Choice != 0 || c.Win != 1 || c.Exact == nil || *c.Exact != 1 || !c.SearchPick {
		t.Errorf("first choice: %+v", c)
	}
	yamlFile := t.TempDir() + "/table.yaml"
	os.WriteFile(yamlFile, []byte(`seat: 0
dice: "G G G 1 A"
rerolls: 1
pile: 1
life: [1, 1, 0, 0]
arrows: [2, 6, 0, 0]
roles: [sheriff, outlaw, outlaw, renegade]
characters: [plain, plain, plain, plain]
objective: gatling
`), 0o644)
	code, out2, errs := run("--position", yamlFile, "--rollouts", "100", "--json")
	if code != 0 || out2 != out {
		t.Errorf("from YAML: exit %d %s\n%s\nwant\n%s", code, errs, out2, out)
	}
	code, _, errs = run(append(lastOutlawArgs, "--pile", "5")...)
	if code != exitUsage || !strings.Contains(errs, "pile: 5 arrows") || strings.Count(strings.TrimSpace(errs), "\n") > 1 {
		t.Errorf("impossible pile: exit %d: %s", code, errs)
	}
}

// lethalCardArgs is lab/cardgame's TestAdviseCardLethalBang position: the Sheriff, at 1
// life, with a BANG! against the lone Outlaw at 1 life and an empty hand.
var lethalCardArgs = []string{"--game", "card", "--seat", "0", "--hand", "bang As,stagecoach 9s,wells fargo 3h",
	"--life", "1,1,0,0", "--hand-sizes", "0,0,0,0", "--roles", "sheriff,?,outlaw,renegade",
	"--characters", "plain,plain,plain,plain", "--in-play", "mustang 8h;", "--discard", "bang Qh", "--rollouts", "50"}

// TestAdviseCard: --game card --json ranks the lethal BANG! first at a win rate of 1,
// the same position from a YAML file ranks alike, and impossible positions are refused
// in one line naming the field (exit 2).
func TestAdviseCard(t *testing.T) {
	run := func(args ...string) (int, string, string) {
		var o, e bytes.Buffer
		code := execute(context.Background(), append([]string{"bangsim", "advise"}, args...), &o, &e)
		return code, o.String(), e.String()
	}
	code, out, errs := run(append(lethalCardArgs, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got cardAdviceJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if c := got.Choices[0]; c.Label != "play BANG! A♠ at P1" || c.Win != 1 {
		t.Errorf("first choice: %+v", c)
	}
	yamlFile := t.TempDir() + "/table.yaml"
	os.WriteFile(yamlFile, []byte(`seat: 0
hand: [bang As, stagecoach 9s, wells fargo 3h]
life: [1, 1, 0, 0]
hand_sizes: [0, 0, 0, 0]
roles: [sheriff, "?", outlaw, renegade]
characters: [plain, plain, plain, plain]
in_play: [[mustang 8h], []]
discard: [bang Qh]
`), 0o644)
	code, out2, errs := run("--game", "card", "--position", yamlFile, "--rollouts", "50", "--json")
	if code != 0 || out2 != out {
		t.Errorf("from YAML: exit %d %s\n%s\nwant\n%s", code, errs, out2, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--life", "1,5,0,0"}, "life: seat 1 has 5, above its maximum of 4"},
		{[]string{"--hand", "bang As,bang As"}, "hand: BANG! A♠ is placed twice"},
		{[]string{"--hand-sizes", "3,76,0,0"}, "hand_sizes: the other hands hold 76 cards, but only 75"},
		{[]string{"--in-play", "jail 10s;"}, "in_play[0]: the Sheriff cannot be jailed"},
		{[]string{"--dice", "G G G G G"}, "--dice: a dice-game flag"},
	} {
		code, _, errs := run(append(append([]string{}, lethalCardArgs...), c.args...)...)
		if code != exitUsage || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") > 1 {
			t.Errorf("%v: exit %d: %s", c.args, code, errs)
		}
	}
}

// lethalDuelArgs is lab/cardgame's TestAdviseDuelLethalBang position: P0's last
// character at 1 life with a BANG! against P1's last, at 1 life with an empty hand.
var lethalDuelArgs = []string{"--game", "duel", "--seat", "0", "--characters", "bart cassidy,slab the killer,-,-",
	"--life", "1,1,0,0", "--hand", "bang As,stagecoach 9s,beer 6h", "--hand-sizes", "3,0",
	"--lost", "suzy lafayette,kit carlson,2;paul regret,calamity janet,2", "--in-play", "mustang 8h;;;", "--discard", "bang Qh", "--rollouts", "50"}

// TestAdviseDuel: --game duel --json ranks the lethal BANG! first at a win rate of 1,
// the same position from a YAML file ranks alike, and impossible positions are refused
// in one line naming the field (exit 2).
func TestAdviseDuel(t *testing.T) {
	run := func(args ...string) (int, string, string) {
		var o, e bytes.Buffer
		code := execute(context.Background(), append([]string{"bangsim", "advise"}, args...), &o, &e)
		return code, o.String(), e.String()
	}
	code, out, errs := run(append(lethalDuelArgs, "--json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got duelAdviceJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if c := got.Choices[0]; c.Label != "play BANG! A♠ → P1 front (Slab the Killer)" || c.Win != 1 {
		t.Errorf("first choice: %+v", c)
	}
	yamlFile := t.TempDir() + "/duel.yaml"
	os.WriteFile(yamlFile, []byte(`seat: 0
characters: [bart cassidy, slab the killer, "-", "-"]
life: [1, 1, 0, 0]
in_play: [[mustang 8h], [], [], []]
hand: [bang As, stagecoach 9s, beer 6h]
hand_sizes: [3, 0]
lost: [[suzy lafayette, kit carlson, "2"], [paul regret, calamity janet, "2"]]
discard: [bang Qh]
`), 0o644)
	code, out2, errs := run("--game", "duel", "--position", yamlFile, "--rollouts", "50", "--json")
	if code != 0 || out2 != out {
		t.Errorf("from YAML: exit %d %s\n%s\nwant\n%s", code, errs, out2, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--life", "1,5,0,0"}, "life[1]: 5, above Slab the Killer's maximum of 4"},
		{[]string{"--characters", "bart cassidy,bart cassidy,-,-"}, "characters[1]: Bart Cassidy is named twice"},
		{[]string{"--life", "0,1,1,0", "--characters", "-,slab the killer,bart cassidy,-"}, "characters[0]: seat 0 has a back character but no front one"},
		{[]string{"--hand", "bang As,bang As", "--hand-sizes", "0,0"}, "hand: BANG! A♠ is placed twice"},
		{[]string{"--in-play", "jail 10s;;;"}, "in_play[0]: a Jail in front of the player whose phase 2"},
		{[]string{"--reinforcements", "?;"}, "reinforcements[0]: your own reinforcements are known"},
		{[]string{"--roles", "sheriff,?"}, "--roles: not a flag of the long duel's position"},
	} {
		code, _, errs := run(append(append([]string{}, lethalDuelArgs...), c.args...)...)
		if code != exitUsage || !strings.Contains(errs, c.want) || strings.Count(strings.TrimSpace(errs), "\n") > 1 {
			t.Errorf("%v: exit %d: %s", c.args, code, errs)
		}
	}
}
