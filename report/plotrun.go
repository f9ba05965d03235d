package report

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/bangsim/bangsim/resultfile"
)

// RunFigures returns the charts of a run or merge directory, computed from its tally
// alone (run only marks a partial run in the notes and may be nil):
//
//   - plot-roles: win rate by role dealt, grouped by player count, with intervals;
//   - plot-seats: win rate by seat, grouped by player count, with intervals and the
//     mean over the seats;
//   - plot-turns: the distribution of game length in turns by player count, median,
//     mean and the 10th to 90th percentiles marked (the mean alone for a tally without
//     lengths, schema 2);
//   - plot-characters: heatmap of each character's win rate (every role) by player count;
//   - plot-characters-vs-role: heatmap of CharacterVsOthers by player count;
//   - plot-characters-<role>: one per role, each character's win rate in that role over
//     every player count that deals it (the cells added up), sorted, with intervals.
//
// Intervals are WinRate's at Confidence. Characters that never had a seat are left out.
func RunFigures(run *resultfile.Run, set *resultfile.TallySet) ([]Figure, error) {
	if len(set.Counts) == 0 {
		return nil, errors.New("tally.json holds no player count: nothing to plot")
	}
	cs := slices.Clone(set.Counts)
	slices.SortStableFunc(cs, func(a, b resultfile.CountTally) int { return cmp.Compare(a.Players, b.Players) })
	z := ZFor(Confidence)
	caption := runCaption(run, set, cs)
	figs := []Figure{rolesFigure(cs, caption, z), seatsFigure(cs, caption, z), turnsFigure(cs, caption)}
	if chars := characterNames(cs); len(chars) > 0 {
		figs = append(figs, characterHeatFigure(cs, chars, caption), characterDiffFigure(cs, chars, caption))
		figs = append(figs, characterRoleFigures(cs, chars, caption, z)...)
	}
	return figs, nil
}

// runCaption is the first note of every run chart: what was played.
func runCaption(run *resultfile.Run, set *resultfile.TallySet, cs []resultfile.CountTally) string {
	parts := []string{set.Game + " game", "seed " + strconv.FormatUint(set.Seed, 10)}
	games := cs[0].Games
	same := true
	for _, c := range cs {
		same = same && c.Games == games
	}
	if same {
		parts = append(parts, groupDigits(games)+" games per player count")
	} else {
		var gs []string
		for _, c := range cs {
			gs = append(gs, fmt.Sprintf("%s at %d", groupDigits(c.Games), c.Players))
		}
		parts = append(parts, "games "+strings.Join(gs, ", "))
	}
	pol := "policy " + botLabel(set.Policies.Default)
	for _, r := range cs[0].Tally.Roles {
		if p := set.Policies.ByRole[r.Role]; p != "" && p != set.Policies.Default {
			pol += ", " + r.Role + " " + botLabel(p)
		}
	}
	parts = append(parts, pol)
	if run != nil && run.Partial {
		parts = append(parts, fmt.Sprintf("PARTIAL: %s of %s games", groupDigits(run.GamesPlayed), groupDigits(run.GamesPlanned)))
	}
	return strings.Join(parts, " · ")
}

// intervalNote says what the whiskers are.
var intervalNote = fmt.Sprintf("Whiskers: %.0f%% cluster-robust Wilson intervals (a game is a cluster).", 100*Confidence)

// groupDigits writes n with thin groups of three digits: 1,000,000.
func groupDigits(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// pct writes a rate as a percentage with one decimal, without the sign.
func pct(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) }

// playersPhrase names the player counts (sorted): "5 players", "3–8 players",
// "4, 6 players".
func playersPhrase(cs []resultfile.CountTally) string {
	var ns []string
	run := true
	for i, c := range cs {
		ns = append(ns, strconv.Itoa(c.Players))
		run = run && (i == 0 || c.Players == cs[i-1].Players+1)
	}
	switch {
	case len(ns) == 1:
		return ns[0] + " players"
	case run && len(ns) > 2:
		return ns[0] + "–" + ns[len(ns)-1] + " players"
	}
	return strings.Join(ns, ", ") + " players"
}

