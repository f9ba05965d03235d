package report

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/bangsim/bangsim/resultfile"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Figure is one chart of a result directory, drawn the same way into every format. The
// figures are computed from the result files only, and the same input always gives the
// same figure: fixed sizes, stable orders, no timestamps, so an SVG is byte-identical
// from one call to the next.
type Figure struct {
	// Name is the file name without its extension, e.g. "plot-roles".
	Name string
	// Shows says in one line what the chart shows.
	Shows string
	// Width and Height are the page size; a PNG has PlotDPI/72 pixels per point.
	Width, Height vg.Length
	draw          func(c draw.Canvas)
}

// PlotFormats are the file formats Figure.Write knows, in the order WriteFigures writes
// them.
var PlotFormats = []string{"svg", "png"}

// PlotDPI is the resolution of PNG files: two pixels per point.
const PlotDPI = 144

// PNGSize returns the pixel size of the figure's PNG.
func (f *Figure) PNGSize() (w, h int) {
	px := func(l vg.Length) int { return int(l.Dots(PlotDPI) + 0.5) }
	return px(f.Width), px(f.Height)
}

// Write draws the figure in format ("svg" or "png") to w. An SVG embeds its font (the
// Liberation Sans face as a base64 @font-face, subset to the glyphs its text uses), so
// it shows the same everywhere, refers to nothing outside itself and stays small.
func (f *Figure) Write(w io.Writer, format string) error {
	if format != "svg" {
		return f.write(w, format)
	}
	var b bytes.Buffer
	if err := f.write(&b, format); err != nil {
		return err
	}
	svg, err := subsetSVGFont(b.Bytes())
	if err != nil {
		return fmt.Errorf("plot %s: %v", f.Name, err)
	}
	_, err = w.Write(svg)
	return err
}

// write draws the figure as Write does, but an SVG embeds the whole font face (for the
// HTML page, which carries it once for every chart and its own text).
func (f *Figure) write(w io.Writer, format string) (err error) {
	defer func() {
		// gonum/plot panics on what it cannot draw; a chart must fail as an error.
		if r := recover(); r != nil {
			err = fmt.Errorf("plot %s: %v", f.Name, r)
		}
	}()
	var c vg.CanvasWriterTo
	switch format {
	case "svg":
		c = vgsvg.NewWith(vgsvg.UseWH(f.Width, f.Height), vgsvg.EmbedFonts(true))
	case "png":
		img := vgimg.NewWith(vgimg.UseWH(f.Width, f.Height), vgimg.UseDPI(PlotDPI), vgimg.UseBackgroundColor(color.White))
		c = vgimg.PngCanvas{Canvas: img}
	default:
		return fmt.Errorf("plot %s: unknown format %q (want %s)", f.Name, format, strings.Join(PlotFormats, " or "))
	}
	f.draw(draw.New(c))
	_, err = c.WriteTo(w)
	return err
}

// WriteFigures writes every figure in every format of formats into dir as
// dir/<Name>.<format> (resultfile.AddFiles: dir may be a result directory, a chart
// directory bangsim made, or new; a directory holding other files is refused), and
// returns the paths written, figure by figure in PlotFormats order. Each file is
// written under a temporary name and renamed, so a reader never finds half a file.
func WriteFigures(dir string, figs []Figure, formats []string) ([]string, error) {
	files, err := figureFiles(figs, formats)
	if err != nil {
		return nil, err
	}
	return writeFiles(dir, files...)
}

// figureFiles draws every figure in every format of formats, in PlotFormats order.
func figureFiles(figs []Figure, formats []string) ([]namedFile, error) {
	for _, f := range formats {
		if !slices.Contains(PlotFormats, f) {
			return nil, fmt.Errorf("unknown plot format %q (want %s)", f, strings.Join(PlotFormats, " or "))
		}
	}
	var files []namedFile
	for i := range figs {
		for _, format := range PlotFormats {
			if !slices.Contains(formats, format) {
				continue
			}
			var b bytes.Buffer
			if err := figs[i].Write(&b, format); err != nil {
				return nil, err
			}
			files = append(files, namedFile{figs[i].Name + "." + format, b.Bytes()})
		}
	}
	return files, nil
}

// namedFile is one file of a set writeFiles writes: its name in the directory and its
// bytes.
type namedFile struct {
	name string
	data []byte
}

// writeFiles writes the files into dir with resultfile.AddFiles, which refuses a
// directory holding files bangsim did not write, and returns their paths.
func writeFiles(dir string, files ...namedFile) ([]string, error) {
	return writeFilesOf(resultfile.KindExtras, dir, files...)
}

// writeFilesOf writes the files into dir as a writer of kind k (resultfile.AddFilesOf:
// KindExtras for a run's, comparison's or sweep's files, KindDuelExtras,
// KindLeagueExtras) and returns their paths.
func writeFilesOf(k resultfile.Kind, dir string, files ...namedFile) ([]string, error) {
	set := make([]resultfile.File, len(files))
	paths := make([]string, len(files))
	for i, f := range files {
		set[i] = resultfile.File{Name: f.name, Write: func(w io.Writer) error { _, err := w.Write(f.data); return err }}
		paths[i] = filepath.Join(dir, f.name)
	}
	if err := resultfile.AddFilesOf(dir, k, set); err != nil {
		return nil, err
	}
	return paths, nil
}

