package report

import (
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"

	"gonum.org/v1/plot"
)

// seatsFigure is plot-seats: the seat effect. Seat 0's role is fixed (the Sheriff; the
// Deputy in a 3-player dice game), so its win rate is that role's, and a bar of it would
// dwarf what the seats themselves do. The chart draws seats 1…n−1 instead, each as its
// win rate minus the mean of seats 1…n−1 at that player count, in percentage points,
// with the seat's interval shifted by the same mean (the mean taken as known: its own
// uncertainty is about 1/(n−1) of a seat's). The colours run along one sequential ramp
// by seat, so the order of play reads as the order of the shades. Seat 0 is said in the
// notes.
func seatsFigure(cs []resultfile.CountTally, caption string, z float64) Figure {
	p := newPlot()
	most := 1
	for i := range cs {
		most = max(most, len(cs[i].Tally.Seats)-1)
	}
	slot := 0.84 / float64(most)
	var bars []bar
	var ticks plot.ConstantTicks
	var seat0 []string
	for gi := range cs {
		seats := cs[gi].Tally.Seats
		center := float64(gi)
		ticks = append(ticks, plot.Tick{Value: center, Label: strconv.Itoa(cs[gi].Players)})
		if len(seats) > 0 && seats[0].Seats > 0 {
			seat0 = append(seat0, pct(WinRate(seats[0], z).Rate)+"% at "+strconv.Itoa(cs[gi].Players))
		}
		if len(seats) < 2 {
			continue
		}
		var sum float64
		var k int
		for _, c := range seats[1:] {
			if c.Seats > 0 {
				sum += float64(c.Wins) / float64(c.Seats)
				k++
			}
		}
		if k == 0 {
			continue
		}
		mean := sum / float64(k)
		n := len(seats) - 1
		for j, c := range seats[1:] {
			if c.Seats == 0 {
				continue
			}
			iv := WinRate(c, z)
			x := center + (float64(j)-float64(n-1)/2)*slot
			bars = append(bars, bar{x: x, width: 0.86 * slot, y: 100 * (iv.Rate - mean), lo: 100 * (iv.Low - mean), hi: 100 * (iv.High - mean), color: seatColor(j+1, most)})
		}
	}
	p.Add(newGrid(true, false), &barsPlotter{bars: bars}, &refLine{value: 0, style: zeroStyle})
	legend := newLegend()
	for s := 1; s <= most; s++ {
		legend.Add("seat "+strconv.Itoa(s), swatch{seatColor(s, most)})
	}
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = -0.5, float64(len(cs))-0.5
	p.X.Label.Text = "players"
	p.Y.Label.Text = "win rate − mean of seats 1…n−1 (points)"
	if lo, hi := barsRange(bars); hi > lo {
		pad := 0.08 * (hi - lo)
		p.Y.Min, p.Y.Max = lo-pad, hi+pad
	}
	notes := []string{caption,
		"Bar: seat s's win rate minus the mean of seats 1…n−1 at that player count, in percentage points; seat s plays s places clockwise from seat 0. " + intervalNote + " The mean is taken as known."}
	if len(seat0) > 0 {
		notes = append(notes, "Seat 0, who starts, is always dealt the Sheriff (the Deputy in a 3-player dice game), so its win rate is that role's and is left out here: "+strings.Join(seat0, ", ")+" players.")
	}
	pg := &page{title: "Seat effect: each seat against the mean of seats 1…n−1", notes: notes, legend: &legend, body: p.Draw}
	return pg.named("plot-seats", "the seat effect: seats 1…n−1's win rate minus their mean, by player count, with intervals; seat 0 (the Sheriff's) in words", 720, 320)
}

// seatColor is seat s's shade of the viridis ramp, from dark (seat 1) to the green of
// seat most; the ramp's light yellow end is left out as too faint on white.
func seatColor(s, most int) color.NRGBA {
	if most <= 1 {
		return viridis.at(0.3)
	}
	return viridis.at(0.8 * float64(s-1) / float64(most-1))
}

// barsRange is the lowest and highest value the bars and their intervals reach.
func barsRange(bars []bar) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, b := range bars {
		lo, hi = math.Min(lo, math.Min(b.y, b.lo)), math.Max(hi, math.Max(b.y, b.hi))
	}
	return math.Min(lo, 0), math.Max(hi, 0)
}
