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
