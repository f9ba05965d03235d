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

// BalanceHeader is balance.csv's header: one row per character, role ("all": the
// role-weighted summary) and player count.
// The names are those of the same concepts in the other files: win_rate, ci_low and
// ci_high as in roles.csv, mean_diff, z, p_value and p_holm as in compare-diff.csv;
// others_win_rate is the pooled win rate of the other characters (the version before
// wrote rate, avg, diff and p, which ReadTable still reads).
var BalanceHeader = []string{"players", "role", "character", "games", "wins", "win_rate", "others_win_rate", "mean_diff",
	"ci_low", "ci_high", "z", "p_value", "p_holm", "flagged", "note", "reference"}

// Table returns balance.csv: BalanceHeader's columns, games being the character's
// player-games in the role, win_rate/others_win_rate/mean_diff and the interval as
// fractions with 6 decimals (0.041 is 4.1 points), note "few" (too few games for the normal approximation) and "bound" (the
// standard error is an upper bound), separated by ";", and reference the pool avg is
// taken over: "others", or "others less A, B" when the step-down left flagged
// characters out.
func (b *Balance) Table() Table {
	t := Table{Header: BalanceHeader}
	for _, r := range b.Rows {
		t.Rows = append(t.Rows, []string{itoa(r.Players), r.Role, r.Character,
			strconv.FormatUint(r.Seats, 10), strconv.FormatUint(r.Wins, 10),
			formatRate(r.Rate), formatRate(r.Avg), formatRate(r.Diff), formatRate(r.Low), formatRate(r.High),
			formatZ(r.Z), formatP(r.P), formatP(r.PHolm), strconv.FormatBool(r.Flagged), r.note(), r.Reference()})
	}
	return t
}

// note is a row's note column.
func (r *BalanceRow) note() string {
	var n []string
	if r.Few {
		n = append(n, "few")
	}
	if r.Bound {
		n = append(n, "bound")
	}
	return strings.Join(n, ";")
}

// Reference names the pool a row's Avg is taken over: "others", or "others less A, B".
func (r *BalanceRow) Reference() string {
	if len(r.LeftOut) == 0 {
		return "others"
	}
	return "others less " + strings.Join(r.LeftOut, ", ")
}

// LeftOut returns, for one player count, the characters the step-down left out of the
// reference pools (a row's LeftOut, its own character aside), in the rows' order.
func (b *Balance) LeftOut(players int) []string {
	var out []string
	for _, r := range b.Rows {
		if r.Players != players || slices.Contains(out, r.Character) {
			continue
		}
		for _, o := range b.Rows {
			if o.Players == players && slices.Contains(o.LeftOut, r.Character) {
				out = append(out, r.Character)
				break
			}
		}
	}
	return out
}

// ReferenceNote says, for one player count, which pool the rows compare with: "" when
// every row's is all the others.
func (b *Balance) ReferenceNote(players int) string {
	left := b.LeftOut(players)
	if len(left) == 0 {
		return ""
	}
	return fmt.Sprintf("Step-down: every row's reference leaves out %s, the characters that stood out (each one's own row leaves out the others of them), "+
		"so that a strong character's games do not pull the other characters' reference up.", strings.Join(left, ", "))
}

func formatZ(z float64) string { return strconv.FormatFloat(z, 'f', 2, 64) }

func formatP(p float64) string { return strconv.FormatFloat(p, 'g', 6, 64) }

// formatPShort writes a p-value for people: two significant digits, "<1e-300" below.
func formatPShort(p float64) string {
	switch {
	case math.IsNaN(p):
		return "–"
	case p < 1e-300:
		return "<1e-300"
	case p >= 0.001:
		return strconv.FormatFloat(p, 'f', 3, 64)
	}
	return strconv.FormatFloat(p, 'e', 1, 64)
}

// Batch is one batch of a sequential balance run (--precision): the games a player
// count had after it and the widest half-width of the character intervals then.
type Batch struct {
	Games     uint64  // games a player count had after the batch
	HalfWidth float64 // the widest half-width of the character intervals then
}

