package league

import (
	"context"
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
)

// fakeValues returns Values in which an Outlaw at 5 players expects mean[c] dollars with
// character c (one seat each, so the means are exact).
func fakeValues(mean map[bang.Character]int64) *Values {
	v := &Values{}
	for c, m := range mean {
		v.cells[5][bang.Outlaw][c] = Cell{Seats: 1, Sum: m}
		v.roles[5][bang.Outlaw].merge(&v.cells[5][bang.Outlaw][c])
	}
	return v
}

// The value bot's worth of a lot is its expected earnings less the mean of the other
// lots'; it opens the lot worth most at $0, raises one step while within the worth and
// its money, and with no money chooses the highest expected earnings.
func TestValueBidder(t *testing.T) {
	v := fakeValues(map[bang.Character]int64{bart: 900, black: 500, janet: 400, grin: 200})
	b := &ValueBidder{V: v}
	view := AuctionView{Players: 5, Self: 2, Role: bang.Outlaw, NumLots: 4,
		Lots: [bang.MaxSeats]bang.Character{black, janet, bart, grin}}
	view.Cash[2] = 2000
	// worth: bart 900 − (500+400+200)/3 = 534; black 500 − 500 = 0; janet 400 − 533 = −133.
	if w := b.worth(&view, 2); w != 534 {
		t.Errorf("Bart Cassidy's worth %d, want 534", w)
	}
	if lot, bid := b.Open(&view); lot != 2 || bid != 0 {
		t.Errorf("opens lot %d at %d, want lot 2 (Bart Cassidy) at 0", lot, bid)
	}
	view.Lot, view.High = 2, 400
	if r := b.Raise(&view); r != 500 {
		t.Errorf("at 400 raises to %d, want 500 (within the worth 534)", r)
	}
	view.High = 500
	if r := b.Raise(&view); r != Pass {
		t.Errorf("at 500 raises to %d, want a pass (600 is above the worth)", r)
	}
	view.High, view.Cash[2] = 200, 250
	if r := b.Raise(&view); r != Pass {
		t.Errorf("with $250 at 200 raises to %d, want a pass (300 is above its money)", r)
	}
	if c := b.Choose(&view); c != 2 {
		t.Errorf("chooses lot %d, want 2 (the highest expected earnings)", c)
	}
	f := &FrugalBidder{V: v}
	if lot, bid := f.Open(&view); lot != 2 || bid != 0 || f.Raise(&view) != Pass {
		t.Errorf("frugal opens %d at %d", lot, bid)
	}
	if e, err := LookupBidder(" VALUE "); err != nil || e.Name != "value" {
		t.Errorf("LookupBidder: %v %v", e.Name, err)
	}
}

// The values are measured from whole simulated games: the same sums on any number of
// workers, every seat of every game counted once, and the uplifts of a role's characters
// average out to about zero.
func TestValuesWorkers(t *testing.T) {
	bot := testCardBot(t, "heuristic")
	st := builtin(t, DefaultTableName)
	one, err := simulateValues(context.Background(), bot, nil, st, 1000, 4, 5, 400, 9, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	three, err := simulateValues(context.Background(), bot, nil, st, 1000, 4, 5, 400, 9, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if *one != *three {
		t.Fatal("1 and 3 workers measured different values")
	}
	for n := 4; n <= 5; n++ {
		var seats int64
		for r := bang.Role(0); r < bang.NumRoles; r++ {
			rc := one.RoleCell(n, r)
			seats += rc.Seats
			var sum, cs int64
			for c := bang.Character(0); c < bang.NumRealCharacters; c++ {
				cell := one.Cell(n, r, c)
				sum += cell.Sum
				cs += cell.Seats
			}
			if sum != rc.Sum || cs != rc.Seats {
				t.Errorf("%d players, %s: the characters' sums %d/%d are not the role's %d/%d", n, r, sum, cs, rc.Sum, rc.Seats)
			}
		}
		if seats != int64(400*n) {
			t.Errorf("%d players: %d seats counted, want %d", n, seats, 400*n)
		}
	}
}
