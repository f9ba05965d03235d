package report

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// MarkdownTopCharacters is how many characters summary.md lists at each end of a
// role's ranking; a role with at most twice as many characters lists them all.
const MarkdownTopCharacters = 3

// WriteMarkdown writes summary.md, GitHub-flavoured Markdown to paste into an issue or
// append to a CI job summary ($GITHUB_STEP_SUMMARY). For a run or merge: the manifest
// in a few lines, the role table, the best and worst characters of each role and the
// seat effects, all with 95% intervals, and each player count's games and their length
// (mean and percentiles). For a comparison: the manifest, the win rates and the paired
// differences with their Holm-adjusted significance. The same report gives the same bytes.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b bytes.Buffer
	if r.cmp != nil {
		r.compareMarkdown(&b)
	} else {
		r.runMarkdown(&b)
	}
	_, err := w.Write(b.Bytes())
	return err
}

// mdTable is a Markdown table; Right marks the right-aligned columns.
type mdTable struct {
	Header []string
	Right  []bool
	Rows   [][]string
}

// write prints the table; a pipe inside a cell is escaped.
func (t *mdTable) write(b *bytes.Buffer) {
	esc := strings.NewReplacer("|", `\|`, "\n", " ", "\r", " ")
	line := func(cells []string) {
		b.WriteString("|")
		for _, c := range cells {
			b.WriteString(" " + esc.Replace(c) + " |")
		}
		b.WriteString("\n")
	}
	line(t.Header)
	b.WriteString("|")
	for j := range t.Header {
		if j < len(t.Right) && t.Right[j] {
			b.WriteString("---:|")
		} else {
			b.WriteString("---|")
		}
	}
	b.WriteString("\n")
	for _, row := range t.Rows {
		line(row)
	}
	b.WriteString("\n")
}

// mdCode writes s as inline code, with a fence long enough for its backticks.
func mdCode(s string) string {
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		return fence + " " + s + " " + fence
	}
	return fence + s + fence
}

// mdWarning writes a GitHub alert block.
func mdWarning(b *bytes.Buffer, lines ...string) {
	b.WriteString("> [!WARNING]\n")
	for _, l := range lines {
		b.WriteString("> " + l + "\n")
	}
	b.WriteString("\n")
}

