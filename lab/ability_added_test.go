package lab_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// addedGame returns base with one added character, Tester, of life and the powers
// written in short form.
func addedGame(t *testing.T, base *lab.Game, life int, powers ...string) *lab.Game {
	t.Helper()
	sp := bang.CharacterSpec{Name: "Tester", Life: life}
	for i, text := range powers {
		pw, err := lab.ParsePower(base.Primitives, text)
		if err != nil {
			t.Fatal(err)
		}
		sp.Powers[i] = pw
	}
	g, err := base.WithCharacters([]bang.CharacterSpec{sp})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// addedCases are a card and a dice character whose powers share a parameter name (so
// the keys carry the primitive's name), with the keys each game gives them and the
// file's values.
var addedCases = []struct {
	base    *lab.Game
	life    int
	powers  []string
	keys    []string // the added rows' keys, in order
	def     []int    // their defaults: the file's values
	set     string   // an --ability text away from the file
	canon   string   // its canonical text
	bad     string   // an --ability text out of range
	badLine string   // its one line
}{
	{cardgame.Game, 4, []string{"draw_on_hit(cards=1,by=any)", "empty_hand_draw(cards=1)"},
		[]string{"tester.draw_on_hit_cards", "tester.by", "tester.empty_hand_draw_cards"}, []int{1, 0, 1},
		"Tester.by=DUEL, tester.draw_on_hit_cards=3", "tester.draw_on_hit_cards=3,tester.by=duel",
		"tester.empty_hand_draw_cards=4", "--ability: tester.empty_hand_draw_cards=4 is out of range (1 to 3; the file: 1)"},
	{dicegame.Game, 8, []string{"extra_rerolls(rerolls=1)", "end_heal(heal=1,bullseyes=1)", "heal_on_elimination(heal=2)"},
		[]string{"tester.rerolls", "tester.end_heal_heal", "tester.bullseyes", "tester.heal_on_elimination_heal"}, []int{1, 1, 1, 2},
		"tester.heal_on_elimination_heal=0,tester.rerolls=3", "tester.rerolls=3,tester.heal_on_elimination_heal=0",
		"tester.rerolls=6", "--ability: tester.rerolls=6 is out of range (0 to 5; the file: 1)"},
}

// An added character's every power parameter is a row of its game's --ability table,
// after the printed ones: listed by `characters`, set by --ability, recorded in run.json
// as canonical text that reads back to the same configuration, and refused out of range
// with one line naming the file's value.
func TestAddedAbilityKeys(t *testing.T) {
	for _, tc := range addedCases {
		t.Run(tc.base.Name, func(t *testing.T) {
			g := addedGame(t, tc.base, tc.life, tc.powers...)
			printed := len(tc.base.Abilities)
			if len(g.Abilities) != printed+len(tc.keys) || !reflect.DeepEqual(g.Abilities[:printed], tc.base.Abilities) {
				t.Fatalf("%d rows, want the %d printed then %d", len(g.Abilities), printed, len(tc.keys))
			}
			for i, key := range tc.keys {
				p := g.Abilities[printed+i]
				if p.Key() != key || p.Default != tc.def[i] || !p.Added || p.Character != "Tester" || p.Doc == "" {
					t.Errorf("row %d: %+v, want %s default %d", i, p, key, tc.def[i])
				}
			}
			info := g.Characters[len(g.Characters)-1]
			if info.Slug != "tester" || len(info.Params) != len(tc.keys) || info.Params[0].Key() != tc.keys[0] {
				t.Errorf("characters lists %s with %d params", info.Slug, len(info.Params))
			}
			cfg := lab.Config{Game: g.Name, Characters: "Tester,Plain,Plain,Plain", FixedSeats: true}
			bad, _ := cfg.WithRule(g, lab.AbilityOptionName, lab.Value{Text: tc.bad})
			if _, err := bad.CanonicalIn(g); err == nil || err.Error() != tc.badLine {
				t.Errorf("out of range: %v, want %q", err, tc.badLine)
			}
			cfg, _ = cfg.WithRule(g, lab.AbilityOptionName, lab.Value{Text: tc.set})
			canon, err := cfg.CanonicalIn(g)
			if err != nil {
				t.Fatal(err)
			}
			if got := canon.Rules[lab.Lookup(g.Rules, lab.AbilityOptionName)].Text; got != tc.canon {
				t.Errorf("canonical %q, want %q", got, tc.canon)
			}
			// run.json: its added characters and its rules give back the configuration.
			rec, _ := playAdded(t, g, canon, 4, 2)
			b, _ := json.Marshal(rec)
			var back resultfile.Run
			if err := json.Unmarshal(b, &back); err != nil {
				t.Fatal(err)
			}
			if back.Rules.Get(lab.AbilityOptionName) != tc.canon {
				t.Errorf("run.json ability %v", back.Rules.Get(lab.AbilityOptionName))
			}
			g2, err := lab.WithRecorded(tc.base, back.Characters)
			if err != nil {
				t.Fatal(err)
			}
			got, err := lab.ConfigFromRun(g2, &back)
			if err != nil {
				t.Fatal(err)
			}
			if canon.Players = []int{4}; !reflect.DeepEqual(got, canon) {
				t.Errorf("run.json's configuration %s, want %s", got, canon)
			}
		})
	}
}

// playAdded plays games of g under cfg at n players from seed 5 and returns run.json's
// record and the tallies as JSON.
func playAdded(t *testing.T, g *lab.Game, cfg lab.Config, n int, games uint64) (*resultfile.Run, string) {
	t.Helper()
	c, err := lab.NewChoice(g, cfg, 5, []int{n})
	if err != nil {
		t.Fatal(err)
	}
	p, err := g.Prepare(c)
	if err != nil {
		t.Fatal(err)
	}
	canon, err := cfg.CanonicalIn(g)
	if err != nil {
		t.Fatal(err)
	}
	rec, played, err := lab.Run(context.Background(), lab.RunSpec{Game: g, Prepared: p, Seed: 5, Players: []int{n},
		Games: games, Shard: resultfile.Shard{K: 1, N: 1}, Workers: 1, Config: canon.String()})
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(played)
	if err != nil {
		t.Fatal(err)
	}
	return rec, string(b)
}

// An added character's parameter set away from the file changes the games the engine
// plays (it reads the powers from the rules' deal), and set at the file's value plays
// the very games of no --ability.
func TestAddedAbilityPlays(t *testing.T) {
	for _, tc := range addedCases {
		t.Run(tc.base.Name, func(t *testing.T) {
			g := addedGame(t, tc.base, tc.life, tc.powers...)
			cfg := lab.Config{Game: g.Name, Characters: "Tester,Plain,Plain,Plain", FixedSeats: true}
			_, plain := playAdded(t, g, cfg, 4, 200)
			atFile, _ := cfg.WithRule(g, lab.AbilityOptionName, lab.Value{Text: tc.keys[0] + "=" + itoa(tc.def[0])})
			if _, same := playAdded(t, g, atFile, 4, 200); same != plain {
				t.Error("the file's value given by --ability plays other games")
			}
			changed, _ := cfg.WithRule(g, lab.AbilityOptionName, lab.Value{Text: tc.set})
			if _, other := playAdded(t, g, changed, 4, 200); other == plain {
				t.Errorf("%s plays the same games", tc.set)
			}
		})
	}
}

// TestFixUndoesPlantedAddedAbility: an added twin of Willy the Kid (his dice-game life
// and gatling_discount) in Willy's place in the pool, made stronger through his file
// parameter (fewer=2), is found and undone by --fix through that parameter, on fresh
// seeds, lives pinned as in TestFixUndoesPlantedAbility.
func TestFixUndoesPlantedAddedAbility(t *testing.T) {
	willy := dicegame.Game.PrintedPowers(bang.WillyTheKid)
	g := addedGame(t, dicegame.Game, dicegame.Game.CharacterSet().Life(bang.WillyTheKid), willy.Format(dicegame.Game.Primitives))
	const games, seed = 30000, 11
	const pool = "lucky-duke,black-jack,tester,el-gringo,pedro-ramirez,calamity-janet,bart-cassidy"
	spec := func(ability string) lab.BalanceSpec {
		cfg := lab.Config{Game: "dice", Policy: "heuristic", Characters: pool}
		cfg, _ = cfg.WithRule(g, lab.AbilityOptionName, lab.Value{Text: ability})
		c, err := lab.NewChoice(g, cfg, seed, []int{5})
		if err != nil {
			t.Fatal(err)
		}
		p, err := g.Prepare(c)
		if err != nil {
			t.Fatal(err)
		}
		return lab.BalanceSpec{Run: lab.RunSpec{Game: g, Prepared: p, Seed: seed, Players: []int{5}, Games: games,
			Shard: resultfile.Shard{K: 1, N: 1}, Workers: 2}, Config: cfg, Alpha: 0.05}
	}
	cr, err := lab.RunBalance(context.Background(), spec(""))
	if err != nil {
		t.Fatal(err)
	}
	w, h := worstAll(cr.Balance)
	eps := w + h
	s := spec("tester.fewer=2")
	base, err := lab.RunBalance(context.Background(), s)
	if err != nil {
		t.Fatal(err)
	}
	if pw, _ := worstAll(base.Balance); pw <= eps {
		t.Fatalf("the plant is not seen: worst %.3f within %.3f", pw, eps)
	}
	res, err := lab.FixBalance(context.Background(), s, base, lab.FixSpec{Epsilon: eps, Pins: []string{"life"}, FreshSeed: 99})
	if err != nil {
		t.Fatal(err)
	}
	aw, ah := worstAll(res.After)
	t.Logf("eps %.3f; changes %v; fresh seeds: worst %.3f ± %.3f", eps, res.Changes, aw, ah)
	if len(res.Changes) != 1 || res.Changes[0].Key != "tester.fewer" || res.Changes[0].To >= 2 {
		t.Fatalf("changes %v, want tester.fewer lowered alone", res.Changes)
	}
	if aw > eps+ah {
		t.Errorf("fresh seeds: worst %.3f beyond %.3f plus noise %.3f", aw, eps, ah)
	}
	if got := lab.FixFlags(res.Changes); len(got) != 1 || got[0] != "--ability tester.fewer="+itoa(res.Changes[0].To) {
		t.Errorf("flags %v", got)
	}
}

// What ties two parameters of a card-game power is the engine's rule (look_keep keeps
// fewer than it looks at, card.CheckPowers): --ability breaking it is one line naming
// the character, and so is a file's character breaking it.
func TestAddedAbilityLookKeep(t *testing.T) {
	g := addedGame(t, cardgame.Game, 4, "look_keep(look=3,keep=2)")
	cfg := lab.Config{Game: g.Name, Characters: "Tester,Plain,Plain,Plain", FixedSeats: true}
	cfg, _ = cfg.WithRule(g, lab.AbilityOptionName, lab.Value{Text: "tester.keep=3"})
	c, err := lab.NewChoice(g, cfg, 1, []int{4})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Prepare(c); err == nil || err.Error() != "--ability: Tester: look_keep keeps 3 of 3 cards looked at, want fewer than it looks at" {
		t.Errorf("keep=3 of 3: %v", err)
	}
	pw, err := lab.ParsePower(cardgame.Game.Primitives, "look_keep(look=2,keep=2)")
	if err != nil {
		t.Fatal(err)
	}
	_, err = cardgame.WithCharacters(bang.CharacterSpec{Name: "Greedy", Life: 4, Powers: bang.Powers{pw}})
	if err == nil || err.Error() != "Greedy: look_keep keeps 2 of 2 cards looked at, want fewer than it looks at" {
		t.Errorf("a file's keep=2 of 2: %v", err)
	}
}
