package dicebots_test

import "github.com/bangsim/bangsim/sim/dice"

// lookaheadOf reports whether p looks ahead (dice.LookaheadPolicy). A test's wrapper
// says what the policy inside it says: otherwise the Table would play the game on the
// straight-line driver, where View.Determinize refuses to copy it.
func lookaheadOf(p dice.Policy) bool {
	l, ok := p.(dice.LookaheadPolicy)
	return ok && l.Lookahead()
}

func (c legalChecker) Lookahead() bool  { return lookaheadOf(c.p) }
func (tp *timedPolicy) Lookahead() bool { return lookaheadOf(tp.p) }
func (h *hook) Lookahead() bool         { return lookaheadOf(h.p) }
func (c *searchLegal) Lookahead() bool  { return lookaheadOf(c.p) }
func (c *sightCheck) Lookahead() bool   { return lookaheadOf(c.p) }
func (r viewRecorder) Lookahead() bool  { return lookaheadOf(r.p) }
