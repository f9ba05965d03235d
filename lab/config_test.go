package lab_test

import (
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/lab/cardgame"
	"github.com/bangsim/bangsim/lab/dicegame"
	"github.com/bangsim/bangsim/sim/bang"
)

// The codec looks games up by name, as the commands do.
func init() {
	lab.Register(dicegame.Game)
	lab.Register(cardgame.Game)
}

// The canonical text: game first, then players, bots, characters and the rule options
// in the game's table order, defaults left out, bots in their canonical spec, names in
// any case and spacing read alike (the examples among them).
func TestConfigCanonical(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"card(players=5,characters=plain,remove-cards=Dynamite)", "card(players=5,characters=plain,remove-cards=Dynamite)"},
		{" CARD ( remove-cards = Dynamite , Characters=PLAIN, players=5 ) ", "card(players=5,characters=plain,remove-cards=Dynamite)"},
		{"dice", "dice"},
		{"dice()", "dice"},
		{"dice(policy=heuristic,characters=random,arrows=9,sheriff-bonus=2,resolve-after-death=false)", "dice"},
		{"card(policy=heuristic(beer_below=3))", "card(policy=heuristic(beer_below=3))"},
		{"card(policy=heuristic(suspect=3, beer_below=3))", "card(policy=heuristic(beer_below=3))"},
		{"card(policy=Heuristic(Beer_Below=2))", "card"},
		{"dice(players=5,4,3)", ""}, // a bare list must be quoted
		{`dice(players="5,4,3")`, "dice(players=3-5)"},
		{`dice(players="4,5")`, "dice(players=4-5)"},
		{`dice(players="3,5")`, `dice(players="3,5")`},
		{`dice(players="3-5,8")`, `dice(players="3-5,8")`},
		{"dice(policy-for=Renegade=random,policy-for=outlaw=random)", "dice(policy-for=outlaw=random,policy-for=renegade=random)"},
		{`dice(characters="willy-the-kid,EL GRINGO",fixed-seats=true,players=3)`, `dice(players=3,characters="Willy the Kid,El Gringo",fixed-seats=true)`},
		{`dice(distance-either-way=true,arrows=6)`, `dice(arrows=6,distance-either-way=true)`},
		{`card(life="el-gringo=+1,Willy the Kid=-2")`, `card(life="El Gringo=+1,Willy the Kid=-2")`},
		{`card(life="Willy the Kid=-2,el-gringo=+1")`, `card(life="El Gringo=+1,Willy the Kid=-2")`},
		{`card(high-noon=2,max-turns=300)`, `card(max-turns=300,high-noon=2)`},
	} {
		c, err := lab.ParseConfig(tc.in)
		if tc.want == "" {
			if err == nil {
				t.Errorf("ParseConfig(%q) = %s, want an error", tc.in, c)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseConfig(%q): %v", tc.in, err)
			continue
		}
		if got := c.String(); got != tc.want {
			t.Errorf("ParseConfig(%q).String() = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Every mistake is one plain sentence naming the text and what is wrong.
func TestConfigErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "empty"},
		{"poker", `unknown game "poker"`},
		{"card(player=5)", "player is not an option of game card (players, policy, policy-for, characters, fixed-seats, max-turns"},
		{"dice(remove-cards=Jail)", "remove-cards is not an option of game dice"},
		{"card(players=5,players=6)", "players is given twice"},
		{"card(players=9)", `9 players is outside 4 to 7`},
		{"dice(arrows=0)", "--arrows 0 is out of range (1 to 60)"},
		{"dice(arrows=many)", `arrows "many": want a whole number`},
		{"dice(gatling=3", "missing ')'"},
		{"dice(policy=heuristic(beer_below=3)", "missing ')'"},
		{"dice(policy=heuristic(beer_below=3", "a '(' without its ')'"},
		{"dice(policy=nobody)", "unknown policy"},
		{`dice(characters="plain",fixed-seats=true)`, "--fixed-seats needs a list of characters"},
		{"dice(policy-for=sheriff=random,players=3)", "no Sheriff sits at a table of 3 players"},
		{`dice(characters=a"b)`, "quote the whole value"},
		{`dice(life="x)`, "a quoted value that does not end"},
		{"dice(arrows=6) x", `unexpected "x" after ')'`},
	} {
		_, err := lab.ParseConfig(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseConfig(%q) = %v, want an error with %q", tc.in, err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("ParseConfig(%q): a message of more than one line: %q", tc.in, err)
		}
	}
}

// randomSpec writes a bot spec of g with random parameters, in random order and case.
func randomSpec(r *rand.Rand, g *lab.Game) string {
	ps := g.Policies()
	p := ps[r.IntN(len(ps))]
	if len(p.Params) == 0 || r.IntN(3) == 0 {
		return p.Name
	}
	var args []string
	for _, i := range r.Perm(len(p.Params)) {
		if r.IntN(2) == 0 {
			continue
		}
		q := p.Params[i]
		v := q.Default
		if q.Range == "true|false" {
			v = []string{"true", "false"}[r.IntN(2)]
		} else if lo, hi, ok := strings.Cut(q.Range, ".."); ok {
			a, _ := strconv.Atoi(lo)
			b, _ := strconv.Atoi(hi)
			v = strconv.Itoa(a + r.IntN(b-a+1))
		}
		key := q.Name
		if r.IntN(2) == 0 {
			key = strings.ToUpper(key)
		}
		args = append(args, key+"="+v)
	}
	return p.Name + "(" + strings.Join(args, ", ") + ")"
}

// randomConfig draws a configuration of g from its rule table, bots and characters,
// spelt as a user might (not canonical).
func randomConfig(r *rand.Rand, g *lab.Game) lab.Config {
	c := lab.Config{Game: g.Name}
	if r.IntN(4) > 0 {
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			if r.IntN(2) == 0 {
				c.Players = append(c.Players, n)
			}
		}
	}
	if r.IntN(2) == 0 {
		c.Policy = randomSpec(r, g)
	}
	roles := []string{"sheriff", "deputy", "outlaw", "renegade"}
	for _, i := range r.Perm(len(roles)) {
		if r.IntN(4) == 0 {
			c.PolicyFor = append(c.PolicyFor, roles[i]+"="+randomSpec(r, g))
		}
	}
	switch r.IntN(4) {
	case 1:
		c.Characters = "plain"
	case 2, 3:
		var names []string
		for _, i := range r.Perm(int(bang.NumCharacters))[:1+r.IntN(5)] {
			ch := bang.Character(i)
			if r.IntN(2) == 0 {
				names = append(names, ch.Slug())
			} else {
				names = append(names, ch.String())
			}
		}
		c.Characters = strings.Join(names, ",")
		c.FixedSeats = r.IntN(3) == 0
	}
	c.Rules = lab.Defaults(g.Rules)
	for i, p := range g.Rules {
		if r.IntN(2) == 0 {
			continue
		}
		switch {
		case p.Bool:
			c.Rules[i].Int = r.IntN(2)
		case p.Text && p.Name == "life":
			a, b := bang.Character(r.IntN(int(bang.NumCharacters))), bang.Character(r.IntN(int(bang.NumCharacters)))
			if a != b && a != bang.Plain && b != bang.Plain {
				c.Rules[i].Text = a.Slug() + "=+" + strconv.Itoa(r.IntN(6)) + "," + b.String() + "=-" + strconv.Itoa(r.IntN(6))
			}
		case p.Text:
			// A text the lab does not check: any characters, the codec's quoting too.
			c.Rules[i].Text = []string{"Dynamite", "Jail,Barrel", "a b", `q"uo\te`, "(x", "x)", "a(b,c)", " pad ", "é,ß"}[r.IntN(9)]
		default:
			c.Rules[i].Int = p.Min + r.IntN(p.Max-p.Min+1)
		}
	}
	return c
}

