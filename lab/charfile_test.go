package lab_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/dice"
)

// diceFile is a character file of the dice game: a power by mapping, one alone, one in
// the short form, a character of none.
const diceFile = `# characters for the dice game
game: dice
characters:
  - name: Lucky Twin
    life: 8
    ability: rerolls once more a turn, as Lucky Duke
    powers:
      - extra_rerolls: {rerolls: 1}
  - name: Field Medic
    life: 7
    powers:
      - end_heal: {heal: 1}
      - heal_on_elimination
      - start_heal(heal=2)
  - name: Nobody
    life: 9
`

func ExampleParseCharacterFile() {
	g, specs, err := lab.ParseCharacterFile([]byte(diceFile), "dice.yaml", dicegame.Game)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, sp := range specs {
		powers := sp.Powers.Format(g.Primitives)
		if powers == "" {
			powers = "no powers"
		}
		fmt.Printf("%s, %d life: %s\n  %s\n", sp.Name, sp.Life, powers, sp.Ability)
	}
	fmt.Println(g.CharacterSet().Len(), "characters")
	// Output:
	// Lucky Twin, 8 life: extra_rerolls(rerolls=1)
	//   rerolls once more a turn, as Lucky Duke
	// Field Medic, 7 life: end_heal(heal=1,bullseyes=0) + heal_on_elimination(heal=2) + start_heal(heal=2)
	//   gains life at the end of his turn if his dice show few Bull's Eyes (heal=1, bullseyes=0); gains life when another player is eliminated (heal=2); at the start of his turn, a player of his choice gains life (heal=2)
	// Nobody, 9 life: no powers
	//   none
	// 20 characters
}

