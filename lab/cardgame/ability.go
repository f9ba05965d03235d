package cardgame

import (
	"fmt"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// abilityTable is the engine's table of ability parameters (card.AbilityParams) as the
// lab shows and parses it: row i of one is row i of the other.
var abilityTable = func() []lab.AbilityParam {
	var out []lab.AbilityParam
	for _, p := range card.AbilityParams() {
		out = append(out, lab.AbilityParam{Character: p.Character.String(), Slug: p.Character.Slug(),
			Name: p.Name, Min: p.Min, Max: p.Max, Default: p.Default, Doc: p.Doc})
	}
	return out
}()

// setAbility reads --ability into the rules' abilities, the printed cards elsewhere.
func setAbility(r *card.Rules, v lab.Value) error {
	vals, err := lab.ParseAbilities(abilityTable, v.Text)
	if err != nil {
		return fmt.Errorf("--%s: %w", lab.AbilityOptionName, err)
	}
	r.Ability = card.Abilities{}
	params := card.AbilityParams()
	for i := range params {
		params[i].Set(&r.Ability, vals[i])
	}
	return nil
}

// characterInfos lists the characters of set, each with its ability parameters (an
// added character has none).
func characterInfos(set *bang.CharacterSet) []lab.CharacterInfo {
	out := lab.CharacterInfos(set)
	for i := range out {
		for _, p := range abilityTable {
			if p.Slug == out[i].Slug {
				out[i].Params = append(out[i].Params, p)
			}
		}
	}
	return out
}
