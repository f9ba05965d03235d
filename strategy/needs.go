package strategy

import (
	"fmt"
	"strings"
)

// Needs is a bitmask of what a bot needs from its engine beyond a plain decision. It is
// declared in the bot's Entry because the policy value's own interfaces are lost behind
// any wrapper; see the package doc. The bits match the engines' own (dice.Needs).
type Needs uint8

// The needs a bot may declare.
const (
	// SeesAllRoles: the bot is omniscient, shown every hidden role (it cheats; reports
	// label it).
	SeesAllRoles Needs = 1 << iota
	// NoRecord: the bot never reads the public record, so the engine may skip copying it.
	NoRecord
	// Lookahead: the bot copies the game and plays the copy on, so the engine must play
	// its games in a form that can be copied at any decision.
	Lookahead

	// allNeeds is every bit defined above.
	allNeeds = SeesAllRoles | NoRecord | Lookahead
)

// needNames names the bits in order, for String.
var needNames = [...]string{"SeesAllRoles", "NoRecord", "Lookahead"}

// String lists the needs by name, joined by '|' ("none" for none), so a mismatch or a
// listing reads plainly; unknown bits are shown in hex.
func (n Needs) String() string {
	if n == 0 {
		return "none"
	}
	var parts []string
	for i, name := range needNames {
		if n&(1<<i) != 0 {
			parts = append(parts, name)
		}
	}
	if rest := n &^ allNeeds; rest != 0 {
		parts = append(parts, fmt.Sprintf("%#x", uint8(rest)))
	}
	return strings.Join(parts, "|")
}