// barGroup is one group of bars: one player count.
type barGroup struct {
	label   string
	members []barMember
	mean    float64 // drawn as a dashed segment across the group; NaN: none
}

// barMember is one bar of a group: its series (colour and legend entry) and its cell,
// drawn with WinRate's interval unless iv gives another (a sweep's pooled cells).
type barMember struct {
	series int
	cell   Cell
	iv     *Interval
}

// groupedBars returns the plot and legend of win-rate bars with intervals, one group
// per player count; every bar is centred in its own slot and its whisker on it.
func groupedBars(groups []barGroup, series []string, z float64, meanLabel string) (*plot.Plot, *plot.Legend) {
	p := newPlot()
	most := 1
	for _, g := range groups {
		most = max(most, len(g.members))
	}
	slot := 0.84 / float64(most)
	var bars []bar
	var segs []segment
	used := make([]bool, len(series))
	var ticks plot.ConstantTicks
	top := 0.0
	for gi, g := range groups {
		center := float64(gi)
		ticks = append(ticks, plot.Tick{Value: center, Label: g.label})
		n := len(g.members)
		for j, m := range g.members {
			iv := WinRate(m.cell, z)
			if m.iv != nil {
				iv = *m.iv
			}
			x := center + (float64(j)-float64(n-1)/2)*slot
			bars = append(bars, bar{x: x, width: 0.86 * slot, y: 100 * iv.Rate, lo: 100 * iv.Low, hi: 100 * iv.High, color: seriesColor(m.series)})
			used[m.series] = true
			top = max(top, 100*iv.High)
		}
		if n > 0 && !math.IsNaN(g.mean) {
			segs = append(segs, segment{x0: center - float64(n)*slot/2, x1: center + float64(n)*slot/2, y: 100 * g.mean})
		}
	}
	p.Add(newGrid(true, false), &barsPlotter{bars: bars})
	legend := newLegend()
	for i, name := range series {
		if used[i] {
			legend.Add(name, swatch{seriesColor(i)})
		}
	}
	if len(segs) > 0 {
		sp := &segmentsPlotter{segs: segs, style: refStyle}
		p.Add(sp)
		legend.Add(meanLabel, sp)
	}
	p.X.Tick.Marker = ticks
	p.X.Min, p.X.Max = -0.5, float64(len(groups))-0.5
	p.X.Label.Text = "players"
	p.X.Padding = 0 // the bars stand on the axis
	p.Y.Min, p.Y.Max = 0, math.Min(100, math.Ceil((top+1)/10)*10)
	p.Y.Label.Text = "win rate (%)"
	return p, &legend
}

// rolesFigure is plot-roles: the win rate of each role dealt, by player count.
func rolesFigure(cs []resultfile.CountTally, caption string, z float64) Figure {
	var series []string
	index := func(role string) int {
		if i := slices.Index(series, role); i >= 0 {
			return i
		}
		series = append(series, role)
		return len(series) - 1
	}
	var groups []barGroup
	for i := range cs {
		g := barGroup{label: strconv.Itoa(cs[i].Players), mean: math.NaN()}
		for _, r := range cs[i].Tally.Roles {
			k := index(r.Role) // every role keeps its colour even where it is not dealt
			if r.Dealt > 0 {
				g.members = append(g.members, barMember{series: k, cell: r.Cell})
			}
		}
		groups = append(groups, g)
	}
	p, legend := groupedBars(groups, series, z, "")
	pg := &page{
		title:  "Win rate by role and player count",
		notes:  []string{caption, "Bar: share of the seats dealt the role that won (a role dealt twice counts both seats). " + intervalNote},
		legend: legend,
		body:   p.Draw,
	}
	return pg.named("plot-roles", "win rate by role dealt, grouped by player count, with intervals", 720, 320)
}

