package league

import (
	"bufio"
	"fmt"
	"io"
	"math"

	"github.com/bangsim/bangsim/sim/bang"
	"github.com/bangsim/bangsim/sim/card"
)

// StandingsHeader is the first line WriteStandings writes.
const StandingsHeader = "season,seed,player,games,won,spent,score,rank,place,kills,deaths,withdrawn,most_kills,fewest_deaths,most_deaths"

// WriteStandings writes every player of every season as CSV, one line each, seasons in
// the order given (numbered from first), players by number (from 1, as on the score
// sheet and in games.csv: Standing.Player+1): integers only, so the same seasons write
// the same bytes.
func WriteStandings(w io.Writer, first int, results []*Result) error {
	b := bufio.NewWriter(w)
	fmt.Fprintln(b, StandingsHeader)
	for i, res := range results {
		b.Write(AppendStandings(nil, uint64(first+i), res))
	}
	return b.Flush()
}

// AppendStandings appends season's standings rows (WriteStandings' lines, no header)
// to b: a season's rows formatted where it was played, written in season order.
func AppendStandings(b []byte, season uint64, res *Result) []byte {
	for _, s := range res.Standings {
		b = fmt.Appendf(b, "%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%t,%t,%t,%t\n", season, res.Seed, s.Player+1, s.Games, s.Won, s.Spent, s.Score,
			s.Rank, s.Place, s.Kills, s.Deaths, s.Withdrawn,
			res.Awards.MostKills == s.Player, res.Awards.FewestDeaths == s.Player, res.Awards.MostDeaths == s.Player)
	}
	return b
}

// PriceRow is one character's auction record over some seasons (PriceTally.Rows): how often and for how
// much it was bought, and its simulated worth to the buyers (the uplift of their role's
// expected earnings at their table size, Values.Uplift) with a 95% interval.
type PriceRow struct {
	Char bang.Character
	Name string // Char's name in the league's set (prices.csv's character)
	// Games is every time a player took it (it was at a table): bought for more than $0,
	// won at a $0 bid, or taken for $0 as the last character or by a player with no
	// money; prices.csv's taken. Paid counts the first kind only, Free the others
	// (Games = Paid + Free).
	Games      int64
	Paid       int64
	Free       int64
	PriceSum   int64   // dollars paid in all
	MeanPrice  float64 // PriceSum / Games: the $0 takes included
	Worth      float64 // mean simulated worth to the players who got it
	WorthLow   float64
	WorthHigh  float64
	WorthCells int // the (table size, role) cells the worth pools
}

// PriceTally sums the purchases of any number of seasons per character, in integers
// merged by addition, so a run of many seasons keeps no game records.
type PriceTally struct {
	games, paid, priceSum [bang.MaxCharacters]int64 // by character number
	cells                 [bang.MaxCharacters][card.MaxPlayers + 1][bang.NumRoles]int64
}

// Add adds a season's purchases.
func (p *PriceTally) Add(res *Result) {
	for gi := range res.Games {
		g := &res.Games[gi]
		for s := 0; s < g.Players; s++ {
			sr := &g.Seats[s]
			p.games[sr.Char]++
			p.priceSum[sr.Char] += sr.Price
			if sr.Price > 0 {
				p.paid[sr.Char]++
			}
			p.cells[sr.Char][g.Players][sr.Role]++
		}
	}
}

// Merge adds o into p.
func (p *PriceTally) Merge(o *PriceTally) {
	for c := range p.games {
		p.games[c] += o.games[c]
		p.paid[c] += o.paid[c]
		p.priceSum[c] += o.priceSum[c]
		for n := range p.cells[c] {
			for r := range p.cells[c][n] {
				p.cells[c][n][r] += o.cells[c][n][r]
			}
		}
	}
}

// Rows returns one row per character of v's box (the league's: the printed sixteen,
// then any added), in box order. The worth's interval comes from
// the simulated values v: the worth is a weighted mean of cell uplifts (weights: how
// often the character went to that role at that table size), each cell's mean known to
// within its own interval, and the role's mean over all characters taken as exact (it
// pools every character's games).
func (p *PriceTally) Rows(v *Values) []PriceRow {
	const z = 1.959963984540054
	set := v.Characters()
	box := set.Box()
	rows := make([]PriceRow, len(box))
	for i, c := range box {
		row := &rows[i]
		row.Char, row.Name, row.Games, row.Paid, row.PriceSum = c, set.Name(c), p.games[c], p.paid[c], p.priceSum[c]
		row.Free = row.Games - row.Paid
		if row.Games == 0 {
			continue
		}
		row.MeanPrice = float64(row.PriceSum) / float64(row.Games)
		var mean, varSum float64
		for n := card.MinPlayers; n <= card.MaxPlayers; n++ {
			for r, k := range p.cells[c][n] {
				if k == 0 {
					continue
				}
				wt := float64(k) / float64(row.Games)
				cell := v.Cell(n, bang.Role(r), c)
				mean += wt * float64(v.Uplift(n, bang.Role(r), c))
				se := cell.Half() / z
				varSum += wt * wt * se * se
				row.WorthCells++
			}
		}
		half := z * math.Sqrt(varSum)
		row.Worth, row.WorthLow, row.WorthHigh = mean, mean-half, mean+half
	}
	return rows
}

// PricesHeader is the first line WritePrices writes. taken is every time the character
// went to a player, the takes for $0 included; paid the times it was bought for more
// than $0; free the times it was taken for $0 (a $0 bid won, the last character, a
// player without money), so taken = paid + free; mean_price is over taken, the $0 takes
// included. ci_low and ci_high are the worth's 95% interval, named as every interval
// bangsim writes.
const PricesHeader = "character,taken,paid,free,mean_price,worth,ci_low,ci_high"

// WritePrices writes Prices' rows as CSV, characters in box order (dollars with 2
// decimals).
func WritePrices(w io.Writer, rows []PriceRow) error {
	b := bufio.NewWriter(w)
	fmt.Fprintln(b, PricesHeader)
	for _, r := range rows {
		fmt.Fprintf(b, "%s,%d,%d,%d,%.2f,%.2f,%.2f,%.2f\n", r.Name, r.Games, r.Paid, r.Free, r.MeanPrice, r.Worth, r.WorthLow, r.WorthHigh)
	}
	return b.Flush()
}
