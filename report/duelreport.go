package report

import (
	"bytes"
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/bangsim/bangsim/resultfile"
)

// DuelReport is what report.html and summary.md show of a duel directory: its run.json
// (the manifest), the tables of seats.csv, order.csv and characters.csv recomputed from
// duel-tally.json by the function that wrote them (DuelTables), and the charts of
// DuelFigures. The same files give the same bytes.
type DuelReport struct {
	run     *resultfile.DuelRun
	tally   *resultfile.DuelTally
	tables  []DuelTable
	figures []Figure
}

// NewDuelReport returns the report of a duel directory from its run.json and
// duel-tally.json, which the caller has read and validated
// (lab/cardgame.ReadDuelShard does both).
func NewDuelReport(rec *resultfile.DuelRun, t *resultfile.DuelTally) (*DuelReport, error) {
	figs, err := DuelFigures(rec, t)
	if err != nil {
		return nil, err
	}
	return &DuelReport{run: rec, tally: t, tables: DuelTables(t), figures: figs}, nil
}

// WriteFiles writes report.html and summary.md into dir (the duel's directory, or one
// of their own: resultfile.AddFilesOf), each under a temporary name and renamed, and
// returns their paths.
func (r *DuelReport) WriteFiles(dir string) ([]string, error) {
	var page, md bytes.Buffer
	pg, err := r.htmlPage()
	if err != nil {
		return nil, err
	}
	if err := pageTemplate.Execute(&page, pg); err != nil {
		return nil, err
	}
	r.writeMarkdown(&md)
	return writeFilesOf(resultfile.KindDuelExtras, dir, namedFile{HTMLFile, page.Bytes()}, namedFile{MarkdownFile, md.Bytes()})
}

// duelCommand is "duel" or "merge", the command that wrote the directory.
func (r *DuelReport) duelCommand() string {
	if len(r.run.MergedFrom) > 0 {
		return "merge"
	}
	return "duel"
}

// heading is the page's and the summary's heading.
func (r *DuelReport) heading() string {
	return fmt.Sprintf("long duel, seed %d, %s duels", r.run.Seed, groupDigits(r.tally.Counts.Duels))
}

// warnings are the banners of a duel's page: a partial run, duels a merge lacks.
func (r *DuelReport) warnings() []string {
	var w []string
	if r.run.Partial {
		w = append(w, fmt.Sprintf("Partial results: %s of %s planned duels were played (duels %d to %d); rates and intervals cover the duels played.",
			groupDigits(r.run.DuelsPlayed), groupDigits(r.run.DuelsPlanned), r.run.FirstDuel, r.run.FirstDuel+r.run.DuelsPlayed-1))
	}
	if len(r.run.Missing) > 0 {
		w = append(w, "This merge lacks duels: "+strings.Join(r.run.Missing, "; ")+".")
	}
	return w
}

// manifest is run.json in a few lines.
func (r *DuelReport) manifest() []kvRow {
	run := r.run
	status := "complete"
	if run.Partial {
		status = "PARTIAL"
	}
	duels := fmt.Sprintf("%s of %s planned duels played, from duel %d (--duels %s)", groupDigits(run.DuelsPlayed), groupDigits(run.DuelsPlanned),
		run.FirstDuel, groupDigits(run.Duels))
	rows := []kvRow{
		{Key: "game", Code: resultfile.DuelGame},
		{Key: "seed", Code: strconv.FormatUint(run.Seed, 10)},
		{Key: "duels", Text: duels},
		{Key: "status", Text: status},
	}
	if run.Shard.N > 1 {
		rows = append(rows, kvRow{Key: "shard", Text: fmt.Sprintf("%d of %d", run.Shard.K, run.Shard.N)})
	}
	who := [2]string{"seat 0 (better-ranked)", "seat 1"}
	if run.Paired {
		who = [2]string{"player A (seat 0 as given)", "player B"}
		rows = append(rows, kvRow{Key: "paired", Text: "every duel seed played twice, the second time with the seats' bots swapped"})
	}
	for i := range 2 {
		rows = append(rows, kvRow{Key: who[i], Text: "plays " + run.Policy[i] + ", drafts " + run.DraftPolicy[i]})
	}
	version := strings.TrimSpace(run.Tool + " " + run.Version)
	if run.Revision != "" {
		version += ", revision " + run.Revision
	}
	if run.GoVersion != "" {
		version += ", " + run.GoVersion
	}
	rows = append(rows, kvRow{Key: "version", Text: version})
	if run.StartedAt != "" {
		rows = append(rows, kvRow{Key: "started", Text: run.StartedAt})
	}
	if run.ElapsedSeconds > 0 || run.Workers > 0 {
		rate := "–"
		if run.DuelsPerSecond > 0 {
			rate = groupDigits(uint64(run.DuelsPerSecond+0.5)) + " duels/s"
		}
		rows = append(rows, kvRow{Key: "timing", Text: fmt.Sprintf("%s, %s, %d workers", formatSeconds(run.ElapsedSeconds), rate, run.Workers)})
	}
	rows = append(rows, kvRow{Key: "intervals", Text: fmt.Sprintf("%g%% Wilson score (a duel is one trial)", 100*Confidence)})
	if len(run.Command) > 0 {
		rows = append(rows, kvRow{Key: "command", Code: shellQuote(run.Command)})
	}
	if run.Out != "" {
		rows = append(rows, kvRow{Key: "out", Code: run.Out})
	}
	if len(run.MergedFrom) > 0 {
		rows = append(rows, kvRow{Key: "merged from", Codes: run.MergedFrom})
	}
	if len(run.Missing) > 0 {
		rows = append(rows, kvRow{Key: "missing", Codes: run.Missing})
	}
	return rows
}

