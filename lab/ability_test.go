package lab

import (
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
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

// A choice parameter (an added character's "by") takes its name in any case or its
// number, writes the name in the canonical text and the replay header, and refuses any
// other word naming the choices.
func TestAbilityChoices(t *testing.T) {
	table := []AbilityParam{{Character: "Duel Dodger", Slug: "duel-dodger", Name: "by", Min: 0, Max: 2, Default: 2,
		Choices: []string{"any", "bang", "duel"}, Added: true}}
	for _, text := range []string{"duel-dodger.by=Bang", "duel-dodger.by=1"} {
		vals, err := ParseAbilities(table, text)
		if err != nil || FormatAbilities(table, vals) != "duel-dodger.by=bang" || describeAbilities(table, vals) != "Duel Dodger by bang (file duel)" {
			t.Errorf("%q: %v %v", text, vals, err)
		}
	}
	for text, want := range map[string]string{
		"duel-dodger.by=sword": `duel-dodger.by="sword" is not one of any, bang, duel (or 0 to 2)`,
		"duel-dodger.by=3":     "duel-dodger.by=3 is out of range (0 to 2; the file: duel)",
	} {
		if _, err := ParseAbilities(table, text); err == nil || err.Error() != want {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
}

// Every added row's key is unique: a parameter name two powers share takes the
// primitive's name, and one a primitive given twice shares (a spec made in Go; a file
// gives each primitive once) takes the power's number too; the slots follow the powers.
func TestAddedAbilitiesKeysUnique(t *testing.T) {
	prims := []bang.Primitive{
		{Name: "hit", Params: []bang.PrimitiveParam{{Name: "cards", Max: 3}, {Name: "by", Max: 1, Choices: []string{"any", "duel"}}}},
		{Name: "empty", Params: []bang.PrimitiveParam{{Name: "cards", Min: 1, Max: 3}}},
	}
	pw := func(prim int, args ...uint8) bang.Power {
		p := bang.Power{Prim: uint8(prim)}
		copy(p.Args[:], args)
		return p
	}
	set, err := bang.PrintedSet(func(bang.Character) int { return 4 }, func(bang.Character) string { return "" }).Extend(
		bang.CharacterSpec{Name: "One", Life: 4, Powers: bang.Powers{pw(1, 2, 1), pw(2, 3)}},
		bang.CharacterSpec{Name: "Two", Life: 4, Powers: bang.Powers{pw(1, 1), pw(1, 3, 1)}})
	if err != nil {
		t.Fatal(err)
	}
	rows, slots := AddedAbilities(set, prims)
	var keys []string
	for _, p := range rows {
		keys = append(keys, p.Key()+"="+p.Text(p.Default))
	}
	want := "one.hit_cards=2 one.by=duel one.empty_cards=3 two.hit_cards_1=1 two.hit_by_1=any two.hit_cards_2=3 two.hit_by_2=duel"
	if strings.Join(keys, " ") != want {
		t.Errorf("keys %s, want %s", strings.Join(keys, " "), want)
	}
	if s := slots[5]; s != (AbilitySlot{Added: 1, Power: 1, Arg: 0}) {
		t.Errorf("two.hit_cards_2's slot %+v", s)
	}
	var d bang.CharacterDeal
	d.SetCharacters(set)
	vals := make([]int, len(rows))
	for i := range rows {
		vals[i] = rows[i].Default
	}
	vals[5] = 0
	SetAddedAbilities(&d, slots, vals)
	if got := d.AddedPowersOf(bang.NumCharacters + 1); got[1].Args[0] != 0 || got[0].Args[0] != 1 {
		t.Errorf("Two's powers %v", got)
	}
}
