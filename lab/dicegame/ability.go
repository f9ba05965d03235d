package dicegame

import (
	"fmt"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/bang"
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

// abilities is a game's --ability table: the printed characters' rows (abilityTable)
// then its added characters' (lab.AddedAbilities), and where each of those lives in the
// rules.
type abilities struct {
	table []lab.AbilityParam
	slots []lab.AbilitySlot
}

// abilitiesOf returns the --ability table of a game of set's characters; for the
// printed ones only it is abilityTable itself.
func abilitiesOf(set *bang.CharacterSet) abilities {
	table, slots := lab.AbilityTableOf(abilityTable, set, primitives)
	return abilities{table: table, slots: slots}
}

// set reads --ability into the rules: the printed characters' abilities (the printed
// cards elsewhere), and the added characters' powers' arguments, which SetCharacters
// has set to the file's values and the deal reads (refreshProfile).
func (a abilities) set(r *dice.Rules, v lab.Value) error {
	vals, err := lab.ParseAbilities(a.table, v.Text)
	if err != nil {
		return fmt.Errorf("--%s: %w", lab.AbilityOptionName, err)
	}
	r.Ability = dice.DefaultAbilities()
	params := dice.AbilityParams()
	for i := range params {
		params[i].Set(&r.Ability, vals[i])
	}
	lab.SetAddedAbilities(&r.CharacterDeal, a.slots, vals[len(params):])
	return nil
}

// SetAbilities sets the ability values an --ability text gives (text as the flag reads
// it, CHARACTER.PARAM=VALUE entries joined by commas) in r, whose characters are set's
// (r.SetCharacters(set) first): what `bangsim odds --ability` plays, outside a run.
func SetAbilities(r *dice.Rules, set *bang.CharacterSet, text string) error {
	return abilitiesOf(set).set(r, lab.Value{Text: text})
}
