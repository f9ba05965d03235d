package league

import (
	"math/bits"

	"github.com/bangsim/bangsim/sim/bang"
)

// BidStep is the auction's unit: every bid is a multiple of $100.
const BidStep = 100

// Pass is what Bidder.Raise returns to pass.
const Pass int64 = -1

// AuctionView is what a bidder sees when asked: the table, everyone's money, the
// characters still laid out and the state of the auction in progress. At the auction
// each player knows their own role (dealt face down before it) and the Sheriff's, who
// sits at seat 0.
type AuctionView struct {
	Players int
	Self    int       // the seat asked
	Role    bang.Role // its own role
	// Cash is every player's money now (what they may still bid); public, as the score
	// sheets are.
	Cash [bang.MaxSeats]int64
	// Owned has a bit per seat that already has its character.
	Owned uint8
	// Lots[:NumLots] are the characters still laid out, in the order the Sheriff laid them.
	Lots    [bang.MaxSeats]bang.Character
	NumLots int
	// Lot is the index in Lots of the character being auctioned, -1 while choosing one.
	Lot int
	// High is the standing bid and HighSeat who made it (-1: none yet).
	High     int64
	HighSeat int
	// In has a bit per seat still in this auction (not passed, no character).
	In uint8
}

// Bidder is an auction policy (decision L2: bots like any other). The auction checks
// every answer: an illegal one is replaced (a lot out of range by the first lot, an
// illegal opening bid by $0, an illegal raise by a pass) and counted.
type Bidder interface {
	// Open picks the lot to auction (an index into v.Lots) and the opening bid: a
	// multiple of BidStep from 0 to the bidder's cash.
	Open(v *AuctionView) (lot int, bid int64)
	// Raise returns a bid above v.High (a multiple of BidStep, at most the bidder's
	// cash), or Pass. It is asked only when a raise is possible.
	Raise(v *AuctionView) int64
	// Choose picks a lot to take for $0: a player with no money, after the auctions (L7).
	Choose(v *AuctionView) int
}

// MoveKind says what happened at one step of an auction.
type MoveKind uint8

// The steps an auction log records.
const (
	MoveOpen   MoveKind = iota // Seat picks Char and bids Amount
	MoveRaise                  // Seat raises to Amount
	MovePass                   // Seat passes (Forced: it could not raise)
	MoveWin                    // Seat takes Char for Amount, the last bidder left
	MoveChoose                 // Seat, with no money, chooses Char for $0 (L7)
	MoveLast                   // Seat, the last without a character, takes the last one for $0
)

var moveNames = [...]string{"open", "raise", "pass", "win", "choose", "last"}

// String returns the move's name.
func (k MoveKind) String() string {
	if int(k) < len(moveNames) {
		return moveNames[k]
	}
	return "move?"
}

// Move is one logged step of an auction.
type Move struct {
	Kind   MoveKind
	Seat   int
	Char   bang.Character
	Amount int64
	Forced bool
}

// How says how a seat got its character.
type How uint8

// The ways to a character.
const (
	Bought How = iota // won an auction (perhaps for $0)
	Chose             // chose it for $0, having no money (L7)
	Last              // the last player without one, took the last one for $0
)

// AuctionResult is the outcome of one table's auctions.
type AuctionResult struct {
	Char    [bang.MaxSeats]bang.Character
	Price   [bang.MaxSeats]int64
	How     [bang.MaxSeats]How
	Illegal int // bidder answers that were not legal and were replaced
}

// Auctioneer runs a table's character auctions. It keeps the view it shows the bidders,
// so a season reuses one and the auctions allocate nothing. Log, when Logging is set,
// receives every step (tests and narrations).
type Auctioneer struct {
	Logging bool
	Log     []Move
	view    AuctionView
	role    [bang.MaxSeats]bang.Role
}

// Run auctions the laid-out characters layout[:n] among n seats whose roles and money
// are given, asking bidders[s] for seat s, as the league's rules say: the Sheriff (seat
// 0) opens; going left (up the seats), each player still in raises or passes; the last
// bidder left pays and takes the character; the player left of the last winner who has
// no character yet and money to bid opens the next auction; a player who cannot raise
// (no money, or not enough) must pass; the last player without a character takes the
// last one for $0; players with $0 choose theirs after the auctions in score-sheet (seat)
// order (L7).
func (a *Auctioneer) Run(n int, roles *[bang.MaxSeats]bang.Role, cash *[bang.MaxSeats]int64, layout *[bang.MaxSeats]bang.Character, bidders *[bang.MaxSeats]Bidder, out *AuctionResult) {
	*out = AuctionResult{}
	a.Log = a.Log[:0]
	v := &a.view
	*v = AuctionView{Players: n, Cash: *cash, Lots: *layout, NumLots: n, Lot: -1, HighSeat: -1}
	a.role = *roles
	opener := 0
	for {
		left := n - bits.OnesCount8(v.Owned)
		if left == 0 {
			return
		}
		if left == 1 {
			s := a.nextWithout(0, false)
			a.award(s, 0, 0, Last, out)
			a.log(Move{Kind: MoveLast, Seat: s, Char: out.Char[s]})
			return
		}
		o := a.nextWithout(opener, true)
		if o < 0 {
			a.choose(bidders, out)
			return
		}
		w := a.auction(o, bidders, out)
		opener = (w + 1) % n
	}
}

