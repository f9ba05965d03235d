package dicegame

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/dice"
	"github.com/bangsim/bangsim/sim/dice/odds"
	"github.com/bangsim/bangsim/tui"
)

// Position is a dice-game table as a person reads it off a real one, for bangsim
// advise: the seat rolling (you), the dice showing and the rerolls left, every seat's
// life, arrows, character and known role ("?" for unknown), the arrow pile, and a
// one-turn objective whose exact odds go beside each reroll. Seat 0 is the Sheriff (the
// Deputy with 3 players). The rules are the rulebook's.
type Position struct {
	Seat       int      `yaml:"seat" json:"seat"`
	Dice       string   `yaml:"dice" json:"dice"` // five faces as letters: A D 1 2 B G
	Rerolls    int      `yaml:"rerolls" json:"rerolls"`
	Pile       int      `yaml:"pile" json:"pile"`
	Life       []int    `yaml:"life" json:"life"`
	Arrows     []int    `yaml:"arrows" json:"arrows"`
	Roles      []string `yaml:"roles" json:"roles"`
	Characters []string `yaml:"characters" json:"characters"`
	Objective  string   `yaml:"objective,omitempty" json:"objective,omitempty"`
	// Set is the game's characters, those a character file adds included, which the
	// names are read among and whose lives and powers the seats have (nil: the printed
	// ones). The file, not the position, says it: no YAML or JSON key.
	Set *bang.CharacterSet `yaml:"-" json:"-"`
}

// posError names the field of an impossible position.
func posError(field, format string, args ...any) error {
	return fmt.Errorf("%s: %s", field, fmt.Sprintf(format, args...))
}

