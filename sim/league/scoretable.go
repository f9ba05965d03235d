package league

import (
	"fmt"
	"io"
	"strings"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// Side is the side that won a game: the three score tables of the league's rules.
type Side uint8

// The winning sides; the Law is the Sheriff with his Deputies.
const (
	SideLaw Side = iota
	SideOutlaws
	SideRenegade
	NumSides
)

var sideNames = [NumSides]string{"law", "outlaws", "renegade"}

// String returns the side as a score table file spells it.
func (s Side) String() string {
	if s < NumSides {
		return sideNames[s]
	}
	return "side?"
}

// SideOf returns the side of a winning role.
func SideOf(r bang.Role) Side {
	switch r {
	case bang.Sheriff, bang.Deputy:
		return SideLaw
	case bang.Outlaw:
		return SideOutlaws
	}
	return SideRenegade
}

// Fate is how a player's game ended, as finely as a score table's conditions need: alive,
// with how many players were alive at the end, or dead with how many players were alive
// (the dead one included) at the death.
type Fate uint8

// The fates a condition can tell apart. FateDead is a death whose order is unknown: every
// death of a game played untraced, which is how games are played unless the score table
// needs the order (NeedsOrder). "Among the last three" is a death with at most three
// alive, or a survival when the game ended with at most three alive (FateAlive, not
// FateAliveMany); "lost the final duel" is the death that ends a game down to two
// players (the last two-player exchange). The values are fixed: FateAliveMany was added
// last.
const (
	FateAlive     Fate = iota // alive at the end, with at most three alive (or the count not given)
	FateFinalDuel             // eliminated with 2 alive: lost the game's final duel
	FateLastThree             // eliminated with 3 alive: among the last three
	FateEarlier               // eliminated with 4 or more alive
	FateDead                  // eliminated, the order not recorded
	FateAliveMany             // alive at the end with 4 or more alive: not among the last three
	numFates
)

var fateNames = [numFates]string{"alive", "final-duel", "last-three", "earlier", "dead", "alive-of-many"}

// Alive reports whether the player was alive at the end.
func (f Fate) Alive() bool { return f == FateAlive || f == FateAliveMany }

// String returns the fate's name.
func (f Fate) String() string {
	if f < numFates {
		return fateNames[f]
	}
	return "fate?"
}

// FateOf returns the fate of a player: alive with aliveAt players alive at the end, or
// dead with aliveAt players alive at the death (the dead one included); aliveAt 0: not
// recorded.
func FateOf(alive bool, aliveAt int) Fate {
	switch {
	case alive && aliveAt >= 4:
		return FateAliveMany
	case alive:
		return FateAlive
	case aliveAt == 0:
		return FateDead
	case aliveAt == 2:
		return FateFinalDuel
	case aliveAt == 3:
		return FateLastThree
	}
	return FateEarlier
}

// Condition is the set of fates a score table row pays for, a bit per Fate.
type Condition uint8

// The conditions L1a needs, as sets of fates. CondLastThree, "among the last three", is
// a death with at most three alive or a survival of a game that ended with at most three
// alive; CondLostFinalDuel a death in the game's last two-player exchange (the rulings
// the league digest's L1a is read by, docs/league.md).
const (
	CondAny           Condition = 1<<FateAlive | 1<<FateAliveMany | 1<<FateFinalDuel | 1<<FateLastThree | 1<<FateEarlier | 1<<FateDead
	CondAlive         Condition = 1<<FateAlive | 1<<FateAliveMany
	CondDead          Condition = 1<<FateFinalDuel | 1<<FateLastThree | 1<<FateEarlier | 1<<FateDead
	CondLastThree     Condition = 1<<FateAlive | 1<<FateFinalDuel | 1<<FateLastThree
	CondLostFinalDuel Condition = 1 << FateFinalDuel
)

// conditions lists each condition with its name in the file, in a fixed order.
var conditions = []struct {
	name string
	c    Condition
}{
	{"any", CondAny}, {"alive", CondAlive}, {"dead", CondDead},
	{"last-three", CondLastThree}, {"lost-final-duel", CondLostFinalDuel},
}

// String returns the condition's name in a score table file.
func (c Condition) String() string {
	for _, k := range conditions {
		if k.c == c {
			return k.name
		}
	}
	return "condition?"
}

// needsOrder reports whether telling c's fates apart needs the elimination order.
func (c Condition) needsOrder() bool { return c != CondAny && c != CondAlive && c != CondDead }

// Basis says whether a row's amount is known from a source or this project's assumption
// (L1: numbers beyond what is known are marked in the file itself).
type Basis uint8

// The bases of a row.
const (
	Known Basis = iota
	Assumption
)

var basisNames = [...]string{"known", "assumption"}

// String returns the basis as the file spells it.
func (b Basis) String() string {
	if int(b) < len(basisNames) {
		return basisNames[b]
	}
	return "basis?"
}

// Row is one line of a score table: at Players players, when Winner won, a Role player
// whose fate meets Cond gains Amount.
type Row struct {
	Players int
	Winner  Side
	Role    bang.Role
	Cond    Condition
	Amount  int64
	Basis   Basis
}

// maxRows bounds the rows of one (players, winner, role): a row whose fates earlier rows
// already cover is refused, so each row adds a fate.
const maxRows = int(numFates)

// key is the rows of one (players, winner, role), in file order.
type key struct {
	n    uint8
	rows [maxRows]Row
}

// ScoreTable is what each player gains after a game, by player count, winning side, role
// and fate (decision L1): the first row of the (players, winner, role) whose condition
// the player's fate meets pays; none pays 0. A game that ends in a draw (C11) pays
// nobody.
type ScoreTable struct {
	// Name is the table's short name (!name), Unit its unit ("$" or "points"), Label
	// what it is and where it comes from, for every output that shows it.
	Name, Unit, Label string
	// Source says where the known numbers come from (!source), if the file says.
	Source string
	keys   [card.MaxPlayers + 1][NumSides][bang.NumRoles]key
	order  bool
	sizes  uint8 // bit n set when some row is for n players
}

// Amount returns what a player of role r gains at n players when side w won and the
// player's fate is f.
func (t *ScoreTable) Amount(n int, w Side, r bang.Role, f Fate) int64 {
	if n < card.MinPlayers || n > card.MaxPlayers || w >= NumSides || r >= bang.NumRoles {
		return 0
	}
	k := &t.keys[n][w][r]
	for i := 0; i < int(k.n); i++ {
		if k.rows[i].Cond&(1<<f) != 0 {
			return k.rows[i].Amount
		}
	}
	return 0
}

// NeedsOrder reports whether some row's condition needs the elimination order (among
// the last three, lost the final duel), so games must be traced.
func (t *ScoreTable) NeedsOrder() bool { return t.order }

// Covers reports whether the table has any row for n players.
func (t *ScoreTable) Covers(n int) bool {
	return n >= card.MinPlayers && n <= card.MaxPlayers && t.sizes>>uint(n)&1 == 1
}

// Rows lists every row, by player count, then winner, then role, then file order.
func (t *ScoreTable) Rows() []Row {
	var out []Row
	for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
		for w := range t.keys[n] {
			for r := range t.keys[n][w] {
				k := &t.keys[n][w][r]
				out = append(out, k.rows[:k.n]...)
			}
		}
	}
	return out
}

// Format writes the table in its file format, one row per player count: Parse reads it
// back to the same table.
func (t *ScoreTable) Format(w io.Writer) error {
	var b strings.Builder
	if t.Name != "" {
		fmt.Fprintf(&b, "!name\t%s\n", t.Name)
	}
	fmt.Fprintf(&b, "!unit\t%s\n", t.Unit)
	if t.Label != "" {
		fmt.Fprintf(&b, "!label\t%s\n", t.Label)
	}
	if t.Source != "" {
		fmt.Fprintf(&b, "!source\t%s\n", t.Source)
	}
	b.WriteString(header + "\n")
	for _, r := range t.Rows() {
		fmt.Fprintf(&b, "%d\t%s\t%s\t%s\t%d\t%s\n", r.Players, r.Winner, strings.ToLower(r.Role.String()), r.Cond, r.Amount, r.Basis)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