// nextWithout returns the first seat from s going left that has no character (and, if
// moneyed, some money), or -1.
func (a *Auctioneer) nextWithout(s int, moneyed bool) int {
	v := &a.view
	for i := 0; i < v.Players; i++ {
		t := (s + i) % v.Players
		if v.Owned>>uint(t)&1 == 0 && (!moneyed || v.Cash[t] > 0) {
			return t
		}
	}
	return -1
}

// auction runs one auction opened by seat o and returns the winner.
func (a *Auctioneer) auction(o int, bidders *[bang.MaxSeats]Bidder, out *AuctionResult) int {
	v := &a.view
	n := v.Players
	v.In = uint8(1<<n-1) &^ v.Owned
	v.Lot, v.High, v.HighSeat = -1, 0, -1
	a.ask(o)
	lot, bid := bidders[o].Open(v)
	if lot < 0 || lot >= v.NumLots {
		lot = 0
		out.Illegal++
	}
	if bid < 0 || bid%BidStep != 0 || bid > v.Cash[o] {
		bid = 0
		out.Illegal++
	}
	v.Lot, v.High, v.HighSeat = lot, bid, o
	a.log(Move{Kind: MoveOpen, Seat: o, Char: v.Lots[lot], Amount: bid})
	for s := o; bits.OnesCount8(v.In) > 1; {
		s = (s + 1) % n
		if v.In>>uint(s)&1 == 0 || s == v.HighSeat {
			continue
		}
		if v.Cash[s] < v.High+BidStep {
			v.In &^= 1 << uint(s)
			a.log(Move{Kind: MovePass, Seat: s, Char: v.Lots[lot], Forced: true})
			continue
		}
		a.ask(s)
		r := bidders[s].Raise(v)
		if r != Pass && (r <= v.High || r%BidStep != 0 || r > v.Cash[s]) {
			r = Pass
			out.Illegal++
		}
		if r == Pass {
			v.In &^= 1 << uint(s)
			a.log(Move{Kind: MovePass, Seat: s, Char: v.Lots[lot]})
			continue
		}
		v.High, v.HighSeat = r, s
		a.log(Move{Kind: MoveRaise, Seat: s, Char: v.Lots[lot], Amount: r})
	}
	w := v.HighSeat
	a.award(w, lot, v.High, Bought, out)
	a.log(Move{Kind: MoveWin, Seat: w, Char: out.Char[w], Amount: out.Price[w]})
	return w
}

// choose lets the players without money take their characters for $0 in seat order
// (L7), the last of them the last character.
func (a *Auctioneer) choose(bidders *[bang.MaxSeats]Bidder, out *AuctionResult) {
	v := &a.view
	for s := 0; s < v.Players; s++ {
		if v.Owned>>uint(s)&1 == 1 {
			continue
		}
		if v.NumLots == 1 {
			a.award(s, 0, 0, Last, out)
			a.log(Move{Kind: MoveLast, Seat: s, Char: out.Char[s]})
			continue
		}
		v.In, v.Lot, v.High, v.HighSeat = 0, -1, 0, -1
		a.ask(s)
		lot := bidders[s].Choose(v)
		if lot < 0 || lot >= v.NumLots {
			lot = 0
			out.Illegal++
		}
		a.award(s, lot, 0, Chose, out)
		a.log(Move{Kind: MoveChoose, Seat: s, Char: out.Char[s]})
	}
}

// ask points the view at seat s.
func (a *Auctioneer) ask(s int) {
	a.view.Self, a.view.Role = s, a.role[s]
}

// award gives seat s the lot for price and takes the lot off the table.
func (a *Auctioneer) award(s, lot int, price int64, how How, out *AuctionResult) {
	v := &a.view
	out.Char[s], out.Price[s], out.How[s] = v.Lots[lot], price, how
	v.Cash[s] -= price
	v.Owned |= 1 << uint(s)
	copy(v.Lots[lot:v.NumLots], v.Lots[lot+1:v.NumLots])
	v.NumLots--
	v.In = 0
}

func (a *Auctioneer) log(m Move) {
	if a.Logging {
		a.Log = append(a.Log, m)
	}
}
