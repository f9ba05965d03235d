package report

import (
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The drawing pieces of the charts. They place everything in data units through the
// plot's own transforms, so a bar, its interval and its label share one x and cannot
// drift apart.

// hexColor parses "#rrggbb".
func hexColor(s string) color.NRGBA {
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil || len(s) != 7 {
		panic("report: bad colour " + s)
	}
	return color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

// seriesColors are the colours of the bars and dots of one chart, one per series in
// order: the Okabe–Ito palette, which stays distinct under the common colour-vision
// deficiencies; the yellow is last because it is the hardest to see on white.
var seriesColors = []color.NRGBA{
	hexColor("#E69F00"), hexColor("#0072B2"), hexColor("#D55E00"), hexColor("#009E73"),
	hexColor("#CC79A7"), hexColor("#56B4E9"), hexColor("#999999"), hexColor("#F0E442"),
}

// seriesColor returns the colour of series i.
func seriesColor(i int) color.NRGBA { return seriesColors[i%len(seriesColors)] }

// ramp is a colour scale: its colours evenly spaced over [0, 1], interpolated linearly.
type ramp []color.NRGBA

// at returns the colour at t in [0, 1] (clamped).
func (r ramp) at(t float64) color.NRGBA {
	t = math.Min(1, math.Max(0, t))
	pos := t * float64(len(r)-1)
	i := int(pos)
	if i >= len(r)-1 {
		return r[len(r)-1]
	}
	f := pos - float64(i)
	mix := func(a, b uint8) uint8 { return uint8(math.Round(float64(a) + f*(float64(b)-float64(a)))) }
	a, b := r[i], r[i+1]
	return color.NRGBA{R: mix(a.R, b.R), G: mix(a.G, b.G), B: mix(a.B, b.B), A: 0xff}
}

// viridis is the sequential scale of the win-rate heatmap: perceptually uniform, dark
// (low) to light (high).
var viridis = ramp{
	hexColor("#440154"), hexColor("#472d7b"), hexColor("#3b528b"), hexColor("#2c728e"), hexColor("#21918c"),
	hexColor("#28ae80"), hexColor("#5ec962"), hexColor("#addc30"), hexColor("#fde725"),
}

// redBlue is the diverging scale of the difference heatmap (ColorBrewer RdBu): red
// below zero, white at zero, blue above.
var redBlue = ramp{
	hexColor("#67001f"), hexColor("#b2182b"), hexColor("#d6604d"), hexColor("#f4a582"), hexColor("#fddbc7"),
	hexColor("#f7f7f7"), hexColor("#d1e5f0"), hexColor("#92c5de"), hexColor("#4393c3"), hexColor("#2166ac"),
	hexColor("#053061"),
}

// noDataColor fills a heatmap cell without seats.
var noDataColor = hexColor("#e0e0e0")

// inkOn returns black or white, whichever reads better on bg.
func inkOn(bg color.NRGBA) color.Color {
	if 0.299*float64(bg.R)+0.587*float64(bg.G)+0.114*float64(bg.B) < 140 {
		return color.White
	}
	return color.Black
}

// colorScale maps values in [min, max] onto a ramp.
type colorScale struct {
	ramp     ramp
	min, max float64
}

// color returns the colour of v; NaN is noDataColor.
func (s colorScale) color(v float64) color.NRGBA {
	if math.IsNaN(v) {
		return noDataColor
	}
	return s.ramp.at((v - s.min) / (s.max - s.min))
}

// rect returns the corners of a rectangle, counterclockwise.
func rect(x0, y0, x1, y1 vg.Length) []vg.Point {
	return []vg.Point{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
}

// closed returns pts with the first point repeated at the end, for an outline.
func closed(pts []vg.Point) []vg.Point { return append(pts[:len(pts):len(pts)], pts[0]) }

// Line styles shared by the charts.
var (
	outlineStyle = draw.LineStyle{Color: color.Gray{Y: 0x33}, Width: vg.Points(0.5)}
	whiskerStyle = draw.LineStyle{Color: color.Black, Width: vg.Points(1.2)}
	gridStyle    = draw.LineStyle{Color: color.Gray{Y: 0xdd}, Width: vg.Points(0.5)}
	refStyle     = draw.LineStyle{Color: color.Gray{Y: 0x55}, Width: vg.Points(1), Dashes: []vg.Length{vg.Points(4), vg.Points(3)}}
	zeroStyle    = draw.LineStyle{Color: color.Black, Width: vg.Points(0.8)}
)

// bar is one bar, with an interval unless lo is NaN and a label above it unless "".
type bar struct {
	x, width float64 // centre and width
	y        float64 // height, from 0
	lo, hi   float64 // interval
	color    color.Color
	label    string
}

// barsPlotter draws bars, then their intervals centred on them (caps half the bar's
// width), then their labels.
type barsPlotter struct{ bars []bar }

// Plot implements plot.Plotter.
func (b *barsPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for _, r := range b.bars {
		pts := rect(tx(r.x-r.width/2), ty(0), tx(r.x+r.width/2), ty(r.y))
		c.FillPolygon(r.color, c.ClipPolygonXY(pts))
		c.StrokeLines(outlineStyle, c.ClipLinesXY(closed(pts))...)
	}
	for _, r := range b.bars {
		if math.IsNaN(r.lo) {
			continue
		}
		x, half := tx(r.x), tx(r.x+r.width/4)-tx(r.x)
		lo, hi := ty(r.lo), ty(r.hi)
		c.StrokeLines(whiskerStyle, c.ClipLinesXY(
			[]vg.Point{{X: x, Y: lo}, {X: x, Y: hi}},
			[]vg.Point{{X: x - half, Y: lo}, {X: x + half, Y: lo}},
			[]vg.Point{{X: x - half, Y: hi}, {X: x + half, Y: hi}})...)
	}
	sty := textStyle(cellSize, draw.XCenter, draw.YBottom)
	for _, r := range b.bars {
		if r.label == "" {
			continue
		}
		top := r.y
		if !math.IsNaN(r.hi) {
			top = math.Max(top, r.hi)
		}
		c.FillText(sty, vg.Point{X: tx(r.x), Y: ty(top) + vg.Points(3)}, r.label)
	}
}

// DataRange implements plot.DataRanger.
func (b *barsPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), 0, 0
	for _, r := range b.bars {
		xmin, xmax = math.Min(xmin, r.x-r.width/2), math.Max(xmax, r.x+r.width/2)
		ymin, ymax = math.Min(ymin, r.y), math.Max(ymax, r.y)
		if !math.IsNaN(r.lo) {
			ymin, ymax = math.Min(ymin, r.lo), math.Max(ymax, r.hi)
		}
	}
	return xmin, xmax, ymin, ymax
}

// dot is one estimate with its interval; the interval runs along the value axis.
type dot struct {
	x, y   float64 // position
	lo, hi float64 // interval on the value axis
	color  color.Color
	hollow bool // an open circle (e.g. not significant)
}

// dotRadius is the radius of a dot.
const dotRadius = vg.Length(3.5)

// dotsPlotter draws dots with their intervals: horizontal ones (values on x) or
// vertical ones (values on y).
type dotsPlotter struct {
	dots       []dot
	horizontal bool
}

// Plot implements plot.Plotter.
func (d *dotsPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	const capHalf = vg.Length(3)
	for _, o := range d.dots {
		x, y := tx(o.x), ty(o.y)
		var lines [][]vg.Point
		if d.horizontal {
			lo, hi := tx(o.lo), tx(o.hi)
			lines = [][]vg.Point{{{X: lo, Y: y}, {X: hi, Y: y}}, {{X: lo, Y: y - capHalf}, {X: lo, Y: y + capHalf}}, {{X: hi, Y: y - capHalf}, {X: hi, Y: y + capHalf}}}
		} else {
			lo, hi := ty(o.lo), ty(o.hi)
			lines = [][]vg.Point{{{X: x, Y: lo}, {X: x, Y: hi}}, {{X: x - capHalf, Y: lo}, {X: x + capHalf, Y: lo}}, {{X: x - capHalf, Y: hi}, {X: x + capHalf, Y: hi}}}
		}
		sty := whiskerStyle
		sty.Color = o.color
		c.StrokeLines(sty, c.ClipLinesXY(lines...)...)
		drawDot(&c, vg.Point{X: x, Y: y}, o.color, o.hollow)
	}
}

// drawDot draws a filled (or open) circle at pt.
func drawDot(c *draw.Canvas, pt vg.Point, clr color.Color, hollow bool) {
	var path vg.Path
	path.Move(vg.Point{X: pt.X + dotRadius, Y: pt.Y})
	path.Arc(pt, dotRadius, 0, 2*math.Pi)
	path.Close()
	if hollow {
		c.SetColor(color.White)
		c.Fill(path)
		c.SetLineStyle(draw.LineStyle{Color: clr, Width: vg.Points(1.5)})
		c.Stroke(path)
		return
	}
	c.SetColor(clr)
	c.Fill(path)
	c.SetLineStyle(draw.LineStyle{Color: color.Black, Width: vg.Points(0.5)})
	c.Stroke(path)
}

// DataRange implements plot.DataRanger.
func (d *dotsPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, o := range d.dots {
		lo, hi := math.Min(o.lo, o.hi), math.Max(o.lo, o.hi)
		if d.horizontal {
			xmin, xmax = math.Min(xmin, lo), math.Max(xmax, hi)
			ymin, ymax = math.Min(ymin, o.y), math.Max(ymax, o.y)
		} else {
			xmin, xmax = math.Min(xmin, o.x), math.Max(xmax, o.x)
			ymin, ymax = math.Min(ymin, lo), math.Max(ymax, hi)
		}
	}
	return xmin, xmax, ymin, ymax
}

// refLine is a line across the whole data area at one value: vertical (at an x) or
// horizontal (at a y).
type refLine struct {
	value    float64
	vertical bool
	style    draw.LineStyle
}

// Plot implements plot.Plotter.
func (r *refLine) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	if r.vertical {
		x := tx(r.value)
		c.StrokeLines(r.style, c.ClipLinesXY([]vg.Point{{X: x, Y: c.Min.Y}, {X: x, Y: c.Max.Y}})...)
		return
	}
	y := ty(r.value)
	c.StrokeLines(r.style, c.ClipLinesXY([]vg.Point{{X: c.Min.X, Y: y}, {X: c.Max.X, Y: y}})...)
}

// DataRange implements plot.DataRanger: the line's value is kept in view.
func (r *refLine) DataRange() (xmin, xmax, ymin, ymax float64) {
	if r.vertical {
		return r.value, r.value, math.Inf(1), math.Inf(-1)
	}
	return math.Inf(1), math.Inf(-1), r.value, r.value
}

// Thumbnail implements plot.Thumbnailer.
func (r *refLine) Thumbnail(c *draw.Canvas) { lineThumb(c, r.style) }

// lineThumb draws a legend line across the icon.
func lineThumb(c *draw.Canvas, sty draw.LineStyle) {
	y := c.Center().Y
	c.StrokeLine2(sty, c.Min.X, y, c.Max.X, y)
}

// segment is a horizontal segment from x0 to x1 at y.
type segment struct{ x0, x1, y float64 }

// segmentsPlotter draws horizontal segments in one style.
type segmentsPlotter struct {
	segs  []segment
	style draw.LineStyle
}

// Plot implements plot.Plotter.
func (s *segmentsPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	for _, g := range s.segs {
		c.StrokeLines(s.style, c.ClipLinesXY([]vg.Point{{X: tx(g.x0), Y: ty(g.y)}, {X: tx(g.x1), Y: ty(g.y)}})...)
	}
}

// Thumbnail implements plot.Thumbnailer.
func (s *segmentsPlotter) Thumbnail(c *draw.Canvas) { lineThumb(c, s.style) }

// swatch is a legend entry's filled square.
type swatch struct{ color color.Color }

// Thumbnail implements plot.Thumbnailer.
func (s swatch) Thumbnail(c *draw.Canvas) {
	pts := rect(c.Min.X+1, c.Min.Y+1, c.Max.X-1, c.Max.Y-1)
	c.FillPolygon(s.color, pts)
	c.StrokeLines(outlineStyle, closed(pts))
}

// dotThumb is a legend entry's dot.
type dotThumb struct {
	color  color.Color
	hollow bool
}

// Thumbnail implements plot.Thumbnailer.
func (d dotThumb) Thumbnail(c *draw.Canvas) { drawDot(c, c.Center(), d.color, d.hollow) }

// heatCell is one cell of a heatmap: its column and row (0 at the bottom), its value
// (NaN: no data) and the text written in it.
type heatCell struct {
	col, row int
	value    float64
	label    string
	muted    bool // the value is not told apart from 0 (its interval holds 0): drawn faded and hatched
}

// heatPlotter draws the cells of a heatmap, centred on whole numbers, each labelled in
// black or white, whichever reads better on its colour.
type heatPlotter struct {
	cells      []heatCell
	cols, rows int
	scale      colorScale
}

// Plot implements plot.Plotter.
func (h *heatPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	tx, ty := p.Transforms(&c)
	border := draw.LineStyle{Color: color.White, Width: vg.Points(1)}
	sty := textStyle(cellSize, draw.XCenter, draw.YCenter)
	for _, k := range h.cells {
		x, y := float64(k.col), float64(k.row)
		pts := rect(tx(x-0.5), ty(y-0.5), tx(x+0.5), ty(y+0.5))
		bg := h.scale.color(k.value)
		if k.muted {
			bg = fade(bg)
		}
		c.FillPolygon(bg, pts)
		if k.muted {
			hatch(&c, tx(x-0.5), ty(y-0.5), tx(x+0.5), ty(y+0.5))
		}
		c.StrokeLines(border, closed(pts))
		sty.Color = inkOn(bg)
		c.FillText(sty, vg.Point{X: tx(x), Y: ty(y)}, k.label)
	}
}

// fade mixes a colour three quarters of the way to white: a muted heatmap cell.
func fade(c color.NRGBA) color.NRGBA {
	mix := func(v uint8) uint8 { return uint8((uint16(v) + 3*255) / 4) }
	return color.NRGBA{R: mix(c.R), G: mix(c.G), B: mix(c.B), A: c.A}
}

// hatchStyle is the thin grey diagonal of a muted heatmap cell.
var hatchStyle = draw.LineStyle{Color: color.Gray{Y: 0xa0}, Width: vg.Points(0.5)}

// hatch strokes diagonals (lower left to upper right) across the rectangle x0..x1,
// y0..y1, clipped to it, so that a muted cell reads as such without its colour.
func hatch(c *draw.Canvas, x0, y0, x1, y1 vg.Length) {
	const step = vg.Length(6)
	w, h := x1-x0, y1-y0
	// One path of all the cell's diagonals: an SVG element per cell, not per line,
	// keeps a heatmap's file small.
	var p vg.Path
	for d := -h + step/2; d < w; d += step {
		// The line x = x0 + d + t, y = y0 + t for t in [0, h], clipped to x0..x1.
		t0, t1 := max(0, -d), min(h, w-d)
		if t1 <= t0 {
			continue
		}
		p.Move(vg.Point{X: x0 + d + t0, Y: y0 + t0})
		p.Line(vg.Point{X: x0 + d + t1, Y: y0 + t1})
	}
	if len(p) == 0 {
		return
	}
	c.SetLineStyle(hatchStyle)
	c.Stroke(p)
}

// DataRange implements plot.DataRanger.
func (h *heatPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	return -0.5, float64(h.cols) - 0.5, -0.5, float64(h.rows) - 0.5
}

// drawColorBar draws the scale as a vertical bar from y0 to y1 at x, with ticks and
// labels on its right and the title, turned a quarter, beyond them.
func drawColorBar(c draw.Canvas, s colorScale, x, y0, y1 vg.Length, title string) {
	const width, stripes = vg.Length(14), 96
	h := (y1 - y0) / stripes
	for i := range stripes {
		// Each stripe overlaps the next by half a stripe, so no seam shows.
		top := y0 + h*vg.Length(i+1)
		if i < stripes-1 {
			top += h / 2
		}
		c.FillPolygon(s.ramp.at((float64(i)+0.5)/stripes), rect(x, y0+h*vg.Length(i), x+width, top))
	}
	c.StrokeLines(outlineStyle, closed(rect(x, y0, x+width, y1)))
	sty := textStyle(tickSize, draw.XLeft, draw.YCenter)
	labelW := vg.Length(0)
	for _, t := range (niceTicks{}).Ticks(s.min, s.max) {
		y := y0 + (y1-y0)*vg.Length((t.Value-s.min)/(s.max-s.min))
		c.StrokeLine2(outlineStyle, x+width, y, x+width+4, y)
		c.FillText(sty, vg.Point{X: x + width + 6, Y: y}, t.Label)
		labelW = max(labelW, sty.Width(t.Label))
	}
	tsty := textStyle(labelSize, draw.XCenter, draw.YTop)
	tsty.Rotation = math.Pi / 2
	c.FillText(tsty, vg.Point{X: x + width + 6 + labelW + 6, Y: (y0 + y1) / 2}, title)
}

// colorBarWidth is the room drawColorBar needs right of x for s's labels and a title.
func colorBarWidth(s colorScale) vg.Length {
	sty := textStyle(tickSize, draw.XLeft, draw.YCenter)
	w := vg.Length(0)
	for _, t := range (niceTicks{}).Ticks(s.min, s.max) {
		w = max(w, sty.Width(t.Label))
	}
	return 14 + 6 + w + 6 + textStyle(labelSize, draw.XCenter, draw.YTop).Height("M") + 4
}

// newGrid returns light grid lines at the ticks: horizontal ones (at the y ticks) if
// horizontal, vertical ones (at the x ticks) if vertical.
func newGrid(horizontal, vertical bool) *plotter.Grid {
	g := &plotter.Grid{Horizontal: gridStyle, Vertical: gridStyle}
	if !horizontal {
		g.Horizontal.Color = nil
	}
	if !vertical {
		g.Vertical.Color = nil
	}
	return g
}

// minusSign writes a leading hyphen as a minus sign, which is as wide as a plus.
func minusSign(s string) string {
	if len(s) > 0 && s[0] == '-' {
		return "−" + s[1:]
	}
	return s
}

// niceTicks labels an axis every 1, 2, 2.5 or 5 times a power of ten: the smallest
// such step that gives at most about eight labels. The ticks are multiples of the step,
// so a range that spans 0 has a tick there; there are no minor ticks.
type niceTicks struct{}

// Ticks implements plot.Ticker.
func (niceTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'g', 6, 64)}}
	}
	raw := (hi - lo) / 7
	pow := math.Pow(10, math.Floor(math.Log10(raw)))
	step, decimals := 10*pow, 0
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*pow >= raw {
			step = m * pow
			break
		}
	}
	// Decimals enough to tell the ticks apart: 2.5 × 10^k needs one more than 10^k.
	if d := -math.Floor(math.Log10(step) + 1e-9); d > 0 {
		decimals = int(d)
	}
	if math.Mod(step/math.Pow(10, -float64(decimals)), 1) != 0 {
		decimals++
	}
	var ticks []plot.Tick
	for i := math.Ceil(lo/step - 1e-9); i*step <= hi+step*1e-9; i++ {
		v := i * step
		if v == 0 {
			v = 0 // no −0
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: minusSign(strconv.FormatFloat(v, 'f', decimals, 64))})
	}
	return ticks
}
