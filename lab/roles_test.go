package lab_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/lab"
	"github.com/bangsim/bangsim/sim/bang"
)

// threeRoles declares a game of three roles, without the Deputy: the Sheriff, then
// Outlaws and one Renegade, at 3 to 5 seats.
var threeRoles = &bang.Declaration{Roles: []bang.Role{bang.Sheriff, bang.Outlaw, bang.Renegade}, MinSeats: 3, MaxSeats: 5,
	Deck: func(n int) []bang.Role {
		if n < 3 || n > 5 {
			return nil
		}
		deck := []bang.Role{bang.Sheriff, bang.Renegade}
		for len(deck) < n {
			deck = append(deck, bang.Outlaw)
		}
		return deck
	}}

// The role rows, --policy-for and tune's --role follow the game's declaration, not the
// BANG! four: a game declaring three roles has three rows and "all", refuses a bot for
// the role it lacks and never deals it; the BANG! declaration deals no Deputy at 4.
func TestRolesFromTheDeclaration(t *testing.T) {
	all := lab.RoleAll
	for _, c := range []struct {
		d       *bang.Declaration
		players int
		want    []int
	}{
		{threeRoles, 5, []int{int(bang.Sheriff), int(bang.Outlaw), int(bang.Renegade), all}},
		{bang.Declare(4, 7, nil), 4, []int{int(bang.Sheriff), int(bang.Outlaw), int(bang.Renegade), all}},
		{bang.Declare(4, 7, nil), 5, []int{int(bang.Sheriff), int(bang.Deputy), int(bang.Outlaw), int(bang.Renegade), all}},
		{bang.Declare(2, 2, nil), 2, []int{all}}, // the long duel deals no roles
	} {
		if got := lab.CompareRoles(c.d, c.players); !slices.Equal(got, c.want) {
			t.Errorf("CompareRoles(%v, %d) = %v, want %v", c.d.Roles, c.players, got, c.want)
		}
	}
	if lab.RoleDealt(threeRoles, int(bang.Deputy), 5) || !lab.RoleDealt(threeRoles, int(bang.Renegade), 5) || !lab.RoleDealt(threeRoles, all, 3) {
		t.Error("RoleDealt does not follow the declaration")
	}
	_, err := lab.ParsePolicyFor(threeRoles, []string{"deputy=random"}, []int{5})
	if err == nil || !strings.Contains(err.Error(), "this game has no Deputy (its roles: sheriff, outlaw, renegade)") {
		t.Errorf("--policy-for deputy in a game without one: %v", err)
	}
	by, err := lab.ParsePolicyFor(threeRoles, []string{"outlaw=random"}, []int{5})
	if err != nil || by[bang.Outlaw] != "random" {
		t.Errorf("--policy-for outlaw: %v %v", by, err)
	}
	if _, err := lab.ParsePolicyFor(bang.Declare(4, 7, nil), []string{"deputy=random"}, []int{4}); err == nil ||
		!strings.Contains(err.Error(), "no Deputy sits at a table of 4 players") {
		t.Errorf("--policy-for deputy at 4 players: %v", err)
	}
}
