package league

import (
	"fmt"
	"strings"
	"testing"

	"github.com/bangsim/bangsim/sim/bang"
)

// script is a scripted bidder: its answers, consumed in order; a call with none left
// fails the test (the auction asked a player it should not have).
type script struct {
	t       *testing.T
	seat    int
	opens   []opening
	raises  []int64
	chooses []bang.Character
}

type opening struct {
	char bang.Character
	bid  int64
	lot  int // used when char is bang.Plain: a raw lot index (to script an illegal one)
}

func (s *script) Open(v *AuctionView) (int, int64) {
	s.t.Helper()
	if len(s.opens) == 0 {
		s.t.Fatalf("seat %d asked to open, not scripted", s.seat)
	}
	o := s.opens[0]
	s.opens = s.opens[1:]
	if o.char == bang.Plain {
		return o.lot, o.bid
	}
	return lotOf(s.t, v, o.char), o.bid
}

func (s *script) Raise(v *AuctionView) int64 {
	s.t.Helper()
	if len(s.raises) == 0 {
		s.t.Fatalf("seat %d asked to raise %d on %s, not scripted", s.seat, v.High, v.Lots[v.Lot])
	}
	r := s.raises[0]
	s.raises = s.raises[1:]
	return r
}

func (s *script) Choose(v *AuctionView) int {
	s.t.Helper()
	if len(s.chooses) == 0 {
		s.t.Fatalf("seat %d asked to choose, not scripted", s.seat)
	}
	c := s.chooses[0]
	s.chooses = s.chooses[1:]
	return lotOf(s.t, v, c)
}

func (s *script) done() {
	s.t.Helper()
	if len(s.opens)+len(s.raises)+len(s.chooses) > 0 {
		s.t.Errorf("seat %d: answers left unasked: opens %v raises %v chooses %v", s.seat, s.opens, s.raises, s.chooses)
	}
}

func lotOf(t *testing.T, v *AuctionView, c bang.Character) int {
	t.Helper()
	for i := 0; i < v.NumLots; i++ {
		if v.Lots[i] == c {
			return i
		}
	}
	t.Fatalf("%s is not on the table %v", c, v.Lots[:v.NumLots])
	return -1
}

// auctionCase runs an auction of n seats with the given cash and scripts over the
// layout and returns the result and the log as text, one move a line.
func runAuction(t *testing.T, cash []int64, layout []bang.Character, scripts []*script) (AuctionResult, string) {
	t.Helper()
	n := len(cash)
	var roles [bang.MaxSeats]bang.Role
	copy(roles[:n], bang.RoleDeck(n))
	var c [bang.MaxSeats]int64
	copy(c[:], cash)
	var lay [bang.MaxSeats]bang.Character
	copy(lay[:], layout)
	var bidders [bang.MaxSeats]Bidder
	for s, sc := range scripts {
		sc.t, sc.seat = t, s
		bidders[s] = sc
	}
	a := Auctioneer{Logging: true}
	var out AuctionResult
	a.Run(n, &roles, &c, &lay, &bidders, &out)
	for _, sc := range scripts {
		sc.done()
	}
	var b strings.Builder
	for _, m := range a.Log {
		fmt.Fprintf(&b, "%d %s", m.Seat, m.Kind)
		if m.Kind != MovePass {
			fmt.Fprintf(&b, " %s", m.Char.Slug())
		}
		if m.Kind == MoveOpen || m.Kind == MoveRaise || m.Kind == MoveWin {
			fmt.Fprintf(&b, " %d", m.Amount)
		}
		if m.Forced {
			b.WriteString(" forced")
		}
		b.WriteString("\n")
	}
	return out, b.String()
}

