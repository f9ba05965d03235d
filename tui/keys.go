package tui

// The keys, one place: the help line is written from the same words.
const (
	helpBots   = "space: next move · f: faster · t: skip to my turn · q: leave"
	helpPick   = "1-9 or ↑↓+enter: choose · h: hint · q: leave"
	helpToggle = "1-9: toggle a die · enter: reroll the marked (none marked: stop) · h: hint · q: leave"
	helpOver   = "the game is over · ↑↓: scroll · q: leave"
)

// paces are the delays between bots' moves under "faster", in milliseconds: each f
// goes one further, the last is as fast as the screen draws.
var paces = []int{800, 400, 150, 40, 0}
