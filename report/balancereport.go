package report

import (
	"bytes"
	"cmp"
	"encoding/base64"
	"errors"
	"fmt"
	"html/template"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/bangsim/bangsim/resultfile"
)

// reportBalance is what a run directory's balance files (`bangsim balance`) add to its
// report: balance.csv's rows, the tests and seats recomputed from the tally at
// balance.md's α, and the tuning that only balance.md holds.
type reportBalance struct {
	pops    []Population // balance.csv's rows; the first population is the run's
	full    *Balance     // NewBalance of the tally at alpha: the tests and the seats
	csv     []byte       // balance.csv as it is, for the page's download link
	life    []mdPart     // balance.md's "Life tuning"
	options []mdPart     // balance.md's "Option tuning"
	matches bool         // the first population's rows are those the tally gives at alpha
}

// readBalanceFiles reads dir's balance.csv (nil, nil when there is none) and
// balance.md (optional: "" when missing), with the α balance.md says the flags were
// set at set on every population.
func readBalanceFiles(dir string) (pops []Population, raw []byte, md string, err error) {
	path := filepath.Join(dir, BalanceFile)
	raw, err = os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, "", nil
	}
	if err != nil {
		return nil, nil, "", fmt.Errorf("cannot read %s: %w", path, resultfile.ExplainPath(path, err))
	}
	if pops, err = ReadBalanceTable(bytes.NewReader(raw)); err != nil {
		return nil, nil, "", fmt.Errorf("%s: %w", path, err)
	}
	b, _ := os.ReadFile(filepath.Join(dir, BalanceMarkdownFile)) // optional: the α and the tuning
	md = string(b)
	for i := range pops {
		pops[i].Balance.Alpha = balanceMarkdownAlpha(md)
	}
	return pops, raw, md, nil
}

// ReadBalance reads the balance files of dir, if it has any (balance.csv, and
// balance.md beside it), into the report of a run: a Balance section on the page and a
// chart per player count (plot-balance-Np). A directory without balance.csv adds
// nothing; a balance.csv that does not parse is an error naming it.
func (r *Report) ReadBalance(dir string) error {
	if r.run == nil {
		return nil
	}
	pops, raw, md, err := readBalanceFiles(dir)
	if err != nil || pops == nil {
		return err
	}
	rb := &reportBalance{pops: pops, csv: raw, full: NewBalance(r.counts, pops[0].Balance.Alpha, ZFor(Confidence)),
		life: markdownSection(md, "Life tuning"), options: markdownSection(md, "Option tuning")}
	rb.matches = slices.EqualFunc(rb.full.Table().Rows, pops[0].Balance.Table().Rows, slices.Equal[[]string])
	r.balance = rb
	r.figures = append(r.figures, BalanceFigures(pops[0].Balance, runCaption(r.run, r.set, r.counts))...)
	return nil
}

// ReadBalanceFigures returns the balance charts of a run directory (BalanceFigures of
// its balance.csv, the first population's), or none when it has no balance.csv: what
// `bangsim plot` adds to RunFigures.
func ReadBalanceFigures(dir string, run *resultfile.Run, set *resultfile.TallySet) ([]Figure, error) {
	pops, _, _, err := readBalanceFiles(dir)
	if err != nil || pops == nil || len(set.Counts) == 0 {
		return nil, err
	}
	cs := slices.Clone(set.Counts)
	slices.SortStableFunc(cs, func(a, b resultfile.CountTally) int { return cmp.Compare(a.Players, b.Players) })
	return BalanceFigures(pops[0].Balance, runCaption(run, set, cs)), nil
}

// Colours of the balance chart: a flagged difference above the others, below them.
var (
	strongColor = hexColor("#2166ac")
	weakColor   = hexColor("#b2182b")
)

