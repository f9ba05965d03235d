package sweep

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/bangsim/bangsim/internal/yamlnode"
	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// Plan is a sweep file read and checked: its game, the base run, the axes and every cell
// prepared, ready to play.
type Plan struct {
	File        string // the file's name as given
	Description string
	Game        *lab.Game
	// CharactersFile is the character file whose characters Game adds ("" for none),
	// which each cell's `bangsim run` command line names.
	CharactersFile string
	Base           resultfile.SweepBase
	Axes           []Axis
	Cells          []Cell
	Excluded       int // combinations of the axes that exclude: left out
}

// Axis is one dimension of a sweep.
type Axis struct {
	Name   string   // as the file names it: "policy-for.outlaw", "arrows", "life.el-gringo"
	Column string   // its column in the tables: "policy_for_outlaw"
	Kind   string   // resultfile.SweepInt, SweepBool or SweepText
	Values []string // labels, in the file's order
}

// Cell is one run of a sweep: a value of every axis, and the game prepared with them.
type Cell struct {
	Name     string   // its directory under cells/: "players=5,arrows=9"
	Values   []string // the label of each axis, in Plan.Axes' order
	Players  []int
	Games    uint64 // games per player count, over all shards
	Seed     uint64
	Prepared lab.Prepared
	Config   string // the canonical configuration (lab.Config), recorded in run.json
	// Args are the `bangsim run` flags that play the same run (without --shard and
	// --out), recorded as the cell's command line.
	Args []string
}

// topFields are the fields a sweep file may have.
var topFields = []string{"description", "config", "game", "players", "games", "seed", "policy", "policy-for", "characters", "fixed-seats", "characters-file", "rules", "axes", "exclude", "cells"}

// Load reads and parses the sweep file at path.
func Load(path string) (*Plan, error) { return LoadWith(path, "") }

// LoadWith is Load with the characters of the character file at charactersFile added
// to the game (bangsim sweep --characters-file; "" for none), as the sweep file's
// characters-file field adds them (the two may not both be given).
func LoadWith(path, charactersFile string) (*Plan, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read sweep file %s: %w", path, resultfile.ExplainPath(path, err))
	}
	return parse(path, data, charactersFile)
}

// Parse reads a sweep file (file names it in errors) and prepares every cell; its
// errors are *Error values naming the line, the field and what is allowed, or a
// *lab.FileError in the character file it names (characters-file, a path from the
// sweep file's folder).
func Parse(file string, data []byte) (*Plan, error) { return parse(file, data, "") }

// parse is Parse with the character file of the command line.
func parse(file string, data []byte, charactersFile string) (*Plan, error) {
	r := newReader(file)
	root, err := r.document(data)
	if err != nil {
		return nil, err
	}
	fields, err := r.Pairs(root, "", topFields)
	if err != nil {
		return nil, err
	}
	get := func(name string) *yamlnode.Pair {
		for i := range fields {
			if fields[i].Key == name {
				return &fields[i]
			}
		}
		return nil
	}
	g, cfg, err := r.game(root, get)
	if err != nil {
		return nil, err
	}
	if cf := get("characters-file"); cf != nil || charactersFile != "" {
		path := charactersFile
		if cf != nil {
			if charactersFile != "" {
				return nil, r.Fail(cf.K, "characters-file", "given in the file and on the command line (--characters-file %s): give it in one place", charactersFile)
			}
			if path, err = r.Text(cf.V, "characters-file"); err != nil {
				return nil, err
			}
			if !filepath.IsAbs(path) {
				path = filepath.Join(filepath.Dir(file), path)
			}
		}
		if g, _, err = lab.ReadCharacterFile(path, g); err != nil {
			return nil, err
		}
		charactersFile = path
	}
	b := &builder{r: r, t: targets{g: g}, plan: &Plan{File: file, Game: g, CharactersFile: charactersFile}, config: cfg}
	if d := get("description"); d != nil {
		if b.plan.Description, err = r.Text(d.V, "description"); err != nil {
			return nil, err
		}
	}
	if err := b.base(get); err != nil {
		return nil, err
	}
	ax, ex, cs := get("axes"), get("exclude"), get("cells")
	switch {
	case ax != nil && cs != nil:
		return nil, r.Fail(cs.K, "cells", "a sweep gives axes (every combination of their values) or cells (a list), not both")
	case ex != nil && ax == nil:
		return nil, r.Fail(ex.K, "exclude", "exclude leaves out combinations of axes, and this file has no axes")
	case cs != nil:
		err = b.explicit(cs.V)
	case ax != nil:
		err = b.product(ax.V, ex)
	default:
		b.cells = [][]value{nil}
	}
	if err != nil {
		return nil, err
	}
	if err := b.finish(); err != nil {
		return nil, err
	}
	return b.plan, nil
}

