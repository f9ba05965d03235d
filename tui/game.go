package tui

// Game is one game a person plays at a table of bots, seen from the person's seat.
type Game interface {
	// Title is the screen's first line: the game, the seed, the person's seat.
	Title() string
	// Next answers the pending Ask with answer (ignored when none is pending) and
	// returns the next step. It is not called again once a step is Over.
	Next(answer int) Step
	// Hint ranks the pending Ask's options by the bots' estimate (nil without an Ask).
	Hint() ([]Hint, error)
	// Close stops the game where it stands and flushes its replay.
	Close() error
}

// Step is what happened since the last step, and what comes next.
type Step struct {
	Lines []string // what happened, in words, as the text replay narrates it
	// Board is what the person's seat may know now, one line each (role, hand, every
	// seat's life and cards in play), as the rules reveal it.
	Board  []string
	Ask    *Ask // the person's decision, or nil when a bot moves next
	Over   bool // the game has ended; Result says how
	Result string
}

// Ask is a decision of the person's seat: pick one of Options, or, when Toggles is
// set, toggle any of them and confirm (the answer is the OR of the toggled Bits).
type Ask struct {
	Prompt  string
	Options []Option
	Toggles []Toggle
}

// Option is one legal choice of a pick-one Ask.
type Option struct {
	Label string
	Value int // the answer Next takes
}

// Toggle is one thing a toggle Ask may include (a die to reroll); Locked, when set,
// says why it cannot be chosen now.
type Toggle struct {
	Label  string
	Bit    int
	Locked string
}

// Hint is one option ranked: the chance the person's side wins after it, estimated by
// playouts, with a 95% interval, and the exact odds where they are known.
type Hint struct {
	Label      string
	Value      int
	Win        float64
	Lo, Hi     float64
	Exact      string // e.g. "P(3 Gatlings) 42.1%"; "" where no exact odds apply
	SearchPick bool   // the search bot's own choice here
}