// BalanceFigures returns one chart per player count of b, plot-balance-Np: each
// character's difference from the others over its roles (the all row) with its
// interval, sorted, zero marked; a flagged difference is a filled dot, blue above the
// others and red below, the others open and grey.
func BalanceFigures(b *Balance, caption string) []Figure {
	var figs []Figure
	_, rowsAll := b.flaggedCount()
	for _, n := range b.players() {
		var rows []BalanceRow
		for _, r := range b.Rows {
			if r.Players == n && r.Role == resultfile.AllRoles {
				rows = append(rows, r)
			}
		}
		if len(rows) == 0 {
			continue
		}
		// Ascending, so that the strongest is drawn on top; ties by name.
		slices.SortStableFunc(rows, func(x, y BalanceRow) int {
			return cmp.Or(cmp.Compare(x.Diff, y.Diff), strings.Compare(y.Character, x.Character))
		})
		var dots []dot
		var ticks plot.ConstantTicks
		lo, hi := 0.0, 0.0
		for i, r := range rows {
			d := dot{x: 100 * r.Diff, y: float64(i), lo: 100 * r.Low, hi: 100 * r.High, color: color0, hollow: true}
			switch rowVerdict(&r) {
			case VerdictStronger:
				d.color, d.hollow = strongColor, false
			case VerdictWeaker:
				d.color, d.hollow = weakColor, false
			}
			dots = append(dots, d)
			label := r.Character
			if b.characterFlagged(n, r.Character) && !r.Flagged {
				label += " (a role flagged)"
			}
			ticks = append(ticks, plot.Tick{Value: float64(i), Label: label})
			lo, hi = math.Min(lo, 100*r.Low), math.Max(hi, 100*r.High)
		}
		p := newPlot()
		zero := &refLine{value: 0, vertical: true, style: zeroStyle}
		p.Add(newGrid(false, true), zero, &dotsPlotter{dots: dots, horizontal: true})
		p.Y.Tick.Marker = ticks
		p.Y.Min, p.Y.Max = -0.6, float64(len(rows))-0.4
		pad := math.Max(0.5, (hi-lo)*0.05)
		p.X.Min, p.X.Max = lo-pad, hi+pad
		p.X.Label.Text = "win rate minus the other characters' in its roles (points)"
		legend := newLegend()
		legend.Add("flagged: stronger", dotThumb{color: strongColor})
		legend.Add("flagged: weaker", dotThumb{color: weakColor})
		legend.Add("not flagged", dotThumb{color: color0, hollow: true})
		legend.Add("no difference", zero)
		pg := &page{
			title: fmt.Sprintf("Each character against the others in its roles, %d players", n),
			notes: []string{caption,
				"Dot: in each role the character held, its win rate minus the pooled win rate of the other characters dealt that role, the roles averaged " +
					"with their shares of the seats (balance.csv's all row), in percentage points. " +
					fmt.Sprintf("Whiskers: %.0f%% intervals clustered by game. Flagged: Holm-adjusted p < %g over all %d rows of balance.csv.", 100*Confidence, b.Alpha, rowsAll)},
			legend: &legend,
			body:   p.Draw,
		}
		figs = append(figs, pg.named(fmt.Sprintf("plot-balance-%dp", n),
			fmt.Sprintf("each character's difference from the others in its roles at %d players, with intervals, the flagged ones filled", n),
			720, vg.Length(22*len(rows)+45)))
	}
	return figs
}

// direction says which way a character's flagged rows at a count go: "stronger",
// "weaker", or "mixed" when some are above the others and some below.
func (b *Balance) direction(players int, character string) string {
	pos, neg := false, false
	for _, r := range b.Rows {
		if r.Players == players && r.Character == character && r.Flagged {
			pos, neg = pos || r.Diff > 0, neg || r.Diff < 0
		}
	}
	switch {
	case pos && neg:
		return "mixed"
	case pos:
		return VerdictStronger
	}
	return VerdictWeaker
}

