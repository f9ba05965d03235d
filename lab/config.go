package lab

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/sim/bang"
)

// Config is a run's configuration by name and value: the game, its player counts, its
// bots, its character deal and its rule options, as the flags say them. It has one
// canonical text form, game(key=value,...), which ParseConfig reads and String writes
// (`card(players=5,characters=plain,remove-cards=Dynamite)`), so that flags, sweep
// files, run.json and the command lines a sweep writes name a configuration alike;
// NewChoice is the one place it becomes a Choice.
type Config struct {
	Game       string   // the game's name
	Players    []int    // in increasing order; nil when the configuration does not say
	Policy     string   // every seat's bot spec; "" for the game's default bot
	PolicyFor  []string // ROLE=SPEC, as --policy-for takes them
	Characters string   // as --characters takes it; "" for random
	FixedSeats bool     // --fixed-seats
	Rules      []Value  // one per Game.Rules, in order; nil for the rulebook's
}

// The keys of a configuration besides the game's rule options, in canonical order.
const (
	keyPlayers    = "players"
	keyPolicy     = "policy"
	keyPolicyFor  = "policy-for"
	keyCharacters = "characters"
	keyFixedSeats = "fixed-seats"
)

// NewChoice is the one constructor of a Choice from a configuration: the bots (every
// seat's, else the game's default, and those of --policy-for, whose roles must sit at
// one of players), the character deal and the rule values (nil: the rulebook's), with
// seed. The game checks the Choice when it prepares it.
func NewChoice(g *Game, c Config, seed uint64, players []int) (Choice, error) {
	ch := Choice{Seed: seed, Policy: c.Policy}
	if ch.Policy == "" {
		ch.Policy = g.DefaultPolicy
	}
	var err error
	if ch.ByRole, err = ParsePolicyFor(g.Declared(), c.PolicyFor, players); err != nil {
		return Choice{}, err
	}
	chars := c.Characters
	if chars == "" {
		chars = "random"
	}
	if ch.Characters, err = ParseCharactersIn(g.CharacterSet(), chars, c.FixedSeats); err != nil {
		return Choice{}, err
	}
	ch.Rules = slices.Clone(c.Rules)
	if ch.Rules == nil {
		ch.Rules = Defaults(g.Rules)
	}
	if len(ch.Rules) != len(g.Rules) {
		return Choice{}, fmt.Errorf("the configuration has %d rule values, game %s %d options", len(ch.Rules), g.Name, len(g.Rules))
	}
	return ch, nil
}

// WithRule returns c with its game g's rule option name set to v (a copy: c is not
// changed; nil rules are the rulebook's first).
func (c Config) WithRule(g *Game, name string, v Value) (Config, error) {
	i := Lookup(g.Rules, name)
	if i < 0 {
		return c, fmt.Errorf("--game %s has no rule option %q", g.Name, name)
	}
	if c.Rules == nil {
		c.Rules = Defaults(g.Rules)
	} else {
		c.Rules = slices.Clone(c.Rules)
	}
	c.Rules[i] = v
	return c, nil
}

// Canonical checks c against its game and returns it in canonical form: the game's
// name, bots as their canonical specs (the game's default bot as ""), --policy-for in
// role order, characters by name ("" for random), every rule value checked, a text
// option's in its canonical text. Two configurations that play alike are then equal.
func (c Config) Canonical() (Config, error) {
	g, err := LookupGame(c.Game)
	if err != nil {
		return Config{}, err
	}
	return c.CanonicalIn(g)
}

