package bang

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// testLife gives every printed character 4 life: a set needs lives, not the games'.
func testLife(Character) int { return 4 }

// A set is the printed characters and Plain in order, then added ones; added names are
// read in any spelling, refused twice, and a random deal draws from the whole box.
func TestCharacterSetExtend(t *testing.T) {
	printed := PrintedSet(testLife, func(Character) string { return "" })
	if !printed.Printed() || printed.Len() != int(NumCharacters) || len(printed.Box()) != NumRealCharacters {
		t.Fatalf("printed set: %d characters, box %d", printed.Len(), len(printed.Box()))
	}
	set, err := printed.Extend(CharacterSpec{Name: "Test Tank", Life: 11}, CharacterSpec{Name: "Test Medic", Life: 2})
	if err != nil {
		t.Fatal(err)
	}
	tank, err := set.Parse("TEST-TANK")
	if err != nil || tank != NumCharacters || set.Name(tank) != "Test Tank" || set.Life(tank) != 11 {
		t.Fatalf("Test Tank is %d (%s, %d life), %v", tank, set.Name(tank), set.Life(tank), err)
	}
	if _, err := printed.Parse("Test Tank"); err == nil {
		t.Error("the printed set knows Test Tank")
	}
	if list, err := set.ParseList("test medic,Willy the Kid,plain,plain"); err != nil || len(list) != 4 || list[0] != NumCharacters+1 {
		t.Errorf("list %v, %v", list, err)
	}
	if _, err := set.ParseList("test medic,Test Medic"); err == nil {
		t.Error("an added character listed twice is accepted")
	}
	for _, bad := range [][]CharacterSpec{
		{{Name: "Willy the Kid", Life: 4}},           // a printed name again
		{{Name: "Test Tank", Life: 0}},               // no life
		{{Name: "x", Life: 3}, {Name: "X", Life: 3}}, // one slug twice
		{{Name: "  ", Life: 3}},                      // no name
	} {
		if _, err := printed.Extend(bad...); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	if _, err := NewCharacterSet(printed.Specs()[:5]); err == nil {
		t.Error("a set without the printed characters is accepted")
	}

	d, err := set.ParseLifeDeltas("test-medic=+1,willy the kid=-1")
	if err != nil || d[NumCharacters+1] != 1 || d.StringIn(set) != "Willy the Kid=-1,Test Medic=+1" {
		t.Fatalf("%v %q %v", d, d.StringIn(set), err)
	}
	var deal CharacterDeal
	deal.SetCharacters(set)
	life := func(c Character) int { return deal.Life(c, testLife) }
	if deal.Count() != set.Len() || life(tank) != 11 || life(WillyTheKid) != 4 {
		t.Fatalf("deal of %d characters, Test Tank %d life", deal.Count(), life(tank))
	}
	if err := d.CheckCount(deal.Count(), life); err != nil {
		t.Error(err)
	}
	if err := d.Check(testLife); err == nil {
		t.Error("a change to an added character passes in a game of the printed ones")
	}
	d[NumCharacters+1] = -2
	if err := d.CheckCount(deal.Count(), life); err == nil {
		t.Error("Test Medic at 0 life passes")
	}
	if err := deal.SetPool([]Character{tank, tank + 2}); err == nil {
		t.Error("a pool naming a character past the set is accepted")
	}

	// The random deal gives the added characters too, never Plain, never twice.
	var seen [MaxCharacters]int
	rng := rand.NewPCG(1, 2)
	for range 2000 {
		var char [MaxSeats]Character
		deal.DealCharacters(&char, MaxSeats, rng)
		var at [MaxCharacters]bool
		for _, c := range char {
			if c == Plain || int(c) >= set.Len() || at[c] {
				t.Fatalf("deal %v", char)
			}
			at[c] = true
			seen[c]++
		}
	}
	if seen[tank] == 0 || seen[tank+1] == 0 {
		t.Errorf("the added characters were never dealt: %v", seen[:set.Len()])
	}
}

// A game of the printed characters plus one: numbered after Plain, named by the set.
func ExampleCharacterSet_Extend() {
	printed := PrintedSet(func(Character) int { return 8 }, func(Character) string { return "" })
	set, err := printed.Extend(CharacterSpec{Name: "Doc Holyday", Life: 8, Ability: "draws a card when hit by a Duel"})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, _ := set.Parse("doc-holyday")
	fmt.Println(set.Len(), int(c), set.Name(c), len(set.Box()))
	// Output: 18 17 Doc Holyday 17
}

// A declaration deals the shared decks within its own table sizes only.
func TestDeclareRoleCounts(t *testing.T) {
	d := Declare(4, 7, PrintedNames())
	if got := d.RoleCounts(5); fmt.Sprint(got) != "[1 1 2 1]" {
		t.Errorf("5 players: %v", got)
	}
	if d.Deck(3) != nil || d.Deck(8) != nil || fmt.Sprint(d.RoleCounts(8)) != "[0 0 0 0]" {
		t.Error("a table size outside 4 to 7 has a deck")
	}
	if e := d.WithCharacters(nil); e.Characters != nil || d.Characters == nil {
		t.Error("WithCharacters changed the original")
	}
}
