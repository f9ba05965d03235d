package league

// DraftChoice is the better-ranked player's choice before a long duel (seed 003): to pick
// first or to start first; the other option goes to the opponent.
type DraftChoice uint8

// The draft choices a match records.
const (
	NoChoice   DraftChoice = iota // no duel was played (a forfeit), or the Duel has no draft (CoinDuel)
	PickFirst                     // the better-ranked player picked first, the opponent started
	StartFirst                    // the better-ranked player started, the opponent picked first
)

var choiceNames = [...]string{"", "pick-first", "start-first"}

// String returns the choice as matches.csv writes it: pick-first, start-first, or empty
// for none.
func (c DraftChoice) String() string {
	if int(c) < len(choiceNames) {
		return choiceNames[c]
	}
	return "choice?"
}

// DuelOutcome is how a knock-out duel went: who won, the better-ranked player's draft
// choice and whether the turn cap ended it (the better-ranked player then goes through,
// LongDuel's convention); the season's record keeps all three (MatchResult).
type DuelOutcome struct {
	HigherWins bool
	Choice     DraftChoice
	Draw       bool
}

// cloneMoves copies an auction log, which the Auctioneer reuses for the next table.
func cloneMoves(log []Move) []Move {
	return append(make([]Move, 0, len(log)), log...)
}
