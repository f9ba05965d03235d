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
	table, slots := lab.AbilityTableOf(abilityTable, set, card.Primitives())
	return abilities{table: table, slots: slots}
}

// set reads --ability into the rules: the printed characters' abilities (the printed
// cards elsewhere), and the added characters' powers' arguments, which SetCharacters
// has set to the file's values and the deal reads (Rules.profileFor).
func (a abilities) set(r *card.Rules, v lab.Value) error {
	vals, err := lab.ParseAbilities(a.table, v.Text)
	if err != nil {
		return fmt.Errorf("--%s: %w", lab.AbilityOptionName, err)
	}
	r.Ability = card.Abilities{}
	params := card.AbilityParams()
	for i := range params {
		params[i].Set(&r.Ability, vals[i])
	}
	lab.SetAddedAbilities(&r.CharacterDeal, a.slots, vals[len(params):])
	// The ranges are checked; what ties two parameters (look_keep keeps fewer than it
	// looks at) is the engine's, said here with the character's name.
	for i := range a.slots {
		if s := a.slots[i]; i == 0 || s.Added != a.slots[i-1].Added {
			if err := card.CheckPowers(&r.CharacterDeal.AddedPowers[s.Added]); err != nil {
				return fmt.Errorf("--%s: %s: %v", lab.AbilityOptionName, a.table[len(params)+i].Character, err)
			}
		}
	}
	return nil
}

// characterInfos lists the characters of set, each with its ability parameters in
// table (an added character's are its powers').
func characterInfos(set *bang.CharacterSet, table []lab.AbilityParam) []lab.CharacterInfo {
	out := lab.CharacterInfos(set)
	for i := range out {
		for _, p := range table {
			if p.Slug == out[i].Slug {
				out[i].Params = append(out[i].Params, p)
			}
		}
	}
	return out
}
