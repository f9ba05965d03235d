package sweep

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// settings is everything a cell's run can vary, before the game checks it.
type settings struct {
	players    []int
	games      uint64
	seed       uint64
	policy     string
	policyFor  [bang.NumRoles]string
	characters string
	fixedSeats bool
	rules      []lab.Value // in the game's table order
	life       []string    // "El Gringo=+1": life changes a life.CHARACTER axis adds to the life option
}

// clone returns a copy that shares nothing with s.
func (s *settings) clone() settings {
	c := *s
	c.players = slices.Clone(s.players)
	c.rules = slices.Clone(s.rules)
	c.life = slices.Clone(s.life)
	return c
}

// value is one value of an axis as the file gives it: its label (the text in the tables
// and the cell's name) and what it sets.
type value struct {
	label string
	set   func(*settings)
	line  int
}

// target is something a cell can vary: its name in the file, its column in the tables,
// the kind of its values, and how one value is read and checked.
type target struct {
	key    string
	column string
	kind   string
	read   func(r *reader, n *yaml.Node, field string) (value, error)
}

// targets resolves the names a sweep file gives the things it varies, for one game.
type targets struct {
	g *lab.Game
}

// fixedNames are the targets every game has, in the order messages list them.
var fixedNames = []string{"players", "games", "seed", "policy", "policy-for.ROLE", "characters", "fixed-seats", "life.CHARACTER"}

// allowed says what an axis may be named, for messages.
func (t targets) allowed() string {
	var rules []string
	for _, p := range t.g.Rules {
		rules = append(rules, p.Name)
	}
	return fmt.Sprintf("%s, or a rule option of the %s game (%s)", strings.Join(fixedNames, ", "), t.g.Name, strings.Join(rules, ", "))
}

// lookup returns the target key names, or a message saying what is allowed.
func (t targets) lookup(key string) (*target, string) {
	g := t.g
	switch {
	case key == "players":
		return &target{key: key, column: resultfile.SweepPlayersAxis, kind: resultfile.SweepInt, read: func(r *reader, n *yaml.Node, f string) (value, error) {
			v, err := r.integer(n, f, int64(g.MinPlayers), int64(g.MaxPlayers))
			return value{label: strconv.FormatInt(v, 10), set: func(s *settings) { s.players = []int{int(v)} }, line: n.Line}, err
		}}, ""
	case key == "games":
		// "games" is the tables' column of player-games: the axis takes run.json's name.
		return &target{key: key, column: "games_per_player_count", kind: resultfile.SweepInt, read: func(r *reader, n *yaml.Node, f string) (value, error) {
			v, err := r.integer(n, f, 1, int64(lab.MaxGames))
			return value{label: strconv.FormatInt(v, 10), set: func(s *settings) { s.games = uint64(v) }, line: n.Line}, err
		}}, ""
	case key == "seed":
		return &target{key: key, column: "seed", kind: resultfile.SweepInt, read: func(r *reader, n *yaml.Node, f string) (value, error) {
			v, err := r.unsigned(n, f)
			return value{label: strconv.FormatUint(v, 10), set: func(s *settings) { s.seed = v }, line: n.Line}, err
		}}, ""
	case key == "policy":
		return &target{key: key, column: "policy", kind: resultfile.SweepText, read: t.bot(func(s *settings, spec string) { s.policy = spec })}, ""
	case strings.HasPrefix(key, "policy-for."):
		role, err := bang.ParseRole(strings.TrimPrefix(key, "policy-for."))
		if err != nil {
			return nil, fmt.Sprintf("unknown role %q: want policy-for.sheriff, policy-for.deputy, policy-for.outlaw or policy-for.renegade", strings.TrimPrefix(key, "policy-for."))
		}
		name := strings.ToLower(role.String())
		return &target{key: "policy-for." + name, column: "policy_for_" + name, kind: resultfile.SweepText,
			read: t.bot(func(s *settings, spec string) { s.policyFor[role] = spec })}, ""
	case key == "characters":
		return &target{key: key, column: "characters", kind: resultfile.SweepText, read: func(r *reader, n *yaml.Node, f string) (value, error) {
			text, err := r.Text(n, f)
			if err != nil {
				return value{}, err
			}
			label, err := canonCharacters(t.g.CharacterSet(), text)
			if err != nil {
				// The flag's name is not what this file calls the field: drop it.
				return value{}, r.Fail(n, f, "%s: want random, plain or a list of characters (bangsim characters)", strings.TrimPrefix(err.Error(), "--characters: "))
			}
			return value{label: label, set: func(s *settings) { s.characters = label }, line: n.Line}, nil
		}}, ""
	case key == "fixed-seats":
		return &target{key: key, column: "fixed_seats", kind: resultfile.SweepBool, read: func(r *reader, n *yaml.Node, f string) (value, error) {
			v, err := r.boolean(n, f)
			return value{label: strconv.FormatBool(v), set: func(s *settings) { s.fixedSeats = v }, line: n.Line}, err
		}}, ""
	case strings.HasPrefix(key, "life."):
		return t.life(strings.TrimPrefix(key, "life."))
	}
	i := lab.Lookup(g.Rules, key)
	if i < 0 {
		return nil, "unknown name: want " + t.allowed()
	}
	return t.rule(i), ""
}

