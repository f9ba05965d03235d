package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestOddsText(t *testing.T) {
	out, _ := mustCLI(t, "odds", "dynamite", "--rerolls", "0")
	want := "P(dynamite) = 0.035494 = 23/648\n" +
		"setup: Plain, 0 rerolls, Gatling fires on 3, 3 Dynamite stop the rolling, Dynamite locked; policy optimal\n"
	if out != want {
		t.Errorf("output:\n%s\nwant:\n%s", out, want)
	}
	out, _ = mustCLI(t, "odds", "gatling")
	if !strings.HasPrefix(out, "P(gatling) = 0.238052 = 1138594/4782969\n") {
		t.Errorf("gatling output:\n%s", out)
	}
	out, _ = mustCLI(t, "odds", "GATLING", "--character", "willy-the-kid", "--policy", "keep")
	if !strings.Contains(out, "Gatling fires on 2 (threshold 3, one fewer for Willy the Kid)") || !strings.Contains(out, "policy keep") {
		t.Errorf("Willy the Kid output:\n%s", out)
	}
}

// oddsJSON runs `bangsim odds` with --json and decodes the result.
func oddsJSON(t *testing.T, args ...string) oddsResult {
	t.Helper()
	out, _ := mustCLI(t, append(append([]string{"odds"}, args...), "--json")...)
	var r oddsResult
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("odds %v --json: %v\n%s", args, err, out)
	}
	return r
}

func TestOddsJSON(t *testing.T) {
	r := oddsJSON(t, "gatling")
	if r.Objective != "gatling" || r.Policy != "optimal" || r.Character != "Plain" ||
		r.Numerator != "1138594" || r.Denominator != "4782969" || r.Fraction != "1138594/4782969" ||
		r.Decimal < 0.238051 || r.Decimal > 0.238053 || r.Check != nil {
		t.Errorf("odds gatling --json = %+v", r)
	}
	if r.Rules != (oddsRules{Rerolls: 2, Gatling: 3, Dynamite: 3, TotalRerolls: 2, GatlingNeed: 3, DynamiteLocked: true}) {
		t.Errorf("rules %+v", r.Rules)
	}
	bj := oddsJSON(t, "dynamite", "--character", "Black Jack", "--dynamite", "4")
	if bj.Character != "Black Jack" || bj.Rules.DynamiteLocked || bj.Rules.Dynamite != 4 {
		t.Errorf("Black Jack: %+v", bj)
	}
}

// TestOddsCheckAgrees replays turns through the engine: the exact value must lie inside
// the sampled 95% interval (the seed is fixed, so this is deterministic), and the
// result must not depend on the worker count.
func TestOddsCheckAgrees(t *testing.T) {
	for _, args := range [][]string{
		{"gatling"},
		{"bullseyes=2", "--policy", "keep"},
		{"gatling", "--character", "Lucky Duke"},
		{"no-arrows", "--policy", "reroll-all"},
		{"dynamite", "--character", "black jack", "--policy", "reroll-all"},
	} {
		r := oddsJSON(t, append(args, "--check", "20000", "--workers", "2")...)
		c := r.Check
		if c == nil || c.Turns != 20000 || c.Seed != 1 || c.Partial {
			t.Fatalf("odds %v: check %+v", args, c)
		}
		if !c.ExactInside || c.CILow > r.Decimal || c.CIHigh < r.Decimal {
			t.Errorf("odds %v: exact %.6f outside the engine's interval [%.6f, %.6f] (frequency %.6f)",
				args, r.Decimal, c.CILow, c.CIHigh, c.Frequency)
		}
		one := oddsJSON(t, append(args, "--check", "20000", "--workers", "1")...)
		if *one.Check != *c {
			t.Errorf("odds %v: --workers 1 gives %+v, --workers 2 %+v", args, one.Check, c)
		}
	}
	// The JSON keys are snake_case words (one read "report.Confidence").
	js, _ := mustCLI(t, "odds", "gatling", "--check", "2000", "--seed", "3", "--json")
	if !strings.Contains(js, `"confidence": 0.95,`) {
		t.Errorf("check JSON has no confidence key:\n%s", js)
	}
	out, _ := mustCLI(t, "odds", "gatling", "--check", "2000", "--seed", "3")
	if !strings.Contains(out, "check: 2000 engine turns (seed 3): met ") || !strings.Contains(out, "the exact 0.238052 is inside it") {
		t.Errorf("check text:\n%s", out)
	}
}

func TestOddsBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"odds", "gatlings=3"}, `invalid objective "gatlings=3"`},
		{[]string{"odds", "fireball"}, `invalid objective "fireball"`},
		{[]string{"odds", "beers=6"}, "the count must be a whole number from 0 to 5"},
		{[]string{"odds", "gatling", "--policy", "genius"}, `--policy: invalid policy "genius": want one of bank-beers, chase-gatling, `},
		{[]string{"odds", "gatling", "--character", "Lucky Luke"}, `--character: unknown character "Lucky Luke"`},
		{[]string{"odds", "gatling", "--rerolls", "11"}, "--rerolls 11 is out of range (0 to 10)"},
		{[]string{"odds", "gatling", "--gatling", "0"}, "--gatling 0 is out of range (1 to 6)"},
		{[]string{"odds"}, "odds needs one objective"},
		{[]string{"odds", "gatling", "dynamite"}, "odds needs one objective"},
	} {
		code, stdout, stderr := cli(t, tc.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d; stderr:\n%s", tc.args, code, exitUsage, stderr)
			continue
		}
		lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
		if stdout != "" || len(lines) != 2 || !strings.HasPrefix(lines[0], "bangsim: error: ") || !strings.Contains(lines[0], tc.want) ||
			lines[1] != "run 'bangsim odds --help' for usage" {
			t.Errorf("%v: stdout %q, stderr:\n%s\nwant one error line containing %q and the help hint", tc.args, stdout, stderr, tc.want)
		}
	}
}