// runMarkdown writes a run or merge directory's summary.
func (r *Report) runMarkdown(b *bytes.Buffer) {
	run, set, cs := r.run, r.set, r.counts
	z := ZFor(Confidence)
	cmdName := "run"
	if len(run.MergedFrom) > 0 {
		cmdName = "merge"
	}
	fmt.Fprintf(b, "## bangsim %s: %s game, seed %d, %s\n\n", cmdName, set.Game, set.Seed, playersPhrase(cs))
	if w := r.runWarnings(); len(w) > 0 {
		mdWarning(b, w...)
	}
	var played uint64
	for _, c := range cs {
		played += c.Games
	}
	games := groupDigits(played) + " games"
	if run.GamesPlanned > 0 {
		games = fmt.Sprintf("%s of %s games", groupDigits(played), groupDigits(run.GamesPlanned))
	}
	if run.GamesPerCount > 0 {
		games += fmt.Sprintf(" (%s per player count)", groupDigits(run.GamesPerCount))
	}
	if run.Partial {
		games += ", **partial**"
	}
	if run.Shard.N > 1 {
		games += fmt.Sprintf(", shard %d of %d", run.Shard.K, run.Shard.N)
	}
	fmt.Fprintf(b, "- **Games**: %s\n", games)
	fmt.Fprintf(b, "- **Bots**: %s\n", r.policyText())
	if rules := settingsText(r.rules()); len(rules) > 0 {
		codes := make([]string, len(rules))
		for i, s := range rules {
			codes[i] = mdCode(s)
		}
		fmt.Fprintf(b, "- **Rules**: %s\n", strings.Join(codes, " "))
	}
	build := strings.TrimSpace(run.Tool + " " + cmp0(run.Version, set.Version))
	if run.Revision != "" {
		build += " (" + run.Revision + ")"
	}
	if run.GoVersion != "" {
		build += ", " + run.GoVersion
	}
	if run.Workers > 0 || run.ElapsedSeconds > 0 {
		build += fmt.Sprintf("; %s, %s, %d workers", formatSeconds(run.ElapsedSeconds), formatRatePerSecond(run.GamesPerSecond), run.Workers)
	}
	if run.StartedAt != "" {
		build += "; started " + run.StartedAt
	}
	fmt.Fprintf(b, "- **Build**: %s\n", build)
	if len(run.Command) > 0 {
		fmt.Fprintf(b, "- **Command**: %s\n", mdCode(shellQuote(run.Command)))
	}
	if len(run.MergedFrom) > 0 {
		codes := make([]string, len(run.MergedFrom))
		for i, s := range run.MergedFrom {
			codes[i] = mdCode(s)
		}
		fmt.Fprintf(b, "- **Merged from**: %s\n", strings.Join(codes, ", "))
	}
	b.WriteString("\n")

	fmt.Fprintf(b, "### Win rate by role\n\n")
	header, rows := RoleSummaryRows(cs, z)
	(&mdTable{Header: header, Right: []bool{true, false, true, true, true, true}, Rows: rows}).write(b)

	r.charactersMarkdown(b, z)
	r.seatsMarkdown(b, z)

	b.WriteString("### Games and their length\n\n")
	if hasLengths(cs) {
		b.WriteString("Length in turns: the mean, the 10th, 50th (median) and 90th percentiles and the longest game; turns.csv has every length.\n\n")
	} else {
		b.WriteString("There is " + NoLengths + " (tally.json schema " + resultfile.TallySchema2 + "): the mean turns only.\n\n")
	}
	gt := mdTable{Header: []string{"players", "games", "draws", "mean turns", "p10", "median", "p90", "max"},
		Right: []bool{true, true, true, true, true, true, true, true}}
	var illegal uint64
	for i := range cs {
		illegal += cs[i].Tally.Illegal
	}
	if illegal > 0 {
		gt.Header = append(gt.Header, "illegal choices")
		gt.Right = append(gt.Right, true)
	}
	lengths := LengthsTable(cs)
	for i := range cs {
		y := &cs[i].Tally
		l := lengths.Rows[i]
		row := []string{strconv.Itoa(cs[i].Players), groupDigits(y.Games), groupDigits(y.Draws), l[2], l[3], l[4], l[5], l[6]}
		if illegal > 0 {
			row = append(row, groupDigits(y.Illegal))
		}
		gt.Rows = append(gt.Rows, row)
	}
	gt.write(b)
	files := "roles.csv, characters.csv, seats.csv, events.csv"
	if hasLengths(cs) {
		files += ", turns.csv"
	}
	fmt.Fprintf(b, "Intervals: %.0f%% cluster-robust Wilson, a game is a cluster; games counts player-games. "+
		"The result directory holds every row (%s) and report.html the charts.\n", 100*Confidence, files)
}

// charactersMarkdown lists each role's best and worst characters over every player
// count that deals the role (the cells added up, as plot-characters-ROLE draws them).
func (r *Report) charactersMarkdown(b *bytes.Buffer, z float64) {
	cs := r.counts
	chars := characterNames(cs)
	if len(chars) < 2 {
		return
	}
	type entry struct {
		name string
		cell Cell
		iv   Interval
	}
	t := mdTable{Header: []string{"role", "rank", "character", "games", "win rate", "95% CI", "vs others"},
		Right: []bool{false, true, false, true, true, true, true}}
	for _, role := range r.roleOrder() {
		var all Cell
		for i := range cs {
			for _, x := range cs[i].Tally.Roles {
				if x.Role == role && x.Dealt > 0 {
					all.Merge(&x.Cell)
				}
			}
		}
		var es []entry
		for _, name := range chars {
			var c Cell
			for i := range cs {
				rc := roleCell(character(&cs[i].Tally, name), role)
				c.Merge(&rc)
			}
			if c.Seats > 0 {
				es = append(es, entry{name, c, WinRate(c, z)})
			}
		}
		if len(es) == 0 || all.Seats == 0 {
			continue
		}
		// Best first; ties by name.
		slices.SortStableFunc(es, func(a, b entry) int {
			return cmp.Or(cmp.Compare(b.iv.Rate, a.iv.Rate), strings.Compare(a.name, b.name))
		})
		mean := float64(all.Wins) / float64(all.Seats)
		// vs others: balance's definition (docs/statistics.md, "Balance"), the character's
		// rate minus the pooled rate of the other characters dealt the role.
		others := func(c Cell) float64 {
			if all.Seats <= c.Seats {
				return math.NaN()
			}
			return float64(all.Wins-c.Wins) / float64(all.Seats-c.Seats)
		}
		first := true
		add := func(rank int, e entry) {
			rate, ci := FormatPercentCI(e.iv)
			label := ""
			if first {
				label = "**" + role + "** (" + pct(mean) + "%)"
				first = false
			}
			t.Rows = append(t.Rows, []string{label, strconv.Itoa(rank), e.name, groupDigits(e.cell.Seats), rate, ci,
				vsOthers(e.iv.Rate - others(e.cell))})
		}
		k := MarkdownTopCharacters
		for i, e := range es {
			switch {
			case len(es) <= 2*k || i < k || i >= len(es)-k:
				add(i+1, e)
			case i == k:
				t.Rows = append(t.Rows, []string{"", "…", "", "", "", "", ""})
			}
		}
	}
	if len(t.Rows) == 0 {
		return
	}
	fmt.Fprintf(b, "### Characters by role\n\n")
	fmt.Fprintf(b, "The %d best and %d worst characters in each role, over every player count that deals the role (the counts added up); "+
		"vs others: points above the pooled win rate of the other characters dealt the role, as bangsim balance compares them "+
		"(the role's win rate over every seat follows its name).\n\n", MarkdownTopCharacters, MarkdownTopCharacters)
	t.write(b)
}

