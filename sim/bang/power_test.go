package bang

import (
	"strings"
	"testing"
)

var testPrimitives = []Primitive{
	{Name: "extra_rerolls", Doc: "rerolls more", Params: []PrimitiveParam{{Name: "rerolls", Min: 0, Max: 5, Default: 1}}},
	{Name: "draw_on_hit", Doc: "draws when hit", Params: []PrimitiveParam{
		{Name: "cards", Min: 0, Max: 3, Default: 1},
		{Name: "by", Max: 2, Choices: []string{"any", "bang", "duel"}}}},
	{Name: "swap", Doc: "no parameters"},
}

func TestPowerNewFormatFind(t *testing.T) {
	p, err := NewPower(testPrimitives, 1, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Format(testPrimitives); got != "draw_on_hit(cards=2,by=duel)" {
		t.Errorf("Format = %q", got)
	}
	d, _ := NewPower(testPrimitives, 0)
	s, _ := NewPower(testPrimitives, 2)
	ps := Powers{d, s}
	if got := ps.Format(testPrimitives); got != "extra_rerolls(rerolls=1) + swap" || ps.Len() != 2 {
		t.Errorf("Powers.Format = %q, Len %d", got, ps.Len())
	}
	if _, err := NewPower(testPrimitives, 0, 6); err == nil || !strings.Contains(err.Error(), "0 to 5") {
		t.Errorf("out of range: %v", err)
	}
	if _, err := NewPower(testPrimitives, 2, 1); err == nil {
		t.Error("an argument too many was taken")
	}
	if i, err := FindPrimitive(testPrimitives, "swap"); i != 2 || err != nil {
		t.Errorf("FindPrimitive = %d, %v", i, err)
	}
	if _, err := FindPrimitive(testPrimitives, "fly"); err == nil || !strings.Contains(err.Error(), "extra_rerolls, draw_on_hit, swap") {
		t.Errorf("unknown primitive: %v", err)
	}
}

func TestSetCharactersCarriesPowers(t *testing.T) {
	p, _ := NewPower(testPrimitives, 0, 3)
	set, err := PrintedSet(func(Character) int { return 4 }, func(Character) string { return "" }).Extend(CharacterSpec{Name: "Lucky Twin", Life: 8, Powers: Powers{p}})
	if err != nil {
		t.Fatal(err)
	}
	var d CharacterDeal
	d.SetCharacters(set)
	if got := d.AddedPowersOf(NumCharacters); got[0] != p {
		t.Errorf("AddedPowersOf = %v, want %v", got, p)
	}
	if got := d.AddedPowersOf(LuckyDuke); got != (Powers{}) {
		t.Errorf("a printed character has added powers %v", got)
	}
}