// oddsCharacters adds to the dice game a character whose dice differ from every printed
// one's: two extra rerolls, two Gatlings fewer and the Dynamite free while one shows.
const oddsCharacters = `game: dice
characters:
  - name: Quick Draw
    life: 8
    powers:
      - extra_rerolls: {rerolls: 2}
      - gatling_discount: {fewer: 2}
      - reroll_dynamite: {max_dynamite: 1}
  - name: Steady Draw
    life: 8
    powers:
      - extra_rerolls: {rerolls: 2}
      - gatling_discount: {fewer: 2}
`

// TestOddsCharactersFile: --character names a character a file adds, its odds follow
// its primitives (Steady Draw fires the Gatling as Plain does with 4 rerolls and
// threshold 1, Quick Draw's free Dynamite makes it likelier), its
// setup says so in words, the engine's --check agrees, and a name neither printed nor
// in the file is refused in one line.
func TestOddsCharactersFile(t *testing.T) {
	file := writeFile(t, "chars.yaml", oddsCharacters)
	steady := oddsJSON(t, "gatling", "--characters-file", file, "--character", "steady-draw")
	plain := oddsJSON(t, "gatling", "--rerolls", "4", "--gatling", "1")
	if steady.Character != "Steady Draw" || steady.Fraction != plain.Fraction {
		t.Errorf("%s %s, Plain with 4 rerolls and threshold 1 %s", steady.Character, steady.Fraction, plain.Fraction)
	}
	r := oddsJSON(t, "gatling", "--characters-file", file, "--character", "quick draw")
	if r.Character != "Quick Draw" || r.Decimal <= steady.Decimal {
		t.Errorf("%s %.6f, not above Steady Draw's %.6f", r.Character, r.Decimal, steady.Decimal)
	}
	if want := (oddsRules{Rerolls: 2, Gatling: 3, Dynamite: 3, TotalRerolls: 4, GatlingNeed: 1, DynamiteRerollMax: 1}); r.Rules != want {
		t.Errorf("rules %+v, want %+v", r.Rules, want)
	}
	out, _ := mustCLI(t, "odds", "bullseyes=2", "--characters-file", file, "--character", "Quick Draw")
	for _, want := range []string{"4 rerolls (2 + Quick Draw's extra 2)", "Gatling fires on 1 (threshold 3, 2 fewer for Quick Draw)",
		"Dynamite may be rerolled while at most 1 show (Quick Draw)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	c := oddsJSON(t, "bullseyes=3", "--characters-file", file, "--character", "Quick Draw", "--check", "20000").Check
	if c == nil || !c.ExactInside {
		t.Errorf("the engine's check of Quick Draw: %+v", c)
	}
	code, _, errOut := cli(t, "odds", "gatling", "--characters-file", file, "--character", "Slow Draw")
	if first, _, _ := strings.Cut(errOut, "\n"); code != 2 || !strings.Contains(first, `unknown character "Slow Draw"`) {
		t.Errorf("unknown character: exit %d, stderr %q", code, errOut)
	}
}

// TestOddsAbility: --ability sets the roller's ability values as a run's does: Lucky
// Duke with rerolls=2 rolls as Plain with two more rerolls, an added character's key
// (the file's extra_rerolls.rerolls) likewise, the engine's --check agrees, and a value
// out of range is refused in one line.
func TestOddsAbility(t *testing.T) {
	plain := oddsJSON(t, "gatling", "--rerolls", "4")
	lucky := oddsJSON(t, "gatling", "--character", "Lucky Duke", "--ability", "lucky-duke.rerolls=2", "--check", "20000")
	if lucky.Fraction != plain.Fraction || lucky.Rules.TotalRerolls != 4 || lucky.Check == nil || !lucky.Check.ExactInside {
		t.Errorf("Lucky Duke rerolls=2: %+v, Plain with 4 rerolls %s", lucky, plain.Fraction)
	}
	file := writeFile(t, "chars.yaml", oddsCharacters)
	steady := oddsJSON(t, "gatling", "--characters-file", file, "--character", "Steady Draw", "--ability", "Steady Draw.rerolls=0")
	if want := oddsJSON(t, "gatling", "--gatling", "1"); steady.Fraction != want.Fraction {
		t.Errorf("Steady Draw rerolls=0: %s, Plain at threshold 1 %s", steady.Fraction, want.Fraction)
	}
	code, _, stderr := cli(t, "odds", "gatling", "--ability", "lucky-duke.rerolls=9")
	if first, _, _ := strings.Cut(stderr, "\n"); code != 2 || !strings.Contains(first, "--ability: lucky-duke.rerolls=9 is out of range") {
		t.Errorf("out of range: exit %d, %s", code, stderr)
	}
}
