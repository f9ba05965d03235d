package tally

// LengthCap is the longest game Lengths counts on its own: longer games share its
// bucket. It is both games' default turn cap (dice D17, card C11), so under the default
// rules every game's length is exact and a capped game counts at the cap.
const LengthCap = 1000

// Lengths counts finished games by their length in turns: Lengths[t] holds the games
// of t turns, and Lengths[LengthCap] those of LengthCap turns or more. A fixed array,
// so recording a game is one increment and merging is addition, as for Cell.
type Lengths [LengthCap + 1]uint64

// Add counts one game of turns turns.
func (h *Lengths) Add(turns uint64) { h[min(turns, LengthCap)]++ }

// Merge adds o into h.
func (h *Lengths) Merge(o *Lengths) {
	for i := range h {
		h[i] += o[i]
	}
}