// VerdictWords is the balance verdict for people, in sentences: first which characters
// are significantly stronger or weaker and at which player counts, then, per count, by
// how much over their roles and in which roles, with the intervals.
func (b *Balance) VerdictWords() []string {
	byDir := map[string][]string{}
	order := []string{VerdictStronger, VerdictWeaker, "mixed"}
	var perCount []string
	_, all := b.flaggedCount()
	for _, n := range b.players() {
		var flagged []BalanceRow
		total := 0
		widest := 0.0
		for _, r := range b.Rows {
			if r.Players != n || r.Role != resultfile.AllRoles {
				continue
			}
			total++
			widest = math.Max(widest, r.HalfWidth())
			if b.characterFlagged(n, r.Character) {
				flagged = append(flagged, r)
			}
		}
		if len(flagged) == 0 {
			perCount = append(perCount, fmt.Sprintf("%d players: no character is significantly stronger or weaker than the others in its roles "+
				"(the widest interval is ±%s points: smaller differences cannot be told apart here).", n, strconv.FormatFloat(100*widest, 'f', 1, 64)))
			continue
		}
		slices.SortStableFunc(flagged, func(x, y BalanceRow) int { return cmp.Compare(y.Diff, x.Diff) })
		var parts []string
		for _, a := range flagged {
			dir := b.direction(n, a.Character)
			key := a.Character
			if !slices.Contains(byDir[dir], key) {
				byDir[dir] = append(byDir[dir], key)
			}
			var roles []string
			for _, r := range b.Rows {
				if r.Players == n && r.Character == a.Character && r.Role != resultfile.AllRoles && r.Flagged {
					roles = append(roles, fmt.Sprintf("%s %s", r.Role, minusSigns(pointsCI(r))))
				}
			}
			over := fmt.Sprintf("%s points (%s against the others' %s)", minusSigns(pointsCI(a)), pct1(a.Rate), pct1(a.Avg))
			words := "significantly " + dir
			if dir == "mixed" {
				words = "significantly stronger in some roles and weaker in others"
			}
			var s string
			if a.Flagged {
				// Over its roles the character leans one way, whatever its roles do.
				overall, flags := "significantly stronger", ", and flagged as "
				if a.Diff < 0 {
					overall = "significantly weaker"
				}
				if dir == "mixed" {
					flags = ", though stronger in some roles and weaker in others: flagged as "
				}
				s = fmt.Sprintf("%s is %s over its roles: %s", a.Character, overall, over)
				if len(roles) > 0 {
					s += flags + strings.Join(roles, ", ")
				}
			} else {
				s = fmt.Sprintf("%s is %s as %s; over its roles %s, not significant", a.Character, words, strings.Join(roles, ", "), over)
			}
			parts = append(parts, s)
		}
		rest := fmt.Sprintf("; the other %d are not told apart from the others.", total-len(flagged))
		if len(flagged) == total {
			rest = "."
		}
		perCount = append(perCount, fmt.Sprintf("%d players: %d of %d characters stand out, strongest first%s", n, len(flagged), total, rest))
		for _, p := range parts {
			perCount = append(perCount, "• "+p+".")
		}
	}
	var head []string
	for _, dir := range order {
		names := byDir[dir]
		if len(names) == 0 {
			continue
		}
		var each []string
		for _, name := range names {
			var counts []string
			for _, n := range b.players() {
				if b.characterFlagged(n, name) && b.direction(n, name) == dir {
					counts = append(counts, itoa(n))
				}
			}
			each = append(each, fmt.Sprintf("%s (%s players)", name, strings.Join(counts, ", ")))
		}
		label := "Significantly " + dir
		if dir == "mixed" {
			label = "Stronger in some roles and weaker in others"
		}
		head = append(head, label+": "+strings.Join(each, ", ")+".")
	}
	if len(head) == 0 {
		head = append(head, "No character is significantly stronger or weaker than the others in its roles at any player count.")
	}
	head[len(head)-1] += fmt.Sprintf(" (Significant: Holm-adjusted p < %g over all %d rows, rows with few games never flagged.)", b.Alpha, all)
	return append(head, perCount...)
}

