package dicegame

import (
	"reflect"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/internal/seed"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/strategy/dicebots"
)

// TestDescriptorPrimitives: the descriptor lists the engine's primitives, the printed
// cards' powers, and WithCharacters plays added characters, whose Ability line is
// their spec's or, with none, their powers written out.
func TestDescriptorPrimitives(t *testing.T) {
	if !reflect.DeepEqual(Game.Primitives, dice.Primitives()) {
		t.Error("Game.Primitives is not the engine's table")
	}
	def := dice.DefaultAbilities()
	for c := range bang.NumCharacters {
		if Game.PrintedPowers(c) != dice.PrintedPowers(c, &def) {
			t.Errorf("%s: PrintedPowers %v", c, Game.PrintedPowers(c))
		}
	}
	lucky := Game.PrintedPowers(dice.LuckyDuke)
	lucky[0].Args[0] = 2
	lucky[1] = Game.PrintedPowers(dice.Jourdonnais)[0]
	g, err := Game.WithCharacters([]bang.CharacterSpec{
		{Name: "Lucky Jourdonnais", Life: 7, Powers: lucky},
		{Name: "Said", Life: 9, Ability: "his own words", Powers: Game.PrintedPowers(dice.SidKetchum)},
	})
	if err != nil {
		t.Fatal(err)
	}
	infos := g.Characters
	if len(infos) != int(bang.NumCharacters)+2 {
		t.Fatalf("%d characters", len(infos))
	}
	if got, want := infos[bang.NumCharacters].Ability, "extra_rerolls(rerolls=2) + indian_cap(max_loss=1)"; got != want {
		t.Errorf("ability line %q, want %q", got, want)
	}
	if got := infos[bang.NumCharacters+1].Ability; got != "his own words" {
		t.Errorf("ability line %q, want the spec's", got)
	}
	twice := bang.Powers{Game.PrintedPowers(dice.LuckyDuke)[0], Game.PrintedPowers(dice.LuckyDuke)[0]}
	_, err = Game.WithCharacters([]bang.CharacterSpec{{Name: "Twice Lucky", Life: 8, Powers: twice}})
	if err == nil || err.Error() != "Twice Lucky: extra_rerolls given twice; give it once, with the arguments wanted" {
		t.Errorf("a primitive twice: %v", err)
	}
}

// twinTable prepares game g at n players with the characters listed at fixed seats and
// the --ability text, and returns a table of the default bot.
func twinTable(t *testing.T, g *lab.Game, n int, chars []string, ability string) *prepared {
	t.Helper()
	rules := make([]lab.Value, len(g.Rules))
	for i, p := range g.Rules {
		rules[i] = lab.Value{Int: p.Default, Text: p.DefaultText}
		if p.Name == "ability" {
			rules[i].Text = ability
		}
	}
	c, err := lab.NewChoice(g, lab.Config{Game: g.Name, Policy: dicebots.DefaultPolicy, Characters: strings.Join(chars, ","), FixedSeats: true, Rules: rules}, 0, []int{n})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := g.Prepare(c)
	if err != nil {
		t.Fatal(err)
	}
	return pr.(*prepared)
}

// TestTwinThroughTheLab: for every printed character, the dice game with an added "c
// Twin" (c's life, c's powers with the run's --ability values) seated where c sits
// plays the very same games as with c, through the lab's choice, preparation and
// table: the same events and the same outcome, game after game.
func TestTwinThroughTheLab(t *testing.T) {
	abilities := []string{"", "lucky-duke.rerolls=3,jourdonnais.max_loss=2,rose-doolan.reach=2,slab-the-killer.beers=0,suzy-lafayette.bullseyes=2,willy-the-kid.fewer=2,bart-cassidy.keep_pile=4,pedro-ramirez.returns=2"}
	const n, games = 5, 15
	for c := range dice.Character(dice.NumRealCharacters) {
		for _, ab := range abilities {
			a := dice.DefaultAbilities()
			vals, err := lab.ParseAbilities(abilityTable, ab)
			if err != nil {
				t.Fatal(err)
			}
			for i, p := range dice.AbilityParams() {
				p.Set(&a, vals[i])
			}
			twin := c.String() + " Twin"
			g, err := WithCharacters(bang.CharacterSpec{Name: twin, Life: dice.Life(c), Powers: dice.PrintedPowers(c, &a)})
			if err != nil {
				t.Fatal(err)
			}
			chars := []string{"plain", "plain", "plain", "plain", "plain"}
			for s := range chars {
				if o := dice.Character((int(c) + 3 + 5*s) % int(dice.NumRealCharacters)); o != c {
					chars[s] = o.String()
				}
			}
			at := int(c) % n
			chars[at] = c.String()
			orig := twinTable(t, g, n, chars, ab)
			chars[at] = twin
			twinP := twinTable(t, g, n, chars, ab)
			ro, err := orig.rules(n)
			if err != nil {
				t.Fatal(err)
			}
			rc, err := twinP.rules(n)
			if err != nil {
				t.Fatal(err)
			}
			for i := range uint64(games) {
				var evs [2][]dice.Event
				var ends [2]dice.State
				for k, p := range []*prepared{orig, twinP} {
					r := []dice.Rules{ro, rc}[k]
					tb, err := p.newTable(r)
					if err != nil {
						t.Fatal(err)
					}
					tb.OnEvents = func(ev []dice.Event) { evs[k] = append(evs[k], ev...) }
					ends[k] = *tb.Play(seed.ForGame(3, i))
				}
				if ends[1].Char[at] != dice.NumCharacters {
					t.Fatalf("%s: seat %d holds %s", twin, at, ends[1].Char[at])
				}
				if !reflect.DeepEqual(evs[0], evs[1]) || ends[0].Outcome != ends[1].Outcome {
					t.Fatalf("%s, --ability %q, game %d: the twin's game differs from the printed one's", twin, ab, i)
				}
			}
		}
	}
}
