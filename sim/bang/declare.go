package bang

// Declaration is what a game is made of, as the lab, the result files and the reports
// speak of it: its roles, the roles dealt at each table size and its characters (a
// side is a role's team: WinTally.TeamWins counts wins by the winning seat's role). Exports, labels and loops read it; the engines' fixed arrays are only
// its capacity (NumRoles roles, MaxSeats seats, MaxCharacters characters).
type Declaration struct {
	// Roles lists the game's roles in Role order.
	Roles []Role
	// MinSeats and MaxSeats bound the table sizes the game is played at.
	MinSeats, MaxSeats int
	// Deck returns the roles dealt at a table of n players, seat 0's first (nil outside
	// MinSeats to MaxSeats): RoleDeck for both BANG! games.
	Deck func(n int) []Role
	// Characters is the game's characters, the printed ones and Plain first.
	Characters *CharacterSet
}

// Declare returns the declaration of a BANG! game played at min to max players with
// characters: the shared roles and decks (RoleDeck).
func Declare(min, max int, characters *CharacterSet) *Declaration {
	return &Declaration{MinSeats: min, MaxSeats: max, Characters: characters, Roles: []Role{Sheriff, Deputy, Outlaw, Renegade},
		Deck: func(n int) []Role {
			if n < min || n > max {
				return nil
			}
			return RoleDeck(n)
		}}
}

// WithCharacters returns a copy of d playing characters instead.
func (d *Declaration) WithCharacters(characters *CharacterSet) *Declaration {
	c := *d
	c.Characters = characters
	return &c
}

// RoleCounts returns how many seats hold each of the game's roles (Roles order) at a
// table of n players.
func (d *Declaration) RoleCounts(n int) []int {
	counts := make([]int, len(d.Roles))
	for _, r := range d.Deck(n) {
		for i, dr := range d.Roles {
			if dr == r {
				counts[i]++
			}
		}
	}
	return counts
}
