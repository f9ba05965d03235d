package card

// Driven exports the playout adapter (playout_test.go) to this directory's external
// tests (package card_test), which can import the bots without an import cycle: the
// harness (internal/enginetest) plays it, checking every invariant after every step.
type Driven = driven

// NewDriven returns the adapter for games whose index i is played under rulesOf(i),
// with a policy and its needs per role, every choice required to be legal.
func NewDriven(rulesOf func(i uint64) Rules, byRole [NumRoles]Policy, needs [NumRoles]Needs) *Driven {
	m := newDriven(rulesOf(0), byRole, needs, true)
	m.rulesOf = rulesOf
	return m
}

// Final returns the adapter's game, finished after a playout.
func (m *Driven) Final() *State { return &m.g }

// GameHash exports gameHash: the fingerprint of a finished game.
func GameHash(g *State) uint64 { return gameHash(g) }
