package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/bangsim/bangsim/resultfile"
)

// duelIntervalNote says what the whiskers of a duel chart are: a duel is one trial, so
// the plain Wilson interval is the right one (no clustering).
var duelIntervalNote = fmt.Sprintf("Whiskers: %.0f%% Wilson score intervals, the intervals of the duel's CSV files.", 100*Confidence)

// DuelFigures returns the charts of a duel directory (run.json and duel-tally.json, as
// lab/cardgame.ReadDuelShard reads them): plot-duel-order, the win rate of the side
// that picked first, of the side that started and of each seat; plot-duel-characters,
// the win rate of the side that drafted each character; plot-duel-drafted, how often
// each character was drafted.
func DuelFigures(rec *resultfile.DuelRun, t *resultfile.DuelTally) ([]Figure, error) {
	c := &t.Counts
	if c.Duels == 0 {
		return nil, fmt.Errorf("the duel directory holds no finished duel: there is nothing to plot")
	}
	caption := DuelCaption(rec, t)
	order := []duelRow{
		{"picked first", DuelInterval(c.OrderWins[0], c.Duels)},
		{"started first", DuelInterval(c.OrderWins[1], c.Duels)},
		{"seat 0 (better-ranked): " + rec.Policy[0] + ", drafts " + rec.DraftPolicy[0], DuelInterval(c.SeatWins[0], c.Duels)},
		{"seat 1: " + rec.Policy[1] + ", drafts " + rec.DraftPolicy[1], DuelInterval(c.SeatWins[1], c.Duels)},
	}
	if c.Paired != nil { // both players sat in each seat, half the duels each
		order[2].label, order[3].label = "seat 0 (better-ranked), either player", "seat 1, either player"
	}
	slices.Reverse(order) // the first row on top
	even := float64(c.Duels-c.Draws) / 2 / float64(c.Duels)
	figs := []Figure{duelDotsFigure(duelDots{
		name: "plot-duel-order", shows: "win rate of the side that picked first, of the side that started first and of each seat, with intervals",
		title: "Long duel: draft order and seats", xLabel: "win rate (%)", rows: order, ref: even,
		refLabel: "no advantage: " + pct(even) + "%",
		notes: []string{caption, "Dot: the share of the duels that side won (a draw is no win for either side); dashed: half the duels that were won. Seat 0 chooses to pick first or to start first.",
			duelIntervalNote},
	})}
	var chars, drafted []duelRow
	var draftedAll uint64
	for _, ch := range c.Characters {
		if ch.Duels == 0 {
			continue
		}
		chars = append(chars, duelRow{ch.Character, DuelInterval(ch.Wins, ch.Duels)})
		drafted = append(drafted, duelRow{ch.Character, DuelInterval(ch.Duels, c.Duels)})
		draftedAll += ch.Duels
	}
	if len(chars) == 0 {
		return figs, nil
	}
	sortRows(chars)
	sortRows(drafted)
	figs = append(figs, duelDotsFigure(duelDots{
		name: "plot-duel-characters", shows: "each character's win rate when drafted, sorted, with intervals",
		title: "Long duel: win rate of the side that drafted each character", xLabel: "win rate of the drafting side (%)", rows: chars, ref: even,
		refLabel: "every drafted character: " + pct(even) + "%",
		notes: []string{caption, "Dot: the share of the duels in which a side drafted the character that this side won; dashed: the same over every character drafted (half the duels that were won).",
			duelIntervalNote},
	}))
	share := float64(draftedAll) / float64(c.Duels) / float64(len(drafted))
	figs = append(figs, duelDotsFigure(duelDots{
		name: "plot-duel-drafted", shows: "the share of the duels in which each character was drafted, sorted, with intervals",
		title: "Long duel: characters drafted", xLabel: "duels in which a side drafted it (%)", rows: drafted, ref: share,
		refLabel: "mean over the characters: " + pct(share) + "%",
		notes: []string{caption, "Dot: the share of the duels in which either side drafted the character (ten of the sixteen are laid out, five drafted by each side); dashed: the mean over the characters.",
			duelIntervalNote},
	}))
	return figs, nil
}