// htmlPage lays out the duel's page: the manifest, the draft order and the seats, the
// characters.
func (r *DuelReport) htmlPage() (*htmlPage, error) {
	figs, face, err := inlineFigures(r.figures)
	if err != nil {
		return nil, err
	}
	fig := func(name string) htmlBlock {
		for i := range figs {
			if figs[i].Name == name {
				return htmlBlock{Figure: &figs[i]}
			}
		}
		return htmlBlock{}
	}
	table := func(i int, id, caption string) htmlBlock {
		return htmlBlock{Table: tableHTML(id, caption, r.tables[i].Name, r.tables[i].Table, true)}
	}
	pg := &htmlPage{
		Title:    "bangsim " + r.duelCommand() + ": " + r.heading(),
		Heading:  r.heading(),
		Lede:     DuelCaption(r.run, r.tally),
		Warnings: r.warnings(),
		FontFace: template.CSS(face),
		Footer: "Written by bangsim report from run.json and duel-tally.json. The tables hold the rows of seats.csv, order.csv and characters.csv, " +
			"recomputed from duel-tally.json as bangsim writes them; the charts are those of bangsim plot.",
	}
	manifest := htmlSection{ID: "run", Title: "Run", Manifest: r.manifest()}
	order := htmlSection{ID: "order", Title: "Draft order and seats",
		Intro: []string{"Seat 0 is the better-ranked player, who chooses to pick first or to start first (its draft bot decides); the other side then does the other. " +
			"A draw (the turn cap) is no win for either side. win_rate with its 95% Wilson score interval (ci_low, ci_high)."}}
	order.Blocks = []htmlBlock{fig("plot-duel-order"), table(1, "t-order", "order.csv: win rate of the side that picked first and of the side that started first"),
		table(0, "t-seats", "seats.csv: win rate by seat")}
	chars := htmlSection{ID: "characters", Title: "Characters drafted",
		Intro: []string{"Each duel lays out ten of the sixteen characters and each side drafts five. duels: the duels in which a side drafted the character; " +
			"wins: those that side won."}}
	chars.Blocks = []htmlBlock{fig("plot-duel-characters"), fig("plot-duel-drafted"),
		table(2, "t-characters", "characters.csv: win rate of the side that drafted each character")}
	for _, s := range []*htmlSection{&order, &chars} {
		kept := s.Blocks[:0]
		for _, b := range s.Blocks {
			if b.Figure != nil || b.Table != nil {
				kept = append(kept, b)
			}
		}
		s.Blocks = kept
	}
	pg.Sections = []htmlSection{manifest, order, chars}
	if len(r.tables) > 3 {
		paired := htmlSection{ID: "paired", Title: "Paired comparison",
			Intro: []string{"Every duel seed was played twice, the second time with the seats' play and draft bots swapped: player A is seat 0's bots as given, B seat 1's. " +
				"win_rate over both seatings with a 95% Wilson interval clustered by seed; diff: the player's win rate less the other's, with the paired interval and p-value of bangsim compare."}}
		paired.Blocks = []htmlBlock{table(3, "t-paired", "duel-paired.csv: the two players over both seatings")}
		pg.Sections = append(pg.Sections, paired)
	}
	return pg, nil
}

