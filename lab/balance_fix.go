package lab

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
)

// FixSpec is what `bangsim balance --fix` searches: the tolerance, what may not change,
// the rule options it may change besides lives and ability parameters, and the seed of
// the fresh games that validate the answer.
type FixSpec struct {
	Epsilon float64 // the tolerance on every character's "all" difference, a fraction (0.03: 3 points)
	// Pins name what may not change: a character (its life and its ability parameters),
	// "life" (every life), a parameter "slug.param", or a rule option's name.
	Pins []string
	// Options are number rule options the search may move too, one step at a time.
	Options []string
	// MaxSteps bounds the changes accepted (0: FixMaxSteps).
	MaxSteps int
	// FreshSeed seeds the validation games, which the search never plays.
	FreshSeed uint64
}

// FixMaxSteps is the default bound on the changes a fix accepts.
const FixMaxSteps = 8

// FixStep is one change the search accepted: a lever moved from one value to another,
// and the worst |difference| over the characters after it (on the search's seeds).
type FixStep struct {
	Key      string  // "life:lucky-duke", "lucky-duke.rerolls" or a rule option's name
	From, To int     // a life's change (0: the printed life), a parameter's or option's value
	Worst    float64 // max |Diff| of the "all" rows after the step
	Name     string  // a life change's character by name ("Lucky Duke"), as --life writes it
}

// FixResult is a fix found and validated.
type FixResult struct {
	Steps []FixStep // in the order accepted; the net change per lever is Changes
	// Changes is the net change set: each lever's value at the end, where it differs
	// from the start, in the order first moved.
	Changes []FixStep
	Config  Config // the run's configuration with the changes
	// Before and After are the run's and the fix's balance on the fresh seeds.
	Before, After *report.Balance
	Games         uint64 // games played in all (search and validation, every player count)
	Evaluations   int    // configurations played in the search
	Within        bool   // every character within ±Epsilon on the fresh seeds
}

// fixState is a point of the search: every lever's value.
type fixState struct {
	life []int          // by bang.Character, every character of the game's set
	abil []int          // by row of Game.Abilities
	opts map[string]int // the Options by name
}

// clone returns an independent copy.
func (st fixState) clone() fixState {
	out := fixState{life: slices.Clone(st.life), abil: slices.Clone(st.abil), opts: map[string]int{}}
	for k, v := range st.opts {
		out.opts[k] = v
	}
	return out
}

// FixBalance searches, greedily on the seeds of s, for the fewest changes that bring
// every character's role-weighted difference within ±Epsilon at every player count of
// s: at each step it tries the worst character's life ±1 and each of its ability
// parameters ±1 (within range), and each of f.Options ±1, on the same games (common
// seeds), and keeps the one that most lowers the excess over Epsilon (the sum of
// squares of max(0, |Diff| − Epsilon)); it stops when every character is within, when
// no candidate lowers it, or after MaxSteps. The run and the answer are then played
// on f.FreshSeed, never used in the search, for the before/after with intervals.
func FixBalance(ctx context.Context, s BalanceSpec, base *BalanceResult, f FixSpec) (*FixResult, error) {
	g := s.Run.Game
	if err := CheckFix(g, f); err != nil {
		return nil, err
	}
	lifeIdx, abilIdx := Lookup(g.Rules, LifeOption), Lookup(g.Rules, AbilityOptionName)
	pinned, err := fixPins(g, f)
	if err != nil {
		return nil, err
	}
	start, err := fixStart(s, lifeIdx, abilIdx, f.Options)
	if err != nil {
		return nil, err
	}
	res := &FixResult{}
	score := func(b *report.Balance) (float64, float64, float64) { return fixScore(b, f.Epsilon) }
	cur, curBal := start.clone(), base.Balance
	curScore, worst, curTotal := score(curBal)
	res.Games = base.Games() * uint64(len(s.Run.Players))
	maxSteps := f.MaxSteps
	if maxSteps <= 0 {
		maxSteps = FixMaxSteps
	}
	for step := 0; step < maxSteps && worst > f.Epsilon; step++ {
		var best *fixState
		var bestBal *report.Balance
		var bestKey string
		var bestFrom, bestTo int
		bestScore, bestTotal := curScore, curTotal
		for _, c := range fixCandidates(g, cur, curBal, f, pinned) {
			spec, err := fixSpec(s, c.state, lifeIdx, abilIdx)
			if err != nil {
				continue // outside what the game accepts (a life below 1, say)
			}
			spec.announce("--fix: trying %s %d → %d", c.key, c.from, c.to)
			r, err := RunBalance(ctx, spec)
			if err != nil {
				return nil, err
			}
			res.Evaluations++
			res.Games += r.Games() * uint64(len(s.Run.Players))
			// The lowest excess; among equal ones (none, say) the lowest total.
			if sc, _, tot := score(r.Balance); sc < bestScore || sc == bestScore && tot < bestTotal {
				st := c.state
				best, bestBal, bestScore, bestTotal, bestKey, bestFrom, bestTo = &st, r.Balance, sc, tot, c.key, c.from, c.to
			}
		}
		if best == nil {
			break
		}
		cur, curBal, curScore, curTotal = *best, bestBal, bestScore, bestTotal
		_, worst, _ = score(curBal)
		res.Steps = append(res.Steps, FixStep{Key: bestKey, From: bestFrom, To: bestTo, Worst: worst})
	}
	res.Changes = fixChanges(start, cur, res.Steps, s.Run.Game)
	fixed, err := fixSpec(s, cur, lifeIdx, abilIdx)
	if err != nil {
		return nil, err
	}
	res.Config = fixed.Config
	// Validation: the run and the fix on fresh seeds.
	for i, spec := range []BalanceSpec{s, fixed} {
		spec.Run.Seed = f.FreshSeed
		if spec, err = spec.withConfig(spec.Config); err != nil {
			return nil, err
		}
		spec.announce("--fix: validating the %s on fresh seeds (seed %d)", []string{"run", "fix"}[i], f.FreshSeed)
		r, err := RunBalance(ctx, spec)
		if err != nil {
			return nil, err
		}
		res.Games += r.Games() * uint64(len(s.Run.Players))
		if i == 0 {
			res.Before = r.Balance
		} else {
			res.After = r.Balance
		}
	}
	_, w, _ := score(res.After)
	res.Within = w <= f.Epsilon
	return res, nil
}

