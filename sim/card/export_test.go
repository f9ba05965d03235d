package card

// PlayChecked exports the playout checker to this directory's external tests
// (package card_test), which can import the bots without an import cycle: it plays one
// game with a policy per role, checking every invariant after every step, and returns
// the decisions taken and the first broken invariant.
func PlayChecked(g *State, rules *Rules, gameSeed uint64, byRole [NumRoles]Policy, needs [NumRoles]Needs) (int, error) {
	return playCheckedRoles(g, rules, gameSeed, byRole, needs, true)
}