// vsOthers writes a difference from the other characters in points; "–" when there are
// no others.
func vsOthers(d float64) string {
	if math.IsNaN(d) {
		return "–"
	}
	return minusSign(FormatPoints(d, 1))
}

// seatsMarkdown is the win rate of each seat against the mean over the seats.
func (r *Report) seatsMarkdown(b *bytes.Buffer, z float64) {
	cs := r.counts
	t := mdTable{Header: []string{"players", "seat", "games", "win rate", "95% CI", "vs mean"}, Right: []bool{true, true, true, true, true, true}}
	for i := range cs {
		var all Cell
		for _, c := range cs[i].Tally.Seats {
			all.Merge(&c)
		}
		mean := math.NaN()
		if all.Seats > 0 {
			mean = float64(all.Wins) / float64(all.Seats)
		}
		for s, c := range cs[i].Tally.Seats {
			iv := WinRate(c, z)
			rate, ci := FormatPercentCI(iv)
			vs := "–"
			if !math.IsNaN(mean) && c.Seats > 0 {
				vs = minusSign(FormatPoints(iv.Rate-mean, 1))
			}
			players := ""
			if s == 0 {
				players = strconv.Itoa(cs[i].Players)
			}
			t.Rows = append(t.Rows, []string{players, strconv.Itoa(s), groupDigits(c.Seats), rate, ci, vs})
		}
	}
	if len(t.Rows) == 0 {
		return
	}
	b.WriteString("### Seat effects\n\n")
	b.WriteString("Seat 0 starts; vs mean: points above the mean win rate over the table's seats.\n\n")
	t.write(b)
}