// BalanceInfo is what balance.md says beside the analysis: the run it analysed, the
// batches that --precision played, and what the tuning options found.
type BalanceInfo struct {
	Run       *resultfile.Run // the run analysed
	Precision float64         // --precision (0: not sequential)
	MaxGames  uint64          // --max-games
	Batches   []Batch         // the batches played, in order
	Life      []LifeTuning    // --tune-life's findings
	Options   []OptionTuning  // --tune's findings
	// TuningStopped says the tuning was interrupted: Life and Options hold the trials
	// finished before it.
	TuningStopped bool
	// Populations, when it holds more than one, are the bot populations of --policies,
	// the first being the run analysed: balance.csv then holds every population's rows
	// with a population column, and balance.md compares their verdicts.
	Populations []Population
}

// multiPopulation reports whether info compares several bot populations.
func (info *BalanceInfo) multiPopulation() bool { return len(info.Populations) > 1 }

// players returns the player counts of the rows, in order.
func (b *Balance) players() []int {
	var ps []int
	for _, r := range b.Rows {
		if !slices.Contains(ps, r.Players) {
			ps = append(ps, r.Players)
		}
	}
	return ps
}

// roles returns the role columns of the rows at a count, "all" first.
func (b *Balance) roles(players int) []string {
	roles := []string{resultfile.AllRoles}
	for _, r := range b.Rows {
		if r.Players == players && !slices.Contains(roles, r.Role) {
			roles = append(roles, r.Role)
		}
	}
	return roles
}

// CharacterTable returns, for one player count, one row per character, strongest
// first by its role-weighted difference: the difference and interval in points in
// every role, "*" marking the flagged ones.
func (b *Balance) CharacterTable(players int) (header []string, rows [][]string) {
	roles := b.roles(players)
	header = []string{"character"}
	for _, r := range roles {
		header = append(header, r)
	}
	var alls []BalanceRow
	for _, r := range b.Rows {
		if r.Players == players && r.Role == resultfile.AllRoles {
			alls = append(alls, r)
		}
	}
	slices.SortStableFunc(alls, func(x, y BalanceRow) int { return cmp.Compare(y.Diff, x.Diff) })
	for _, a := range alls {
		row := []string{a.Character}
		for _, role := range roles {
			r := b.Row(players, role, a.Character)
			if r == nil {
				row = append(row, "")
				continue
			}
			row = append(row, cellText(*r))
		}
		rows = append(rows, row)
	}
	return header, rows
}

// cellText is one character table cell: "+4.1 [+3.2, +5.0] *".
func cellText(r BalanceRow) string {
	s := pointsCI(r)
	if r.Flagged {
		s += " *"
	}
	return s
}

// ChiSquareRows returns the chi-square tests as rows for people: player count, what is
// compared, groups, X², design factor, adjusted X², df, p and a note.
func (b *Balance) ChiSquareRows() (header []string, rows [][]string) {
	header = []string{"players", "compared", "groups", "X²", "design", "X²/design", "df", "p", "note"}
	add := func(t ChiSquare, what string) {
		note := ""
		switch {
		case t.Few:
			note = "few games"
		case t.Bound:
			note = "design bounded"
		}
		if t.Few && t.Bound {
			note = "few games; design bounded"
		}
		rows = append(rows, []string{itoa(t.Players), what, itoa(t.Groups), fmtStat(t.Stat), fmtStat(t.Design),
			fmtStat(t.Adjusted), itoa(t.DF), formatPShort(t.P), note})
	}
	for _, n := range b.players() {
		for _, t := range b.Characters {
			if t.Players == n {
				add(t, "characters as "+t.Role)
			}
		}
		for _, t := range b.SeatTests {
			if t.Players == n {
				add(t, "seats 1–"+itoa(n-1))
			}
		}
	}
	return header, rows
}