// Each mistake is one line naming the file, the line and the field, and saying what is
// allowed.
func TestCharacterFileErrors(t *testing.T) {
	one := func(body string) string { return "game: dice\ncharacters:\n  - name: Twin\n    life: 8\n" + body }
	many := func(n int) string {
		var b strings.Builder
		b.WriteString("game: dice\ncharacters:\n")
		for i := range n {
			fmt.Fprintf(&b, "  - {name: C%d, life: 5}\n", i)
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, file, want string
	}{
		{"empty", "", "f.yaml: (file): the file is empty"},
		{"not a mapping", "- a\n", "f.yaml:1: (file): want a mapping with game and characters"},
		{"syntax", "game: dice\ncharacters: [\n", "f.yaml:3: (syntax):"},
		{"two documents", "game: dice\n---\ngame: dice\n", "f.yaml:2: (file): a second YAML document"},
		{"unknown key", "game: dice\nplayers: 5\n", "f.yaml:2: players: unknown field (allowed: game, characters)"},
		{"no game", "characters: []\n", "f.yaml:1: game: missing"},
		{"unknown game", "game: chess\n", `f.yaml:1: game: unknown game "chess" (allowed: `},
		{"other game", "game: card\n", "f.yaml:1: game: the file is for the card game, and the command plays dice (give --game card"},
		{"no characters", "game: dice\n", "f.yaml:1: characters: missing"},
		{"empty list", "game: dice\ncharacters: []\n", "f.yaml:2: characters: the list is empty"},
		{"characters not a list", "game: dice\ncharacters: 3\n", "f.yaml:2: characters: want a list"},
		{"unknown character key", one("    speed: 3\n"), "f.yaml:5: characters[0].speed: unknown field (allowed: name, life, ability, powers)"},
		{"no name", "game: dice\ncharacters:\n  - life: 8\n", "f.yaml:3: characters[0].name: missing"},
		{"empty name", "game: dice\ncharacters:\n  - name: ' '\n    life: 8\n", "f.yaml:3: characters[0].name: empty"},
		{"comma in name", "game: dice\ncharacters:\n  - name: 'a,b'\n    life: 8\n", "f.yaml:3: characters[0].name: \"a,b\" has a comma"},
		{"printed name", "game: dice\ncharacters:\n  - name: lucky duke\n    life: 8\n", `f.yaml:3: characters[0].name: "lucky duke" is taken (as a printed character)`},
		{"printed slug", "game: dice\ncharacters:\n  - name: Sid-Ketchum\n    life: 8\n", `f.yaml:3: characters[0].name: "Sid-Ketchum" is taken (as a printed character)`},
		{"plain", "game: dice\ncharacters:\n  - name: Plain\n    life: 8\n", `characters[0].name: "Plain" is taken`},
		{"random", "game: dice\ncharacters:\n  - name: Random\n    life: 8\n", `f.yaml:3: characters[0].name: "Random" is what --characters calls the random deal`},
		{"duplicate name", one("  - name: twin\n    life: 7\n"), `f.yaml:5: characters[1].name: "twin" is taken (as "Twin" on line 3)`},
		{"no life", "game: dice\ncharacters:\n  - name: Twin\n", "f.yaml:3: characters[0].life: missing: say the character's starting life (allowed: 1 to 127)"},
		{"life zero", "game: dice\ncharacters:\n  - name: Twin\n    life: 0\n", "f.yaml:4: characters[0].life: 0 is out of range (allowed: 1 to 127)"},
		{"life high", "game: dice\ncharacters:\n  - name: Twin\n    life: 128\n", "f.yaml:4: characters[0].life: 128 is out of range (allowed: 1 to 127)"},
		{"life text", "game: dice\ncharacters:\n  - name: Twin\n    life: lots\n", `f.yaml:4: characters[0].life: "lots" is not a whole number (allowed: 1 to 127)`},
		{"ability lines", one("    ability: |\n      one\n      two\n"), "f.yaml:5: characters[0].ability: more than one line"},
		{"powers not a list", one("    powers: extra_rerolls\n"), "f.yaml:5: characters[0].powers: want a list"},
		{"unknown primitive", one("    powers:\n      - fly\n"), `f.yaml:6: characters[0].powers[0]: no primitive "fly" (the game's: arrow_for_life, reroll_dynamite,`},
		{"unknown primitive mapping", one("    powers:\n      - fly: {height: 2}\n"), `f.yaml:6: characters[0].powers[0]: no primitive "fly" (the game's: arrow_for_life,`},
		{"unknown parameter", one("    powers:\n      - double_bullseye: {damge: 3}\n"), `f.yaml:6: characters[0].powers[0].double_bullseye.damge: double_bullseye has no parameter "damge" (allowed: damage, beers)`},
		{"parameter of none", one("    powers:\n      - extra_rerolls(rerolls=1,more=2)\n"), `f.yaml:6: characters[0].powers[0]: extra_rerolls has no parameter "more" (allowed: rerolls)`},
		{"out of range", one("    powers:\n      - extra_rerolls: {rerolls: 9}\n"), "f.yaml:6: characters[0].powers[0].extra_rerolls.rerolls: extra_rerolls.rerolls: 9 is out of range (allowed: 0 to 5; default 1)"},
		{"not a number", one("    powers:\n      - extra_rerolls: {rerolls: two}\n"), `f.yaml:6: characters[0].powers[0].extra_rerolls.rerolls: extra_rerolls.rerolls: "two" is not a whole number (allowed: 0 to 5; default 1)`},
		{"short form out of range", one("    powers:\n      - extra_rerolls(rerolls=6)\n"), "f.yaml:6: characters[0].powers[0]: extra_rerolls.rerolls: 6 is out of range (allowed: 0 to 5; default 1)"},
		{"short form unclosed", one("    powers:\n      - extra_rerolls(rerolls=1\n"), "f.yaml:6: characters[0].powers[0]: \"extra_rerolls(rerolls=1\" has no closing ')'"},
		{"parameter twice", one("    powers:\n      - extra_rerolls(rerolls=1,rerolls=2)\n"), "f.yaml:6: characters[0].powers[0]: extra_rerolls.rerolls is given twice"},
		{"two in one item", one("    powers:\n      - {extra_rerolls: , reach: }\n"), "f.yaml:6: characters[0].powers[0]: 2 primitives in one item"},
		{"same primitive twice", one("    powers:\n      - reach\n      - end_heal\n      - reach: {reach: 2}\n"), "f.yaml:8: characters[0].powers[2]: reach is given twice (first on line 6)"},
		{"too many powers", one("    powers: [reach, end_heal, start_heal, low_beer, indian_cap]\n"), "f.yaml:5: characters[0].powers[4]: one power too many: a character composes at most 4 primitives"},
		{"too many characters", many(bang.MaxCharacters), fmt.Sprintf("f.yaml:%d: characters[%d]: one character too many: a game holds at most 64 characters, the 17 printed and Plain and 47 added", 3+bang.MaxCharacters-int(bang.NumCharacters), bang.MaxCharacters-int(bang.NumCharacters))},
		{"parameters not a mapping", one("    powers:\n      - reach: 2\n"), "f.yaml:6: characters[0].powers[0].reach: want a mapping"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := lab.ParseCharacterFile([]byte(tc.file), "f.yaml", dicegame.Game)
			if err == nil {
				t.Fatalf("accepted:\n%s", tc.file)
			}
			var fe *lab.FileError
			if !errors.As(err, &fe) {
				t.Errorf("%v is no *lab.FileError", err)
			}
			if !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
}

// A choice is read by name or by number, and written back by name.
func TestCharacterFileChoices(t *testing.T) {
	table := []bang.Primitive{{Name: "draw_on_hit", Params: []bang.PrimitiveParam{
		{Name: "cards", Min: 0, Max: 3, Default: 1},
		{Name: "by", Max: 2, Choices: []string{"any", "bang", "duel"}}}}}
	for _, text := range []string{"draw_on_hit(by=duel)", "draw_on_hit(by=2)", "draw_on_hit(by=Duel,cards=1)", "draw_on_hit( cards = 1 , by = duel )"} {
		pw, err := lab.ParsePower(table, text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if got := pw.Format(table); got != "draw_on_hit(cards=1,by=duel)" {
			t.Errorf("%s reads as %s", text, got)
		}
	}
	_, err := lab.ParsePower(table, "draw_on_hit(by=gatling)")
	if want := `draw_on_hit.by: "gatling" is not one of its choices (allowed: any, bang, duel, or their numbers 0 to 2; default any)`; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	_, err = lab.ParsePower(table, "draw_on_hit(by=3)")
	if want := "draw_on_hit.by: 3 is out of range (allowed: any, bang, duel, or their numbers 0 to 2; default any)"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// Every printed character's powers, as `bangsim characters` shows them, read back to
// the same powers in both games: a designer may copy them into a file.
func TestPrintedPowersReadBack(t *testing.T) {
	for _, g := range []*lab.Game{dicegame.Game, cardgame.Game} {
		if g.PrintedPowers == nil || len(g.Primitives) == 0 {
			t.Fatalf("%s: no primitives", g.Name)
		}
		for c := range bang.Character(bang.NumRealCharacters) {
			p := g.PrintedPowers(c)
			for _, pw := range p {
				if pw.Prim == 0 {
					continue
				}
				text := pw.Format(g.Primitives)
				back, err := lab.ParsePower(g.Primitives, text)
				if err != nil || back != pw {
					t.Errorf("%s %s: %s reads back as %v, %v", g.Name, c, text, back, err)
				}
			}
		}
	}
}

// The card game's file reads when its engine plays added characters, and otherwise
// says it does not.
func TestCharacterFileCardGame(t *testing.T) {
	file := "game: card\ncharacters:\n  - name: Duel Dodger\n    life: 3\n    ability: draws a card when hit by a Duel\n    powers:\n      - draw_on_hit: {cards: 1, by: duel}\n  - name: Lucky Twin\n    life: 4\n    powers:\n      - lucky_draw\n"
	g, specs, err := lab.ParseCharacterFile([]byte(file), "card.yaml", cardgame.Game)
	if cardgame.Game.WithCharacters == nil {
		if err == nil || err.Error() != "card.yaml:1: game: the card game plays no added characters yet" {
			t.Fatalf("got %v", err)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if got := specs[0].Powers.Format(g.Primitives); got != "draw_on_hit(cards=1,by=duel)" {
		t.Errorf("Duel Dodger: %s", got)
	}
	if got := specs[1].Powers.Format(g.Primitives); got != "lucky_draw(cards=2)" {
		t.Errorf("Lucky Twin: %s", got)
	}
}

// run.json's record of the added characters rebuilds the same game.
func TestRecordedCharactersRebuild(t *testing.T) {
	g, specs, err := lab.ParseCharacterFile([]byte(diceFile), "dice.yaml", dicegame.Game)
	if err != nil {
		t.Fatal(err)
	}
	rec := lab.RecordCharacters(g)
	if len(rec) != 3 || rec[1].Powers[2] != "start_heal(heal=2)" || len(rec[2].Powers) != 0 {
		t.Fatalf("record %+v", rec)
	}
	if lab.RecordCharacters(dicegame.Game) != nil {
		t.Error("the printed game records added characters")
	}
	back, err := lab.WithRecorded(dicegame.Game, rec)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.CharacterSet().Specs()[bang.NumCharacters:]; !reflect.DeepEqual(got, specs) {
		t.Errorf("rebuilt %+v\nwant    %+v", got, specs)
	}
	rec[0].Powers[0] = "extra_rerolls(rerolls=7)"
	if _, err := lab.WithRecorded(dicegame.Game, rec); err == nil || !strings.Contains(err.Error(), "Lucky Twin: extra_rerolls.rerolls: 7 is out of range") {
		t.Errorf("a bad record: %v", err)
	}
}

// The file's lives are the ones the game deals: an added character's life is its own,
// the printed ones' unchanged.
func TestCharacterFileLives(t *testing.T) {
	g, _, err := lab.ParseCharacterFile([]byte(diceFile), "dice.yaml", dicegame.Game)
	if err != nil {
		t.Fatal(err)
	}
	set := g.CharacterSet()
	c, err := set.Parse("field medic")
	if err != nil || set.Life(c) != 7 || c != bang.NumCharacters+1 {
		t.Errorf("Field Medic: %v, life %d, number %d", err, set.Life(c), c)
	}
	if set.Life(bang.LuckyDuke) != dice.Life(bang.LuckyDuke) {
		t.Errorf("Lucky Duke's life %d", set.Life(bang.LuckyDuke))
	}
}

// The parser never panics, and a file it accepts formats back to one that reads to the
// same characters.
func FuzzCharacterFile(f *testing.F) {
	for _, seed := range []string{
		diceFile,
		"game: dice\ncharacters:\n  - {name: A, life: 1, powers: [reach, {low_beer: {heal: 5, at_most: 0}}]}\n",
		"game: dice\ncharacters:\n  - name: \"Émile \\\"Q\\\" O'Hara\"\n    life: 127\n    ability: ''\n    powers: []\n",
		"game: dice\ncharacters:\n  - name: x\n    life: 3\n    powers:\n      - double_bullseye(damage=5,beers=0)\n      - gatling_discount: \n",
		"game: card\ncharacters:\n  - name: Duel Dodger\n    life: 3\n    powers:\n      - draw_on_hit: {cards: 1, by: duel}\n",
		"game: dice\ncharacters: &a\n  - *a\n",
		"game: dice\ncharacters:\n  - name: Twin\n    life: 8\n    powers: [reach, reach]\n",
		"game: dice\ncharacters:\n  - name: Twin\n    life: 0x10\n",
		"game: dice\n---\n",
		"{",
		"",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		watchdog := time.AfterFunc(3*time.Second, func() { panic(fmt.Sprintf("%d bytes still read after 3s: %q", len(data), data)) })
		defer watchdog.Stop()
		g, specs, err := lab.ParseCharacterFile(data, "f.yaml", dicegame.Game)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("an error of more than one line: %q", err)
			}
			return
		}
		if g.CharacterSet().Len() != int(bang.NumCharacters)+len(specs) {
			t.Fatalf("%d characters in the game for %d added", g.CharacterSet().Len(), len(specs))
		}
		out, err := lab.FormatCharacterFile(g, specs)
		if err != nil {
			t.Fatal(err)
		}
		_, again, err := lab.ParseCharacterFile(out, "formatted.yaml", dicegame.Game)
		if err != nil {
			t.Fatalf("the formatted file does not read back: %v\n%s", err, out)
		}
		if !reflect.DeepEqual(again, specs) {
			t.Fatalf("read back %+v\nwant      %+v\n%s", again, specs, out)
		}
	})
}