// compareMarkdown writes a compare directory's summary.
func (r *Report) compareMarkdown(b *bytes.Buffer) {
	rec := r.cmp
	fmt.Fprintf(b, "## bangsim compare: %s against %s, %s game, %d players, seed %d\n\n", strings.Join(r.challengers(), ", "), rec.Reference,
		rec.Game, rec.Players, rec.Seed)
	if rec.Partial {
		mdWarning(b, fmt.Sprintf("Partial results: %s of %s planned game indices were played.", groupDigits(rec.GamesPlayed), groupDigits(rec.GamesPlanned)))
	}
	if c := cheatWarning(compareBots(rec)...); c != "" {
		mdWarning(b, c)
	}
	pol := make([]string, len(rec.Policies))
	for i, p := range rec.Policies {
		pol[i] = mdCode(p)
		if i < len(rec.Specs) && rec.Specs[i] != p {
			pol[i] = mdCode(p + " = " + rec.Specs[i])
		}
	}
	fmt.Fprintf(b, "- **Policies**: %s (reference %s)\n", strings.Join(pol, ", "), mdCode(rec.Reference))
	games := fmt.Sprintf("%s of %s game indices, %d games an index, %s games in all", groupDigits(rec.GamesPlayed), groupDigits(rec.GamesPlanned),
		rec.GamesPerIndex, groupDigits(rec.TablesPlayed))
	if rec.Partial {
		games += ", **partial**"
	}
	if rec.Illegal > 0 {
		games += fmt.Sprintf(", %s illegal bot choices replaced", groupDigits(rec.Illegal))
	}
	fmt.Fprintf(b, "- **Games**: %s\n", games)
	if rules := settingsText(rec.Rules); len(rules) > 0 {
		codes := make([]string, len(rules))
		for i, s := range rules {
			codes[i] = mdCode(s)
		}
		fmt.Fprintf(b, "- **Rules**: %s\n", strings.Join(codes, " "))
	}
	build := strings.TrimSpace(rec.Tool + " " + rec.Version)
	if rec.Revision != "" {
		build += " (" + rec.Revision + ")"
	}
	if rec.GoVersion != "" {
		build += ", " + rec.GoVersion
	}
	if rec.Workers > 0 || rec.ElapsedSeconds > 0 {
		build += fmt.Sprintf("; %s, %s, %d workers", formatSeconds(rec.ElapsedSeconds), formatRatePerSecond(rec.GamesPerSecond), rec.Workers)
	}
	if rec.StartedAt != "" {
		build += "; started " + rec.StartedAt
	}
	fmt.Fprintf(b, "- **Build**: %s\n", build)
	if len(rec.Command) > 0 {
		fmt.Fprintf(b, "- **Command**: %s\n", mdCode(shellQuote(rec.Command)))
	}
	b.WriteString("\n")

	// The differences first: they are what a comparison is for.
	col := func(name string) int { return r.diffs.columnIndex(name) }
	pv, ph := col("p_value"), col("p_holm")
	fmt.Fprintf(b, "### Difference from %s\n\n", rec.Reference)
	fmt.Fprintf(b, "Wins minus the reference's at the same seats with %s, in percentage points, %.0f%% cluster-robust intervals; "+
		"significant: Holm-adjusted p < %g over all %d differences.\n\n", sameLuck(rec), 100*Confidence, rec.Alpha, len(r.diffRows))
	t := mdTable{Header: []string{"policy", "role", "games", "difference", "95% CI"}, Right: []bool{false, false, true, true, true}}
	if pv >= 0 {
		t.Header, t.Right = append(t.Header, "p"), append(t.Right, true)
	}
	if ph >= 0 {
		t.Header, t.Right = append(t.Header, "Holm p"), append(t.Right, true)
	}
	t.Header, t.Right = append(t.Header, "significance"), append(t.Right, false)
	sig := 0
	for i, d := range r.diffRows {
		dec := 1
		if 100*(d.High-d.Low)/2 < 0.2 {
			dec = 2
		}
		role := d.Role
		if role == resultfile.AllRoles {
			role = "every seat"
		}
		row := []string{d.Policy, role, groupDigits(d.Games), minusSign(FormatPoints(d.Mean, dec)),
			"[" + minusSign(FormatPoints(d.Low, dec)) + ", " + minusSign(FormatPoints(d.High, dec)) + "]"}
		for _, k := range []int{pv, ph} {
			if k >= 0 {
				row = append(row, pValueText(r.diffs.Rows[i][k]))
			}
		}
		verdict := "within noise"
		if d.Significant {
			verdict = "**significant**"
			sig++
		}
		t.Rows = append(t.Rows, append(row, verdict))
	}
	t.write(b)
	fmt.Fprintf(b, "%d of %d differences significant at alpha %g (Holm-Bonferroni over all %d).\n\n", sig, len(r.diffRows), rec.Alpha, len(r.diffRows))

	if len(r.rates.Header) > 0 {
		fmt.Fprintf(b, "### Win rate at the seat each policy played\n\n")
		rt := mdTable{Header: []string{"policy", "role", "games", "wins", "win rate", "95% CI"}, Right: []bool{false, false, true, true, true, true}}
		c := func(row []string, name string) string { return row[r.rates.columnIndex(name)] }
		for _, row := range r.rates.Rows {
			rate, ci := c(row, "win_rate"), ""
			v, ok1 := parseRate(rate)
			lo, ok2 := parseRate(c(row, "ci_low"))
			hi, ok3 := parseRate(c(row, "ci_high"))
			if ok1 && ok2 && ok3 {
				rate, ci = FormatPercentCI(Interval{Rate: v, Low: lo, High: hi})
			}
			role := c(row, "role")
			if role == resultfile.AllRoles {
				role = "every seat"
			}
			rt.Rows = append(rt.Rows, []string{c(row, "policy"), role, groupDigitsText(c(row, "games")), groupDigitsText(c(row, "wins")), rate, ci})
		}
		rt.write(b)
	}
}

// pValueText writes a p-value of the CSV for people: four decimals, "<0.0001" below.
func pValueText(s string) string {
	p, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return s
	}
	if p < 0.0001 {
		return "<0.0001"
	}
	return strconv.FormatFloat(p, 'f', 4, 64)
}

// groupDigitsText groups the digits of a whole number written as text; anything else
// stays as it is.
func groupDigitsText(s string) string {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return s
	}
	return groupDigits(n)
}