// characterNames returns the characters with at least one seat, in the game's order.
func characterNames(cs []resultfile.CountTally) []string {
	var names []string
	for i := range cs {
		for _, ch := range cs[i].Tally.Characters {
			if c := roleCell(&ch, resultfile.AllRoles); c.Seats > 0 && !slices.Contains(names, ch.Character) {
				names = append(names, ch.Character)
			}
		}
	}
	// A character first seen at a later player count still takes its place in the game's
	// order, which every count lists the same way.
	var order []string
	for i := range cs {
		for _, ch := range cs[i].Tally.Characters {
			if slices.Contains(names, ch.Character) && !slices.Contains(order, ch.Character) {
				order = append(order, ch.Character)
			}
		}
	}
	return order
}

// character returns the named character's tally, or nil.
func character(y *resultfile.Tally, name string) *resultfile.CharacterTally {
	for i := range y.Characters {
		if y.Characters[i].Character == name {
			return &y.Characters[i]
		}
	}
	return nil
}

// roleCell returns a character's cell of role (resultfile.AllRoles: every role), or an
// empty cell.
func roleCell(ch *resultfile.CharacterTally, role string) Cell {
	if ch != nil {
		for _, rc := range ch.Roles {
			if rc.Role == role {
				return rc.Cell
			}
		}
	}
	return Cell{}
}

// CharacterVsOthers returns each character's row "all" of the balance analysis at
// every player count of cs (NewBalance at DefaultAlpha), by player count and then
// character: the one definition of "a character against its role" that the heatmap,
// the report and balance.md share (docs/statistics.md, "Balance"). In each role it held
// the character's win rate minus the pooled rate of the other characters dealt that
// role (leaving it out), the roles averaged with their shares of the seats, with the
// interval of balance.csv's all row.
func CharacterVsOthers(cs []resultfile.CountTally) map[int]map[string]BalanceRow {
	out := map[int]map[string]BalanceRow{}
	b := NewBalance(cs, DefaultAlpha, ZFor(Confidence))
	for _, r := range b.Rows {
		if r.Role != resultfile.AllRoles {
			continue
		}
		if out[r.Players] == nil {
			out[r.Players] = map[string]BalanceRow{}
		}
		out[r.Players][r.Character] = r
	}
	return out
}

