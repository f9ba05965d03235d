package league

// Withdrawal schedules a player's withdrawal from the league (seed 003, "Rezygnacja"):
// during their Game-th game (counted from 1), from the game's turn Turn on (1 is the
// Sheriff's first turn), they play passive and earn $0; Turn 0 withdraws them before
// that game. Either way they play no further game, and they lose any knock-out match by
// forfeit. The card engine keeps the passive seat's rules (card.State.Withdraw).
type Withdrawal struct {
	Player int
	Game   int
	Turn   int
}