func fmtStat(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	if math.Abs(x) >= 100 {
		return strconv.FormatFloat(x, 'f', 0, 64)
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}

// SeatTableRows returns the seat rows for people: win rate, difference from the other
// shuffled seats with its interval in points, and the Holm-adjusted p-value.
func (b *Balance) SeatTableRows() (header []string, rows [][]string) {
	header = []string{"players", "seat", "games", "win rate", "vs other seats", "p (Holm)"}
	for _, s := range b.Seats {
		rate := strconv.FormatFloat(100*s.Rate, 'f', 1, 64) + "%"
		if s.Fixed {
			rows = append(rows, []string{itoa(s.Players), itoa(s.Seat), groupDigits(s.Games), rate, "(fixed role: not tested)", ""})
			continue
		}
		d := BalanceRow{Diff: s.Diff, Low: s.Low, High: s.High, Flagged: s.Flagged}
		rows = append(rows, []string{itoa(s.Players), itoa(s.Seat), groupDigits(s.Games), rate, cellText(d), formatPShort(s.PHolm)})
	}
	return header, rows
}

// flaggedCount returns the flagged rows and all rows.
func (b *Balance) flaggedCount() (flagged, all int) {
	for _, r := range b.Rows {
		if r.Flagged {
			flagged++
		}
	}
	return flagged, len(b.Rows)
}

// Verdict returns the verdict's lines: per player count, how many characters stand
// out and, strongest first, each flagged character's role-weighted difference and the
// roles where it is flagged.
func (b *Balance) Verdict() []string {
	var lines []string
	for _, n := range b.players() {
		var chars []BalanceRow
		var fair []string
		for _, r := range b.Rows {
			if r.Players != n || r.Role != resultfile.AllRoles {
				continue
			}
			if b.characterFlagged(n, r.Character) {
				chars = append(chars, r)
			} else {
				fair = append(fair, r.Character)
			}
		}
		slices.SortStableFunc(chars, func(x, y BalanceRow) int { return cmp.Compare(math.Abs(y.Diff), math.Abs(x.Diff)) })
		total := len(chars) + len(fair)
		lines = append(lines, fmt.Sprintf("%d players: %d of %d characters stand out (a flagged difference in at least one role).", n, len(chars), total))
		for _, a := range chars {
			var roles []string
			for _, r := range b.Rows {
				if r.Players == n && r.Character == a.Character && r.Role != resultfile.AllRoles && r.Flagged {
					roles = append(roles, fmt.Sprintf("%s %s", r.Role, pointsCI(r)))
				}
			}
			line := fmt.Sprintf("%s: %s points over its roles (%s against %s)", a.Character, pointsCI(a),
				pct1(a.Rate), pct1(a.Avg))
			if len(roles) > 0 {
				line += "; flagged as " + strings.Join(roles, ", ")
			}
			lines = append(lines, line)
		}
		if len(fair) > 0 {
			lines = append(lines, "Not flagged: "+strings.Join(fair, ", ")+".")
		}
	}
	return lines
}

// characterFlagged reports whether any row of a character at a count is flagged.
func (b *Balance) characterFlagged(players int, character string) bool {
	for _, r := range b.Rows {
		if r.Players == players && r.Character == character && r.Flagged {
			return true
		}
	}
	return false
}

func pct1(x float64) string { return strconv.FormatFloat(100*x, 'f', 1, 64) + "%" }

// WriteMarkdown writes balance.md: the run, the verdict, each count's character table,
// the chi-square tests, the seats, and what the tuning options found.
func (b *Balance) WriteMarkdown(w io.Writer, info BalanceInfo) error {
	var m bytes.Buffer
	m.WriteString("# Balance of the characters\n\n")
	if r := info.Run; r != nil {
		fmt.Fprintf(&m, "- **Run**: %s game, seed %d, %s", r.Game, r.Seed, gamesAnalysedLine(r))
		m.WriteString("\n")
		fmt.Fprintf(&m, "- **Bots**: %s\n", recordPolicies(r.Policies))
		fmt.Fprintf(&m, "- **Rules**: %s\n", mdCode(strings.Join(settingsText(r.Rules), " ")))
		if len(r.Command) > 0 {
			fmt.Fprintf(&m, "- **Command**: %s\n", mdCode(shellQuote(r.Command)))
		}
	}
	if info.multiPopulation() {
		var names []string
		for _, p := range info.Populations {
			names = append(names, mdCode(p.Name))
		}
		fmt.Fprintf(&m, "- **Bot populations**: %s (each: every seat that bot, the same seeds and games); the sections other than \"Verdicts across bots\" are the first's\n", strings.Join(names, ", "))
	}
	if info.Precision > 0 {
		var steps []string
		for _, bt := range info.Batches {
			steps = append(steps, fmt.Sprintf("%s (±%s)", groupDigits(bt.Games), FormatPoints(bt.HalfWidth, 2)[1:]))
		}
		reached := len(info.Batches) > 0 && info.Batches[len(info.Batches)-1].HalfWidth <= info.Precision
		status := "reached"
		if !reached {
			status = fmt.Sprintf("**not reached** by the cap of %s games", groupDigits(info.MaxGames))
		}
		fmt.Fprintf(&m, "- **Precision**: every interval's half-width at most %s points: %s; batches (games a count, widest half-width in points): %s\n",
			FormatPoints(info.Precision, 2)[1:], status, strings.Join(steps, " → "))
	}
	flagged, all := b.flaggedCount()
	fmt.Fprintf(&m, "\nEach character is compared with the other characters dealt the same role at the same table size: "+
		"**diff** is its win rate minus their pooled win rate, in percentage points, with %.0f%% intervals clustered by game. "+
		"**all** averages its roles with their shares of the seats (its interval is conservative). "+
		"A row is flagged (*) when its Holm-adjusted p-value over all %d rows is below α = %g: %d are. "+
		"Where a few characters stand out, they are left out of the other characters' pool one at a time, strongest first, and the rows computed again until no flagged character is left in the pools (balance.csv's reference column; docs/statistics.md, \"The step-down\"). "+
		"See docs/statistics.md, \"Balance\".\n\n", 100*Confidence, all, b.Alpha, flagged)
	m.WriteString("## Verdict\n\n")
	for _, l := range b.Verdict() {
		if strings.HasSuffix(l, "(a flagged difference in at least one role).") || strings.HasPrefix(l, "Not flagged") {
			m.WriteString(l + "\n\n")
		} else {
			m.WriteString("- " + l + "\n")
		}
	}
	if info.multiPopulation() {
		writePopulationsMarkdown(&m, info.Populations)
	}
	if info.TuningStopped {
		m.WriteString("\nThe tuning was interrupted: below are the trials finished before it.\n")
	}
	if len(info.Life) > 0 {
		m.WriteString("\n## Life tuning\n\n")
		for _, t := range info.Life {
			m.WriteString("- " + t.Suggestion() + "\n")
		}
		m.WriteString("\n")
		for _, t := range info.Life {
			writeLifeTable(&m, t)
		}
	}
	if len(info.Options) > 0 {
		m.WriteString("\n## Option tuning\n\n")
		for _, t := range info.Options {
			m.WriteString("- " + t.Suggestion() + "\n")
		}
		m.WriteString("\n")
		for _, t := range info.Options {
			writeOptionTable(&m, t)
		}
	}
	for _, n := range b.players() {
		fmt.Fprintf(&m, "\n## %d players: each character against the others in its role (points)\n\n", n)
		if note := b.ReferenceNote(n); note != "" {
			m.WriteString(note + "\n\n")
		}
		h, rows := b.CharacterTable(n)
		t := mdTable{Header: h, Rows: rows}
		t.write(&m)
	}
	m.WriteString("\n## Are the characters (and the seats) equal?\n\n")
	m.WriteString("Pearson's X² over the wins and losses of the characters dealt a role (of the seats 1…n−1), divided by its " +
		"design factor, the expectation of X²/df under equal rates given that seats of one game are not independent; p from χ²(df). " +
		"The seats' design factor is bounded by its worst case, so their test is conservative.\n\n")
	h, rows := b.ChiSquareRows()
	(&mdTable{Header: h, Rows: rows, Right: []bool{true, false, true, true, true, true, true, true, false}}).write(&m)
	m.WriteString("\n## Seats\n\nSeat 0 always holds the same role (the Sheriff; the Deputy in the 3-player dice game); the other seats' roles are shuffled, " +
		"so each is compared with the mean of the others. Their intervals bound the covariance between seats by its worst case.\n\n")
	h, rows = b.SeatTableRows()
	(&mdTable{Header: h, Rows: rows, Right: []bool{true, true, true, true, false, true}}).write(&m)
	_, err := w.Write(m.Bytes())
	return err
}

// writeLifeTable writes one character's life trials.
func writeLifeTable(m *bytes.Buffer, t LifeTuning) {
	fmt.Fprintf(m, "%s, %d players (life %d in the run):\n\n", t.Character, t.Players, t.Life)
	header := []string{"life", "change", "all roles"}
	if len(t.Trials) > 0 {
		for _, r := range t.Trials[0].Roles {
			header = append(header, r.Role)
		}
	}
	var rows [][]string
	for i, tr := range t.Trials {
		life := itoa(tr.Life)
		if i == t.Best {
			life += " (closest)"
		}
		row := []string{life, fmt.Sprintf("%+d", tr.Delta), cellText(tr.All)}
		for _, r := range tr.Roles {
			row = append(row, cellText(r))
		}
		rows = append(rows, row)
	}
	(&mdTable{Header: header, Rows: rows}).write(m)
}

// writeOptionTable writes one option's trials.
func writeOptionTable(m *bytes.Buffer, t OptionTuning) {
	fmt.Fprintf(m, "--%s, %d players (the run: %d; target: the %s side wins %s):\n\n", t.Option, t.Players, t.Default, t.Side, formatPct(t.Target))
	header := []string{"value", t.Side + " side", "95% CI"}
	if len(t.Trials) > 0 {
		header = append(header, t.Trials[0].Names...)
	}
	var rows [][]string
	for i, tr := range t.Trials {
		v := itoa(tr.Value)
		if i == t.Best {
			v += " (closest)"
		}
		rate, ci := FormatPercentCI(tr.Side)
		row := []string{v, rate, ci}
		for _, r := range tr.Roles {
			if math.IsNaN(r.Rate) {
				row = append(row, "")
				continue
			}
			row = append(row, pct1(r.Rate))
		}
		rows = append(rows, row)
	}
	(&mdTable{Header: header, Rows: rows}).write(m)
}

// recordPolicies describes a run's bots: the default, then each role whose bot differs.
func recordPolicies(p resultfile.Policies) string {
	s := p.Default
	var diff []string
	for _, role := range []string{"Sheriff", "Deputy", "Outlaw", "Renegade"} {
		if bot, ok := p.ByRole[role]; ok && bot != p.Default {
			diff = append(diff, role+": "+bot)
		}
	}
	if len(diff) > 0 {
		s += "; " + strings.Join(diff, ", ")
	}
	return s
}

// WriteBalanceFiles writes balance.csv and balance.md into dir (resultfile.AddFiles:
// the run's directory, a new one or one it wrote before), each under a temporary name
// and renamed, and returns their paths.
func WriteBalanceFiles(dir string, b *Balance, info BalanceInfo) ([]string, error) {
	var csvBuf, md bytes.Buffer
	t := b.Table()
	if info.multiPopulation() {
		t = PopulationsTable(info.Populations)
	}
	if err := t.WriteCSV(&csvBuf); err != nil {
		return nil, err
	}
	if err := b.WriteMarkdown(&md, info); err != nil {
		return nil, err
	}
	return writeFiles(dir, namedFile{BalanceFile, csvBuf.Bytes()}, namedFile{BalanceMarkdownFile, md.Bytes()})
}

// GamesAnalysed says how many games of players' count r holds: "200,000 games", or,
// when that is fewer than the run's --games, "1,000 of 10,000 games (shard 2/10)" or
// "(partial)", so that no summary calls a part of a run the whole of it.
func GamesAnalysed(r *resultfile.Run, players int) string {
	s, whole := analysedGames(r, players)
	if whole {
		return s
	}
	return s + partReason(r)
}

// analysedGames is GamesAnalysed without the reason, and whether it is the whole run.
func analysedGames(r *resultfile.Run, players int) (string, bool) {
	for _, c := range r.Counts {
		if c.Players == players && c.Games != r.GamesPerCount {
			return fmt.Sprintf("%s of %s games", groupDigits(c.Games), groupDigits(r.GamesPerCount)), false
		}
	}
	return groupDigits(r.GamesPerCount) + " games", true
}

// partReason says why a run holds fewer games than its --games: " (partial)" for an
// interrupted run or a merge with shards missing, " (shard K/N)" for one shard.
func partReason(r *resultfile.Run) string {
	switch {
	case r.Partial:
		return " (partial)"
	case r.Shard.N > 1:
		return fmt.Sprintf(" (shard %d/%d)", r.Shard.K, r.Shard.N)
	}
	return ""
}

// gamesAnalysedLine is GamesAnalysed for every count of r: "200,000 games a player
// count" when they agree, else each count's ("4 players: 1,000 of 10,000 games; 5
// players: ..."), then the reason when it is not the whole run.
func gamesAnalysedLine(r *resultfile.Run) string {
	var each []string
	same, whole := true, true
	for _, n := range r.Players {
		g, w := analysedGames(r, n)
		same = same && (len(each) == 0 || each[0] == g)
		whole = whole && w
		each = append(each, g)
	}
	line := ""
	if same && len(each) > 0 {
		line = each[0] + " a player count"
	} else {
		for i, n := range r.Players {
			each[i] = fmt.Sprintf("%d players: %s", n, each[i])
		}
		line = strings.Join(each, "; ")
	}
	if !whole {
		line += partReason(r)
	}
	return line
}
