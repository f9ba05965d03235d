package main

import (
	"encoding/json"
	"github.com/bangsim/bangsim/lab"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

func TestCharactersList(t *testing.T) {
	out, _ := mustCLI(t, "characters")
	for _, want := range []string{"Willy the Kid", "willy-the-kid", "Plain", "needs only 2 Gatling"} {
		if !strings.Contains(out, want) {
			t.Errorf("characters does not list %q", want)
		}
	}
	out, _ = mustCLI(t, "characters", "--json")
	var infos []lab.CharacterInfo
	if err := json.Unmarshal([]byte(out), &infos); err != nil || len(infos) != int(dice.NumCharacters) {
		t.Fatalf("characters --json: %d entries, %v", len(infos), err)
	}
	for _, c := range infos {
		// Every listed name and slug is accepted back, in any case.
		for _, s := range []string{c.Name, c.Slug, strings.ToUpper(c.Name)} {
			if got, err := dice.ParseCharacter(s); err != nil || got.String() != c.Name {
				t.Errorf("ParseCharacter(%q) = %v, %v", s, got, err)
			}
		}
	}
}

func TestPoliciesList(t *testing.T) {
	out, _ := mustCLI(t, "policies")
	for _, e := range dicebots.AllEntries() {
		if !strings.Contains(out, e.Name) {
			t.Errorf("policies does not list %s", e.Name)
		}
	}
	out, _ = mustCLI(t, "policies", "--json")
	var infos []lab.PolicyInfo
	if err := json.Unmarshal([]byte(out), &infos); err != nil || len(infos) != len(dicebots.AllEntries()) {
		t.Fatalf("policies --json: %v", err)
	}
	defaults := 0
	for _, p := range infos {
		if p.Default {
			defaults++
		}
	}
	if defaults != 1 {
		t.Errorf("%d default policies", defaults)
	}
}

// TestHelpExamples checks that every command's help shows an example.
func TestHelpExamples(t *testing.T) {
	for _, c := range (&app{}).rootCmd().Commands() {
		if c.Name() == "help" {
			continue
		}
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("bangsim %s has no Example", c.Name())
		}
		out, _ := mustCLI(t, c.Name(), "--help")
		if !strings.Contains(out, "Examples:") {
			t.Errorf("bangsim %s --help shows no example", c.Name())
		}
	}
}

func TestCompletionAndMan(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		if out, _ := mustCLI(t, "completion", sh); !strings.Contains(out, "bangsim") {
			t.Errorf("completion %s: no script", sh)
		}
	}
	dir := t.TempDir()
	mustCLI(t, "man", "--out", dir)
	b, err := os.ReadFile(filepath.Join(dir, "bangsim-run.1"))
	if err != nil || !strings.Contains(string(b), "--players") {
		t.Errorf("man page of run: %v", err)
	}
}