// fixScore returns the sum of squares of each "all" row's excess over eps, the
// largest |Diff| of those rows and the sum of their squares.
func fixScore(b *report.Balance, eps float64) (score, worst, total float64) {
	for _, r := range b.Rows {
		if r.Role != resultfile.AllRoles || r.Character == bang.Plain.String() {
			continue
		}
		d := math.Abs(r.Diff)
		worst, total = max(worst, d), total+d*d
		if e := d - eps; e > 0 {
			score += e * e
		}
	}
	return score, worst, total
}

// CheckFix refuses, before anything is played, a --fix game g cannot search (no life
// or ability option), a pin naming nothing and a --fix-options entry that is no number
// rule option of g.
func CheckFix(g *Game, f FixSpec) error {
	if Lookup(g.Rules, LifeOption) < 0 || Lookup(g.Rules, AbilityOptionName) < 0 {
		return fmt.Errorf("--fix: the %s game has no life and ability options to change", g.Name)
	}
	_, err := fixPins(g, f)
	return err
}

// fixPins reads the pins into the set of pinned keys ("life:slug", "slug.param", an
// option's name); a pin naming nothing is refused.
func fixPins(g *Game, f FixSpec) (map[string]bool, error) {
	out, set := map[string]bool{}, g.CharacterSet()
	for _, pin := range f.Pins {
		pin = strings.TrimSpace(pin)
		switch {
		case pin == LifeOption:
			for c := range bang.Character(set.Len()) {
				out["life:"+set.Slug(c)] = true
			}
		case Lookup(g.Rules, pin) >= 0:
			out[pin] = true
		case strings.Contains(pin, "."):
			dot := strings.LastIndexByte(pin, '.')
			i, err := findAbility(g.Abilities, bang.Slugify(pin[:dot]), pin[dot+1:])
			if err != nil {
				return nil, fmt.Errorf("--pin %s: %w", pin, err)
			}
			out[g.Abilities[i].Key()] = true
		default:
			c, err := set.Parse(pin)
			if err != nil {
				return nil, fmt.Errorf("--pin %q: not a character, a parameter (slug.param), \"life\" or a rule option", pin)
			}
			out["life:"+set.Slug(c)] = true
			for _, p := range g.Abilities {
				if p.Slug == set.Slug(c) {
					out[p.Key()] = true
				}
			}
		}
	}
	for _, o := range f.Options {
		i := Lookup(g.Rules, o)
		if i < 0 || g.Rules[i].Text {
			return nil, fmt.Errorf("--fix-options %q: not a number rule option of --game %s", o, g.Name)
		}
	}
	return out, nil
}

// fixStart reads the run's lives, ability parameters and options into a search point.
func fixStart(s BalanceSpec, lifeIdx, abilIdx int, opts []string) (fixState, error) {
	set := s.Run.Game.CharacterSet()
	d, err := set.ParseLifeDeltas(s.rule(lifeIdx).Text)
	if err != nil {
		return fixState{}, err
	}
	abil, err := ParseAbilities(s.Run.Game.Abilities, s.rule(abilIdx).Text)
	if err != nil {
		return fixState{}, err
	}
	st := fixState{life: make([]int, set.Len()), abil: abil, opts: map[string]int{}}
	for c := range st.life { // the game's characters (LifeDeltas' room is larger)
		st.life[c] = int(d[c])
	}
	for _, o := range opts {
		st.opts[o] = s.rule(Lookup(s.Run.Game.Rules, o)).Int
	}
	return st, nil
}

