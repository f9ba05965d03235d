package enginetest

// Machine is one engine's state machine, with the policies that answer its decisions
// and the invariant checks its tests wrote, as the harness drives it. M is the
// adapter's own type (a pointer to a struct, usually), so Clone and Diff stay typed.
//
// A game runs Start, Check, then while !Done: Choose, Apply, Check; then End.
type Machine[M any] interface {
	// Start sets up and starts game g and checks the fresh table (roles, deal, life);
	// the error names the first broken invariant, after Setup or after Start.
	Start(g Game) error
	// Done reports that no decision is pending.
	Done() bool
	// Choose asks the pending decision's policy for a choice through the view its seat
	// sees. legal is the engine's own verdict (Decision.Legal); err is a broken
	// invariant of the view or the decision.
	Choose() (choice int, legal bool, err error)
	// Asked names the decision Choose last answered, for messages (kind, seat,
	// options); called only on a failure, so a step costs no formatting.
	Asked() string
	// Apply plays choice on the pending decision; the engine maps an illegal choice onto
	// a legal one and counts it in Illegal.
	Apply(choice int)
	// Illegal is the engine's count of illegal choices replaced so far.
	Illegal() int
	// Check checks the invariants that hold at every decision point and at the end.
	Check() error
	// End checks a finished game (the end condition, the winners).
	End() error
	// MaxSteps bounds the decisions of one game: a game longer than this is a loop.
	MaxSteps() int
	// Clone returns an independent copy: the state and every policy stream it draws
	// from, so that both, continued, make the same choices.
	Clone() M
	// Diff says how two machines' games differ, or "" when they are the same.
	Diff(other M) string
	// Describe renders the game for failure messages.
	Describe() string
}

// Game names one game of a run: seed.ForGame(Run, Index) is its Seed.
type Game struct {
	Run, Index, Seed uint64
}
