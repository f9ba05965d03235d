package league

import (
	"fmt"
	"strconv"

	"github.com/bangsim/bangsim/sim/bang"
)

// The season's record, three CSV files beside standings.csv (docs/league.md says what
// every column means). Players, meetings, games, tables, seats, auctions and steps are
// numbered from 1, as on the score sheet; the season is numbered from 0, as in
// standings.csv and the season's seed (seed.ForGame(run seed, season)). Money is whole
// dollars; a cell that does not apply is empty.
const (
	// GamesHeader is games.csv's first line: one row per seat of every qualifying game.
	GamesHeader = "season,meeting,game,table,seat,player,role,character,price,winner,alive,fate,kills,payout,money_after,withdrew"
	// AuctionsHeader is auctions.csv's first line: one row per step of every auction.
	AuctionsHeader = "season,game,auction,layout,opener,step,seat,player,action,character,amount,worth"
	// MatchesHeader is matches.csv's first line: one row per knock-out match played.
	MatchesHeader = "season,round,higher,higher_rank,lower,lower_rank,draft_choice,winner,forfeit,draw,duel_seed"
)

// The auction's actions as auctions.csv names them.
const (
	ActionBid        = "bid"         // an opening bid (the auction's step 1) or a raise
	ActionPass       = "pass"        // passed and is out of this auction
	ActionForcedPass = "forced-pass" // could not cover the next $100 step, so had to pass (not asked)
	ActionBuy        = "buy"         // the last bidder left takes the character for its bid
	ActionTakeLast   = "take-last"   // the last player without a character takes the last one for $0
	ActionTakeFree   = "take-free"   // a player with $0 chooses a character after the auctions (L7)
)

// Action returns the auctions.csv action of m.
func (m Move) Action() string {
	switch m.Kind {
	case MoveOpen, MoveRaise:
		return ActionBid
	case MovePass:
		if m.Forced {
			return ActionForcedPass
		}
		return ActionPass
	case MoveWin:
		return ActionBuy
	case MoveLast:
		return ActionTakeLast
	case MoveChoose:
		return ActionTakeFree
	}
	return "move?"
}

// takes reports whether m gives its seat a character (a purchase, perhaps for $0).
func (m Move) takes() bool { return m.Kind == MoveWin || m.Kind == MoveLast || m.Kind == MoveChoose }

// starts reports whether m begins a new allocation of a character: an auction's opening
// bid, or a character taken without an auction.
func (m Move) starts() bool { return m.Kind == MoveOpen || m.Kind == MoveLast || m.Kind == MoveChoose }

var roundShort = [...]string{QuarterFinal: "quarter", SemiFinal: "semi", ThirdPlace: "third", Final: "final"}

// Short returns the round as matches.csv writes it: quarter, semi, third, final.
func (r Round) Short() string {
	if int(r) < len(roundShort) {
		return roundShort[r]
	}
	return "round?"
}

// winnerText is games.csv's winner: the winning side, or draw (the turn cap, C11).
func (g *GameRecord) winnerText() string {
	if g.Draw {
		return "draw"
	}
	return g.Winner.String()
}

// AppendGames appends the season's games.csv rows (no header) to b: per game, one row
// per seat in seat order (seat 1 the Sheriff). kills are the seat's kills in that game
// (C1/C4 credit); payout the score table's; money_after the player's money after the
// game (before it, less price, plus payout).
func AppendGames(b []byte, season uint64, res *Result) []byte {
	for gi := range res.Games {
		g := &res.Games[gi]
		win := g.winnerText()
		for s := 0; s < g.Players; s++ {
			sr := &g.Seats[s]
			kills := 0
			for t := 0; t < g.Players; t++ {
				if int(g.Seats[t].KilledBy) == s {
					kills++
				}
			}
			b = fmt.Appendf(b, "%d,%d,%d,%d,%d,%d,%s,%s,%d,%s,%t,%s,%d,%d,%d,%t\n", season, g.Meeting+1, g.Index+1, g.Table+1, s+1, sr.Player+1,
				sr.Role, res.name(sr.Char), sr.Price, win, sr.Fate.Alive(), sr.Fate, kills, sr.Earned, sr.Cash, sr.Withdrew)
		}
	}
	return b
}

