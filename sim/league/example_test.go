package league_test

import (
	"fmt"
	"strings"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/league"
)

// A score table is a small text file: the first row of a players/winner/role whose
// condition holds pays.
func ExampleParse() {
	text := `!unit $
players winner role condition amount basis
5 law sheriff any 3000 known
5 law deputy alive 2000 known
5 law deputy dead 1000 assumption
`
	t, err := league.Parse("mine.tsv", strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(t.Amount(5, league.SideLaw, bang.Deputy, league.FateAlive))
	fmt.Println(t.Amount(5, league.SideLaw, bang.Deputy, league.FateLastThree))
	fmt.Println(t.Amount(5, league.SideOutlaws, bang.Outlaw, league.FateAlive))
	// Output:
	// 2000
	// 1000
	// 0
}

// limit is a bidder that pays up to a fixed price for each character.
type limit map[bang.Character]int64

func (l limit) Open(v *league.AuctionView) (int, int64) {
	best := 0
	for i := 1; i < v.NumLots; i++ {
		if l[v.Lots[i]] > l[v.Lots[best]] {
			best = i
		}
	}
	return best, 0
}

func (l limit) Raise(v *league.AuctionView) int64 {
	if next := v.High + league.BidStep; next <= l[v.Lots[v.Lot]] && next <= v.Cash[v.Self] {
		return next
	}
	return league.Pass
}

func (l limit) Choose(*league.AuctionView) int { return 0 }

// Four players auction four characters: the Sheriff opens, bids go left in $100 steps,
// the player left of each winner opens the next, the last player takes the last
// character for $0.
func ExampleAuctioneer() {
	n := 4
	roles := [bang.MaxSeats]bang.Role{bang.Sheriff, bang.Outlaw, bang.Renegade, bang.Outlaw}
	cash := [bang.MaxSeats]int64{2000, 2000, 150, 2000}
	layout := [bang.MaxSeats]bang.Character{bang.WillyTheKid, bang.SlabTheKiller, bang.PaulRegret, bang.SuzyLafayette}
	bidders := [bang.MaxSeats]league.Bidder{
		limit{bang.WillyTheKid: 300},
		limit{bang.WillyTheKid: 500, bang.SlabTheKiller: 200},
		limit{bang.WillyTheKid: 900},
		limit{bang.PaulRegret: 100},
	}
	a := league.Auctioneer{Logging: true}
	var out league.AuctionResult
	a.Run(n, &roles, &cash, &layout, &bidders, &out)
	for _, m := range a.Log {
		fmt.Println(m.Seat, m.Kind, m.Char, m.Amount, m.Forced)
	}
	for s := 0; s < n; s++ {
		fmt.Printf("seat %d: %s for $%d\n", s, out.Char[s], out.Price[s])
	}
	// Output:
	// 0 open Willy the Kid 0 false
	// 1 raise Willy the Kid 100 false
	// 2 pass Willy the Kid 0 true
	// 3 pass Willy the Kid 0 false
	// 0 raise Willy the Kid 200 false
	// 1 raise Willy the Kid 300 false
	// 0 pass Willy the Kid 0 false
	// 1 win Willy the Kid 300 false
	// 2 open Slab the Killer 0 false
	// 3 pass Slab the Killer 0 false
	// 0 pass Slab the Killer 0 false
	// 2 win Slab the Killer 0 false
	// 3 open Paul Regret 0 false
	// 0 pass Paul Regret 0 false
	// 3 win Paul Regret 0 false
	// 0 last Suzy Lafayette 0 false
	// seat 0: Suzy Lafayette for $0
	// seat 1: Willy the Kid for $300
	// seat 2: Slab the Killer for $0
	// seat 3: Paul Regret for $0
}