// builder is the state of one Parse.
type builder struct {
	r      *reader
	t      targets
	plan   *Plan
	config *lab.Config  // the file's config: text, parsed; nil without one
	base0  settings     // the base run
	axes   []*target    // the plan's axes' targets
	keys   []*yaml.Node // where each axis is named
	cells  [][]value    // each cell's value of every axis
}

// configFields are the fields a sweep file's config: text replaces.
var configFields = []string{"game", "players", "policy", "policy-for", "characters", "fixed-seats", "rules"}

// game reads the sweep's game: from config, the base run's whole configuration in its
// canonical text (lab.ParseConfig, as --config takes it; refused beside the fields it
// replaces), else from game.
func (r *reader) game(root *yaml.Node, get func(string) *yamlnode.Pair) (*lab.Game, *lab.Config, error) {
	if cp := get("config"); cp != nil {
		for _, f := range configFields {
			if p := get(f); p != nil {
				return nil, nil, r.Fail(p.K, f, "config and %s both set the base run; give the %s inside config or leave config out", f, f)
			}
		}
		text, err := r.Text(cp.V, "config")
		if err != nil {
			return nil, nil, err
		}
		cfg, err := lab.ParseConfig(text)
		if err != nil {
			return nil, nil, r.Fail(cp.V, "config", "%v", err)
		}
		g, err := lab.LookupGame(cfg.Game)
		return g, &cfg, err
	}
	gp := get("game")
	if gp == nil {
		return nil, nil, r.Fail(root, "game", "missing: want %s (or config: with the base run's configuration, e.g. config: card(players=5))", strings.Join(lab.Names(), " or "))
	}
	name, err := r.Text(gp.V, "game")
	if err != nil {
		return nil, nil, err
	}
	g, err := lab.LookupGame(name)
	if err != nil {
		return nil, nil, r.Fail(gp.V, "game", "%q is not a game: want %s", name, strings.Join(lab.Names(), " or "))
	}
	return g, nil, nil
}

// configSettings are the base run's settings a canonical configuration gives: its
// players (else the game's default count), bots, characters and rules.
func configSettings(g *lab.Game, c *lab.Config) (settings, error) {
	s := settings{players: []int{g.DefaultPlayers}, seed: 1, policy: g.DefaultPolicy, characters: "random", rules: lab.Defaults(g.Rules)}
	if c == nil {
		return s, nil
	}
	if c.Players != nil {
		s.players = slices.Clone(c.Players)
	}
	if c.Policy != "" {
		s.policy = c.Policy
	}
	for _, it := range c.PolicyFor {
		role, spec, _ := strings.Cut(it, "=")
		r, err := bang.ParseRole(role)
		if err != nil {
			return s, err
		}
		s.policyFor[r] = spec
	}
	if c.Characters != "" {
		s.characters = c.Characters
	}
	s.fixedSeats = c.FixedSeats
	if c.Rules != nil {
		s.rules = slices.Clone(c.Rules)
	}
	return s, nil
}