// writeMarkdown writes the duel's summary.md: the manifest in a few lines, the seats
// and the draft order with 95% intervals, and the characters that won most and least
// when drafted.
func (r *DuelReport) writeMarkdown(b *bytes.Buffer) {
	run, c := r.run, &r.tally.Counts
	fmt.Fprintf(b, "## bangsim %s: %s\n\n", r.duelCommand(), r.heading())
	if w := r.warnings(); len(w) > 0 {
		mdWarning(b, w...)
	}
	duels := fmt.Sprintf("%s of %s duels, %s draws", groupDigits(run.DuelsPlayed), groupDigits(run.DuelsPlanned), groupDigits(c.Draws))
	who := [2]string{"Seat 0** (better-ranked)", "Seat 1**"}
	if c.Paired != nil {
		duels = fmt.Sprintf("%s of %s duel seeds, each played twice with the seats swapped (%s duels), %s draws", groupDigits(run.DuelsPlayed),
			groupDigits(run.DuelsPlanned), groupDigits(c.Duels), groupDigits(c.Draws))
		who = [2]string{"Player A** (seat 0 as given)", "Player B**"}
	}
	if run.Partial {
		duels += ", **partial**"
	}
	if run.Shard.N > 1 {
		duels += fmt.Sprintf(", shard %d of %d", run.Shard.K, run.Shard.N)
	}
	fmt.Fprintf(b, "- **Duels**: %s\n", duels)
	for i := range 2 {
		fmt.Fprintf(b, "- **%s: plays %s, drafts %s\n", who[i], mdCode(run.Policy[i]), mdCode(run.DraftPolicy[i]))
	}
	build := strings.TrimSpace(run.Tool + " " + run.Version)
	if run.Revision != "" {
		build += " (" + run.Revision + ")"
	}
	fmt.Fprintf(b, "- **Version**: %s\n", build)
	if len(run.Command) > 0 {
		fmt.Fprintf(b, "- **Command**: %s\n", mdCode(shellQuote(run.Command)))
	}
	b.WriteString("\n")
	rate := func(k, n uint64) []string {
		rt, ci := FormatPercentCI(DuelInterval(k, n))
		return []string{groupDigits(k), rt, ci}
	}
	seats := mdTable{Header: []string{"side", "wins", "win rate", "95% interval"}, Right: []bool{false, true, true, true}}
	seats.Rows = append(seats.Rows,
		append([]string{"picked first"}, rate(c.OrderWins[0], c.Duels)...),
		append([]string{"started first"}, rate(c.OrderWins[1], c.Duels)...),
		append([]string{"seat 0 (better-ranked)"}, rate(c.SeatWins[0], c.Duels)...),
		append([]string{"seat 1"}, rate(c.SeatWins[1], c.Duels)...))
	b.WriteString("### Draft order and seats\n\n")
	seats.write(b)
	if p := c.Paired; p != nil {
		z := ZFor(Confidence)
		d := PairedDiff(PairedCell(p.Diff), z)
		fmt.Fprintf(b, "### Paired comparison\n\n%s duel seeds, each played with A in seat 0 and with B in seat 0. A less B: **%s** points, 95%% interval [%s, %s].\n\n",
			groupDigits(p.Pairs), FormatPoints(d.Mean, 1), FormatPoints(d.Low, 1), FormatPoints(d.High, 1))
		players := mdTable{Header: []string{"player", "policy", "draft policy", "wins", "win rate", "95% interval"}, Right: []bool{false, false, false, true, true, true}}
		for i, name := range []string{"A", "B"} {
			rt, ci := FormatPercentCI(WinRate(p.Players[i], z))
			players.Rows = append(players.Rows, []string{name, mdCode(run.Policy[i]), mdCode(run.DraftPolicy[i]), groupDigits(p.Players[i].Wins), rt, ci})
		}
		players.write(b)
	}
	var rows []duelRow
	for _, ch := range c.Characters {
		if ch.Duels > 0 {
			rows = append(rows, duelRow{ch.Character, DuelInterval(ch.Wins, ch.Duels)})
		}
	}
	if len(rows) == 0 {
		return
	}
	sortRows(rows)
	b.WriteString("### Characters drafted\n\nThe win rate of the side that drafted the character, the best and the worst:\n\n")
	chars := mdTable{Header: []string{"character", "drafted in", "win rate", "95% interval"}, Right: []bool{false, true, true, true}}
	add := func(r duelRow) {
		rt, ci := FormatPercentCI(r.iv)
		chars.Rows = append(chars.Rows, []string{r.label, groupDigits(uint64(r.iv.EffectiveN)) + " duels", rt, ci})
	}
	if len(rows) <= 2*MarkdownTopCharacters {
		for i := len(rows) - 1; i >= 0; i-- {
			add(rows[i])
		}
	} else {
		for i := len(rows) - 1; i >= len(rows)-MarkdownTopCharacters; i-- {
			add(rows[i])
		}
		chars.Rows = append(chars.Rows, []string{"…", "", "", ""})
		for i := MarkdownTopCharacters - 1; i >= 0; i-- {
			add(rows[i])
		}
	}
	chars.write(b)
}
