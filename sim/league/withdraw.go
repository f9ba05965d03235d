package league

// Withdrawal schedules a player's withdrawal from the league (seed 003, "Rezygnacja"):
// during their Game-th game (counted from 1), from the game's turn Turn on (1 is the
// Sheriff's first turn), they play passive and earn $0; Turn 0 withdraws them before
// that game. Either way they play no further game and leave the league for good: they
// are not ranked, take no finals seat (the next-ranked player takes it) and win no
// award. With Finals set instead (Game and Turn 0), they withdraw after the qualifying
// round, before their first knock-out match: the ranking is made and keeps them, and
// "withdrawing before or during a duel loses it": they lose that match by forfeit and
// win no award. The card engine keeps the passive seat's rules (card.State.Withdraw).
type Withdrawal struct {
	// Player is the player's index, from 0 (Standing.Player); the files, the flags and
	// the messages number them from 1, as on the score sheet: player Player+1.
	Player int
	Game   int
	Turn   int
	// Finals withdraws the player before their first knock-out match (Game and Turn 0).
	Finals bool
	// OneSeason limits the withdrawal to the season numbered Season (from 0, as in
	// standings.csv; League.SeasonNumber); unset, it happens in every season.
	OneSeason bool
	Season    int
}

// inSeason reports whether the withdrawal happens in season number n (-1: a season
// played without a number, League.Season, which only every-season withdrawals reach).
func (w *Withdrawal) inSeason(n int) bool { return !w.OneSeason || n >= 0 && w.Season == n }