// The round trip over both games' rule tables and bots: the canonical form of a drawn
// configuration reads back from its text as itself, its text is stable, and the
// canonical form plays as the configuration as drawn (the same rules and bots once the
// game prepares them).
func TestConfigRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 1))
	tried := map[string]int{}
	for _, g := range []*lab.Game{dicegame.Game, cardgame.Game} {
		for i := 0; i < 400; i++ {
			raw := randomConfig(r, g)
			canon, err := raw.Canonical()
			if err != nil {
				continue // a role not dealt at the drawn counts, fixed seats too few: the user's mistake
			}
			tried[g.Name]++
			s := canon.String()
			back, err := lab.ParseConfig(s)
			if err != nil {
				t.Fatalf("ParseConfig(%q) of %#v: %v", s, raw, err)
			}
			if !reflect.DeepEqual(back, canon) {
				t.Fatalf("ParseConfig(%q) = %#v, want %#v", s, back, canon)
			}
			if back.String() != s {
				t.Fatalf("the text of %q is %q the second time", s, back.String())
			}
			players := canon.Players
			if players == nil {
				players = []int{g.DefaultPlayers}
			}
			a, errA := lab.NewChoice(g, raw, 1, players)
			b, errB := lab.NewChoice(g, canon, 1, players)
			if (errA == nil) != (errB == nil) {
				t.Fatalf("%s: NewChoice of the drawn form: %v, of the canonical form: %v", s, errA, errB)
			}
			if errA != nil {
				continue
			}
			pa, errA := g.Prepare(a)
			pb, errB := g.Prepare(b)
			if (errA == nil) != (errB == nil) {
				t.Fatalf("%s: Prepare of the drawn form: %v, of the canonical form: %v", s, errA, errB)
			}
			if errA == nil && (!reflect.DeepEqual(pa.Settings(), pb.Settings()) || !reflect.DeepEqual(pa.PolicyRecord(), pb.PolicyRecord())) {
				t.Fatalf("%s plays otherwise than %#v:\n%v %v\n%v %v", s, raw, pa.Settings(), pa.PolicyRecord(), pb.Settings(), pb.PolicyRecord())
			}
		}
	}
	for _, name := range []string{"dice", "card"} {
		if tried[name] < 100 {
			t.Errorf("only %d canonical %s configurations drawn; the test checks too little", tried[name], name)
		}
	}
}

// FuzzConfig: whatever text ParseConfig accepts, its canonical text reads back as the
// same configuration and writes itself again.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{
		"card(players=5,characters=plain,remove-cards=Dynamite)",
		"card(policy=heuristic(beer_below=3),policy-for=outlaw=random)",
		`dice(players="3-5,8",characters="Willy the Kid,plain,plain",fixed-seats=true,arrows=6)`,
		`card(life="El Gringo=+1",remove-cards="Jail,Barrel",high-noon=2)`,
		`card(remove-cards="q\"uo\\te")`,
		"dice",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := lab.ParseConfig(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("ParseConfig(%q): a message of more than one line: %q", s, err)
			}
			return
		}
		text := c.String()
		back, err := lab.ParseConfig(text)
		if err != nil {
			t.Fatalf("ParseConfig(%q) reads, its text %q does not: %v", s, text, err)
		}
		if !reflect.DeepEqual(back, c) {
			t.Fatalf("ParseConfig(%q) = %#v; its text %q reads as %#v", s, c, text, back)
		}
		if back.String() != text {
			t.Fatalf("the text of %q is %q, then %q", s, text, back.String())
		}
	})
}