// State builds a game at p's reroll decision: the roles p does not give dealt at random
// among those not accounted for (as the search bot deals them), from r. Every error
// names the field that makes the position impossible.
func (p *Position) State(r *rand.PCG) (*dice.State, error) {
	n := len(p.Life)
	if n < 3 || n > dice.MaxPlayers {
		return nil, posError("life", "%d seats; the dice game seats 3 to %d", n, dice.MaxPlayers)
	}
	for _, f := range []struct {
		name string
		l    int
	}{{"arrows", len(p.Arrows)}, {"roles", len(p.Roles)}, {"characters", len(p.Characters)}} {
		if f.l != n {
			return nil, posError(f.name, "%d entries for the %d seats life gives", f.l, n)
		}
	}
	if p.Seat < 0 || p.Seat >= n {
		return nil, posError("seat", "%d; the seats are 0 to %d", p.Seat, n-1)
	}
	rules := dice.DefaultRules(n)
	if p.Set != nil {
		rules.SetCharacters(p.Set) // the added characters' lives and powers, as a run's rules carry them
	}
	g := &dice.State{}
	g.Setup(&rules, r.Uint64(), r.Uint64())
	seen := map[dice.Character]bool{}
	for s, name := range p.Characters {
		c, err := lab.ParseCharacterIn(p.Set, name)
		if err != nil {
			return nil, posError(fmt.Sprintf("characters[%d]", s), "%v", err)
		}
		if seen[c] && c != dice.Plain {
			return nil, posError(fmt.Sprintf("characters[%d]", s), "%s sits twice", p.name(c))
		}
		seen[c] = true
		g.Char[s] = c
	}
	left := dice.RoleCounts(n)
	for s, name := range p.Roles {
		field := fmt.Sprintf("roles[%d]", s)
		g.Role[s] = dice.RoleUnknown
		if name == "" || name == "?" {
			switch {
			case n == 3:
				return nil, posError(field, "with 3 players every role is public: give it")
			case s == 0:
				g.Role[s] = dice.Sheriff // seat 0 is the Sheriff
				left[dice.Sheriff]--
			case s == p.Seat:
				return nil, posError(field, "your own role is needed")
			case p.Life[s] <= 0:
				return nil, posError(field, "an eliminated player's role is public: give it")
			}
			continue
		}
		role, err := dice.ParseRole(name)
		if err != nil {
			return nil, posError(field, "%v", err)
		}
		if n > 3 && (s == 0) != (role == dice.Sheriff) {
			return nil, posError(field, "seat 0 is the Sheriff, and only seat 0")
		}
		if left[role] == 0 {
			return nil, posError(field, "one %s too many at %d players", role, n)
		}
		left[role]--
		g.Role[s] = role
	}
	g.DealHidden(r)
	g.Refresh()
	total := 0
	for s := 0; s < n; s++ {
		if p.Roles[s] != "" && p.Roles[s] != "?" {
			g.Revealed[s] = g.Role[s] // known at this table (public, or the seat's own)
		}
		life, arrows := p.Life[s], p.Arrows[s]
		if life < 0 || life > int(g.MaxLife[s]) {
			return nil, posError(fmt.Sprintf("life[%d]", s), "%d; %s as %s has 0 to %d", life, p.name(g.Char[s]), g.Role[s], g.MaxLife[s])
		}
		if arrows < 0 || arrows > int(rules.Arrows) || life == 0 && arrows > 0 {
			return nil, posError(fmt.Sprintf("arrows[%d]", s), "%d; a player holds 0 to %d arrows, none once eliminated", arrows, rules.Arrows)
		}
		g.Life[s], g.Arrows[s] = int8(life), uint8(arrows)
		if life == 0 {
			g.Alive &^= 1 << uint(s)
		}
		total += arrows
	}
	if p.Pile != int(rules.Arrows)-total {
		return nil, posError("pile", "%d arrows, but %d in all less %d held leaves %d", p.Pile, rules.Arrows, total, int(rules.Arrows)-total)
	}
	g.Pile = uint8(p.Pile)
	if p.Life[p.Seat] == 0 {
		return nil, posError("seat", "P%d is eliminated: an eliminated player does not roll", p.Seat)
	}
	if err := gameGoesOn(g); err != nil {
		return nil, err
	}
	faces := strings.Fields(strings.ReplaceAll(p.Dice, ",", " "))
	if len(faces) == 1 {
		faces = strings.Split(faces[0], "")
	}
	if len(faces) != dice.NumDice {
		return nil, posError("dice", "%q: five faces, e.g. \"G G 1 A B\" (A D 1 2 B G)", p.Dice)
	}
	for i, f := range faces {
		face, ok := dice.FaceFromLetter(strings.ToUpper(f)[0])
		if !ok || len(f) != 1 {
			return nil, posError("dice", "%q is not a face: A Arrow, D Dynamite, 1 and 2 Bull's Eyes, B Beer, G Gatling", f)
		}
		g.Dice[i] = face
	}
	most := int(rules.Rerolls) + g.Profile.ExtraRerolls(p.Seat) // extra_rerolls: Lucky Duke's
	if p.Rerolls < 0 || p.Rerolls > most {
		return nil, posError("rerolls", "%d; %s has 0 to %d rerolls in a turn", p.Rerolls, p.name(g.Char[p.Seat]), most)
	}
	g.Active = int8(p.Seat)
	if !g.AskReroll(p.Rerolls) {
		return nil, posError("dice", "%s with %d rerolls left: the rolling is over (no reroll left, or the Dynamite stops it), nothing to decide", p.Dice, p.Rerolls)
	}
	return g, nil
}

// name names character c by the position's set (an added one has its file's name).
func (p *Position) name(c dice.Character) string {
	if p.Set == nil {
		return c.String()
	}
	return p.Set.Name(c)
}

// gameGoesOn refuses a table whose game is already over.
func gameGoesOn(g *dice.State) error {
	var alive [dice.NumRoles]int
	for s := 0; s < int(g.Players); s++ {
		if g.IsAlive(s) {
			alive[g.Role[s]]++
		}
	}
	if g.Players > 3 && (alive[dice.Sheriff] == 0 || alive[dice.Outlaw]+alive[dice.Renegade] == 0) {
		return posError("life", "the game is over at this table (the Sheriff or every Outlaw and the Renegade eliminated)")
	}
	return nil
}

