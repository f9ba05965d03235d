package dice

import (
	"fmt"
	"strings"
)

// Role is a player's secret (or, with 3 players, public) role.
type Role uint8

// The roles; RoleUnknown is what a View shows for a role its player may not see.
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

// ParseRole accepts a role name in any case.
func ParseRole(s string) (Role, error) {
	for i, n := range roleNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Role(i), nil
		}
	}
	return 0, fmt.Errorf("unknown role %q (want sheriff, deputy, outlaw or renegade)", s)
}

// MinPlayers and MaxPlayers bound the table size the rulebook covers.
const (
	MinPlayers = 3
	MaxPlayers = 8
)

// roleDeck lists the roles dealt for each player count; the first entry goes to seat 0,
// the player who starts (the Sheriff, or the Deputy with 3 players), and the rest are
// shuffled over the other seats.
var roleDeck = [MaxPlayers + 1][]Role{
	3: {Deputy, Outlaw, Renegade},
	4: {Sheriff, Renegade, Outlaw, Outlaw},
	5: {Sheriff, Renegade, Outlaw, Outlaw, Deputy},
	6: {Sheriff, Renegade, Outlaw, Outlaw, Outlaw, Deputy},
	7: {Sheriff, Renegade, Outlaw, Outlaw, Outlaw, Deputy, Deputy},
	8: {Sheriff, Renegade, Renegade, Outlaw, Outlaw, Outlaw, Deputy, Deputy},
}

// RoleCounts returns how many seats hold each role with n players.
func RoleCounts(n int) [NumRoles]int {
	var c [NumRoles]int
	if n < MinPlayers || n > MaxPlayers {
		return c
	}
	for _, r := range roleDeck[n] {
		c[r]++
	}
	return c
}
