package league

import (
	"fmt"
	"strings"
)

// ValueBidder bids what a character is worth to its own role, from simulated games
// (decision L2; Values): the expected earnings of its role at this table size with that
// character, less the average expected earnings with the other characters still laid
// out (what it would end up with if it let this one go). It opens the lot worth most to
// it at $0, raises by $100 while the new bid stays within that worth and its money, and
// with no money chooses the character with the highest expected earnings. It sees only
// its own role: it does not bid to keep a character from the Sheriff or an opponent.
type ValueBidder struct {
	V *Values
}

// worth is the most seat v.Self would pay for lot i: its expected earnings with it less
// the mean of the other lots' (whole dollars, integer arithmetic, so every platform
// bids alike).
func (b *ValueBidder) worth(v *AuctionView, i int) int64 {
	e := b.V.Expected(v.Players, v.Role, v.Lots[i])
	if v.NumLots < 2 {
		return e
	}
	var others int64
	for j := 0; j < v.NumLots; j++ {
		if j != i {
			others += b.V.Expected(v.Players, v.Role, v.Lots[j])
		}
	}
	return e - others/int64(v.NumLots-1)
}

// Open implements Bidder: the lot worth most, at $0.
func (b *ValueBidder) Open(v *AuctionView) (int, int64) {
	best, bestW := 0, b.worth(v, 0)
	for i := 1; i < v.NumLots; i++ {
		if w := b.worth(v, i); w > bestW {
			best, bestW = i, w
		}
	}
	return best, 0
}

// Raise implements Bidder: one step more while that stays within the lot's worth.
func (b *ValueBidder) Raise(v *AuctionView) int64 {
	limit := min(b.worth(v, v.Lot), v.Cash[v.Self])
	if next := v.High + BidStep; next <= limit {
		return next
	}
	return Pass
}

// Choose implements Bidder: the lot with the highest expected earnings.
func (b *ValueBidder) Choose(v *AuctionView) int {
	return bestExpected(b.V, v)
}

// bestExpected returns the lot with the highest expected earnings for v's seat.
func bestExpected(vals *Values, v *AuctionView) int {
	best, bestE := 0, vals.Expected(v.Players, v.Role, v.Lots[0])
	for i := 1; i < v.NumLots; i++ {
		if e := vals.Expected(v.Players, v.Role, v.Lots[i]); e > bestE {
			best, bestE = i, e
		}
	}
	return best
}

// FrugalBidder never pays: it opens the lot with the highest expected earnings for its
// role at $0 and passes every raise. A baseline for the value of bidding at all.
type FrugalBidder struct {
	V *Values
}

// Open implements Bidder.
func (b *FrugalBidder) Open(v *AuctionView) (int, int64) { return bestExpected(b.V, v), 0 }

// Raise implements Bidder: always Pass.
func (*FrugalBidder) Raise(*AuctionView) int64 { return Pass }

// Choose implements Bidder.
func (b *FrugalBidder) Choose(v *AuctionView) int { return bestExpected(b.V, v) }

// BidderEntry names an auction bot.
type BidderEntry struct {
	Name        string
	Description string
	New         func(v *Values) Bidder
}

// Bidders lists the auction bots, the default first.
var Bidders = []BidderEntry{
	{"value", "bids up to a character's simulated worth to its own role (expected $ with it, less the mean of the other lots)",
		func(v *Values) Bidder { return &ValueBidder{V: v} }},
	{"frugal", "never pays: opens the character with the highest simulated earnings for its role at $0, passes every raise",
		func(v *Values) Bidder { return &FrugalBidder{V: v} }},
}

// LookupBidder returns the auction bot of that name.
func LookupBidder(name string) (BidderEntry, error) {
	var names []string
	for _, e := range Bidders {
		if strings.EqualFold(e.Name, strings.TrimSpace(name)) {
			return e, nil
		}
		names = append(names, e.Name)
	}
	return BidderEntry{}, fmt.Errorf("unknown auction bot %q (known: %s)", name, strings.Join(names, ", "))
}

// compile-time checks that both bots are Bidders.
var (
	_ Bidder = (*ValueBidder)(nil)
	_ Bidder = (*FrugalBidder)(nil)
)