// DuelCaption says in one line what a duel directory holds, for the notes of its
// charts and the head of its report.
func DuelCaption(rec *resultfile.DuelRun, t *resultfile.DuelTally) string {
	s := fmt.Sprintf("%s long duels, seed %d; seat 0 plays %s and drafts %s, seat 1 plays %s and drafts %s; %s draws.",
		groupDigits(t.Counts.Duels), rec.Seed, rec.Policy[0], rec.DraftPolicy[0], rec.Policy[1], rec.DraftPolicy[1], groupDigits(t.Counts.Draws))
	if rec.Paired {
		s = fmt.Sprintf("%s long duels, seed %d, paired: each of %s seeds with A (plays %s, drafts %s) in seat 0, then with B (plays %s, drafts %s); %s draws.",
			groupDigits(t.Counts.Duels), rec.Seed, groupDigits(t.Counts.Indices()), rec.Policy[0], rec.DraftPolicy[0], rec.Policy[1], rec.DraftPolicy[1], groupDigits(t.Counts.Draws))
	}
	if rec.Shard.N > 1 {
		s += fmt.Sprintf(" Shard %d of %d.", rec.Shard.K, rec.Shard.N)
	}
	if rec.Partial {
		s += fmt.Sprintf(" PARTIAL: %s of %s duels.", groupDigits(rec.DuelsPlayed), groupDigits(rec.DuelsPlanned))
	}
	return s
}

// duelRow is one labelled estimate of a duel chart.
type duelRow struct {
	label string
	iv    Interval
}

// sortRows sorts ascending, so that the largest is drawn on top; ties by label.
func sortRows(rows []duelRow) {
	slices.SortStableFunc(rows, func(a, b duelRow) int {
		return cmp.Or(cmp.Compare(a.iv.Rate, b.iv.Rate), strings.Compare(b.label, a.label))
	})
}

// duelDots is a chart of horizontal dots with intervals, one row each, and a dashed
// reference line.
type duelDots struct {
	name, shows, title, xLabel string
	rows                       []duelRow // bottom first
	ref                        float64   // a fraction
	refLabel                   string
	notes                      []string
}

// duelDotsFigure draws d through the charts' own dots, reference line and page.
func duelDotsFigure(d duelDots) Figure {
	var dots []dot
	var ticks plot.ConstantTicks
	lo, hi := 100*d.ref, 100*d.ref
	for i, r := range d.rows {
		dots = append(dots, dot{x: 100 * r.iv.Rate, y: float64(i), lo: 100 * r.iv.Low, hi: 100 * r.iv.High, color: seriesColor(0)})
		ticks = append(ticks, plot.Tick{Value: float64(i), Label: r.label})
		lo, hi = math.Min(lo, 100*r.iv.Low), math.Max(hi, 100*r.iv.High)
	}
	p := newPlot()
	ref := &refLine{value: 100 * d.ref, vertical: true, style: refStyle}
	p.Add(newGrid(true, true), ref, &dotsPlotter{dots: dots, horizontal: true})
	p.Y.Tick.Marker = ticks
	p.Y.Min, p.Y.Max = -0.6, float64(len(d.rows))-0.4
	p.X.Min, p.X.Max = math.Max(0, math.Floor(lo/5)*5), math.Min(100, math.Ceil(hi/5)*5)
	if p.X.Max <= p.X.Min {
		p.X.Min, p.X.Max = math.Max(0, p.X.Min-5), math.Min(100, p.X.Max+5)
	}
	p.X.Label.Text = d.xLabel
	legend := newLegend()
	legend.Add("estimate", dotThumb{color: seriesColor(0)})
	legend.Add(d.refLabel, ref)
	pg := &page{title: d.title, notes: d.notes, legend: &legend, body: p.Draw}
	return pg.named(d.name, d.shows, 760, vg.Length(22*len(d.rows)+45))
}

// WriteDuelFigures writes the figures of a duel as WriteFigures writes a run's, into
// the duel's directory or one of their own (resultfile.AddFilesOf).
func WriteDuelFigures(dir string, figs []Figure, formats []string) ([]string, error) {
	files, err := figureFiles(figs, formats)
	if err != nil {
		return nil, err
	}
	return writeFilesOf(resultfile.KindDuelExtras, dir, files...)
}