// AppendAuctions appends the season's auctions.csv rows (no header) to b: every step of
// every game's auctions as logged. An auction is one character's allocation, numbered
// from 1 in the game: an auction proper (bids and passes, then the buy) or a character
// taken for $0 without one (take-last, take-free). layout is the characters still laid
// out when it began, in the Sheriff's order, separated by "|" (the game's first: all
// of them); opener the player who opened it (or took the character). amount is the bid,
// or the price on a buy; worth, on the rows that give a character, its simulated worth
// to the taker (L2, SeatRecord.Worth).
func AppendAuctions(b []byte, season uint64, res *Result) []byte {
	var lots [bang.MaxSeats]bang.Character
	var prefix []byte // "season,game,auction,layout,opener," of the auction in progress
	for gi := range res.Games {
		g := &res.Games[gi]
		n := copy(lots[:], g.Layout[:g.Players])
		auction, step := 0, 0
		for _, m := range g.Auction {
			step++
			if m.starts() {
				auction, step = auction+1, 1
				prefix = strconv.AppendUint(prefix[:0], season, 10)
				prefix = appendInts(prefix, int64(g.Index+1), int64(auction))
				prefix = appendChars(prefix, res, lots[:n])
				prefix = appendInts(prefix, int64(g.Seats[m.Seat].Player+1))
				prefix = append(prefix, ',')
			}
			// The row is many times the file's bulk, so it is appended, not formatted.
			b = append(b, prefix...)
			b = strconv.AppendInt(b, int64(step), 10)
			b = appendInts(b, int64(m.Seat+1), int64(g.Seats[m.Seat].Player+1))
			b = append(b, ',')
			b = append(b, m.Action()...)
			b = append(b, ',')
			b = append(b, res.name(m.Char)...)
			b = append(b, ',')
			switch {
			case m.takes():
				b = strconv.AppendInt(b, m.Amount, 10)
				b = appendInts(b, g.Seats[m.Seat].Worth)
				n = removeChar(lots[:n], m.Char)
			case m.Kind == MovePass:
				b = append(b, ',')
			default:
				b = append(strconv.AppendInt(b, m.Amount, 10), ',')
			}
			b = append(b, '\n')
		}
	}
	return b
}

// appendInts appends ",v" for each v.
func appendInts(b []byte, vs ...int64) []byte {
	for _, v := range vs {
		b = strconv.AppendInt(append(b, ','), v, 10)
	}
	return b
}

// appendChars appends ",", then the character names (res's) joined with "|" (names hold
// spaces, never "|" or ",").
func appendChars(b []byte, res *Result, cs []bang.Character) []byte {
	b = append(b, ',')
	for i, c := range cs {
		if i > 0 {
			b = append(b, '|')
		}
		b = append(b, res.name(c)...)
	}
	return b
}

// removeChar removes c from cs, keeping the order, and returns the new length.
func removeChar(cs []bang.Character, c bang.Character) int {
	for i := range cs {
		if cs[i] == c {
			copy(cs[i:], cs[i+1:])
			return len(cs) - 1
		}
	}
	return len(cs)
}

// AppendMatches appends the season's matches.csv rows (no header) to b: the knock-out
// matches in the order played (the four quarter-finals 1–8, 4–5, 2–7, 3–6, the two
// semi-finals, third place, the final; byes are not matches). higher is the
// better-ranked player, who made the draft choice; a forfeit (a withdrawn player) has
// no duel, so no draft choice.
func AppendMatches(b []byte, season uint64, res *Result) []byte {
	for _, m := range res.Matches {
		b = fmt.Appendf(b, "%d,%s,%d,%d,%d,%d,%s,%d,%t,%t,%d\n", season, m.Round.Short(), m.Higher+1, m.HigherRank, m.Lower+1, m.LowerRank,
			m.Choice, m.Winner+1, m.Forfeit, m.Draw, m.Seed)
	}
	return b
}