// heatFigure lays out a character × player count heatmap with its colour bar.
func heatFigure(cs []resultfile.CountTally, chars []string, value func(col, k int) float64, muted func(col, k int) bool,
	label func(float64) string, scale colorScale, barTitle string, pg *page) Figure {
	rows := len(chars)
	var cells []heatCell
	var ticks plot.ConstantTicks
	for i, name := range chars {
		row := rows - 1 - i // the first character on top
		ticks = append(ticks, plot.Tick{Value: float64(row), Label: name})
		for col := range cs {
			v, faded := math.NaN(), false
			if k := slices.IndexFunc(cs[col].Tally.Characters, func(c resultfile.CharacterTally) bool { return c.Character == name }); k >= 0 {
				v, faded = value(col, k), muted != nil && muted(col, k)
			}
			text := "–"
			if !math.IsNaN(v) {
				text = label(v)
			}
			cells = append(cells, heatCell{col: col, row: row, value: v, label: text, muted: faded})
		}
	}
	p := newPlot()
	p.Add(&heatPlotter{cells: cells, cols: len(cs), rows: rows, scale: scale})
	var xt plot.ConstantTicks
	for col := range cs {
		xt = append(xt, plot.Tick{Value: float64(col), Label: strconv.Itoa(cs[col].Players)})
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = xt, ticks
	p.X.Min, p.X.Max = -0.5, float64(len(cs))-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(rows)-0.5
	p.X.Padding, p.Y.Padding = 0, 0
	p.X.Label.Text = "players"
	barW := colorBarWidth(scale)
	pg.body = func(c draw.Canvas) {
		hc := c
		hc.Max.X -= barW + 18
		p.Draw(hc)
		da := p.DataCanvas(hc)
		drawColorBar(c, scale, hc.Max.X+18, da.Min.Y, da.Max.Y, barTitle)
	}
	// Cells of a fixed size, the page no narrower than the title and a readable note.
	const cellW, cellH = 72, 20
	width := 2*margin + vg.Length(130+cellW*len(cs)+18) + barW
	return pg.named("", "", max(width, 500), vg.Length(cellH*rows+45))
}

// characterHeatFigure is plot-characters: each character's win rate over every role by
// player count.
func characterHeatFigure(cs []resultfile.CountTally, chars []string, caption string) Figure {
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := range cs {
		for _, ch := range cs[i].Tally.Characters {
			if c := roleCell(&ch, resultfile.AllRoles); c.Seats > 0 {
				r := 100 * float64(c.Wins) / float64(c.Seats)
				lo, hi = math.Min(lo, r), math.Max(hi, r)
			}
		}
	}
	scale := colorScale{ramp: viridis, min: math.Floor(lo), max: math.Ceil(hi)}
	if scale.max <= scale.min {
		scale.max = scale.min + 1
	}
	pg := &page{
		title: "Character win rate by player count (every role)",
		notes: []string{caption,
			"Cell: the share of the character's seats that won, in %, whatever role it was dealt; – : never dealt. Intervals are in characters.csv."},
	}
	f := heatFigure(cs, chars, func(col, k int) float64 {
		c := roleCell(&cs[col].Tally.Characters[k], resultfile.AllRoles)
		if c.Seats == 0 {
			return math.NaN()
		}
		return 100 * float64(c.Wins) / float64(c.Seats)
	}, nil, func(v float64) string { return strconv.FormatFloat(v, 'f', 1, 64) }, scale, "win rate (%)", pg)
	f.Name, f.Shows = "plot-characters", "heatmap of each character's win rate (every role) by player count"
	return f
}

// wideHalfWidth is the half-width (a fraction) from which the heatmap of characters
// against the others says that its intervals are wide: 2 points, about the size of
// the differences a designer acts on.
const wideHalfWidth = 0.02

// characterDiffFigure is plot-characters-vs-role: CharacterVsOthers by player count,
// the cells whose interval holds 0 faded and hatched.
func characterDiffFigure(cs []resultfile.CountTally, chars []string, caption string) Figure {
	rows := CharacterVsOthers(cs)
	get := func(col, k int) (BalanceRow, bool) {
		r, ok := rows[cs[col].Players][cs[col].Tally.Characters[k].Character]
		return r, ok
	}
	most, widest := 0.0, 0.0
	muted, shown := 0, 0
	for _, byChar := range rows {
		for _, r := range byChar {
			most = math.Max(most, math.Abs(100*r.Diff))
			widest = math.Max(widest, r.HalfWidth())
			shown++
			if r.Low <= 0 && r.High >= 0 {
				muted++
			}
		}
	}
	lim := math.Max(1, math.Ceil(most))
	scale := colorScale{ramp: redBlue, min: -lim, max: lim}
	notes := []string{caption,
		"Cell, in percentage points: in each role the character held, its win rate minus the pooled win rate of the other characters dealt that role, " +
			"the roles averaged with their shares of the seats: balance.csv's all row (bangsim balance; docs/statistics.md, \"Balance\"). " +
			"Blue: above the others, red: below; faded and hatched: its 95% interval holds 0; – : never dealt."}
	if widest >= wideHalfWidth {
		notes = append(notes, fmt.Sprintf("Intervals are wide: half-widths up to ±%s points, and %d of %d cells are not told apart from 0; "+
			"play more games (bangsim balance --precision) before reading the colours.", strconv.FormatFloat(100*widest, 'f', 1, 64), muted, shown))
	}
	pg := &page{title: "Character win rate above the other characters in its roles, by player count", notes: notes}
	f := heatFigure(cs, chars, func(col, k int) float64 {
		r, ok := get(col, k)
		if !ok {
			return math.NaN()
		}
		return 100 * r.Diff
	}, func(col, k int) bool {
		r, ok := get(col, k)
		return ok && r.Low <= 0 && r.High >= 0
	}, func(v float64) string { return minusSign(FormatPoints(v/100, 1)) }, scale, "points above the others", pg)
	f.Name, f.Shows = "plot-characters-vs-role", "heatmap of each character's win rate minus the other characters' in its roles, by player count; faded: not told apart from 0"
	return f
}

// characterRoleFigures are plot-characters-<role>: per role, each character's win rate
// in it over every player count of the run (the cells added up), sorted.
func characterRoleFigures(cs []resultfile.CountTally, chars []string, caption string, z float64) []Figure {
	var roles []string
	for i := range cs {
		for _, r := range cs[i].Tally.Roles {
			if !slices.Contains(roles, r.Role) {
				roles = append(roles, r.Role)
			}
		}
	}
	var figs []Figure
	for ri, role := range roles {
		var all Cell
		var dealt []resultfile.CountTally // the player counts that deal the role
		for i := range cs {
			for _, r := range cs[i].Tally.Roles {
				if r.Role == role && r.Dealt > 0 {
					all.Merge(&r.Cell)
					dealt = append(dealt, cs[i])
				}
			}
		}
		type row struct {
			name string
			iv   Interval
		}
		var rows []row
		for _, name := range chars {
			var c Cell
			for i := range cs {
				rc := roleCell(character(&cs[i].Tally, name), role)
				c.Merge(&rc)
			}
			if c.Seats > 0 {
				rows = append(rows, row{name, WinRate(c, z)})
			}
		}
		if len(rows) == 0 || all.Seats == 0 {
			continue
		}
		// Ascending, so that the best is drawn on top; ties by name.
		slices.SortStableFunc(rows, func(a, b row) int {
			return cmp.Or(cmp.Compare(a.iv.Rate, b.iv.Rate), strings.Compare(b.name, a.name))
		})
		var dots []dot
		var ticks plot.ConstantTicks
		lo, hi := 100.0, 0.0
		for i, r := range rows {
			dots = append(dots, dot{x: 100 * r.iv.Rate, y: float64(i), lo: 100 * r.iv.Low, hi: 100 * r.iv.High, color: seriesColor(ri)})
			ticks = append(ticks, plot.Tick{Value: float64(i), Label: r.name})
			lo, hi = math.Min(lo, 100*r.iv.Low), math.Max(hi, 100*r.iv.High)
		}
		rate := float64(all.Wins) / float64(all.Seats)
		lo, hi = math.Min(lo, 100*rate), math.Max(hi, 100*rate)
		p := newPlot()
		ref := &refLine{value: 100 * rate, vertical: true, style: refStyle}
		p.Add(newGrid(true, true), ref, &dotsPlotter{dots: dots, horizontal: true})
		p.Y.Tick.Marker = ticks
		p.Y.Min, p.Y.Max = -0.6, float64(len(rows))-0.4
		p.X.Min, p.X.Max = math.Max(0, math.Floor(lo/5)*5), math.Min(100, math.Ceil(hi/5)*5)
		p.X.Label.Text = "win rate as " + role + " (%)"
		legend := newLegend()
		legend.Add("character", dotThumb{color: seriesColor(ri)})
		legend.Add("every "+role+": "+pct(rate)+"%", ref)
		pg := &page{
			title: fmt.Sprintf("%s: character win rate (%s)", role, playersPhrase(dealt)),
			notes: []string{caption,
				"Dot: the share of the character's seats as " + role + " that won, over every player count that deals the role (the counts added up); dashed: every " + role + " seat.",
				intervalNote},
			legend: &legend,
			body:   p.Draw,
		}
		name := "plot-characters-" + slug(role)
		figs = append(figs, pg.named(name, "each character's win rate as "+role+", sorted, with intervals", 720, vg.Length(22*len(rows)+45)))
	}
	return figs
}

// slug writes a name for a file: lower case, runs of other characters as one hyphen.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if ('a' <= r && r <= 'z') || ('0' <= r && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}