// minusSigns writes every hyphen of a difference and its interval as a minus sign, as
// summary.md writes them: "−4.1 [−5.0, −3.2]".
func minusSigns(s string) string { return strings.ReplaceAll(s, "-", "−") }

// significanceWords says a row's test in words: "significantly stronger (Holm p
// 0.001)", "not significant (Holm p 0.41)", "few games: not tested".
func significanceWords(r BalanceRow) string {
	switch {
	case r.Few:
		return "few games: not tested"
	case r.Flagged:
		return fmt.Sprintf("significantly %s (Holm p %s)", rowVerdict(&r), formatPShort(r.PHolm))
	}
	return fmt.Sprintf("not significant (Holm p %s)", formatPShort(r.PHolm))
}

// balanceRowsTable is character rows as summary.md formats numbers: games with
// thousands separators, rates in percent, the difference in points with its interval,
// and its significance in words. With role "" it is every row of b, with the player
// count, the role and the reference pool; else one count's rows of that role, strongest
// first.
func balanceRowsTable(b *Balance, players int, role string) Table {
	t := Table{Header: []string{"character", "games", "win rate", "others", "difference (points)", "95% CI", "significance"}}
	rows := slices.Clone(b.Rows)
	if role != "" {
		rows = slices.DeleteFunc(rows, func(r BalanceRow) bool { return r.Players != players || r.Role != role })
		slices.SortStableFunc(rows, func(x, y BalanceRow) int { return cmp.Compare(y.Diff, x.Diff) })
	} else {
		t.Header = append(append([]string{"players", "role"}, t.Header...), "reference")
	}
	for _, r := range rows {
		diff, ci, _ := strings.Cut(minusSigns(pointsCI(r)), " ")
		row := []string{r.Character, groupDigits(r.Seats), pct1(r.Rate), pct1(r.Avg), diff, ci, significanceWords(r)}
		if role == "" {
			row = append(append([]string{itoa(r.Players), r.Role}, row...), r.Reference())
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}

// balanceSection is the page's Balance section, when the directory has balance files.
func (r *Report) balanceSection(figs []htmlBlock) (htmlSection, bool) {
	rb := r.balance
	if rb == nil {
		return htmlSection{}, false
	}
	b := rb.pops[0].Balance
	s := htmlSection{ID: "balance", Title: "Balance of the characters"}
	s.Intro = b.VerdictWords()
	s.Intro = append(s.Intro, "Each character is compared with the other characters dealt the same role at the same table size: its win rate minus their pooled "+
		"win rate (leaving it out), in percentage points, with a 95% interval clustered by game; over its roles (role all) the roles are averaged with their "+
		"shares of the seats. These are balance.csv's rows as bangsim balance wrote them; docs/statistics.md, \"Balance\", gives the method.")
	if len(rb.pops) > 1 {
		s.Intro[len(s.Intro)-1] += " The verdict and the charts are the first bot population's, " + rb.pops[0].Name + "; the table across bots compares them all."
	}
	if !rb.matches {
		s.Intro = append(s.Intro, "balance.csv does not hold the rows tally.json gives (a balance of other games, or written with another --alpha than balance.md says): "+
			"the verdict, the charts and the character tables are the file's, the tests and the seats are recomputed from tally.json.")
	}
	s.Blocks = append(s.Blocks, figs...)
	for _, n := range b.players() {
		caption := fmt.Sprintf("%d players: each character over its roles against the others (balance.csv, role all)", n)
		if left := b.LeftOut(n); len(left) > 0 {
			caption += "; the references leave out " + strings.Join(left, ", ") + " (the step-down)"
		}
		t := tableHTML(fmt.Sprintf("t-balance-%dp", n), caption, "", balanceRowsTable(b, n, resultfile.AllRoles), true)
		markFlagged(t, b, n)
		s.Blocks = append(s.Blocks, htmlBlock{Table: t})
	}
	if len(rb.pops) > 1 {
		h, rows := AgreementRows(rb.pops)
		for _, row := range rows {
			for j := 2; j < len(row)-1; j++ {
				row[j] = minusSigns(row[j])
			}
		}
		t := tableHTML("t-balance-bots", "Verdicts across bots: each character's difference over its roles under each population (points, * flagged)", "", Table{Header: h, Rows: rows}, true)
		for i, a := range Agreements(rb.pops) {
			if a.Kind == AgreeFlip {
				t.Rows[i].Class = "sig"
			}
		}
		s.Blocks = append(s.Blocks, htmlBlock{Table: t})
		s.Intro = append(s.Intro, PopulationsSummary(rb.pops)+" Rows that flip sign are in bold.")
	}
	h, rows := rb.full.ChiSquareRows()
	s.Blocks = append(s.Blocks, htmlBlock{Table: tableHTML("t-balance-tests", "Are the characters (and the seats) equal? Pearson's X² divided by its design factor, p from χ²(df)", "",
		Table{Header: h, Rows: rows}, true)})
	h, rows = rb.full.SeatTableRows()
	for _, row := range rows {
		row[4] = minusSigns(row[4])
	}
	s.Blocks = append(s.Blocks, htmlBlock{Table: tableHTML("t-balance-seats", "Seats: each shuffled seat against the other shuffled seats (points; seat 0's role is fixed)", "",
		Table{Header: h, Rows: rows}, true)})
	s.Blocks = append(s.Blocks, markdownBlocks("t-balance-life", "Life tuning", rb.life)...)
	s.Blocks = append(s.Blocks, markdownBlocks("t-balance-options", "Option tuning", rb.options)...)
	all := tableHTML("t-balance-rows", "Every character, role and player count (balance.csv's rows, formatted)", "", balanceRowsTable(b, 0, ""), true)
	for i, row := range b.Rows {
		if row.Flagged {
			all.Rows[i].Class = "sig"
		}
	}
	all.Filter = true
	all.Collapsed = fmt.Sprintf("Table: balance.csv, %d rows", len(all.Rows))
	all.Download, all.DownloadAs = template.URL("data:text/csv;base64,"+base64.StdEncoding.EncodeToString(rb.csv)), BalanceFile
	s.Blocks = append(s.Blocks, htmlBlock{Table: all})
	return s, true
}

// markFlagged bolds the flagged rows of a count's all-row table (in its order: by
// difference, strongest first).
func markFlagged(t *htmlTable, b *Balance, players int) {
	for i := range t.Rows {
		name := t.Rows[i].Cells[0].Text
		if r := b.Row(players, resultfile.AllRoles, name); r != nil && r.Flagged {
			t.Rows[i].Class = "sig"
		}
	}
}

// markdownBlocks turns a balance.md section read back into the page's tables: each
// table with the paragraph before it as its caption, the other paragraphs (the
// suggestions) as a table of one column.
func markdownBlocks(id, title string, parts []mdPart) []htmlBlock {
	if len(parts) == 0 {
		return nil
	}
	var out []htmlBlock
	notes := Table{Header: []string{title + " (balance.md)"}}
	k := 0
	for _, p := range parts {
		if p.Table == nil {
			notes.Rows = append(notes.Rows, []string{p.Text})
			continue
		}
		k++
		caption := strings.TrimSuffix(p.Text, ":")
		if caption == "" {
			caption = title
		}
		t := *p.Table
		for _, row := range t.Rows {
			for j := range row {
				if !strings.HasSuffix(row[j], "%") { // a difference in points, not a rate
					row[j] = minusSigns(row[j])
				}
			}
		}
		out = append(out, htmlBlock{Table: tableHTML(fmt.Sprintf("%s-%d", id, k), caption, "", t, false)})
	}
	if len(notes.Rows) > 0 {
		out = append([]htmlBlock{{Table: tableHTML(id, title+": what bangsim balance suggests", "", notes, false)}}, out...)
	}
	return out
}