// CanonicalIn is Canonical against game g itself, the registered game or one with
// characters added (Game.WithCharacters), whose names the character deal and --life
// may use.
func (c Config) CanonicalIn(g *Game) (Config, error) {
	if !strings.EqualFold(strings.TrimSpace(c.Game), g.Name) {
		return Config{}, fmt.Errorf("a configuration of game %q, not %q", c.Game, g.Name)
	}
	var err error
	out := Config{Game: g.Name, FixedSeats: c.FixedSeats}
	if len(c.Players) > 0 {
		out.Players = slices.Clone(c.Players)
		slices.Sort(out.Players)
		for i, n := range out.Players {
			if n < g.MinPlayers || n > g.MaxPlayers {
				return Config{}, fmt.Errorf("%d players is outside %d to %d", n, g.MinPlayers, g.MaxPlayers)
			}
			if i > 0 && out.Players[i-1] == n {
				return Config{}, fmt.Errorf("players names %d twice", n)
			}
		}
	}
	if c.Policy != "" {
		if out.Policy, err = g.LookupPolicy(c.Policy); err != nil {
			return Config{}, err
		}
		if out.Policy == g.DefaultPolicy {
			out.Policy = ""
		}
	}
	dealt := out.Players
	if dealt == nil {
		for n := g.MinPlayers; n <= g.MaxPlayers; n++ {
			dealt = append(dealt, n)
		}
	}
	byRole, err := ParsePolicyFor(g.Declared(), c.PolicyFor, dealt)
	if err != nil {
		return Config{}, err
	}
	for r, spec := range byRole {
		if spec == "" {
			continue
		}
		canon, err := g.LookupPolicy(spec)
		if err != nil {
			return Config{}, fmt.Errorf("--policy-for %s: %w", strings.ToLower(bang.Role(r).String()), err)
		}
		out.PolicyFor = append(out.PolicyFor, strings.ToLower(bang.Role(r).String())+"="+canon)
	}
	chars := c.Characters
	if chars == "" {
		chars = "random"
	}
	cc, err := ParseCharactersIn(g.CharacterSet(), chars, c.FixedSeats)
	if err != nil {
		return Config{}, err
	}
	switch cc.Deal {
	case DealPlain:
		out.Characters = "plain"
	case DealPool, DealSeats:
		if len(cc.List) == 1 && cc.List[0] == bang.Plain {
			// Its name would read back as the plain deal; no table has one seat anyway.
			return Config{}, fmt.Errorf("--characters %q is a list of one Plain; write plain to give everyone Plain", c.Characters)
		}
		out.Characters = strings.Join(cc.ListNames(), ",")
	}
	out.Rules = Defaults(g.Rules)
	if c.Rules != nil {
		if len(c.Rules) != len(g.Rules) {
			return Config{}, fmt.Errorf("the configuration has %d rule values, game %s %d options", len(c.Rules), g.Name, len(g.Rules))
		}
		for i := range g.Rules {
			p := &g.Rules[i]
			if err := p.Check(c.Rules[i]); err != nil {
				return Config{}, err
			}
			out.Rules[i] = c.Rules[i]
			if p.Text {
				out.Rules[i] = Value{Text: p.canonical(c.Rules[i].Text)}
			} else if p.Bool {
				out.Rules[i] = Value{Int: b2i(c.Rules[i].Int != 0)}
			} else {
				out.Rules[i] = Value{Int: c.Rules[i].Int}
			}
		}
	}
	return out, nil
}

// b2i is 1 for true.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// String writes the canonical text of c (canonical itself: see Canonical): the game's
// name, then in parentheses, each only where it is not the default, players, policy,
// policy-for (once per role), characters, fixed-seats and the game's rule options in
// its table's order, named as their flags and valued as the flags take them. A value
// with a space, or that would not read back alone (a list with commas, say), is written
// as a Go string.
func (c Config) String() string {
	var kv []string
	add := func(k, v string) { kv = append(kv, k+"="+quoteValue(v)) }
	if len(c.Players) > 0 {
		add(keyPlayers, FormatPlayers(c.Players))
	}
	if c.Policy != "" {
		add(keyPolicy, c.Policy)
	}
	for _, it := range c.PolicyFor {
		add(keyPolicyFor, it)
	}
	if c.Characters != "" && c.Characters != "random" {
		add(keyCharacters, c.Characters)
	}
	if c.FixedSeats {
		add(keyFixedSeats, "true")
	}
	if g, err := LookupGame(c.Game); err == nil && len(c.Rules) == len(g.Rules) {
		def := Defaults(g.Rules)
		for i, p := range g.Rules {
			v := c.Rules[i]
			switch {
			case p.Text:
				if p.canonical(v.Text) != p.canonical(def[i].Text) {
					add(p.Name, p.canonical(v.Text))
				}
			case p.Bool:
				if (v.Int != 0) != (def[i].Int != 0) {
					add(p.Name, strconv.FormatBool(v.Int != 0))
				}
			case v.Int != def[i].Int:
				add(p.Name, strconv.Itoa(v.Int))
			}
		}
	}
	if len(kv) == 0 {
		return c.Game
	}
	return c.Game + "(" + strings.Join(kv, ",") + ")"
}

// ParseConfig reads a configuration's text, game or game(key=value,...), into its
// canonical form (see Config.String): keys in any order and case, values as the flags
// take them, a value with commas or spaces in double quotes (Go's escapes). Every key
// but policy-for at most once.
func ParseConfig(s string) (Config, error) {
	c, _, err := ParseConfigWith(s, nil)
	return c, err
}