// plotFont is the one face every chart uses, so an SVG embeds a single font.
var plotFont = font.Font{Typeface: "Liberation", Variant: "Sans"}

// Text sizes, in points.
const (
	titleSize = 14
	labelSize = 11
	tickSize  = 10
	noteSize  = 10 // 11 px on a 720-point chart shown 800 px wide
	cellSize  = 10 // the labels in bars and heatmap cells

	// minTextSize is the smallest text of any chart: the page keeps every chart wide
	// enough that it is minTextPx high (inlineFigures).
	minTextSize = min(tickSize, noteSize, cellSize)
)

// noteColor is the grey of the notes under a chart.
var noteColor = color.NRGBA{R: 0x44, G: 0x44, B: 0x44, A: 0xff}

// textStyle returns a black text style of the chart font.
func textStyle(size vg.Length, xa text.XAlignment, ya text.YAlignment) text.Style {
	return text.Style{
		Color:   color.Black,
		Font:    font.From(plotFont, size),
		XAlign:  xa,
		YAlign:  ya,
		Handler: plot.DefaultTextHandler,
	}
}

// newPlot returns a plot with the chart font everywhere and short tick marks; it has
// no title, which the page draws.
func newPlot() *plot.Plot {
	p := plot.New()
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = font.From(plotFont, labelSize)
		a.Tick.Label.Font = font.From(plotFont, tickSize)
		a.Tick.Length = vg.Points(4)
		a.Tick.Marker = niceTicks{}
	}
	p.Legend = newLegend()
	return p
}

// newLegend returns a legend in the chart font, for the page's right column.
func newLegend() plot.Legend {
	l := plot.NewLegend()
	l.TextStyle.Font = font.From(plotFont, tickSize)
	l.Top, l.Left = true, true
	l.Padding = vg.Points(3)
	l.ThumbnailWidth = vg.Points(16)
	return l
}

// page lays out one figure: a title across the top, notes across the bottom, a legend
// (if it has entries) in a column on the right and the body in the rest.
type page struct {
	title  string
	notes  []string
	legend *plot.Legend
	body   func(c draw.Canvas)
}

// margin is the white space around a page.
const margin = vg.Length(14)

// draw draws the page on c.
func (pg *page) draw(c draw.Canvas) {
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	c = draw.Crop(c, margin, -margin, margin, -margin)
	if pg.title != "" {
		sty := textStyle(titleSize, draw.XLeft, draw.YTop)
		c.FillText(sty, vg.Point{X: c.Min.X, Y: c.Max.Y}, pg.title)
		c.Max.Y -= sty.Height(pg.title) + vg.Points(10)
	}
	if lines := pg.noteLines(c.Max.X - c.Min.X); len(lines) > 0 {
		sty := noteStyle()
		y := c.Min.Y
		for i := len(lines) - 1; i >= 0; i-- {
			c.FillText(sty, vg.Point{X: c.Min.X, Y: y}, lines[i])
			y += sty.Height(lines[i]) + noteLeading
		}
		c.Min.Y = y + vg.Points(8)
	}
	if pg.legend != nil && pg.legend.Rectangle(c).Size().X > 0 {
		w := pg.legend.Rectangle(c).Size().X
		lc := c
		lc.Min.X = c.Max.X - w
		pg.legend.Draw(lc)
		c.Max.X -= w + vg.Points(16)
	}
	pg.body(c)
}

// noteLeading is the space between two lines of notes.
const noteLeading = vg.Length(2)

// noteStyle is the style of the notes under a chart.
func noteStyle() text.Style {
	sty := textStyle(noteSize, draw.XLeft, draw.YBottom)
	sty.Color = noteColor
	return sty
}

// noteLines returns the notes wrapped at spaces to lines no wider than width.
func (pg *page) noteLines(width vg.Length) []string {
	sty := noteStyle()
	var lines []string
	for _, note := range pg.notes {
		line := ""
		for _, word := range strings.Fields(note) {
			if line != "" && sty.Width(line+" "+word) > width {
				lines = append(lines, line)
				line = ""
			}
			if line != "" {
				line += " "
			}
			line += word
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

// named returns the page as the figure name, w wide, whose body is bodyH high: the
// height adds the margins, the title and the notes wrapped at w.
func (pg *page) named(name, shows string, w, bodyH vg.Length) Figure {
	if pg.title != "" && !strings.HasSuffix(pg.title, cheatTitle) && slices.ContainsFunc(pg.notes, func(n string) bool { return strings.Contains(n, cheatTag) }) {
		pg.title += cheatTitle // the caption names a cheating bot
	}
	h := 2*margin + bodyH
	if pg.title != "" {
		h += textStyle(titleSize, draw.XLeft, draw.YTop).Height(pg.title) + vg.Points(10)
	}
	if lines := pg.noteLines(w - 2*margin); len(lines) > 0 {
		sty := noteStyle()
		for _, l := range lines {
			h += sty.Height(l) + noteLeading
		}
		h += vg.Points(8)
	}
	return Figure{Name: name, Shows: shows, Width: w, Height: vg.Length(math.Ceil(float64(h))), draw: pg.draw}
}