// base reads the base run: every field but axes, exclude and cells, over the file's
// config: text if it has one.
func (b *builder) base(get func(string) *yamlnode.Pair) error {
	g, r := b.t.g, b.r
	s, err := configSettings(g, b.config)
	if err != nil {
		return r.Fail(get("config").V, "config", "%v", err)
	}
	if p := get("players"); p != nil {
		ns, err := b.players(p.V)
		if err != nil {
			return err
		}
		s.players = ns
	}
	gp := get("games")
	if gp == nil {
		return r.Fail(nil, "games", "missing: want the games each cell plays at each player count, e.g. games: 20000")
	}
	for _, f := range []struct {
		name string
		n    *yaml.Node
	}{{"games", gp.V}, {"seed", nil}, {"policy", nil}, {"characters", nil}, {"fixed-seats", nil}} {
		n := f.n
		if n == nil {
			p := get(f.name)
			if p == nil {
				continue
			}
			n = p.V
		}
		tg, _ := b.t.lookup(f.name)
		v, err := tg.read(r, n, f.name)
		if err != nil {
			return err
		}
		v.set(&s)
	}
	if p := get("policy-for"); p != nil {
		roles, err := r.Pairs(p.V, "policy-for", nil)
		if err != nil {
			return err
		}
		for _, kv := range roles {
			tg, msg := b.t.lookup("policy-for." + kv.Key)
			if tg == nil {
				return r.Fail(kv.K, "policy-for."+kv.Key, "%s", msg)
			}
			v, err := tg.read(r, kv.V, "policy-for."+kv.Key)
			if err != nil {
				return err
			}
			v.set(&s)
		}
	}
	if p := get("rules"); p != nil {
		rules, err := r.Pairs(p.V, "rules", nil)
		if err != nil {
			return err
		}
		for _, kv := range rules {
			i := lab.Lookup(g.Rules, kv.Key)
			if i < 0 {
				var names []string
				for _, q := range g.Rules {
					names = append(names, q.Name)
				}
				return r.Fail(kv.K, "rules."+kv.Key, "the %s game has no rule option %q: want %s", g.Name, kv.Key, strings.Join(names, ", "))
			}
			v, err := b.t.rule(i).read(r, kv.V, "rules."+kv.Key)
			if err != nil {
				return err
			}
			v.set(&s)
		}
	}
	b.base0 = s
	return nil
}

// players reads the base run's player counts: one (5), a list ([4, 5, 6]) or a range
// ("3-8").
func (b *builder) players(n *yaml.Node) ([]int, error) {
	g, r := b.t.g, b.r
	want := fmt.Sprintf("want a player count (5), a list ([4, 5, 6]) or a range (\"3-8\"), each from %d to %d", g.MinPlayers, g.MaxPlayers)
	var out []int
	add := func(at *yaml.Node, lo, hi int) error {
		for k := lo; k <= hi; k++ {
			if k < g.MinPlayers || k > g.MaxPlayers {
				return r.Fail(at, "players", "%d players is outside %d to %d", k, g.MinPlayers, g.MaxPlayers)
			}
			if slices.Contains(out, k) {
				return r.Fail(at, "players", "%d players is named twice", k)
			}
			out = append(out, k)
		}
		return nil
	}
	items, err := r.list(n, "players", true)
	if err != nil {
		return nil, r.Fail(n, "players", "%s", want)
	}
	for _, it := range items {
		if it.Kind != yaml.ScalarNode {
			return nil, r.Fail(it, "players", "%s", want)
		}
		lo, hi, isRange := strings.Cut(it.Value, "-")
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		c, err2 := a, error(nil)
		if isRange {
			c, err2 = strconv.Atoi(strings.TrimSpace(hi))
		}
		if err1 != nil || err2 != nil || c < a {
			return nil, r.Fail(it, "players", "%q: %s", it.Value, want)
		}
		if err := add(it, a, c); err != nil {
			return nil, err
		}
	}
	slices.Sort(out)
	return out, nil
}

