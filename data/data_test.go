package data

import "testing"

func TestEmbeddedCharacters(t *testing.T) {
	cs := Characters()
	if len(cs) != 16 {
		t.Fatalf("got %d characters, want 16", len(cs))
	}
	want := map[string][2]int{"El Gringo": {7, 3}, "Paul Regret": {9, 3}, "Willy the Kid": {8, 4}, "Jesse Jones": {9, 4}}
	for _, c := range cs {
		if w, ok := want[c.Name]; ok && (c.DiceLife != w[0] || c.CardLife != w[1]) {
			t.Errorf("%s: life %d/%d, want %d/%d", c.Name, c.DiceLife, c.CardLife, w[0], w[1])
		}
	}
}

func TestEmbeddedDeck(t *testing.T) {
	d := Deck()
	if len(d) != 80 {
		t.Fatalf("got %d cards, want 80", len(d))
	}
	count := map[string]int{}
	suits := map[string]int{}
	for _, c := range d {
		count[c.Name]++
		suits[c.Suit]++
	}
	if count["BANG!"] != 25 || count["Missed!"] != 12 || count["Beer"] != 6 {
		t.Errorf("counts BANG! %d Missed! %d Beer %d, want 25, 12, 6", count["BANG!"], count["Missed!"], count["Beer"])
	}
	for s, n := range suits {
		if n != 20 {
			t.Errorf("suit %s has %d cards, want 20", s, n)
		}
	}
}

func TestParseErrors(t *testing.T) {
	bad := []string{"", "name\tdice_life\n", "name\tdice_life\tcard_life\nX\tseven\t3\n", "name\tdice_life\tcard_life\nX\t7\n"}
	for _, b := range bad {
		if _, err := ParseCharacters(b); err == nil {
			t.Errorf("ParseCharacters(%q) accepted bad input", b)
		}
	}
	if _, err := ParseDeck("name\trank\tsuit\tborder\nBANG!\t1\tspades\tbrown\n"); err == nil {
		t.Error("ParseDeck accepted rank 1")
	}
}

func FuzzParseCharacters(f *testing.F) {
	f.Add(charactersTSV)
	f.Add("name\tdice_life\tcard_life\nA\t1\t2\n")
	f.Fuzz(func(t *testing.T, s string) {
		cs, err := ParseCharacters(s)
		if err == nil {
			for _, c := range cs {
				if c.Name == "" || c.DiceLife < 1 || c.CardLife < 1 {
					t.Fatalf("accepted invalid row %+v", c)
				}
			}
		}
	})
}

func FuzzParseDeck(f *testing.F) {
	f.Add(deckTSV)
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDeck(s)
		if err == nil {
			for _, c := range d {
				if c.Name == "" || !validSuits[c.Suit] {
					t.Fatalf("accepted invalid card %+v", c)
				}
			}
		}
	})
}
