package dicegame

import (
	"fmt"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/dice"
)

// abilityTable is the engine's table of ability parameters (dice.AbilityParams) as the
// lab shows and parses it: row i of one is row i of the other.
var abilityTable = func() []lab.AbilityParam {
	var out []lab.AbilityParam
	for _, p := range dice.AbilityParams() {
		out = append(out, lab.AbilityParam{Character: p.Character.String(), Slug: p.Character.Slug(),
			Name: p.Name, Min: p.Min, Max: p.Max, Default: p.Default(), Doc: p.Doc})
	}
	return out
}()

// setAbility reads --ability into the rules' abilities, the printed cards elsewhere.
func setAbility(r *dice.Rules, v lab.Value) error {
	vals, err := lab.ParseAbilities(abilityTable, v.Text)
	if err != nil {
		return fmt.Errorf("--%s: %w", lab.AbilityOptionName, err)
	}
	r.Ability = dice.DefaultAbilities()
	params := dice.AbilityParams()
	for i := range params {
		params[i].Set(&r.Ability, vals[i])
	}
	return nil
}
