package cardgame

import (
	"strings"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// addedTable prepares game g at 5 players from cfg (fixed seats) and returns a table of
// the default bots.
func addedTable(t *testing.T, g *lab.Game, cfg lab.Config) *card.Table {
	t.Helper()
	c, err := lab.NewChoice(g, cfg, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	pr, err := g.Prepare(c)
	if err != nil {
		t.Fatal(err)
	}
	p := pr.(*prepared)
	r, err := p.rules(5)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := p.newTable(r)
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// An added character composed of primitives deals, plays and takes --life through the
// lab: its declared life, the change and the Sheriff's point.
func TestAddedCharacterPlays(t *testing.T) {
	var pw bang.Powers
	pw[0], _ = bang.NewPower(card.Primitives(), card.PrimBangLimit, 2)
	pw[1], _ = bang.NewPower(card.Primitives(), card.PrimSeesCloser, 1)
	g, err := WithCharacters(bang.CharacterSpec{Name: "Tester", Life: 3, Ability: "two BANG!s, sees closer", Powers: pw})
	if err != nil {
		t.Fatal(err)
	}
	kit := g.PrintedPowers(card.KitCarlson)
	if g.Primitives == nil || g.WithCharacters == nil || kit.Format(g.Primitives) != "look_keep(look=3,keep=2)" {
		t.Fatalf("descriptor: %d primitives, Kit %q", len(g.Primitives), kit.Format(g.Primitives))
	}
	cfg := lab.Config{Game: g.Name, Characters: "Tester,Bart Cassidy,Kit Carlson,Lucky Duke,Rose Doolan", FixedSeats: true}
	cfg, err = cfg.WithRule(g, "life", lab.Value{Text: "tester=+1"})
	if err != nil {
		t.Fatal(err)
	}
	tb := addedTable(t, g, cfg)
	for i := uint64(0); i < 20; i++ {
		st := tb.Play(seed.ForGame(3, i))
		if st.Char[0] != card.NumCharacters || st.MaxLife[0] != 5 {
			t.Fatalf("seat 0: character %d, max life %d, want %d and 5", st.Char[0], st.MaxLife[0], card.NumCharacters)
		}
		if !st.Over {
			t.Fatalf("game %d not over", i)
		}
	}
}

// For every printed character, its twin from its primitives (g.PrintedPowers), seated
// in its place, plays the same games with the default bots as the printed one does:
// the bots follow the primitives too.
func TestTwinsPlayTheSameGamesWithTheBots(t *testing.T) {
	for c := range card.Character(card.NumRealCharacters) {
		g, err := WithCharacters(bang.CharacterSpec{Name: c.String() + " Twin", Life: card.Life(c), Ability: card.Ability(c), Powers: printedPowers(c)})
		if err != nil {
			t.Fatal(err)
		}
		seats := []string{"Bart Cassidy", "Calamity Janet", "Paul Regret", "Sid Ketchum", "Willy the Kid"}
		if c == card.BartCassidy || c == card.CalamityJanet || c == card.PaulRegret || c == card.SidKetchum || c == card.WillyTheKid {
			seats = []string{"Black Jack", "El Gringo", "Jesse Jones", "Lucky Duke", "Vulture Sam"}
		}
		k := int(c) % 5
		printed, twin := append([]string(nil), seats...), append([]string(nil), seats...)
		printed[k], twin[k] = c.String(), c.String()+" Twin"
		a := addedTable(t, g, lab.Config{Game: g.Name, Characters: strings.Join(printed, ","), FixedSeats: true})
		b := addedTable(t, g, lab.Config{Game: g.Name, Characters: strings.Join(twin, ","), FixedSeats: true})
		for i := uint64(0); i < 25; i++ {
			x := *a.Play(seed.ForGame(5, i))
			y := *b.Play(seed.ForGame(5, i))
			if y.Char[k] != card.NumCharacters {
				t.Fatalf("%s: the twin is not seated", c)
			}
			y.Char[k] = c
			if x.Board != y.Board || x.Counters != y.Counters || x.Outcome != y.Outcome || x.Hand != y.Hand || x.Record != y.Record {
				t.Fatalf("%s, game %d: the twin's game differs", c, i)
			}
		}
	}
}
