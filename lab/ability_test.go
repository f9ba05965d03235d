package lab

import (
	"strings"
	"testing"
)

// abilityTestTable is a small table of the dice game's shape.
var abilityTestTable = []AbilityParam{
	{Character: "Lucky Duke", Slug: "lucky-duke", Name: "rerolls", Min: 0, Max: 5, Default: 1, Doc: "extra rerolls"},
	{Character: "Sid Ketchum", Slug: "sid-ketchum", Name: "heal", Min: 0, Max: 3, Default: 1, Doc: "heal"},
	{Character: "Slab the Killer", Slug: "slab-the-killer", Name: "damage", Min: 1, Max: 5, Default: 2, Doc: "damage"},
}

func TestParseAbilities(t *testing.T) {
	vals, err := ParseAbilities(abilityTestTable, "Slab the Killer.damage=3, LUCKY DUKE.rerolls=+2")
	if err != nil {
		t.Fatal(err)
	}
	if got := FormatAbilities(abilityTestTable, vals); got != "lucky-duke.rerolls=2,slab-the-killer.damage=3" {
		t.Errorf("canonical %q", got)
	}
	if vals, _ := ParseAbilities(abilityTestTable, "sid-ketchum.heal=1"); FormatAbilities(abilityTestTable, vals) != "" {
		t.Error("a parameter at the card's value is not left out")
	}
	for text, want := range map[string]string{
		"lucky-duke.rerolls=6":                      "out of range (0 to 5; the card: 1)",
		"lucky-duke.reroll=2":                       `lucky-duke has no parameter "reroll" (it has rerolls)`,
		"lucky-dude.rerolls=2":                      `no character "lucky-dude"`,
		"lucky-duke.rerolls":                        "has no '='",
		"rerolls=2":                                 "has no '.'",
		"lucky-duke.rerolls=two":                    "is not a whole number",
		"lucky-duke.rerolls=2,lucky-duke.rerolls=3": "set twice",
	} {
		_, err := ParseAbilities(abilityTestTable, text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
}

func TestAbilityOptionCanon(t *testing.T) {
	p := AbilityOption(abilityTestTable)
	canon, phrase, err := p.Canon("sid-ketchum.heal=2")
	if err != nil || canon != "sid-ketchum.heal=2" || phrase != "Sid Ketchum heal 2 (card 1)" {
		t.Errorf("Canon: %q %q %v", canon, phrase, err)
	}
	if err := p.Check(Value{Text: "sid-ketchum.heal=9"}); err == nil || !strings.HasPrefix(err.Error(), "--ability: ") {
		t.Errorf("Check: %v", err)
	}
}

// FuzzParseAbilities: whatever the text, an accepted one prints to a canonical text
// that reads back to the same values, every value within its range.
func FuzzParseAbilities(f *testing.F) {
	for _, s := range []string{"", "lucky-duke.rerolls=2", "Slab the Killer.damage=5,sid-ketchum.heal=0", "a.b=c", ",,=.", "lucky-duke.rerolls=-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		vals, err := ParseAbilities(abilityTestTable, text)
		if err != nil {
			return
		}
		for i, p := range abilityTestTable {
			if vals[i] < p.Min || vals[i] > p.Max {
				t.Fatalf("%q: %s=%d out of range", text, p.Key(), vals[i])
			}
		}
		canon := FormatAbilities(abilityTestTable, vals)
		again, err := ParseAbilities(abilityTestTable, canon)
		if err != nil || FormatAbilities(abilityTestTable, again) != canon {
			t.Fatalf("%q: canonical %q reads back as %v, %v", text, canon, again, err)
		}
	})
}