// axis resolves an axis's key and reads its values, each once.
func (b *builder) axis(k, v *yaml.Node, field string) (*target, []value, error) {
	tg, msg := b.t.lookup(k.Value)
	if tg == nil {
		return nil, nil, b.r.Fail(k, field, "%s", msg)
	}
	for i, other := range b.axes {
		if other.key == tg.key {
			return nil, nil, b.r.Fail(k, field, "names the axis %s again (first on line %d)", tg.key, b.keys[i].Line)
		}
	}
	if v == nil {
		return tg, nil, nil
	}
	items, err := b.r.list(v, field, false)
	if err != nil {
		return nil, nil, err
	}
	if len(items) == 0 {
		return nil, nil, b.r.Fail(v, field, "an axis needs at least one value")
	}
	var vals []value
	for _, it := range items {
		x, err := tg.read(b.r, it, field)
		if err != nil {
			return nil, nil, err
		}
		if i := slices.IndexFunc(vals, func(y value) bool { return y.label == x.label }); i >= 0 {
			return nil, nil, b.r.Fail(it, field, "%s is listed twice (first on line %d)", show(x.label), vals[i].line)
		}
		vals = append(vals, x)
	}
	return tg, vals, nil
}

// product reads the axes and makes every combination of their values, the last axis
// varying fastest, less those an exclude entry matches.
func (b *builder) product(n *yaml.Node, ex *yamlnode.Pair) error {
	kvs, err := b.r.Pairs(n, "axes", nil)
	if err != nil {
		return err
	}
	var vals [][]value
	for _, kv := range kvs {
		tg, vs, err := b.axis(kv.K, kv.V, "axes."+kv.Key)
		if err != nil {
			return err
		}
		b.axes, b.keys = append(b.axes, tg), append(b.keys, kv.K)
		vals = append(vals, vs)
		b.plan.Axes = append(b.plan.Axes, Axis{Name: tg.key, Column: tg.column, Kind: tg.kind, Values: labels(vs)})
	}
	// The product is counted before it is made: a few short axes multiply into more
	// cells than a machine holds (three axes of 100, 100 and 60 values: 600,000 cells,
	// gigabytes before a game is played).
	combos := 1
	for _, vs := range vals {
		if combos *= len(vs); combos > MaxCells {
			return b.r.Fail(n, "axes", "%s make more than %d combinations (%d so far): split the sweep into several files, or use fewer values",
				axisSizes(vals), MaxCells, combos)
		}
	}
	var rules [][][]string // per exclude entry, per axis: the labels it matches (nil: any)
	if ex != nil {
		if rules, err = b.excludes(ex.V); err != nil {
			return err
		}
	}
	idx := make([]int, len(vals))
	for {
		cell := make([]value, len(vals))
		for a := range vals {
			cell[a] = vals[a][idx[a]]
		}
		if excluded(rules, cell) {
			b.plan.Excluded++
		} else {
			b.cells = append(b.cells, cell)
		}
		a := len(idx) - 1
		for ; a >= 0; a-- {
			if idx[a]++; idx[a] < len(vals[a]) {
				break
			}
			idx[a] = 0
		}
		if a < 0 {
			break
		}
	}
	if len(b.cells) == 0 {
		return b.r.Fail(ex.K, "exclude", "leaves out every one of the %d combinations of the axes: nothing would be played", b.plan.Excluded)
	}
	return nil
}

// excludes reads the exclude entries: each a mapping from axes to a value or a list of
// values, every one a value of its axis.
func (b *builder) excludes(n *yaml.Node) ([][][]string, error) {
	items, err := b.r.list(n, "exclude", false)
	if err != nil {
		return nil, err
	}
	var out [][][]string
	for i, it := range items {
		field := fmt.Sprintf("exclude[%d]", i+1)
		kvs, err := b.r.Pairs(it, field, nil)
		if err != nil {
			return nil, err
		}
		if len(kvs) == 0 {
			return nil, b.r.Fail(it, field, "an empty entry would leave out every cell: name an axis and its values")
		}
		rule := make([][]string, len(b.axes))
		for _, kv := range kvs {
			tg, msg := b.t.lookup(kv.Key)
			a := -1
			if tg != nil {
				a = slices.IndexFunc(b.axes, func(x *target) bool { return x.key == tg.key })
			}
			if a < 0 {
				if msg == "" {
					msg = "not an axis of this sweep"
				}
				return nil, b.r.Fail(kv.K, yamlnode.Join(field, kv.Key), "%s: want one of the axes %s", msg, b.axisNames())
			}
			vs, err := b.r.list(kv.V, yamlnode.Join(field, kv.Key), true)
			if err != nil {
				return nil, err
			}
			for _, vn := range vs {
				v, err := tg.read(b.r, vn, yamlnode.Join(field, kv.Key))
				if err != nil {
					return nil, err
				}
				if !slices.Contains(b.plan.Axes[a].Values, v.label) {
					return nil, b.r.Fail(vn, yamlnode.Join(field, kv.Key), "%s is not a value of the axis %s: want one of %s", show(v.label), tg.key, showList(b.plan.Axes[a].Values))
				}
				rule[a] = append(rule[a], v.label)
			}
		}
		out = append(out, rule)
	}
	return out, nil
}

