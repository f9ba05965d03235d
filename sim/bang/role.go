package bang

import (
	"fmt"
	"strings"
)

// Role is a player's secret (or, with 3 players in the dice game, public) role.
type Role uint8

// The roles; RoleUnknown is what a player's view shows for a role it may not see.
const (
	Sheriff Role = iota
	Deputy
	Outlaw
	Renegade
	NumRoles
	RoleUnknown Role = 255
)

var roleNames = [NumRoles]string{"Sheriff", "Deputy", "Outlaw", "Renegade"}

// String returns the role's printed name.
func (r Role) String() string {
	if r < NumRoles {
		return roleNames[r]
	}
	if r == RoleUnknown {
		return "Unknown"
	}
	return "Role?"
}

// RoleNames lists the printed names of the roles in Role order.
func RoleNames() []string { return roleNames[:] }

// ParseRole accepts a role name in any case.
func ParseRole(s string) (Role, error) {
	for i, n := range roleNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Role(i), nil
		}
	}
	return 0, fmt.Errorf("unknown role %q (want sheriff, deputy, outlaw or renegade)", s)
}

// MinSeats and MaxSeats bound the table sizes any BANG! game here is played at; each
// game narrows them (the dice game 3 to 8, the card game 4 to 7).
const (
	MinSeats = 3
	MaxSeats = 8
)

// roleDeck lists the roles dealt for each player count; the first entry goes to seat 0,
// the player who starts (the Sheriff, or the Deputy in the 3-player dice game), and the
// rest are shuffled over the other seats. The 4 to 7 player decks are the card game's
// too.
var roleDeck = [MaxSeats + 1][]Role{
	3: {Deputy, Outlaw, Renegade},
	4: {Sheriff, Renegade, Outlaw, Outlaw},
	5: {Sheriff, Renegade, Outlaw, Outlaw, Deputy},
	6: {Sheriff, Renegade, Outlaw, Outlaw, Outlaw, Deputy},
	7: {Sheriff, Renegade, Outlaw, Outlaw, Outlaw, Deputy, Deputy},
	8: {Sheriff, Renegade, Renegade, Outlaw, Outlaw, Outlaw, Deputy, Deputy},
}

// RoleDeck returns the roles dealt at a table of n players, seat 0's first; nil outside
// MinSeats to MaxSeats. The slice is shared: callers must not modify it.
func RoleDeck(n int) []Role {
	if n < MinSeats || n > MaxSeats {
		return nil
	}
	return roleDeck[n]
}

// RoleCounts returns how many seats hold each role with n players.
func RoleCounts(n int) [NumRoles]int {
	var c [NumRoles]int
	for _, r := range RoleDeck(n) {
		c[r]++
	}
	return c
}