func checkLog(t *testing.T, got, want string) {
	t.Helper()
	want = strings.TrimLeft(strings.ReplaceAll(want, "\t", ""), "\n")
	if got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

const (
	bart  = bang.BartCassidy
	black = bang.BlackJack
	janet = bang.CalamityJanet
	grin  = bang.ElGringo
	jesse = bang.JesseJones
)

// The Sheriff (seat 0) opens, at $0 (the first bid may be 0); going left each player
// raises or passes; a player who passed is out of this auction and is not asked again;
// the last bidder left pays and takes the character.
func TestAuctionOpeningAndRaises(t *testing.T) {
	s := []*script{
		{opens: []opening{{char: grin, bid: 0}}, raises: []int64{300}},
		{opens: []opening{{char: bart, bid: 0}}, raises: []int64{100, Pass, Pass, Pass}},
		{raises: []int64{Pass, 100}},
		{opens: []opening{{char: black, bid: 100}}, raises: []int64{200, Pass, Pass}},
	}
	out, log := runAuction(t, []int64{2000, 2000, 2000, 2000}, []bang.Character{bart, black, janet, grin}, s)
	checkLog(t, log, `
		0 open el-gringo 0
		1 raise el-gringo 100
		2 pass
		3 raise el-gringo 200
		0 raise el-gringo 300
		1 pass
		3 pass
		0 win el-gringo 300
		1 open bart-cassidy 0
		2 raise bart-cassidy 100
		3 pass
		1 pass
		2 win bart-cassidy 100
		3 open black-jack 100
		1 pass
		3 win black-jack 100
		1 last calamity-janet
	`)
	want := AuctionResult{Char: [bang.MaxSeats]bang.Character{grin, janet, bart, black}, Price: [bang.MaxSeats]int64{300, 0, 100, 100},
		How: [bang.MaxSeats]How{Bought, Last, Bought, Bought}}
	if out != want {
		t.Errorf("result %+v\nwant %+v", out, want)
	}
}

// The next auction is opened by the player left of the last winner who has no character
// yet (seat 4 wins, seat 0 has one, so seat 1 opens); players with a character take no
// further part (their scripts would fail if asked); an opener nobody outbids wins at the
// opening bid; the last player takes the last character for $0.
func TestAuctionNextOpener(t *testing.T) {
	kit := bang.KitCarlson
	s := []*script{
		{opens: []opening{{char: jesse}}},
		{opens: []opening{{char: grin}, {char: black}}, raises: []int64{Pass, 300, Pass, Pass, Pass}},
		{raises: []int64{Pass, 100, Pass, 100}},
		{opens: []opening{{char: bart}}, raises: []int64{Pass, Pass, Pass}},
		{raises: []int64{Pass, 200, 400}},
	}
	out, log := runAuction(t, []int64{2000, 2000, 2000, 2000, 2000}, []bang.Character{bart, jesse, grin, kit, black}, s)
	checkLog(t, log, `
		0 open jesse-jones 0
		1 pass
		2 pass
		3 pass
		4 pass
		0 win jesse-jones 0
		1 open el-gringo 0
		2 raise el-gringo 100
		3 pass
		4 raise el-gringo 200
		1 raise el-gringo 300
		2 pass
		4 raise el-gringo 400
		1 pass
		4 win el-gringo 400
		1 open black-jack 0
		2 raise black-jack 100
		3 pass
		1 pass
		2 win black-jack 100
		3 open bart-cassidy 0
		1 pass
		3 win bart-cassidy 0
		1 last kit-carlson
	`)
	want := AuctionResult{Char: [bang.MaxSeats]bang.Character{jesse, kit, black, bart, grin}, Price: [bang.MaxSeats]int64{0, 0, 100, 0, 400},
		How: [bang.MaxSeats]How{Bought, Last, Bought, Bought, Bought}}
	if out != want {
		t.Errorf("result %+v\nwant %+v", out, want)
	}
}

// Bids are multiples of $100 and nobody bids more than they have: an opening bid that is
// not (50, or above the opener's money) becomes $0, a lot out of range the first lot, a
// raise that is not a multiple of $100, not above the standing bid or above the bidder's
// money is a pass; each counts as illegal. A player whose money cannot cover the next
// step must pass and is not asked.
func TestAuctionIllegalBids(t *testing.T) {
	s := []*script{
		{opens: []opening{{char: grin, bid: 50}}, raises: []int64{300}},
		{opens: []opening{{char: bang.Plain, lot: 7}}, raises: []int64{150}},
		{opens: []opening{{char: janet, bid: 200}}, raises: []int64{100, Pass}},
		{opens: []opening{{char: black}}, raises: []int64{100, Pass, Pass}},
		{raises: []int64{200, 600, Pass, Pass, Pass}},
	}
	out, log := runAuction(t, []int64{300, 2000, 100, 2000, 500}, []bang.Character{bart, black, janet, grin, jesse}, s)
	checkLog(t, log, `
		0 open el-gringo 0
		1 pass
		2 raise el-gringo 100
		3 pass
		4 raise el-gringo 200
		0 raise el-gringo 300
		2 pass forced
		4 pass
		0 win el-gringo 300
		1 open bart-cassidy 0
		2 pass
		3 pass
		4 pass
		1 win bart-cassidy 0
		2 open calamity-janet 0
		3 pass
		4 pass
		2 win calamity-janet 0
		3 open black-jack 0
		4 pass
		3 win black-jack 0
		4 last jesse-jones
	`)
	// 50 opening, 150, 100 not above 100, 600 above $500, lot 7, 200 opening above $100.
	if out.Illegal != 6 {
		t.Errorf("%d illegal answers, want 6", out.Illegal)
	}
	if out.Price[0] != 300 || out.Char[0] != grin {
		t.Errorf("seat 0 got %s for %d, want El Gringo for 300", out.Char[0], out.Price[0])
	}
}

// Players with $0 must pass (forced, never asked to raise) and open no auction; the
// auctions go on among the others, and the players with $0 then choose in score-sheet
// order, the last of them taking the last character (L7). A Sheriff with $0 does not
// open: the first player to his left with money does.
func TestAuctionZeroMoney(t *testing.T) {
	s := []*script{
		{chooses: []bang.Character{grin}},
		{opens: []opening{{char: janet}}},
		{chooses: []bang.Character{jesse}},
		{opens: []opening{{char: black}}, raises: []int64{Pass}},
		{},
	}
	out, log := runAuction(t, []int64{0, 2000, 0, 500, 0}, []bang.Character{bart, black, janet, grin, jesse}, s)
	checkLog(t, log, `
		1 open calamity-janet 0
		2 pass forced
		3 pass
		4 pass forced
		0 pass forced
		1 win calamity-janet 0
		3 open black-jack 0
		4 pass forced
		0 pass forced
		2 pass forced
		3 win black-jack 0
		0 choose el-gringo
		2 choose jesse-jones
		4 last bart-cassidy
	`)
	want := AuctionResult{Char: [bang.MaxSeats]bang.Character{grin, janet, jesse, black, bart},
		How: [bang.MaxSeats]How{Chose, Bought, Chose, Bought, Last}}
	if out != want {
		t.Errorf("result %+v\nwant %+v", out, want)
	}
}
