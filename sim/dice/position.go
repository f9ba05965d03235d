package dice

// AskReroll puts a game arranged after Setup (the caller writes life, arrows, the pile,
// the dice, the active seat, roles, characters and Revealed, and calls Refresh after
// changing a character, which makes the seats' Profile) at the active seat's
// reroll decision with rerolls rerolls left: a turn in progress, as at a real table, for
// tools that rank its choices (bangsim advise). It reports false when the position
// leaves nothing to decide: the Dynamite has stopped the rolling (D23), no reroll is
// left, or no die may be rerolled. The arrows of the dice showing count as taken.
func (g *State) AskReroll(rerolls int) bool {
	g.indexFaces()
	a := g.Active
	if g.Turn == 0 {
		g.Turn, g.Turns = 1, 1
	}
	g.RerollsLeft = uint8(rerolls)
	g.slabDie, g.slabBeer = -1, -1
	g.phase = phRoll
	if g.dynamiteStops() {
		return false
	}
	opts := g.rerollable(a)
	if opts == 0 {
		return false
	}
	g.ask(DecideReroll, a, -1, uint32(opts))
	return true
}