// excluded reports whether an exclude entry matches every one of its axes in cell.
func excluded(rules [][][]string, cell []value) bool {
	for _, rule := range rules {
		match := true
		for a, labels := range rule {
			if labels != nil && !slices.Contains(labels, cell[a].label) {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// explicit reads a list of cells, each a mapping from the same axes to one value.
func (b *builder) explicit(n *yaml.Node) error {
	items, err := b.r.list(n, "cells", false)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		return b.r.Fail(n, "cells", "the list is empty: give at least one cell")
	}
	if len(items) > MaxCells {
		return b.r.Fail(n, "cells", "lists %d cells, more than %d: split the sweep into several files", len(items), MaxCells)
	}
	for i, it := range items {
		field := fmt.Sprintf("cells[%d]", i+1)
		kvs, err := b.r.Pairs(it, field, nil)
		if err != nil {
			return err
		}
		if i == 0 {
			for _, kv := range kvs {
				tg, _, err := b.axis(kv.K, nil, yamlnode.Join(field, kv.Key))
				if err != nil {
					return err
				}
				b.axes, b.keys = append(b.axes, tg), append(b.keys, kv.K)
				b.plan.Axes = append(b.plan.Axes, Axis{Name: tg.key, Column: tg.column, Kind: tg.kind})
			}
		}
		cell := make([]value, len(b.axes))
		got := make([]bool, len(b.axes))
		for _, kv := range kvs {
			tg, msg := b.t.lookup(kv.Key)
			a := -1
			if tg != nil {
				a = slices.IndexFunc(b.axes, func(x *target) bool { return x.key == tg.key })
			}
			if a < 0 {
				if msg == "" {
					msg = "not named by the first cell"
				}
				return b.r.Fail(kv.K, yamlnode.Join(field, kv.Key), "%s: every cell names the same axes (%s)", msg, b.axisNames())
			}
			v, err := tg.read(b.r, kv.V, yamlnode.Join(field, kv.Key))
			if err != nil {
				return err
			}
			cell[a], got[a] = v, true
		}
		for a, ok := range got {
			if !ok {
				return b.r.Fail(it, field, "names no value for %s: every cell names the same axes (%s)", b.axes[a].key, b.axisNames())
			}
		}
		for j, prev := range b.cells {
			if slices.Equal(labels(prev), labels(cell)) {
				return b.r.Fail(it, field, "repeats cells[%d]: give each cell once", j+1)
			}
		}
		for a := range cell {
			if !slices.Contains(b.plan.Axes[a].Values, cell[a].label) {
				b.plan.Axes[a].Values = append(b.plan.Axes[a].Values, cell[a].label)
			}
		}
		b.cells = append(b.cells, cell)
	}
	return nil
}

// tableColumns are the columns the tables have besides the axes'.
var tableColumns = []string{"cell", "players", "role", "character", "games", "wins", "win_rate", "ci_low", "ci_high", "distinct_games", "n_eff"}

// finish names and prepares every cell and records the base run.
func (b *builder) finish() error {
	for a, ax := range b.plan.Axes {
		if ax.Name != resultfile.SweepPlayersAxis && slices.Contains(tableColumns, ax.Column) {
			return b.r.Fail(b.keys[a], ax.Name, "its column %q would repeat one of the tables' own columns (%s)", ax.Column, strings.Join(tableColumns, ", "))
		}
	}
	names := cellNames(b.plan.Axes, b.cells)
	for i, vals := range b.cells {
		s := b.base0.clone()
		for _, v := range vals {
			v.set(&s)
		}
		c, err := b.prepare(names[i], s)
		if err != nil {
			return b.cellError(names[i], vals, err)
		}
		c.Values = labels(vals)
		b.plan.Cells = append(b.plan.Cells, *c)
	}
	// Each cell fits (prepare), but sweep.json and the dry run add them all up.
	var total uint64
	for i := range b.plan.Cells {
		c := &b.plan.Cells[i]
		games, _ := lab.GamesProduct(c.Games, uint64(len(c.Players)))
		var ok bool
		if total, ok = lab.GamesSum(total, games); !ok {
			return &Error{File: b.r.File, Field: "games", Msg: fmt.Sprintf("the %d cells together are too many games: at most %s games fit in one sweep; lower games or give fewer cells",
				len(b.plan.Cells), lab.GroupDigits(lab.MaxGames))}
		}
	}
	b.plan.Base = b.record(b.base0)
	return nil
}

// cellError attributes a cell the game refused to the lines of the values that cause
// it: those without which (the base run's value instead) the cell would be accepted.
func (b *builder) cellError(name string, vals []value, err error) error {
	var lines []string
	line := 0
	for a, v := range vals {
		s := b.base0.clone()
		for o, w := range vals {
			if o != a {
				w.set(&s)
			}
		}
		if _, e := b.prepare(name, s); e == nil {
			line = v.line
			lines = append(lines, strconv.Itoa(v.line))
		}
	}
	hint := ""
	if len(lines) > 0 && len(b.cells) > 1 {
		hint = "; leave the cell out with exclude: or change the values (lines " + strings.Join(lines, ", ") + ")"
	}
	return &Error{File: b.r.File, Line: line, Field: "cell " + name, Msg: err.Error() + hint}
}

// prepare turns one cell's settings into the game's Choice, prepares it and checks it
// at every player count.
func (b *builder) prepare(name string, s settings) (*Cell, error) {
	g := b.t.g
	var items []string
	for r, spec := range s.policyFor {
		if spec != "" {
			items = append(items, strings.ToLower(bang.Role(r).String())+"="+spec)
		}
	}
	rules := slices.Clone(s.rules)
	if len(s.life) > 0 {
		i := lab.Lookup(g.Rules, "life")
		rules[i].Text = strings.Join(append(nonEmpty(rules[i].Text), s.life...), ",")
	}
	cfg := lab.Config{Game: g.Name, Players: s.players, Policy: s.policy, PolicyFor: items, Characters: s.characters, FixedSeats: s.fixedSeats, Rules: rules}
	choice, err := lab.NewChoice(g, cfg, s.seed, s.players)
	if err != nil {
		return nil, err
	}
	p, err := g.Prepare(choice)
	if err != nil {
		return nil, err
	}
	for _, n := range s.players {
		if err := p.Check(n); err != nil {
			return nil, err
		}
	}
	if _, ok := lab.GamesProduct(s.games, uint64(len(s.players))); !ok {
		return nil, lab.TooManyGames(fmt.Sprintf("games %d at %d player counts", s.games, len(s.players)))
	}
	canon, err := cfg.CanonicalIn(g)
	if err != nil {
		return nil, err
	}
	config := canon.String()
	a := args(config, s)
	if b.plan.CharactersFile != "" {
		a = append(a, "--characters-file", b.plan.CharactersFile)
	}
	return &Cell{Name: name, Players: s.players, Games: s.games, Seed: s.seed, Prepared: p, Config: config, Args: a}, nil
}

// args are the `bangsim run` flags of a cell's run: its configuration in one --config,
// then the games and the seed.
func args(config string, s settings) []string {
	return []string{"run", "--config", config, "--games", strconv.FormatUint(s.games, 10), "--seed", strconv.FormatUint(s.seed, 10)}
}

// record writes the base run as sweep.json records it.
func (b *builder) record(s settings) resultfile.SweepBase {
	g := b.t.g
	base := resultfile.SweepBase{Players: s.players, GamesPerCount: s.games, Seed: s.seed, Policy: s.policy, Characters: s.characters, FixedSeats: s.fixedSeats}
	for r, spec := range s.policyFor {
		if spec != "" {
			if base.PolicyFor == nil {
				base.PolicyFor = map[string]string{}
			}
			base.PolicyFor[bang.Role(r).String()] = spec
		}
	}
	for i := range g.Rules {
		base.Rules = append(base.Rules, resultfile.Setting{Name: g.Rules[i].Key(), Value: g.Rules[i].Value(s.rules[i])})
	}
	return base
}

// axisNames lists the plan's axes for messages.
func (b *builder) axisNames() string {
	var names []string
	for _, t := range b.axes {
		names = append(names, t.key)
	}
	if len(names) == 0 {
		return "(none)"
	}
	return strings.Join(names, ", ")
}

// labels returns the labels of vs.
func labels(vs []value) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.label
	}
	return out
}

// nonEmpty returns s as a list of one, or none when it is empty.
func nonEmpty(s string) []string {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return []string{s}
}

// show quotes a label for a message; an empty one reads "" rather than nothing.
func show(label string) string { return strconv.Quote(label) }

// showList quotes labels for a message.
func showList(ls []string) string {
	q := make([]string, len(ls))
	for i, l := range ls {
		q[i] = show(l)
	}
	return strings.Join(q, ", ")
}

// maxName bounds a cell's directory name; longer names are cut and given a hash.
const maxName = 120

// cellNames names each cell's directory by its settings, "players=5,arrows=9": each
// axis's name and its label with characters that need quoting in a shell made "-". A
// name that is too long, or that two cells would share, ends in "~" and a hash of the
// labels, so names stay unique and the same for the same file.
func cellNames(axes []Axis, cells [][]value) []string {
	names := make([]string, len(cells))
	seen := map[string]int{}
	for i, vals := range cells {
		var parts []string
		for a, v := range vals {
			parts = append(parts, axes[a].Name+"="+sanitize(v.label))
		}
		n := strings.Join(parts, ",")
		if n == "" {
			n = "base"
		}
		if len(n) > maxName {
			n = n[:maxName-10] + "~" + labelHash(vals)
		}
		names[i] = n
		seen[n]++
	}
	for i, n := range names {
		if seen[n] > 1 {
			names[i] = n + "~" + labelHash(cells[i])
		}
	}
	return names
}

// sanitize keeps letters, digits and ._+=- and writes a run of anything else as one "-".
func sanitize(label string) string {
	var sb strings.Builder
	dash := false
	for _, c := range label {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.ContainsRune("._+=-", c) {
			sb.WriteRune(c)
			dash = false
			continue
		}
		if !dash {
			sb.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimRight(sb.String(), "-")
}

// labelHash is 8 hex digits of a hash of the labels.
func labelHash(vals []value) string {
	h := sha256.Sum256([]byte(strings.Join(labels(vals), "\x00")))
	return hex.EncodeToString(h[:4])
}

// Dir is the cell's directory relative to the sweep directory.
func (c *Cell) Dir() string { return path.Join(resultfile.SweepCellsDir, c.Name) }

// planned returns the games a cell's shard plays at each of its player counts.
func (c *Cell) planned(shard resultfile.Shard) uint64 {
	lo, hi := shardRange(c.Games, shard)
	return (hi - lo) * uint64(len(c.Players))
}

// MaxCells bounds a sweep's combinations of axis values (before excludes): each cell is
// a run of its own, a directory and a row of sweep.json, and ten thousand of them is
// already a day's work at a few seconds a cell.
const MaxCells = 10000

// axisSizes writes the axes' sizes as "3 x 100 x 60 values".
func axisSizes(vals [][]value) string {
	s := make([]string, len(vals))
	for i, vs := range vals {
		s[i] = strconv.Itoa(len(vs))
	}
	return strings.Join(s, " x ") + " values"
}
