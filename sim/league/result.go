package league

import (
	"github.com/bangsim/bangsim/sim/bang"
)

// SeatRecord is one seat of a league game: who sat there, the character they bought
// and for how much, what it was worth to them, and how the game went for them.
type SeatRecord struct {
	Player int
	Role   bang.Role
	Char   bang.Character
	Price  int64
	How    How
	// Worth is the character's simulated uplift for this role and table size
	// (Values.Uplift), reported beside the price paid (L2).
	Worth    int64
	Earned   int64
	Fate     Fate
	KilledBy int8 // the seat credited with the kill (C1/C4), -1 for nobody or alive
	Withdrew bool // went passive during the game (its withdrawal turn came while it lived) and earned $0
	// Cash is the player's money after the game: before it, less Price, plus Earned (the
	// season's record, games.csv's money_after).
	Cash int64
}

// GameRecord is one game of the qualifying round.
type GameRecord struct {
	Index   int    // the season's game number, from 0
	Meeting int    // from 0
	Round   int    // the game of the meeting, from 0
	Table   int    // the table of the round, from 0
	Seed    uint64 // the card game's seed
	Players int
	Seats   [bang.MaxSeats]SeatRecord // Seats[:Players]; the rest are zero
	Draw    bool                      // the turn cap ended it (C11): nobody earns
	Winner  Side                      // meaningless for a draw
	Turns   int
	Illegal int // card-game choices and auction answers that were replaced
	// Layout is the characters the Sheriff laid out for the auction, Layout[:Players] in
	// the order laid; Auction is the auction's every step (the season's record,
	// auctions.csv).
	Layout  [bang.MaxSeats]bang.Character
	Auction []Move
	// Passive is each seat's withdrawal turn in this game (0: none), as the engine was
	// told (card.Table.Withdraw): what a replay needs to play the game again.
	Passive [bang.MaxSeats]uint16
}

// Standing is one player's qualifying record.
type Standing struct {
	Player int   // the index, from 0; standings.csv writes Player+1, as on the score sheet
	Games  int   // recorded games, all of which count (a player stops at MaxGames)
	Won    int64 // dollars earned
	Spent  int64 // dollars paid at auctions
	Score  int64 // StartCash + Won − Spent
	Kills  int
	Deaths int
	// Rank is the qualifying rank from 1; 0 for a player with fewer than MinGames games
	// (L6).
	Rank      int
	Withdrawn bool
	// Place is the knock-out's: 1 to 4, 5 for a quarter-final loser, 0 for none.
	Place int
}

// Result is one season.
type Result struct {
	Seed      uint64
	Standings []Standing // by player number
	Ranking   []int      // the ranked players, best first
	Games     []GameRecord
	Matches   []MatchResult
	Awards    Awards
	// Characters is the set the season laid out (Config.Characters or the printed
	// one): what its record names the characters by.
	Characters *bang.CharacterSet
}

// name returns character c's name in the season's set.
func (r *Result) name(c bang.Character) string { return orPrinted(r.Characters).Name(c) }
