package lab

import (
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/strategy"
)

// Bots is the bot of every role, resolved from a game's registry: what a Prepared
// game records in run.json, describes in a replay and builds its tables from.
type Bots[P any] struct {
	Default string // the --policy bot's canonical name
	ByRole  [bang.NumRoles]strategy.Entry[P]
}

// ResolveBots looks the Choice's bots up in reg: --policy for every role, then
// --policy-for's by role. Errors name the flag.
func ResolveBots[P any](reg *strategy.Registry[P], c Choice) (Bots[P], error) {
	var b Bots[P]
	def, err := reg.Lookup(c.Policy)
	if err != nil {
		return b, fmt.Errorf("--policy: %w", err)
	}
	b.Default = def.Name
	for r := range b.ByRole {
		b.ByRole[r] = def
		if spec := c.ByRole[r]; spec != "" {
			e, err := reg.Lookup(spec)
			if err != nil {
				return b, fmt.Errorf("--policy-for %s=%s: %w", strings.ToLower(bang.Role(r).String()), spec, err)
			}
			b.ByRole[r] = e
		}
	}
	return b, nil
}

// Record names the bot of every role as run.json records them.
func (b *Bots[P]) Record() resultfile.Policies {
	rec := resultfile.Policies{Default: b.Default, ByRole: map[string]string{}}
	for r, e := range b.ByRole {
		rec.ByRole[bang.Role(r).String()] = e.Name
	}
	return rec
}

// Describe summarises the bots in one phrase, e.g. "heuristic for every role" or
// "heuristic; Outlaw: random".
func (b *Bots[P]) Describe() string {
	var parts []string
	for r, e := range b.ByRole {
		if e.Name != b.Default {
			parts = append(parts, fmt.Sprintf("%s: %s", bang.Role(r), e.Name))
		}
	}
	if len(parts) == 0 {
		return b.Default + " for every role"
	}
	return b.Default + "; " + strings.Join(parts, ", ")
}

// New returns a fresh instance of every role's bot and the needs each declares, for a
// table a worker will own.
func (b *Bots[P]) New() (byRole [bang.NumRoles]P, needs [bang.NumRoles]strategy.Needs) {
	for r, e := range b.ByRole {
		byRole[r], needs[r] = e.New(), e.Needs
	}
	return byRole, needs
}

// RuleSettings checks the rule values against their table and returns them as run.json
// records them (text options in canonical form, an unset OmitEmpty one left out),
// followed by the character deal (and its list, if any).
func RuleSettings(ps []Param, vals []Value, chars CharacterChoice) (resultfile.Settings, error) {
	if len(vals) != len(ps) {
		return nil, fmt.Errorf("lab: %d rule values for %d options", len(vals), len(ps))
	}
	var s resultfile.Settings
	for i := range ps {
		if err := ps[i].Check(vals[i]); err != nil {
			return nil, err
		}
		v := ps[i].Value(vals[i])
		if ps[i].Text && ps[i].OmitEmpty && v == "" {
			continue
		}
		s = append(s, resultfile.Setting{Name: ps[i].Key(), Value: v})
	}
	s = append(s, resultfile.Setting{Name: "characters", Value: chars.Deal.String()})
	if len(chars.List) > 0 {
		s = append(s, resultfile.Setting{Name: "character_list", Value: chars.ListNames()})
	}
	return s, nil
}

// Setup is what every game's Prepared holds in common, embedded in it: the bots by
// role, and the rules as run.json records them and as a replay's header says them.
type Setup[P any] struct {
	Bots      Bots[P]
	Rules     resultfile.Settings
	RulesText string
}

// NewSetup resolves a Choice's bots in reg and checks its rule values against ps.
func NewSetup[P any](reg *strategy.Registry[P], ps []Param, c Choice) (Setup[P], error) {
	var s Setup[P]
	var err error
	if s.Bots, err = ResolveBots(reg, c); err != nil {
		return s, err
	}
	if s.Rules, err = RuleSettings(ps, c.Rules, c.Characters); err != nil {
		return s, err
	}
	s.RulesText = Describe(ps, c.Rules)
	return s, nil
}

// Settings describes the rules as run.json records them.
func (s *Setup[P]) Settings() resultfile.Settings { return s.Rules }

// PolicyRecord names the bot of every role.
func (s *Setup[P]) PolicyRecord() resultfile.Policies { return s.Bots.Record() }

// DescribePolicies summarises the bots in one phrase.
func (s *Setup[P]) DescribePolicies() string { return s.Bots.Describe() }

// PolicyInfos lists every bot of reg for `bangsim policies`, def marked the default.
func PolicyInfos[P any](reg *strategy.Registry[P], def string) []PolicyInfo {
	var out []PolicyInfo
	for _, e := range reg.AllEntries() {
		info := PolicyInfo{Name: e.Name, Description: e.Description, Default: e.Name == def, Variant: e.Variant, Slow: e.Slow}
		for _, p := range e.Params {
			info.Params = append(info.Params, ParamInfo{Name: p.Name, Default: p.Default, Range: p.Range(), Description: p.Description})
		}
		out = append(out, info)
	}
	return out
}

// CanonicalName returns a Game.LookupPolicy for reg: a spec's canonical name.
func CanonicalName[P any](reg *strategy.Registry[P]) func(spec string) (string, error) {
	return func(spec string) (string, error) {
		e, err := reg.Lookup(spec)
		if err != nil {
			return "", err
		}
		return e.Name, nil
	}
}

// Params returns the Param of each option of a game's table, whose entries embed it.
func Params[O interface{ Base() Param }](opts []O) []Param {
	out := make([]Param, len(opts))
	for i, o := range opts {
		out[i] = o.Base()
	}
	return out
}
