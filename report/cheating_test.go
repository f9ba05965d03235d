package report

import (
	"strings"
	"testing"

	"github.com/bangsim/bangsim/resultfile"
)

func TestCheats(t *testing.T) {
	for spec, want := range map[string]bool{
		"omniscient": true, "omniscient:aggr=0.5": true, "Outlaw=omniscient": true, "heuristic,omniscient": true,
		"heuristic": false, "simple": false, "omniscientish": false, "": false,
	} {
		if got := cheats(spec); got != want {
			t.Errorf("cheats(%q) = %v, want %v", spec, got, want)
		}
	}
}

// A run with the omniscient bot says so in its banner, in every chart's caption and in
// every chart's title; a fair run says nothing.
func TestCheatingLabelled(t *testing.T) {
	set := plotTestSet(t)
	if w := cheatWarning(runBots(set)...); w != "" {
		t.Fatalf("a fair run warns %q", w)
	}
	set.Policies.ByRole = map[string]string{"Outlaw": "omniscient"}
	if w := cheatWarning(runBots(set)...); !strings.Contains(w, "CHEATING") {
		t.Errorf("banner %q does not say CHEATING", w)
	}
	figs, err := RunFigures(&resultfile.Run{}, set)
	if err != nil {
		t.Fatal(err)
	}
	for i := range figs {
		svg := string(svgOf(t, &figs[i]))
		if !strings.Contains(svg, "CHEATING bot") || !strings.Contains(svg, "omniscient (CHEATS") {
			t.Errorf("%s: neither title nor caption says the Outlaws cheat", figs[i].Name)
		}
	}
	rec, _ := plotTestCompare()
	rec.Policies = append(rec.Policies, "omniscient")
	if w := cheatWarning(compareBots(rec)...); w == "" {
		t.Error("a comparison with omniscient does not warn")
	}
}

// A card game's comparison says its games share the deck, a dice game's the dice.
func TestSameLuck(t *testing.T) {
	for _, c := range []struct{ game, design, want string }{
		{"card", "…; common deck from the game seed; …", "the same deck"},
		{"dice", "…; common dice from the game seed; …", "the same dice"},
		{"card", "", "the same deck"},
	} {
		if got := sameLuck(&resultfile.Compare{Game: c.game, Design: c.design}); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.game, c.design, got, c.want)
		}
	}
}