// Advice is a position's choices ranked.
type Advice struct {
	Hints []tui.Hint
	// Odds[i] is the exact chance of the objective after Hints[i], then the best
	// rerolls; NaN without an objective.
	Odds []float64
}

// Advise ranks the position's reroll choices by the search bot's playouts (rollouts
// each), from seed, with the exact odds of p.Objective beside them.
func (p *Position) Advise(rollouts int, seed uint64) (*Advice, error) {
	r := rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)
	g, err := p.State(r)
	if err != nil {
		return nil, err
	}
	var exact func(mask int) float64
	if p.Objective != "" {
		obj, err := odds.ParseObjective(p.Objective)
		if err != nil {
			return nil, posError("objective", "%v", err)
		}
		if obj.Kind == odds.NoArrows {
			return nil, posError("objective", "no-arrows counts the arrows of the whole turn: its odds from a turn in progress are not computed")
		}
		// The odds read the roller's primitives (odds.SetupFromRules), an added
		// character's as a printed one's.
		if exact, err = exactAfter(obj, g); err != nil {
			return nil, posError("objective", "%v", err)
		}
	}
	var v dice.View
	g.FillView(&v)
	v.Rand = rand.NewPCG(r.Uint64(), r.Uint64())
	hints, err := Advisor{Rollouts: rollouts}.Rank(&v)
	if err != nil {
		return nil, err
	}
	a := &Advice{Hints: hints, Odds: make([]float64, len(hints))}
	for i := range hints {
		a.Odds[i] = math.NaN()
		if exact != nil {
			a.Odds[i] = exact(hints[i].Value)
			hints[i].Exact = fmt.Sprintf("P(%s) %.1f%%", p.Objective, 100*a.Odds[i])
		}
	}
	return a, nil
}

// exactAfter returns the exact chance that the turn of g's roller meets obj after
// rerolling mask, then rerolling as the optimal plan (odds.Solve) does.
func exactAfter(obj odds.Objective, g *dice.State) (func(mask int) float64, error) {
	setup := odds.SetupFromRules(g.Rules, g.Char[g.Active])
	plan, err := odds.Solve(obj, setup)
	if err != nil {
		return nil, err
	}
	type key struct {
		c [dice.NumFaces]int
		r int
	}
	memo := map[key]float64{}
	var value func(c [dice.NumFaces]int, r int) float64
	var expect func(kept [dice.NumFaces]int, k, r int) float64
	met := func(c [dice.NumFaces]int) float64 {
		if obj.Met(setup, c, 0) {
			return 1
		}
		return 0
	}
	value = func(c [dice.NumFaces]int, r int) float64 {
		if c[dice.Dynamite] >= setup.DynamiteThreshold || r == 0 {
			return met(c)
		}
		at := key{c, r}
		if v, ok := memo[at]; ok {
			return v
		}
		re := plan.Reroll(c, r)
		kept, k := c, 0
		for f := range re {
			kept[f] -= re[f]
			k += re[f]
		}
		v := met(c)
		if k > 0 {
			v = expect(kept, k, r-1)
		}
		memo[at] = v
		return v
	}
	// expect averages value over the 6^k equally likely rolls of k dice.
	expect = func(kept [dice.NumFaces]int, k, r int) float64 {
		const nf = int(dice.NumFaces)
		total, n := 0.0, 1
		for range k {
			n *= nf
		}
		for x := 0; x < n; x++ {
			c := kept
			for y, i := x, 0; i < k; i, y = i+1, y/nf {
				c[y%nf]++
			}
			total += value(c, r)
		}
		return total / float64(n)
	}
	showing := odds.Counts(g.Dice)
	rerolls := int(g.RerollsLeft)
	return func(mask int) float64 {
		if mask == 0 {
			return met(showing)
		}
		kept, k := showing, 0
		for i, f := range g.Dice {
			if mask>>uint(i)&1 == 1 {
				kept[f]--
				k++
			}
		}
		return expect(kept, k, rerolls-1)
	}, nil
}
