package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The card rule options that apply to a long duel (issue 29: --remove-cards,
// --high-noon, --life) are taken by `duel` and `replay --game duel`, recorded in
// run.json, change the duels, keep shards of other rules apart and are checked as run
// checks them.
func TestDuelRuleOptions(t *testing.T) {
	dir := t.TempDir()
	in := func(name string) string { return filepath.Join(dir, name) }
	base := []string{"duel", "--duels", "400", "-q"}
	mustCLI(t, append(base, "--out", in("plain"))...)
	rules := []string{"--remove-cards", "jail,dynamite", "--high-noon", "1", "--life", "Bart Cassidy=+1"}
	mustCLI(t, append(append(base, rules...), "--out", in("ruled"))...)
	run, err := os.ReadFile(in("ruled/run.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"remove_cards": "Dynamite,Jail"`, `"high_noon": 1`, `"life": "Bart Cassidy=+1"`} {
		if !bytes.Contains(run, []byte(want)) {
			t.Errorf("run.json lacks %s:\n%s", want, run)
		}
	}
	if plain, _ := os.ReadFile(in("plain/run.json")); bytes.Contains(plain, []byte(`"rules"`)) {
		t.Errorf("a duel of the printed rules records rules:\n%s", plain)
	}
	a, _ := os.ReadFile(in("plain/order.csv"))
	b, _ := os.ReadFile(in("ruled/order.csv"))
	if bytes.Equal(a, b) {
		t.Errorf("the rule options changed no duel")
	}
	// Shards of other rules do not merge.
	mustCLI(t, "duel", "--duels", "200", "-q", "--shard", "1/2", "--out", in("s1"))
	mustCLI(t, append([]string{"duel", "--duels", "200", "-q", "--shard", "2/2", "--out", in("s2")}, rules...)...)
	if code, _, stderr := cli(t, "merge", "--out", in("m"), in("s1"), in("s2")); code != exitUsage || !strings.Contains(stderr, "rules") {
		t.Errorf("merge of shards of other rules: exit %d, %s", code, stderr)
	}
	// The replay takes them too: duel 3 of the ruled run differs from the plain one's.
	ruledReplay, _ := mustCLI(t, append([]string{"replay", "--game", "duel", "--index", "3"}, rules...)...)
	plainOut, _ := mustCLI(t, "replay", "--game", "duel", "--index", "3")
	if ruledReplay == plainOut {
		t.Errorf("replay --game duel ignores the rule options")
	}
	if code, _, stderr := cli(t, "duel", "--remove-cards", "nosuch", "--out", in("bad")); code != exitUsage || !strings.Contains(stderr, `unknown card "nosuch"`) {
		t.Errorf("a bad card: exit %d, %s", code, stderr)
	}
}
