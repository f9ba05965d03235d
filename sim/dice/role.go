package dice

import "github.com/bangsim/bangsim/sim/bang"

// Role is a player's secret (or, with 3 players, public) role: the shared BANG! roles.
type Role = bang.Role

// The roles; RoleUnknown is what a View shows for a role its player may not see.
const (
	Sheriff     = bang.Sheriff
	Deputy      = bang.Deputy
	Outlaw      = bang.Outlaw
	Renegade    = bang.Renegade
	NumRoles    = bang.NumRoles
	RoleUnknown = bang.RoleUnknown
)

// ParseRole accepts a role name in any case.
func ParseRole(s string) (Role, error) { return bang.ParseRole(s) }

// MinPlayers and MaxPlayers bound the table size the rulebook covers.
const (
	MinPlayers = 3
	MaxPlayers = bang.MaxSeats
)

// roleDeck lists the roles dealt for each player count (bang.RoleDeck), indexed by the
// count so the deal reads it without a call.
var roleDeck = func() (d [MaxPlayers + 1][]Role) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		d[n] = bang.RoleDeck(n)
	}
	return d
}()

// RoleCounts returns how many seats hold each role with n players.
func RoleCounts(n int) [NumRoles]int {
	if n < MinPlayers || n > MaxPlayers {
		return [NumRoles]int{}
	}
	return bang.RoleCounts(n)
}