// fixSpec is s with the search point's lives, parameters and options.
func fixSpec(s BalanceSpec, st fixState, lifeIdx, abilIdx int) (BalanceSpec, error) {
	g := s.Run.Game
	cfg := s.Config
	if cfg.Rules == nil {
		cfg.Rules = Defaults(g.Rules)
	} else {
		cfg.Rules = slices.Clone(cfg.Rules)
	}
	var life []string
	set := g.CharacterSet()
	for c, d := range st.life {
		if d != 0 {
			life = append(life, fmt.Sprintf("%s=%+d", set.Name(bang.Character(c)), d))
		}
	}
	cfg.Rules[lifeIdx].Text = strings.Join(life, ",")
	cfg.Rules[abilIdx].Text = FormatAbilities(g.Abilities, st.abil)
	for o, v := range st.opts {
		cfg.Rules[Lookup(g.Rules, o)].Int = v
	}
	return s.withConfig(cfg)
}

// fixCandidate is one move of the search.
type fixCandidate struct {
	key      string
	from, to int
	state    fixState
}

// fixCandidates are the moves from cur: the worst character's life and parameters ±1
// (an added character's too, its choices aside), and each option ±1, none pinned, each
// within its range.
func fixCandidates(g *Game, cur fixState, b *report.Balance, f FixSpec, pinned map[string]bool) []fixCandidate {
	var worst *report.BalanceRow
	set := g.CharacterSet()
	for i := range b.Rows {
		r := &b.Rows[i]
		if r.Role == resultfile.AllRoles && r.Character != bang.Plain.String() && (worst == nil || math.Abs(r.Diff) > math.Abs(worst.Diff)) {
			worst = r
		}
	}
	var out []fixCandidate
	move := func(key string, from, lo, hi int, set func(st *fixState, v int)) {
		if pinned[key] {
			return
		}
		for _, to := range []int{from - 1, from + 1} {
			if to < lo || to > hi {
				continue
			}
			st := cur.clone()
			set(&st, to)
			out = append(out, fixCandidate{key: key, from: from, to: to, state: st})
		}
	}
	if worst != nil {
		if c, err := set.Parse(worst.Character); err == nil {
			move("life:"+set.Slug(c), cur.life[c], -bang.MaxLifeDelta, bang.MaxLifeDelta, func(st *fixState, v int) { st.life[c] = v })
			for i, p := range g.Abilities {
				// A choice (draw_on_hit's "by") names a kind, not an amount: a step of
				// one is no step stronger or weaker, so the search leaves it as it is.
				if p.Slug == set.Slug(c) && p.Choices == nil {
					move(p.Key(), cur.abil[i], p.Min, p.Max, func(st *fixState, v int) { st.abil[i] = v })
				}
			}
		}
	}
	for _, o := range f.Options {
		p := g.Rules[Lookup(g.Rules, o)]
		move(o, cur.opts[o], p.Min, p.Max, func(st *fixState, v int) { st.opts[o] = v })
	}
	return out
}

// fixChanges is the net change set from start to end, in the order the steps first
// moved each lever.
func fixChanges(start, end fixState, steps []FixStep, g *Game) []FixStep {
	set, table := g.CharacterSet(), g.Abilities
	name := func(key string) string {
		if slug, ok := strings.CutPrefix(key, "life:"); ok {
			c, _ := set.Parse(slug) // a key the search made from the set
			return set.Name(c)
		}
		return ""
	}
	value := func(st fixState, key string) int {
		if slug, ok := strings.CutPrefix(key, "life:"); ok {
			c, _ := set.Parse(slug)
			return st.life[c]
		}
		for i := range table {
			if table[i].Key() == key {
				return st.abil[i]
			}
		}
		return st.opts[key]
	}
	var out []FixStep
	seen := map[string]bool{}
	for _, s := range steps {
		if seen[s.Key] {
			continue
		}
		seen[s.Key] = true
		if from, to := value(start, s.Key), value(end, s.Key); from != to {
			out = append(out, FixStep{Key: s.Key, From: from, To: to, Name: name(s.Key)})
		}
	}
	return out
}

// FixFlags writes a change set as the flags that play it ("--life \"Lucky Duke=+1\"",
// "--ability lucky-duke.rerolls=1", "--sheriff-bonus 3").
func FixFlags(changes []FixStep) []string {
	var life, out []string
	for _, c := range changes {
		switch slug, ok := strings.CutPrefix(c.Key, "life:"); {
		case ok:
			name := c.Name
			if name == "" {
				name = slug
			}
			life = append(life, fmt.Sprintf("%s=%+d", name, c.To))
		case strings.Contains(c.Key, "."):
			out = append(out, fmt.Sprintf("--ability %s=%d", c.Key, c.To))
		default:
			out = append(out, fmt.Sprintf("--%s %d", c.Key, c.To))
		}
	}
	if life != nil {
		out = append([]string{fmt.Sprintf("--life %q", strings.Join(life, ","))}, out...)
	}
	return out
}

// FixYAML writes a change set as a sweep file's rules block would take it.
func FixYAML(changes []FixStep) string {
	var b strings.Builder
	b.WriteString("# bangsim balance --fix: the change set\nchanges:\n")
	for _, c := range changes {
		fmt.Fprintf(&b, "  - {key: %q, from: %d, to: %d}\n", c.Key, c.From, c.To)
	}
	return b.String()
}