// ParseConfigWith is ParseConfig with the game the text names passed through with
// (nil: the registered game itself), e.g. to add a character file's characters, which
// the configuration may then name; it returns that game too. An error of with is
// returned as it is.
func ParseConfigWith(s string, with func(*Game) (*Game, error)) (Config, *Game, error) {
	bad := func(format string, a ...any) (Config, *Game, error) {
		return Config{}, nil, fmt.Errorf("config %q: %s (want game(key=value,...), e.g. card(players=5,characters=plain))", clipConfig(s), fmt.Sprintf(format, a...))
	}
	name, kvs, err := splitConfig(s)
	if err != nil {
		return bad("%s", err)
	}
	g, err := LookupGame(name)
	if err != nil {
		return bad("unknown game %q: want %s", name, strings.Join(Names(), " or "))
	}
	if with != nil {
		if g, err = with(g); err != nil {
			return Config{}, nil, err
		}
	}
	c := Config{Game: g.Name}
	seen := map[string]bool{}
	for _, kv := range kvs {
		k := strings.ToLower(kv[0])
		v := kv[1]
		if seen[k] && k != keyPolicyFor {
			return bad("%s is given twice", k)
		}
		seen[k] = true
		switch k {
		case keyPlayers:
			if c.Players, err = ParsePlayers(v, g); err != nil {
				return bad("%s", err)
			}
		case keyPolicy:
			c.Policy = v
		case keyPolicyFor:
			c.PolicyFor = append(c.PolicyFor, v)
		case keyCharacters:
			c.Characters = v
		case keyFixedSeats:
			if c.FixedSeats, err = strconv.ParseBool(v); err != nil {
				return bad("fixed-seats %q: want true or false", v)
			}
		default:
			i := Lookup(g.Rules, k)
			if i < 0 {
				return bad("%s is not an option of game %s (%s)", k, g.Name, strings.Join(configKeys(g), ", "))
			}
			if c.Rules == nil {
				c.Rules = Defaults(g.Rules)
			}
			p := g.Rules[i]
			switch {
			case p.Text:
				c.Rules[i].Text = v
			case p.Bool:
				b, err := strconv.ParseBool(v)
				if err != nil {
					return bad("%s %q: want true or false", k, v)
				}
				c.Rules[i].Int = b2i(b)
			default:
				n, err := strconv.Atoi(v)
				if err != nil {
					return bad("%s %q: want a whole number", k, v)
				}
				c.Rules[i].Int = n
			}
		}
	}
	out, err := c.CanonicalIn(g)
	if err != nil {
		return bad("%s", err)
	}
	return out, g, nil
}

// configKeys lists the keys a configuration of g may set, in canonical order.
func configKeys(g *Game) []string {
	ks := []string{keyPlayers, keyPolicy, keyPolicyFor, keyCharacters, keyFixedSeats}
	for _, p := range g.Rules {
		ks = append(ks, p.Name)
	}
	return ks
}

// ParsePlayers reads player counts for game g as --players takes them: one count
// ("5"), a list ("4,5,6"), a range ("3-8") or a list of both ("3-5,8"); it returns them
// in increasing order, without repeats.
func ParsePlayers(s string, g *Game) ([]int, error) {
	bad := func() error {
		return fmt.Errorf("malformed --players %q: want a count (5), a list (4,5,6) or a range (3-8)", s)
	}
	if strings.TrimSpace(s) == "" {
		return nil, bad()
	}
	var out []int
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		lo, hi, isRange := strings.Cut(item, "-")
		a, err := strconv.Atoi(strings.TrimSpace(lo))
		if err != nil {
			return nil, bad()
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil || b < a {
				return nil, bad()
			}
		}
		for n := a; n <= b; n++ {
			if n < g.MinPlayers || n > g.MaxPlayers {
				return nil, fmt.Errorf("--players %q: %d players is outside %d to %d", s, n, g.MinPlayers, g.MaxPlayers)
			}
			if slices.Contains(out, n) {
				return nil, fmt.Errorf("--players %q names %d players twice", s, n)
			}
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out, nil
}

// FormatPlayers writes increasing counts as --players takes them, a run of two or more
// as a range: 3-8, 4-5 or 4,6.
func FormatPlayers(ns []int) string {
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		switch {
		case j > i:
			parts = append(parts, fmt.Sprintf("%d-%d", ns[i], ns[j]))
		default:
			for k := i; k <= j; k++ {
				parts = append(parts, strconv.Itoa(ns[k]))
			}
		}
		i = j + 1
	}
	return strings.Join(parts, ",")
}

// clipConfig shortens a configuration's text for an error message.
func clipConfig(s string) string {
	if len(s) > 120 {
		return s[:120] + "..."
	}
	return s
}