// bot reads a bot spec, checked and written as the game's registry names it.
func (t targets) bot(set func(s *settings, spec string)) func(r *reader, n *yaml.Node, f string) (value, error) {
	return func(r *reader, n *yaml.Node, f string) (value, error) {
		spec, err := r.Text(n, f)
		if err != nil {
			return value{}, err
		}
		name, err := t.g.LookupPolicy(spec)
		if err != nil {
			return value{}, r.Fail(n, f, "%v (bangsim policies --game %s lists the bots and their parameters)", err, t.g.Name)
		}
		return value{label: name, set: func(s *settings) { set(s, name) }, line: n.Line}, nil
	}
}

// life is the life.CHARACTER axis: one character's life change, added to the life rule
// option (which the game must have) beside any change the base run makes.
func (t targets) life(name string) (*target, string) {
	if lab.Lookup(t.g.Rules, "life") < 0 {
		return nil, fmt.Sprintf("the %s game has no life rule option to change", t.g.Name)
	}
	set := t.g.CharacterSet()
	c, err := set.Parse(name)
	if err != nil || c == bang.Plain {
		return nil, fmt.Sprintf("%q is not a character: want life.CHARACTER with a character's name or slug, e.g. life.el-gringo (bangsim characters)", name)
	}
	slug := set.Slug(c)
	return &target{key: "life." + slug, column: "life_" + strings.ReplaceAll(slug, "-", "_"), kind: resultfile.SweepInt,
		read: func(r *reader, n *yaml.Node, f string) (value, error) {
			v, err := r.integer(n, f, -bang.MaxLifeDelta, bang.MaxLifeDelta)
			if err != nil {
				return value{}, err
			}
			return value{label: strconv.FormatInt(v, 10), line: n.Line, set: func(s *settings) {
				if v != 0 {
					s.life = append(s.life, fmt.Sprintf("%s=%+d", set.Name(c), v))
				}
			}}, nil
		}}, ""
}

// rule is the target of rule option i, read by its kind and checked against its range.
func (t targets) rule(i int) *target {
	p := t.g.Rules[i]
	tg := &target{key: p.Name, column: p.Key(), kind: resultfile.SweepInt}
	switch {
	case p.Bool:
		tg.kind = resultfile.SweepBool
		tg.read = func(r *reader, n *yaml.Node, f string) (value, error) {
			v, err := r.boolean(n, f)
			iv := 0
			if v {
				iv = 1
			}
			return value{label: strconv.FormatBool(v), set: func(s *settings) { s.rules[i].Int = iv }, line: n.Line}, err
		}
	case p.Text:
		tg.kind = resultfile.SweepText
		tg.read = func(r *reader, n *yaml.Node, f string) (value, error) {
			text, err := r.Text(n, f)
			if err != nil {
				return value{}, err
			}
			if err := p.Check(lab.Value{Text: text}); err != nil {
				return value{}, r.Fail(n, f, "%v", strings.TrimPrefix(err.Error(), "--"+p.Name+": "))
			}
			label := p.Value(lab.Value{Text: text}).(string)
			return value{label: label, set: func(s *settings) { s.rules[i].Text = text }, line: n.Line}, nil
		}
	default:
		tg.read = func(r *reader, n *yaml.Node, f string) (value, error) {
			v, err := r.integer(n, f, int64(p.Min), int64(p.Max))
			return value{label: strconv.FormatInt(v, 10), set: func(s *settings) { s.rules[i].Int = int(v) }, line: n.Line}, err
		}
	}
	return tg
}

// canonCharacters writes a character choice as the tables show it: random, plain, or
// the game's names joined by commas.
func canonCharacters(set *bang.CharacterSet, text string) (string, error) {
	c, err := lab.ParseCharactersIn(set, text, false)
	if err != nil {
		return "", err
	}
	if len(c.List) == 0 {
		return c.Deal.String(), nil
	}
	return strings.Join(c.ListNames(), ","), nil
}
